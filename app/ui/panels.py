"""The other panels: quick send, balance, history, template library, profiles and bots,
and the sandbox inbox. Each adapts app.workflow / app.api / the journal."""

from __future__ import annotations

import asyncio

from datetime import datetime
import httpx
import qasync
from PySide6.QtCore import QCalendar, QDateTime, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import OutcomeUnknown, SafirError
from app.campaign import CampaignEngine, CampaignStatus, Content, placeholders
from app.profiles import Profile
from app.ui.campaign_page import bot_id_of, confirm, set_text_direction, starts_right_to_left
from app.ui.context import AppContext
from app.ui.models import HistoryModel
from app.ui.widgets import ltr
from app.workflow import CampaignInputError, create_quick_send


def local_time(iso: str, language: str) -> str:
    """An ISO time as the user reads it: Jalali calendar and Persian digits in Persian."""
    moment = QDateTime.fromString(iso[:19], "yyyy-MM-ddTHH:mm:ss")
    moment.setTimeZone(QDateTime.currentDateTimeUtc().timeZone())
    moment = moment.toLocalTime()
    if language == "fa":
        jalali = moment.toString("yyyy/MM/dd HH:mm", QCalendar(QCalendar.System.Jalali))
        return jalali.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return moment.toString("yyyy-MM-dd HH:mm")


