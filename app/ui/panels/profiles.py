"""Profiles (credentials in the keyring) and their bots."""

from __future__ import annotations

import qasync
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import (
    PRODUCTION_URL,
    ConfigurationError,
    SafirClient,
    SafirError,
    Timeouts,
    check_base_url,
    check_credential,
)
from app.desktop.profiles import Profile
from app.ui.bidi import ltr
from app.ui.context import DEMO_PROFILE, AppContext
from app.ui.panels.team_store import TeamStoreBox
from app.ui.texts import describe_failure
from app.ui.widgets import title

#: Seconds a connection test waits for the service before it says so.
TEST_TIMEOUT = 5.0


class ProfilesPanel(QWidget):
    """Profiles (name, base URL, v2 client id and secret, v3 API access key) with their
    bots. Secrets go to the OS keyring; without one they are kept for this session."""

    profile_changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        form = self._build_form()
        bot_bar = self._build_bots()
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
        top = QHBoxLayout()  # the title and the page's own actions on one row (a 1366×768 laptop)
        top.addWidget(title(self.tr("Profiles and bots")))
        top.addStretch(1)
        for b in (self.new_button, self.delete_button):
            top.addWidget(b)
        actions = QHBoxLayout()
        actions.addWidget(self.save_button)
        actions.addWidget(self.test_button)
        actions.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.keyring_label)
        layout.addLayout(form)
        bot_bar.insertWidget(0, QLabel(self.tr("Bots of this profile:")))
        layout.addLayout(bot_bar)
        layout.addWidget(self.bots, 1)
        self.team_store = TeamStoreBox()
        layout.addWidget(self.team_store)
        layout.addLayout(actions)
        layout.addWidget(self.outcome)
        store = context.secrets
        self.keyring_label.setText(
            self.tr("Secrets are kept in the system keyring ({0}).").format(store.backend_name) if store.persistent
            else self.tr("No system keyring was found, so secrets are kept for this session only and must be "
                         "entered again next time. Install a keyring (for example GNOME Keyring or KWallet) "
                         "to keep them."))
        self.refresh()

    def _build_form(self) -> QFormLayout:
        """The profile chooser and the profile's name, address and credentials."""
        self.profile_combo = QComboBox()
        self.profile_combo.setAccessibleName(self.tr("Profile"))
        self.profile_combo.activated.connect(lambda _i: self._load(self._chosen()))
        self.name_edit = QLineEdit()
        self.url_edit = QLineEdit()
        self.client_id_edit = QLineEdit()
        self.secret_edit = QLineEdit()
        self.key_edit = QLineEdit()
        self.sms_key_edit, self.sms_sender_edit = QLineEdit(), QLineEdit()
        for edit, name in ((self.name_edit, self.tr("Profile name")), (self.url_edit, self.tr("Base URL")),
                           (self.client_id_edit, self.tr("Client id")), (self.secret_edit, self.tr("Client secret")),
                           (self.key_edit, self.tr("API access key")), (self.sms_key_edit, self.tr("SMS gateway key")),
                           (self.sms_sender_edit, self.tr("SMS sender line"))):
            edit.setAccessibleName(name)
        for edit in (self.secret_edit, self.key_edit, self.sms_key_edit):
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setPlaceholderText(self.tr("stored in the keyring; leave empty to keep")
                                    if self.context.secrets.persistent
                                    else self.tr("kept for this session only; leave empty to keep"))
        form = QFormLayout()
        form.addRow(self.tr("Profile:"), self.profile_combo)
        form.addRow(self.tr("Name:"), self.name_edit)
        form.addRow(self.tr("Base URL:"), self.url_edit)
        form.addRow(self.tr("Client id (v2):"), self.client_id_edit)
        form.addRow(self.tr("Client secret (v2):"), self.secret_edit)
        form.addRow(self.tr("API access key (v3):"), self.key_edit)
        sms = QHBoxLayout()  # one row: the page fits a 1366×768 laptop
        sms.addWidget(self.sms_key_edit, 2)
        sms.addWidget(QLabel(self.tr("line:")))
        sms.addWidget(self.sms_sender_edit, 1)
        form.addRow(self.tr("SMS gateway key (Kavenegar):"), sms)
        return form

    def _build_bots(self) -> QHBoxLayout:
        """The profile's bots (id and name) and the bar that adds and removes them."""
        self.bots = QTableWidget(0, 2)
        self.bots.setHorizontalHeaderLabels([self.tr("Bot id"), self.tr("Name")])
        self.bots.horizontalHeader().setStretchLastSection(True)
        self.bots.verticalHeader().setVisible(False)  # its numbers would be Latin in Persian
        self.bots.setAccessibleName(self.tr("Bots"))
        add_bot = QPushButton(self.tr("Add bot"))
        remove_bot = QPushButton(self.tr("Remove bot"))
        add_bot.clicked.connect(lambda: self.bots.insertRow(self.bots.rowCount()))
        remove_bot.clicked.connect(lambda: self.bots.removeRow(self.bots.currentRow()))
        bot_bar = QHBoxLayout()
        bot_bar.addWidget(add_bot)
        bot_bar.addWidget(remove_bot)
        bot_bar.addStretch(1)
        return bot_bar

    def refresh(self) -> None:
        self.profile_combo.clear()
        if self.context.demo_connection is not None:  # its name in the user's language; the item's data is the name
            self.profile_combo.addItem(self.tr("Sandbox (demo)"), DEMO_PROFILE)
        for profile in self.context.profiles():
            self.profile_combo.addItem(profile.name, profile.name)
        current = self.context.connection.name
        if (index := self.profile_combo.findData(current)) >= 0:
            self.profile_combo.setCurrentIndex(index)
            self._load(current)

    def _load(self, name: str) -> None:
        """Show profile ``name``; the built-in sandbox is used at once (nothing to save)."""
        demo = self.context.demo_connection
        self.delete_button.setEnabled(name != DEMO_PROFILE)  # the app's own: no saved profile to delete
        if name == DEMO_PROFILE and demo is not None:
            self._show(Profile(self.tr("Sandbox (demo)"), demo.base_url, demo.client_id, demo.bots))
            if self.context.connection is not demo:
                self.context.use_profile(DEMO_PROFILE)
                self.outcome.setText(self.tr("Using the built-in sandbox."))
                # Not from inside the list's own signal: the window refills lists on a change.
                QTimer.singleShot(0, self.profile_changed.emit)
            return
        profile = next((p for p in self.context.profiles() if p.name == name), None)
        if profile is not None:
            self._show(profile)

    def _show(self, profile: Profile) -> None:
        self.name_edit.setText(profile.name)
        self.url_edit.setText(profile.base_url)
        self.client_id_edit.setText(profile.client_id)
        self.secret_edit.clear()
        self.key_edit.clear()
        self.sms_key_edit.clear()
        self.sms_sender_edit.setText(profile.sms_sender)
        self.team_store.show_store(profile.team_store)
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
            base_url = check_base_url(self.url_edit.text().strip() or PRODUCTION_URL)
        except ConfigurationError as exc:
            self.outcome.setText(exc.message)
            return False
        sms_key = self.sms_key_edit.text().strip()
        if sms_key and not self.sms_sender_edit.text().strip():
            self.outcome.setText(self.tr("Give the SMS gateway's sender line too."))
            return False
        store_problem = self.team_store.problem()
        if store_problem:
            self.outcome.setText(store_problem)
            return False
        self.team_store.keep_password()
        profile = Profile(name, base_url, self.client_id_edit.text().strip(), bots, self.team_store.url(),
                          self.sms_sender_edit.text().strip())
        self.context.save_profile(profile, self.secret_edit.text() or None, self.key_edit.text() or None,
                                  sms_key or None)
        self.context.use_profile(name)
        text = self.tr("Profile {0} saved and in use.").format(name)
        if self.context.store_changed():
            text += " " + (self.tr("The window uses the team store {0} from its next start (campaigns being sent "
                                   "go on); Copy moves this desktop's campaigns into it.").format(
                ltr(profile.team_store.split("?")[0])) if profile.team_store else
                self.tr("The window uses this desktop's own journal from its next start."))
        self.outcome.setText(text)
        self.refresh()
        self.profile_changed.emit()
        return True

    def _chosen(self) -> str:
        """The name of the profile chosen in the list ("" when none is)."""
        return str(self.profile_combo.currentData() or "")

    def _delete(self) -> None:
        name = self._chosen()
        if name and name != DEMO_PROFILE:
            self.context.delete_profile(name)
            self.outcome.setText(self.tr("Profile {0} deleted.").format(name))
            self.refresh()

    @qasync.asyncSlot()
    async def _on_test_clicked(self) -> None:
        await self.test_connection()

    async def test_connection(self) -> str:
        """Test the profile shown in the form (not the one in use): its address, and its
        v2 client id and secret by fetching a token; the outcome in a sentence (shown)."""
        self.test_button.setEnabled(False)
        self.outcome.setText(self.tr("Testing the connection…"))
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        try:
            text, passed = await self._test()
        finally:
            QApplication.restoreOverrideCursor()
            self.test_button.setEnabled(True)
        self.outcome.setStyleSheet("" if passed else "color: #b71c1c")  # a failure reads as one
        self.outcome.setText(text)
        return text

    async def _test(self) -> tuple[str, bool]:
        name = self.name_edit.text().strip()
        stored = self.context.connection_for(name) if name else None
        stored = stored if stored is not None and stored.name == name else None
        client_id = self.client_id_edit.text().strip()
        secret = self.secret_edit.text() or (stored.client_secret if stored else None)
        key = self.key_edit.text() or (stored.api_key if stored else None)
        try:
            base_url = check_base_url(self.url_edit.text().strip() or PRODUCTION_URL)
            if key:
                check_credential(key, "API access key")
        except ConfigurationError as exc:
            return self.tr("The connection test failed: {0}").format(describe_failure(exc)), False
        wait = Timeouts(TEST_TIMEOUT, TEST_TIMEOUT, TEST_TIMEOUT, TEST_TIMEOUT)
        if not (client_id and secret):
            try:  # no credential to try: the address at least
                async with SafirClient(base_url, timeouts=wait) as client:
                    await client.reach()
            except SafirError as exc:
                return self.tr("The connection test failed: {0}").format(describe_failure(exc)), False
            return self.tr("{0} answers. Add the client id and secret (v2) to test them too; the service checks the "
                           "API access key (v3) only when a message goes out.").format(ltr(base_url)), True
        try:
            async with SafirClient(base_url, client_id=client_id, client_secret=secret, timeouts=wait) as client:
                await client.fetch_token(force=True)
        except SafirError as exc:
            return self.tr("The connection test failed: {0}").format(describe_failure(exc)), False
        text = self.tr("Connected to {0}: the service accepted the client id and secret.").format(ltr(base_url))
        if key:
            text += " " + self.tr("The API access key is well-formed; the service checks it when a message goes out.")
        else:
            text += " " + self.tr("This profile has no API access key (v3) yet: campaigns need one.")
        return text, True
