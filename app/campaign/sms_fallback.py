"""The SMS fallback of a campaign (docs/sms.md): after the service's passes, the
recipients it answered "no Bale account" (code 17) are sent the SMS form of their message
through the gateway, and the SMS sent are followed to their final delivery status.

Exactly once: each SMS is marked in flight in the journal before it leaves and leaves
under a local id made from the recipient's fixed request_id; the gateway never sends a
local id twice, so an SMS whose answer was lost (a timeout, a crash, another desktop
sending the same row) is simply sent again under the same id. The suppression list and
the frequency cap are checked as for the service (app/campaign/send_rules.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timezone

from app.api import ConnectFailed, SafirError
from app.api.errors import Category
from app.api.sms import SmsDelivery, SmsGateway
from app.campaign.journal import Campaign, Journal, Recipient, RecipientState
from app.campaign.journal.sms import ChannelCounts, SmsOutcome
from app.campaign.schedule import QuietHours, time_to_wait
from app.campaign.send_rules import SendTimeRules, SuppressionUnreadable
from app.campaign.sms_text import sms_text
from app.campaign.suppression import Suppressed
from app.reasons import Reason, pause_reason, row_reason

log = logging.getLogger(__name__)

#: SMS a minute at most (the gateway documents no limit of its own; this keeps well under
#: what a line is sold for), and at once.
SMS_PER_MINUTE = 3000.0
SMS_IN_FLIGHT = 4
#: Sends of one SMS under its local id within a round, after a timeout or the gateway's
#: own trouble, and rounds over what is left unconfirmed.
SMS_TRIES = 3
SMS_ROUNDS = 3
#: Seconds before the first re-send; doubled each time.
SMS_BACKOFF_SECONDS = 1.0
#: Recipients read at a time.
SMS_BATCH = 200
#: Following delivery: seconds before the first look, the longest wait between looks, and
#: how long an SMS is followed at most (the gateway keeps a status 72 hours).
FOLLOW_FIRST_SECONDS = 2.0
FOLLOW_LONGEST_SECONDS = 300.0
FOLLOW_FOR_SECONDS = 72 * 3600.0
#: Local ids asked at once (the gateway's document allows 3000).
STATUS_BATCH = 500

_FINAL = tuple(s.value for s in SmsDelivery if s.final)
_DELIVERED = (SmsDelivery.DELIVERED.value,)


def local_id(request_id: str) -> str:
    """The gateway's local id of the recipient with ``request_id``: the same for every
    send of that recipient (on any desktop), digits only, as the gateway's examples (a
    63-bit number: its document's "long")."""
    digest = hashlib.blake2b(f"sms:{request_id}".encode(), digest_size=8).digest()
    return str(int.from_bytes(digest, "big") >> 1)


def channel_counts(journal: Journal, campaign_id: int) -> ChannelCounts:
    """``campaign_id``'s recipients per channel and SMS delivery (ChannelCounts)."""
    return journal.sms.channel_counts(campaign_id, _DELIVERED, _FINAL)


@dataclass(frozen=True)
class Refused:
    """The gateway refused the account (:func:`_account_wide`): the ``reason`` to pause
    for, and whether the SMS ``maybe_taken`` already (a try whose answer was lost, or an
    earlier run's): then it waits ``unknown``, else ``pending``."""

    reason: Reason
    maybe_taken: bool


@dataclass
class SmsTally:
    """What one SMS stage did: ``sent``, ``failed``, ``skipped`` and ``unconfirmed`` (left
    to send again under the same id)."""

    sent: int = 0
    failed: int = 0
    skipped: int = 0
    unconfirmed: int = 0


