"""The send engine: paces a campaign's recipients through the client and journals each
outcome. Knows nothing of Qt: progress goes to a plain callback."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from app.api import Category, ConnectFailed, MessageData, SafirClient, SafirError, classify
from app.campaign.journal import CampaignStatus, Journal, Recipient, RecipientState

log = logging.getLogger(__name__)


class Pacer:
    """Spreads request starts evenly: one every ``60 / rate_per_minute`` seconds.

    ``rate_per_minute`` of 0 means no pacing. ``clock`` returns seconds (monotonic);
    ``sleep`` waits seconds. Both are injectable for tests with a fake clock.
    """

    def __init__(
        self,
        rate_per_minute: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.interval = 60.0 / rate_per_minute if rate_per_minute > 0 else 0.0
        self._clock = clock
        self._sleep = sleep
        self._next: float | None = None

    async def wait(self) -> None:
        """Return at the next free slot, and book it."""
        now = self._clock()
        slot = now if self._next is None else max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await self._sleep(slot - now)


@dataclass
class Progress:
    """A snapshot after each outcome: ``counts`` per recipient state plus ``total``;
    ``row``/``state``/``error`` describe the recipient that just finished (if any);
    ``rate_per_minute`` is the achieved rate since the run started."""

    campaign_id: int
    counts: dict[str, int]
    status: str
    rate_per_minute: float = 0.0
    row: int | None = None
    state: str | None = None
    error: str | None = None


@dataclass
class RunResult:
    """How a run ended: ``status`` (finished, paused, cancelled), ``reason`` in plain
    words when it did not finish, and the final ``counts``."""

    campaign_id: int
    status: str
    reason: str | None
    counts: dict[str, int] = field(default_factory=dict)


class CampaignEngine:
    """Sends one campaign's pending and in-flight recipients.

    At most ``campaign.in_flight`` requests at once, starts spaced by :class:`Pacer`.
    Per-recipient errors are recorded and the run goes on; account-wide errors (bad key,
    payment required, contact limit) and an unreachable service pause the campaign with
    the reason; :meth:`pause` and :meth:`cancel` stop it between requests.
    """

    def __init__(
        self,
        journal: Journal,
        client: SafirClient,
        *,
        on_progress: Callable[[Progress], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.journal = journal
        self.client = client
        self.on_progress = on_progress
        self._clock = clock
        self._sleep = sleep
        self._stop: tuple[str, str] | None = None  # (status, reason)

    def pause(self, reason: str = "paused by the user") -> None:
        """Stop starting new requests; in-flight ones finish; the campaign is paused."""
        self._stop = self._stop or (CampaignStatus.PAUSED, reason)

    def cancel(self, reason: str = "cancelled by the user") -> None:
        """Like :meth:`pause`, but the campaign ends as cancelled."""
        self._stop = (CampaignStatus.CANCELLED, reason)

    async def run(self, campaign_id: int) -> RunResult:
        """Send until done, paused or cancelled; return how it ended.

        Raises KeyError for an unknown campaign and JournalError if the journal fails.
        """
        campaign = self.journal.campaign(campaign_id)
        self._stop = None
        self._counts = self.journal.counts(campaign_id)
        self._campaign_id = campaign_id
        self._started = self._clock()
        self._done_this_run = 0
        self.journal.set_status(campaign_id, CampaignStatus.RUNNING)
        self._emit(CampaignStatus.RUNNING)

        pacer = Pacer(campaign.rate_per_minute, self._clock, self._sleep)
        slots = asyncio.Semaphore(max(1, campaign.in_flight))
        tasks: set[asyncio.Task[None]] = set()
        try:
            for recipient in self.journal.recipients_to_send(campaign_id):
                await slots.acquire()
                if self._stop:
                    slots.release()
                    break
                await pacer.wait()
                if self._stop:
                    slots.release()
                    break
                if recipient.state != RecipientState.IN_FLIGHT:
                    self._move(recipient.state, RecipientState.IN_FLIGHT)
                self.journal.mark_in_flight(campaign_id, recipient.row)
                task = asyncio.create_task(self._send(campaign.bot_id, recipient, slots))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            if tasks:
                await asyncio.gather(*tasks)
        except asyncio.CancelledError:
            for task in tasks:
                task.cancel()
            self.journal.set_status(campaign_id, CampaignStatus.PAUSED, "interrupted")
            raise

        status, reason = self._stop or (CampaignStatus.FINISHED, None)
        self.journal.set_status(campaign_id, status, reason)
        counts = self.journal.counts(campaign_id)
        self._counts = counts
        self._emit(status)
        return RunResult(campaign_id, status, reason, counts)

    async def _send(self, bot_id: int, recipient: Recipient, slots: asyncio.Semaphore) -> None:
        campaign_id, row = recipient.campaign_id, recipient.row
        try:
            assert recipient.phone is not None and recipient.message_data is not None
            result = await self.client.send_message(
                bot_id=bot_id,
                phone_number=recipient.phone,
                message_data=MessageData.from_wire(recipient.message_data),
                request_id=recipient.request_id,
            )
        except SafirError as error:
            state = self._record_error(campaign_id, row, error)
            self._move(RecipientState.IN_FLIGHT, state)
            self._emit(CampaignStatus.RUNNING, row, state, error.message)
        else:
            self.journal.record_outcome(campaign_id, row, RecipientState.SENT, message_id=result.message_id)
            self._move(RecipientState.IN_FLIGHT, RecipientState.SENT)
            self._emit(CampaignStatus.RUNNING, row, RecipientState.SENT)
        finally:
            slots.release()

    def _record_error(self, campaign_id: int, row: int, error: SafirError) -> str:
        """Journal the outcome of a failed send and return the recipient's new state."""
        code = getattr(error, "code", None)
        category = classify(error)
        if category is Category.ACCOUNT or isinstance(error, ConnectFailed):
            # Not this recipient's fault: keep it for the resume, stop the campaign.
            self.pause(f"{error.message}. Fix this, then resume the campaign.")
            self.journal.record_outcome(campaign_id, row, RecipientState.PENDING, error_code=code, error=error.message)
            return RecipientState.PENDING
        state = RecipientState.UNKNOWN if category is Category.UNKNOWN else RecipientState.FAILED
        self.journal.record_outcome(campaign_id, row, state, error_code=code, error=error.message)
        return state

    def _move(self, old: str, new: str) -> None:
        self._counts[old] -= 1
        self._counts[new] += 1
        if new != RecipientState.IN_FLIGHT and new != RecipientState.PENDING:
            self._done_this_run += 1

    def _emit(self, status: str, row: int | None = None, state: str | None = None, error: str | None = None) -> None:
        if self.on_progress is None:
            return
        elapsed = self._clock() - self._started
        rate = self._done_this_run * 60.0 / elapsed if elapsed > 0 else 0.0
        self.on_progress(Progress(self._campaign_id, dict(self._counts), status, rate, row, state, error))
