"""The suppression list panel: numbers that are never messaged, kept by the window's
store (this desktop's file, or the team store's list every desktop shares)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.campaign import JournalError
from app.contacts import ExportError, SheetError, SuppressionList
from app.contacts.phones import clean
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.dialogs import open_sheet_file, save_in_last_folder
from app.ui.formatting import figure
from app.ui.texts import describe, describe_failure
from app.ui.widgets import StatusLine, title
from app.jobs.suppression import suppression_list, typed_phones, unusable_phones

T = TypeVar("T")

#: Numbers shown at once: a list of 100,000 would take the window's loop for a while at
#: every keystroke of Find, and nobody reads that far (Find narrows it).
SHOWN_AT_MOST = 1000


class SuppressionPanel(QWidget):
    """The list's numbers (wire form, filterable), and adding or taking off numbers typed
    or pasted (one per line, or separated by commas), a sheet's numbers, or the selected
    ones; export to .csv or .xlsx. A number added here is skipped by every campaign from
    then on, one already sending included (its send-time check reads the same list)."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        intro = QLabel(self.tr("Numbers on this list are never messaged: every campaign skips them, one that is "
                               "already sending too."))
        intro.setWordWrap(True)
        self.numbers_edit = QPlainTextEdit()
        self.numbers_edit.setPlaceholderText(self.tr("Numbers to add or take off: one per line, or several "
                                                     "separated by commas, e.g. {0}").format(ltr("0912 123 4567")))
        self.numbers_edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # "0912 111", never "111 0912"
        self.numbers_edit.setTabChangesFocus(True)
        self.numbers_edit.setMaximumHeight(80)
        self.numbers_edit.setAccessibleName(self.tr("Numbers to add or take off"))
        self.add_button = QPushButton(self.tr("Add to the list"))
        self.add_button.clicked.connect(self._on_add_clicked)
        self.take_off_button = QPushButton(self.tr("Take off the list"))
        self.take_off_button.clicked.connect(self._on_take_off_clicked)
        self.import_button = QPushButton(self.tr("Add a sheet's numbers…"))
        self.import_button.clicked.connect(self._on_import_clicked)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.clicked.connect(self._on_export_clicked)
        self.remove_selected_button = QPushButton(self.tr("Take the selected off"))
        self.remove_selected_button.clicked.connect(self._on_remove_selected_clicked)
        self.find_edit = QLineEdit()
        self.find_edit.setPlaceholderText(self.tr("Find a number"))
        self.find_edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.find_edit.setAccessibleName(self.tr("Find a number"))
        self.find_edit.textChanged.connect(self._show_found)
        self.list = QListWidget()
        self.list.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setAccessibleName(self.tr("Numbers on the suppression list"))
        self.count_label = QLabel()
        self.status = StatusLine()
        self.phones: list[str] = []
        typed = QHBoxLayout()
        typed.addWidget(self.add_button)
        typed.addWidget(self.take_off_button)
        typed.addStretch(1)
        typed.addWidget(self.import_button)
        typed.addWidget(self.export_button)
        shown = QHBoxLayout()
        shown.addWidget(self.find_edit, 1)
        shown.addWidget(self.remove_selected_button)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Suppression list")))
        layout.addWidget(intro)
        layout.addWidget(self.numbers_edit)
        layout.addLayout(typed)
        layout.addWidget(self.status)
        layout.addWidget(self.count_label)
        layout.addLayout(shown)
        layout.addWidget(self.list, 1)
        self._buttons = (self.add_button, self.take_off_button, self.import_button, self.export_button,
                         self.remove_selected_button)

    # -- reading and changing the list, off the window's thread ----------------------------

    async def _off_thread(self, work: Callable[[SuppressionList], T]) -> T | None:
        """``work(the list)`` (the list of the window's store) in a worker thread with the
        buttons off; None (the sentence said) when the list or the sheet cannot be read or
        written."""
        for button in self._buttons:
            button.setEnabled(False)
        try:
            return await self.context.store.in_thread(lambda journal: work(suppression_list(journal)))
        except (SheetError, ExportError, JournalError) as exc:
            self.status.say(describe_failure(exc), error=True)
            return None
        finally:
            for button in self._buttons:
                button.setEnabled(True)

    async def refresh(self) -> int:
        """Read the list again and show it; returns how many numbers it holds."""
        phones = await self._off_thread(lambda listed: sorted(listed.phones()))
        if phones is not None:
            self.phones = phones
            self._show_found()
        return len(self.phones)

    def _show_found(self) -> None:
        wanted = "".join(ch for ch in clean(self.find_edit.text()) if ch.isdigit()).lstrip("0")
        found = [phone for phone in self.phones if wanted in phone]
        self.list.clear()
        self.list.addItems(found[:SHOWN_AT_MOST])
        counted = (self.tr("{0} numbers are on the list.").format(figure(len(self.phones))) if not wanted else
                   self.tr("{0} of {1} numbers match.").format(figure(len(found)), figure(len(self.phones))))
        if len(found) > SHOWN_AT_MOST:
            counted += " " + self.tr("The first {0} are shown; Find narrows them.").format(figure(SHOWN_AT_MOST))
        self.count_label.setText(counted)

    async def add_typed(self) -> str:
        """Add the numbers typed; returns the sentence shown."""
        typed = typed_phones(self.numbers_edit.toPlainText())
        done = await self._change(typed, self.tr("Type or paste the numbers to add first."),
                                  lambda listed: listed.add(typed))
        if done is None:
            return self.status.text()
        self.numbers_edit.clear()
        return self._say_unusable(self.tr("{0} added, {1} already on the list.").format(
            figure(done.added), figure(done.already)), unusable_phones(typed))

    async def take_off(self, typed: list[str]) -> str:
        """Take ``typed`` numbers off the list; returns the sentence shown."""
        removed = await self._change(typed, self.tr("Type or choose the numbers to take off first."),
                                     lambda listed: listed.remove(typed))
        if removed is None:
            return self.status.text()
        return self._say_unusable(self.tr("{0} taken off the list.").format(figure(removed)), unusable_phones(typed))

    async def _change(self, typed: list[str], nothing_usable: str,
                      change: Callable[[SuppressionList], T]) -> T | None:
        """``change`` the list when ``typed`` holds a usable number, then show the list
        again; None (the sentence shown) when none is usable or the list cannot be changed."""
        unusable = unusable_phones(typed)
        if not typed or len(unusable) == len(typed):
            self._say_unusable(nothing_usable, unusable, error=True)
            return None
        done = await self._off_thread(change)
        if done is not None:
            await self.refresh()
        return done

    def _say_unusable(self, said: str, unusable: list[tuple[str, str]], error: bool = False) -> str:
        """Show ``said``, and each typed value that is no usable number with why (in red)."""
        if unusable:
            said += " " + self.tr("Not a usable number: {0}").format(
                self.tr("; ").join(f"{ltr(value)} ({describe(why)})" for value, why in unusable))
        self.status.say(said, error=error or bool(unusable))
        return said

    async def import_sheet(self, path: Path) -> str:
        """Add every number of the sheet at ``path``; returns the sentence shown."""
        done = await self._off_thread(lambda listed: listed.import_sheet(path))
        if done is None:
            return self.status.text()
        await self.refresh()
        said = self.tr("{0}: {1} added, {2} already on the list, {3} rows without a usable number.").format(
            ltr(path.name), figure(done.added), figure(done.already), figure(done.invalid))
        self.status.say(said)
        return said

    async def export(self, path: Path) -> str:
        """Write the list to ``path`` (.csv or .xlsx); returns the sentence shown."""
        if await self._off_thread(lambda listed: listed.export(path)) is None:
            return self.status.text()
        said = self.tr("The suppression list was written to {0}").format(ltr(path))
        self.status.say(said)
        return said

    # -- the buttons -------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_add_clicked(self) -> None:
        await self.add_typed()

    @qasync.asyncSlot()
    async def _on_take_off_clicked(self) -> None:
        await self.take_off(typed_phones(self.numbers_edit.toPlainText()))

    @qasync.asyncSlot()
    async def _on_remove_selected_clicked(self) -> None:
        await self.take_off([item.text() for item in self.list.selectedItems()])

    @qasync.asyncSlot()
    async def _on_import_clicked(self) -> None:
        path = await open_sheet_file(self, self.tr("Add a sheet's numbers to the suppression list"),
                                     self.context.settings)
        if path is not None:
            await self.import_sheet(path)

    @qasync.asyncSlot()
    async def _on_export_clicked(self) -> None:
        path = await save_in_last_folder(self, self.tr("Export the suppression list"), "suppression.xlsx",
                                         self.tr("Excel (*.xlsx);;CSV (*.csv)"), self.context.settings)
        if path is not None:
            await self.export(path)
