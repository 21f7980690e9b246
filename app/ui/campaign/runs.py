"""The campaigns this window is sending: one engine per campaign, owned here rather
than by the page that shows it, so History, Resume and Open results attach to a run
that already goes on instead of starting a second engine, and a rebuilt window (a
language switch) takes the runs over."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from app.campaign import CampaignEngine, Progress, RunResult
from app.ui.context import AppContext


@dataclass
class Run:
    """One campaign's sending in this session: its engine while it sends, the chart's
    points across every resume (seconds since the first start, sent, failed) and the
    last result."""

    campaign_id: int
    engine: CampaignEngine | None = None
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
    finished = Signal(object)

    def __init__(self, context: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.runs: dict[int, Run] = {}
        self._events = 0

    def run_of(self, campaign_id: int) -> Run | None:
        return self.runs.get(campaign_id)

    def is_sending(self, campaign_id: int | None = None) -> bool:
        """Whether ``campaign_id`` (or any campaign, when None) is sending now."""
        if campaign_id is None:
            return any(run.engine is not None for run in self.runs.values())
        run = self.runs.get(campaign_id)
        return run is not None and run.engine is not None

    def sending(self) -> list[int]:
        return [campaign_id for campaign_id, run in self.runs.items() if run.engine is not None]

    async def run(self, campaign_id: int) -> RunResult:
        """Send (or resume) a stored campaign until it finishes, pauses or is
        cancelled. Raises CampaignLocked when another process sends it, RuntimeError
        when this window already does (attach to it instead)."""
        if self.is_sending(campaign_id):
            raise RuntimeError(f"campaign {campaign_id} is already being sent by this window")
        run = self.runs.setdefault(campaign_id, Run(campaign_id))
        if not self.is_sending():
            # The sheet's rows are long-lived and every outcome makes new objects: full
            # collections would walk them all again and again, each a visible pause.
            # While sending, only the young generations are collected, now and then.
            gc.freeze()
            gc.disable()
        try:
            async with self.context.client() as client:
                run.engine = CampaignEngine(self.context.journal, client, on_progress=self._on_progress)
                self.started.emit(campaign_id)
                result = await run.engine.run(campaign_id)
        finally:
            run.engine = None
            if not self.is_sending():
                gc.enable()  # frozen objects stay frozen: unfreezing makes the next full pass walk them all
        run.result = result
        self.finished.emit(result)
        return result

    def pause(self, campaign_id: int, reason: str | None = None) -> bool:
        """Ask a sending campaign to pause after its requests in flight; False if it is
        not sending."""
        run = self.runs.get(campaign_id)
        if run is None or run.engine is None:
            return False
        run.engine.pause(reason) if reason else run.engine.pause()
        return True

    def cancel(self, campaign_id: int) -> bool:
        run = self.runs.get(campaign_id)
        if run is None or run.engine is None:
            return False
        run.engine.cancel()
        return True

    def pause_all(self, reason: str | None = None) -> list[int]:
        return [campaign_id for campaign_id in self.sending() if self.pause(campaign_id, reason)]

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
