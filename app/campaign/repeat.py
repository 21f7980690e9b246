"""Repeating campaigns: a series runs the same campaign again on a rule ("every Saturday at
10:00", "every day at 09:30", "on the 1st of every month"), each run its own campaign
linked to the series (docs/architecture.md, "Repeating campaigns"). Here the rule and the
series as the journal keeps them; running one is app.jobs.series'."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from datetime import date, datetime, time, timedelta, timezone
from enum import StrEnum
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import jdatetime

from app.campaign.journal.records import actor, now_text
from app.campaign.schedule import WEEKDAYS, QuietHours
from app.reasons import Reason

if TYPE_CHECKING:
    from app.campaign.journal import Journal

log = logging.getLogger(__name__)

class Every(StrEnum):
    DAY = "day"
    WEEK = "week"
    MONTH = "month"


class SeriesStatus(StrEnum):
    """A series runs (``active``), waits for the user (``paused``) or is over (``stopped``)."""

    ACTIVE = "active"
    PAUSED = "paused"
    STOPPED = "stopped"


@dataclass(frozen=True)
class RepeatRule:
    """When a series runs: ``every`` day, week (on ``weekday``, 0 Monday … 6 Sunday) or
    month (on ``day`` of the month, of the Jalali calendar with ``jalali``), at ``at``
    (``HH:MM``) in ``time_zone``. A day a month lacks (the 31st of a 30-day month) is
    passed over."""

    every: Every
    at: str = "10:00"
    weekday: int | None = None
    day: int | None = None
    jalali: bool = False
    time_zone: str = "Asia/Tehran"

    def problem(self) -> str | None:
        """Why the rule would never run (or cannot be read), in a sentence; None if it runs."""
        try:
            time.fromisoformat(self.at)
            ZoneInfo(self.time_zone)
        except (ValueError, KeyError):
            return f"{self.at!r} is not a time of day (HH:MM) in {self.time_zone}"
        if self.every is Every.WEEK and (self.weekday is None or not 0 <= self.weekday <= 6):
            return "a weekly series needs the day of the week it runs on (--on saturday)"
        if self.every is Every.MONTH and (self.day is None or not 1 <= self.day <= 31):
            return "a monthly series needs the day of the month it runs on, from 1 to 31 (--day N)"
        return None

    def next_after(self, moment: datetime) -> datetime:
        """The first run strictly after ``moment`` (aware), as an aware UTC instant."""
        zone = ZoneInfo(self.time_zone)
        local = moment.astimezone(zone)
        at = time.fromisoformat(self.at)
        day = local.date()
        for _ in range(800):  # a little over two years: every valid rule fires within it
            if self._runs_on(day):
                candidate = datetime.combine(day, at, zone)
                if candidate > local:
                    return candidate.astimezone(timezone.utc)
            day += timedelta(days=1)
        raise ValueError("this rule never runs")

    def _runs_on(self, day: date) -> bool:
        if self.every is Every.DAY:
            return True
        if self.every is Every.WEEK:
            return day.weekday() == self.weekday
        if self.jalali:
            return int(jdatetime.date.fromgregorian(date=day).strftime("%d")) == self.day
        return day.day == self.day

    def describe(self) -> str:
        if self.every is Every.DAY:
            when = "every day"
        elif self.every is Every.WEEK:
            when = f"every {WEEKDAYS[self.weekday or 0].capitalize()}"
        else:
            when = f"on day {self.day} of every {'Jalali ' if self.jalali else ''}month"
            if (self.day or 0) > (29 if self.jalali else 28):  # some months lack it
                when += f" (a month without a day {self.day} is passed over)"
        return f"{when} at {self.at} ({self.time_zone})"

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> RepeatRule:
        data: dict[str, Any] = json.loads(text)
        return cls(Every(data["every"]), str(data.get("at", "10:00")), data.get("weekday"), data.get("day"),
                   bool(data.get("jalali")), str(data.get("time_zone", "Asia/Tehran")))


def runs_wait_for_quiet_hours(rule: RepeatRule, quiet: QuietHours | None, now: datetime) -> bool:
    """True when ``rule``'s runs start inside ``quiet`` (its next run after ``now``, an
    aware instant): each would wait, unsent, until the quiet hours end, hours after the
    time chosen. The CLI and the window refuse such a series."""
    return quiet is not None and quiet.is_quiet(rule.next_after(now))


@dataclass(frozen=True)
class Series:
    """A repeating campaign as the journal keeps it: its ``rule``, its ``plan`` (what
    every run sends: JSON app.jobs.series reads), ``status``, why it waits (``status_note``)
    and when it runs next (``next_run``, an instant as the journal stores it)."""

    id: int
    name: str
    rule: RepeatRule
    plan: dict[str, Any]
    status: SeriesStatus
    status_note: str | None
    next_run: str | None
    created_by: str

    @property
    def note(self) -> Reason | None:
        """Why it waits (``status_note`` as stored; None: it does not)."""
        return Reason.from_stored(self.status_note)


def _series(row: Any) -> Series:
    """The series of a row; ValueError, KeyError or TypeError for a row that is none (a
    rule, plan, status or next run written by hand, say through psql on a team store)."""
    if row["next_run"] is not None:
        datetime.fromisoformat(str(row["next_run"]))
    return Series(int(row["id"]), str(row["name"]), RepeatRule.from_json(str(row["rule"])), json.loads(row["plan"]),
                  SeriesStatus(row["status"]), row["status_note"], row["next_run"], str(row["created_by"]))


def add_series(journal: Journal, name: str, rule: RepeatRule, plan: dict[str, Any], now: datetime) -> int:
    """Store a new active series whose first run is the rule's next after ``now``; its id.
    Raises ValueError (its sentence) for a rule that never runs, and the journal's errors."""
    problem = rule.problem()
    if problem:
        raise ValueError(problem)
    user, machine = actor()
    with journal.transaction():
        row = journal.db.execute(
            "INSERT INTO series (name, rule, plan, status, next_run, created_at, created_by, updated_at)"
            " VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id",
            (name, rule.to_json(), json.dumps(plan, ensure_ascii=False), SeriesStatus.ACTIVE,
             _instant(rule.next_after(now)), now_text(), f"{user}@{machine}", now_text())).fetchone()
    journal.audit_trail.add("series created", None, f"series {row[0]}: {rule.describe()}")
    return int(row[0])


