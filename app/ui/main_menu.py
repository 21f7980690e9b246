"""The main window's menu bar: File (new campaign, open a sheet or the sample, export,
sending again at login, quit), View (language, a shortcut per panel) and Help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence

from app.desktop import paths
from app.ui.application import apply_start_at_login
from app.ui.dialogs import confirm

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

#: The interface's languages: code → the name shown in the menu (in that language).
LANGUAGES = {"en": "English", "fa": "فارسی"}


class MainMenu(QObject):
    """Builds ``window``'s menu bar and keeps the actions the window changes later:
    ``login_action`` (checked: send interrupted campaigns again at login) and
    ``language_actions`` (language code → its checkable action)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.language_actions: dict[str, QAction] = {}
        self._file_menu()
        self._view_menu()
        self._help_menu()

    def _file_menu(self) -> None:
        window = self.window
        menu = window.menuBar().addMenu(self.tr("&File"))
        for text, shortcut, slot in (
            (self.tr("New campaign"), "Ctrl+N", self._new_campaign),
            (self.tr("Open sheet…"), "Ctrl+O", self._open_sheet),
            (self.tr("Open the sample sheet"), "", window.open_sample),
            (self.tr("Export results…"), "Ctrl+E", self._export_results),
        ):
            action = QAction(text, window)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            menu.addAction(action)
        menu.addSeparator()
        self.login_action = QAction(self.tr("Send interrupted campaigns again at login"), window)
        self.login_action.setCheckable(True)
        self.login_action.setChecked(bool(window.context.settings.get("start_at_login")))
        self.login_action.toggled.connect(self._set_start_at_login)
        menu.addAction(self.login_action)
        quit_action = QAction(self.tr("Quit"), window)
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(window.close)
        menu.addAction(quit_action)

    def _view_menu(self) -> None:
        window = self.window
        menu = window.menuBar().addMenu(self.tr("&View"))
        languages = menu.addMenu(self.tr("Language"))
        for code, name in LANGUAGES.items():
            action = QAction(name, window, checkable=True)
            action.setChecked(window.context.settings.get("language") == code)
            action.triggered.connect(lambda _checked, c=code: window.switch_language(c))
            languages.addAction(action)
            self.language_actions[code] = action
        for index in range(window.nav.count()):
            action = QAction(window.nav.item(index).text(), window)
            if index < 10:  # Ctrl+1 … Ctrl+9, then Ctrl+0
                action.setShortcut(QKeySequence(f"Ctrl+{(index + 1) % 10}"))
            action.triggered.connect(lambda _checked, i=index: window.open_panel(i))
            menu.addAction(action)

    def _help_menu(self) -> None:
        window = self.window
        menu = window.menuBar().addMenu(self.tr("&Help"))
        for text, slot in ((self.tr("About Safir Campaign"), window.show_about),
                           (self.tr("Open the logs folder"),
                            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(paths.log_dir())))),
                           (self.tr("Keyboard shortcuts"), window.show_shortcuts)):
            action = QAction(text, window)
            action.triggered.connect(slot)
            menu.addAction(action)

    def _new_campaign(self) -> None:
        self.window.nav.setCurrentRow(0)
        self.window.campaign.new_campaign()
        self.window.open_panel(0)

    def _open_sheet(self) -> None:
        page = self.window.campaign
        self.window.nav.setCurrentRow(0)
        page.go(0)
        page.recipients.open_button.setFocus()  # where the keyboard is when the dialog closes
        page.recipients.open_button.click()

    def _export_results(self) -> None:
        page = self.window.campaign
        self.window.nav.setCurrentRow(0)
        if page.results.campaign_id is None and page.campaign_id is not None:
            page.show_results(page.campaign_id)
        if page.results.campaign_id is None:
            page.say(self.tr("Open a campaign's results first (History), or send one."), error=True)
            return
        page.show_results(page.results.campaign_id)
        page.results.export_button.click()

    async def ask_start_at_login(self) -> bool:
        """Ask once (the window's first start on a real service) whether to send
        interrupted and scheduled campaigns again at login; the answer becomes the menu
        item and the login entry. Returns the answer."""
        yes = await confirm(self.window, self.tr("Sending at login"), self.tr(
            "Send campaigns interrupted by a restart or a logout, and scheduled ones, again when you log in? "
            "This adds a login entry for this folder of campaigns; the File menu changes it at any time."))
        self.login_action.blockSignals(True)
        self.login_action.setChecked(yes)
        self.login_action.blockSignals(False)
        self._set_start_at_login(yes)
        return yes

    def _set_start_at_login(self, on: bool) -> None:
        """The setting, and the desktop's own login entry with it (docs/architecture.md, "Processes")."""
        self.window.context.settings.set("asked_start_at_login", True)
        self.window.context.settings.set("start_at_login", on)
        if not apply_start_at_login(on):
            self.window.statusBar().showMessage(self.tr("The login entry could not be changed; see the log."), 8000)
