"""Help → About and Help → Keyboard shortcuts: boxes opened without blocking."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from app import APP_ID, __version__
from app.desktop import paths
from app.ui.application import app_icon
from app.ui.bidi import ltr


def about_box(parent: QWidget) -> QMessageBox:
    """The About box: icon, version, where the state lives."""
    box = QMessageBox(parent)
    box.setWindowTitle(QCoreApplication.translate("MainWindow", "About Safir Campaign"))
    box.setIconPixmap(app_icon().pixmap(96, 96))
    box.setText(QCoreApplication.translate(
        "MainWindow", "<b>Safir Campaign</b> {0}<br>Message campaigns through Bale's business messaging "
        "service.<br><br>App id: {1}<br>Data and logs: {2}").format(
            ltr(__version__), ltr(APP_ID), ltr(paths.state_dir())))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def shortcuts_box(parent: QWidget, panels: Sequence[str]) -> QMessageBox:
    """Every keyboard shortcut of the window; ``panels`` are the side list's names
    (Ctrl+1, Ctrl+2, … in that order)."""
    left_to_right = parent.layoutDirection() == Qt.LayoutDirection.LeftToRight
    forward, back = ("Right", "Left") if left_to_right else ("Left", "Right")  # as the Next button sits
    lines = [(QCoreApplication.translate("MainWindow", "New campaign"), "Ctrl+N"),
             (QCoreApplication.translate("MainWindow", "Open sheet…"), "Ctrl+O"),
             (QCoreApplication.translate("MainWindow", "Export results…"), "Ctrl+E"),
             (QCoreApplication.translate("MainWindow", "Quit"), "Ctrl+Q"),
             (QCoreApplication.translate("MainWindow", "Next step"), f"Enter, Alt+{forward}"),
             (QCoreApplication.translate("MainWindow", "Previous step"), f"Alt+{back}"),
             (QCoreApplication.translate("MainWindow", "Send a test to this number"), "Ctrl+T"),
             (QCoreApplication.translate("MainWindow", "Start"), "Ctrl+Return"),
             (QCoreApplication.translate("MainWindow", "Pause"), "Ctrl+P"),
             (QCoreApplication.translate("MainWindow", "Resume"), "Ctrl+R"),
             (QCoreApplication.translate("MainWindow", "Cancel"), "Ctrl+Shift+X")]
    lines += [(name, f"Ctrl+{(i + 1) % 10}") for i, name in enumerate(panels[:10])]  # as the View menu has them
    box = QMessageBox(parent)
    box.setWindowTitle(QCoreApplication.translate("MainWindow", "Keyboard shortcuts"))
    box.setText("<br>".join(f"{name}: <b>{ltr(native_keys(keys))}</b>" for name, keys in lines))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def native_keys(keys: str) -> str:
    """``keys`` ("Enter, Alt+Right": either of them) in the words the menus show their
    shortcuts in (Qt's own, «کنترل+N» in Persian)."""
    native = QKeySequence.SequenceFormat.NativeText
    return QCoreApplication.translate("MainWindow", ", ").join(QKeySequence(key).toString(native)
                                                               for key in keys.split(", "))
