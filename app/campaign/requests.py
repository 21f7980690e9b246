"""One campaign's requests, each from its in-flight mark to its journaled outcome (the
engine's per-recipient half; docs/architecture.md, "The journal is the truth" and
"Leases and fencing").

A request leaves only after its in-flight mark is committed, and only while the sender
still holds the recipient: the mark itself is fenced by the lease (and reserves the
frequency cap), and the sender's lease term is checked again just before the request
leaves, so a sender that was frozen past its lease sends nothing another may hold.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from app.api import MessageData, RetryWithdrawn, SafirClient, SafirError
from app.api.scrub import scrub
from app.campaign.journal import Campaign, JournalError, Recipient, RecipientState
from app.campaign.journal.records import Capped
from app.campaign.journal.sessions import SendingSession
from app.campaign.judge import AnswerJudge
from app.campaign.pacer import Pacer
from app.campaign.send_rules import SendTimeRules, SuppressionUnreadable
from app.campaign.writer import MarkInFlight, MarkSkipped, RecordOutcome, SendPathWriter
from app.reasons import Reason, pause_reason, row_reason

log = logging.getLogger(__name__)


class OnChange(Protocol):
    """A recipient went from ``old`` to ``new`` (told to the user when ``row`` is given)."""

    def __call__(self, old: str, new: str, row: int | None = None, error: str | None = None,
                 error_code: int | None = None) -> None: ...


class RequestSender:
    """Starts and finishes the requests of one run: ``rules`` hold recipients back,
    ``writer`` journals, ``session`` says whether this sender still holds what it sends,
    ``judge`` turns errors into states and pauses. ``on_change`` hears every state change,
    ``on_store_fault`` every journal fault (the run pauses on it), ``pause`` pauses the run
    and ``stopped`` says whether it is stopping. :attr:`lost` turns True when this sender
    lost its leases: the engine then ends the pass, gives back what it holds and claims again."""

    def __init__(self, client: SafirClient, writer: SendPathWriter, session: SendingSession, judge: AnswerJudge,
                 pacer: Pacer, rules: SendTimeRules, *, on_change: OnChange,
                 on_store_fault: Callable[[JournalError], None], pause: Callable[[Reason], None],
                 stopped: Callable[[], bool]) -> None:
        self._client = client
        self._writer = writer
        self._session = session
        self._judge = judge
        self._pacer = pacer
        self._rules = rules
        self._on_change = on_change
        self._on_store_fault = on_store_fault
        self._pause = pause
        self._stopped = stopped
        self.lost = False

    async def start(self, queue: deque[Recipient], campaign: Campaign,
                    answered: Callable[[], None] = lambda: None) -> asyncio.Task[None] | None:
        """Take the next recipient of ``queue``, mark it in flight and start its request;
        None when none was started (held back by a rule, or this sender lost its lease).
        ``answered()`` is called when the request has its answer, before its outcome is
        journaled (or not at all, when it never left)."""
        if not self._session.holds():
            self._lease_lost()
            return None
        recipient = queue.popleft()
        if await self.held_back(recipient, otp_too=True):
            return None
        marked = self._writer.call(MarkInFlight(recipient, campaign.kind, time.time(), self._session.owner,
                                                self._rules.scope))
        self._on_change(recipient.state, RecipientState.IN_FLIGHT)
        return asyncio.create_task(self._send_and_record(recipient, marked, queue, campaign.bot_id, answered))

    def _lease_lost(self) -> None:
        """This sender no longer holds what it was sending: on the embedded store its
        journal or lock was deleted (the run stops on that sentence); on a team store its
        leases ran out or were taken over (the pass ends and claims again)."""
        gone = self._session.check()
        if gone is not None:
            self._on_store_fault(gone)
        elif not self.lost:
            self.lost = True

    async def held_back(self, recipient: Recipient, *, otp_too: bool = False) -> bool:
        """True (and the recipient's outcome journaled) when a send-time rule holds it
        back; an unreadable suppression list pauses the run and also answers True."""
        try:
            held = self._rules.suppressed(recipient) or (self._rules.otp_limited(recipient) if otp_too else None)
        except SuppressionUnreadable as exc:
            if isinstance(exc.__cause__, JournalError):  # a team store's list: the store's own sentence
                self._on_store_fault(exc.__cause__)
            else:
                self._pause(exc.reason)
            return True
        if held is None:
            return False
        owner, epoch = self._session.owner, recipient.lease_epoch
        if held.state == RecipientState.SKIPPED:
            done = await self._writer.call(MarkSkipped(recipient.campaign_id, recipient.row,
                                                       held.verdict or "suppressed", held.reason, owner, epoch))
        else:
            done = await self._writer.call(RecordOutcome(recipient.campaign_id, recipient.row, held.state,
                                                         error_code=held.error_code, error=held.reason, owner=owner,
                                                         lease_epoch=epoch))
        if not done:
            self._lease_lost()
            return True
        self._on_change(recipient.state, held.state, recipient.row, held.reason, held.error_code)
        return True

    async def _send_and_record(self, recipient: Recipient, marked: asyncio.Future[int | Capped | None],
                               queue: deque[Recipient], bot_id: int, answered: Callable[[], None]) -> None:
        """Send one recipient's request and journal its outcome. Catches everything: a
        fault that is not this recipient's pauses the campaign instead."""
        try:
            mark = await marked
        except (JournalError, asyncio.CancelledError) as exc:  # the request never left
            self._on_change(RecipientState.IN_FLIGHT, recipient.state)
            if isinstance(exc, JournalError):
                self._on_store_fault(exc)
            return
        if isinstance(mark, Capped):
            self._on_change(RecipientState.IN_FLIGHT, RecipientState.SKIPPED, recipient.row,
                            row_reason("capped", count=mark.count, days=mark.days))
            return
        lost = mark is None or not self._session.holds()  # taken over, or frozen since the mark
        if lost or self._stopped():
            # It does not leave (a pause lands between requests, though slots are given back
            # at the answer).
            if mark is not None:
                await self._give_back(recipient, mark)
            self._on_change(RecipientState.IN_FLIGHT, recipient.state)
            if lost:
                self._lease_lost()
            return
        state, message_id, error_code, text = await self._request(recipient, bot_id)
        answered()  # before the outcome's write, so the next mark shares its commit
        try:
            recorded = await self._writer.call(RecordOutcome(
                recipient.campaign_id, recipient.row, state, attempt_id=mark, now=time.time(), message_id=message_id,
                error_code=error_code, error=text, owner=self._session.owner, lease_epoch=recipient.lease_epoch))
        except JournalError as exc:
            self._on_store_fault(exc)  # the journal still says in flight: a resume re-sends it safely
            return
        if not recorded:  # another sender holds it now, and records it (the service drops the repeat)
            log.warning("campaign %s row %s: its lease was taken over before its outcome (%s) was recorded",
                        recipient.campaign_id, recipient.row, state)
            self._on_change(RecipientState.IN_FLIGHT, recipient.state)
            self._lease_lost()
            return
        if state == RecipientState.PENDING and not self._stopped():
            queue.append(replace(recipient, state=RecipientState.PENDING))  # rate-limited: later, slower
        self._on_change(RecipientState.IN_FLIGHT, state, recipient.row, text, error_code)

    async def _give_back(self, recipient: Recipient, attempt_id: int) -> None:
        """A mark whose request never left: back to pending while this sender still holds
        it (its cap reservation goes with it); otherwise the holder re-sends it."""
        try:
            await self._writer.call(RecordOutcome(recipient.campaign_id, recipient.row, RecipientState.PENDING,
                                                  attempt_id=attempt_id, now=time.time(), owner=self._session.owner,
                                                  lease_epoch=recipient.lease_epoch))
        except JournalError as exc:
            self._on_store_fault(exc)

    async def _request(self, recipient: Recipient, bot_id: int) -> tuple[str, str | None, int | None, str | None]:
        """Send the request; (state, message_id, error_code, error in words)."""
        row = recipient.row
        self._judge.out(row)
        message_id = error_code = None
        text: str | None = None
        try:
            assert recipient.phone is not None and recipient.message_data is not None
            result = await self._client.send_message(
                bot_id=bot_id, phone_number=recipient.phone, message_data=MessageData.from_wire(recipient.message_data),
                request_id=recipient.request_id, go_on=self._session.holds)  # no retry once it is another's
        except (asyncio.CancelledError, RetryWithdrawn):
            state, text = RecipientState.UNKNOWN, row_reason("cut_off")
        except SafirError as error:
            state, error_code, text = self._judge.judge(recipient, error), getattr(error, "code", None), error.message
            for back in self._judge.back_to_pending:  # the campaign's refusal, not those rows'
                self._writer.call(RecordOutcome(recipient.campaign_id, back, RecipientState.PENDING,
                                                owner=self._session.owner))
                self._on_change(RecipientState.FAILED, RecipientState.PENDING)
            self._judge.back_to_pending.clear()
        except Exception as error:
            log.error("campaign %s row %s: unexpected %s", recipient.campaign_id, row, type(error).__name__,
                      exc_info=True)
            state, text = RecipientState.UNKNOWN, row_reason("unexpected_error", kind=type(error).__name__)
            self._pause(pause_reason("unexpected", kind=type(error).__name__, detail=scrub(str(error))[:200]))
        else:
            state, message_id = RecipientState.SENT, result.message_id
            self._judge.accepted()
            self._pacer.on_accepted()
        finally:
            self._judge.back(row)
            self._pacer.answered()
        return state, message_id, error_code, text
