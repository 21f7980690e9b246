"""The command line: ``safir-campaign [--demo]`` opens the window; subcommands work
headless (send, check, resume, status, list, export, retry-failed, sandbox).

Exit status: 0 when every recipient has a final outcome (sent, failed, skipped);
2 for a configuration or input error; 3 when the campaign stopped early (paused: service
unreachable or silent, account problem, journal fault, outcomes still unknown), with a
one-line reason on stderr; 4 when a v2 OTP's outcome is unknown; 128 + the signal's
number after SIGINT (Ctrl-C), SIGTERM or SIGHUP, which pause the campaign.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import ipaddress
import logging
import math
import os
import signal
import stat
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from app import __version__, paths

EXIT_OK = 0
EXIT_CONFIG = 2
EXIT_STOPPED = 3
EXIT_UNKNOWN = 4
API_KEY_ENV = "SAFIR_API_KEY"
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
#: Commands that only read the journal: they answer even where no log can be written.
READ_ONLY_COMMANDS = ("status", "list")


class CliError(Exception):
    """A configuration or input problem, told in one line; exits with EXIT_CONFIG."""


def _setup_logging(verbose: bool = False) -> None:
    from app.api import ScrubbingFilter

    # A log that cannot be written (a full disk) must not print tracebacks over the CLI's sentences.
    logging.raiseExceptions = False
    log_file = paths.log_dir() / "safir-campaign.log"
    handler = logging.FileHandler(log_file, encoding="utf-8")
    with contextlib.suppress(OSError):
        os.chmod(log_file, 0o600)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(ScrubbingFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


# -- flag types: every number and path is checked before anything is sent ---------------------


def _whole(text: str, low: int, high: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, not {text}")
    return value


def campaign_id_type(text: str) -> int:
    return _whole(text, 1, 2**63 - 1, "the campaign id")


def bot_id_type(text: str) -> int:
    from app.workflow import MAX_BOT_ID

    return _whole(text, 1, MAX_BOT_ID, "the bot id")


def in_flight_type(text: str) -> int:
    from app.workflow import MAX_IN_FLIGHT

    return _whole(text, 1, MAX_IN_FLIGHT, "the requests in flight")


def _finite(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{what} must be a finite number, not {text}")
    return value


def rate_type(text: str) -> float:
    from app.workflow import check_rate

    value = _finite(text, "the rate")
    problem = check_rate(value)
    if problem:
        raise argparse.ArgumentTypeError(problem.rstrip("."))
    return value


def timeout_type(text: str) -> float:
    value = _finite(text, "the timeout")
    if not 0.1 <= value <= 600:
        raise argparse.ArgumentTypeError(f"the timeout must be from 0.1 to 600 seconds, not {text}")
    return value


def readable_file(text: str) -> Path:
    """A regular file that can be read (a folder, a FIFO or a device is refused without
    opening it: opening a FIFO would wait forever)."""
    path = Path(text)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise argparse.ArgumentTypeError(f"{text} was not found") from None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(f"{text} is a folder; name a file in it")
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a pipe or a device?)")
    if not os.access(path, os.R_OK):
        raise argparse.ArgumentTypeError(f"{text} cannot be read (check its permissions)")
    return path


def results_path(text: str) -> Path:
    """Where results go: .csv or .xlsx, not a folder, in a folder that exists and is writable."""
    path = Path(text)
    if path.suffix.lower() not in (".csv", ".xlsx"):
        raise argparse.ArgumentTypeError(f"the results file must end in .csv or .xlsx, not {path.name!r}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; name a file in it")
    if path.exists() and not path.is_file():  # writing into a FIFO would wait forever
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a pipe or a device?)")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text} cannot be written (check the folder's permissions)")
    return path


def _add_target(parser: argparse.ArgumentParser, help_default: str) -> None:
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--sandbox", action="store_true", help="use a built-in sandbox started for this run")
    target.add_argument("--base-url", dest="target_url", help=f"service address (default: {help_default})")
    parser.add_argument("--timeout", type=timeout_type, default=None,
                        help="seconds to wait for each answer, 0.1-600 (default 30)")


def build_parser() -> argparse.ArgumentParser:
    from app.sandbox.runner import add_arguments as add_sandbox_arguments

    parser = _Parser(
        prog="safir-campaign",
        description="Message campaigns through Bale's business messaging service. "
        "Without a command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true", help="open the window on the built-in sandbox")
    parser.add_argument("--self-test", action="store_true",
                        help="check this installation: a demo campaign through the window, offscreen; exit 0 if all is well")
    parser.add_argument("--base-url", help="service address for the window (default: production)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    send = commands.add_parser("send", help="send a campaign to every valid row of a sheet")
    send.add_argument("sheet", type=readable_file, help="CSV, XLSX, XLSM, XLS or ODS file")
    send.add_argument("--bot-id", type=bot_id_type, required=True, help="the sending bot's numeric id")
    what = send.add_argument_group("message ({{column}} anywhere is filled from each row)")
    what.add_argument("--text", help="message text, or the caption with --file")
    what.add_argument("--file", type=readable_file, help="upload this file and send it as media")
    what.add_argument("--copy-text", help="a value the recipient can copy")
    what.add_argument("--button-row", nargs="+", action="append", metavar="LABEL=ACTION", default=[],
                      help="a row of inline buttons; ACTION is a URL, webapp:URL or copy:TEXT (repeatable)")
    what.add_argument("--otp-column", help="send one-time passwords from this column (OTP messages)")
    what.add_argument("--template", help="template id (template messages); fill it with --field")
    what.add_argument("--field", action="append", default=[], metavar="NAME=VALUE",
                      help="a template field: a constant or {{column}} (repeatable)")
    what.add_argument("--secure", action="store_true", help="send as a secure message")
    send.add_argument("--phone-column", help="column with the phone numbers (default: detected)")
    send.add_argument("--sheet", dest="sheet_name", help="workbook sheet (default: the first)")
    send.add_argument("--rate", type=rate_type, default=None,
                      help="messages per minute, at least 1 (default 120; 0: no pacing)")
    send.add_argument("--in-flight", type=in_flight_type, default=None, help="requests in flight at most (default 8)")
    send.add_argument("--quiet-hours", metavar="HH:MM-HH:MM", help="send nothing in this daily window")
    send.add_argument("--time-zone", default="Asia/Tehran", help="time zone of --quiet-hours (default Asia/Tehran)")
    send.add_argument("--start-at", metavar="ISO-TIME", help="do not send before this time, e.g. 2026-12-01T09:00+03:30")
    send.add_argument("--results", type=results_path, help="write per-row results to this .csv or .xlsx file")
    send.add_argument("--with-source", action="store_true",
                      help="make the results file a copy of the sheet with the result columns appended")
    send.add_argument("--dry-run", action="store_true", help="check the sheet and write results; send nothing")
    repeats = send.add_mutually_exclusive_group()
    repeats.add_argument("--only-new", action="store_true",
                         help="skip the numbers that already got this message from this bot and service in the "
                         "last 30 days, and send to the others")
    repeats.add_argument("--allow-repeat", action="store_true",
                         help="send to everyone, even numbers that already got this message from this bot and "
                         "service in the last 30 days")
    _add_target(send, "https://safir.bale.ai")

    check = commands.add_parser("check", help="check a sheet: every row's verdict, nothing sent")
    check.add_argument("sheet", type=readable_file)
    check.add_argument("--phone-column", help="column with the phone numbers (default: detected)")
    check.add_argument("--sheet", dest="sheet_name", help="workbook sheet (default: the first)")
    check.add_argument("--results", type=results_path, help="write the verdicts to this .csv or .xlsx file")
    check.add_argument("--with-source", action="store_true",
                       help="make the results file a copy of the sheet with the result columns appended")

    resume = commands.add_parser("resume", help="continue a paused or interrupted campaign")
    resume.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    resume.add_argument("--bot-id", type=bot_id_type, help="send the rest from this bot instead (a wrong bot id)")
    resume.add_argument("--template", help="send the rest with this template id instead (a wrong template)")
    _add_target(resume, "the campaign's own")

    status = commands.add_parser("status", help="a campaign's counts, per state and per error code")
    status.add_argument("campaign_id", type=campaign_id_type, metavar="ID")

    commands.add_parser("list", help="every campaign in the journal, newest first")

    export = commands.add_parser("export", help="write a campaign's per-row results")
    export.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    export.add_argument("out", type=results_path, metavar="OUT.csv|OUT.xlsx")
    export.add_argument("--with-source", action="store_true",
                        help="make the file a copy of the campaign's sheet with the result columns appended "
                        "(for an .xlsx source: the workbook itself, every sheet and format kept)")
    export.add_argument("--sheet", dest="sheet_name", help="the workbook sheet the campaign was sent from "
                        "(default: the first)")

    retry = commands.add_parser("retry-failed", help="send a follow-up campaign to the retryable failures")
    retry.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    retry.add_argument("--include-unknown", action="store_true", help="also the recipients whose outcome is unknown")
    _add_target(retry, "the campaign's own")

    suppress = commands.add_parser("suppression", help="numbers that must never be messaged")
    actions = suppress.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("import", help="add every number of a sheet")
    add.add_argument("sheet", type=readable_file)
    add.add_argument("--phone-column", help="column with the phone numbers (default: detected)")
    add.add_argument("--sheet", dest="sheet_name", help="workbook sheet (default: the first)")
    actions.add_parser("add", help="add numbers").add_argument("phones", nargs="+")
    actions.add_parser("remove", help="take numbers off the list").add_argument("phones", nargs="+")
    actions.add_parser("export", help="write the list to a .csv or .xlsx file").add_argument("out", type=results_path)
    actions.add_parser("count", help="how many numbers are listed")

    sandbox = commands.add_parser("sandbox", help="run the local imitation of the service")
    add_sandbox_arguments(sandbox)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``safir-campaign`` console script; returns the exit status."""
    args = _parse(build_parser(), argv)
    try:
        _setup_logging()
    except OSError as exc:
        if args.command not in READ_ONLY_COMMANDS:
            print(f"error: cannot write logs under {paths.state_dir()}: {exc}", file=sys.stderr)
            return EXIT_CONFIG
    try:
        return _main(args)
    except BrokenPipeError:  # `safir-campaign status 3 | head -1`: the reader left; say nothing more
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


