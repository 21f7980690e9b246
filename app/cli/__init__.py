"""The command line: ``safir-campaign [--demo]`` opens the window; subcommands work
headless (send, check, resume, status, list, export, retry-failed, suppression, sandbox).

Exit status: 0 when every recipient has a final outcome (sent, failed, skipped);
2 for a configuration or input error; 3 when the campaign stopped early (paused: service
unreachable or silent, account problem, journal fault, outcomes still unknown), with a
one-line reason on stderr; 128 + the signal's number after SIGINT (Ctrl-C), SIGTERM or SIGHUP, which pause the campaign.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import NoReturn
from pathlib import Path

from app.desktop import paths
from app.cli.common import EXIT_CONFIG, EXIT_OK, READ_ONLY_COMMANDS, CliError, setup_logging
from app.jobs.runner import REASON_PREFIX
from app.reasons import SAID
from app.cli.parser import _parse, build_parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``safir-campaign`` console script; returns the exit status."""
    args = _parse(build_parser(), argv)
    if args.home:  # before anything opens the folder; the processes it starts inherit it
        os.environ[paths.HOME_ENV] = str(Path(args.home).expanduser().absolute())
    try:
        setup_logging()
    except OSError as exc:
        if args.command not in READ_ONLY_COMMANDS:
            print(f"error: cannot write logs under {paths.state_dir()}: {exc}", file=sys.stderr)
            return EXIT_CONFIG
    try:
        status = _main(args)
        # Flushed here, not at interpreter exit, where a reader that left would print
        # "Exception ignored ... BrokenPipeError" (Python's "Note on SIGPIPE").
        sys.stdout.flush()
        return status
    except BrokenPipeError:  # `safir-campaign status 3 | head -1`: the reader left; say nothing more
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


def run() -> NoReturn:
    """The console script (and ``python -m app``): :func:`main`, then the process ends
    without tearing its modules down, which for pandas, NumPy and Arrow takes 0.1–0.2 s
    (longer than many a command): the standard streams are flushed and every atexit
    handler run first (logging's shutdown among them). While a thread of its own still
    runs, or when :func:`main` raises, the interpreter's usual exit waits for it instead."""
    status = main()
    if threading.active_count() > 1:
        sys.exit(status)
    atexit._run_exitfuncs()  # noqa: SLF001 (what the interpreter's exit would run)
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:  # None: started with the descriptor closed
            with contextlib.suppress(OSError, ValueError):  # a reader that left; a stream closed
                stream.flush()
    os._exit(status)


def _main(args: argparse.Namespace) -> int:
    from app.campaign import JournalError

    try:
        if args.store:
            _use_store(args.store)
        run = getattr(args, "run", None)
        if run is not None:
            return run(args)
        if args.command == "sandbox":
            from app.sandbox.runner import serve

            _warn_if_exposed(args.host)
            try:
                serve(args, files_dir=paths.sandbox_dir() / "files")
            except ValueError as exc:
                raise CliError.of(exc) from None
            return EXIT_OK
        if args.self_test:
            from app.ui.self_test import run_self_test

            return run_self_test()
        from app.desktop.display import xcb_problem

        problem = xcb_problem()
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_CONFIG
        _import_before_qt()
        from app.ui.application import run_window

        return run_window(demo=args.demo, base_url=args.base_url)
    except (CliError, JournalError) as exc:
        if args.command == "run-campaign" and exc.reason.code != SAID:  # its follower words the code itself
            print(f"{REASON_PREFIX}{exc.reason.stored()}", file=sys.stderr)
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        print("interrupted; the campaign can be resumed", file=sys.stderr)
        return 128 + signal.SIGINT


def _import_before_qt() -> None:
    """What the window uses besides Qt, imported first: once PySide6 is imported it reads
    the source of every module imported after it (its ``__feature__`` import hook), about
    0.15 s of a window's start."""
    import app.api.client
    import app.campaign.engine
    import app.jobs.creating
    import app.report  # noqa: F401


def _use_store(url: str) -> None:
    """--store: this process and the sending processes it starts use the team store ``url``."""
    from app.campaign.journal.team import is_team_store, shown_address
    from app.reasons import store_problem
    from app.jobs.store import STORE_ENV, url_password

    if not is_team_store(url):
        raise CliError(store_problem("store_bad_address", address=shown_address(url)))
    if url_password(url):
        raise CliError("do not put the password in --store (the process list shows it to every user): keep it with "
                       "'safir-campaign store password URL', or in PGPASSWORD or ~/.pgpass")
    os.environ[STORE_ENV] = url


def _warn_if_exposed(host: str) -> None:
    from app.api import is_loopback

    if not is_loopback(host):
        print(f"warning: the sandbox listens on {host}: anyone who can reach this machine can use it and read "
              "what it delivered (use 127.0.0.1 unless you mean it)", file=sys.stderr)


__all__ = ["CliError", "build_parser", "main"]