class SmsFallback:
    """Sends a campaign's SMS fallback through ``gateway``; ``per_minute`` SMS a minute
    at most, ``in_flight`` at once; ``sleep``, ``clock`` (monotonic seconds) and ``now``
    (aware) injectable. ``on_sent(row, state)`` hears each outcome."""

    def __init__(self, journal: Journal, gateway: SmsGateway, *, suppression: Suppressed | None = None,
                 per_minute: float = SMS_PER_MINUTE, in_flight: int = SMS_IN_FLIGHT,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
                 on_sent: Callable[[int, str], None] | None = None) -> None:
        self.journal, self.gateway = journal, gateway
        self.suppression = suppression or journal.suppression_watch()
        self.per_minute, self.in_flight = per_minute, in_flight
        self._sleep, self._clock, self._now = sleep, clock, now
        #: Hears each outcome: ``(row, state)``; and why it waits (a Reason).
        self.on_sent = on_sent
        self.on_waiting: Callable[[Reason], None] | None = None
        self._next_start = 0.0
        self.tally = SmsTally()

    async def send(self, campaign: Campaign, stopped: Callable[[], bool],
                   quiet: QuietHours | None = None) -> Reason | None:
        """Move the service's code-17 failures to SMS and send every SMS still to send,
        until ``stopped()``; each SMS only at a time the campaign's start time and
        ``quiet`` hours allow (:attr:`on_waiting` hears why it waits). Failures the service
        records meanwhile (a sender beside this one) are moved and sent too. Returns the
        reason to pause for when the gateway refuses the account (the wrong key or line,
        no credit…) or the suppression list cannot be read, else None. Raises JournalError."""

        async def window() -> bool:
            return await self._wait_for_window(campaign, quiet, stopped)

        rules = SendTimeRules(self.journal, self.suppression, campaign)
        opt_out = campaign.sms_fallback or ""
        for round_number in range(SMS_ROUNDS):
            if round_number:
                await self._sleep(SMS_BACKOFF_SECONDS * 2 ** round_number)
            moved = await asyncio.to_thread(self.journal.sms.hand_over, campaign.id)
            self.tally.unconfirmed = 0
            after = -1
            while not stopped():
                batch = await asyncio.to_thread(self.journal.sms.to_send, campaign.id, after, SMS_BATCH)
                if not batch:
                    break
                after = batch[-1].row
                refused = await self._send_batch(batch, rules, opt_out, stopped, window)
                if refused is not None:
                    return refused
            if stopped() or not (self.tally.unconfirmed or moved):
                break
        return None

    async def _send_batch(self, batch: list[Recipient], rules: SendTimeRules, opt_out: str,
                          stopped: Callable[[], bool], window: Callable[[], Awaitable[bool]]) -> Reason | None:
        slots = asyncio.Semaphore(self.in_flight)
        refusals: list[Reason] = []

        async def one(recipient: Recipient) -> None:
            async with slots:
                if refusals or stopped() or not await window():
                    return
                try:
                    refused = await self._send_one(recipient, rules, opt_out)
                except SuppressionUnreadable as unreadable:
                    refused = unreadable.reason
                if refused is not None:
                    refusals.append(refused)

        await asyncio.gather(*(one(r) for r in batch))
        return refusals[0] if refusals else None

    async def _send_one(self, recipient: Recipient, rules: SendTimeRules, opt_out: str) -> Reason | None:
        held = await asyncio.to_thread(rules.suppressed, recipient)
        if held is not None:
            await asyncio.to_thread(self.journal.sms.mark_skipped, recipient.campaign_id, recipient.row,
                                    held.verdict or "suppressed", held.reason)
            self._told(recipient.row, RecipientState.SKIPPED)
            return None
        text = sms_text(recipient.message_data, opt_out)
        if text is None or recipient.phone is None or recipient.request_id is None:
            return await self._record(recipient, SmsOutcome(recipient.row, RecipientState.FAILED,
                                                            error=row_reason("sms_no_text")))
        marked = await asyncio.to_thread(self.journal.sms.mark_in_flight, recipient, rules.scope)
        if marked is not True:
            if marked:  # capped
                self._told(recipient.row, RecipientState.SKIPPED)
            return None
        return await self._record(recipient, await self._deliver(recipient, text, local_id(recipient.request_id)))

    async def _deliver(self, recipient: Recipient, text: str, sms_id: str) -> SmsOutcome | Refused:
        """Send under ``sms_id`` (again after a timeout or the gateway's own trouble). A
        refusal for the account is :class:`Refused`."""
        assert recipient.phone is not None
        maybe_taken = recipient.state != RecipientState.PENDING
        for attempt in range(SMS_TRIES):
            await self._wait_turn()
            try:
                sent = await self.gateway.send(recipient.phone, text, sms_id)
            except SafirError as exc:
                if _account_wide(exc):
                    return Refused(pause_reason("sms_refused", detail=str(exc)), maybe_taken)
                if exc.category in (Category.TRANSIENT, Category.UNKNOWN):
                    maybe_taken = maybe_taken or not isinstance(exc, ConnectFailed)  # it may have arrived
                    log.info("row %s: SMS not confirmed (%s); sent again under its id", recipient.row, exc)
                    await self._sleep(SMS_BACKOFF_SECONDS * 2 ** attempt)
                    continue
                return SmsOutcome(recipient.row, RecipientState.FAILED, error_code=getattr(exc, "code", None),
                                  error=str(exc))
            return SmsOutcome(recipient.row, RecipientState.SENT, str(sent.message_id), sent.status.value, sent.cost)
        return SmsOutcome(recipient.row, RecipientState.UNKNOWN, error=row_reason("sms_not_taken"))

    async def _record(self, recipient: Recipient, outcome: SmsOutcome | Refused) -> Reason | None:
        if isinstance(outcome, Refused):  # refused for the account: it waits to be sent (again, under its id)
            waits = (SmsOutcome(recipient.row, RecipientState.UNKNOWN, error=row_reason("sms_not_taken"))
                     if outcome.maybe_taken else SmsOutcome(recipient.row, RecipientState.PENDING))
            await asyncio.to_thread(self.journal.sms.record_outcome, recipient.campaign_id, waits)
            return outcome.reason
        if not await asyncio.to_thread(self.journal.sms.record_outcome, recipient.campaign_id, outcome):
            return None  # another sender settled it meanwhile
        counted = {RecipientState.SENT: "sent", RecipientState.FAILED: "failed"}.get(RecipientState(outcome.state),
                                                                                      "unconfirmed")
        setattr(self.tally, counted, getattr(self.tally, counted) + 1)
        self._told(recipient.row, outcome.state)
        return None

    async def _wait_for_window(self, campaign: Campaign, quiet: QuietHours | None,
                               stopped: Callable[[], bool]) -> bool:
        """Wait out the start time and quiet hours, looking every second whether the run
        stopped (False then)."""
        while not stopped():
            delay, why = time_to_wait(campaign.start_at, quiet, self._now())
            if delay <= 0:
                return True
            if why is not None and self.on_waiting is not None:
                self.on_waiting(why)
            await self._sleep(min(delay, 1.0))
        return False

    async def _wait_turn(self) -> None:
        """Space the starts by the pace (:attr:`per_minute`)."""
        now = self._clock()
        start = max(now, self._next_start)
        self._next_start = start + 60.0 / self.per_minute
        if start > now:
            await self._sleep(start - now)

    def _told(self, row: int, state: str) -> None:
        if self.on_sent is not None:
            self.on_sent(row, state)

    async def follow(self, campaign_id: int, for_seconds: float = FOLLOW_FOR_SECONDS) -> int:
        """Ask the gateway where each SMS sent stands until every one is final or
        ``for_seconds`` passed (waits growing from :data:`FOLLOW_FIRST_SECONDS` to
        :data:`FOLLOW_LONGEST_SECONDS`; a gateway that cannot be reached for a while is
        asked again); the SMS still not final. Raises JournalError and the gateway's
        refusals (a wrong key, say)."""
        deadline = self._clock() + for_seconds
        wait = FOLLOW_FIRST_SECONDS
        left = -1
        while True:
            try:
                left = await self.look(campaign_id)
            except SafirError as exc:
                if exc.category not in (Category.TRANSIENT, Category.UNKNOWN):
                    raise
                log.info("campaign %s: the SMS gateway could not say where its SMS stand (%s); asked again later",
                         campaign_id, exc)  # a network gone for a while: the follow goes on
            if not left or self._clock() >= deadline:
                if left < 0:  # never answered: what the journal still waits for
                    left = len(await asyncio.to_thread(self.journal.sms.to_follow, campaign_id, _FINAL))
                return left
            await self._sleep(min(wait, max(0.0, deadline - self._clock())))
            wait = min(wait * 2, FOLLOW_LONGEST_SECONDS)

    async def look(self, campaign_id: int) -> int:
        """One look at the delivery of ``campaign_id``'s SMS not final yet; how many stay so."""
        waiting = await asyncio.to_thread(self.journal.sms.to_follow, campaign_id, _FINAL)
        by_id = {local_id(request_id): row for row, request_id in waiting}
        ids = list(by_id)
        changed: list[tuple[int, str]] = []
        for start in range(0, len(ids), STATUS_BATCH):
            for status in await self.gateway.statuses(ids[start:start + STATUS_BATCH]):
                if status.local_id in by_id:
                    changed.append((by_id[status.local_id], status.status.value))
        await asyncio.to_thread(self.journal.sms.set_statuses, campaign_id, changed)
        return sum(1 for _, status in changed if status not in _FINAL) + len(ids) - len(changed)


def _account_wide(error: SafirError) -> bool:
    """A refusal no other number would escape: the key, the account, the credit, the line."""
    return error.category == Category.ACCOUNT or getattr(error, "code", None) == 412


async def sms_stage(sms: SmsFallback | None, journal: Journal, campaign: Campaign, quiet: QuietHours | None,
                    stopped: Callable[[], bool]) -> Reason | None:
    """The SMS fallback of a campaign that has one, after the service's passes: ``sms``
    sends (:meth:`SmsFallback.send`); without it (no gateway set up) the reason to pause
    for when anyone waits for an SMS. None when nothing stops the campaign."""
    if campaign.sms_fallback is None or stopped():
        return None
    if sms is None:
        waiting = await asyncio.to_thread(journal.sms.waiting, campaign.id)
        return pause_reason("sms_not_set_up", count=waiting) if waiting else None
    return await sms.send(campaign, stopped, quiet)