def _title(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-size: 16px; font-weight: bold")
    return label


class QuickSendPanel(QWidget):
    """One message to one phone, right now, for support agents; the outcome in words and
    the recent sends to that number."""

    balance_changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        form = QFormLayout()
        self.phone_edit = QLineEdit()
        self.phone_edit.setPlaceholderText(self.tr("e.g. 0912 123 4567"))
        self.phone_edit.setAccessibleName(self.tr("Phone"))
        self.phone_edit.editingFinished.connect(self.show_recent)
        self.kind_combo = QComboBox()
        for label in (self.tr("Text"), self.tr("One-time password (bot)"), self.tr("One-time password (v2, shows balance)"),
                      self.tr("Template")):
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
        form.addRow(self.tr("Phone:"), self.phone_edit)
        form.addRow(self.tr("Kind:"), self.kind_combo)
        form.addRow(self.tr("Bot:"), self.bot_combo)
        form.addRow(self.tr("Template:"), self.template_combo)
        form.addRow(self.tr("Message:"), self.text_edit)
        form.addRow("", self.secure_check)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.recent = QTableWidget(0, 4)
        self.recent.setHorizontalHeaderLabels([self.tr("When"), self.tr("Campaign"), self.tr("Status"),
                                               self.tr("Details")])
        self.recent.horizontalHeader().setStretchLastSection(True)
        self.recent.setAccessibleName(self.tr("Recent sends to this number"))
        self.recent.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("Quick send")))
        layout.addLayout(form)
        layout.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.outcome)
        layout.addWidget(QLabel(self.tr("Recent sends to this number:")))
        layout.addWidget(self.recent, 1)
        self.refresh_connection()
        self._kind_changed(0)

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
        try:
            outcome = await self._send()
        finally:
            self.send_button.setEnabled(True)
        self.outcome.setText(outcome)
        self.show_recent()
        return outcome

    async def _send(self) -> str:
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
            fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
            template_id = self.template_combo.currentData() or ""
            content = Content(kind="template", template_id=template_id,
                              text_fields={k.strip(): v.strip() for k, v in fields.items()}, is_secure=secure)
        template = next((t for t in self.context.templates() if t["template_id"] == content.template_id), None)
        try:
            campaign_id = create_quick_send(
                self.context.journal, phone_input=self.phone_edit.text(), content=content, bot_id=bot_id_of(self.bot_combo),
                base_url=self.context.connection.base_url,
                template_fields=placeholders(template["body"]) if template else None)
        except CampaignInputError as exc:
            return self.tr("Not sent: {0}").format(exc)
        if not self.context.connection.api_key:
            return self.tr("Not sent: this profile has no API access key. Add one in Profiles.")
        async with self.context.client() as client:
            result = await CampaignEngine(self.context.journal, client).run(campaign_id)
        row = next(iter(self.context.journal.recipients(campaign_id)))
        if row.state == "sent":
            return self.tr("Delivered to {0} (message id {1}).").format(row.phone, row.message_id)
        if row.state == "unknown":
            return self.tr("The answer was lost on the way: it may have arrived. Sending again is safe.")
        if result.status == CampaignStatus.PAUSED:
            return self.tr("Not sent: {0}").format(result.reason)
        return self.tr("Not sent: {0}").format(row.error)

    async def _send_v2_otp(self, otp: str) -> str:
        from app.contacts import normalise

        check = normalise(self.phone_edit.text())
        if check.phone is None:
            return self.tr("Not sent: {0}.").format(check.reason)
        try:
            async with self.context.client() as client:
                result = await client.send_otp(check.phone, otp)
        except OutcomeUnknown:
            return self.tr("The answer was lost on the way: the code may or may not have arrived. "
                           "Check with the person before sending another.")
        except SafirError as exc:
            return self.tr("Not sent: {0}").format(exc.message)
        self.context.record_balance(result.balance)
        self.balance_changed.emit()
        return self.tr("One-time password sent to {0}. Balance left: {1}.").format(check.phone, result.balance)

    def show_recent(self) -> None:
        from app.contacts import normalise

        check = normalise(self.phone_edit.text())
        rows = self.context.journal.sends_to(check.phone) if check.phone else []
        self.recent.setRowCount(len(rows))
        language = self.context.settings.get("language")
        for r, row in enumerate(rows):
            values = (local_time(row["updated_at"] or "", language) if row["updated_at"] else "",
                      f"{row['campaign_id']} · {row['name']}", self.tr(row["state"]), row["error"] or row["message_id"] or "")
            for c, value in enumerate(values):
                self.recent.setItem(r, c, QTableWidgetItem(str(value)))
        self.recent.resizeColumnsToContents()


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
        self.phone_edit.setAccessibleName(self.tr("Your own number"))
        self.check_button = QPushButton(self.tr("Check now…"))
        self.check_button.clicked.connect(self._on_check_clicked)
        self.history = QTableWidget(0, 2)
        self.history.setHorizontalHeaderLabels([self.tr("When"), self.tr("Balance")])
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.setAccessibleName(self.tr("Balance history"))
        self.history.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.phone_edit, 1)
        row.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("Balance")))
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
            self.balance_label.setText(self.tr("{0:,} messages").format(last["balance"]))
            self.when_label.setText(self.tr("as reported at {0}").format(local_time(last["at"], language)))
        else:
            self.balance_label.setText(self.tr("Not known yet"))
            self.when_label.setText(self.tr("The service reports the balance only when it sends a one-time "
                                            "password (v2)."))
        self.history.setRowCount(len(history))
        for r, item in enumerate(reversed(history)):
            self.history.setItem(r, 0, QTableWidgetItem(local_time(item["at"], language)))
            self.history.setItem(r, 1, QTableWidgetItem(f"{item['balance']:,}"))

    @qasync.asyncSlot()
    async def _on_check_clicked(self) -> None:
        ok = await confirm(self, self.tr("Check the balance"), self.tr(
            "The service tells the balance only when it sends a one-time password, so this sends one to "
            "{0} and costs one message. Go ahead?").format(self.phone_edit.text() or self.tr("your number")))
        if ok:
            await self.check_now()

    async def check_now(self) -> str:
        """Send one OTP to the admin's own number and record the balance it reports."""
        from app.contacts import normalise

        self.context.settings.set("own_phone", self.phone_edit.text())
        check = normalise(self.phone_edit.text())
        if check.phone is None:
            text = self.tr("Enter your own mobile number first ({0}).").format(check.reason)
        else:
            try:
                async with self.context.client() as client:
                    result = await client.send_otp(check.phone, "1234")
            except SafirError as exc:
                text = self.tr("The balance could not be checked: {0}").format(exc.message)
            else:
                self.context.record_balance(result.balance)
                text = self.tr("Balance updated.")
        self.note.setText(text)
        self.refresh()
        return text


