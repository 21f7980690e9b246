"""The system tray icon of a hidden window that is still sending: it says how many
campaigns are being sent, shows the window again, or pauses them and quits."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QSystemTrayIcon, QWidget

from app.ui.application import app_icon
from app.ui.formatting import figure


class SendingTray(QSystemTrayIcon):
    """An icon for ``window``: its menu shows the window (``show_window``) or pauses every
    campaign and quits (``pause_and_quit``); clicking it shows the window."""

    def __init__(self, window: QWidget, show_window: Callable[[], None], pause_and_quit: Callable[[], None]) -> None:
        super().__init__(app_icon(), window)
        menu = QMenu(window)
        menu.addAction(self.tr("Show the window"), show_window)
        menu.addAction(self.tr("Pause the campaigns and quit"), pause_and_quit)
        self.setContextMenu(menu)
        self.activated.connect(lambda _reason: show_window())

    def show_sending(self, count: int) -> None:
        """Show the icon, saying that ``count`` campaigns are being sent."""
        if count == 1:
            self.setToolTip(self.tr("Safir campaign: one campaign sending"))
            sending = self.tr("One campaign is still sending.")
        else:
            self.setToolTip(self.tr("Safir campaign: {0} campaigns sending").format(figure(count)))
            sending = self.tr("{0} campaigns are still sending.").format(figure(count))
        self.show()
        self.showMessage(self.tr("Safir campaign"), sending + " " + self.tr("The icon here shows the window again."))
