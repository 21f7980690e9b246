"""When a campaign may send: quiet hours (a daily window in a time zone) and a start time."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.reasons import Reason, waiting_reason

#: The days of the week as the command line and a series' rule name them, Monday first.
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

DEFAULT_TIME_ZONE = "Asia/Tehran"
_WINDOW = re.compile(r"\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*")


@dataclass(frozen=True)
class QuietHours:
    """A daily window, ``start`` to ``end`` local time in ``time_zone``, during which
    nothing is sent. ``start`` after ``end`` spans midnight (22:00-08:00)."""

    start: time
    end: time
    time_zone: str = DEFAULT_TIME_ZONE

    @classmethod
    def parse(cls, window: str, time_zone: str = DEFAULT_TIME_ZONE) -> QuietHours:
        """From ``"HH:MM-HH:MM"``. Raises ValueError with a plain sentence."""
        match = _WINDOW.fullmatch(window)
        if not match:
            raise ValueError(f"quiet hours must look like 22:00-08:00, not {window!r}")
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
            raise ValueError(f"quiet hours {window!r} name a time that does not exist")
        try:
            ZoneInfo(time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {time_zone!r} (try Asia/Tehran)") from None
        return cls(time(h1, m1), time(h2, m2), time_zone)

    def text(self) -> tuple[str, str]:
        """``("HH:MM", "HH:MM")`` as stored in the journal."""
        return self.start.strftime("%H:%M"), self.end.strftime("%H:%M")

    def _local(self, at: datetime) -> datetime:
        return at.astimezone(ZoneInfo(self.time_zone))

    def is_quiet(self, at: datetime) -> bool:
        """True when ``at`` (an aware datetime) falls in the quiet window."""
        if self.start == self.end:
            return False
        now = self._local(at).time()
        if self.start < self.end:
            return self.start <= now < self.end
        return now >= self.start or now < self.end

    def seconds_until_open(self, at: datetime) -> float:
        """Seconds from ``at`` until the window ends; 0 when it is not quiet now."""
        if not self.is_quiet(at):
            return 0.0
        local = self._local(at)
        end = local.replace(hour=self.end.hour, minute=self.end.minute, second=0, microsecond=0)
        if end <= local:
            end += timedelta(days=1)
        return (end - local).total_seconds()


def seconds_until(start_at: str | None, at: datetime) -> float:
    """Seconds from ``at`` until the ISO 8601 instant ``start_at`` (0 if past or None).
    A naive ``start_at`` is read as UTC."""
    if not start_at:
        return 0.0
    begin = datetime.fromisoformat(start_at)
    if begin.tzinfo is None:
        begin = begin.replace(tzinfo=timezone.utc)
    return max(0.0, (begin - at).total_seconds())


def campaign_quiet_hours(start: str | None, end: str | None, time_zone: str) -> QuietHours | None:
    """The quiet hours stored with a campaign (``"HH:MM"`` each), None when it has none."""
    return QuietHours.parse(f"{start}-{end}", time_zone) if start and end else None


def time_to_wait(start_at: str | None, quiet: QuietHours | None, now: datetime) -> tuple[float, Reason | None]:
    """Seconds until a campaign may send at ``now`` (aware): the start time first, then
    quiet hours; with the reason why (0 and None: send now)."""
    delay = seconds_until(start_at, now)
    if delay > 0:
        return delay, waiting_reason("start_time", start=start_at)
    if quiet is not None:
        delay = quiet.seconds_until_open(now)
        if delay > 0:
            return delay, waiting_reason("quiet_hours", end=quiet.end.strftime("%H:%M"), zone=quiet.time_zone)
    return 0.0, None
