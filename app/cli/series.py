"""``series``: repeating campaigns ("every Saturday at 10:00"), each run re-reading its sheet
and sent in the background with no window open; and the hidden ``series-runner``."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from app.campaign.defaults import DEFAULT_OPT_OUT
from app.cli.common import EXIT_OK, CliError, open_journal, run_campaign
from app.cli.flags import (
    add_sheet_arguments,
    bot_id_type,
    day_of_month_type,
    in_flight_type,
    rate_type,
    readable_file,
    series_id_type,
)

if TYPE_CHECKING:
    from app.campaign import Journal
    from app.campaign.repeat import RepeatRule, Series

#: The longest the series runner sleeps before it looks at the series again (seconds):
#: a pause, a stop, an edit or a new series is seen within it (a look is one small query).
LOOK_SECONDS = 5.0


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``series add|list|pause|resume|stop|edit`` and the hidden ``series-runner``."""
    from app.cli.send import _add_message_arguments
    from app.jobs.runner import SERIES_RUNNER_COMMAND

    commands.add_parser(SERIES_RUNNER_COMMAND, help=argparse.SUPPRESS).set_defaults(run=cmd_series_runner)
    series = commands.add_parser("series", help="repeating campaigns: every day, week or month, in the background")
    series.set_defaults(run=cmd_series)
    actions = series.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="a new repeating campaign of SHEET (read again at every run)")
    add.add_argument("sheet", type=readable_file)
    add.add_argument("--name", help="its name (default: the sheet's)")
    add.add_argument("--bot-id", type=bot_id_type, required=True)
    _add_schedule_arguments(add, required=True)
    _add_message_arguments(add.add_argument_group("message ({{column}} anywhere is filled from each row)"))
    add_sheet_arguments(add)
    add.add_argument("--rate", type=rate_type, default=None, help="messages per minute (default 120; 0: no pacing)")
    add.add_argument("--in-flight", type=in_flight_type, default=None, help="requests in flight at most (default 8)")
    add.add_argument("--quiet-hours", metavar="HH:MM-HH:MM", help="send nothing in this daily window")
    add.add_argument("--base-url", dest="target_url", required=True, help="the service's address")
    add.add_argument("--sms-fallback", action="store_true",
                     help="each run sends an SMS to the numbers that have no Bale account (docs/sms.md)")
    add.add_argument("--sms-opt-out", default=DEFAULT_OPT_OUT, metavar="LINE",
                     help=f"the SMS's last line (default «{DEFAULT_OPT_OUT}»; '' none)")
    actions.add_parser("list", help="every series, when it runs next and why one waits")
    for name, text in (("pause", "pause a series: no run until it is resumed"), ("resume", "resume a paused series"),
                       ("stop", "stop a series for good")):
        actions.add_parser(name, help=text).add_argument("series_id", type=series_id_type, metavar="ID")
    edit = actions.add_parser("edit", help="change a series' schedule or text for its future runs")
    edit.add_argument("series_id", type=series_id_type, metavar="ID")
    _add_schedule_arguments(edit, required=False)
    edit.add_argument("--text", help="the message text (or caption) of future runs")


def _add_schedule_arguments(parser: argparse.ArgumentParser, *, required: bool) -> None:
    from app.campaign.schedule import WEEKDAYS

    parser.add_argument("--every", choices=("day", "week", "month"), required=required)
    parser.add_argument("--on", choices=WEEKDAYS, help="the day of the week, for --every week")
    parser.add_argument("--day", type=day_of_month_type, help="the day of the month (1-31), for --every month")
    parser.add_argument("--jalali", action="store_true", help="--day is of the Jalali month")
    parser.add_argument("--at", default="10:00" if required else None, metavar="HH:MM",
                        help="the time of day, Tehran time (default 10:00)")


def _rule(args: argparse.Namespace, base: RepeatRule | None = None) -> RepeatRule:
    """The rule of the schedule flags (on top of ``base``'s, when editing). CliError for
    one that never runs."""
    from app.campaign.repeat import WEEKDAYS, Every, RepeatRule

    every = Every(args.every) if args.every else (base.every if base else Every.WEEK)
    # A flag of another kind of schedule would be dropped without a word: say so instead.
    if args.on and every is not Every.WEEK:
        raise CliError(f"--on is for a weekly series (--every week), not one every {every}")
    if (args.day is not None or args.jalali) and every is not Every.MONTH:
        raise CliError(f"--day and --jalali are for a monthly series (--every month), not one every {every}")
    rule = RepeatRule(every, args.at or (base.at if base else "10:00"),
                      WEEKDAYS.index(args.on) if args.on else (base.weekday if base else None),
                      args.day if args.day is not None else (base.day if base else None),
                      args.jalali or (base.jalali if base else False))
    problem = rule.problem()
    if problem:
        raise CliError(problem)
    return rule


def cmd_series(args: argparse.Namespace) -> int:
    from app.campaign.repeat import SeriesStatus, all_series, change_series

    with open_journal() as journal:
        if args.action == "add":
            return _add(args, journal)
        if args.action == "list":
            _list(journal, all_series(journal))
            return EXIT_OK
        try:
            if args.action == "edit":
                from app.campaign.repeat import one_series

                current = one_series(journal, args.series_id)
                plan = dict(current.plan)
                if args.text is not None:
                    plan["content"] = {**plan["content"], "text": args.text}
                edited = args.every or args.on or args.day is not None or args.at or args.jalali
                changed = change_series(journal, args.series_id, rule=_rule(args, current.rule) if edited else None,
                                        plan=plan)
            else:
                status = {"pause": SeriesStatus.PAUSED, "resume": SeriesStatus.ACTIVE,
                          "stop": SeriesStatus.STOPPED}[args.action]
                changed = change_series(journal, args.series_id, status=status)
        except KeyError:
            raise CliError(f"there is no series {args.series_id} (see: safir-campaign series list)") from None
        except ValueError as exc:
            raise CliError.of(exc) from None
        _list(journal, [changed])
        return EXIT_OK


