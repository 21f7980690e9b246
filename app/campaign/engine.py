"""The send engine: paces a campaign's recipients through the client and journals each
outcome. Knows nothing of Qt: progress goes to a plain callback.

The promise (docs/architecture.md, "Outcomes converge; the state never lies"): every recipient ends
sent, failed or skipped, or the campaign is paused with a sentence saying why. A
campaign is ``finished`` only when no recipient is pending, in flight or unknown.
"""

from __future__ import annotations

import asyncio
import csv
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from app.api import (
    Category,
    ConnectFailed,
    ConnectionDropped,
    InvalidInputError,
    MessageData,
    RateLimitError,
    RequestTimeout,
    SafirClient,
    SafirError,
    classify,
    scrub,
)
from app.campaign.journal import (
    STATES_TO_SEND,
    Campaign,
    CampaignStatus,
    Journal,
    JournalError,
    Recipient,
    RecipientState,
)
from app.campaign.schedule import QuietHours, seconds_until
from app.campaign.suppression import SUPPRESSION_FILE, SuppressionWatch
from app.campaign.writer import JournalWriter
from app.reasons import pause_text, reason_text, waiting_text

log = logging.getLogger(__name__)

#: Spec section 8: at most 30 OTPs to one phone per hour.
OTP_PER_PHONE_PER_HOUR = 30
#: Rounds of re-sending recipients whose answer was lost, after the main pass.
UNKNOWN_ROUNDS = 3
#: Requests in a row that got no answer before the campaign pauses.
NO_ANSWER_LIMIT = 5
#: Seconds without any answer, while requests are out, before the campaign pauses.
NO_ANSWER_SECONDS = 30.0
#: Identical code-4 refusals in a row that make it a campaign error (unknown template, bot).
INVALID_INPUT_STREAK = 5
#: Seconds requests already out get to finish after Pause or Cancel.
STOP_GRACE = 1.0


class CampaignLocked(RuntimeError):
    """Another process is sending this campaign."""


def lock_path(journal: Journal, campaign_id: int) -> Path:
    """The file lock held by whoever sends campaign ``campaign_id``."""
    return journal.path.parent / "locks" / f"campaign-{campaign_id}.lock"


