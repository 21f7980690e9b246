"""Campaigns that send with no terminal: ``run-campaign`` (the sending process itself,
started by ``--background`` or by the window), ``watch``, ``pause`` and ``cancel``
(docs/architecture.md, "Processes")."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from typing import TYPE_CHECKING

from app.cli.common import (
    EXIT_OK,
    EXIT_STOPPED,
    CliError,
    open_journal,
    print_summary,
    run_campaign,
    sandbox_flag,
    service_to_send_to,
    stored_campaign,
)
from app.cli.flags import add_target_arguments, campaign_id_type
from app.jobs.runner import RUNNER_COMMAND

if TYPE_CHECKING:
    from app.campaign import Journal, StopRequest

#: How often ``watch`` reads the journal (seconds).
WATCH_SECONDS = 0.5
#: How long ``pause`` and ``cancel`` wait for the sending process to stop (seconds).
STOP_WAIT_SECONDS = 10.0


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``watch``, ``pause``, ``cancel``, ``resume-due``, ``autostart`` and the hidden
    ``run-campaign``."""
    runner = commands.add_parser(RUNNER_COMMAND, help=argparse.SUPPRESS)
    runner.set_defaults(run=cmd_run_campaign)
    runner.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    add_target_arguments(runner, "the campaign's own")

    watch = commands.add_parser("watch", help="follow a campaign sending in the background until it ends")
    watch.set_defaults(run=cmd_watch)
    watch.add_argument("campaign_id", type=campaign_id_type, metavar="ID")

    pause = commands.add_parser("pause", help="pause a campaign, wherever it is being sent from")
    pause.set_defaults(run=cmd_pause)
    pause.add_argument("campaign_id", type=campaign_id_type, metavar="ID")

    cancel = commands.add_parser("cancel", help="cancel a campaign: nobody else gets it")
    cancel.set_defaults(run=cmd_cancel)
    cancel.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
    add_login_parsers(commands)


def add_background_argument(parser: argparse.ArgumentParser) -> None:
    """--background, for the commands that send."""
    parser.add_argument("--background", action="store_true",
                        help="send from a process of its own and return at once (follow it with: watch ID)")


def cmd_run_campaign(args: argparse.Namespace) -> int:
    """The sending process: sends the campaign to its end, printing to its log."""
    from app.campaign.journal import JournalError, TeamRole
    from app.jobs.runner import LastWordsRoom

    with LastWordsRoom(args.campaign_id) as last_words:
        try:
            with open_journal(TeamRole.SENDER) as journal:
                campaign = stored_campaign(journal, args.campaign_id)
                with service_to_send_to(args, default_url=campaign.base_url) as (base_url, api_key):
                    print(f"campaign {campaign.id}: sending from {base_url}", flush=True)
                    return asyncio.run(run_campaign(journal, campaign.id, base_url, api_key, args.timeout,
                                                    last_words=last_words, forget_stops=False))
        except (CliError, JournalError) as exc:
            last_words.say(exc.reason, str(exc))  # main() prints them too, for the log
            raise


def cmd_watch(args: argparse.Namespace) -> int:
    """Print a campaign's progress until its sender stops; the exit status as ``send``'s.
    Watching changes nothing: a campaign whose sender died is told as interrupted."""
    from app.campaign.follow import follow, said_last
    from app.campaign.shown import ShownStatus, shown_status
    from app.cli.progress import ProgressPrinter
    from app.jobs.runner import last_words

    with open_journal() as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        try:
            asyncio.run(follow(journal, campaign.id, ProgressPrinter(), settle_dead=False))
        except KeyboardInterrupt:
            print(f"\nstopped watching; campaign {campaign.id} goes on in the background "
                  f"(pause it with: safir-campaign pause {campaign.id})")
            return 130
        campaign = journal.campaigns.get(campaign.id)
        status = shown_status(journal, campaign)
        print_summary(journal.recipients.summary(campaign.id), campaign.id, status)
        if status is not ShownStatus.FINISHED:
            # A sender that could not record its own pause (a full disk) said why in its log.
            why = campaign.reason or (asyncio.run(said_last(lambda: last_words(campaign.id)))
                                      if status is ShownStatus.INTERRUPTED else None)
            reason = why.text() if why is not None else None
            go_on = f"safir-campaign resume {campaign.id}{sandbox_flag(campaign.base_url)}"
            print(f"error: campaign {campaign.id} is {status}" + (f": {reason}" if reason else "")
                  + f" (continue with: {go_on})", file=sys.stderr)
            return EXIT_STOPPED
        return EXIT_OK


def cmd_pause(args: argparse.Namespace) -> int:
    from app.campaign import StopRequest

    return _stop(args, StopRequest.PAUSE)


def cmd_cancel(args: argparse.Namespace) -> int:
    from app.campaign import StopRequest

    return _stop(args, StopRequest.CANCEL)


