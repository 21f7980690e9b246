"""One pass of a campaign's sending: recipients from the feed, each started when the
pace, the in-flight limit, the start time and quiet hours allow, every request done when
the pass ends (docs/architecture.md, "The send engine")."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime

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


class SendingPass:
    """Sends one pass of a run: ``stop`` ends it, ``pacer`` spaces the starts,
    ``requests`` sends each recipient and journals its outcome; ``sleep(seconds)`` and
    ``now()`` (aware) are the engine's clock, ``tell_waiting(reason)`` says why it waits."""

    def __init__(self, stop: StopSignal, pacer: Pacer, requests: RequestSender,
                 sleep: Callable[[float], Awaitable[None]], now: Callable[[], datetime],
                 tell_waiting: Callable[[Reason], None]) -> None:
        self._stop, self._pacer, self._requests = stop, pacer, requests
        self._sleep, self._now, self._tell_waiting = sleep, now, tell_waiting

    async def send_all(self, campaign: Campaign, quiet: QuietHours | None, queue: deque[Recipient],
                       feed: RecipientFeed) -> None:
        """One pass over what ``feed`` gives, ``queue`` first (rate-limited recipients go
        back to its end). On a team store, recipients another sender holds are waited
        for: taken over if their lease runs out, done when that sender settles them. Every
        request of the pass is done when it returns."""
        requests = self._requests
        slots = asyncio.Semaphore(max(1, campaign.in_flight))
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
                task = await requests.start(queue, campaign)
                if task is None:
                    self._pacer.answered()  # its start was booked, and nothing went out
                    slots.release()
                    continue
                # Released after the outcome is journaled and told, so a pause lands between requests.
                task.add_done_callback(lambda _: slots.release())
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            if tasks:  # a stop gives the requests out STOP_GRACE seconds
                _, late = await asyncio.wait(set(tasks), timeout=STOP_GRACE if self._stop else None)
                await _cancelled(late)
        except asyncio.CancelledError:
            await _cancelled(tasks)
            raise

    async def _take_turn(self, slots: asyncio.Semaphore) -> bool:
        """A slot of the in-flight limit, then the pace's next start; False (the slot
        given back) when stopped meanwhile."""
        # The common cases need no waiting, and no helper tasks to make a wait stoppable.
        if not slots.locked():
            await slots.acquire()  # a free slot: returns at once
        elif not await self._stop.until_stopped(slots.acquire()):
            return False
        # Booking reads and writes the key's pace in the store: off the loop (a thread's hop
        # per message would cost more than the rest of the engine).
        delay = await asyncio.to_thread(self._pacer.reserve) if self._pacer.will_book() else self._pacer.reserve()
        if self._stop or delay > 0 and not await self._stop.until_stopped(self._sleep(delay)) or self._stop:
            slots.release()
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
        while not self._stop:
            delay, why = time_to_wait(campaign.start_at, quiet, self._now())
            if delay <= 0:
                return True
            if why is not None:
                self._tell_waiting(why)
            await self.interruptible_sleep(min(delay, 60.0))
        return False

    async def interruptible_sleep(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when the run is stopped meanwhile."""
        await self._stop.until_stopped(self._sleep(seconds))


async def _cancelled(tasks: set[asyncio.Task[None]]) -> None:
    """Cancel ``tasks`` and wait until each has ended."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
