"""The pacer: even request starts at a rate that adapts to the service's limit
(docs/architecture.md, "Pacing")."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Pacer:
    """Spreads request starts evenly at the current rate and adapts it to the service.

    ``rate_per_minute`` is the set rate (messages per minute; 0: no pacing). When the
    service refuses for rate (:meth:`on_rate_limited`), the pacer counts what it
    accepted in the last minute (the service's limit, as far as a client can see it)
    and settles at 90% of that, never below :attr:`floor` (a tenth of the set rate, at
    least 6 per minute); a Retry-After holds every start until it has passed. Each
    accepted message (:meth:`on_accepted`) raises the rate again: by 2% up to 90% of
    the learned limit, then by 0.1 per minute (about 10% a minute) up to the set rate,
    so a raised limit or a passing refusal is found again. ``clock`` gives monotonic
    seconds and ``sleep`` waits seconds; both are injectable for tests.
    """

    SETTLE = 0.9
    FLOOR_SHARE = 0.1
    MIN_FLOOR = 6.0  # messages per minute
    WINDOW = 60.0  # seconds of accepted messages remembered
    FAST_RECOVERY = 1.02
    PROBE_STEP = 0.1  # messages per minute, per accepted message
    MAX_HOLD = 60.0  # seconds: the longest Retry-After obeyed

    def __init__(
        self,
        rate_per_minute: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.target = rate_per_minute if rate_per_minute > 0 else math.inf
        self.floor = max(rate_per_minute * self.FLOOR_SHARE, self.MIN_FLOOR)
        self.rate = self.target
        #: Messages per minute the service accepted when it last refused; None until then.
        self.ceiling: float | None = None
        self._clock = clock
        self._sleep = sleep
        self._started = clock()
        self._accepted: deque[float] = deque()
        self._next: float | None = None
        self._hold_until = -math.inf

    @property
    def interval(self) -> float:
        """Seconds between starts at the current rate (0 when unpaced)."""
        return 0.0 if math.isinf(self.rate) else 60.0 / self.rate

    @property
    def rate_per_minute(self) -> float:
        """The current rate (0 when unpaced)."""
        return 0.0 if math.isinf(self.rate) else self.rate

    @property
    def slowed(self) -> bool:
        """True while the service's limit holds the rate under the set one."""
        return self.ceiling is not None and self.rate < self.target

    def reserve(self) -> float:
        """Book the next free slot; return the seconds to wait until it (0: now)."""
        now = self._clock()
        slot = max(now, self._hold_until if self._next is None else max(self._next, self._hold_until))
        self._next = slot + self.interval
        return slot - now

    async def wait(self) -> None:
        """Return at the next free slot, and book it."""
        delay = self.reserve()
        if delay > 0:
            await self._sleep(delay)

    def on_accepted(self) -> None:
        """The service accepted a message: remember it and raise the rate a little."""
        now = self._clock()
        self._accepted.append(now)
        self._forget(now)
        if self.rate >= self.target:
            return
        knee = self.SETTLE * self.ceiling if self.ceiling is not None else self.target
        if self.rate < knee:
            self.rate = min(knee, self.rate * self.FAST_RECOVERY)
        else:
            self.rate += self.PROBE_STEP
        self.rate = min(self.rate, self.target)

    def on_rate_limited(self, retry_after: float | None = None) -> None:
        """The service refused for rate: settle under what it accepted; obey
        ``retry_after`` (seconds) up to :attr:`MAX_HOLD`."""
        now = self._clock()
        self._forget(now)
        window = min(self.WINDOW, max(1.0, now - self._started))
        self.ceiling = len(self._accepted) * 60.0 / window
        before, self.rate = self.rate, min(self.target, max(self.floor, self.SETTLE * self.ceiling))
        if self.rate != before:
            log.info("rate limited by the service: pacing at %.0f per minute (it accepted %.0f in the last minute)",
                     self.rate_per_minute, self.ceiling)
        if retry_after is not None and retry_after > 0:
            self._hold_until = max(self._hold_until, now + min(retry_after, self.MAX_HOLD))

    def _forget(self, now: float) -> None:
        while self._accepted and self._accepted[0] <= now - self.WINDOW:
            self._accepted.popleft()