class _ParseError(Exception):
    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser, self.message = parser, message


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are raised, so :func:`_parse` can name an unknown flag
    before a missing one (``--bot 1001`` lacks --bot-id only because --bot is misspelt)."""

    def error(self, message: str) -> NoReturn:
        raise _ParseError(self, message)


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse like ``parse_args``, but an unknown flag is reported by the command it was
    given to (its usage, and the nearest flag it has), and no flag is abbreviated."""
    for command_parser in _parsers(parser):
        command_parser.allow_abbrev = False
    tokens = list(sys.argv[1:] if argv is None else argv)
    try:
        args, extras = parser.parse_known_args(tokens)
    except _ParseError as problem:
        owner, message = problem.parser, problem.message
        known = {flag for action in owner._actions for flag in action.option_strings}
        unknown = [t for t in tokens if t.startswith("--") and t.split("=")[0] not in known]
        if owner is not parser and unknown:
            message = _unknown_flag(owner, unknown[0])
        argparse.ArgumentParser.error(owner, message)
    if extras:
        owner = parser
        for name in ("command", "action"):
            chosen = getattr(args, name, None)
            for action in owner._actions:
                if isinstance(action, argparse._SubParsersAction) and chosen in action.choices:
                    owner = action.choices[chosen]
        argparse.ArgumentParser.error(owner, _unknown_flag(owner, extras[0]))
    return args


