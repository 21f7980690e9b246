"""Repeating campaigns: a weekly series fires on its day under a fake clock, each run reading
its sheet again and sent as a campaign of its own; pausing, stopping and editing take
effect; a rule that never fires is refused; a run the balance would not pay for waits with a
sentence; and the background runner sends a run with no window or terminal kept open."""

from __future__ import annotations

import os
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.api import SafirClient
from app.campaign import CampaignEngine, Content
from app.campaign.repeat import Every, RepeatRule, SeriesStatus, add_series, change_series, one_series
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.series import fire_due, plan_for
from app.jobs.store import open_store
from tests.helpers import FAKETIME, REPO, delivered
from tests.helpers.cli import run
from tests.helpers import processes

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")

TEHRAN = ZoneInfo("Asia/Tehran")
SATURDAY = RepeatRule(Every.WEEK, "10:00", weekday=5)


def write(path: Path, numbers: range) -> str:
    path.write_text("name,mobile\n" + "".join(f"n{i},0912500{i:04d}\n" for i in numbers), encoding="utf-8")
    return str(path)


def at(text: str) -> datetime:
    """A Tehran wall-clock time as an aware instant."""
    return datetime.fromisoformat(text).replace(tzinfo=TEHRAN)


def test_a_rule_runs_on_its_day_and_one_that_never_runs_is_refused() -> None:
    friday = at("2026-11-27 18:00")
    assert SATURDAY.next_after(friday) == at("2026-11-28 10:00")
    assert SATURDAY.next_after(at("2026-11-28 10:00")) == at("2026-12-05 10:00")
    assert RepeatRule(Every.DAY, "09:30").next_after(at("2026-11-27 09:30")) == at("2026-11-28 09:30")
    monthly = RepeatRule(Every.MONTH, "10:00", day=1, jalali=True)  # 1 Dey 1405 is 22 December 2026
    assert monthly.next_after(friday) == at("2026-12-22 10:00")
    assert RepeatRule(Every.MONTH, day=31).next_after(at("2026-11-05 12:00")) == at("2026-12-31 10:00")
    for never in (RepeatRule(Every.MONTH, day=32), RepeatRule(Every.WEEK), RepeatRule(Every.DAY, "25:00")):
        assert never.problem() is not None
    refused = run("series", "add", str(REPO / "resources" / "samples" / "contacts.csv"), "--every", "month",
                  "--day", "0", "--bot-id", "1001", "--text", "x", "--base-url", "http://127.0.0.1:9")
    assert refused.returncode == 2 and "from 1 to 31" in refused.stderr
    assert "passed over" in RepeatRule(Every.MONTH, day=31).describe()  # 7 runs a year, not 12: it says so
    assert "passed over" in RepeatRule(Every.MONTH, day=30, jalali=True).describe()  # Esfand has 29 or 30
    assert "passed over" not in RepeatRule(Every.MONTH, day=28).describe()
    assert "passed over" not in RepeatRule(Every.MONTH, day=29, jalali=True).describe()


@pytest.mark.parametrize(("flags", "said"), [
    (("--every", "week", "--on", "friday", "--day", "3"), "--day and --jalali are for a monthly series"),
    (("--every", "day", "--jalali"), "--day and --jalali are for a monthly series"),
    (("--every", "month", "--day", "1", "--on", "friday"), "--on is for a weekly series"),
    (("--every", "day", "--at", "23:00", "--quiet-hours", "22:00-08:00"),
     "inside the quiet hours 22:00-08:00, and each wait until 08:00: choose --at from 08:00 to 22:00"),
    (("--every", "day", "--secure", "--sms-fallback"), "a secure message cannot go by SMS"),
])
def test_a_series_flag_that_would_be_dropped_or_wait_for_hours_is_refused(flags: tuple[str, ...], said: str) -> None:
    refused = run("series", "add", str(REPO / "resources" / "samples" / "contacts.csv"), *flags, "--bot-id", "1001",
                  "--text", "x", "--base-url", "http://127.0.0.1:9", api_key=DEMO_API_KEY)
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    assert "no repeating campaigns" in run("series", "list").stdout  # nothing was made