class HistoryPanel(QWidget):
    """Past campaigns from the journal: open their results, resume paused ones, retry
    failures."""

    open_results = Signal(int)
    resume_campaign = Signal(int)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        language = context.settings.get("language")
        self.model = HistoryModel(self, format_time=lambda iso: local_time(iso, language))
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName(self.tr("Past campaigns"))
        self.table.doubleClicked.connect(lambda index: self._open(index.row()))
        self.open_button = QPushButton(self.tr("Open results"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.open_button.clicked.connect(lambda: self._open(self._row()))
        self.resume_button.clicked.connect(self._resume)
        self.refresh_button.clicked.connect(self.refresh)
        bar = QHBoxLayout()
        for b in (self.open_button, self.resume_button, self.refresh_button):
            bar.addWidget(b)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("History")))
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        self.refresh()

    def refresh(self) -> None:
        rows = []
        for campaign in self.context.journal.campaigns():
            c = self.context.journal.counts(campaign.id)
            rows.append({"id": campaign.id, "created": campaign.created_at, "name": campaign.name,
                         "kind": campaign.kind, "status": campaign.status, "sent": c["sent"],
                         "failed": c["failed"], "left": c["pending"] + c["in_flight"]})
        self.model.set_rows(rows)

    def _row(self) -> int:
        selected = self.table.selectionModel().selectedRows()
        return selected[0].row() if selected else -1

    def _open(self, row: int) -> None:
        campaign_id = self.model.campaign_id(row)
        if campaign_id is not None:
            self.open_results.emit(campaign_id)

    def _resume(self) -> None:
        row = self._row()
        campaign_id = self.model.campaign_id(row)
        if campaign_id is not None and self.model.status(row) not in (CampaignStatus.FINISHED,
                                                                      CampaignStatus.CANCELLED):
            self.resume_campaign.emit(campaign_id)


class TemplatesPanel(QWidget):
    """The local template library (the service cannot list templates): id, body with
    ``{{fields}}`` and category, plus the price per category."""

    changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("Template id"), self.tr("Body with {{fields}}"),
                                              self.tr("Category")])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName(self.tr("Template library"))
        self.table.itemChanged.connect(lambda _item: self.save())
        add = QPushButton(self.tr("Add template"))
        remove = QPushButton(self.tr("Remove"))
        add.clicked.connect(lambda: self.add_template("", "", "service"))
        remove.clicked.connect(self._remove)
        prices = QFormLayout()
        self.price_spins: dict[str, QDoubleSpinBox] = {}
        for category, label in (("service", self.tr("Service template")), ("promotional", self.tr("Promotional template")),
                                ("message", self.tr("Other message"))):
            spin = QDoubleSpinBox()
            spin.setRange(0, 1e9)
            spin.setDecimals(0)
            spin.setValue(context.prices().get(category, 0.0))
            spin.setAccessibleName(self.tr("Price of a {0}").format(label))
            spin.valueChanged.connect(lambda _v: self.save())
            self.price_spins[category] = spin
            prices.addRow(label + ":", spin)
        bar = QHBoxLayout()
        bar.addWidget(add)
        bar.addWidget(remove)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("Templates")))
        layout.addWidget(QLabel(self.tr("Templates are made and approved in the business panel; list them here "
                                        "so fields are checked before sending and costs can be estimated.")))
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel(self.tr("Price per message:")))
        layout.addLayout(prices)
        self._loading = True
        for t in context.templates():
            self.add_template(t["template_id"], t["body"], t.get("category", "service"))
        self._loading = False

    def add_template(self, template_id: str, body: str, category: str) -> None:
        self._loading, was = True, self._loading
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(template_id))
        self.table.setItem(row, 1, QTableWidgetItem(body))
        combo = QComboBox()
        combo.addItem(self.tr("service"), "service")
        combo.addItem(self.tr("promotional"), "promotional")
        combo.setCurrentIndex(max(0, combo.findData(category)))
        combo.currentIndexChanged.connect(lambda _i: self.save())
        self.table.setCellWidget(row, 2, combo)
        self._loading = was
        self.save()

    def _remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)
            self.save()

    def templates(self) -> list[dict[str, str]]:
        out = []
        for row in range(self.table.rowCount()):
            template_id = (self.table.item(row, 0).text() if self.table.item(row, 0) else "").strip()
            body = self.table.item(row, 1).text() if self.table.item(row, 1) else ""
            combo = self.table.cellWidget(row, 2)
            if template_id:
                out.append({"template_id": template_id, "body": body,
                            "category": combo.currentData() if isinstance(combo, QComboBox) else "service"})
        return out

    def save(self) -> None:
        if getattr(self, "_loading", False):
            return
        self.context.save_templates(self.templates())
        self.context.settings.set("prices", {k: spin.value() for k, spin in self.price_spins.items()})
        self.changed.emit()


