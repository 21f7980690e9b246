"""The window's event loop: qasync's, with a cancelled timer let go at once.

qasync runs each ``call_later`` (and ``call_soon``, ``call_at``) as a Qt timer and, when the
handle is cancelled, only marks it: the Qt timer stays live until it fires. aiohttp arms a
30 s read timeout for every request and cancels it when the answer arrives, so a campaign
sent on the window's loop (the setting ``separate_sender`` off) leaves hundreds of live Qt
timers a second, which all fire 30 s later, in whole-second batches of 40-100 ms of the
loop each (docs/benchmarks.md). Here the loop's timers are kept by :class:`_Timers`, and a
cancelled handle kills its Qt timer.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from contextvars import Context
from typing import Any, TypeVar

os.environ.setdefault("QT_API", "pyside6")

import qasync
from PySide6.QtCore import QObject, QTimerEvent
from PySide6.QtWidgets import QApplication

T = TypeVar("T")


class _TimerHandle(asyncio.Handle):
    """A handle that kills its Qt timer when it is cancelled before it runs."""

    __slots__ = ("_timers", "_timer_id")

    def cancel(self) -> None:
        if not self._cancelled:  # pyright: ignore[reportAttributeAccessIssue]
            super().cancel()
            self._timers.forget(self._timer_id, self)


class _Timers(QObject):
    """The loop's timers: Qt timer id → the handle it runs (what qasync's own timer object
    does, with :meth:`forget`). A timer fires once: it is killed and let go before its
    handle runs, so a handle cancelled while it runs has nothing left to forget."""

    def __init__(self) -> None:
        super().__init__()
        self._handles: dict[int, asyncio.Handle] = {}
        self._stopped = False

    def add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        """Run ``handle`` in ``delay`` seconds (qasync's name: its loop calls this)."""
        timer_id = self.startTimer(int(max(0.0, delay) * 1000))
        self._handles[timer_id] = handle
        if isinstance(handle, _TimerHandle):
            handle._timers, handle._timer_id = self, timer_id  # noqa: SLF001 - our own handle class
        return handle

    def forget(self, timer_id: int, handle: asyncio.Handle) -> None:
        """Kill the Qt timer of a cancelled ``handle`` that has not run yet."""
        if self._handles.get(timer_id) is handle:
            del self._handles[timer_id]
            self.killTimer(timer_id)

    def timerEvent(self, event: QTimerEvent) -> None:
        timer_id = event.timerId()
        self.killTimer(timer_id)
        handle = self._handles.pop(timer_id, None)
        if handle is not None and not self._stopped and not handle.cancelled():
            handle._run()  # noqa: SLF001  # pyright: ignore[reportAttributeAccessIssue]  # asyncio's Handle

    def stop(self) -> None:
        """The loop closes: no handle runs any more (qasync's name)."""
        self._stopped = True

    def set_debug(self, enabled: bool) -> None:
        """qasync's name; slow callbacks are not logged here."""

    def __len__(self) -> int:
        return len(self._handles)


class WindowLoop(qasync.QEventLoop):
    """qasync's QEventLoop whose cancelled timers stop at once (see the module's text).

    It relies on qasync (0.27-0.28) keeping its timers in ``self._timer`` and calling only
    its ``add_callback``, ``stop`` and ``set_debug``."""

    def __init__(self, app: QApplication | None = None) -> None:
        super().__init__(app)
        self._timer = _Timers()

    def call_later(self, delay: float, callback: Callable[..., object], *args: Any,
                   context: Context | None = None) -> asyncio.Handle:  # pyright: ignore[reportIncompatibleMethodOverride]
        if asyncio.iscoroutinefunction(callback) or not callable(callback):
            return super().call_later(delay, callback, *args, context=context)  # qasync's own errors
        return self._timer.add_callback(_TimerHandle(callback, args, self, context=context), delay)

    def live_timers(self) -> int:
        """How many Qt timers the loop keeps now."""
        return len(self._timer)


def run_on_window_loop(app: QApplication, main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` to its end on a :class:`WindowLoop` (as ``qasync.run`` does on its own loop)."""
    with asyncio.Runner(loop_factory=lambda: WindowLoop(app)) as runner:
        return runner.run(main)
