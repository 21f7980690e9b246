"""Pacing at the service's limit (docs/architecture.md, "Pacing"): even starts at the set
rate, or at the limit the service enforces when that is lower, learned from its answers,
shared by every sender of one API key.

The model. The service refuses a key's request once it has accepted ``L`` requests in the
last minute (a sliding window: spec 8 says "per minute" and "spread evenly"). A sender
that starts requests evenly, never closer than ``60 / L`` seconds, can never be refused:
any minute then holds at most ``L`` of them. So the pacer keeps

- an **estimate of L** (messages per minute). Unknown until the service first refuses,
  or the documented ceiling (one-time passwords: 300 a minute). The first refusal sets it
  to the starts of the last minute (less what is still out; read as a rate over the time
  they took when that was a burst of a few seconds), and holds starts for a second while
  the burst's answers come in. Later refusals:
  after a quiet spell or a probe, the window was full, so L is what it holds; soon after
  another with the window near the estimate, the estimate is a little high (one under);
  well under it, the limit fell (90 % of the window's rate: its count over the time its
  starts took, at most a minute); refused again with nothing accepted between, it is
  lower still (90 % of that rate after a whole minute of starts, as the service's window
  drains; 80 % of a shorter burst's; and a second's hold).
  While the service accepts, the last minute is full and even (the next seconds free no
  more of it than the proven pace) and the campaign wants more, the estimate **probes
  upward** in steps that start at 5 % and double, at most every :data:`PROBE_EVERY`
  seconds and after a refusal only once the time of :data:`PROBE_MESSAGES` messages has
  passed (so a refused probe costs about 1.3 %). Such a minute answers a probe at once:
  the service refuses the first start over its limit. Over the **peak** (the most a
  minute has held unrefused), each step waits until the minute holds the estimate; under
  it (a limit that fell and may be back), the steps go on while the minute holds what is
  **proven** since the last refusal, so a limit raised back is regained in seconds.
- a **record of the starts** of the last minute (per tenth of a second), and books no
  start while the minute already holds ``L``: after a burst (the limit still unknown, a
  co-sender, a lowered limit) the sender waits for the window to clear instead of
  collecting refusals. A minute left empty by a wait (a burst before the limit was known,
  a co-sender, a raised estimate not filled yet) is not caught up faster than ``L``: a
  burst now leaves the window a minute later, and a stall follows it.
- one **schedule of starts per key** (the next free start, a Retry-After hold), so every
  sender of the key together starts at most ``L`` a minute, evenly.

A limit per second (spec 8: "a sudden high volume can be rejected") is outside the model:
even starts at the rate the first refusal measures keep under it, and probing finds the
rest (tests/test_pacing.py measures what it reaches).

Where the estimate, the record and the schedule live is a :class:`PaceBook`: in memory
(:class:`MemoryBook`, one process), in the embedded journal (the processes of one
desktop) or in the team store (every desktop of the team). The rule is the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

#: The service's window (seconds): at most L starts in any of them.
WINDOW = 60.0
#: Starts are recorded per tick of this many seconds (a tick leaves the window whole,
#: one tick late: the record never undercounts the service's).
TICK = 0.1
#: Messages per minute the estimate never goes under.
FLOOR = 6.0
#: A refusal this soon after the estimate changed is of a request started before it: not counted.
GRACE_SECONDS = 1.0
#: Added to the time a refused window's starts took (seconds): a burst of them is not
#: taken for a rate beyond what a second holds, and a full minute stays the limit itself.
SPAN_SLACK = 1.0
#: Starts that took less than this (seconds) were a burst: their count is read as a rate.
BURST_SECONDS = 5.0
#: Two refusals this close: the limit itself fell (the window was under the estimate).
REPEAT_SECONDS = WINDOW
#: A refusal again with the window at this share of the estimate or more: the estimate is a
#: little high (it goes one under the window); further under it: the limit fell, and the
#: estimate goes to this share of the window.
NEAR_SHARE = 0.95
FALL_SHARE = 0.9
STREAK_SHARE = 0.8
#: ... and the share after a whole minute's starts (the limit fell under a full window:
#: each refusal while it drains bounds the limit closely).
FULL_STREAK_SHARE = 0.9
#: How often the estimate may probe upward, and its first step (a share of itself).
PROBE_EVERY = 2.0
PROBE_FIRST = 0.05
#: No probe while the next this many seconds free more of the minute than the proven pace
#: would (by this share over it): a full minute then answers a probe at once.
LEAVING_SECONDS = 5.0
LEAVING_SLACK = 0.1
#: Quiet after a refusal before probing again: the time of this many messages at the
#: limit (a refused probe costs about one refusal: about 1.3 % of them), from
#: PROBE_QUIET_MIN to PROBE_QUIET_MAX seconds (a low estimate is not kept for minutes).
PROBE_MESSAGES = 75
PROBE_QUIET_MIN = 5.0
PROBE_QUIET_MAX = 60.0
#: The longest Retry-After obeyed (seconds).
MAX_HOLD = 60.0
#: A sender books at most this much of the schedule at once (seconds of starts).
BLOCK_SECONDS = 0.25
#: Other senders of the key seen within this long share it (seconds).
SHARING_SECONDS = 5.0


@dataclass
class PaceState:
    """One key's pace, as its book keeps it. Times are the book's clock (seconds)."""

    limit: float | None = None  # messages per minute the service allows, as learned
    next_slot: float = 0.0  # the schedule's next free start
    hold_until: float = 0.0  # a Retry-After: no start before it
    learned_at: float = -math.inf  # when the estimate last changed by a refusal
    refused_at: float = -math.inf  # the last counted refusal
    probe_at: float = -math.inf  # when the estimate last probed upward
    probe_step: float = 0.0  # the next probe's step (messages a minute; 0: the first)
    proven: float = 0.0  # the most a minute has held unrefused since the last refusal (messages; 0: none yet)
    peak: float = 0.0  # the most a minute has held unrefused, ever (messages a minute)
    starts: dict[int, int] = field(default_factory=dict[int, int])  # tick -> starts
    sharing: int = 0  # other senders of the key lately (the book tells)


def window_count(starts: dict[int, int], at: float, *, late: bool = True, since: float = -math.inf) -> int:
    """Starts recorded in the minute before ``at``: its tick and the ticks a minute back
    (``late``: one tick more than the service counts, so never fewer; else as many), none
    before ``since``."""
    last = math.floor(at / TICK)
    first = last - round(WINDOW / TICK) + (0 if late else 1)
    if since > -math.inf:
        first = max(first, math.floor(since / TICK) + 1)
    return sum(n for tick, n in starts.items() if first <= tick <= last)


def oldest_start(starts: dict[int, int], at: float) -> float:
    """When the oldest start recorded in the minute before ``at`` was made (``at`` if none)."""
    last = math.floor(at / TICK)
    ticks = [tick for tick, n in starts.items() if n and last - round(WINDOW / TICK) < tick <= last]
    return min(ticks) * TICK if ticks else at


def first_room(starts: dict[int, int], at: float, limit: float) -> float:
    """The first moment from ``at`` on when the minute before holds fewer than ``limit``
    starts (each tick leaves the window whole, one tick late)."""
    while window_count(starts, at) >= limit:
        last = math.floor(at / TICK)
        oldest = min(tick for tick in starts if tick >= last - round(WINDOW / TICK) and starts[tick])
        # the middle of the first tick the oldest is out of (a tick's edge can round back into it)
        at = max(at, (oldest + round(WINDOW / TICK) + 1.5) * TICK)
    return at


def forget(starts: dict[int, int], now: float) -> None:
    """Drop the record of ticks older than a minute and a second."""
    oldest = math.floor((now - WINDOW - 1.0) / TICK)
    for tick in [t for t in starts if t < oldest]:
        del starts[tick]


def book_starts(state: PaceState, now: float, count: int, wanted: float) -> list[float]:
    """Book ``count`` starts of the key's schedule from ``now`` (a campaign that wants
    ``wanted`` a minute, math.inf: unpaced): each at least ``60 / L`` after the last, none
    while the minute holds ``L``. Probes the estimate upward when the campaign wants more
    than it and the service has been quiet. Records the starts; returns their times."""
    probe(state, now, wanted)
    limit = state.limit
    at = max(state.next_slot, state.hold_until, now)
    booked: list[float] = []
    for _ in range(count):
        if limit is not None:
            at = first_room(state.starts, at, limit)
        booked.append(at)
        tick = math.floor(at / TICK)
        state.starts[tick] = state.starts.get(tick, 0) + 1
        if limit is not None:
            at += 60.0 / limit
    state.next_slot = at if limit is not None else max(state.next_slot, now)
    forget(state.starts, now)
    return booked


def probe(state: PaceState, now: float, wanted: float) -> None:
    """Raise the estimate when the campaign wants more, the last minute holds it (the
    estimate over the key's peak, what is proven since the last refusal under it: an
    estimate not in use proves nothing) and is even (its oldest :data:`LEAVING_SECONDS`
    hold no more than the proven pace's share: a full, even minute answers a probe at
    once, as the service refuses the first start over its limit), the service has been
    quiet for :data:`PROBE_MESSAGES` messages' time and the last probe is
    :data:`PROBE_EVERY` old. The step starts at :data:`PROBE_FIRST` of the estimate and
    doubles while the service accepts, up to the headroom (and the peak, under it)."""
    if state.limit is None or wanted <= state.limit:
        return
    quiet = min(PROBE_QUIET_MAX, max(PROBE_QUIET_MIN, PROBE_MESSAGES * 60.0 / state.limit))
    if now - state.refused_at < quiet or now - state.probe_at < PROBE_EVERY:
        return
    held = window_count(state.starts, now, late=False, since=state.refused_at)
    state.proven = max(state.proven, float(held))
    state.peak = max(state.peak, state.proven)
    # Under a level the key has held, climb back as long as the minute holds what is proven;
    # over it, each step only once the minute holds the estimate.
    regaining = state.limit < state.peak
    if window_count(state.starts, now, late=False) < NEAR_SHARE * (state.proven if regaining else state.limit):
        return
    # Starts leaving the minute faster than the proven pace make room a probe fills unrefused
    # (after a fall of the limit, or a burst): its answer would come late, after a stall's worth.
    leaving = window_count(state.starts, now - WINDOW + LEAVING_SECONDS, late=False, since=now - WINDOW)
    if leaving > state.proven * LEAVING_SECONDS / WINDOW * (1 + LEAVING_SLACK) + 1:
        return
    ceiling = min(wanted if not math.isinf(wanted) else 2 * state.limit, state.peak if regaining else math.inf)
    step = min(ceiling - state.limit, state.probe_step or max(1.0, PROBE_FIRST * state.limit))
    state.limit += step
    state.probe_step = 2 * step
    state.probe_at = now


def refused(state: PaceState, now: float, out: int, retry_after: float | None, streak: int = 1,
            start: float | None = None) -> None:
    """The service refused a request for rate at ``now`` (started at ``start``; None: not
    known, the latest), with ``out`` of this sender's other requests still unanswered and
    ``streak`` refusals counted since it last accepted one: learn the limit (see the
    module) and obey ``retry_after``."""
    if retry_after is not None and retry_after > 0:
        state.hold_until = max(state.hold_until, now + min(retry_after, MAX_HOLD))
    tick = None if start is None else math.floor(start / TICK)
    if tick is None or not state.starts.get(tick):
        tick = max((t for t in state.starts if state.starts[t]), default=None)
    if tick is not None:  # the refused start did not count at the service
        state.starts[tick] -= 1
    if now - state.learned_at < GRACE_SECONDS:
        return
    window = max(0, window_count(state.starts, now, late=False) - out)
    # The window as a rate over the time its starts took (the window itself after a whole
    # minute): a limit per second refuses a burst at once, long before a minute is full.
    span = min(WINDOW, now - oldest_start(state.starts, now) + SPAN_SLACK)
    rate = window * WINDOW / span
    probing = state.limit is not None and now - state.probe_at < REPEAT_SECONDS and state.probe_at > state.refused_at
    full = False
    if streak > 1:  # refused again, nothing accepted: it is well under the estimate
        learned = min(state.limit or rate, rate) * (STREAK_SHARE if span < WINDOW else FULL_STREAK_SHARE)
        state.hold_until = max(state.hold_until, now + GRACE_SECONDS)
    elif state.limit is None:  # a burst is read as a rate; starts that took longer filled the minute
        learned = rate if span < BURST_SECONDS else float(window)
        state.hold_until = max(state.hold_until, now + GRACE_SECONDS)  # a burst: let its answers come first
    elif full := now - state.refused_at > REPEAT_SECONDS or probing:
        learned = float(window)  # the window was full: that is the limit
    elif full := window >= NEAR_SHARE * state.limit:
        learned = min(state.limit, float(window)) - 1.0  # refused at the estimate: it is a little high
    else:
        learned = rate * FALL_SHARE  # refused well under the estimate: the limit fell
    state.limit = max(FLOOR, learned)
    # a full minute held the limit; any other refusal proves only that it is lower
    state.proven = state.limit if full else min(state.proven, state.limit)
    state.probe_step = 0.0
    state.learned_at = state.refused_at = now
    state.next_slot = max(state.next_slot, now)
    log.info("the service refused for rate: its limit is taken as %.0f a minute", state.limit)


class PaceBook(Protocol):
    """Where a key's :class:`PaceState` lives. :meth:`open` gives it, with the book's clock
    now, for one change made atomically (a transaction on a store; its ``sharing`` told)."""

    def open(self) -> contextlib.AbstractContextManager[tuple[PaceState, float]]: ...


class MemoryBook:
    """A key's pace in this process only (``clock``: the book's clock, seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, limit: float | None = None) -> None:
        self._clock = clock
        self.state = PaceState(limit=limit)

    @contextlib.contextmanager
    def open(self) -> Generator[tuple[PaceState, float], None, None]:
        yield self.state, self._clock()