class ProfilesPanel(QWidget):
    """Profiles (name, base URL, v2 client id and secret, v3 API access key) with their
    bots. Secrets go to the OS keyring; without one they are kept for this session."""

    profile_changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.profile_combo = QComboBox()
        self.profile_combo.setAccessibleName(self.tr("Profile"))
        self.profile_combo.activated.connect(lambda _i: self._load(self.profile_combo.currentText()))
        self.name_edit = QLineEdit()
        self.url_edit = QLineEdit()
        self.client_id_edit = QLineEdit()
        self.secret_edit = QLineEdit()
        self.key_edit = QLineEdit()
        for edit, name in ((self.name_edit, self.tr("Profile name")), (self.url_edit, self.tr("Base URL")),
                           (self.client_id_edit, self.tr("Client id")), (self.secret_edit, self.tr("Client secret")),
                           (self.key_edit, self.tr("API access key"))):
            edit.setAccessibleName(name)
        for edit in (self.secret_edit, self.key_edit):
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setPlaceholderText(self.tr("stored in the keyring; leave empty to keep"))
        self.bots = QTableWidget(0, 2)
        self.bots.setHorizontalHeaderLabels([self.tr("Bot id"), self.tr("Name")])
        self.bots.horizontalHeader().setStretchLastSection(True)
        self.bots.setAccessibleName(self.tr("Bots"))
        add_bot = QPushButton(self.tr("Add bot"))
        remove_bot = QPushButton(self.tr("Remove bot"))
        add_bot.clicked.connect(lambda: self.bots.insertRow(self.bots.rowCount()))
        remove_bot.clicked.connect(lambda: self.bots.removeRow(self.bots.currentRow()))
        self.save_button = QPushButton(self.tr("Save and use"))
        self.new_button = QPushButton(self.tr("New profile"))
        self.delete_button = QPushButton(self.tr("Delete profile"))
        self.test_button = QPushButton(self.tr("Test connection"))
        self.save_button.clicked.connect(self.save)
        self.new_button.clicked.connect(self._new)
        self.delete_button.clicked.connect(self._delete)
        self.test_button.clicked.connect(self._on_test_clicked)
        self.keyring_label = QLabel()
        self.keyring_label.setWordWrap(True)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Profile:"), self.profile_combo)
        form.addRow(self.tr("Name:"), self.name_edit)
        form.addRow(self.tr("Base URL:"), self.url_edit)
        form.addRow(self.tr("Client id (v2):"), self.client_id_edit)
        form.addRow(self.tr("Client secret (v2):"), self.secret_edit)
        form.addRow(self.tr("API access key (v3):"), self.key_edit)
        top = QHBoxLayout()
        for b in (self.new_button, self.delete_button):
            top.addWidget(b)
        top.addStretch(1)
        bot_bar = QHBoxLayout()
        bot_bar.addWidget(add_bot)
        bot_bar.addWidget(remove_bot)
        bot_bar.addStretch(1)
        actions = QHBoxLayout()
        actions.addWidget(self.save_button)
        actions.addWidget(self.test_button)
        actions.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("Profiles and bots")))
        layout.addWidget(self.keyring_label)
        layout.addLayout(top)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Bots of this profile:")))
        layout.addLayout(bot_bar)
        layout.addWidget(self.bots, 1)
        layout.addLayout(actions)
        layout.addWidget(self.outcome)
        store = context.secrets
        self.keyring_label.setText(
            self.tr("Secrets are kept in the system keyring ({0}).").format(store.backend_name) if store.persistent
            else self.tr("No system keyring was found, so secrets are kept for this session only and must be "
                         "entered again next time. Install a keyring (for example GNOME Keyring or KWallet) "
                         "to keep them."))
        self.refresh()

    def refresh(self) -> None:
        self.profile_combo.clear()
        self.profile_combo.addItems([p.name for p in self.context.profiles()])
        current = self.context.connection.name
        if self.profile_combo.findText(current) >= 0:
            self.profile_combo.setCurrentText(current)
            self._load(current)
        elif self.context.connection.demo:
            self._show(Profile(current, self.context.connection.base_url, self.context.connection.client_id,
                               self.context.connection.bots))

    def _load(self, name: str) -> None:
        profile = next((p for p in self.context.profiles() if p.name == name), None)
        if profile is not None:
            self._show(profile)

    def _show(self, profile: Profile) -> None:
        self.name_edit.setText(profile.name)
        self.url_edit.setText(profile.base_url)
        self.client_id_edit.setText(profile.client_id)
        self.secret_edit.clear()
        self.key_edit.clear()
        self.bots.setRowCount(0)
        for bot_id, name in profile.bots.items():
            row = self.bots.rowCount()
            self.bots.insertRow(row)
            self.bots.setItem(row, 0, QTableWidgetItem(str(bot_id)))
            self.bots.setItem(row, 1, QTableWidgetItem(name))

    def _new(self) -> None:
        self._show(Profile(self.tr("New profile")))
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def _bots(self) -> dict[int, str] | str:
        bots: dict[int, str] = {}
        for row in range(self.bots.rowCount()):
            id_item, name_item = self.bots.item(row, 0), self.bots.item(row, 1)
            text = id_item.text().strip() if id_item else ""
            if not text:
                continue
            if not text.isdigit() or int(text) <= 0:
                return self.tr("Bot id {0!r} is not a positive number.").format(text)
            bots[int(text)] = name_item.text().strip() if name_item else ""
        return bots

    def save(self) -> bool:
        """Save the form as a profile and switch to it; False (with the reason shown) if
        something is wrong."""
        from app.api import ConfigurationError, check_base_url

        name = self.name_edit.text().strip()
        bots = self._bots()
        if not name:
            self.outcome.setText(self.tr("Give the profile a name."))
            return False
        if isinstance(bots, str):
            self.outcome.setText(bots)
            return False
        try:
            base_url = check_base_url(self.url_edit.text().strip() or "https://safir.bale.ai")
        except ConfigurationError as exc:
            self.outcome.setText(exc.message)
            return False
        profile = Profile(name, base_url, self.client_id_edit.text().strip(), bots)
        self.context.save_profile(profile, self.secret_edit.text() or None, self.key_edit.text() or None)
        self.context.use_profile(name)
        self.outcome.setText(self.tr("Profile {0} saved and in use.").format(name))
        self.refresh()
        self.profile_changed.emit()
        return True

    def _delete(self) -> None:
        name = self.profile_combo.currentText()
        if name:
            self.context.delete_profile(name)
            self.outcome.setText(self.tr("Profile {0} deleted.").format(name))
            self.refresh()

    @qasync.asyncSlot()
    async def _on_test_clicked(self) -> None:
        await self.test_connection()

    async def test_connection(self) -> str:
        """Fetch a v2 token with the current connection and say how it went."""
        try:
            async with self.context.client(timeout=10) as client:
                await client.fetch_token(force=True)
        except SafirError as exc:
            text = self.tr("The connection test failed: {0}").format(exc.message)
        else:
            text = self.tr("Connected: the service accepted the client id and secret.")
        self.outcome.setText(text)
        return text


class InboxDock(QDockWidget):
    """In demo mode, what each recipient received from the sandbox, as they see it."""

    def __init__(self, sandbox_url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Sandbox inbox"))
        self.setObjectName("sandbox-inbox")
        self.sandbox_url = sandbox_url
        self.list = QListWidget()
        self.list.setWordWrap(True)
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

    async def refresh(self) -> int:
        """Fetch new deliveries; returns how many are shown."""
        try:
            async with httpx.AsyncClient(timeout=2) as http:
                messages = (await http.get(f"{self.sandbox_url}/sandbox/messages")).json()["messages"]
        except (httpx.HTTPError, ValueError):
            return self.list.count()
        for message in messages[self.seen:]:
            when = datetime.fromisoformat(message["delivered_at"]).astimezone().strftime("%H:%M:%S")
            item = QListWidgetItem(f"📱 {ltr(message['phone_number'])}  ·  {ltr(when)}\n{message['text']}")
            if starts_right_to_left(message["text"]):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.list.insertItem(0, item)
        self.seen = len(messages)
        return self.list.count()


__all__ = ["BalancePanel", "HistoryPanel", "InboxDock", "ProfilesPanel", "QuickSendPanel", "TemplatesPanel",
           "local_time"]

