"""``report``: a campaign's report (or several campaigns' summary) as PDF or XLSX, in
English or Persian, for the people who pay for it."""

from __future__ import annotations

import argparse
import contextlib
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from app.cli.common import EXIT_OK, CliError, open_journal, stored_campaign
from app.cli.flags import campaign_id_type, date_type

if TYPE_CHECKING:
    from app.report import Words


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``report`` command."""
    report = commands.add_parser("report", help="a campaign's report (or, with --from/--to, a summary of several) "
                                 "as OUT.pdf or OUT.xlsx")
    report.set_defaults(run=cmd_report)
    report.add_argument("campaign_id", type=campaign_id_type, metavar="ID", nargs="?")
    report.add_argument("out", metavar="OUT.pdf|OUT.xlsx")
    report.add_argument("--from", dest="since", type=date_type, metavar="YYYY-MM-DD",
                        help="a summary of the campaigns made from this day (instead of ID)")
    report.add_argument("--to", dest="until", type=date_type, metavar="YYYY-MM-DD",
                        help="... to this day (default: today)")
    report.add_argument("--language", choices=("en", "fa"), default="en",
                        help="English, or Persian (right to left, Persian digits, Jalali dates)")


def cmd_report(args: argparse.Namespace) -> int:
    from app.report import ReportError, campaign_report, save, summary_report, writer
    from app.report.model import unit_price

    try:  # its library before Qt's words: PySide6 reads the source of every module imported after it
        writer(args.out)
    except ReportError as exc:
        raise CliError.of(exc) from None

    if (args.campaign_id is None) == (args.since is None):
        raise CliError("name one campaign (report ID OUT) or a period (report --from YYYY-MM-DD OUT)")
    until = args.until or date.today().isoformat()
    if args.since is not None and args.since > until:
        raise CliError(f"the period is backwards: --from {args.since} comes after "
                       + (f"--to {until}" if args.until else f"today ({until})"))
    with open_journal() as journal, _words(args.language) as words:
        templates = journal.shared.get("templates") or []
        prices = journal.shared.get("prices") or {}
        balances = journal.shared.get("balance_history") or []
        if args.campaign_id is not None:
            campaign = stored_campaign(journal, args.campaign_id)
            report = campaign_report(journal, campaign.id, unit_price=unit_price(campaign, templates, prices),
                                     balances=balances)
        else:
            report = summary_report(journal, str(args.since), until)  # no ID: a period was given
            if not report.reports:
                raise CliError(f"no campaign was made from {args.since} to {args.until or 'today'}")
        try:
            written = save(report, Path(args.out), words)
        except ReportError as exc:
            raise CliError.of(exc) from None
        journal.audit_trail.add("report", args.campaign_id, str(written))
    print(f"report: {written}")
    return EXIT_OK


def _words(language: str) -> contextlib.AbstractContextManager[Words]:
    """English words, or the Persian ones (Qt's translator, loaded while inside)."""
    from app.report import Words

    if language != "fa":
        return contextlib.nullcontext(Words())
    from app.ui.report_words import report_words

    return report_words(persian=True)