def _unknown_flag(owner: argparse.ArgumentParser, token: str) -> str:
    flags = [flag for action in owner._actions for flag in action.option_strings]
    close = difflib.get_close_matches(token.split("=")[0], flags, n=1)
    return f"unrecognized argument {token}" + (f"; did you mean {close[0]}?" if close else "")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _parsers(child)


def _main(args: argparse.Namespace) -> int:
    from app.campaign import JournalError

    try:
        if args.command in COMMANDS:
            return COMMANDS[args.command](args)
        if args.command == "sandbox":
            from app.sandbox.runner import serve

            _warn_if_exposed(args.host)
            try:
                serve(args, files_dir=paths.sandbox_dir() / "files")
            except ValueError as exc:
                raise CliError(str(exc)) from None
            return EXIT_OK
        if args.self_test:
            from app.ui.self_test import run_self_test

            return run_self_test()
        from app.desktop_check import xcb_problem

        problem = xcb_problem()
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_CONFIG
        from app.ui.main_window import run_window

        return run_window(demo=args.demo, base_url=args.base_url)
    except (CliError, JournalError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        print("interrupted; the campaign can be resumed", file=sys.stderr)
        return 128 + signal.SIGINT


def _warn_if_exposed(host: str) -> None:
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        print(f"warning: the sandbox listens on {host}: anyone who can reach this machine can use it and read "
              "what it delivered (use 127.0.0.1 unless you mean it)", file=sys.stderr)


# -- shared pieces -------------------------------------------------------------------------


def _journal() -> Any:
    from app.campaign import Journal, JournalError

    try:
        return Journal(paths.journal_path())
    except JournalError as exc:
        raise CliError(str(exc)) from None


@contextlib.contextmanager
def _service(args: argparse.Namespace, default_url: str | None = None) -> Iterator[tuple[str, str]]:
    """(base_url, api_key) to send to; starts a sandbox for --sandbox."""
    from app.api import PRODUCTION_URL, ConfigurationError, check_base_url

    if args.sandbox:
        from app.sandbox import DEMO_API_KEY, EmbeddedSandbox

        with EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files") as sandbox:
            yield sandbox.url, DEMO_API_KEY
        return
    url = args.target_url or default_url or PRODUCTION_URL
    try:
        check_base_url(url)
    except ConfigurationError as exc:
        raise CliError(exc.message) from None
    key = os.environ.get(API_KEY_ENV, "").strip()
    if not key:
        raise CliError(f"no API access key: set the environment variable {API_KEY_ENV} (or use --sandbox).")
    yield url, key


def _client(base_url: str, api_key: str, timeout: float | None) -> Any:
    from app.api import SafirClient, Timeouts

    timeouts = Timeouts() if timeout is None else Timeouts(connect=timeout, read=timeout, write=timeout, pool=timeout)
    return SafirClient(base_url, api_key=api_key, timeouts=timeouts)


def _write(path: Path | None, rows: Iterable[dict[str, Any]] | Any, source: Any = None) -> None:
    """Write results rows (or a Verdicts table) to ``path``; ``source`` is the sheet to
    copy with the result columns appended."""
    from app.contacts import ExportError, Verdicts, write_results, write_verdicts

    if path is None:
        return
    try:
        if isinstance(rows, Verdicts):
            write_verdicts(path, rows, source)
        else:
            write_results(path, rows, source)
    except ExportError as exc:
        raise CliError(str(exc)) from None
    print(f"results: {path}")


def _print_summary(summary: dict[str, Any], campaign_id: int, status: str) -> None:
    c = summary["counts"]
    print(f"summary: {c['sent']} sent, {c['failed']} failed, {c['unknown']} unknown, "
          f"{c['pending'] + c['in_flight']} not sent, {c['skipped']} skipped (invalid or duplicate) "
          f"of {c['total']} rows; campaign {campaign_id} {status}")
    if summary["errors_by_code"]:
        print("errors by code: " + ", ".join(f"{code}: {n}" for code, n in summary["errors_by_code"].items()))


def _sandbox_flag(summary: dict[str, Any]) -> str:
    """" --sandbox" when the campaign went to a built-in sandbox (its port is gone by now)."""
    from app.campaign.journal import service_identity

    return " --sandbox" if service_identity(summary.get("base_url", "")) == "sandbox" else ""


def _next_step(campaign_id: int, status: str, summary: dict[str, Any]) -> str | None:
    """The command to run next for a campaign in this state; None when nothing is left."""
    from app.campaign.journal import PERMANENT_CODES

    counts = summary["counts"]
    left = counts["pending"] + counts["in_flight"] + counts["unknown"]
    if status in ("paused", "ready", "interrupted") or (status != "cancelled" and left):
        return f"safir-campaign resume {campaign_id}{_sandbox_flag(summary)}"
    if any(code not in PERMANENT_CODES for code in summary["errors_by_code"]):
        return f"safir-campaign retry-failed {campaign_id}"
    return None


async def _run_campaign(journal: Any, campaign_id: int, base_url: str, api_key: str, timeout: float | None) -> int:
    """Send a stored campaign to its end, printing progress; return the exit status.
    SIGINT, SIGTERM and SIGHUP pause it (resumable); the exit status is then 128 + the
    signal's number."""
    from app.campaign import CampaignEngine, CampaignLocked, CampaignStatus, Progress
    from app.reasons import pause_text

    last_print = 0.0
    last_waiting = None
    last_pace = None

    def report(progress: Progress) -> None:
        nonlocal last_print, last_waiting, last_pace
        if progress.waiting and progress.waiting != last_waiting:
            print(f"waiting: {progress.waiting}", flush=True)
        last_waiting = progress.waiting
        pace = progress.pace_per_minute
        if pace and (last_pace is None and pace < campaign_rate or last_pace is not None and pace < 0.9 * last_pace):
            print(f"the service is limiting the rate: pacing at {pace:.0f} per minute", flush=True)
            last_pace = pace
        now = time.monotonic()
        if progress.status == CampaignStatus.RUNNING and (now - last_print < 1.0 or progress.waiting):
            return
        last_print = now
        c = progress.counts
        done = c["sent"] + c["failed"]
        print(f"progress: {done}/{done + c['pending'] + c['in_flight'] + c['unknown']} sent {c['sent']} "
              f"failed {c['failed']} unknown {c['unknown']} ({progress.rate_per_minute:.0f}/min)", flush=True)

    campaign_rate = journal.campaign(campaign_id).rate_per_minute or math.inf
    received: list[signal.Signals] = []
    async with _client(base_url, api_key, timeout) as client:
        engine = CampaignEngine(journal, client, on_progress=report)
        loop = asyncio.get_running_loop()

        def stop(signum: signal.Signals) -> None:
            received.append(signum)
            if len(received) > 1:  # a second Ctrl-C: stop waiting for requests already out
                raise KeyboardInterrupt
            print(f"{signum.name}: pausing the campaign (requests already out get a second to finish)",
                  file=sys.stderr, flush=True)
            engine.pause(pause_text("signal", signal=signum.name))

        handled = []
        for name in STOP_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, stop, signum)
                handled.append(signum)
        try:
            result = await engine.run(campaign_id)
        except CampaignLocked as exc:
            raise CliError(str(exc)) from None
        finally:
            for signum in handled:
                loop.remove_signal_handler(signum)
    _print_summary(journal.summary(campaign_id), campaign_id, result.status)
    if result.status != CampaignStatus.FINISHED:
        hint = _sandbox_flag({"base_url": journal.campaign(campaign_id).base_url})
        print(f"error: campaign {campaign_id} stopped: {result.reason} "
              f"(continue with: safir-campaign resume {campaign_id}{hint})", file=sys.stderr)
        return 128 + received[0] if received else EXIT_STOPPED
    return EXIT_OK


