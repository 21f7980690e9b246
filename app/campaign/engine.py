"""The send engine: paces a campaign's recipients through the client and journals each
outcome. Knows nothing of Qt: progress goes to a plain callback.

The promise (docs/architecture.md, "Outcomes converge; the state never lies"): every recipient ends
sent, failed or skipped, or the campaign is paused with a sentence saying why. A
campaign is ``finished`` only when no recipient is pending, in flight or unknown.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from datetime import datetime, timedelta, timezone
from pathlib import Path

from app.api import RateLimitError, SafirClient, SafirError
from app.campaign.approval import approval_rule, check_sendable, mark_running
from app.campaign.defaults import OTP_PER_MINUTE
from app.campaign.journal import (
    STATES_TO_SEND,
    Campaign,
    CampaignStatus,
    Journal,
    JournalError,
    JournalFault,
    RecipientState,
)
from app.campaign.journal.records import Counts
from app.campaign.journal.leasing import LeaseLost
from app.campaign.journal.sessions import SendingSession
from app.campaign.judge import AnswerJudge
from app.campaign.lock import lock_path, runner_identity
from app.campaign.pacer import Pacer
from app.campaign.progress import Progress, RunResult, RunTally, settled
from app.campaign.requests import RequestSender
from app.campaign.schedule import QuietHours, campaign_quiet_hours
from app.campaign.send_rules import SendTimeRules
from app.campaign.sending_pass import BATCH, SendingPass
from app.campaign.sms_fallback import SmsFallback, sms_stage
from app.campaign.stopping import StopSignal
from app.campaign.suppression import Suppressed
from app.campaign.writer import JournalWriter, LoopJournalWriter, SendPathWriter, SetPace
from app.reasons import Reason, pause_reason, waiting_reason

log = logging.getLogger(__name__)

#: Rounds of re-sending recipients whose answer was lost, after the main pass.
UNKNOWN_ROUNDS = 3
#: Seconds without any answer, while requests are out, before the campaign pauses.
NO_ANSWER_SECONDS = 30.0
#: Seconds at least between two records of the pace for followers (CampaignControl.set_pace).
PACE_RECORD_SECONDS = 1.0
#: Seconds between looks at whether this sender still holds its journal and lock files.
SESSION_CHECK_SECONDS = 0.25


class CampaignEngine:
    """Sends one campaign's recipients that still need a request.

    At most ``campaign.in_flight`` requests at once, starts spaced by :class:`Pacer`,
    nothing during quiet hours or before the start time. Per-recipient errors are
    recorded and the run goes on; rate-limit answers slow it down (never to a
    standstill). What pauses the campaign is :class:`AnswerJudge`'s to say, plus a
    service silent for :data:`NO_ANSWER_SECONDS`, a journal fault (its journal or lock
    file deleted under it among them) and any unexpected exception. Lost answers are
    re-sent under their request_id after the main pass (:data:`UNKNOWN_ROUNDS` rounds).
    :class:`SendTimeRules` (the ``suppression`` list as it is now, the OTP limit) are
    checked immediately before each request leaves; the frequency cap is reserved in the
    store with the in-flight mark. A sender whose leases ran out (a team store: it was
    frozen or cut off) sends nothing it no longer holds: it drops its batch, gives back
    the rest and claims again (docs/architecture.md, "Leases and fencing").
    :meth:`pause` and :meth:`cancel` end every wait within a second. ``now`` gives
    wall-clock time (aware; by default the store's clock, so a start time or quiet hours
    mean the same on every desktop), ``clock``/``sleep`` monotonic seconds; all injectable.
    ``writes_on_loop``: commit the journal's writes on this event loop rather than in a
    thread (app/campaign/writer.py), for a process that only sends; honoured on a store
    whose commits are local (the embedded one). ``forget_stops`` False: a sender started
    by another, who forgot earlier stops before starting it, so a Pause or Cancel asked
    while it starts is honoured before its first request (Control.forget_stops).
    """

    def __init__(
        self,
        journal: Journal,
        client: SafirClient,
        *,
        on_progress: Callable[[Progress], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        now: Callable[[], datetime] | None = None,
        unknown_rounds: int = UNKNOWN_ROUNDS,
        no_answer_seconds: float = NO_ANSWER_SECONDS,
        suppression: Suppressed | None = None,
        writes_on_loop: bool = False,
        sms: SmsFallback | None = None,
        forget_stops: bool = True,
    ) -> None:
        self.journal = journal
        self.forget_stops = forget_stops
        # The store's list (a file beside the journal, or the team store's), checked before every request.
        self.suppression = suppression or journal.suppression_watch()
        self.client = client
        self.sms = sms
        if sms is not None:  # (row, state) and (why) while it sends
            sms.on_sent, sms.on_waiting = partial(self._emit, CampaignStatus.RUNNING), self._sms_waits
        self.on_progress = on_progress
        self.unknown_rounds = unknown_rounds
        self.writes_on_loop = writes_on_loop and journal.commits_locally
        self.no_answer_seconds = no_answer_seconds
        self._clock = clock
        self._sleep = sleep
        self._store_offset = timedelta(0)  # the store's clock minus this desktop's, read at the run's start
        self._now = now or (lambda: datetime.now(timezone.utc) + self._store_offset)
        self._stop = StopSignal()
        self._pacer: Pacer | None = None
        self._writer: SendPathWriter | None = None
        self._session: SendingSession | None = None
        self._requests: RequestSender | None = None
        self._recorded_pace: tuple[int, bool, int | None, int] | None = None
        self._pace_recorded_at = 0.0

    def pause(self, reason: Reason | None = None) -> None:
        """Stop starting new requests; those out get a second to finish; the campaign is
        paused (``reason`` why: by the user unless told). Asked before :meth:`run`, the run
        pauses before its first request."""
        self._stop.pause(reason or pause_reason("user_paused"))

    def cancel(self, reason: Reason | None = None) -> None:
        """Like :meth:`pause`, but the campaign ends as cancelled."""
        self._stop.cancel(reason or pause_reason("user_cancelled"))

    def lock_path(self, campaign_id: int) -> Path:
        """The file lock this engine holds while it sends ``campaign_id``."""
        return lock_path(self.journal, campaign_id)

    async def run(self, campaign_id: int) -> RunResult:
        """Send until done, paused or cancelled; return how it ended.

        Raises KeyError for an unknown campaign, NotApproved for one that awaits approval
        or was rejected (also as it claims it), CampaignLocked when another process is sending
        it (on the embedded store; a team store shares the campaign between its senders),
        JournalError if the journal fails before sending starts (later journal faults pause
        the run and are its ``reason``)."""
        try:
            check_sendable(self.journal.campaigns.get(campaign_id), approval_rule(self.journal))
            with self.journal.sending_session(campaign_id, runner_identity(),
                                              forget_stops=self.forget_stops) as session:
                self._session, held = session, self.journal.campaigns.get(campaign_id)  # as it is, now it holds it
                check_sendable(held, approval_rule(self.journal))  # rejected meanwhile: its Pause was forgotten
                return await self._run(held)
        finally:
            self._stop = StopSignal()  # a stop asked before a run is that run's; the next one starts unstopped

    async def _run(self, campaign: Campaign) -> RunResult:
        campaign_id = campaign.id
        if campaign.status == CampaignStatus.CANCELLED or (  # sends nothing more: others may have reached its rows
                campaign.status == CampaignStatus.FINISHED and not self.journal.recipients.to_send(campaign_id)
                and not (campaign.sms_fallback is not None and self.journal.sms.waiting(campaign_id))):
            recipients = self.journal.recipients
            return RunResult(campaign_id, campaign.status, campaign.reason,
                             recipients.counts(campaign_id), recipients.error_counts(campaign_id))
        watchers = await self._start(campaign)
        try:
            await self._rounds(campaign, campaign_quiet_hours(campaign.quiet_start, campaign.quiet_end,
                                                              campaign.time_zone))
        except asyncio.CancelledError:
            self._stop.pause(pause_reason("interrupted"))
            self._close_writer()
            self._settle(campaign_id)
            raise
        except JournalError as exc:
            self._store_failed(exc)
        finally:
            for watcher in watchers:
                watcher.cancel()
            self.client.retry_listeners.remove(self._on_retry)
            self.client.retry = self._client_retry
            self._close_writer()
        # Counting scans every row: off the loop, unless a journal file changed under the
        # run (then only connections opened before may write, this thread's among them).
        gone = self._session is not None and self._session.check() is not None
        result = self._settle(campaign_id) if gone else await asyncio.to_thread(self._settle, campaign_id)
        self._tally.counts = result.counts.per_state()
        self._emit(result.status)
        return result

    async def _start(self, campaign: Campaign) -> list[asyncio.Future[None]]:
        """Everything a run needs, the campaign marked running; the watchers to cancel at its end."""
        assert self._session is not None
        self._store_fault: JournalFault | None = None
        self._campaign = campaign
        self._stop.honour(self.journal.control.stop_requested(campaign.id))  # asked as it started: nothing is sent
        self._tally = RunTally(self.journal.recipients.counts(campaign.id).per_state(), self._clock)
        self._store_offset = self.journal.store_now() - datetime.now(timezone.utc)
        self._judge = AnswerJudge(self.client.base_url, self.pause, self._on_retry, self._clock)
        mark_running(self.journal, campaign.id)  # refused (NotApproved) when rejected since the look
        self._emit(CampaignStatus.RUNNING)
        self._pacer = self.journal.pacer(campaign.rate_per_minute, self.client.pace_key, self._clock, self._sleep,
                                         who=f"{self._session.owner}#{campaign.id}",
                                         ceiling=OTP_PER_MINUTE if campaign.kind == "otp" else None)
        if self.writes_on_loop:
            self._writer = LoopJournalWriter(self.journal)
        else:
            self._writer = await asyncio.to_thread(JournalWriter, self.journal)
        self._requests = RequestSender(self.client, self._writer, self._session, self._judge, self._pacer,
                                       SendTimeRules(self.journal, self.suppression, campaign),
                                       on_change=self._changed, on_store_fault=self._store_failed,
                                       pause=self.pause, stopped=lambda: bool(self._stop))
        self._recorded_pace = None
        self._record_pace()  # a follower never shows an earlier run's pace
        self.client.retry_listeners.append(self._on_retry)
        # A refusal for rate goes back to the pacer, which sends it again in its turn (the
        # client's own quick retries would only be refused again, outside the pace).
        self._client_retry = self.client.retry
        self.client.retry = replace(self.client.retry, retry_rate_limited=False)
        return [asyncio.ensure_future(self._judge.watch_silence(self.no_answer_seconds, lambda: bool(self._stop))),
                asyncio.ensure_future(self._stop.follow_requests(self.journal, campaign.id)),
                asyncio.ensure_future(watch_session(self._session, campaign.id, self._store_failed))]

    async def _rounds(self, campaign: Campaign, quiet: QuietHours | None) -> None:
        """The main pass, then the rounds that re-send lost answers; a pass that lost its
        leases gives back what it held and is made again. Numbers known to have no Bale
        account go straight to the SMS fallback (when there is one)."""
        if self.sms is not None and campaign.sms_fallback is not None:
            await asyncio.to_thread(self.journal.sms.hand_over_known, campaign.id)
        for round_number in range(self.unknown_rounds + 1):
            states = STATES_TO_SEND if round_number == 0 else (RecipientState.UNKNOWN,)
            more = True
            while not self._stop:
                try:
                    more = await self._round(campaign, quiet, states, round_number)
                    break
                except LeaseLost:  # a pause or SIGTERM ends a sender that keeps losing its leases too
                    await self._regain()
            if not more or self._stop:
                break
        refused = await sms_stage(self.sms, self.journal, campaign, quiet, lambda: bool(self._stop))
        self._tally.counts = (await asyncio.to_thread(self.journal.recipients.counts, campaign.id)).per_state()
        if refused is not None:
            self.pause(refused)

    async def _round(self, campaign: Campaign, quiet: QuietHours | None, states: tuple[str, ...],
                     round_number: int) -> bool:
        """One pass over ``states``; False when there was nothing left to send. Raises LeaseLost."""
        assert self._session is not None and self._requests is not None
        feed = self._session.feed(states, resend=round_number > 0)
        assert self._pacer is not None
        sending = SendingPass(self._stop, self._pacer, self._requests, self._sleep, self._now,
                              lambda why: self._emit(CampaignStatus.RUNNING, waiting=why))
        # Reading (and decoding) rows takes a while: off the loop.
        queue = deque(await asyncio.to_thread(feed.next_batch, BATCH))
        if not queue and not await sending.others_hold(feed, queue):
            if self._requests.lost:
                raise LeaseLost(campaign.id)
            return False
        if round_number and queue:
            delay = min(2.0 ** round_number, 30.0)
            left = self.journal.recipients.counts(campaign.id).unknown
            self._emit(CampaignStatus.RUNNING, waiting=waiting_reason("resending", count=left, seconds=f"{delay:.0f}"))
            await sending.interruptible_sleep(delay)
            if self._stop:
                return True
        await sending.send_all(campaign, quiet, queue, feed)
        if self._requests.lost and not self._stop:
            raise LeaseLost(campaign.id)
        return True

    async def _regain(self) -> None:
        """Every request of the lost pass is done: give back the leases still held, claim again."""
        assert self._session is not None and self._requests is not None
        log.warning("campaign %s: this sender lost its leases (it was stopped or cut off from the store while "
                    "another sender could take over); it dropped the rest of its batch and claims again",
                    self._campaign.id)
        await asyncio.to_thread(self._session.regain)
        self._requests.lost = False

    def _sms_waits(self, why: Reason) -> None:
        self._emit(CampaignStatus.RUNNING, waiting=why)

    def _close_writer(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def _settle(self, campaign_id: int) -> RunResult:
        """Decide how the run ended from the journal's counts, store it and return it.
        Never ``finished`` while a recipient is pending, in flight or unknown. When the
        journal cannot be read, the run's own counts stand in. The status is stored only
        while the campaign is still ``running`` (compare-and-set): what another sender or
        a person settled meanwhile stands, and is what this run returns."""
        try:
            counts = self.journal.recipients.counts(campaign_id)
            sms_waiting = self.journal.sms.waiting(campaign_id) if self._campaign.sms_fallback is not None else 0
        except JournalError:
            counts, sms_waiting = Counts.of(self._tally.counts), 0
        status, reason = self._stop.stop or settled(counts, self.unknown_rounds, sms_waiting)
        try:
            # Another sender (a team store) goes on with this campaign and settles it. Not when
            # every recipient is final: the other may have died within its heartbeat's grace and
            # never settle; the store's compare-and-set keeps the first to settle.
            if status is not CampaignStatus.FINISHED and self._session is not None \
                    and self._session.leaves_to_others():
                return RunResult(campaign_id, status, reason, counts, self.journal.recipients.error_counts(campaign_id),
                                 self._store_fault)
            if self.journal.control.set_status(campaign_id, status, reason, expected=CampaignStatus.RUNNING):
                self.journal.audit_trail.add(status, campaign_id, reason.stored() if reason is not None else None)
            else:
                stored = self.journal.campaigns.get(campaign_id)
                log.info("campaign %s: was %s meanwhile by another; left so", campaign_id, stored.status)
                status, reason = stored.status, stored.reason
            errors = self.journal.recipients.error_counts(campaign_id)
        except JournalError as exc:
            log.error("campaign %s: could not store its status %s: %s", campaign_id, status, exc)
            errors = {}
        return RunResult(campaign_id, status, reason, counts, errors, self._store_fault)

    def _store_failed(self, error: JournalError) -> None:
        """The journal failed: the run pauses with its reason (and remembers the fault)."""
        self._store_fault = self._store_fault or error.kind
        self.pause(error.reason)

    def _on_retry(self, error: SafirError) -> None:
        if isinstance(error, RateLimitError) and self._pacer is not None:
            self._pacer.on_rate_limited(error.retry_after)

    def _changed(self, old: str, new: str, row: int | None = None, error: str | None = None,
                 error_code: int | None = None) -> None:
        """A recipient went from ``old`` to ``new`` (told when ``row`` is given)."""
        self._tally.move(old, new)
        if row is not None:
            self._emit(CampaignStatus.RUNNING, row, new, error, error_code=error_code)

    def _record_pace(self) -> None:
        """Record the pacer's rate and whether the service's limit holds it in the
        journal, for a window or ``watch`` following from another process: when either
        changed (by a message a minute), at most every :data:`PACE_RECORD_SECONDS`."""
        if self._pacer is None or self._writer is None:
            return
        limit = self._pacer.limit
        pace = (round(self._pacer.rate_per_minute), self._pacer.slowed, None if limit is None else round(limit),
                self._pacer.sharing)
        now = self._clock()
        if pace == self._recorded_pace or (
                self._recorded_pace is not None and now - self._pace_recorded_at < PACE_RECORD_SECONDS):
            return
        self._recorded_pace, self._pace_recorded_at = pace, now
        recorded = self._writer.call(SetPace(self._campaign.id, *pace))
        # A failed write fails the outcomes of its batch too, and they pause the run.
        recorded.add_done_callback(lambda done: done.cancelled() or done.exception())

    def _emit(self, status: str, row: int | None = None, state: str | None = None, error: str | None = None,
              waiting: Reason | None = None, error_code: int | None = None) -> None:
        self._record_pace()
        if self.on_progress is not None:
            self.on_progress(self._tally.progress(self._campaign.id, status, self._pacer, row=row, state=state,
                                                  error=error, waiting=waiting, error_code=error_code))


async def watch_session(session: SendingSession, campaign_id: int, on_gone: Callable[[JournalError], None]) -> None:
    """Call ``on_gone`` at once when the journal or lock file of the sender ``session``
    is no longer the one it opened (deleted, replaced): writing on would go into a file
    nobody reads. Looks every :data:`SESSION_CHECK_SECONDS` seconds."""
    while True:
        await asyncio.sleep(SESSION_CHECK_SECONDS)
        gone = session.check()
        if gone is not None:
            log.error("campaign %s: %s", campaign_id, gone)
            on_gone(gone)
            return
