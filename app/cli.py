"""The command line: ``safir-campaign [--demo]`` opens the window; subcommands work
headless (``send``, ``sandbox``).

Exit status: 0 when the job ran to its end (per-recipient failures included);
2 for a configuration or input error; 3 when the campaign stopped early (service
unreachable, account problem), with a one-line reason on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from app import __version__, paths

EXIT_OK = 0
EXIT_CONFIG = 2
EXIT_STOPPED = 3
API_KEY_ENV = "SAFIR_API_KEY"


class CliError(Exception):
    """A configuration or input problem, told in one line; exits with EXIT_CONFIG."""


def _setup_logging(verbose: bool = False) -> None:
    handler = logging.FileHandler(paths.log_dir() / "safir-campaign.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def build_parser() -> argparse.ArgumentParser:
    from app.sandbox.runner import add_arguments as add_sandbox_arguments

    parser = argparse.ArgumentParser(
        prog="safir-campaign",
        description="Message campaigns through Bale's business messaging service. "
        "Without a command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true", help="open the window on the built-in sandbox")
    parser.add_argument("--base-url", help="service address for the window (default: production)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    send = commands.add_parser("send", help="send a text campaign to every valid row of a sheet")
    send.add_argument("sheet", type=Path, help="CSV, XLSX, XLS or ODS file")
    send.add_argument("--bot-id", type=int, required=True, help="the sending bot's numeric id")
    send.add_argument("--text", required=True, help="message text; {{column}} is filled from each row")
    send.add_argument("--phone-column", help="column with the phone numbers (default: detected)")
    send.add_argument("--sheet", dest="sheet_name", help="workbook sheet (default: the first)")
    send.add_argument("--rate", type=float, default=None, help="messages per minute (default 120; 0: no pacing)")
    send.add_argument("--in-flight", type=int, default=None, help="requests in flight at most (default 8)")
    send.add_argument("--timeout", type=float, default=None, help="seconds to wait for each answer")
    send.add_argument("--results", type=Path, help="write per-row results to this .csv or .xlsx file")
    send.add_argument("--dry-run", action="store_true", help="check the sheet and write results; send nothing")
    target = send.add_mutually_exclusive_group()
    target.add_argument("--sandbox", action="store_true", help="send to a built-in sandbox started for this run")
    target.add_argument("--base-url", dest="send_base_url", help="service address (default: production)")

    sandbox = commands.add_parser("sandbox", help="run the local imitation of the service")
    add_sandbox_arguments(sandbox)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``safir-campaign`` console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        _setup_logging()
    except OSError as exc:
        print(f"error: cannot write logs under {paths.state_dir()}: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        if args.command == "send":
            return asyncio.run(_send(args))
        if args.command == "sandbox":
            from app.sandbox.runner import serve

            try:
                serve(args, files_dir=paths.sandbox_dir() / "files")
            except ValueError as exc:
                raise CliError(str(exc)) from None
            return EXIT_OK
        from app.ui.main_window import run_window

        return run_window(demo=args.demo, base_url=args.base_url)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


@contextlib.contextmanager
def _service(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """(base_url, api_key) of the service to send to; starts a sandbox for --sandbox."""
    from app.api import PRODUCTION_URL

    if args.sandbox:
        from app.sandbox import DEMO_API_KEY, EmbeddedSandbox

        with EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files") as sandbox:
            yield sandbox.url, DEMO_API_KEY
        return
    key = os.environ.get(API_KEY_ENV, "").strip()
    if not key:
        raise CliError(f"no API access key: set the environment variable {API_KEY_ENV} (or use --sandbox).")
    yield args.send_base_url or PRODUCTION_URL, key


async def _send(args: argparse.Namespace) -> int:
    from app.api import ConfigurationError, RetryPolicy, SafirClient, Timeouts, check_base_url
    from app.campaign import CampaignEngine, CampaignStatus, Journal, JournalError, Progress
    from app.contacts import ExportError, SheetError, write_results
    from app.workflow import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE, CampaignInputError, check_sheet, create_text_campaign

    try:
        checked = check_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
    except SheetError as exc:
        raise CliError(str(exc)) from None
    if args.results is not None and args.results.suffix.lower() not in (".csv", ".xlsx"):
        raise CliError(f"--results must end in .csv or .xlsx, not {args.results.name!r}.")

    def write(rows: object) -> None:
        if args.results is None:
            return
        try:
            write_results(args.results, rows)  # type: ignore[arg-type]
        except ExportError as exc:
            raise CliError(str(exc)) from None
        print(f"results: {args.results}")

    counts = checked.counts
    column_note = f"phone column: {checked.phone_column.column}"
    if args.phone_column is None:
        column_note += f" (detected, {checked.phone_column.confidence:.0%} sure: {checked.phone_column.reason})"
    rows_note = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())

    if args.dry_run:
        print("dry run: nothing is sent")
        print(column_note)
        print(f"rows: {len(checked.verdicts)} ({rows_note})")
        write(checked.dry_run_rows())
        return EXIT_OK

    with _service(args) as (base_url, api_key):
        try:
            check_base_url(base_url)
        except ConfigurationError as exc:
            raise CliError(exc.message) from None
        try:
            journal = Journal(paths.journal_path())
        except JournalError as exc:
            raise CliError(str(exc)) from None
        try:
            campaign_id = create_text_campaign(
                journal,
                checked,
                text=args.text,
                bot_id=args.bot_id,
                base_url=base_url,
                rate_per_minute=DEFAULT_RATE_PER_MINUTE if args.rate is None else args.rate,
                in_flight=DEFAULT_IN_FLIGHT if args.in_flight is None else max(1, args.in_flight),
            )
        except CampaignInputError as exc:
            raise CliError(str(exc)) from None
        print(f"campaign {campaign_id}", flush=True)
        print(column_note)
        print(f"rows: {len(checked.verdicts)} ({rows_note})", flush=True)

        last_print = 0.0

        def report(progress: Progress) -> None:
            nonlocal last_print
            now = time.monotonic()
            if progress.status == CampaignStatus.RUNNING and now - last_print < 1.0:
                return
            last_print = now
            c = progress.counts
            done = c["sent"] + c["failed"] + c["unknown"]
            print(f"progress: {done}/{done + c['pending'] + c['in_flight']} sent {c['sent']} failed {c['failed']}"
                  f" unknown {c['unknown']} ({progress.rate_per_minute:.0f}/min)", flush=True)

        timeouts = Timeouts() if args.timeout is None else Timeouts(args.timeout, args.timeout, args.timeout, args.timeout)
        async with SafirClient(base_url, api_key=api_key, timeouts=timeouts, retry=RetryPolicy()) as client:
            engine = CampaignEngine(journal, client, on_progress=report)
            result = await engine.run(campaign_id)
        c = result.counts
        print(f"summary: {c['sent']} sent, {c['failed']} failed, {c['unknown']} unknown, {c['pending']} not sent, "
              f"{c['skipped']} skipped (invalid or duplicate) of {c['total']} rows; campaign {result.status}")
        write(journal.result_rows(campaign_id))
        journal.close()
        if result.status != CampaignStatus.FINISHED:
            print(f"error: campaign {campaign_id} stopped: {result.reason}", file=sys.stderr)
            return EXIT_STOPPED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