# -- commands --------------------------------------------------------------------------------


def _content(args: argparse.Namespace, file_id: str | None) -> Any:
    from app.campaign import ButtonSpec, Content

    rows = []
    for row in args.button_row:
        buttons = []
        for spec in row:
            label, sep, action = spec.partition("=")
            if not sep or not label.strip() or not action.strip():
                raise CliError(f"a button is LABEL=ACTION, not {spec!r}.")
            if action.startswith("copy:"):
                buttons.append(ButtonSpec(label, copy_text=action[5:]))
            elif action.startswith("webapp:"):
                buttons.append(ButtonSpec(label, web_app_url=action[7:]))
            else:
                buttons.append(ButtonSpec(label, url=action))
        rows.append(tuple(buttons))
    kinds = [k for k, on in (("otp", args.otp_column), ("template", args.template)) if on]
    if len(kinds) > 1:
        raise CliError("choose one of --otp-column or --template.")
    if kinds and (args.text or args.file or rows):
        raise CliError(f"--{'otp-column' if kinds[0] == 'otp' else 'template'} cannot go with --text, --file or buttons.")
    if args.otp_column:
        return Content(kind="otp", otp="{{" + args.otp_column + "}}", is_secure=args.secure)
    if args.template:
        fields = {}
        for spec in args.field:
            name, sep, value = spec.partition("=")
            if not sep or not name.strip():
                raise CliError(f"a template field is NAME=VALUE, not {spec!r}.")
            fields[name.strip()] = value
        return Content(kind="template", template_id=args.template, text_fields=fields, is_secure=args.secure)
    if not (args.text or file_id):
        raise CliError("say what to send: --text, --file, --otp-column or --template.")
    kind = "media" if file_id else "buttons" if rows else "text"
    return Content(kind=kind, text=args.text or "", file_id=file_id or "", copy_text=args.copy_text or "",
                   buttons=tuple(rows), is_secure=args.secure)


