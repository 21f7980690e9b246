"""One pace per API key, shared by every sender of a team store (docs/team.md, "One pace per
key"): the service's limit is the account's (spec 8), so senders on several desktops that
use one key must learn it together and share it, or together they run over it.

The ``pace`` row of a key holds the learned rate (messages per minute; NULL until the
service first refuses for rate), the rate it accepted then (``ceiling``), the next free
start (``next_slot``) and a Retry-After (``hold_until``), both in server seconds since
the epoch. Every sender books its starts from that one schedule, so N senders together
start at the learned rate, evenly. Accepted messages are counted per second in
``pace_accepted``: a refusal for rate sets the rate under what *all* senders had
accepted in the last minute, and every sender's accepted messages raise it again, as
:class:`Pacer` does for one sender.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import psycopg

from app.campaign.journal.team.leases import NOW
from app.campaign.pacer import Pacer

if TYPE_CHECKING:
    from app.campaign.journal.team.store import TeamJournal

log = logging.getLogger(__name__)

#: A sender books at most this much of the shared schedule at once (seconds of starts).
BLOCK_SECONDS = 0.25
#: Counts older than this are dropped (seconds).
KEEP_SECONDS = 120


class SharedPacer(Pacer):
    """A :class:`Pacer` for campaign rate ``rate_per_minute`` whose learned rate and
    schedule are the team store's row for ``key`` (a client's pace key, never the API key).

    :meth:`reserve` gives the later of this campaign's own next start (its set rate) and
    the next start of the shared schedule, booked in the store (blocks of up to
    :data:`BLOCK_SECONDS` when this campaign could go faster than the shared rate). A
    store that fails raises JournalError from :meth:`reserve` (the run pauses on it).
    """

    def __init__(self, journal: TeamJournal, key: str, rate_per_minute: float,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        super().__init__(rate_per_minute, clock, sleep)
        self._journal = journal
        self._key = key
        self._booked: list[float] = []  # shared starts booked ahead, this process's clock
        self._unflushed = 0
        self._bookings = 0
        self._shared: float | None = None  # the learned shared rate, None: not limited yet
        with journal.transaction():
            journal.db.execute("INSERT INTO pace (key) VALUES (?) ON CONFLICT DO NOTHING", (key,))
        self._sync(book=0)

    @property
    def interval(self) -> float:
        """Seconds between this campaign's own starts (its set rate; 0 when unpaced)."""
        return 0.0 if math.isinf(self.target) else 60.0 / self.target

    def reserve(self) -> float:
        own = super().reserve()  # this campaign's set rate
        now = self._clock()
        try:
            if self._shared is None and not self._booked:
                if self._unflushed >= 10:
                    self._sync(book=0)
                if self._shared is None:
                    return own
            while self._booked and self._booked[0] < now + own - self.interval_shared:
                self._booked.pop(0)  # a booked start this campaign was too slow to use
            if not self._booked:
                self._sync(book=self._block())
        except psycopg.Error as error:
            raise self._journal.database_error(error) or error from None
        if not self._booked:
            return own
        return max(own, self._booked.pop(0) - now)

    @property
    def interval_shared(self) -> float:
        """Seconds between starts of the shared schedule (0: not limited)."""
        return 0.0 if self._shared is None else 60.0 / self._shared

    def _block(self) -> int:
        """How many shared starts to book at once: one, unless this campaign is faster
        than the shared rate (then a quarter second's worth)."""
        if self._shared is None or self.target <= self._shared:
            return 1
        return max(1, min(50, int(self._shared / 60.0 * BLOCK_SECONDS)))

    def on_accepted(self) -> None:
        self._unflushed += 1
        self._accepted.append(self._clock())

    def on_rate_limited(self, retry_after: float | None = None) -> None:
        try:
            self._learn(retry_after)
        except psycopg.Error as error:  # learn alone until the store answers again
            log.warning("the team store could not share a refusal for rate: %s", self._journal.database_error(error))
            super().on_rate_limited(retry_after)

    def _learn(self, retry_after: float | None) -> None:
        """Set the shared rate under what every sender of the key had accepted in the last minute."""
        db = self._journal.db
        with self._journal.transaction():
            row = db.execute(f"SELECT rate, {NOW} FROM pace WHERE key = ? FOR UPDATE", (self._key,)).fetchone()
            server_now = float(row[1])
            self._flush(server_now)
            total, first = db.execute(
                "SELECT COALESCE(SUM(count), 0), MIN(second) FROM pace_accepted WHERE key = ? AND second > ?",
                (self._key, int(server_now) - int(self.WINDOW))).fetchone()
            window = min(self.WINDOW, max(1.0, server_now - float(first if first is not None else server_now)))
            ceiling = float(total) * 60.0 / window
            rate = max(self.floor, self.SETTLE * ceiling)
            if row[0] is not None:
                rate = min(rate, float(row[0]))
            hold = server_now + min(retry_after, self.MAX_HOLD) if retry_after and retry_after > 0 else 0.0
            db.execute("UPDATE pace SET rate = ?, ceiling = ?, hold_until = GREATEST(hold_until, ?) WHERE key = ?",
                       (rate, ceiling, hold, self._key))
        self._shared, self.ceiling = rate, ceiling
        self.rate = min(self.target, rate)
        self._booked.clear()

    def _sync(self, book: int) -> None:
        """In one transaction: add this sender's accepted messages, raise the shared rate
        by them, and book the ``book`` next starts of the shared schedule. (A campaign
        slower than the shared rate uses its start late, rather than push the schedule,
        and the faster campaigns with it, to its own pace.)"""
        db = self._journal.db
        local_now = self._clock()
        with self._journal.transaction():
            rate, ceiling, next_slot, hold, server_now = db.execute(
                f"SELECT rate, ceiling, next_slot, hold_until, {NOW} FROM pace WHERE key = ? FOR UPDATE",
                (self._key,)).fetchone()
            offset = float(server_now) - local_now  # server seconds = this clock + offset
            shared = None if rate is None else self._recovered(float(rate), ceiling, self._unflushed)
            self._flush(float(server_now))
            starts: list[float] = []
            if book and shared is not None:
                interval = 60.0 / shared
                first = max(float(next_slot), float(hold), float(server_now))
                starts = [first + i * interval for i in range(book)]
                next_slot = first + book * interval
            db.execute("UPDATE pace SET rate = ?, next_slot = ? WHERE key = ?", (shared, next_slot, self._key))
            self._bookings += 1
            if self._bookings % 200 == 0:
                db.execute("DELETE FROM pace_accepted WHERE key = ? AND second < ?",
                           (self._key, int(float(server_now)) - KEEP_SECONDS))
        self._shared = shared
        self.ceiling = None if ceiling is None else float(ceiling)
        self.rate = self.target if shared is None else min(self.target, shared)
        self._booked = [start - offset for start in starts]

    def _recovered(self, rate: float, ceiling: float | None, accepted: int) -> float:
        """The shared rate raised by ``accepted`` messages: 2% each up to 90% of the
        ceiling, then 0.1 per minute each; never above this campaign's set rate by its
        doing (another campaign's may be higher)."""
        knee = self.SETTLE * ceiling if ceiling is not None else rate
        raised = rate
        for _ in range(accepted):
            raised = min(knee, raised * self.FAST_RECOVERY) if raised < knee else raised + self.PROBE_STEP
        return max(rate, min(raised, self.target)) if not math.isinf(self.target) else raised

    def _flush(self, server_now: float) -> None:
        if self._unflushed:
            self._journal.db.execute(
                "INSERT INTO pace_accepted (key, second, count) VALUES (?, ?, ?) ON CONFLICT (key, second)"
                " DO UPDATE SET count = pace_accepted.count + excluded.count",
                (self._key, int(server_now), self._unflushed))
            self._unflushed = 0
