"""``send`` and ``check``: a sheet checked, its campaign created (stoppable at once by a
signal, leaving nothing behind) and sent."""

from __future__ import annotations

import argparse
import shlex
import asyncio
import contextlib
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from app.api.addresses import PRODUCTION_URL
from app.campaign.defaults import DEFAULT_OPT_OUT
from app.reasons import reason_words
from app.cli.background import add_background_argument
from app.cli.common import (
    EXIT_OK,
    EXIT_STOPPED,
    CliError,
    make_client,
    open_journal,
    run_campaign,
    sandbox_flag,
    service_to_send_to,
    start_in_background,
    write_rows,
)
from app.cli.flags import (
    add_results_arguments,
    add_sheet_arguments,
    add_target_arguments,
    bot_id_type,
    in_flight_type,
    rate_type,
    readable_file,
)
from app.cli.progress import STOP_SIGNALS

if TYPE_CHECKING:
    from app.campaign import Content, Journal, QuietHours
    from app.jobs.sheet import CheckedSheet


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``send`` and ``check`` commands (``commands`` is the subparsers action)."""
    from app.campaign.defaults import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE, REPEAT_WINDOW_DAYS

    send = commands.add_parser("send", help="send a campaign to every valid row of a sheet")
    send.set_defaults(run=cmd_send)
    send.add_argument("sheet", type=readable_file, help="CSV, XLSX, XLSM, XLS or ODS file")
    send.add_argument("--bot-id", type=bot_id_type, required=True, help="the sending bot's numeric id")
    _add_message_arguments(send.add_argument_group("message ({{column}} anywhere is filled from each row)"))
    add_sheet_arguments(send)
    send.add_argument("--rate", type=rate_type, default=None,
                      help=f"messages per minute, at least 1 (default {DEFAULT_RATE_PER_MINUTE:g}; 0: no pacing)")
    send.add_argument("--in-flight", type=in_flight_type, default=None,
                      help=f"requests in flight at most (default {DEFAULT_IN_FLIGHT})")
    send.add_argument("--quiet-hours", metavar="HH:MM-HH:MM", help="send nothing in this daily window")
    send.add_argument("--time-zone", default="Asia/Tehran", help="time zone of --quiet-hours (default Asia/Tehran)")
    send.add_argument("--start-at", metavar="ISO-TIME",
                      help="do not send before this time, e.g. 2026-12-01T09:00+03:30")
    add_results_arguments(send, "per-row results")
    send.add_argument("--dry-run", action="store_true", help="check the sheet and write results; send nothing")
    repeats = send.add_mutually_exclusive_group()
    repeats.add_argument("--only-new", action="store_true",
                         help="skip the numbers that already got this message from this bot and service in the "
                         f"last {REPEAT_WINDOW_DAYS} days, and send to the others")
    repeats.add_argument("--allow-repeat", action="store_true",
                         help="send to everyone, even numbers that already got this message from this bot and "
                         f"service in the last {REPEAT_WINDOW_DAYS} days")
    send.add_argument("--ignore-cap", action="store_true",
                      help="send even to the numbers the frequency cap would skip (it says how many first)")
    sms = send.add_argument_group("SMS fallback (docs/sms.md)")
    sms.add_argument("--sms-fallback", action="store_true",
                     help="send an SMS to the numbers that have no Bale account (the gateway from SAFIR_SMS_API_KEY,"
                     " SAFIR_SMS_SENDER and SAFIR_SMS_BASE_URL; the sandbox's own with --sandbox)")
    sms.add_argument("--sms-opt-out", default=DEFAULT_OPT_OUT, metavar="LINE",
                     help=f"the SMS's last line, how to opt out (default «{DEFAULT_OPT_OUT}»; '' none; never for OTP)")
    add_target_arguments(send, PRODUCTION_URL)
    add_background_argument(send)

    check = commands.add_parser("check", help="check a sheet: every row's verdict, nothing sent")
    check.set_defaults(run=cmd_check)
    check.add_argument("sheet", type=readable_file)
    add_sheet_arguments(check)
    add_results_arguments(check, "the verdicts")


def _add_message_arguments(what: argparse._ArgumentGroup) -> None:
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


def _content(args: argparse.Namespace, file_id: str | None) -> Content:
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
        flag = "otp-column" if kinds[0] == "otp" else "template"
        raise CliError(f"--{flag} cannot go with --text, --file or buttons.")
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


def _checked(args: argparse.Namespace) -> CheckedSheet:
    from app.contacts import SheetError
    from app.jobs.sheet import check_sheet

    try:
        return check_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
    except SheetError as exc:
        raise CliError.of(exc) from None


def _describe(args: argparse.Namespace, checked: CheckedSheet) -> None:
    guess = checked.phone_column
    note = f"phone column: {guess.column}"
    if args.phone_column is None:
        note += f" (detected, {guess.confidence:.0%} sure: {guess.reason})"
    print(note)
    print(f"rows: {len(checked.verdicts)} (" + ", ".join(f"{n} {v}" for v, n in checked.counts.items()) + ")",
          flush=True)
    if checked.likelier_column is not None:
        print(f"no number in {guess.column!r} is an Iranian mobile; {checked.likelier_column!r} looks like the "
              f"phone column: --phone-column {shlex.quote(checked.likelier_column)}", flush=True)


#: Rows a check names one by one; --results writes every row.
ROWS_NAMED_AT_MOST = 20


def _name_rows_not_sent(args: argparse.Namespace, checked: CheckedSheet) -> None:
    """List the first rows that will not be sent, each with its verdict and why."""
    shown = checked.verdicts.not_valid(ROWS_NAMED_AT_MOST)
    if not shown:
        return
    print("rows that will not be sent:")
    for verdict in shown:
        written = verdict.phone_input if verdict.phone_input not in (None, "") else "(empty)"
        why = reason_words(verdict.reason)
        print(f"  row {verdict.row}: {written}: {verdict.verdict.value}" + (f", {why}" if why else ""))
    rest = len(checked.verdicts) - checked.counts["valid"] - len(shown)
    if rest:
        print(f"  … and {rest:,} more" + ("" if args.results else "; --results FILE writes every row's verdict"))


def cmd_check(args: argparse.Namespace) -> int:
    checked = _checked(args)
    _describe(args, checked)
    _name_rows_not_sent(args, checked)
    write_rows(args.results, checked.verdicts, checked.sheet if args.with_source else None)
    return EXIT_OK


def cmd_send(args: argparse.Namespace) -> int:
    return asyncio.run(_send(args))


def _dry_run(args: argparse.Namespace, checked: CheckedSheet, content: Content) -> int:
    """``send --dry-run``: what a send would do, nothing sent; the exit status."""
    print("dry run: nothing is sent")
    _describe(args, checked)
    _name_rows_not_sent(args, checked)
    if not args.file:  # a file's id is only known once it is uploaded
        _warn_of_repeats(args, checked, content)
    _warn_of_cap(args, checked, content)
    write_rows(args.results, checked.verdicts, checked.sheet if args.with_source else None)
    return EXIT_OK


async def _send(args: argparse.Namespace) -> int:
    from app.campaign.approval import Approval
    from app.campaign.journal import TeamRole
    from app.jobs.creating import create_campaign
    from app.jobs.inputs import CampaignInputError
    from app.campaign.defaults import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE

    if args.background and args.results:
        raise CliError("--results writes the file when the send ends here; with --background, write it when the "
                       "campaign ends: safir-campaign export ID OUT.xlsx")
    quiet = _schedule(args)
    if not args.dry_run:
        open_journal(TeamRole.SENDER).close()  # a member who may not send hears it before the sheet is read
    try:
        with _stoppable_creation():
            checked = _checked(args)
    except CreationStopped as stopped:
        print(f"stopped by {stopped.signal_name} while reading the sheet; nothing was sent", file=sys.stderr)
        return 128 + stopped.signum
    # Check the message flags before uploading anything; the real file_id replaces this one.
    content = _content(args, file_id="not-yet-uploaded" if args.file else None)
    if args.dry_run:
        return _dry_run(args, checked, content)

    with service_to_send_to(args) as (base_url, api_key):
        if args.file:
            content = _content(args, await _upload(args.file, base_url, api_key, args.timeout))
        with open_journal(TeamRole.SENDER) as journal:
            _warn_of_cap(args, checked, content, journal)
            try:
                with _stoppable_creation():
                    campaign_id = create_campaign(
                        journal, checked, content=content, bot_id=args.bot_id, base_url=base_url,
                        rate_per_minute=DEFAULT_RATE_PER_MINUTE if args.rate is None else args.rate,
                        in_flight=DEFAULT_IN_FLIGHT if args.in_flight is None else args.in_flight,
                        quiet_hours=quiet, start_at=args.start_at, allow_repeat=args.allow_repeat,
                        only_new=args.only_new, ignore_cap=args.ignore_cap,
                        sms_fallback=args.sms_opt_out if args.sms_fallback else None,
                    )
            except CampaignInputError as exc:
                raise CliError.of(exc) from None
            except CreationStopped as stopped:
                print(f"stopped by {stopped.signal_name} while the campaign was being created; nothing was stored "
                      "and nothing was sent", file=sys.stderr)
                return 128 + stopped.signum
            print(f"campaign {campaign_id}", flush=True)
            _describe(args, checked)
            if journal.campaigns.get(campaign_id).approval == Approval.AWAITING:
                print(f"campaign {campaign_id} awaits approval: nothing is sent until an approver runs "
                      f"'safir-campaign approve {campaign_id}'; then send it with: safir-campaign resume {campaign_id}"
                      + sandbox_flag(base_url), file=sys.stderr)
                return EXIT_STOPPED
            if args.background:
                return start_in_background(args, journal, campaign_id, base_url, api_key)
            status = await run_campaign(journal, campaign_id, base_url, api_key, args.timeout)
            if args.results is not None:
                write_rows(args.results, journal.recipients.result_rows(campaign_id),
                           checked.sheet if args.with_source else None)
    return status


def _schedule(args: argparse.Namespace) -> QuietHours | None:
    """The quiet hours of --quiet-hours (None without), once --start-at is checked too;
    CliError for either that is wrong."""
    from datetime import datetime

    from app.campaign import QuietHours

    if args.start_at:
        try:
            zoned = datetime.fromisoformat(args.start_at).tzinfo is not None
        except ValueError:
            raise CliError(f"--start-at must be an ISO time like 2026-12-01T09:00+03:30, not {args.start_at!r}."
                           ) from None
        if not zoned:
            raise CliError(f"--start-at {args.start_at} has no UTC offset: add the one of its time zone, like "
                           f"{args.start_at}+03:30 for Tehran time.")
    if not args.quiet_hours:
        return None
    try:
        return QuietHours.parse(args.quiet_hours, args.time_zone)
    except ValueError as exc:
        raise CliError.of(exc) from None


def _warn_of_repeats(args: argparse.Namespace, checked: CheckedSheet, content: Content) -> None:
    """Say how many recipients a real send would find already messaged (the repeat guard)."""
    from app.jobs.creating import count_repeats
    from app.jobs.inputs import CampaignInputError

    base_url = "http://127.0.0.1" if args.sandbox else (args.target_url or PRODUCTION_URL)
    try:
        with open_journal() as journal:
            repeated = count_repeats(journal, checked, content=content, bot_id=args.bot_id, base_url=base_url)
    except CampaignInputError as exc:
        raise CliError.of(exc) from None
    if repeated is not None:
        print(f"warning: {repeated}", flush=True)


def _warn_of_cap(args: argparse.Namespace, checked: CheckedSheet, content: Content,
                 journal: Journal | None = None) -> None:
    """Say how many recipients the frequency cap would skip (or, with --ignore-cap, reach again)."""
    from app.jobs.creating import count_capped

    if journal is None:
        with open_journal() as own:
            return _warn_of_cap(args, checked, content, own)
    capped = count_capped(journal, checked, kind=content.kind, bot_id=args.bot_id)
    if capped is not None:
        print(f"warning: {capped.sentence(ignoring=args.ignore_cap)}", flush=True)
    return None


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

    async with make_client(base_url, api_key, timeout) as client:
        try:
            return (await client.upload_file(path, on_progress=progress)).file_id
        except SafirError as exc:
            raise CliError(f"upload of {path.name} failed: {exc.message}") from None