def campaign_is_sending(journal: Journal, campaign_id: int) -> bool:
    """True while some engine, in this process or another, holds the campaign's lock."""
    path = lock_path(journal, campaign_id)
    if not path.exists():
        return False
    lock = FileLock(str(path), mode=0o600, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return True
    lock.release()
    return False


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
        self.rate = min(self.target, max(self.floor, self.SETTLE * self.ceiling))
        if retry_after is not None and retry_after > 0:
            self._hold_until = max(self._hold_until, now + min(retry_after, self.MAX_HOLD))

    def _forget(self, now: float) -> None:
        while self._accepted and self._accepted[0] <= now - self.WINDOW:
            self._accepted.popleft()


@dataclass
class Progress:
    """A snapshot after each outcome: ``counts`` per recipient state plus ``total``;
    ``row``/``state``/``error`` describe the recipient that just finished (if any);
    ``rate_per_minute`` is the achieved rate of this run; ``waiting`` says why the run
    is idle (quiet hours, start time, re-sending lost answers), if it is;
    ``pace_per_minute`` is the pacer's current rate (0: unpaced), ``slowed`` True while
    the service's limit holds it under the set rate; ``error_code`` the spec code of
    ``error``, when the service gave one."""

    campaign_id: int
    counts: dict[str, int]
    status: str
    rate_per_minute: float = 0.0
    row: int | None = None
    state: str | None = None
    error: str | None = None
    waiting: str | None = None
    pace_per_minute: float = 0.0
    error_code: int | None = None
    slowed: bool = False


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
    """Sends one campaign's recipients that still need a request.

    At most ``campaign.in_flight`` requests at once, starts spaced by :class:`Pacer`,
    nothing during quiet hours or before the start time. Per-recipient errors are
    recorded and the run goes on; rate-limit answers slow it down (never to a
    standstill). These pause the campaign with a sentence: an account-wide error (bad
    key, payment required, contact limit), an unreachable service, a service that
    stops answering (:data:`NO_ANSWER_LIMIT` requests in a row, or
    :data:`NO_ANSWER_SECONDS`), :data:`INVALID_INPUT_STREAK` identical code-4
    refusals, a journal fault, and any unexpected exception. Recipients whose answer was
    lost are re-sent under their request_id after the main pass (:data:`UNKNOWN_ROUNDS`
    rounds). Immediately before a request leaves, its number is checked against the
    ``suppression`` list as it is now: a number added meanwhile is ``skipped`` with the
    reason "on the suppression list"; an unreadable list pauses the campaign. :meth:`pause` and :meth:`cancel` end every wait within a second. ``now``
    gives wall-clock time (aware), ``clock``/``sleep`` monotonic seconds; all injectable.
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
        unknown_rounds: int = UNKNOWN_ROUNDS,
        no_answer_seconds: float = NO_ANSWER_SECONDS,
        suppression: SuppressionWatch | None = None,
    ) -> None:
        self.journal = journal
        # The list beside the journal (the state dir), checked before every request.
        self.suppression = suppression or SuppressionWatch(Path(journal.path).with_name(SUPPRESSION_FILE))
        self.client = client
        self.on_progress = on_progress
        self.unknown_rounds = unknown_rounds
        self.no_answer_seconds = no_answer_seconds
        self._clock = clock
        self._sleep = sleep
        self._now = now
        self._stop: tuple[str, str] | None = None  # (status, reason)
        self._stop_event = asyncio.Event()
        self._pacer: Pacer | None = None
        self._writer: JournalWriter | None = None

    def pause(self, reason: str = pause_text("user_paused")) -> None:
        """Stop starting new requests; those out get a second to finish; the campaign is paused."""
        if self._stop is None:
            self._stop = (CampaignStatus.PAUSED, reason)
        self._stop_event.set()

    def cancel(self, reason: str = pause_text("user_cancelled")) -> None:
        """Like :meth:`pause`, but the campaign ends as cancelled."""
        self._stop = (CampaignStatus.CANCELLED, reason)
        self._stop_event.set()

    def lock_path(self, campaign_id: int) -> Path:
        return lock_path(self.journal, campaign_id)

    async def run(self, campaign_id: int) -> RunResult:
        """Send until done, paused or cancelled; return how it ended.

        Raises KeyError for an unknown campaign, CampaignLocked when another process is
        sending it, JournalError if the journal fails before sending starts (later
        journal faults pause the run and are its ``reason``).
        """
        path = self.lock_path(campaign_id)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        lock = FileLock(str(path), mode=0o600)
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
        self._last_answer = self._clock()
        self._no_answer = 0
        self._invalid_streak: list[tuple[int, str]] = []
        self._refused_answer: str | None = None
        self._out_since: dict[int, float] = {}
        quiet = (QuietHours.parse(f"{campaign.quiet_start}-{campaign.quiet_end}", campaign.time_zone)
                 if campaign.quiet_start and campaign.quiet_end else None)
        self.journal.set_status(campaign_id, CampaignStatus.RUNNING)
        self._emit(CampaignStatus.RUNNING)

        self._pacer = Pacer(campaign.rate_per_minute, self._clock, self._sleep)
        self._writer = await asyncio.to_thread(JournalWriter, self.journal.path)
        self.client.retry_listeners.append(self._on_retry)
        watchdog = asyncio.ensure_future(self._watch_answers())
        try:
            for round_number in range(self.unknown_rounds + 1):
                states = STATES_TO_SEND if round_number == 0 else (RecipientState.UNKNOWN,)
                # Reading (and decoding) every row takes a while for big campaigns: off the loop.
                queue = deque(await asyncio.to_thread(self.journal.recipients_to_send, campaign_id, states))
                if not queue:
                    break
                if round_number:
                    delay = min(2.0 ** round_number, 30.0)
                    self._emit(CampaignStatus.RUNNING, waiting=waiting_text("resending", count=len(queue),
                                                                            seconds=f"{delay:.0f}"))
                    await self._interruptible_sleep(delay)
                    if self._stop:
                        break
                await self._send_all(campaign, quiet, queue)
                if self._stop:
                    break
        except asyncio.CancelledError:
            self._stop = self._stop or (CampaignStatus.PAUSED, pause_text("interrupted"))
            self._close_writer()
            self._settle(campaign_id)
            raise
        except JournalError as exc:
            self.pause(str(exc))
        finally:
            watchdog.cancel()
            self.client.retry_listeners.remove(self._on_retry)
            self._close_writer()
        result = await asyncio.to_thread(self._settle, campaign_id)  # counting scans every row: off the loop
        self._counts = result.counts
        self._emit(result.status)
        return result

    def _close_writer(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def _settle(self, campaign_id: int) -> RunResult:
        """Decide how the run ended from the journal's counts, store it and return it.
        Never ``finished`` while a recipient is pending, in flight or unknown. When the
        journal cannot be read, the run's own counts stand in."""
        try:
            counts = self.journal.counts(campaign_id)
        except JournalError:
            counts = dict(self._counts)
        if self._stop is not None:
            status, reason = self._stop
        elif counts[RecipientState.UNKNOWN]:
            status, reason = CampaignStatus.PAUSED, pause_text(
                "not_confirmed", count=counts[RecipientState.UNKNOWN], rounds=self.unknown_rounds)
        elif counts[RecipientState.PENDING] or counts[RecipientState.IN_FLIGHT]:
            left = counts[RecipientState.PENDING] + counts[RecipientState.IN_FLIGHT]
            status, reason = CampaignStatus.PAUSED, pause_text("not_sent", count=left)
        else:
            status, reason = CampaignStatus.FINISHED, None
        try:
            self.journal.set_status(campaign_id, status, reason)
            errors = self.journal.error_counts(campaign_id)
        except JournalError as exc:
            log.error("campaign %s: could not store its status %s: %s", campaign_id, status, exc)
            errors = {}
        return RunResult(campaign_id, status, reason, counts, errors)

    async def _send_all(self, campaign: Campaign, quiet: QuietHours | None, queue: deque[Recipient]) -> None:
        """One pass over ``queue`` (rate-limited recipients go back to its end)."""
        assert self._pacer is not None and self._writer is not None
        slots = asyncio.Semaphore(max(1, campaign.in_flight))
        tasks: set[asyncio.Task[None]] = set()
        try:
            while not self._stop:
                if not queue:
                    if not tasks:
                        break
                    await self._until_stopped(asyncio.wait(set(tasks), return_when=asyncio.FIRST_COMPLETED))
                    continue
                if not await self._wait_for_window(campaign, quiet):
                    break
                if await self._skipped_as_suppressed(queue[0]):  # before it takes a slot of the pace
                    queue.popleft()
                    continue
                # The common cases need no waiting, and no helper tasks to make a wait stoppable.
                if not slots.locked():
                    await slots.acquire()  # a free slot: returns at once
                elif not await self._until_stopped(slots.acquire()):
                    break
                delay = self._pacer.reserve()
                if self._stop or delay > 0 and not await self._until_stopped(self._sleep(delay)) or self._stop:
                    slots.release()
                    break
                recipient = queue.popleft()
                if await self._skipped_as_suppressed(recipient) or await self._otp_limit_reached(recipient):
                    slots.release()
                    continue
                marked = self._writer.call(Journal.mark_in_flight, recipient, campaign.kind, time.time())
                self._move(recipient.state, RecipientState.IN_FLIGHT)
                task = asyncio.create_task(self._send(recipient, marked, slots, queue))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            if tasks:
                _, late = await asyncio.wait(set(tasks), timeout=STOP_GRACE if self._stop else None)
                for task in late:
                    task.cancel()
                await asyncio.gather(*late, return_exceptions=True)
        except asyncio.CancelledError:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise

    async def _send(self, recipient: Recipient, marked: asyncio.Future[int], slots: asyncio.Semaphore,
                    queue: deque[Recipient]) -> None:
        """Send one recipient's request and journal its outcome. Catches everything: a
        fault that is not this recipient's pauses the campaign instead."""
        assert self._writer is not None and self._pacer is not None
        try:
            await self._send_and_record(recipient, marked, queue)
        finally:
            slots.release()  # after the outcome is journaled and told, so a pause lands between requests

    async def _send_and_record(self, recipient: Recipient, marked: asyncio.Future[int],
                               queue: deque[Recipient]) -> None:
        assert self._writer is not None and self._pacer is not None
        row = recipient.row
        try:
            attempt_id = await marked
        except (JournalError, asyncio.CancelledError) as exc:  # the request never left
            self._move(RecipientState.IN_FLIGHT, recipient.state)
            if isinstance(exc, JournalError):
                self.pause(str(exc))
            return
        self._out_since[row] = self._clock()
        message_id = error_code = None
        text: str | None = None
        try:
            assert recipient.phone is not None and recipient.message_data is not None
            result = await self.client.send_message(
                bot_id=self._campaign.bot_id,
                phone_number=recipient.phone,
                message_data=MessageData.from_wire(recipient.message_data),
                request_id=recipient.request_id,
            )
        except asyncio.CancelledError:
            state, text = RecipientState.UNKNOWN, reason_text("cut_off")
        except SafirError as error:
            state, error_code, text = self._judge(recipient, error), getattr(error, "code", None), error.message
        except Exception as error:  # noqa: BLE001 - the boundary: nothing may end a campaign silently
            log.error("campaign %s row %s: unexpected %s", recipient.campaign_id, row, type(error).__name__,
                      exc_info=True)
            state, text = RecipientState.UNKNOWN, reason_text("unexpected_error", kind=type(error).__name__)
            self.pause(pause_text("unexpected", kind=type(error).__name__, detail=scrub(str(error))[:200]))
        else:
            state, message_id = RecipientState.SENT, result.message_id
            self._answered()
            self._invalid_streak.clear()
            self._pacer.on_accepted()
        finally:
            self._out_since.pop(row, None)
        try:
            await self._writer.call(Journal.record_outcome, recipient.campaign_id, row, state, attempt_id=attempt_id,
                                    now=time.time(), message_id=message_id, error_code=error_code, error=text)
        except JournalError as exc:
            self.pause(str(exc))  # the journal still says in flight: a resume re-sends it safely
            return
        if state == RecipientState.PENDING and not self._stop:
            queue.append(replace(recipient, state=RecipientState.PENDING))  # rate-limited: later, slower
        self._move(RecipientState.IN_FLIGHT, state)
        self._emit(CampaignStatus.RUNNING, row, state, text, error_code=error_code)

    def _judge(self, recipient: Recipient, error: SafirError) -> str:
        """The recipient's new state after ``error``, pausing the campaign where
        docs/architecture.md's error classes say so: account-wide errors and an unreachable service keep
        it pending; a rate limit that outlived the client's retries slows down and
        re-queues it; a lost answer makes it ``unknown`` (re-sent later under the same
        request_id); everything else is this recipient's failure."""
        category = classify(error)
        if isinstance(error, ConnectionDropped):
            self._answered()  # the service is up; this one answer was lost
            return RecipientState.UNKNOWN
        if isinstance(error, RequestTimeout) or category is Category.UNKNOWN:
            self._no_answer += 1
            if self._no_answer >= NO_ANSWER_LIMIT:
                self.pause(pause_text("not_answering", url=self.client.base_url, count=self._no_answer))
            return RecipientState.UNKNOWN
        if isinstance(error, ConnectFailed):
            self.pause(pause_text("network", error=error.message))
            return RecipientState.PENDING
        self._answered()
        if category is Category.ACCOUNT:
            self.pause(pause_text("account", error=error.message))
            return RecipientState.PENDING
        if isinstance(error, RateLimitError):
            self._pacer_limited(error)
            return RecipientState.PENDING
        if isinstance(error, InvalidInputError):
            return self._invalid_input(recipient, error)
        self._invalid_streak.clear()
        return RecipientState.FAILED

    def _invalid_input(self, recipient: Recipient, error: InvalidInputError) -> str:
        """Code 4 for one row is that row's failure; the same code 4 for
        :data:`INVALID_INPUT_STREAK` rows in a row is the campaign's (an unknown
        template or bot): it pauses, and those rows go back to pending."""
        if error.message == self._refused_answer:
            return RecipientState.PENDING  # out before the pause: the campaign's error, not this row's
        if self._invalid_streak and self._invalid_streak[-1][1] != error.message:
            self._invalid_streak.clear()
        self._invalid_streak.append((recipient.row, error.message))
        if len(self._invalid_streak) < INVALID_INPUT_STREAK:
            return RecipientState.FAILED
        self.pause(pause_text("same_refusal", count=len(self._invalid_streak), answer=error.message))
        self._refused_answer = error.message
        assert self._writer is not None
        for row, _ in self._invalid_streak[:-1]:
            self._writer.call(Journal.record_outcome, recipient.campaign_id, row, RecipientState.PENDING)
            self._move(RecipientState.FAILED, RecipientState.PENDING)
        self._invalid_streak.clear()
        return RecipientState.PENDING

    def _answered(self) -> None:
        self._last_answer = self._clock()
        self._no_answer = 0

    async def _watch_answers(self) -> None:
        """Pause when requests are out and nothing has answered for a while."""
        while True:
            await asyncio.sleep(1.0)
            if self._stop or not self._out_since:
                continue
            now = self._clock()
            silent = now - max(self._last_answer, min(self._out_since.values()))
            if silent >= self.no_answer_seconds:
                self.pause(pause_text("silent", url=self.client.base_url, seconds=f"{silent:.0f}"))

    async def _until_stopped(self, awaitable: Awaitable[Any]) -> bool:
        """Await ``awaitable`` unless the run is stopped first; True when it completed."""
        task = asyncio.ensure_future(awaitable)
        if not task.done():
            stopper = asyncio.ensure_future(self._stop_event.wait())
            try:
                await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                stopper.cancel()
                if not task.done():
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)
        if task.cancelled():
            return False
        task.result()
        return True

    def _result(self, campaign_id: int, status: str, reason: str | None) -> RunResult:
        return RunResult(campaign_id, status, reason, self.journal.counts(campaign_id),
                         self.journal.error_counts(campaign_id))

    async def _wait_for_window(self, campaign: Campaign, quiet: QuietHours | None) -> bool:
        """Wait out the start time and quiet hours; False if stopped meanwhile."""
        while not self._stop:
            now = self._now()
            delay = seconds_until(campaign.start_at, now)
            why = waiting_text("start_time", start=campaign.start_at)
            if not delay and quiet is not None:
                delay = quiet.seconds_until_open(now)
                why = waiting_text("quiet_hours", end=quiet.end.strftime("%H:%M"), zone=quiet.time_zone)
            if delay <= 0:
                return True
            self._emit(CampaignStatus.RUNNING, waiting=why)
            await self._interruptible_sleep(min(delay, 60.0))
        return False

    async def _interruptible_sleep(self, seconds: float) -> None:
        await self._until_stopped(self._sleep(seconds))

    async def _skipped_as_suppressed(self, recipient: Recipient) -> bool:
        """True (and the recipient journaled as skipped) when its number is on the
        suppression list now; an unreadable list pauses the run and also answers True."""
        try:
            suppressed = recipient.phone in self.suppression
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            self.pause(pause_text("suppression_unreadable", file=self.suppression.path,
                                  detail=getattr(exc, "strerror", None) or exc))
            return True
        if not suppressed:
            return False
        # A request that may have arrived already (in flight or unknown) is not re-sent either.
        reason = reason_text("suppressed" if recipient.state == RecipientState.PENDING else "suppressed_after_attempt")
        assert self._writer is not None
        await self._writer.call(Journal.mark_suppressed, recipient.campaign_id, recipient.row, reason)
        self._move(recipient.state, RecipientState.SKIPPED)
        self._emit(CampaignStatus.RUNNING, recipient.row, RecipientState.SKIPPED, reason)
        return True

    async def _otp_limit_reached(self, recipient: Recipient) -> bool:
        """Spec 8: hold back an OTP to a phone that had 30 in the last hour."""
        if self._campaign.kind != "otp" or recipient.phone is None:
            return False
        recent = self.journal.recent_attempts(recipient.phone, "otp", time.time() - 3600)
        if recent < OTP_PER_PHONE_PER_HOUR:
            return False
        error = f"{OTP_PER_PHONE_PER_HOUR} one-time passwords went to this phone in the last hour; not sent"
        assert self._writer is not None
        await self._writer.call(Journal.record_outcome, recipient.campaign_id, recipient.row, RecipientState.FAILED,
                                error_code=18, error=error)
        self._move(recipient.state, RecipientState.FAILED)
        self._emit(CampaignStatus.RUNNING, recipient.row, RecipientState.FAILED, error, error_code=18)
        return True

    def _pacer_limited(self, error: RateLimitError) -> None:
        if self._pacer is None:
            return
        before = self._pacer.rate_per_minute
        self._pacer.on_rate_limited(error.retry_after)
        if self._pacer.rate_per_minute != before:
            log.info("rate limited by the service: pacing at %.0f per minute (it accepted %.0f in the last minute)",
                     self._pacer.rate_per_minute, self._pacer.ceiling or 0)

    def _on_retry(self, error: SafirError) -> None:
        if isinstance(error, RateLimitError):
            self._pacer_limited(error)

    def _move(self, old: str, new: str) -> None:
        self._counts[old] -= 1
        self._counts[new] += 1
        if new not in (RecipientState.IN_FLIGHT, RecipientState.PENDING):
            self._done_this_run += 1

    def _emit(self, status: str, row: int | None = None, state: str | None = None, error: str | None = None,
              waiting: str | None = None, error_code: int | None = None) -> None:
        if self.on_progress is None:
            return
        elapsed = self._clock() - self._started
        # The first request leaves at once: count the run from one pacing interval before it,
        # or a campaign paced at 120 a minute would show 139 a minute after its first seconds.
        interval = self._pacer.interval if self._pacer is not None else 0.0
        span = elapsed + interval
        rate = self._done_this_run * 60.0 / span if span > 0 else 0.0
        pace = self._pacer.rate_per_minute if self._pacer is not None else 0.0
        slowed = self._pacer is not None and self._pacer.slowed
        self.on_progress(Progress(self._campaign.id, dict(self._counts), status, rate, row, state, error, waiting,
                                  pace, error_code, slowed))