def _checked(args: argparse.Namespace) -> Any:
    from app.contacts import SheetError
    from app.workflow import check_sheet

    try:
        return check_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
    except SheetError as exc:
        raise CliError(str(exc)) from None


def _describe(args: argparse.Namespace, checked: Any) -> None:
    guess = checked.phone_column
    note = f"phone column: {guess.column}"
    if args.phone_column is None:
        note += f" (detected, {guess.confidence:.0%} sure: {guess.reason})"
    print(note)
    print(f"rows: {len(checked.verdicts)} (" + ", ".join(f"{n} {v}" for v, n in checked.counts.items()) + ")",
          flush=True)


def cmd_check(args: argparse.Namespace) -> int:
    checked = _checked(args)
    _describe(args, checked)
    _write(args.results, checked.verdicts, checked.sheet if args.with_source else None)
    return EXIT_OK


def cmd_suppression(args: argparse.Namespace) -> int:
    from app.contacts import ExportError, SheetError
    from app.workflow import suppression_list

    listed = suppression_list()
    try:
        if args.action == "import":
            done = listed.import_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
        elif args.action == "add":
            done = listed.add(args.phones)
        elif args.action == "remove":
            print(f"removed {listed.remove(args.phones)}; {len(listed)} numbers on the suppression list")
            return EXIT_OK
        elif args.action == "export":
            listed.export(args.out)
            print(f"suppression list: {args.out}")
            return EXIT_OK
        else:
            print(f"{len(listed)} numbers on the suppression list ({listed.path})")
            return EXIT_OK
    except (SheetError, ExportError) as exc:
        raise CliError(str(exc)) from None
    print(f"added {done.added}, already listed {done.already}, not a usable number {done.invalid}; "
          f"{len(listed)} numbers on the suppression list")
    return EXIT_OK