def _add(args: argparse.Namespace, journal: Journal) -> int:
    from app.campaign import QuietHours
    from app.campaign.repeat import add_series, runs_wait_for_quiet_hours
    from app.cli.send import _content
    from app.jobs.runner import API_KEY_ENV, RunnerFailed, remember_key, start_series_runner
    from app.jobs.series import plan_for
    from app.campaign.defaults import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE

    rule = _rule(args)  # a rule that never runs is told first
    if args.file:
        raise CliError("a repeating campaign sends text, buttons, one-time passwords or templates; upload a file "
                       "and send it with send --file")
    key = os.environ.get(API_KEY_ENV, "").strip()
    if not key:
        raise CliError(f"no API access key: set the environment variable {API_KEY_ENV}; it is kept in the keyring "
                       "for the runs")
    try:
        quiet = QuietHours.parse(args.quiet_hours) if args.quiet_hours else None
    except ValueError as exc:
        raise CliError.of(exc) from None
    if quiet is not None and runs_wait_for_quiet_hours(rule, quiet, datetime.now(timezone.utc)):
        start, end = quiet.text()
        raise CliError(f"its runs would start at {rule.at}, inside the quiet hours {start}-{end}, and each wait "
                       f"until {end}: choose --at from {end} to {start}")
    if args.sms_fallback:
        from app.jobs.creating import sms_problem
        from app.reasons import content_problem

        problem = sms_problem(_content(args, None))
        if problem is not None:
            raise CliError(content_problem(problem, kind=_content(args, None).kind))
    plan = plan_for(str(args.sheet.resolve()), content=_content(args, None), bot_id=args.bot_id,
                    base_url=args.target_url, rate_per_minute=DEFAULT_RATE_PER_MINUTE if args.rate is None
                    else args.rate, in_flight=DEFAULT_IN_FLIGHT if args.in_flight is None else args.in_flight,
                    phone_column=args.phone_column, sheet_name=args.sheet_name, quiet_hours=quiet,
                    sms_fallback=args.sms_opt_out if args.sms_fallback else None)
    try:
        series_id = add_series(journal, args.name or args.sheet.name, rule, plan, journal.store_now())
    except ValueError as exc:
        raise CliError.of(exc) from None
    remember_key(args.target_url, key)
    try:
        process = start_series_runner(journal, key)
    except RunnerFailed as exc:
        raise CliError(f"series {series_id} was made, but its runner did not start: {exc}") from None
    from app.campaign.repeat import one_series

    _list(journal, [one_series(journal, series_id)])
    print(f"runs in the background (process {process.pid}), with no window open; after a restart, at login")
    return EXIT_OK


def _list(journal: Journal, found: list[Series]) -> None:
    from app.report.words import Words

    if not found:
        print("no repeating campaigns (make one: safir-campaign series add SHEET --every week --on saturday ...)")
        return
    words = Words()
    for series in found:
        print(f"series {series.id}: {series.name} — {series.rule.describe()}, {series.status}"
              + (f"; next run {words.moment(series.next_run)} Tehran time" if series.next_run and
                 series.status == "active" else "")
              + (f"; waiting: {series.note.text()}" if series.note else ""))


def cmd_series_runner(args: argparse.Namespace) -> int:
    """The background process that runs due series; one per state dir, until no series is
    active (or SIGTERM)."""
    from filelock import FileLock, Timeout

    from app.desktop import paths
    from app.campaign.repeat import SeriesStatus, all_series, note_series
    from app.reasons import waiting_reason
    from app.jobs.runner import key_for
    from app.jobs.series import fire_due

    lock = FileLock(str(paths.private_dir(paths.state_dir() / "locks") / "series-runner.lock"), mode=0o600)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        print("another series runner is at work for this desktop", flush=True)
        return EXIT_OK
    stopping: list[int] = []
    signal.signal(signal.SIGTERM, lambda number, _frame: stopping.append(number))
    with lock, open_journal() as journal:
        print(f"series runner: process {os.getpid()}", flush=True)

        def send(campaign_id: int) -> None:
            campaign = journal.campaigns.get(campaign_id)
            key = key_for(campaign.base_url)
            if not key:
                note_series(journal, campaign.series_id or 0,
                            waiting_reason("series_no_key", campaign=campaign_id, url=campaign.base_url))
                return
            print(f"campaign {campaign_id} of series {campaign.series_id}: sending", flush=True)
            asyncio.run(run_campaign(journal, campaign_id, campaign.base_url, key, None))

        while not stopping:
            now = journal.store_now()  # a run is due by the store's clock, not this desktop's
            fire_due(journal, now, send)
            active = [s for s in all_series(journal) if s.status is SeriesStatus.ACTIVE and s.next_run]
            if not active:
                print("no active series left; the series runner stops", flush=True)
                return EXIT_OK
            due = min(datetime.fromisoformat(str(s.next_run)) for s in active)
            wait = max(1.0, min(LOOK_SECONDS, (due - journal.store_now()).total_seconds()))
            deadline = time.monotonic() + wait
            while not stopping and time.monotonic() < deadline:
                time.sleep(0.5)
    print("series runner stopped", file=sys.stderr)
    return EXIT_OK