async def test_a_weekly_series_fires_twice_under_a_fake_clock_each_run_reading_the_sheet_again(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    sheet = tmp_path / "customers.csv"
    journal = open_store()
    plan = plan_for(write(sheet, range(1, 4)), content=Content(kind="text", text="weekly {{name}}"), bot_id=1001,
                    base_url=sandbox.url, rate_per_minute=0, in_flight=4)
    # Dates in the past: a team store takes a run only once its own clock says it is due.
    series_id = add_series(journal, "Saturday offers", SATURDAY, plan, at("2026-10-30 18:00"))
    sent: list[int] = []

    async def go(now: datetime) -> list[int]:
        made: list[int] = []
        fired = fire_due(journal, now, made.append)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            for campaign_id in made:
                await CampaignEngine(journal, client).run(campaign_id)
        sent.extend(made)
        return fired

    assert await go(at("2026-10-31 09:59")) == []  # not yet
    first = await go(at("2026-10-31 10:00"))
    assert len(first) == 1 and await go(at("2026-10-31 10:30")) == []  # once a Saturday
    write(sheet, range(1, 6))  # two more customers during the week
    second = await go(at("2026-11-07 10:00"))
    assert len(second) == 1
    assert one_series(journal, series_id).next_run == at("2026-11-14 10:00").astimezone(timezone.utc).isoformat(
        timespec="milliseconds")
    runs = [journal.campaigns.get(i) for i in sent]
    assert [c.series_id for c in runs] == [series_id, series_id]
    assert [journal.recipients.counts(c.id).sent for c in runs] == [3, 5]  # the sheet was read again
    assert len(delivered(sandbox)) == 8  # the same message to the same numbers on purpose: no repeat refusal
    change_series(journal, series_id, status=SeriesStatus.PAUSED)
    assert await go(at("2026-11-14 10:00")) == []
    change_series(journal, series_id, status=SeriesStatus.STOPPED)
    with pytest.raises(ValueError):
        change_series(journal, series_id, status=SeriesStatus.ACTIVE)
    journal.close()


def test_a_run_the_balance_would_not_pay_for_waits_with_a_sentence(tmp_path: Path) -> None:
    journal = open_store()
    journal.shared.set("balance_history", [{"at": "2026-10-27T10:00:00+00:00", "balance": 2}])
    plan = plan_for(write(tmp_path / "s.csv", range(1, 6)), content=Content(kind="text", text="x"), bot_id=1001,
                    base_url="http://127.0.0.1:9", rate_per_minute=0, in_flight=1)
    series_id = add_series(journal, "big", RepeatRule(Every.DAY, "10:00"), plan, at("2026-10-27 18:00"))
    assert fire_due(journal, at("2026-10-28 10:00"), lambda _: None) == []
    waiting = one_series(journal, series_id)
    assert waiting.note is not None and waiting.note.code == "series_balance"
    assert "would not pay for this run's 5 messages" in waiting.note.text()
    assert journal.campaigns.all() == []
    journal.shared.set("balance_history", [{"at": "2026-10-28T10:05:00+00:00", "balance": 900}])
    assert len(fire_due(journal, at("2026-10-28 10:06"), lambda _: None)) == 1  # it started once it could
    journal.close()


@pytest.mark.embedded_only
def test_the_background_runner_sends_a_run_with_no_window_and_stops_with_the_series(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    if not Path(FAKETIME).exists():
        pytest.fail("libfaketime is needed to set the runner's clock (.ci/run installs the faketime package)")
    # The runner's clock set to 8 s before a minute starts, so its run is due in 8 s, not in up to a minute
    # (4 s was too little for `series add` with both CPUs busy: it came after the minute, due the next day).
    now = datetime.now(TEHRAN)
    minute = (now + timedelta(minutes=1)).replace(second=0, microsecond=0)
    offset = (minute - now).total_seconds() - 8
    # (time.sleep fails under libfaketime with FAKETIME_DONT_FAKE_MONOTONIC: the runner sleeps.)
    env = {**os.environ, "SAFIR_API_KEY": DEMO_API_KEY, "LD_PRELOAD": FAKETIME, "FAKETIME": f"{offset:+.3f}"}
    added = processes.run([sys.executable, "-m", "app", "series", "add", write(tmp_path / "s.csv", range(1, 4)),
                            "--every", "day", "--at", minute.strftime("%H:%M"), "--bot-id", "1001", "--text",
                            "daily {{name}}", "--rate", "0", "--base-url", sandbox.url],
                           capture_output=True, text=True, env=env, cwd=REPO, timeout=60)
    assert added.returncode == 0 and "series 1" in added.stdout and "in the background" in added.stdout, added.stderr
    deadline = time.monotonic() + 100
    while len(delivered(sandbox)) < 3:
        assert time.monotonic() < deadline, (tmp_path / "state" / "logs" / "series-runner.log").read_text()
        time.sleep(0.5)
    listed = run("series", "list").stdout
    assert "series 1" in listed and "active" in listed and "next run" in listed
    assert run("series", "stop", "1").returncode == 0
    deadline = time.monotonic() + 60
    while "series runner stops" not in (log := (tmp_path / "state" / "logs" / "series-runner.log").read_text()):
        assert time.monotonic() < deadline, log
        time.sleep(0.5)
    with open_store() as journal:
        (campaign,) = journal.campaigns.all()
        assert campaign.series_id == 1 and journal.recipients.counts(campaign.id).sent == 3


def test_each_run_of_a_series_with_the_sms_fallback_has_it(tmp_path: Path) -> None:
    journal = open_store()
    plan = plan_for(write(tmp_path / "s.csv", range(1, 3)), content=Content(kind="text", text="x"), bot_id=1001,
                    base_url="http://127.0.0.1:9", rate_per_minute=0, in_flight=1, sms_fallback="لغو ۱۱")
    add_series(journal, "with SMS", RepeatRule(Every.DAY, "10:00"), plan, at("2026-10-27 18:00"))
    made = fire_due(journal, at("2026-10-28 10:00"), lambda _: None)
    assert len(made) == 1 and journal.campaigns.get(made[0]).sms_fallback == "لغو ۱۱"
    journal.close()


def test_a_balance_history_entry_that_is_none_or_dated_ahead_is_left_out(each_store: str) -> None:
    """Found by an attack: any sender may write the team's balance history; "[1]" stopped
    every member's window and series runner, and an entry dated 9999 with a balance of 0
    held every repeating campaign back for good."""
    from app.jobs.series import balance_entries, last_balance

    real = {"at": "2026-11-20T10:00:00+00:00", "balance": 500}
    written = [1, "x", {"at": "never", "balance": 3}, {"balance": 4}, {"at": "9999-12-31T00:00:00+00:00", "balance": 0},
               real, {"at": "2026-11-01T10:00:00+00:00", "balance": 900}]
    assert balance_entries(written, datetime(2026, 11, 27, tzinfo=timezone.utc)) == [written[-1], real]
    assert balance_entries({"not": "a list"}) == []
    with open_store() as journal:
        journal.shared.set("balance_history", written)
        assert last_balance(journal) == 500
