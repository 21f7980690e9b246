"""A campaign's sending against a service that refuses over its limit, on a simulated clock:
what the pacer achieves (docs/architecture.md, "Pacing"), in a second, for any limit,
set rate, latency and change of limit. Used by tests/test_pacing.py and
benchmarks/pacing.py."""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from app.campaign.pacer import MemoryBook, PaceBook, Pacer


class SlidingWindowService:
    """Accepts a request unless it has accepted ``limit`` in the last 60 s, or ``burst`` in
    the last second (the sandbox's rules, app/sandbox/state.py; 0: none); either may change
    at any time."""

    def __init__(self, limit: float, burst: float = 0) -> None:
        self.limit = limit
        self.burst = burst
        self._accepted: deque[float] = deque()
        self.accepted: list[float] = []
        self.refused: list[float] = []

    def answer(self, at: float) -> bool:
        while self._accepted and self._accepted[0] <= at - 60.0:
            self._accepted.popleft()
        over_burst = self.burst and sum(1 for t in self._accepted if t > at - 1.0) >= self.burst
        if over_burst or self.limit and len(self._accepted) >= self.limit:
            self.refused.append(at)
            return False
        self._accepted.append(at)
        self.accepted.append(at)
        return True


@dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass(order=True)
class _Event:
    at: float
    order: int
    run: Callable[[], None] = field(compare=False)


class Sender:
    """One campaign: ``messages`` to send at ``rate`` a minute, ``in_flight`` at once, each
    answered ``latency`` seconds after it starts (the service sees it half way)."""

    def __init__(self, sim: Simulation, messages: int, rate: float, book: PaceBook, in_flight: int = 8,
                 latency: float = 0.05, start: float = 0.0) -> None:
        self.sim, self.left, self.in_flight, self.latency = sim, messages, in_flight, latency
        self.pacer = Pacer(rate, sim.clock, book=book)
        self.out = 0
        self.sent = 0
        self.refusals = 0
        self.waiting = False
        self.stopped = False
        sim.at(start, self.next)

    def next(self) -> None:
        """Start the next message when a slot is free (as the engine's loop does)."""
        self.waiting = False
        if self.stopped or self.left <= 0 or self.out >= self.in_flight:
            return
        delay = self.pacer.reserve()
        self.left -= 1
        self.out += 1
        self.sim.at(self.sim.clock.now + delay + self.latency / 2, self._arrive)
        self.waiting = True
        self.sim.at(self.sim.clock.now + delay, self.next)

    def _arrive(self) -> None:
        ok = self.sim.service.answer(self.sim.clock.now)
        self.sim.at(self.sim.clock.now + self.latency / 2, lambda: self._answer(ok))

    def _answer(self, ok: bool) -> None:
        self.out -= 1
        if ok:  # in the engine's order: the answer is judged, then the request is done
            self.sent += 1
            self.pacer.on_accepted()
        else:
            self.refusals += 1
            self.left += 1  # the engine sends it again, later
            self.pacer.on_rate_limited()
        self.pacer.answered()
        if not self.waiting:
            self.next()


class Simulation:
    """Events on a simulated clock against one :class:`SlidingWindowService`."""

    def __init__(self, limit: float, burst: float = 0) -> None:
        self.clock = Clock()
        self.service = SlidingWindowService(limit, burst)
        self._events: list[_Event] = []
        self._order = 0

    def at(self, when: float, run: Callable[[], None]) -> None:
        self._order += 1
        heapq.heappush(self._events, _Event(when, self._order, run))

    def run(self, until: float = math.inf) -> None:
        while self._events and self._events[0].at <= until:
            event = heapq.heappop(self._events)
            self.clock.now = max(self.clock.now, event.at)
            event.run()
        self.clock.now = max(self.clock.now, min(until, self.clock.now if not self._events else until))

    def book(self) -> MemoryBook:
        """A key's book on this clock (several senders of one key share one)."""
        return MemoryBook(self.clock)


def accepted_between(times: list[float], start: float, end: float) -> int:
    return sum(1 for t in times if start <= t < end)


def settled_after(times: list[float], change: float, limit: float, *, span: float = 15.0,
                  horizon: float = 60.0, within: float = 150.0) -> float | None:
    """Seconds from ``change`` until the accepted ``times`` settle at ``limit`` (a minute):
    the first whole second from which every ``span`` of the next ``horizon`` seconds holds
    its share of the limit within 10 %; None if not within ``within`` seconds."""
    share = limit * span / 60.0
    for second in range(int(change), int(change + within)):
        if all(abs(accepted_between(times, t, t + span) / share - 1.0) <= 0.1
               for t in range(second, int(second + horizon - span) + 1)):
            return second - change
    return None
