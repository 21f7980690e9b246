"""Quick send: one message to one phone, for support agents."""

from __future__ import annotations

import qasync
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import OutcomeUnknown, SafirError
from app.campaign import Content, placeholders
from app.ui.bidi import ltr, set_text_direction
from app.ui.context import AppContext
from app.ui.formatting import figure, tehran_time
from app.ui.journal_calls import run_soon
from app.ui.texts import (
    campaign_title,
    describe,
    describe_content_error,
    describe_failure,
    single_send_sentence,
    state_name,
)
from app.ui.widgets import bot_id_of, title
from app.jobs.creating import record_v2_otp
from app.jobs.inputs import CampaignInputError, parse_fields
from app.jobs.single_send import SingleOutcome, send_one


class QuickSendPanel(QWidget):
    """One message to one phone, right now, for support agents; the outcome in words and
    the recent sends to that number."""

    balance_changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        form = QFormLayout()
        self.phone_edit = QLineEdit()
        self.phone_edit.setPlaceholderText(self.tr("e.g. {0}").format(ltr("0912 123 4567")))
        self.phone_edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # "0912 111", never "111 0912"
        self.phone_edit.setAccessibleName(self.tr("Phone"))
        self.phone_edit.editingFinished.connect(lambda: run_soon(self.show_recent()))
        self.kind_combo = QComboBox()
        for label in (self.tr("Text"), self.tr("One-time password (bot)"),
                      self.tr("One-time password (v2, shows balance)"), self.tr("Template")):
            self.kind_combo.addItem(label)
        self.kind_combo.setAccessibleName(self.tr("Message kind"))
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.bot_combo = QComboBox()
        self.bot_combo.setEditable(True)
        self.bot_combo.setAccessibleName(self.tr("Sending bot"))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setMaximumHeight(90)
        self.text_edit.setAccessibleName(self.tr("Message"))
        self.text_edit.setPlaceholderText(self.tr("The message, the one-time password digits, or for a template "
                                                  "one field=value per line"))
        self.text_edit.textChanged.connect(lambda: set_text_direction(self.text_edit))
        self.template_combo = QComboBox()
        self.template_combo.setAccessibleName(self.tr("Template"))
        self.secure_check = QCheckBox(self.tr("Secure message"))
        self.send_button = QPushButton(self.tr("Send now"))
        self.send_button.setDefault(True)
        self.send_button.clicked.connect(self._on_send_clicked)
        self.phone_edit.returnPressed.connect(self.send_button.click)  # the default button, as in a dialog
        form.addRow(self.tr("Phone:"), self.phone_edit)
        form.addRow(self.tr("Kind:"), self.kind_combo)
        form.addRow(self.tr("Bot:"), self.bot_combo)
        form.addRow(self.tr("Template:"), self.template_combo)
        form.addRow(self.tr("Message:"), self.text_edit)
        form.addRow("", self.secure_check)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.recent = QTableWidget(0, 4)
        self.recent.setHorizontalHeaderLabels([self.tr("When (Tehran)"), self.tr("Campaign"), self.tr("Status"),
                                               self.tr("Details")])
        # The first columns as wide as their contents (twenty rows at most), the details
        # across the rest: resizing every column to its contents would end the stretch.
        header = self.recent.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.recent.setAccessibleName(self.tr("Recent sends to this number"))
        self.recent.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.recent.verticalHeader().setVisible(False)  # its numbers would be Latin in Persian
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Quick send")))
        layout.addLayout(form)
        layout.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.outcome)
        layout.addWidget(QLabel(self.tr("Recent sends to this number:")))
        layout.addWidget(self.recent, 1)
        self.refresh_connection()
        self._kind_changed(0)

    def take_over(self, old: QuickSendPanel) -> None:
        """Keep what ``old`` (the panel of the window this one replaces, after a language
        switch) held: the form as filled in and the last outcome."""
        self.phone_edit.setText(old.phone_edit.text())
        self.kind_combo.setCurrentIndex(old.kind_combo.currentIndex())
        self.bot_combo.setEditText(old.bot_combo.currentText())
        self.template_combo.setCurrentIndex(old.template_combo.currentIndex())
        self.text_edit.setPlainText(old.text_edit.toPlainText())
        self.secure_check.setChecked(old.secure_check.isChecked())
        self.outcome.setStyleSheet(old.outcome.styleSheet())
        self.outcome.setText(old.outcome.text())
        if self.phone_edit.text().strip():
            run_soon(self.show_recent())

    def refresh_connection(self) -> None:
        self.bot_combo.clear()
        for bot_id, name in self.context.connection.bots.items():
            self.bot_combo.addItem(f"{bot_id} — {name}", bot_id)
        self.template_combo.clear()
        for t in self.context.templates():
            self.template_combo.addItem(t["template_id"], t["template_id"])

    def _kind_changed(self, index: int) -> None:
        self.template_combo.setEnabled(index == 3)
        self.bot_combo.setEnabled(index != 2)
        self.secure_check.setEnabled(index != 2)

    @qasync.asyncSlot()
    async def _on_send_clicked(self) -> None:
        await self.send()

    async def send(self) -> str:
        """Send and return the outcome in plain words (also shown)."""
        self.send_button.setEnabled(False)
        self.outcome.setStyleSheet("")
        self.outcome.setText(self.tr("Sending to {0}…").format(ltr(self.phone_edit.text().strip())))
        try:
            outcome, ok = await self._send()
        finally:
            self.send_button.setEnabled(True)
        self.outcome.setStyleSheet("" if ok else "color: #b71c1c")
        self.outcome.setText(outcome)
        await self.show_recent()
        return outcome

    async def _send(self) -> tuple[str, bool]:
        index = self.kind_combo.currentIndex()
        text = self.text_edit.toPlainText().strip()
        if index == 2:
            return await self._send_v2_otp(text)
        secure = self.secure_check.isChecked()
        if index == 0:
            content = Content(kind="text", text=text, is_secure=secure)
        elif index == 1:
            content = Content(kind="otp", otp=text, is_secure=secure)
        else:
            try:
                fields = parse_fields(text)
            except CampaignInputError as exc:
                return self.tr("Not sent: {0}").format(describe_content_error(exc)), False
            content = Content(kind="template", template_id=self.template_combo.currentData() or "",
                              text_fields=fields, is_secure=secure)
        if not self.context.connection.api_key:
            return self.tr("Not sent: this profile has no API access key. Add one in Profiles."), False
        template = next((t for t in self.context.templates() if t["template_id"] == content.template_id), None)
        async with self.context.client() as client:
            sent = await send_one(self.context.journal, client, phone_input=self.phone_edit.text(), content=content,
                                  bot_id=bot_id_of(self.bot_combo), base_url=self.context.connection.base_url,
                                  template_fields=placeholders(template["body"]) if template else None)
        return single_send_sentence(sent), sent.outcome is SingleOutcome.SENT

    async def _send_v2_otp(self, otp: str) -> tuple[str, bool]:
        from app.contacts import normalise

        check = normalise(self.phone_edit.text())
        if check.phone is None:
            return self.tr("Not sent: {0}.").format(describe(check.reason)), False
        try:
            async with self.context.client() as client:
                result = await client.send_otp(check.phone, otp)
        except OutcomeUnknown:
            return self.tr("The answer was lost on the way: the code may or may not have arrived. "
                           "Check with the person before sending another."), False
        except SafirError as exc:
            return self.tr("Not sent: {0}").format(describe_failure(exc)), False
        self.context.record_balance(result.balance)
        typed, base_url = self.phone_edit.text(), self.context.connection.base_url
        await self.context.store.in_thread(
            lambda journal: record_v2_otp(journal, phone_input=typed, phone=check.phone or "", base_url=base_url))
        self.balance_changed.emit()
        return self.tr("One-time password sent to {0}. Balance left: {1}.").format(
            ltr(check.phone), figure(result.balance)), True

    async def show_recent(self) -> None:
        """The recent sends to the number typed, read in a worker thread."""
        from app.contacts import normalise

        check = normalise(self.phone_edit.text())
        rows = await self.context.store.sends_to(check.phone) if check.phone else []
        self.recent.setRowCount(len(rows))
        language = self.context.settings.get("language")
        for r, row in enumerate(rows):
            values = (tehran_time(row["updated_at"] or "", language) if row["updated_at"] else "",
                      f"{figure(row['campaign_id'])} · {campaign_title(row['name'])}", state_name(row["state"]),
                      describe(row["error"]) if row["error"] else ltr(row["message_id"] or ""))
            for c, value in enumerate(values):
                self.recent.setItem(r, c, QTableWidgetItem(str(value)))