def _stop(args: argparse.Namespace, request: StopRequest) -> int:
    """Ask the process sending the campaign to stop and wait until it has; a campaign
    nobody sends is stopped in the journal directly."""
    from app.campaign import CampaignStatus, StopRequest
    from app.campaign.journal import TeamRole
    from app.campaign.lock import campaign_is_sending
    from app.reasons import pause_reason

    status = CampaignStatus.CANCELLED if request is StopRequest.CANCEL else CampaignStatus.PAUSED
    reason = pause_reason("user_cancelled" if request is StopRequest.CANCEL else "user_paused")
    with open_journal(TeamRole.SENDER) as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
            print(f"campaign {campaign.id} is {campaign.status} already")
            return EXIT_OK
        if not campaign_is_sending(journal, campaign.id):
            journal.control.set_status(campaign.id, status, reason)
            journal.audit_trail.add(status, campaign.id, reason.stored())
            print(f"campaign {campaign.id} {status}")
            return EXIT_OK
        journal.control.request_stop(campaign.id, request, reason)
        deadline = time.monotonic() + STOP_WAIT_SECONDS
        while campaign_is_sending(journal, campaign.id):
            if time.monotonic() > deadline:
                raise CliError(f"campaign {campaign.id} was asked to {request} but its sending process has not "
                               f"stopped within {STOP_WAIT_SECONDS:.0f} s; it will when its requests return")
            time.sleep(0.1)
        print(f"campaign {campaign.id} {journal.campaigns.get(campaign.id).status}")
        return EXIT_OK


def add_login_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``resume-due`` (what runs at login) and ``autostart on|off|status``."""
    due = commands.add_parser("resume-due", help="send every interrupted campaign again, each from a process of "
                              "its own (what runs at login)")
    due.set_defaults(run=cmd_resume_due)
    autostart = commands.add_parser("autostart", help="run resume-due at every login (on), or not (off)")
    autostart.set_defaults(run=cmd_autostart)
    autostart.add_argument("state", choices=("on", "off", "status"))


def cmd_resume_due(args: argparse.Namespace) -> int:
    """Hand every interrupted campaign (its sender died: a reboot, a crash) and every one
    the end of the desktop session paused (SIGTERM, SIGHUP: a logout) to a sending
    process of its own; a scheduled one waits there for its time. The key comes
    from the environment or the keyring; a campaign with none is named and left."""

    from app.jobs.runner import API_KEY_ENV, RunnerFailed, key_for, start_runner
    from app.jobs.login_resume import resumes_at_login

    with open_journal() as journal:
        for campaign in reversed(journal.campaigns.all()):
            if not resumes_at_login(journal, campaign):
                continue
            if sandbox_flag(campaign.base_url):  # a sandbox here that is gone
                print(f"campaign {campaign.id} went to a sandbox on this machine; resume it by hand: "
                      f"safir-campaign resume {campaign.id} --sandbox")
                continue
            key = key_for(campaign.base_url)
            if not key:
                print(f"campaign {campaign.id}: no API access key for {campaign.base_url} (none in {API_KEY_ENV} or "
                      f"the keyring); resume it from the window or with safir-campaign resume {campaign.id}")
                continue
            try:
                process = start_runner(journal, campaign.id, api_key=key, base_url=campaign.base_url)
            except RunnerFailed as exc:
                print(f"campaign {campaign.id} was not resumed: {exc}", file=sys.stderr)
                continue
            print(f"campaign {campaign.id} is sending in the background again (process {process.pid})")
        _start_series(journal)
    return EXIT_OK


def _start_series(journal: Journal) -> None:
    """At login: the repeating campaigns' runner again, when any series is active."""
    from app.campaign.repeat import SeriesStatus, all_series
    from app.jobs.runner import API_KEY_ENV, RunnerFailed, start_series_runner

    if not any(s.status is SeriesStatus.ACTIVE for s in all_series(journal)):
        return
    try:
        process = start_series_runner(journal, os.environ.get(API_KEY_ENV, "").strip() or None)
    except RunnerFailed as exc:
        print(f"the repeating campaigns' runner was not started: {exc}", file=sys.stderr)
        return
    print(f"repeating campaigns run in the background (process {process.pid})")


def cmd_autostart(args: argparse.Namespace) -> int:
    from app.desktop import autostart

    if args.state == "status":
        print(f"resume-due runs at login: {'yes' if autostart.installed() else 'no'} ({autostart.entry_path()})")
        return EXIT_OK
    try:
        if args.state == "on":
            print(f"resume-due runs at every login: {autostart.install()}")
        else:
            autostart.remove()
            print("resume-due no longer runs at login")
    except OSError as exc:
        raise CliError(f"the login entry {autostart.entry_path()} cannot be changed: {exc.strerror or exc}") from None
    return EXIT_OK
