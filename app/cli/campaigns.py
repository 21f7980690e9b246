"""The journal's campaigns: ``resume`` (optionally with a new bot or template), ``status``,
``list``, ``export`` and ``retry-failed``."""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING, Any

from app.cli.background import add_background_argument
from app.cli.common import (
    EXIT_OK,
    CliError,
    next_step,
    open_journal,
    print_summary,
    run_campaign,
    look_at_sms,
    sms_line,
    service_to_send_to,
    start_in_background,
    stored_campaign,
    write_rows,
)
from app.cli.flags import add_target_arguments, bot_id_type, campaign_id_type, results_path

if TYPE_CHECKING:
    from app.campaign import Campaign, Journal
    from app.contacts import Sheet


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands on stored campaigns: resume, status, list, export, retry-failed."""
    resume = commands.add_parser("resume", help="continue a paused or interrupted campaign")
    resume.set_defaults(run=cmd_resume)
    resume.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    resume.add_argument("--bot-id", type=bot_id_type, help="send the rest from this bot instead (a wrong bot id)")
    resume.add_argument("--template", help="send the rest with this template id instead (a wrong template)")
    add_target_arguments(resume, "the campaign's own")
    add_background_argument(resume)

    status = commands.add_parser("status", help="a campaign's counts, per state and per error code")
    status.set_defaults(run=cmd_status)
    status.add_argument("campaign_id", type=campaign_id_type, metavar="ID")

    commands.add_parser("list", help="every campaign in the journal, newest first").set_defaults(run=cmd_list)

    export = commands.add_parser("export", help="write a campaign's per-row results")
    export.set_defaults(run=cmd_export)
    export.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    export.add_argument("out", type=results_path, metavar="OUT.csv|OUT.xlsx")
    export.add_argument("--with-source", action="store_true",
                        help="make the file a copy of the campaign's sheet with the result columns appended "
                        "(for an .xlsx source: the workbook itself, every sheet and format kept)")
    export.add_argument("--sheet", dest="sheet_name", help="the workbook sheet the campaign was sent from "
                        "(default: the first)")

    retry = commands.add_parser("retry-failed", help="send a follow-up campaign to the retryable failures")
    retry.set_defaults(run=cmd_retry_failed)
    retry.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    retry.add_argument("--include-unknown", action="store_true", help="also the recipients whose outcome is unknown")
    add_target_arguments(retry, "the campaign's own")
    add_background_argument(retry)


def cmd_resume(args: argparse.Namespace) -> int:
    from app.campaign.journal import CampaignStatus, TeamRole

    with open_journal(TeamRole.SENDER) as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        if campaign.status == CampaignStatus.CANCELLED:
            raise CliError(f"campaign {campaign.id} was cancelled: it sends nothing more (the repeat guard has let "
                           "other campaigns reach its recipients since). Send the ones it never reached as a new "
                           "campaign, in the window (Send the rest as a new campaign) or with send again.")
        if args.bot_id is not None or args.template is not None:
            try:
                changed = journal.control.retarget(campaign, bot_id=args.bot_id, template_id=args.template)
            except ValueError as exc:
                raise CliError.of(exc) from None
            what = " and ".join(f for f, v in (("bot", args.bot_id), ("template", args.template)) if v is not None)
            print(f"campaign {campaign.id}: {what} changed for the {changed} recipients not sent yet")
        with service_to_send_to(args, default_url=campaign.base_url) as (base_url, api_key):
            print(f"campaign {campaign.id}", flush=True)
            if args.background:
                return start_in_background(args, journal, campaign.id, base_url, api_key)
            return asyncio.run(run_campaign(journal, campaign.id, base_url, api_key, args.timeout))


def cmd_retry_failed(args: argparse.Namespace) -> int:
    from app.campaign.journal import TeamRole

    with open_journal(TeamRole.SENDER) as journal:
        parent = stored_campaign(journal, args.campaign_id)
        try:
            campaign_id = journal.creation.retry(parent.id, include_unknown=args.include_unknown)
        except ValueError as exc:
            raise CliError.of(exc) from None
        with service_to_send_to(args, default_url=parent.base_url) as (base_url, api_key):
            print(f"campaign {campaign_id}", flush=True)
            print(f"retrying {journal.recipients.counts(campaign_id).pending} recipients of campaign {parent.id}")
            if args.background:
                return start_in_background(args, journal, campaign_id, base_url, api_key)
            return asyncio.run(run_campaign(journal, campaign_id, base_url, api_key, args.timeout))


def cmd_status(args: argparse.Namespace) -> int:
    with open_journal() as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        status = _shown(journal, campaign)
        print(f"campaign {campaign.id}: {campaign.title} — {status}"
              + (f" ({campaign.reason.text()})" if campaign.reason else "") + _sender(journal, campaign, status))
        rate = f"{campaign.rate_per_minute:g} per minute" if campaign.rate_per_minute else "no pacing"
        if campaign.created_by:
            print(f"made by {campaign.created_by} on {campaign.created_on} at "
                  f"{campaign.created_at[:16].replace('T', ' ')} UTC, in {journal.location}")
        print(f"kind {campaign.kind}, bot {campaign.bot_id}, {rate}, "
              f"{campaign.in_flight} in flight, {campaign.base_url}"
              + (f", retry of campaign {campaign.parent_id}" if campaign.parent_id else ""))
        summary = journal.recipients.summary(campaign.id)
        print_summary(summary, campaign.id, status)
        if campaign.sms_fallback is not None:
            look_at_sms(journal, campaign)
            print(sms_line(journal, campaign.id))
        step = next_step(campaign.id, status, summary, campaign.base_url)
        if step:
            print(f"next: {step}")
        return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    with open_journal() as journal:
        campaigns = journal.campaigns.all()
        if not campaigns:
            print("no campaigns yet")
            return EXIT_OK
        print(f"{'id':>5}  {'created (UTC)':<16}  {'status':<11}  {'sent':>6} {'failed':>6} {'unknown':>7} "
              f"{'left':>6}  name")
        for campaign in campaigns:
            summary = journal.recipients.summary(campaign.id)
            c = summary.counts
            status = _shown(journal, campaign)
            step = next_step(campaign.id, status, summary, campaign.base_url)
            print(f"{campaign.id:>5}  {campaign.created_at[:16].replace('T', ' '):<16}  {status:<11}  "
                  f"{c.sent:>6} {c.failed:>6} {c.unknown:>7} {c.not_sent:>6}  "
                  f"{campaign.title}"
                  + _sender(journal, campaign, status) + (f"  → {step}" if step else ""))
        return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    with open_journal() as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        rows = journal.recipients.result_rows(campaign.id)
        source = _campaign_source(campaign, rows, args.sheet_name) if args.with_source else None
        write_rows(args.out, rows, source)
        journal.audit_trail.add("exported", campaign.id, str(args.out))
        return EXIT_OK


def _campaign_source(campaign: Campaign, rows: list[dict[str, Any]], sheet_name: str | None) -> Sheet:
    """The sheet a campaign was sent from, read again; CliError if it is gone or no
    longer matches."""
    from app.jobs.inputs import CampaignInputError
    from app.jobs.sheet import campaign_source

    try:
        return campaign_source(campaign, rows, sheet_name)
    except CampaignInputError as exc:
        raise CliError(f"{exc} Export without --with-source.") from None


def _shown(journal: Journal, campaign: Campaign) -> str:
    from app.campaign.shown import shown_status

    return str(shown_status(journal, campaign))


def _sender(journal: Journal, campaign: Campaign, status: str) -> str:
    """Which processes send a running or scheduled campaign ("  [process 123 on host]";
    on a team store, every live sender)."""
    from app.campaign.shown import ShownStatus

    if status not in (ShownStatus.RUNNING, ShownStatus.SCHEDULED):
        return ""
    runners = [str(s["owner"]) for s in journal.senders(campaign.id)]
    shown = [f"process {pid} on {host}" for pid, _, host in (r.partition("@") for r in runners)]
    return f"  [{', '.join(shown)}]" if shown else ""
