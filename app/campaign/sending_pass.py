"""One pass of a campaign's sending: recipients from the feed, each started when the
pace, the in-flight limit, the start time and quiet hours allow, every request done when
the pass ends (docs/architecture.md, "The send engine")."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime
from functools import partial

from app.campaign.journal import Campaign, Recipient
from app.campaign.journal.leasing import LeaseLost
from app.campaign.journal.sessions import RecipientFeed
from app.campaign.pacer import Pacer
from app.campaign.requests import RequestSender
from app.campaign.schedule import QuietHours, time_to_wait
from app.campaign.stopping import StopSignal
from app.reasons import Reason

#: Recipients read (or, on a team store, claimed) at a time, and the queue's low-water mark.
BATCH = 500
LOW_WATER = 100
#: Seconds requests already out get to finish after Pause or Cancel.
STOP_GRACE = 1.0
#: Seconds between looks for recipients another sender holds (on a team store).
OTHERS_POLL_SECONDS = 1.0


class InFlightSlots:
    """The in-flight limit of one pass: at most ``size`` requests hold a slot.

    :meth:`take` waits for a free slot and gives up (False) when ``stop`` is set
    meanwhile; the wait is one future, not the helper tasks of
    :meth:`StopSignal.until_stopped`, since a pass takes a slot per message (CPU per
    message, docs/benchmarks.md). One taker at a time (the pass's loop)."""

    def __init__(self, size: int, stop: StopSignal) -> None:
        self._free = max(1, size)
        self._stop = stop
        self._waiter: asyncio.Future[None] | None = None
        stop.on_stop(self._wake)

    async def take(self) -> bool:
        """A slot (True), or False when stopped while none was free."""
        while self._free <= 0:
            if self._stop:
                return False
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        self._free -= 1
        return True

    def holder(self) -> HeldSlot:
        """After a :meth:`take`: what gives that slot back, the first time it is called."""
        return HeldSlot(self)

    def give_back(self) -> None:
        """One slot is free again (see :class:`HeldSlot`, which calls this once per slot)."""
        self._free += 1
        self._wake()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)


class HeldSlot:
    """One slot of :class:`InFlightSlots`, given back by the first call (any argument is
    ignored: it serves as a task's done callback too)."""

    __slots__ = ("_slots",)

    def __init__(self, slots: InFlightSlots) -> None:
        self._slots: InFlightSlots | None = slots

    def __call__(self, _: object = None) -> None:
        if self._slots is not None:
            self._slots, slots = None, self._slots
            slots.give_back()


