"""How a run is stopped: Pause or Cancel from any caller, honoured by every wait of the run
within a second."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from app.campaign.journal import CampaignStatus, Journal, JournalError, StopRequest
from app.reasons import Reason

#: How often a sender looks for a Pause or Cancel asked by another process (seconds).
REQUEST_POLL_SECONDS = 0.25


class StopSignal:
    """Set once per run by :meth:`pause` or :meth:`cancel`; :attr:`stop` then holds the
    ``(status, reason)`` the run ends with (a cancel overrides a pause, not the other way
    round). Make a new one for every run (its event belongs to the running loop)."""

    def __init__(self) -> None:
        self.stop: tuple[CampaignStatus, Reason] | None = None
        self._event = asyncio.Event()
        self._listeners: list[Callable[[], None]] = []

    def __bool__(self) -> bool:
        return self.stop is not None

    def pause(self, reason: Reason) -> None:
        """End the run as paused with ``reason`` (unless it is already stopping)."""
        if self.stop is None:
            self.stop = (CampaignStatus.PAUSED, reason)
        self._stopped()

    def cancel(self, reason: Reason) -> None:
        """End the run as cancelled with ``reason``."""
        self.stop = (CampaignStatus.CANCELLED, reason)
        self._stopped()

    def on_stop(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` (on the loop's thread) when the run is stopped, every time
        :meth:`pause` or :meth:`cancel` is called: a wait that would cost a helper task
        through :meth:`until_stopped` wakes itself instead."""
        self._listeners.append(listener)

    def _stopped(self) -> None:
        self._event.set()
        for listener in self._listeners:
            listener()

    async def follow_requests(self, journal: Journal, campaign_id: int, every: float = REQUEST_POLL_SECONDS) -> None:
        """Honour a Pause or Cancel that another process wrote into the journal (checked
        every ``every`` seconds; runs until cancelled). A journal that cannot be read is
        left to the send path, which pauses on it."""
        while self.stop is None:
            await asyncio.sleep(every)
            try:
                asked = journal.control.stop_requested(campaign_id)
            except JournalError:
                continue
            self.honour(asked)

    def honour(self, asked: tuple[StopRequest, Reason] | None) -> None:
        """Pause or cancel as another process asked (``Control.stop_requested``'s answer;
        None: nothing asked)."""
        if asked is None:
            return
        request, reason = asked
        if request is StopRequest.CANCEL:
            self.cancel(reason)
        else:
            self.pause(reason)

    async def until_stopped(self, awaitable: Awaitable[Any]) -> bool:
        """Await ``awaitable`` unless the run is stopped first; True when it completed
        (its exception, if any, is raised)."""
        task = asyncio.ensure_future(awaitable)
        if not task.done():
            stopper = asyncio.ensure_future(self._event.wait())
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
