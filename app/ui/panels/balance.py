"""The balance panel: the last balance the service reported, and its history."""

from __future__ import annotations

import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import SafirError
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.dialogs import confirm
from app.ui.formatting import figure, tehran_time
from app.ui.texts import describe
from app.ui.widgets import title


class BalancePanel(QWidget):
    """The last balance the service reported, with its time and history. The service only
    reports it in a v2 send_otp answer, so "check now" costs one message."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.balance_label = QLabel()
        self.balance_label.setStyleSheet("font-size: 28px; font-weight: bold")
        self.when_label = QLabel()
        self.phone_edit = QLineEdit(context.settings.get("own_phone"))
        self.phone_edit.setPlaceholderText(self.tr("your own number"))
        self.phone_edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.phone_edit.setAccessibleName(self.tr("Your own number"))
        self.check_button = QPushButton(self.tr("Check now…"))
        self.check_button.clicked.connect(self._on_check_clicked)
        self.phone_edit.returnPressed.connect(self.check_button.click)  # it asks before it sends
        self.history = QTableWidget(0, 2)
        self.history.setHorizontalHeaderLabels([self.tr("When (Tehran)"), self.tr("Balance")])
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.setAccessibleName(self.tr("Balance history"))
        self.history.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.history.verticalHeader().setVisible(False)  # its numbers would be Latin in Persian
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.phone_edit, 1)
        row.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Balance")))
        layout.addWidget(self.balance_label)
        layout.addWidget(self.when_label)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(self.history, 1)
        self.refresh()

    def refresh(self) -> None:
        history = self.context.balance_history()
        language = self.context.settings.get("language")
        if history:
            last = history[-1]
            self.balance_label.setText(self.tr("{0} messages").format(figure(last["balance"])))
            self.when_label.setText(self.tr("as reported at {0} (Tehran time)").format(
                tehran_time(last["at"], language)))
        else:
            self.balance_label.setText(self.tr("Not known yet"))
            self.when_label.setText(self.tr("The service reports the balance only when it sends a one-time "
                                            "password (v2)."))
        self.history.setRowCount(len(history))
        for r, item in enumerate(reversed(history)):
            self.history.setItem(r, 0, QTableWidgetItem(tehran_time(item["at"], language)))
            self.history.setItem(r, 1, QTableWidgetItem(figure(item["balance"])))
        self.history.resizeColumnToContents(0)  # the whole date and time, never cut off

    @qasync.asyncSlot()
    async def _on_check_clicked(self) -> None:
        phone, problem = self._checked_number()
        if phone is None:  # told before the question, which speaks of a cost
            self.note.setText(problem or "")
            return
        ok = await confirm(self, self.tr("Check the balance"), self.tr(
            "The service tells the balance only when it sends a one-time password, so this sends one to "
            "{0} and costs one message. Go ahead?").format(ltr(self.phone_edit.text().strip())))
        if ok:
            await self.check_now()

    def _checked_number(self) -> tuple[str | None, str | None]:
        """(The number typed, normalised; None) or (None, why it cannot be checked, a sentence)."""
        from app.contacts import normalise

        if not self.phone_edit.text().strip():  # a form has no cell: "the phone cell is empty" would puzzle
            return None, self.tr("Not checked: type your own mobile number first.")
        check = normalise(self.phone_edit.text())
        return check.phone, None if check.phone else self.tr("Not checked: {0}.").format(describe(check.reason))

    async def check_now(self) -> str:
        """Send one OTP to the admin's own number and record the balance it reports."""
        self.context.settings.set("own_phone", self.phone_edit.text())
        phone, problem = self._checked_number()
        if phone is None:
            text = problem or ""
        else:
            try:
                async with self.context.client() as client:
                    result = await client.send_otp(phone, "1234")
            except SafirError as exc:
                text = self.tr("The balance could not be checked: {0}").format(exc.message)
            else:
                self.context.record_balance(result.balance)
                text = self.tr("Balance updated.")
        self.note.setText(text)
        self.refresh()
        return text