def all_series(journal: Journal) -> list[Series]:
    """Every series, oldest first; a row that is no series is left out (and logged), so
    one member's row written by hand stops nobody's list or runner."""
    found: list[Series] = []
    for row in journal.db.execute("SELECT * FROM series ORDER BY id"):
        try:
            found.append(_series(row))
        except (KeyError, TypeError, ValueError) as error:
            log.warning("series %s is left out: it cannot be read (%r)", row["id"], error)
    return found


def last_runs(journal: Journal) -> dict[int, int]:
    """Each series' newest run: series id → campaign id (series that never ran are absent)."""
    return {int(series_id): int(campaign_id) for series_id, campaign_id in journal.db.execute(
        "SELECT series_id, MAX(id) FROM campaigns WHERE series_id IS NOT NULL AND status <> 'creating'"
        " GROUP BY series_id")}


def one_series(journal: Journal, series_id: int) -> Series:
    """The series with this id; raises KeyError if there is none."""
    row = journal.db.execute("SELECT * FROM series WHERE id = $1", (series_id,)).fetchone()
    if row is None:
        raise KeyError(series_id)
    return _series(row)


def change_series(journal: Journal, series_id: int, *, status: SeriesStatus | None = None,
                  rule: RepeatRule | None = None, plan: dict[str, Any] | None = None,
                  now: datetime | None = None) -> Series:
    """Pause, resume or stop a series, or give its future runs a new rule or plan (the
    next run follows the new rule from ``now``). Raises KeyError, ValueError."""
    current = one_series(journal, series_id)
    if current.status is SeriesStatus.STOPPED and status is not SeriesStatus.STOPPED:
        raise ValueError(f"series {series_id} is stopped; make a new one")
    if rule is not None and rule.problem():
        raise ValueError(rule.problem())
    moment = now or journal.store_now()
    new_rule = rule or current.rule
    next_run = current.next_run
    if rule is not None or status is SeriesStatus.ACTIVE:
        next_run = _instant(new_rule.next_after(moment))
    journal.series_runs.write(series_id, status or current.status, new_rule.to_json(),
                              json.dumps(plan if plan is not None else current.plan, ensure_ascii=False), next_run)
    journal.audit_trail.add(f"series {status or 'changed'}", None, f"series {series_id}")
    return one_series(journal, series_id)


def claim_run(journal: Journal, series: Series, now: datetime) -> bool:
    """Take the run due at ``series.next_run`` for this process (its next run moves on);
    False when another process took it first (a team store's other desktops)."""
    if series.next_run is None:
        return False
    return journal.series_runs.claim(series.id, series.next_run, _instant(series.rule.next_after(now)))


def note_series(journal: Journal, series_id: int, note: Reason | None) -> None:
    """Say why a series waits (None: it does not)."""
    with journal.transaction():
        journal.db.execute("UPDATE series SET status_note = $1, updated_at = $2 WHERE id = $3",
                           (note.stored() if note is not None else None, now_text(), series_id))


def _instant(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")