def cmd_send(args: argparse.Namespace) -> int:
    return asyncio.run(_send(args))


async def _send(args: argparse.Namespace) -> int:
    from app.campaign import QuietHours
    from app.workflow import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE, CampaignInputError, create_campaign

    quiet = None
    if args.quiet_hours:
        try:
            quiet = QuietHours.parse(args.quiet_hours, args.time_zone)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    if args.start_at:
        from datetime import datetime

        try:
            if datetime.fromisoformat(args.start_at).tzinfo is None:
                raise ValueError
        except ValueError:
            raise CliError(f"--start-at must be an ISO time like 2026-12-01T09:00+03:30, not {args.start_at!r}.") from None
    try:
        with _stoppable_creation():
            checked = _checked(args)
    except CreationStopped as stopped:
        print(f"stopped by {stopped.signal_name} while reading the sheet; nothing was sent", file=sys.stderr)
        return 128 + stopped.signum
    # Check the message flags before uploading anything; the real file_id replaces this one.
    content = _content(args, file_id="not-yet-uploaded" if args.file else None)
    if args.dry_run:
        print("dry run: nothing is sent")
        _describe(args, checked)
        _write(args.results, checked.verdicts, checked.sheet if args.with_source else None)
        return EXIT_OK

    with _service(args) as (base_url, api_key):
        if args.file:
            content = _content(args, await _upload(args.file, base_url, api_key, args.timeout))
        journal = _journal()
        try:
            with _stoppable_creation():
                campaign_id = create_campaign(
                    journal, checked, content=content, bot_id=args.bot_id, base_url=base_url,
                    rate_per_minute=DEFAULT_RATE_PER_MINUTE if args.rate is None else args.rate,
                    in_flight=DEFAULT_IN_FLIGHT if args.in_flight is None else args.in_flight,
                    quiet_hours=quiet, start_at=args.start_at, allow_repeat=args.allow_repeat,
                    only_new=args.only_new,
                )
        except CampaignInputError as exc:
            raise CliError(str(exc)) from None
        except CreationStopped as stopped:
            print(f"stopped by {stopped.signal_name} while the campaign was being created; nothing was stored "
                  "and nothing was sent", file=sys.stderr)
            return 128 + stopped.signum
        print(f"campaign {campaign_id}", flush=True)
        _describe(args, checked)
        status = await _run_campaign(journal, campaign_id, base_url, api_key, args.timeout)
        _write(args.results, journal.result_rows(campaign_id), checked.sheet if args.with_source else None)
        journal.close()
    return status


