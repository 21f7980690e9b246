"""The campaigns this window is sending: one sender per campaign, owned here rather
than by the page that shows it, so History, Resume and Open results attach to a run
that already goes on instead of starting a second one, and a rebuilt window (a
language switch) takes the runs over.

By default each campaign is sent by a process of its own (:mod:`app.jobs.runner`) that the
window follows through the journal: the window's event loop never runs the engine, and
the campaign goes on when the window closes. With the setting ``separate_sender`` off,
the engine runs on the window's loop (docs/architecture.md, "Processes")."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import subprocess
import time
from urllib.parse import urlsplit
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.api import is_loopback
from app.campaign import CampaignEngine, Journal, Progress, RunResult, StopRequest
from app.campaign.approval import approval_rule, check_sendable
from app.campaign.follow import follow
from app.campaign.lock import campaign_is_sending
from app.campaign.sms_fallback import SmsFallback
from app.jobs.sms_gateway import SMS_KEY_ENV, SMS_SENDER_ENV, GatewayNotSetUp, sms_gateway
from app.reasons import Reason, pause_reason
from app.jobs.runner import last_words, remember_key, start_runner
from app.ui.context import AppContext
from app.ui.texts import describe_failure

if TYPE_CHECKING:
    from app.api.sms import KavenegarGateway

log = logging.getLogger(__name__)


@dataclass
class Run:
    """One campaign's sending in this session: its engine while it sends, the chart's
    points across every resume (seconds since the first start, sent, failed) and the
    last result."""

    campaign_id: int
    engine: CampaignEngine | None = None
    following: bool = False  # sent by a process of its own (this window's or another's), followed here
    starting: bool = False  # asked to send, its engine or process not there yet: a second ask is refused
    #: A pause or cancel asked while it started, asked of its engine or process once it
    #: runs; of a process, through the store at once too (its starter forgot earlier stops
    #: before starting it, so one asked now stops it before its first request).
    stop_wanted: tuple[StopRequest, Reason] | None = None
    spawning: bool = False  # its own process is being started, earlier stops forgotten
    started: float = field(default_factory=time.monotonic)
    points: list[tuple[float, int, int]] = field(default_factory=list)
    result: RunResult | None = None
    last_progress: Progress | None = None


class RunController(QObject):
    """Starts, pauses and cancels campaign runs and tells who listens.

    Signals: ``progress(Progress)`` after each outcome, ``started(int)`` and
    ``finished(RunResult)`` per run. Several campaigns may send at once (each its own
    engine); the same campaign never twice.
    """

    progress = Signal(object)
    started = Signal(int)
    #: A campaign was asked to send; its engine or process is not there yet (its id).
    starting = Signal(int)
    finished = Signal(object)
    #: (campaign id, why in the user's language): a Pause or Cancel asked of its sender could not be written.
    refused = Signal(int, str)

    def __init__(self, context: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.runs: dict[int, Run] = {}
        self._events = 0
        self._letting_go = False
        self._adopting: set[asyncio.Future[RunResult | None]] = set()

    def run_of(self, campaign_id: int) -> Run | None:
        return self.runs.get(campaign_id)

    def is_sending(self, campaign_id: int | None = None) -> bool:
        """Whether ``campaign_id`` (or any campaign, when None) is sending now (asked often:
        the senders this window let go of that have exited are collected meanwhile)."""
        _collect_finished()
        if campaign_id is None:
            return any(_sends(run) for run in self.runs.values())
        run = self.runs.get(campaign_id)
        return run is not None and _sends(run)

    def sending(self) -> list[int]:
        """The campaigns this window sends or follows now."""
        return [campaign_id for campaign_id, run in self.runs.items() if _sends(run)]

    def active(self) -> list[int]:
        """The campaigns this window sends, follows or is starting (its engine or its own
        process not there yet): what closing the window asks about and pauses."""
        _collect_finished()
        return [campaign_id for campaign_id, run in self.runs.items() if _sends(run) or run.starting]

    def in_background(self) -> list[int]:
        """The campaigns sent by processes of their own (they go on when the window closes)."""
        return [campaign_id for campaign_id, run in self.runs.items() if run.following]

    async def run(self, campaign_id: int) -> RunResult:
        """Send (or resume) a stored campaign until it finishes, pauses or is
        cancelled. Raises NotApproved for a campaign that awaits approval or was
        rejected, CampaignLocked when another process sends it, RuntimeError
        when this window already does (attach to it instead)."""
        if self.owns(campaign_id):
            raise RuntimeError(f"campaign {campaign_id} is already being sent by this window")
        run = self.runs.setdefault(campaign_id, Run(campaign_id))
        run.starting = True  # before the first wait: a Resume pressed again meanwhile starts nothing
        run.stop_wanted = None  # one asked of a start that never ran is not this start's
        self.starting.emit(campaign_id)
        try:
            return await self._start(run)
        finally:
            run.starting = False

    def owns(self, campaign_id: int) -> bool:
        """Whether this window sends ``campaign_id`` or is starting it (its own sender may
        hold the campaign seconds before the window is told it runs)."""
        return self.is_sending(campaign_id) or self.is_starting(campaign_id)

    def is_starting(self, campaign_id: int) -> bool:
        """Whether ``campaign_id`` was asked to send and its engine or process is not there yet."""
        run = self.runs.get(campaign_id)
        return run is not None and run.starting

    async def _start(self, run: Run) -> RunResult:
        campaign_id = run.campaign_id
        await self.context.store.in_thread(lambda journal: check_sendable(journal.campaigns.get(campaign_id),
                                                                          approval_rule(journal)))
        if self.context.settings.get("separate_sender"):
            # The sheet's rows are long-lived: a full collection while the window follows
            # would walk them all again, a visible pause; frozen, it passes them by.
            gc.freeze()
            return await self._run_elsewhere(run)
        if not self.is_sending():
            # The sheet's rows are long-lived and every outcome makes new objects: full
            # collections would walk them all again and again, each a visible pause.
            # While sending, only the young generations are collected, now and then.
            gc.freeze()
            gc.disable()
        try:
            wanted = await self.context.store.in_thread(lambda journal: journal.campaigns.get(campaign_id).sms_fallback)
            gateway = self._sms_gateway(campaign_id) if wanted is not None else None
            async with self.context.client() as client, gateway or contextlib.nullcontext():
                sms = SmsFallback(self.context.journal, gateway) if gateway is not None else None
                run.engine = CampaignEngine(self.context.journal, client, on_progress=self._on_progress, sms=sms)
                if run.stop_wanted is not None:  # pressed while it started: the engine stops before a first request
                    request, said = run.stop_wanted
                    (run.engine.pause if request is StopRequest.PAUSE else run.engine.cancel)(said)
                self.started.emit(campaign_id)
                result = await run.engine.run(campaign_id)
        finally:
            run.engine = None
            if not self.is_sending():
                gc.enable()  # frozen objects stay frozen: unfreezing makes the next full pass walk them all
        run.result = result
        self.finished.emit(result)
        return result

    def _sms_gateway(self, campaign_id: int) -> KavenegarGateway | None:
        """The SMS gateway for campaign ``campaign_id``'s SMS fallback (app/jobs/sms_gateway.py);
        None when none is set up (the campaign then pauses and says what to set)."""
        try:
            connection = self.context.connection
            sandbox = connection.demo or is_loopback(urlsplit(connection.base_url).hostname or "")
            return sms_gateway(connection.base_url, sandbox=sandbox, key=connection.sms_api_key,
                               sender=connection.sms_sender)
        except GatewayNotSetUp:
            log.warning("campaign %s: the SMS gateway is not set up right", campaign_id, exc_info=True)
            return None

    async def adopt(self, campaign_id: int) -> RunResult | None:
        """Follow ``campaign_id`` while another process sends it (this desktop's background
        sender after the window closed, a terminal, another desktop of the team): its
        progress, Pause and Cancel here, as if this window had started it. None when this
        window already sends it or nobody does."""
        if self.is_sending(campaign_id):
            return None
        if not await asyncio.to_thread(campaign_is_sending, self.context.journal, campaign_id):
            return None
        return await self._follow(self.runs.setdefault(campaign_id, Run(campaign_id)), None)

    def adopt_later(self, campaign_id: int) -> None:
        """:meth:`adopt` ``campaign_id`` in the background (its end reaches ``finished``)."""
        adopting = asyncio.ensure_future(self.adopt(campaign_id))
        self._adopting.add(adopting)
        adopting.add_done_callback(self._adopting.discard)

    async def _run_elsewhere(self, run: Run) -> RunResult:
        """Start the campaign's own sending process and follow it until it stops; one
        that another window or the command line already sends is followed, not started
        twice. Raises RunnerFailed (a sentence) when it cannot start."""
        if await asyncio.to_thread(campaign_is_sending, self.context.journal, run.campaign_id):
            return await self._follow(run, None)
        connection = self.context.connection
        journal, campaign_id, key = self.context.journal, run.campaign_id, connection.api_key or ""

        def start() -> subprocess.Popen[bytes]:
            if not connection.demo:  # resume-due sends it again after a reboot (the sandbox would be gone)
                remember_key(connection.base_url, key)
            secrets = {SMS_KEY_ENV: connection.sms_api_key, SMS_SENDER_ENV: connection.sms_sender}
            return start_runner(journal, campaign_id, api_key=key, base_url=connection.base_url,
                                secrets={k: v for k, v in secrets.items() if v},
                                on_forgotten=lambda: self._spawning(run, journal))

        try:
            process = await asyncio.to_thread(start)
        finally:
            run.spawning = False
        return await self._follow(run, process)

    @staticmethod
    def _spawning(run: Run, journal: Journal) -> None:
        """In the starting thread, once earlier stops are forgotten: a stop pressed from now
        on is asked through the store at once, and one pressed before is asked now (each
        side looks after it wrote, so one of them asks)."""
        run.spawning = True
        wanted = run.stop_wanted
        if wanted is not None:
            journal.control.request_stop(run.campaign_id, *wanted)

    async def _follow(self, run: Run, process: subprocess.Popen[bytes] | None) -> RunResult:
        """Follow the campaign's sender (``process`` when this window started it) until
        it stops or the window lets go."""
        run.following = True
        try:
            if run.stop_wanted is not None:
                self._ask_to_stop(run.campaign_id, *run.stop_wanted)
                run.stop_wanted = None
            self.started.emit(run.campaign_id)
            result = await follow(self.context.journal, run.campaign_id, self._on_progress,
                                  process.poll if process is not None else lambda: None, lambda: self._letting_go,
                                  last_words=lambda: last_words(run.campaign_id))
            if process is not None:
                # Its exit status is collected once it exits: a sender goes on after the window lets
                # go of it, or a while after its campaign ended (following its SMS to their delivery).
                _finishing.append(process)
                _collect_finished()
        finally:
            run.following = False
        run.result = result
        self.finished.emit(result)
        return result

    def waiting_for_start(self) -> list[tuple[int, Reason]]:
        """(campaign id, the waiting reason) of the campaigns sent that wait for their start time."""
        found = []
        for campaign_id in self.sending():
            progress = self.runs[campaign_id].last_progress
            waiting = progress.waiting if progress is not None else None
            if waiting is not None and waiting.code == "start_time":
                found.append((campaign_id, waiting))
        return found

    def let_go(self) -> None:
        """Stop following the campaigns sent by processes of their own (the window
        closes); they go on sending."""
        self._letting_go = True

    def pause(self, campaign_id: int, reason: Reason | None = None) -> bool:
        """Ask a sending campaign to pause after its requests in flight; False if it is
        not sending."""
        run = self.runs.get(campaign_id)
        said = reason or pause_reason("user_paused")
        if run is not None and run.following:
            self._ask_to_stop(campaign_id, StopRequest.PAUSE, said)
            return True
        if run is not None and self.stoppable_while_starting(campaign_id):
            self._stop_while_starting(run, (StopRequest.PAUSE, said))
            return True
        if run is None or run.engine is None:
            return False
        run.engine.pause(reason)
        return True

    def cancel(self, campaign_id: int) -> bool:
        """Ask a sending campaign to cancel after its requests in flight; False if it is
        not sending."""
        run = self.runs.get(campaign_id)
        if run is not None and run.following:
            self._ask_to_stop(campaign_id, StopRequest.CANCEL, pause_reason("user_cancelled"))
            return True
        if run is not None and self.stoppable_while_starting(campaign_id):
            self._stop_while_starting(run, (StopRequest.CANCEL, pause_reason("user_cancelled")))
            return True
        if run is None or run.engine is None:
            return False
        run.engine.cancel()
        return True

    def stoppable_while_starting(self, campaign_id: int) -> bool:
        """Whether ``campaign_id`` is starting, in a process of its own or in this window, so
        a Pause or Cancel pressed now is asked of its sender once it runs."""
        run = self.runs.get(campaign_id)
        return run is not None and run.starting and run.engine is None and not run.following

    def _stop_while_starting(self, run: Run, wanted: tuple[StopRequest, Reason]) -> None:
        run.stop_wanted = wanted  # asked by the starter once earlier stops are forgotten, and again once it runs
        if run.spawning:
            self._ask_to_stop(run.campaign_id, *wanted)

    def _ask_to_stop(self, campaign_id: int, request: StopRequest, said: Reason) -> None:
        """Ask the process sending ``campaign_id`` to pause or cancel, through the store."""
        what = "the pause" if request is StopRequest.PAUSE else "the cancellation"
        self.context.store.soon(lambda journal: journal.control.request_stop(campaign_id, request, said),
                                f"{what} of campaign {campaign_id}",
                                lambda error: self.refused.emit(campaign_id, describe_failure(error)))

    def pause_all(self, reason: Reason | None = None) -> list[int]:
        """Pause every campaign of :meth:`active` (``reason`` why); the ones asked."""
        return [campaign_id for campaign_id in self.active() if self.pause(campaign_id, reason)]

    def _on_progress(self, progress: Progress) -> None:
        self._events += 1
        if not self._events % 100:
            gc.collect(1)
        run = self.runs.get(progress.campaign_id)
        if run is not None:
            run.last_progress = progress
            c = progress.counts
            point = (time.monotonic() - run.started, c["sent"], c["failed"])
            if run.points and point[0] - run.points[-1][0] < 0.2:
                run.points[-1] = (run.points[-1][0], point[1], point[2])
            else:
                run.points.append(point)
        self.progress.emit(progress)


def _sends(run: Run) -> bool:
    return run.engine is not None or run.following


#: Senders the window stopped following: still finishing their summary, or sending in
#: the background after the window closed.
_finishing: list[subprocess.Popen[bytes]] = []


def _collect_finished() -> None:
    """Collect the exit status of the senders of :data:`_finishing` that have exited (no
    process is left a zombie while the window stays open)."""
    _finishing[:] = [p for p in _finishing if p.poll() is None]
