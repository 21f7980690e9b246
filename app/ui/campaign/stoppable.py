"""Long work of a step (an import, an upload, an export) that a Stop button can stop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from PySide6.QtWidgets import QPushButton

from app.ui.widgets import WorkStopped

_T = TypeVar("_T")

#: What a step is given to run its long work: ``await stoppable(work)``.
Stoppable = Callable[[Awaitable[Any]], Awaitable[Any]]


class StoppableWork:
    """Runs one piece of work at a time with ``button`` shown; the button (or
    :meth:`stop`) cancels it."""

    def __init__(self, button: QPushButton) -> None:
        self.button = button
        self._work: asyncio.Future[Any] | None = None
        button.setVisible(False)
        button.clicked.connect(self.stop)

    async def __call__(self, work: Awaitable[_T]) -> _T:
        """Await ``work`` with the Stop button shown; raises WorkStopped when the user
        stops it (a cancellation from outside goes on as it is)."""
        future = asyncio.ensure_future(work)
        self._work = future
        self.button.setVisible(True)
        try:
            return await future
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            raise WorkStopped from None
        finally:
            self._work = None
            self.button.setVisible(False)

    def stop(self) -> None:
        """Stop the work in progress (a thread finishes in the background, its result
        dropped)."""
        if self._work is not None:
            self._work.cancel()