class Pacer:
    """Even request starts for one campaign at its set rate (``rate_per_minute``, messages
    per minute; 0: unpaced), never faster than the key's limit as its ``book`` knows it
    (a :class:`MemoryBook` of its own when none is given). ``ceiling``: a documented limit
    (one-time passwords: 300 a minute), the first estimate and never exceeded. ``clock`` gives monotonic seconds and
    ``sleep`` waits seconds; both injectable. :meth:`reserve` books the next start;
    :meth:`on_accepted` and :meth:`on_rate_limited` tell it the service's answers; the
    engine calls :meth:`answered` for every answer (or none) of a started request."""

    def __init__(self, rate_per_minute: float, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, book: PaceBook | None = None,
                 ceiling: float | None = None) -> None:
        self.target = rate_per_minute if rate_per_minute > 0 else math.inf
        self._clock = clock
        self._sleep = sleep
        self._book: PaceBook = book or MemoryBook(clock)
        self._own_next: float | None = None
        self._booked: deque[float] = deque()  # starts of the key's schedule booked ahead, this clock
        self._unrecorded: list[float] = []  # starts not yet in the book (unpaced, no limit known)
        self._recorded_at = -math.inf
        self._out: deque[float] = deque()  # when each request not yet answered started, oldest first
        self._streak = 0  # refusals counted since the service last accepted one
        #: The key's limit as last learned (messages per minute; None: not limited yet).
        self.limit: float | None = None
        #: Other senders of the key lately (their campaigns share the limit).
        self.sharing = 0
        if ceiling is not None:  # a documented limit: probing over it would only be refused
            self.target = min(self.target, ceiling)
        with self._book.open() as (state, _):  # a resumed campaign starts at the limit learned before
            if state.limit is None and ceiling is not None:
                state.limit = ceiling
            self._learn(state)

    def _learn(self, state: PaceState) -> None:
        """What the book says of the key now: its limit, and how many others send with it."""
        self.limit, self.sharing = state.limit, state.sharing

    @property
    def rate_per_minute(self) -> float:
        """The pace now: the set rate, or the key's limit when that is lower (0 when unpaced)."""
        rate = self.target if self.limit is None else min(self.target, self.limit)
        return 0.0 if math.isinf(rate) else rate

    @property
    def interval(self) -> float:
        """Seconds between this campaign's own starts at its set rate (0 when unpaced)."""
        return 0.0 if math.isinf(self.target) else 60.0 / self.target

    @property
    def slowed(self) -> bool:
        """True while the service's limit holds this campaign under its set rate."""
        return self.limit is not None and self.limit < self.target

    def reserve(self) -> float:
        """Book this campaign's next start; the seconds to wait until it (0: now)."""
        now = self._clock()
        own = now if self._own_next is None else max(now, self._own_next)
        self._own_next = own + self.interval
        if self.limit is None and math.isinf(self.target):  # no pace to keep: only the record of starts
            self._unrecorded.append(own)
            self._out.append(own)
            if now - self._recorded_at >= BLOCK_SECONDS:
                self._record(now)
            return 0.0
        while self._booked and self._booked[0] < own - 1.0:
            self._booked.popleft()  # a start of the schedule this campaign was too slow to use
        if not self._booked:
            self._book_block(now)
        start = max(own, self._booked.popleft() if self._booked else own)
        self._out.append(start)
        return start - now

    def will_book(self) -> bool:
        """Whether the next :meth:`reserve` opens the book (reads and writes the store, so
        it belongs off the event loop); most do not, and are cheap enough to run on it."""
        now = self._clock()
        if self.limit is None and math.isinf(self.target):
            return now - self._recorded_at >= BLOCK_SECONDS
        own = now if self._own_next is None else max(now, self._own_next)
        return not self._booked or self._booked[-1] < own - 1.0

    async def wait(self) -> None:
        """Return at the next start, and book it."""
        delay = self.reserve()
        if delay > 0:
            await self._sleep(delay)

    def _book_block(self, now: float) -> None:
        """Book the next starts of the key's schedule: one, or a quarter second's worth
        when this campaign goes faster than four a second."""
        rate = self.target if self.limit is None else min(self.target, self.limit)
        count = 1 if math.isinf(rate) or rate / 60.0 * BLOCK_SECONDS < 1 else int(rate / 60.0 * BLOCK_SECONDS)
        with self._book.open() as (state, book_now):
            self._record_in(state, book_now - now)
            starts = book_starts(state, book_now, count, self.target)
            self._learn(state)
        self._booked.extend(start - book_now + now for start in starts)

    def _record(self, now: float) -> None:
        """Put the starts made without booking into the book (a few times a second)."""
        with self._book.open() as (state, book_now):
            self._record_in(state, book_now - now)
            self._learn(state)
        self._recorded_at = now

    def _record_in(self, state: PaceState, offset: float) -> None:
        for start in self._unrecorded:
            tick = math.floor((start + offset) / TICK)
            state.starts[tick] = state.starts.get(tick, 0) + 1
        self._unrecorded.clear()

    def answered(self) -> None:
        """A started request has its answer (or will never have one); requests are taken
        to be answered in the order they started."""
        if self._out:
            self._out.popleft()

    def on_accepted(self) -> None:
        """The service accepted a message."""
        self._streak = 0

    def on_rate_limited(self, retry_after: float | None = None) -> None:
        """The service refused a message for rate (before :meth:`answered` for it): learn
        its limit; obey ``retry_after`` (seconds) up to :data:`MAX_HOLD`."""
        now = self._clock()
        with self._book.open() as (state, book_now):
            self._record_in(state, book_now - now)
            start = self._out[0] + book_now - now if self._out else None
            if book_now - state.learned_at >= GRACE_SECONDS:
                self._streak += 1
            refused(state, book_now, max(0, len(self._out) - 1), retry_after, self._streak, start)
            self._learn(state)
        self._booked.clear()
        self._recorded_at = now
