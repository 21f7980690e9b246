"""The main window: a side list of panels (campaign, quick send, balance, history,
templates, profiles), a language switch, and in demo mode the sandbox inbox."""

from __future__ import annotations

import asyncio
import logging
import os

os.environ.setdefault("QT_API", "pyside6")

import qasync
from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    Qt,
)
from PySide6.QtGui import (
    QCloseEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QSystemTrayIcon,
    QWidget,
)

from app.campaign.journal.team import TeamJournal
from app.reasons import pause_reason
from app.ui.application import RESOURCES, apply_language
from app.ui.bidi import ltr
from app.ui.campaign import CampaignDraft, CampaignPage, RunController
from app.ui.context import DEFAULT_PROFILE, DEMO_PROFILE, AppContext
from app.ui.dialogs import choose
from app.ui.formatting import figure
from app.ui.help_boxes import about_box, shortcuts_box
from app.ui.keyboard import focus_first_field, tab_moves_focus
from app.ui.journal_calls import run_soon
from app.ui.main_menu import MainMenu
from app.ui.panels import (
    BalancePanel,
    HistoryPanel,
    InboxDock,
    ProfilesPanel,
    QuickSendPanel,
    SeriesPanel,
    SmsRepliesPanel,
    SuppressionPanel,
    TeamPanel,
    TemplatesPanel,
)
from app.ui.texts import describe, describe_reason
from app.ui.tray import SendingTray

log = logging.getLogger(__name__)

