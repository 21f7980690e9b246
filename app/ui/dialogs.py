"""Questions and file dialogs that never nest an event loop (``open()`` and a future,
not ``exec()``)."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
from PySide6.QtCore import (
    QCoreApplication,
    Qt,
)
from PySide6.QtGui import QGuiApplication, QPainter
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QWidget,
)

if TYPE_CHECKING:
    from app.ui.settings import UiSettings


def confirm(parent: QWidget, title: str, text: str, *, safe_default: bool = False) -> asyncio.Future[bool]:
    """Ask yes/no without blocking the event loop (never exec() inside a coroutine);
    ``safe_default``: No is the default button, for a question whose Yes cannot be undone."""
    future: asyncio.Future[bool] = asyncio.get_event_loop().create_future()
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    if safe_default:
        box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(button: int) -> None:
        if not future.done():
            future.set_result(button == QMessageBox.StandardButton.Yes)

    box.finished.connect(done)
    box.open()
    return future

def choose(parent: QWidget, title: str, text: str, choices: Sequence[str]) -> tuple[QMessageBox, asyncio.Future[int]]:
    """Ask the user to pick one of ``choices`` (button labels, the last one the answer to
    Escape); the future gives the index picked. The box is returned for tests."""
    future: asyncio.Future[int] = asyncio.get_event_loop().create_future()
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    buttons = [box.addButton(label, QMessageBox.ButtonRole.AcceptRole if i < len(choices) - 1
                             else QMessageBox.ButtonRole.RejectRole) for i, label in enumerate(choices)]
    box.setEscapeButton(buttons[-1])
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(_result: int) -> None:
        clicked = box.clickedButton()
        picked = next((i for i, button in enumerate(buttons) if button is clicked), len(choices) - 1)
        if not future.done():
            future.set_result(picked)

    box.finished.connect(done)
    box.open()
    return box, future

def _file_dialog(parent: QWidget, title: str, start: str, filters: str, save: bool) -> asyncio.Future[str]:
    future: asyncio.Future[str] = asyncio.get_event_loop().create_future()
    dialog = QFileDialog(parent, title, start, patterns_left_to_right(filters))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(result: int) -> None:
        files = dialog.selectedFiles() if result else []
        if not future.done():
            future.set_result(files[0] if files else "")

    dialog.finished.connect(done)
    dialog.open()
    _paths_left_to_right(dialog)
    return future


def patterns_left_to_right(filters: str) -> str:
    """``filters`` (Qt's "Name (*.csv *.txt);;…") with each pattern list read left to right
    in a right-to-left interface ("(*.csv *.txt)", not "(csv *.txt.*)"): a LEFT-TO-RIGHT
    ISOLATE before its "(", closed by the line's end, since Qt takes the patterns only from
    a filter that ends in ")". As they are in a left-to-right interface."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return filters
    return ";;".join(re.sub(r"\s*(\([^()]*\))$", " \u2066\\1", part) for part in filters.split(";;"))


#: The parts of Qt's own file dialog that show paths, file names, sizes and dates.
_PATH_WIDGETS = ("lookInCombo", "fileNameEdit", "treeView", "listView")


def _paths_left_to_right(dialog: QFileDialog) -> None:
    """In a right-to-left interface, Qt's own file dialog (the one used where the desktop
    offers none) would draw "/tmp/a/" as "tmp/a/" and "5.2 MiB" as "MiB 5.2": its paths,
    names, sizes and dates read left to right, the rest of it stays right to left."""
    for name in _PATH_WIDGETS:
        part = dialog.findChild(QWidget, name)
        if part is not None:
            part.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    combo = dialog.findChild(QWidget, "lookInCombo")
    if combo is not None:  # it paints its path in the application's direction, whatever its own
        style = _LeftToRightLabel()
        style.setParent(dialog)
        combo.setStyle(style)


class _LeftToRightLabel(QProxyStyle):
    """The application's style, with a combo box's label laid out left to right."""

    def drawControl(self, element: QStyle.ControlElement, option: QStyleOption, painter: QPainter,  # noqa: N802
                    widget: QWidget | None = None) -> None:
        if element == QStyle.ControlElement.CE_ComboBoxLabel:
            painter.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        super().drawControl(element, option, painter, widget)

def open_file(parent: QWidget, title: str, folder: str, filters: str = "") -> asyncio.Future[str]:
    """The path of a file to open, chosen in a dialog opened with open() (no nested
    event loop, so timers and tasks go on); "" if cancelled."""
    return _file_dialog(parent, title, folder, filters, save=False)

def save_file(parent: QWidget, title: str, suggested: str, filters: str = "") -> asyncio.Future[str]:
    """The path to save to, chosen like :func:`open_file`; "" if cancelled."""
    return _file_dialog(parent, title, suggested, filters, save=True)

async def save_in_last_folder(parent: QWidget, title: str, name: str, filters: str,
                              settings: UiSettings) -> Path | None:
    """Where to save a file suggested as ``name``, chosen like :func:`save_file` in the
    folder last used for a sheet or an export, which is remembered (the user's documents
    folder when that one cannot be written: the samples of an installed copy); None if
    cancelled."""
    folder = settings.get("last_folder") or str(Path.home())
    if Path(folder).is_dir() and not os.access(folder, os.W_OK):
        folder = platformdirs.user_documents_dir()
    path = await save_file(parent, title, str(Path(folder) / name), filters)
    if not path:
        return None
    settings.set("last_folder", str(Path(path).parent))
    return Path(path)


async def open_sheet_file(parent: QWidget, title: str, settings: UiSettings) -> Path | None:
    """A spreadsheet chosen like :func:`open_file` (every format app.contacts reads), in
    the folder last used, which is remembered; None if cancelled."""
    folder = settings.get("last_folder") or str(Path.home())
    path = await open_file(parent, title, folder, QCoreApplication.translate(
        "Dialogs", "Spreadsheets (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;All files (*)"))
    if not path:
        return None
    settings.set("last_folder", str(Path(path).parent))
    return Path(path)


# -- status line, counts row and the results table ------------------------------------------


def ask_text(parent: QWidget, title: str, label: str, *, secret: bool = False,
             accept: str | None = None) -> asyncio.Future[str | None]:
    """Ask for one line of text (``secret``: shown as dots; ``accept``: the OK button's
    label, saying what it does) without blocking the event loop; the future gives it, or
    None when the user cancels."""
    from PySide6.QtWidgets import QInputDialog, QLineEdit

    future: asyncio.Future[str | None] = asyncio.get_event_loop().create_future()
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextEchoMode(QLineEdit.EchoMode.Password if secret else QLineEdit.EchoMode.Normal)
    if accept:
        dialog.setOkButtonText(accept)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(result: int) -> None:
        if not future.done():
            future.set_result(dialog.textValue() if result == QInputDialog.DialogCode.Accepted else None)

    dialog.finished.connect(done)
    dialog.open()
    return future