class CreationStopped(Exception):
    """A stop signal arrived while a campaign's rows were being written."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.signal_name = signal.Signals(signum).name


@contextlib.contextmanager
def _stoppable_creation() -> Iterator[None]:
    """Make SIGINT, SIGTERM and SIGHUP stop a campaign's creation at once (it runs with no
    await, so the event loop's handlers would only see them when it is over); the
    half-written campaign stays invisible and is cleaned up later."""

    def stop(signum: int, _frame: object) -> None:
        raise CreationStopped(signum)

    previous = {}
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None:
            previous[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


async def _upload(path: Path, base_url: str, api_key: str, timeout: float | None) -> str:
    from app.api import SafirError

    size = path.stat().st_size if path.exists() else 0
    last = [0.0]

    def progress(sent: int) -> None:
        if time.monotonic() - last[0] > 1 or sent == size:
            last[0] = time.monotonic()
            print(f"upload: {sent}/{size} bytes", flush=True)

    async with _client(base_url, api_key, timeout) as client:
        try:
            return (await client.upload_file(path, on_progress=progress)).file_id
        except SafirError as exc:
            raise CliError(f"upload of {path.name} failed: {exc.message}") from None


def _stored_campaign(journal: Any, campaign_id: int) -> Any:
    try:
        return journal.campaign(campaign_id)
    except KeyError:
        raise CliError(f"there is no campaign {campaign_id} (see: safir-campaign list).") from None


def cmd_resume(args: argparse.Namespace) -> int:
    journal = _journal()
    campaign = _stored_campaign(journal, args.campaign_id)
    if args.bot_id is not None or args.template is not None:
        try:
            changed = journal.retarget(campaign.id, bot_id=args.bot_id, template_id=args.template)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        what = " and ".join(f for f, v in (("bot", args.bot_id), ("template", args.template)) if v is not None)
        print(f"campaign {campaign.id}: {what} changed for the {changed} recipients not sent yet")
    with _service(args, default_url=campaign.base_url) as (base_url, api_key):
        print(f"campaign {campaign.id}", flush=True)
        return asyncio.run(_run_campaign(journal, campaign.id, base_url, api_key, args.timeout))


def cmd_retry_failed(args: argparse.Namespace) -> int:
    journal = _journal()
    parent = _stored_campaign(journal, args.campaign_id)
    try:
        campaign_id = journal.create_retry_campaign(parent.id, include_unknown=args.include_unknown)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    with _service(args, default_url=parent.base_url) as (base_url, api_key):
        print(f"campaign {campaign_id}", flush=True)
        print(f"retrying {journal.counts(campaign_id)['pending']} recipients of campaign {parent.id}")
        return asyncio.run(_run_campaign(journal, campaign_id, base_url, api_key, args.timeout))


def _shown_status(journal: Any, campaign: Any) -> str:
    from app.workflow import shown_status

    return str(shown_status(journal, campaign))


def cmd_status(args: argparse.Namespace) -> int:
    journal = _journal()
    campaign = _stored_campaign(journal, args.campaign_id)
    status = _shown_status(journal, campaign)
    print(f"campaign {campaign.id}: {campaign.name} — {status}"
          + (f" ({campaign.status_reason})" if campaign.status_reason else ""))
    rate = f"{campaign.rate_per_minute:g} per minute" if campaign.rate_per_minute else "no pacing"
    print(f"kind {campaign.kind}, bot {campaign.bot_id}, {rate}, "
          f"{campaign.in_flight} in flight, {campaign.base_url}"
          + (f", retry of campaign {campaign.parent_id}" if campaign.parent_id else ""))
    summary = journal.summary(campaign.id)
    _print_summary(summary, campaign.id, status)
    step = _next_step(campaign.id, status, {**summary, "base_url": campaign.base_url})
    if step:
        print(f"next: {step}")
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    journal = _journal()
    campaigns = journal.campaigns()
    if not campaigns:
        print("no campaigns yet")
        return EXIT_OK
    print(f"{'id':>5}  {'created (UTC)':<16}  {'status':<11}  {'sent':>6} {'failed':>6} {'unknown':>7} {'left':>6}  name")
    for campaign in campaigns:
        summary = journal.summary(campaign.id)
        c = summary["counts"]
        status = _shown_status(journal, campaign)
        step = _next_step(campaign.id, status, {**summary, "base_url": campaign.base_url})
        print(f"{campaign.id:>5}  {campaign.created_at[:16].replace('T', ' '):<16}  {status:<11}  "
              f"{c['sent']:>6} {c['failed']:>6} {c['unknown']:>7} {c['pending'] + c['in_flight']:>6}  {campaign.name}"
              + (f"  → {step}" if step else ""))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    journal = _journal()
    campaign = _stored_campaign(journal, args.campaign_id)
    rows = journal.result_rows(campaign.id)
    source = _campaign_source(campaign, rows, args.sheet_name) if args.with_source else None
    _write(args.out, rows, source)
    return EXIT_OK


def _campaign_source(campaign: Any, rows: list[dict[str, Any]], sheet_name: str | None) -> Any:
    """The sheet a campaign was sent from, read again; CliError if it is gone or no
    longer matches."""
    from app.workflow import CampaignInputError, campaign_source

    try:
        return campaign_source(campaign, rows, sheet_name)
    except CampaignInputError as exc:
        raise CliError(f"{exc} Export without --with-source.") from None


COMMANDS = {
    "send": cmd_send,
    "check": cmd_check,
    "resume": cmd_resume,
    "status": cmd_status,
    "list": cmd_list,
    "export": cmd_export,
    "retry-failed": cmd_retry_failed,
    "suppression": cmd_suppression,
}


if __name__ == "__main__":
    sys.exit(main())