class SendingPass:
    """Sends one pass of a run: ``stop`` ends it, ``pacer`` spaces the starts,
    ``requests`` sends each recipient and journals its outcome; ``sleep(seconds)`` and
    ``now()`` (aware) are the engine's clock, ``tell_waiting(reason)`` says why it waits."""

    def __init__(self, stop: StopSignal, pacer: Pacer, requests: RequestSender,
                 sleep: Callable[[float], Awaitable[None]], now: Callable[[], datetime],
                 tell_waiting: Callable[[Reason], None]) -> None:
        self._stop, self._pacer, self._requests = stop, pacer, requests
        self._sleep, self._now, self._tell_waiting = sleep, now, tell_waiting
        self._window_open = False

    async def send_all(self, campaign: Campaign, quiet: QuietHours | None, queue: deque[Recipient],
                       feed: RecipientFeed) -> None:
        """One pass over what ``feed`` gives, ``queue`` first (rate-limited recipients go
        back to its end). On a team store, recipients another sender holds are waited
        for: taken over if their lease runs out, done when that sender settles them. Every
        request of the pass is done when it returns."""
        requests = self._requests
        slots = InFlightSlots(campaign.in_flight, self._stop)
        tasks: set[asyncio.Task[None]] = set()
        fed = bool(queue)
        try:
            while not self._stop and not requests.lost:
                if fed and len(queue) < LOW_WATER:
                    try:
                        more = await asyncio.to_thread(feed.next_batch, BATCH)
                    except LeaseLost:
                        requests.lost = True
                        break
                    queue.extend(more)
                    fed = len(more) == BATCH
                if not queue:
                    if tasks:
                        await self._stop.until_stopped(asyncio.wait(set(tasks), return_when=asyncio.FIRST_COMPLETED))
                        continue
                    if not await self.others_hold(feed, queue):
                        break
                    fed = True
                    continue
                if not await self._wait_for_window(campaign, quiet):
                    break
                if await requests.held_back(queue[0]):  # before it takes a slot of the pace
                    queue.popleft()
                    continue
                if not await self._take_turn(slots):
                    break
                # Given back at the answer, so the next in-flight mark shares the outcome's
                # commit (or when the task ends, for a request that never left).
                give_back = slots.holder()
                task = await requests.start(queue, campaign, answered=give_back)
                if task is None:
                    self._pacer.answered()  # its start was booked, and nothing went out
                    give_back()
                    continue
                tasks.add(task)
                task.add_done_callback(partial(_ended, tasks, give_back))  # one callback: each is a loop handle
            if tasks:  # a stop gives the requests out STOP_GRACE seconds
                _, late = await asyncio.wait(set(tasks), timeout=STOP_GRACE if self._stop else None)
                await _cancelled(late)
        except asyncio.CancelledError:
            await _cancelled(tasks)
            raise

    async def _take_turn(self, slots: InFlightSlots) -> bool:
        """A slot of the in-flight limit, then the pace's next start; False (the slot
        given back) when stopped meanwhile."""
        if not await slots.take():
            return False
        # Booking reads and writes the key's pace in the store: off the loop (a thread's hop
        # per message would cost more than the rest of the engine).
        delay = await asyncio.to_thread(self._pacer.reserve) if self._pacer.will_book() else self._pacer.reserve()
        if self._stop or delay > 0 and not await self._stop.until_stopped(self._sleep(delay)) or self._stop:
            slots.give_back()
            return False
        return True

    async def others_hold(self, feed: RecipientFeed, queue: deque[Recipient]) -> bool:
        """With nothing queued and nothing out: True while other senders hold recipients of
        this pass (after a wait, or with what ran out meanwhile claimed into ``queue``).
        Asked before a last claim, since a lease that runs out between the two is claimed
        then: asked after it, the pass ended with that recipient unsent."""
        held = await asyncio.to_thread(feed.others_hold)
        try:
            queue.extend(await asyncio.to_thread(feed.next_batch, BATCH))
        except LeaseLost:
            self._requests.lost = True
            return False
        if held and not queue:
            await self.interruptible_sleep(OTHERS_POLL_SECONDS)
        return held or bool(queue)

    async def _wait_for_window(self, campaign: Campaign, quiet: QuietHours | None) -> bool:
        """Wait out the start time and quiet hours (telling why); False if stopped meanwhile."""
        if self._window_open and quiet is None:  # a start time once passed stays passed
            return not self._stop
        while not self._stop:
            delay, why = time_to_wait(campaign.start_at, quiet, self._now())
            if delay <= 0:
                self._window_open = True
                return True
            if why is not None:
                self._tell_waiting(why)
            await self.interruptible_sleep(min(delay, 60.0))
        return False

    async def interruptible_sleep(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when the run is stopped meanwhile."""
        await self._stop.until_stopped(self._sleep(seconds))


def _ended(tasks: set[asyncio.Task[None]], give_back: HeldSlot, task: asyncio.Task[None]) -> None:
    """A request's task ended: it leaves the pass's set, and its slot is given back (if
    its answer has not already)."""
    tasks.discard(task)
    give_back(task)


async def _cancelled(tasks: set[asyncio.Task[None]]) -> None:
    """Cancel ``tasks`` and wait until each has ended."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
