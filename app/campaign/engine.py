"""The send engine: paces a campaign's recipients through the client and journals each
outcome. Knows nothing of Qt: progress goes to a plain callback."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from filelock import FileLock, Timeout

from app.api import (
    Category,
    ConnectFailed,
    MessageData,
    RateLimitError,
    RequestTimeout,
    SafirClient,
    SafirError,
    classify,
)
from app.campaign.journal import Campaign, CampaignStatus, Journal, Recipient, RecipientState
from app.campaign.schedule import QuietHours, seconds_until

log = logging.getLogger(__name__)

#: Spec section 8: at most 30 OTPs to one phone per hour.
OTP_PER_PHONE_PER_HOUR = 30


class CampaignLocked(RuntimeError):
    """Another process is sending this campaign."""


class Pacer:
    """Spreads request starts evenly: one every ``60 / rate_per_minute`` seconds.

    ``rate_per_minute`` of 0 means no pacing. On a rate-limit answer :meth:`slow_down`
    doubles the interval; each success (:meth:`recover`) shrinks it by 2% back towards
    the set rate, so the campaign recovers gradually. ``clock`` returns seconds
    (monotonic); ``sleep`` waits seconds. Both are injectable for tests.
    """

    MIN_SLOWED_INTERVAL = 0.01  # seconds; the floor once unpaced sending was rate-limited
    RECOVERY = 0.98

    def __init__(
        self,
        rate_per_minute: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.target_interval = 60.0 / rate_per_minute if rate_per_minute > 0 else 0.0
        self.interval = self.target_interval
        self._clock = clock
        self._sleep = sleep
        self._next: float | None = None

    @property
    def rate_per_minute(self) -> float:
        """The current rate (0 when unpaced)."""
        return 60.0 / self.interval if self.interval else 0.0

    async def wait(self) -> None:
        """Return at the next free slot, and book it."""
        now = self._clock()
        slot = now if self._next is None else max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await self._sleep(slot - now)

    def slow_down(self) -> None:
        self.interval = max(self.interval * 2, self.MIN_SLOWED_INTERVAL, self.target_interval)

    def recover(self) -> None:
        if self.interval > self.target_interval:
            self.interval = self.interval * self.RECOVERY
            if self.interval - self.target_interval < 1e-4 or (
                not self.target_interval and self.interval < self.MIN_SLOWED_INTERVAL / 10
            ):
                self.interval = self.target_interval


@dataclass
class Progress:
    """A snapshot after each outcome: ``counts`` per recipient state plus ``total``;
    ``row``/``state``/``error`` describe the recipient that just finished (if any);
    ``rate_per_minute`` is the achieved rate of this run; ``waiting`` says why the run
    is idle (quiet hours, start time), if it is."""

    campaign_id: int
    counts: dict[str, int]
    status: str
    rate_per_minute: float = 0.0
    row: int | None = None
    state: str | None = None
    error: str | None = None
    waiting: str | None = None


@dataclass
class RunResult:
    """How a run ended: ``status`` (finished, paused, cancelled), ``reason`` in plain
    words when it did not finish, the final ``counts`` and errors per code."""

    campaign_id: int
    status: str
    reason: str | None
    counts: dict[str, int] = field(default_factory=dict)
    errors_by_code: dict[int, int] = field(default_factory=dict)


class CampaignEngine:
    """Sends one campaign's pending and in-flight recipients.

    At most ``campaign.in_flight`` requests at once, starts spaced by :class:`Pacer`,
    nothing during quiet hours or before the start time. Per-recipient errors are
    recorded and the run goes on; rate-limit answers slow it down; account-wide errors
    (bad key, payment required, contact limit) and an unreachable service pause the
    campaign with the reason; :meth:`pause` and :meth:`cancel` stop it between
    requests. ``now`` gives wall-clock time (aware), ``clock``/``sleep`` monotonic
    seconds; all injectable for tests.
    """

    def __init__(
        self,
        journal: Journal,
        client: SafirClient,
        *,
        on_progress: Callable[[Progress], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        now: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
    ) -> None:
        self.journal = journal
        self.client = client
        self.on_progress = on_progress
        self._clock = clock
        self._sleep = sleep
        self._now = now
        self._stop: tuple[str, str] | None = None  # (status, reason)
        self._stop_event = asyncio.Event()
        self._pacer: Pacer | None = None

    def pause(self, reason: str = "paused by the user") -> None:
        """Stop starting new requests; in-flight ones finish; the campaign is paused."""
        if self._stop is None:
            self._stop = (CampaignStatus.PAUSED, reason)
        self._stop_event.set()

    def cancel(self, reason: str = "cancelled by the user") -> None:
        """Like :meth:`pause`, but the campaign ends as cancelled."""
        self._stop = (CampaignStatus.CANCELLED, reason)
        self._stop_event.set()

    def lock_path(self, campaign_id: int) -> Path:
        return self.journal.path.parent / "locks" / f"campaign-{campaign_id}.lock"

    async def run(self, campaign_id: int) -> RunResult:
        """Send until done, paused or cancelled; return how it ended.

        Raises KeyError for an unknown campaign, CampaignLocked when another process is
        sending it, JournalError if the journal fails.
        """
        lock_path = self.lock_path(campaign_id)
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(lock_path))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            raise CampaignLocked(
                f"campaign {campaign_id} is being sent by another process; wait for it to finish or stop it"
            ) from None
        try:
            return await self._run(self.journal.campaign(campaign_id))
        finally:
            lock.release()

    async def _run(self, campaign: Campaign) -> RunResult:
        campaign_id = campaign.id
        if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED) and not self.journal.recipients_to_send(
            campaign_id
        ):
            return self._result(campaign_id, campaign.status, campaign.status_reason)
        self._stop = None
        self._stop_event = asyncio.Event()
        self._campaign = campaign
        self._counts = self.journal.counts(campaign_id)
        self._started = self._clock()
        self._done_this_run = 0
        quiet = (QuietHours.parse(f"{campaign.quiet_start}-{campaign.quiet_end}", campaign.time_zone)
                 if campaign.quiet_start and campaign.quiet_end else None)
        self.journal.set_status(campaign_id, CampaignStatus.RUNNING)
        self._emit(CampaignStatus.RUNNING)

        pacer = self._pacer = Pacer(campaign.rate_per_minute, self._clock, self._sleep)
        self.client.retry_listeners.append(self._on_retry)
        # Checkpoints copy the log into the database: done by a worker thread, not by
        # whichever commit happens to cross the threshold on the event loop.
        self.journal.automatic_checkpoints(False)
        checkpoints = asyncio.ensure_future(self._checkpoint_now_and_then())
        slots = asyncio.Semaphore(max(1, campaign.in_flight))
        # Reading (and decoding) every row takes a while for big campaigns: off the loop.
        queue: deque[Recipient] = deque(await asyncio.to_thread(self.journal.recipients_to_send, campaign_id))
        tasks: set[asyncio.Task[None]] = set()
        try:
            while not self._stop:
                if not queue:
                    if not tasks:
                        break
                    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                    continue
                if not await self._wait_for_window(campaign, quiet):
                    break
                await slots.acquire()
                if self._stop:
                    slots.release()
                    break
                await pacer.wait()
                if self._stop:
                    slots.release()
                    break
                recipient = queue.popleft()
                if self._otp_limit_reached(recipient):
                    slots.release()
                    continue
                self._move(recipient.state, RecipientState.IN_FLIGHT)
                attempt_id = self.journal.mark_in_flight(recipient, campaign.kind, time.time())
                task = asyncio.create_task(self._send(recipient, attempt_id, slots, queue))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            if tasks:
                await asyncio.gather(*tasks)
        except asyncio.CancelledError:
            for task in tasks:
                task.cancel()
            self.journal.set_status(campaign_id, CampaignStatus.PAUSED, "interrupted")
            raise
        finally:
            self.client.retry_listeners.remove(self._on_retry)
            checkpoints.cancel()
            self.journal.automatic_checkpoints(True)

        status, reason = self._stop or (CampaignStatus.FINISHED, None)
        self.journal.set_status(campaign_id, status, reason)
        result = await asyncio.to_thread(self._result, campaign_id, status, reason)  # counts scan every row
        self._counts = result.counts
        self._emit(status)
        return result

    async def _checkpoint_now_and_then(self, every: float = 2.0) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await asyncio.to_thread(self.journal.checkpoint)
            except Exception as exc:  # noqa: BLE001 - a skipped checkpoint only grows the log
                log.warning("journal checkpoint skipped: %s", exc)

    def _result(self, campaign_id: int, status: str, reason: str | None) -> RunResult:
        return RunResult(campaign_id, status, reason, self.journal.counts(campaign_id),
                         self.journal.error_counts(campaign_id))

    async def _wait_for_window(self, campaign: Campaign, quiet: QuietHours | None) -> bool:
        """Wait out the start time and quiet hours; False if stopped meanwhile."""
        while not self._stop:
            now = self._now()
            delay = seconds_until(campaign.start_at, now)
            why = f"waiting for the start time {campaign.start_at}"
            if not delay and quiet is not None:
                delay = quiet.seconds_until_open(now)
                why = f"quiet hours until {quiet.end.strftime('%H:%M')} ({quiet.time_zone})"
            if delay <= 0:
                return True
            self._emit(CampaignStatus.RUNNING, waiting=why)
            await self._interruptible_sleep(min(delay, 60.0))
        return False

    async def _interruptible_sleep(self, seconds: float) -> None:
        sleeper = asyncio.ensure_future(self._sleep(seconds))
        stopper = asyncio.ensure_future(self._stop_event.wait())
        await asyncio.wait({sleeper, stopper}, return_when=asyncio.FIRST_COMPLETED)
        for task in (sleeper, stopper):
            task.cancel()

    def _otp_limit_reached(self, recipient: Recipient) -> bool:
        """Spec 8: hold back an OTP to a phone that had 30 in the last hour."""
        if self._campaign.kind != "otp" or recipient.phone is None:
            return False
        recent = self.journal.recent_attempts(recipient.phone, "otp", time.time() - 3600)
        if recent < OTP_PER_PHONE_PER_HOUR:
            return False
        error = f"{OTP_PER_PHONE_PER_HOUR} one-time passwords went to this phone in the last hour; not sent"
        self.journal.record_outcome(recipient.campaign_id, recipient.row, RecipientState.FAILED,
                                    error_code=18, error=error)
        self._move(recipient.state, RecipientState.FAILED)
        self._emit(CampaignStatus.RUNNING, recipient.row, RecipientState.FAILED, error)
        return True

    def _on_retry(self, error: SafirError) -> None:
        if isinstance(error, RateLimitError) and self._pacer is not None:
            self._pacer.slow_down()
            log.info("rate limited: slowing to %.0f per minute", self._pacer.rate_per_minute)

    async def _send(self, recipient: Recipient, attempt_id: int, slots: asyncio.Semaphore,
                    queue: deque[Recipient]) -> None:
        campaign_id, row = recipient.campaign_id, recipient.row
        try:
            assert recipient.phone is not None and recipient.message_data is not None
            result = await self.client.send_message(
                bot_id=self._campaign.bot_id,
                phone_number=recipient.phone,
                message_data=MessageData.from_wire(recipient.message_data),
                request_id=recipient.request_id,
            )
        except SafirError as error:
            state = self._record_error(recipient, attempt_id, error)
            if state == RecipientState.PENDING and not self._stop:
                queue.append(replace(recipient, state=RecipientState.PENDING))  # rate-limited: later, slower
            self._move(RecipientState.IN_FLIGHT, state)
            self._emit(CampaignStatus.RUNNING, row, state, error.message)
        else:
            self.journal.record_outcome(campaign_id, row, RecipientState.SENT, attempt_id=attempt_id,
                                        now=time.time(), message_id=result.message_id)
            if self._pacer is not None:
                self._pacer.recover()
            self._move(RecipientState.IN_FLIGHT, RecipientState.SENT)
            self._emit(CampaignStatus.RUNNING, row, RecipientState.SENT)
        finally:
            slots.release()

    def _record_error(self, recipient: Recipient, attempt_id: int, error: SafirError) -> str:
        """Journal the outcome of a failed send and return the recipient's new state.

        DESIGN.md's classes: account-wide errors and an unreachable service pause the
        campaign and keep the recipient pending; a rate limit that outlived the
        client's retries slows down and re-queues it; a timeout or dropped answer is
        ``unknown`` (a resume re-sends it under the same request_id, which is safe);
        everything else is this recipient's failure.
        """
        code = getattr(error, "code", None)
        category = classify(error)
        state = RecipientState.FAILED
        if category is Category.ACCOUNT or isinstance(error, ConnectFailed):
            self.pause(f"{error.message}. Fix this, then resume the campaign.")
            state = RecipientState.PENDING
        elif isinstance(error, RateLimitError):
            if self._pacer is not None:
                self._pacer.slow_down()
            state = RecipientState.PENDING
        elif isinstance(error, RequestTimeout) or category is Category.UNKNOWN:
            state = RecipientState.UNKNOWN
        self.journal.record_outcome(recipient.campaign_id, recipient.row, state, attempt_id=attempt_id,
                                    now=time.time(), error_code=code, error=error.message)
        return state

    def _move(self, old: str, new: str) -> None:
        self._counts[old] -= 1
        self._counts[new] += 1
        if new not in (RecipientState.IN_FLIGHT, RecipientState.PENDING):
            self._done_this_run += 1

    def _emit(self, status: str, row: int | None = None, state: str | None = None, error: str | None = None,
              waiting: str | None = None) -> None:
        if self.on_progress is None:
            return
        elapsed = self._clock() - self._started
        rate = self._done_this_run * 60.0 / elapsed if elapsed > 0 else 0.0
        self.on_progress(Progress(self._campaign.id, dict(self._counts), status, rate, row, state, error, waiting))
