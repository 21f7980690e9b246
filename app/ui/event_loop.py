"""The window's event loop: qasync's, with a cancelled timer let go at once.

qasync runs each ``call_later`` (and ``call_soon``, ``call_at``) as a Qt timer and, when the
handle is cancelled, only marks it: the Qt timer stays live until it fires. aiohttp arms a
30 s read timeout for every request and cancels it when the answer arrives, so a campaign
sent on the window's loop (the setting ``separate_sender`` off) leaves hundreds of live Qt
timers a second, which all fire 30 s later, in whole-second batches of 40-100 ms of the
loop each (docs/benchmarks.md). Here a cancelled handle kills its Qt timer.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from collections.abc import Callable, Coroutine
from contextvars import Context
from typing import Any, TypeVar

os.environ.setdefault("QT_API", "pyside6")

import qasync  # noqa: E402 - QT_API must be set first
from PySide6.QtWidgets import QApplication  # noqa: E402

T = TypeVar("T")


class _TimerHandle(asyncio.Handle):
    """A handle that tells its loop when it is cancelled."""

    __slots__ = ()

    def cancel(self) -> None:
        if not self._cancelled:  # pyright: ignore[reportAttributeAccessIssue]
            super().cancel()
            loop = self._loop  # pyright: ignore[reportAttributeAccessIssue]
            if isinstance(loop, WindowLoop):
                loop.forget_timer(self)


class WindowLoop(qasync.QEventLoop):
    """qasync's QEventLoop whose cancelled timers stop at once (see the module's text).

    It relies on how qasync 0.27-0.28 keeps its timers (``_timer``, a QObject whose timer
    ids map to handles); with a qasync that keeps them otherwise it behaves as qasync does."""

    def __init__(self, app: QApplication | None = None) -> None:
        super().__init__(app)
        timers: Any = self._timer  # pyright: ignore[reportAttributeAccessIssue]
        self._handles_of_timers: dict[int, asyncio.Handle] | None = getattr(timers, "_SimpleTimer__callbacks", None)
        self._timer_ids: weakref.WeakKeyDictionary[asyncio.Handle, int] = weakref.WeakKeyDictionary()

    def call_later(self, delay: float, callback: Callable[..., object], *args: Any,
                   context: Context | None = None) -> asyncio.Handle:  # pyright: ignore[reportIncompatibleMethodOverride]
        if self._handles_of_timers is None or asyncio.iscoroutinefunction(callback) or not callable(callback):
            return super().call_later(delay, callback, *args, context=context)  # qasync's own way and errors
        handle = _TimerHandle(callback, args, self, context=context)
        timers: Any = self._timer  # pyright: ignore[reportAttributeAccessIssue]
        timer_id = timers.startTimer(int(max(0.0, delay) * 1000))
        self._handles_of_timers[timer_id] = handle
        self._timer_ids[handle] = timer_id
        return handle

    def forget_timer(self, handle: asyncio.Handle) -> None:
        """Kill the Qt timer of a cancelled ``handle`` (if it has not fired yet)."""
        timer_id = self._timer_ids.pop(handle, None)
        if timer_id is not None and self._handles_of_timers is not None \
                and self._handles_of_timers.get(timer_id) is handle:
            del self._handles_of_timers[timer_id]
            timers: Any = self._timer  # pyright: ignore[reportAttributeAccessIssue]
            timers.killTimer(timer_id)

    def live_timers(self) -> int:
        """How many Qt timers the loop keeps now (0 when unknown)."""
        return len(self._handles_of_timers) if self._handles_of_timers is not None else 0


def run_on_window_loop(app: QApplication, main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` to its end on a :class:`WindowLoop` (as ``qasync.run`` does on its own loop)."""
    with asyncio.Runner(loop_factory=lambda: WindowLoop(app)) as runner:
        return runner.run(main)
