"""How a run is stopped: Pause or Cancel from any caller, honoured by every wait of the run
within a second."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from app.campaign.journal import CampaignStatus


class StopSignal:
    """Set once per run by :meth:`pause` or :meth:`cancel`; :attr:`stop` then holds the
    ``(status, reason)`` the run ends with (a cancel overrides a pause, not the other way
    round). Make a new one for every run (its event belongs to the running loop)."""

    def __init__(self) -> None:
        self.stop: tuple[CampaignStatus, str] | None = None
        self._event = asyncio.Event()

    def __bool__(self) -> bool:
        return self.stop is not None

    def pause(self, reason: str) -> None:
        """End the run as paused with ``reason`` (unless it is already stopping)."""
        if self.stop is None:
            self.stop = (CampaignStatus.PAUSED, reason)
        self._event.set()

    def cancel(self, reason: str) -> None:
        """End the run as cancelled with ``reason``."""
        self.stop = (CampaignStatus.CANCELLED, reason)
        self._event.set()

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