class MainWindow(QMainWindow):
    """Every panel of the app behind one side list; ``context`` is shared by all."""

    def __init__(self, context: AppContext, sandbox_url: str | None = None, runs: RunController | None = None,
                 draft: CampaignDraft | None = None) -> None:
        super().__init__()
        self.context = context
        self._name_the_window(context.connection.demo)
        # The runs outlive this window when it is rebuilt for another language.
        self.runs = runs if runs is not None else RunController(context)
        self.campaign = CampaignPage(context, self.runs, draft)
        self._quitting = False
        self.finished = False
        self.replaced_by: MainWindow | None = None
        self.tray: SendingTray | None = None
        self.quick = QuickSendPanel(context)
        self.balance = BalancePanel(context)
        self.history = HistoryPanel(context)
        self.series = SeriesPanel(context)
        self.suppression = SuppressionPanel(context)
        self.replies = SmsRepliesPanel(context)
        self.templates = TemplatesPanel(context)
        self.profiles = ProfilesPanel(context)
        self.team = TeamPanel(context)
        self.pages = QStackedWidget()
        self.nav = QListWidget()
        self.nav.setAccessibleName(self.tr("Panels"))
        self.nav.setMaximumWidth(190)
        for name, page in ((self.tr("Campaign"), self.campaign), (self.tr("Quick send"), self.quick),
                           (self.tr("Balance"), self.balance), (self.tr("History"), self.history),
                           (self.tr("Repeating"), self.series), (self.tr("Suppression list"), self.suppression),
                           (self.tr("SMS replies"), self.replies), (self.tr("Templates"), self.templates),
                           (self.tr("Profiles and bots"), self.profiles), (self.tr("Team"), self.team)):
            self.nav.addItem(name)
            self.pages.addWidget(page)
        # Every entry whole, however narrow the window (the pages' width squeezed it to "Suppressi").
        self.nav.setMinimumWidth(min(190, self.nav.sizeHintForColumn(0) + 2 * self.nav.frameWidth() + 8))
        self.nav.currentRowChanged.connect(self._show_page)
        self.nav.setCurrentRow(0)
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.addWidget(self.nav)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self.inbox = InboxDock(sandbox_url, self) if sandbox_url else None
        if self.inbox is not None:
            # Qt does not mirror dock areas: right to left, the panel list would sit between
            # the content and the inbox (found by hand).
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea if self.layoutDirection() ==
                               Qt.LayoutDirection.LeftToRight else Qt.DockWidgetArea.LeftDockWidgetArea, self.inbox)
        self.menu = MainMenu(self)
        self._wire()
        tab_moves_focus(self)
        self.refresh_connection()
        geometry = context.settings.get("geometry")
        if geometry:
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
        else:  # 1280×800 where it fits; on a 1366×768 laptop, what the screen leaves free
            screen = QApplication.primaryScreen()
            free = screen.availableGeometry() if screen is not None else None
            self.resize(min(1280, int(free.width() * 0.95)) if free else 1280,
                        min(800, int(free.height() * 0.92)) if free else 800)

    def show_about(self) -> QMessageBox:
        """The About box (icon, version, where the state lives), opened without blocking."""
        return about_box(self)

    def show_shortcuts(self) -> QMessageBox:
        """Every keyboard shortcut of the window, opened without blocking."""
        return shortcuts_box(self, [self.nav.item(i).text() for i in range(self.nav.count())])

    @qasync.asyncSlot()
    async def open_sample(self) -> bool:
        """Open the shipped sample sheet (made-up numbers, every kind of mistake people
        make) in the Recipients step; it lives in the app's resources/samples folder."""
        self.nav.setCurrentRow(0)
        self.campaign.go(0)
        return await self.campaign.recipients.open_sheet(RESOURCES / "samples" / "contacts.xlsx")

    def _wire(self) -> None:
        self.campaign.campaign_changed.connect(lambda _id: self.history.refresh_soon())
        self.history.open_results.connect(self._open_results)
        self.history.resume_campaign.connect(self._resume)
        self.history.send_step_of.connect(self._show_send_step)
        self.templates.changed.connect(self.quick.refresh_connection)
        self.profiles.profile_changed.connect(self.refresh_connection)
        self.quick.balance_changed.connect(self.balance.refresh)

    def open_panel(self, index: int) -> None:
        """Show panel ``index`` (0 is Campaign) with the focus in it, as its shortcut
        (Ctrl+1…) does."""
        self.nav.setCurrentRow(index)
        panel = self.pages.currentWidget()
        if panel is not None:
            focus_first_field(panel)

    def _show_page(self, index: int) -> None:
        self.pages.setCurrentIndex(index)
        if isinstance(self.context.journal, TeamJournal):  # what other desktops of the team saved meanwhile
            run_soon(self.context.refresh_team())
        if self.pages.currentWidget() is self.history:
            self.history.refresh_soon()
        if self.pages.currentWidget() is self.balance:
            self.balance.refresh()
        if self.pages.currentWidget() in (self.suppression, self.team):
            # no loop turning yet (being built): the panel reads the list when shown again
            run_soon((self.suppression if self.pages.currentWidget() is self.suppression else self.team).refresh())

    def refresh_connection(self) -> None:
        self.campaign.refresh_connection()
        self.quick.refresh_connection()
        c = self.context.connection
        where = self.tr("built-in sandbox") if c.demo else c.base_url
        key = "" if c.api_key else self.tr(" — no API access key yet: add one in Profiles")
        self.statusBar().showMessage(self.tr("Profile {0}: {1}{2}").format(profile_title(self.context), where, key)
                                     + self._store_note())

    def _store_note(self) -> str:
        """" — team store …" when the window is on one, or why it is not on this desktop's."""
        if self.context.store_problem:
            return " — " + describe(self.context.store_problem)
        if isinstance(self.context.journal, TeamJournal):
            member = self.context.member()
            return self.tr(" — team store {0}, as {1} ({2})").format(
                ltr(self.context.journal.location), ltr(member.name), self.team.role_name(member.role))
        return ""

    def _open_results(self, campaign_id: int) -> None:
        self.nav.setCurrentRow(0)
        self.campaign.open_campaign(campaign_id)  # one sending: its controls, not a stranded results page

    def _show_send_step(self, campaign_id: int) -> None:
        self.nav.setCurrentRow(0)
        self.campaign.go_to_send(campaign_id)
        self._keyboard_to_campaign()
        self.campaign.say(self.history.notice.text())

    @qasync.asyncSlot(int)
    async def _resume(self, campaign_id: int) -> None:
        self.nav.setCurrentRow(0)
        self.campaign.go_to_send(campaign_id)
        self._keyboard_to_campaign()
        await self.campaign.run(campaign_id)

    def _keyboard_to_campaign(self) -> None:
        """The keyboard follows a campaign taken up in History to its step (its button
        there is hidden now: Qt would hand the keyboard to the page's New campaign)."""
        step = self.campaign.steps.currentWidget()
        entry = getattr(step, "entry_field", None)
        field = entry() if callable(entry) else None
        if isinstance(field, QWidget):
            field.setFocus(Qt.FocusReason.OtherFocusReason)
        elif step is not None:
            focus_first_field(step)

    def switch_language(self, code: str) -> None:
        """Switch the interface language (and direction) by rebuilding the window."""
        self.context.settings.set("language", code)
        for c, action in self.menu.language_actions.items():
            action.setChecked(c == code)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_language(app, code)
            # The draft and the campaigns being sent go to the new window.
            replacement = MainWindow(self.context, self.inbox.sandbox_url if self.inbox else None,
                                     runs=self.runs, draft=self.campaign.draft)
            replacement.campaign.take_over(self.campaign)
            replacement.quick.take_over(self.quick)
            replacement.nav.setCurrentRow(self.nav.currentRow())
            replacement.show()
            replacement.activateWindow()
            # The keyboard goes on where it was: in the list of panels, or in the panel shown.
            if self.focusWidget() is self.nav:
                replacement.nav.setFocus(Qt.FocusReason.OtherFocusReason)
            else:
                replacement.open_panel(replacement.nav.currentRow())
            app.setProperty("main_window", replacement)
            self.replaced_by = replacement
            self._quitting = True
            self.close()

    def _name_the_window(self, demo: bool) -> None:
        """The app's name in the language shown, once: X11, Wayland and Windows append the
        application's display name to a window title that does not end with it."""
        name = self.tr("Safir campaign")
        QApplication.setApplicationDisplayName(name)
        self.setWindowTitle(self.tr("Sandbox") + " — " + name if demo else name)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing while a campaign sends asks first: pause and quit, or keep sending."""
        if self.runs.active() and not self._quitting:  # a sender still starting too
            event.ignore()
            self.ask_before_closing()
            return
        self.context.settings.set("geometry", self.saveGeometry().toBase64().toStdString())
        if self.inbox is not None:
            self.inbox.stop()  # no fetch may land on a deleted dock
        super().closeEvent(event)
        if event.isAccepted() and self.replaced_by is None:
            self.finished = True  # run_window's loop ends (a language switch hands over instead)

    def ask_before_closing(self) -> QMessageBox:
        """The question asked when the window is closed while sending (returned for
        tests). Campaigns sent by processes of their own: keep sending in the background
        (the default) or pause and quit. Campaigns sent by this window (the setting, or
        the built-in sandbox, which closes with the window): pause and quit, keep sending,
        or (where the desktop has one) keep sending from the system tray."""
        if self.runs.in_background() and not self.context.connection.demo:
            return self._ask_background_or_pause()
        text = self._being_sent() + " " + self.tr("Pause and quit? Paused campaigns can be resumed from History; "
                                                  "nothing is sent twice.")
        scheduled = self.scheduled_runs()
        if scheduled:
            text += "\n\n" + self.tr("Campaign {0} waits for its start time ({1}) and starts only while the app "
                                      "is open.").format(figure(scheduled[0][0], grouped=False), scheduled[0][1])
        choices = [self.tr("Pause and quit"), self.tr("Stay open and keep sending")]
        tray = QSystemTrayIcon.isSystemTrayAvailable()
        if tray:
            choices.insert(1, self.tr("Keep sending from the system tray"))
        box, answer = choose(self, self.tr("A campaign is being sent"), text, choices)

        def decided(future: asyncio.Future[int]) -> None:
            if future.result() == 0:
                self.quit_pausing()
            elif tray and future.result() == 1:
                self.hide_to_tray()

        answer.add_done_callback(decided)
        self.close_question = box
        return box

    def _being_sent(self) -> str:
        count = len(self.runs.active())
        if count == 1:
            return self.tr("One campaign is being sent.")
        return self.tr("{0} campaigns are being sent.").format(figure(count))

    def _ask_background_or_pause(self) -> QMessageBox:
        text = self._being_sent() + " " + self.tr(
            "Sending can go on in the background with the window closed (the window shows it again when it opens), "
            "or pause now and resume from History; nothing is sent twice.")
        choices = [self.tr("Keep sending in the background"), self.tr("Pause and quit"), self.tr("Stay open")]
        box, answer = choose(self, self.tr("A campaign is being sent"), text, choices)

        def decided(future: asyncio.Future[int]) -> None:
            if future.result() == 0:
                self.quit_leaving_in_background()
            elif future.result() == 1:
                self.quit_pausing()

        answer.add_done_callback(decided)
        self.close_question = box
        return box

    def quit_leaving_in_background(self) -> None:
        """Close the window; the campaigns' own processes go on sending."""
        self.runs.let_go()
        self._quitting = True
        if self.tray is not None:
            self.tray.hide()
        self.close()

    def scheduled_runs(self) -> list[tuple[int, str]]:
        """(campaign id, start shown to the user) of the campaigns waiting for their start."""
        return [(campaign_id, describe_reason(waiting)) for campaign_id, waiting in self.runs.waiting_for_start()]

    def quit_pausing(self) -> None:
        """Pause every campaign being sent and close (they resume from History)."""
        self.runs.pause_all(pause_reason("window_closed"))
        self._quitting = True
        if self.tray is not None:
            self.tray.hide()
        self.close()

    def hide_to_tray(self) -> SendingTray:
        """Hide the window; an icon in the system tray shows it again or quits."""
        if self.tray is None:
            self.tray = SendingTray(self, self._show_from_tray, self.quit_pausing)
        self.tray.show_sending(len(self.runs.sending()))
        self.hide()
        return self.tray

    def _show_from_tray(self) -> None:
        self.show()
        self.raise_()
        self.activateWindow()
        if self.tray is not None:
            self.tray.hide()


def profile_title(context: AppContext) -> str:
    """The name of the profile the window sends as, in the user's language when it is
    one of the app's own (the built-in sandbox, the service itself while no profile is
    saved); a profile someone named, as they named it."""
    name = context.connection.name
    if name == DEMO_PROFILE:
        return QCoreApplication.translate("MainWindow", "Sandbox (demo)")
    if name == DEFAULT_PROFILE and all(p.name != name for p in context.profiles()):
        return QCoreApplication.translate("MainWindow", "production")
    return ltr(name)
