"""The SMS replies panel (docs/sms.md): what numbers answered on the SMS line, read once
each from the gateway; an opt-out puts its number on the suppression list."""

from __future__ import annotations

from urllib.parse import urlsplit

import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from app.api import SafirError, is_loopback
from app.campaign import Journal, JournalError
from app.contacts import SheetError
from app.jobs.replies import ReadReply, read_replies_now
from app.jobs.sms_gateway import GatewayNotSetUp
from app.ui.bidi import ltr_in_wrapped_item, starts_right_to_left
from app.ui.context import AppContext
from app.ui.formatting import figure
from app.ui.texts import describe
from app.ui.widgets import StatusLine, title


class SmsRepliesPanel(QWidget):
    """Reads the replies to the SMS line on request (newest first in the list, kept for
    the session) and tells how many opted out."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        intro = QLabel(self.tr("Replies to the SMS line of this profile's gateway. A reply that starts with «لغو», "
                               "«۱۱», 11 or stop puts its number on the suppression list."))
        intro.setWordWrap(True)
        self.read_button = QPushButton(self.tr("Read new replies"))
        self.read_button.clicked.connect(self._on_read_clicked)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAccessibleName(self.tr("Replies to the SMS line"))
        self.status = StatusLine()
        bar = QHBoxLayout()
        bar.addWidget(self.read_button)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("SMS replies")))
        layout.addWidget(intro)
        layout.addLayout(bar)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.status)

    @qasync.asyncSlot()
    async def _on_read_clicked(self) -> None:
        await self.read()

    async def read(self) -> list[ReadReply] | None:
        """Read the replies not read yet (in a worker thread) and show them; None, with why
        said, when they could not be read."""
        connection = self.context.connection
        sandbox = connection.demo or is_loopback(urlsplit(connection.base_url).hostname or "")

        def read(journal: Journal) -> list[ReadReply]:
            return read_replies_now(journal, connection.base_url, sandbox=sandbox, key=connection.sms_api_key,
                                    sender=connection.sms_sender)

        self.read_button.setEnabled(False)
        try:
            found = await self.context.store.in_thread(read)
        except (GatewayNotSetUp, SafirError, JournalError, SheetError) as exc:
            self.status.say(describe(getattr(exc, "message", None) or str(exc)), error=True)
            return None
        finally:
            self.read_button.setEnabled(True)
        for item in found:
            self.list.insertItem(0, self._item(item))
        out = sum(1 for r in found if r.listed)
        self.status.say(self.tr("{0} new replies; {1} opted out and are on the suppression list.").format(
            figure(len(found)), figure(out)) if found else self.tr("No new replies."))
        return found

    def _item(self, read: ReadReply) -> QListWidgetItem:
        reply = read.reply
        tag = (self.tr("opted out: on the suppression list") if read.listed else
               self.tr("asks to opt out, but it is no Iranian mobile number") if read.asked_out else "")
        item = QListWidgetItem(f"📱 {ltr_in_wrapped_item(reply.phone)}" + (f"  ·  {tag}" if tag else "")
                               + f"\n{reply.text}")
        side = Qt.AlignmentFlag.AlignRight if starts_right_to_left(reply.text) else Qt.AlignmentFlag.AlignLeft
        item.setTextAlignment(side | Qt.AlignmentFlag.AlignAbsolute | Qt.AlignmentFlag.AlignVCenter)
        return item
