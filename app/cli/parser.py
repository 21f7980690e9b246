"""The command line's parser: every command and flag, no abbreviations, and an unknown flag
told by the command it was given to, with the nearest flag it has."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn

from app import __version__
from app.cli.flags import _add_target, bot_id_type, campaign_id_type, in_flight_type, rate_type, readable_file, results_path


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
