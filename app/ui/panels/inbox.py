"""The sandbox's inbox: what the built-in sandbox delivered, as a Bale client shows it."""

from __future__ import annotations

import asyncio
from datetime import datetime

import httpx
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from app.api.transport import client_class
from app.ui.bidi import (
    DIRECTION_ROLE,
    OwnDirectionDelegate,
    in_own_direction,
    ltr_in_wrapped_item,
    starts_right_to_left,
)
from app.ui.formatting import clock, wrappable


#: Characters of a run with no space the inbox breaks after: it is a narrow dock.
INBOX_RUN = 16


#: Fetches dropped as a dock closed, held until their cancellation has run: a task collected
#: while still pending is logged as an error (seen with both CPUs busy).
_DROPPED: set[asyncio.Future[int]] = set()


class InboxDock(QDockWidget):
    """In demo mode, what each recipient received from the sandbox, as they see it (the
    latest :attr:`KEEP`, newest first)."""

    KEEP = 500

    def __init__(self, sandbox_url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Sandbox inbox"))
        self.setObjectName("sandbox-inbox")
        self.sandbox_url = sandbox_url
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setItemDelegate(OwnDirectionDelegate(self.list))
        self.list.setAccessibleName(self.tr("Messages the sandbox delivered"))
        self.setWidget(self.list)
        self.seen = 0
        self._refreshing: asyncio.Future[int] | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(1500)
        self.timer.timeout.connect(self._on_timer)
        self.timer.start()

    def _on_timer(self) -> None:
        # Skip a tick rather than start a task inside another one's step (a modal
        # dialog's nested loop: qasync's "Cannot enter into task"), or with no loop.
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if asyncio.current_task() is not None or (self._refreshing is not None and not self._refreshing.done()):
            return
        self._refreshing = asyncio.ensure_future(self.refresh())

    def stop(self) -> None:
        """Stop polling and drop a fetch under way (the window is closing)."""
        self.timer.stop()
        if self._refreshing is not None and not self._refreshing.done():
            self._refreshing.cancel()
            _DROPPED.add(self._refreshing)  # the dock, its only holder, may be deleted first
            self._refreshing.add_done_callback(_DROPPED.discard)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop()
        super().closeEvent(event)

    async def refresh(self) -> int:
        """Fetch new deliveries; returns how many are shown (0 once the dock is gone)."""
        after = self.seen
        try:
            async with client_class()(timeout=2) as http:  # the service client's transport
                answer = (await http.get(f"{self.sandbox_url}/sandbox/messages",
                                         params={"after": after})).json()
        except asyncio.CancelledError:
            return 0
        # RuntimeError: the loop stopped under the fetch (the window closing), which an
        # async library tells as "no running event loop".
        except (httpx.HTTPError, ValueError, RuntimeError):
            return self.list.count() if shiboken6.isValid(self.list) else 0
        if not shiboken6.isValid(self) or not shiboken6.isValid(self.list):
            return 0  # the window closed while the answer was on its way
        # Deliveries after+0, after+1, ...: those another fetch showed meanwhile (the
        # timer's and a caller's at once) are not shown twice.
        messages = answer["messages"][max(0, self.seen - after):]
        messages = messages[-self.KEEP:]  # only the new ones; a big campaign shows its latest
        for message in messages:
            when = clock(datetime.fromisoformat(message["delivered_at"]))
            text = in_own_direction(wrappable(message["text"], INBOX_RUN))
            item = QListWidgetItem(f"📱 {ltr_in_wrapped_item(message['phone_number'])}  ·  "
                                   f"{ltr_in_wrapped_item(when)}\n{text}")
            # Absolute: a plain AlignRight is mirrored to the left in a right-to-left interface.
            rtl = starts_right_to_left(message["text"])
            side = Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft
            item.setTextAlignment(side | Qt.AlignmentFlag.AlignAbsolute | Qt.AlignmentFlag.AlignVCenter)
            item.setData(DIRECTION_ROLE, Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
            self.list.insertItem(0, item)
        self.seen = max(self.seen, answer.get("total", after + len(answer["messages"])))
        while self.list.count() > self.KEEP:
            self.list.takeItem(self.list.count() - 1)
        return self.list.count()
