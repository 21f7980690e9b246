"""Step 1: open a sheet, pick its sheet and phone column, see every row's verdict."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import qasync
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.campaign import JournalError
from app.contacts import SheetError
from app.ui.bidi import ltr
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.stoppable import Stoppable
from app.ui.context import AppContext
from app.ui.dialogs import open_sheet_file
from app.ui.formatting import figure
from app.ui.models import ResultsModel
from app.ui.tables import results_table
from app.ui.texts import describe_failure
from app.ui.widgets import CountsRow, StatusLine, WorkStopped
from app.jobs.sheet import CheckedSheet, check_sheet


class RecipientsStep(QWidget):
    """Reads the sheet off the GUI thread (stoppable) into the draft; ``sheet_opened``
    tells the other steps that the columns changed."""

    sheet_opened = Signal()

    def __init__(self, context: AppContext, draft: CampaignDraft, stoppable: Stoppable,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.draft = draft
        self.stoppable = stoppable
        top = QHBoxLayout()
        self.open_button = QPushButton(self.tr("Open spreadsheet…"))
        self.open_button.clicked.connect(self._on_open_clicked)
        self.sheet_combo = QComboBox()
        self.sheet_combo.setAccessibleName(self.tr("Sheet"))
        self.sheet_combo.setEnabled(False)
        self.sheet_combo.activated.connect(self._on_sheet_chosen)
        self._sheet_name: str | None = None  # of a sheet whose phone column is to be chosen
        self.column_combo = QComboBox()
        self.column_combo.setAccessibleName(self.tr("Phone column"))
        self.column_combo.setEnabled(False)
        self.column_combo.activated.connect(self._on_column_chosen)
        top.addWidget(self.open_button)
        top.addWidget(QLabel(self.tr("Sheet:")))
        top.addWidget(self.sheet_combo, 1)
        top.addWidget(QLabel(self.tr("Phone column:")))
        top.addWidget(self.column_combo, 1)
        self.counts = CountsRow()
        self.counts_label = QLabel(self.tr("Open a CSV or Excel file with one phone number per row."))
        self.counts_label.setWordWrap(True)
        self.model = ResultsModel(self)
        self.table, self.filter_combo = results_table(self.model, self.tr("Rows and their verdicts"))
        filters = QHBoxLayout()
        filters.addWidget(QLabel(self.tr("Show:")))
        filters.addWidget(self.filter_combo)
        filters.addStretch(1)
        self.status = StatusLine()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.counts)
        layout.addWidget(self.counts_label)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        if draft.checked is not None:
            self._show(draft.checked, chosen=False)

    def reset(self) -> None:
        """A fresh campaign: no sheet, no rows, every filter off."""
        self.model.set_rows([])
        self.sheet_combo.clear()
        self.column_combo.clear()
        self.column_combo.setEnabled(False)
        self.filter_combo.setCurrentIndex(0)
        self.counts.show_counts(recipients=None, sent=None, failed=None, left=None, cost=None)
        self.counts_label.setText(self.tr("Open a CSV or Excel file with one phone number per row."))
        self.status.say("")

    def problem(self) -> str | None:
        """Why the wizard cannot go on from this step, in the user's language."""
        problem = self.draft.recipients_problem()
        if problem is None:
            return None
        return {"no_sheet": self.tr("Open a spreadsheet first."),
                "no_valid_phone": self.tr("The sheet has no valid phone number to send to.")}[problem.code]

    @qasync.asyncSlot()
    async def _on_open_clicked(self) -> None:
        path = await open_sheet_file(self, self.tr("Open a contact sheet"), self.context.settings)
        if path is not None:
            await self.open_sheet(path)

    async def open_sheet(self, path: Path, sheet_name: str | None = None, phone_column: str | None = None) -> bool:
        """Read and check ``path`` off the GUI thread and show every row's verdict."""
        self.status.say(self.tr("Reading {0}…").format(ltr(path.name)))
        self.open_button.setEnabled(False)

        def read() -> tuple[CheckedSheet, list[dict[str, str]]]:
            checked = check_sheet(path, phone_column=phone_column, sheet_name=sheet_name, journal=self.context.journal)
            return checked, checked.sheet.records()

        try:
            checked, records = await self.stoppable(asyncio.to_thread(read))
        except (SheetError, JournalError) as exc:  # the sheet, or a team store's suppression list
            columns = exc.columns if isinstance(exc, SheetError) else ()
            said, earlier = describe_failure(exc), self.draft.path
            if self.draft.checked is not None and earlier is not None and earlier != path and not columns:
                # Another file that is no sheet at all: the one open, and its verdicts, stay.
                said += " " + self.tr("{0} stays open.").format(ltr(earlier.name))
            else:
                self._unusable(path, sheet_name, columns)
            self.status.say(said, error=True)
            return False
        except WorkStopped:
            self.status.say(self.tr("Reading {0} was stopped.").format(ltr(path.name)))
            return False
        finally:
            self.open_button.setEnabled(True)
        self.draft.path, self.draft.checked, self.draft.records = path, checked, records
        self._show(checked, chosen=phone_column is not None)
        self.sheet_opened.emit()
        self.status.say(self.tr("{0} is ready.").format(ltr(path.name)))
        focus = QApplication.focusWidget()
        if self.isVisible() and (focus is None or focus is self.open_button or not self.isAncestorOf(focus)):
            # The keyboard goes on from the sheet just opened: Enter is Next (Ctrl+O left it elsewhere).
            self.column_combo.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def _unusable(self, path: Path, sheet_name: str | None, columns: Sequence[str]) -> None:
        """Nothing of an earlier sheet stays shown; when choosing one of the sheet's
        ``columns`` as the phone column would do, the list offers them. A workbook's other
        sheets stay offered, to go back to one."""
        sheets = [self.sheet_combo.itemText(i) for i in range(self.sheet_combo.count())] \
            if self.draft.path == path else []
        self.reset()
        if sheets:
            self.sheet_combo.addItems(sheets)
            self.sheet_combo.setCurrentText(sheet_name or sheets[0])
            self.sheet_combo.setEnabled(len(sheets) > 1)
        self.draft.path, self.draft.checked, self.draft.records = path, None, []
        self._sheet_name = sheet_name
        if columns:
            self.column_combo.addItems(list(columns))
            self.column_combo.setCurrentIndex(-1)
            self.column_combo.setEnabled(True)
            self.counts_label.setText(self.tr("{0} is open: choose its phone column.").format(ltr(path.name)))

    def _show(self, checked: CheckedSheet, chosen: bool) -> None:
        names = checked.sheet.sheet_names
        self.sheet_combo.clear()
        self.sheet_combo.addItems(names)
        self.sheet_combo.setEnabled(len(names) > 1)
        if checked.sheet.sheet_name in names:
            self.sheet_combo.setCurrentText(checked.sheet.sheet_name)
        self.column_combo.clear()
        self.column_combo.addItems(checked.sheet.columns)
        self.column_combo.setCurrentText(checked.phone_column.column or "")
        self.column_combo.setEnabled(True)
        self.model.set_rows(checked.dry_run_rows())
        self.table.resizeColumnsToContents()
        counts = checked.counts
        self.counts.show_counts(recipients=counts["valid"], sent=None, failed=None, left=counts["valid"], cost=None)
        how = (self.tr("chosen") if chosen else
               self.tr("detected, {0}% sure").format(figure(checked.phone_column.confidence * 100)))
        self.counts_label.setText(
            self.tr("{0}: {1} rows — {2} valid, {3} invalid, {4} duplicate, {5} suppressed, {6} empty. "
                    "Phone column: {7} ({8}).").format(
                ltr(checked.sheet.path.name), figure(len(checked.verdicts)), figure(counts["valid"]),
                figure(counts["invalid"]), figure(counts["duplicate"]), figure(counts["suppressed"]),
                figure(counts["empty"]), checked.phone_column.column, how))
        if checked.likelier_column is not None:
            self.counts_label.setText(self.counts_label.text() + " " + self.tr(
                "No number in {0} is an Iranian mobile: the phone numbers look to be in {1}.").format(
                checked.phone_column.column, checked.likelier_column))

    @qasync.asyncSlot(int)
    async def _on_sheet_chosen(self, _index: int) -> None:
        if self.draft.path is not None:
            await self.open_sheet(self.draft.path, sheet_name=self.sheet_combo.currentText())

    @qasync.asyncSlot(int)
    async def _on_column_chosen(self, _index: int) -> None:
        if self.draft.path is not None and self.column_combo.currentText():
            checked = self.draft.checked
            await self.open_sheet(self.draft.path, sheet_name=checked.sheet.sheet_name if checked else self._sheet_name,
                                  phone_column=self.column_combo.currentText())
