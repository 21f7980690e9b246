"""The Send step's look at the campaign it shows: when another process starts sending it
(another desktop of the team resumed it, a terminal did), the step follows that sender
with Pause and Cancel instead of offering a stale Resume."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from app.campaign.lock import campaign_is_sending
from app.ui.campaign.runs import RunController
from app.ui.context import AppContext

#: How often the shown campaign is looked at (milliseconds): as often as History refreshes on a team store.
LOOK_MS = 2000


class SentElsewhereWatch(QObject):
    """Every :data:`LOOK_MS`, off the GUI thread, asks the journal whether the campaign
    ``shown()`` gives (None: nothing to watch) is being sent by a process this window
    neither started nor follows; emits ``found(campaign_id)`` when it is."""

    found = Signal(int)

    def __init__(self, context: AppContext, runs: RunController, shown: Callable[[], int | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.runs = runs
        self._shown = shown
        self._looking = False
        self._task: asyncio.Future[None] | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(LOOK_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        # A look only while there is something to watch and an event loop runs the look:
        # Qt's timers also fire while no asyncio loop runs (a window closing, a test
        # waiting on Qt alone), and a hidden window asks nothing of the loop.
        if self._shown() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self.look())  # kept until done

    async def look(self) -> None:
        """One look; a look still under way (a slow team store) is not doubled."""
        campaign_id = self._shown()
        if campaign_id is None or self._looking or self.runs.owns(campaign_id):
            return
        self._looking = True
        try:
            sending = await asyncio.to_thread(campaign_is_sending, self.context.journal, campaign_id)
        finally:
            self._looking = False
        if sending and campaign_id == self._shown() and not self.runs.owns(campaign_id):
            self.found.emit(campaign_id)
