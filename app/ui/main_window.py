"""The main window: open a sheet, see every row's verdict, write the text, send, watch
the outcomes arrive, export them. A thin adapter over app.workflow and app.campaign."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import traceback
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

os.environ.setdefault("QT_API", "pyside6")

import qasync  # noqa: E402 - QT_API must be set first
from PySide6.QtCore import QSortFilterProxyModel, Qt  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app import APP_NAME, paths  # noqa: E402
from app.api import PRODUCTION_URL, SafirClient  # noqa: E402
from app.campaign import CampaignEngine, Journal, Progress, RunResult  # noqa: E402
from app.contacts import ExportError, SheetError, list_sheets, write_results  # noqa: E402
from app.ui.models import ResultsModel  # noqa: E402
from app.workflow import CampaignInputError, CheckedSheet, check_sheet, create_text_campaign  # noqa: E402

log = logging.getLogger(__name__)


def starts_right_to_left(text: str) -> bool:
    """True when the first letter with a strong direction is right-to-left (Persian)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


@dataclass(frozen=True)
class Connection:
    """Where the window sends: base URL, API key (None: not configured), default bot."""

    base_url: str
    api_key: str | None
    bot_id: int = 0
    demo: bool = False


class MainWindow(QMainWindow):
    """One-screen campaign: sheet → verdicts → text → send → results → export."""

    def __init__(self, connection: Connection, journal: Journal) -> None:
        super().__init__()
        self.connection = connection
        self.journal = journal
        self.checked: CheckedSheet | None = None
        self.sheet_path: Path | None = None
        self.engine: CampaignEngine | None = None
        self.campaign_id: int | None = None
        self.last_result: RunResult | None = None
        self.setWindowTitle(self.tr("Safir campaign") + (self.tr(" — sandbox") if connection.demo else ""))
        self.resize(1100, 760)
        self._build()
        self._set_busy(False)

    # -- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        central = QWidget(self)
        layout = QVBoxLayout(central)

        top = QHBoxLayout()
        self.open_button = QPushButton(self.tr("Open spreadsheet…"))
        self.open_button.clicked.connect(self._on_open_clicked)
        self.sheet_combo = QComboBox()
        self.sheet_combo.setAccessibleName(self.tr("Sheet"))
        self.sheet_combo.setEnabled(False)
        self.sheet_combo.activated.connect(self._on_sheet_chosen)
        self.column_combo = QComboBox()
        self.column_combo.setAccessibleName(self.tr("Phone column"))
        self.column_combo.setEnabled(False)
        self.column_combo.activated.connect(self._on_column_chosen)
        top.addWidget(self.open_button)
        top.addWidget(QLabel(self.tr("Sheet:")))
        top.addWidget(self.sheet_combo, 1)
        top.addWidget(QLabel(self.tr("Phone column:")))
        top.addWidget(self.column_combo, 1)
        layout.addLayout(top)
        self.counts_label = QLabel(self.tr("Open a CSV or Excel file with one phone number per row."))
        self.counts_label.setWordWrap(True)
        layout.addWidget(self.counts_label)

        self.model = ResultsModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)  # numbers sort as numbers
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.setAccessibleName(self.tr("Rows and their outcomes"))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)

        composer = QWidget()
        form = QFormLayout(composer)
        text_row = QHBoxLayout()
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(self.tr("Message text. {{column}} is replaced by that column of each row."))
        self.text_edit.setAccessibleName(self.tr("Message text"))
        self.text_edit.setMaximumHeight(110)
        self.text_edit.textChanged.connect(self._update_preview)
        self.field_combo = QComboBox()
        self.field_combo.setAccessibleName(self.tr("Insert a column"))
        self.field_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.field_combo.setToolTip(self.tr("Insert a column of the sheet as a {{placeholder}}"))
        self.field_combo.activated.connect(self._insert_field)
        text_row.addWidget(self.text_edit, 1)
        text_row.addWidget(self.field_combo, 0, Qt.AlignmentFlag.AlignTop)
        form.addRow(self.tr("Text:"), text_row)
        self.preview_label = QLabel()
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(self.tr("Preview (first valid row):"), self.preview_label)

        settings_row = QHBoxLayout()
        self.bot_spin = QSpinBox()
        self.bot_spin.setRange(0, 2_000_000_000)
        self.bot_spin.setValue(self.connection.bot_id)
        self.bot_spin.setAccessibleName(self.tr("Bot id"))
        self.rate_spin = QSpinBox()
        self.rate_spin.setRange(0, 100_000)
        self.rate_spin.setValue(120)
        self.rate_spin.setSuffix(self.tr(" per minute"))
        self.rate_spin.setSpecialValueText(self.tr("as fast as allowed"))
        self.rate_spin.setAccessibleName(self.tr("Rate in messages per minute"))
        settings_row.addWidget(QLabel(self.tr("Bot id:")))
        settings_row.addWidget(self.bot_spin)
        settings_row.addSpacing(16)
        settings_row.addWidget(QLabel(self.tr("Rate:")))
        settings_row.addWidget(self.rate_spin)
        settings_row.addStretch(1)
        form.addRow(settings_row)

        actions = QHBoxLayout()
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setDefault(True)
        self.send_button.clicked.connect(self._on_send_clicked)
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.clicked.connect(self._on_pause_clicked)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.export_button = QPushButton(self.tr("Export results…"))
        self.export_button.clicked.connect(self._on_export_clicked)
        self.progress = QProgressBar()
        self.progress.setAccessibleName(self.tr("Sending progress"))
        self.progress.setFormat(self.tr("%v of %m"))
        for widget in (self.send_button, self.pause_button, self.cancel_button):
            actions.addWidget(widget)
        actions.addWidget(self.progress, 1)
        actions.addWidget(self.export_button)
        form.addRow(actions)

        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(composer)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)
        where = self.tr("built-in sandbox") if self.connection.demo else self.connection.base_url
        self.statusBar().showMessage(self.tr("Connected to: {0}").format(where))

    # -- sheet --------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a contact sheet"), str(Path.home()),
            self.tr("Spreadsheets (*.csv *.xlsx *.xlsm *.xls *.ods *.txt);;All files (*)"),
        )
        if path:
            await self.open_sheet(Path(path))

    async def open_sheet(self, path: Path, sheet_name: str | None = None, phone_column: str | None = None) -> bool:
        """Read and check ``path`` off the GUI thread; show its rows. False on error."""
        self.statusBar().showMessage(self.tr("Reading {0}…").format(path.name))
        self._set_busy(True, sending=False)
        try:
            names = await asyncio.to_thread(list_sheets, path)
            checked = await asyncio.to_thread(check_sheet, path, phone_column=phone_column, sheet_name=sheet_name)
        except SheetError as exc:
            self._error(self.tr("This file cannot be used"), str(exc))
            return False
        finally:
            self._set_busy(False)
        self.sheet_path = path
        self.checked = checked
        self.campaign_id = None
        self.sheet_combo.clear()
        self.sheet_combo.addItems(names)
        self.sheet_combo.setEnabled(len(names) > 1)
        if checked.sheet.sheet_name in names:
            self.sheet_combo.setCurrentText(checked.sheet.sheet_name)
        self.column_combo.clear()
        self.column_combo.addItems(checked.sheet.columns)
        self.column_combo.setCurrentText(checked.phone_column.column or "")
        self.column_combo.setEnabled(True)
        self.field_combo.clear()
        self.field_combo.addItem(self.tr("Insert column…"))
        self.field_combo.addItems(checked.sheet.columns)
        self.model.set_rows(checked.dry_run_rows())
        self.table.resizeColumnsToContents()
        counts = checked.counts
        how = (self.tr("chosen") if phone_column else
               self.tr("detected, {0:.0%} sure").format(checked.phone_column.confidence))
        self.counts_label.setText(
            self.tr("{0}: {1} rows — {2} valid, {3} invalid, {4} duplicate, {5} suppressed, {6} empty. "
                    "Phone column: {7} ({8}).").format(
                path.name, len(checked.verdicts), counts["valid"], counts["invalid"], counts["duplicate"],
                counts["suppressed"], counts["empty"], checked.phone_column.column, how)
        )
        self.progress.setRange(0, max(1, counts["valid"]))
        self.progress.setValue(0)
        self._update_preview()
        self.statusBar().showMessage(self.tr("{0} is ready.").format(path.name))
        return True

    @qasync.asyncSlot(int)
    async def _on_sheet_chosen(self, _index: int) -> None:
        if self.sheet_path is not None:
            await self.open_sheet(self.sheet_path, sheet_name=self.sheet_combo.currentText())

    @qasync.asyncSlot(int)
    async def _on_column_chosen(self, _index: int) -> None:
        if self.sheet_path is not None and self.checked is not None:
            await self.open_sheet(self.sheet_path, sheet_name=self.checked.sheet.sheet_name,
                                  phone_column=self.column_combo.currentText())

    def _insert_field(self, index: int) -> None:
        if index > 0:
            self.text_edit.insertPlainText("{{" + self.field_combo.itemText(index) + "}}")
            self.text_edit.setFocus()
        self.field_combo.setCurrentIndex(0)

    def _update_preview(self) -> None:
        from app.campaign import render

        text = self.text_edit.toPlainText()
        rtl = starts_right_to_left(text)
        option = self.text_edit.document().defaultTextOption()
        if (option.textDirection() == Qt.LayoutDirection.RightToLeft) != rtl:
            option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
            option.setAlignment(Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
            self.text_edit.document().setDefaultTextOption(option)
        if self.checked is None or not text:
            self.preview_label.setText("")
            return
        records = self.checked.sheet.records()
        first = next((i for i, v in enumerate(self.checked.verdicts) if v.verdict.value == "valid"), None)
        try:
            preview = render(text, records[first]) if first is not None else text
        except KeyError as exc:
            preview = self.tr("No column named {0}").format(exc.args[0])
        self.preview_label.setText(preview)

    # -- sending ------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_send_clicked(self) -> None:
        await self.send()

    async def send(self) -> RunResult | None:
        """Create a campaign from the open sheet and send it; None if it cannot start."""
        if self.checked is None:
            self._error(self.tr("Nothing to send"), self.tr("Open a spreadsheet first."))
            return None
        if not self.connection.api_key:
            self._error(self.tr("No API key"), self.tr(
                "Set the environment variable SAFIR_API_KEY and restart, or start with --demo to use the sandbox."))
            return None
        try:
            campaign_id = create_text_campaign(
                self.journal, self.checked, text=self.text_edit.toPlainText(), bot_id=self.bot_spin.value(),
                base_url=self.connection.base_url, rate_per_minute=float(self.rate_spin.value()),
            )
        except CampaignInputError as exc:
            self._error(self.tr("The campaign cannot start"), str(exc))
            return None
        self.campaign_id = campaign_id
        counts = self.journal.counts(campaign_id)
        self.progress.setRange(0, max(1, counts["pending"]))
        self.progress.setValue(0)
        self._set_busy(True, sending=True)
        self.statusBar().showMessage(self.tr("Campaign {0} is sending…").format(campaign_id))
        try:
            async with SafirClient(self.connection.base_url, api_key=self.connection.api_key) as client:
                self.engine = CampaignEngine(self.journal, client, on_progress=self._on_progress)
                result = await self.engine.run(campaign_id)
        finally:
            self.engine = None
            self._set_busy(False)
        self.last_result = result
        self.model.set_rows(self.journal.result_rows(campaign_id))
        c = result.counts
        summary = self.tr("Campaign {0} {1}: {2} sent, {3} failed, {4} unknown, {5} not sent.").format(
            campaign_id, self.tr(result.status), c["sent"], c["failed"], c["unknown"], c["pending"])
        if result.reason:
            summary += " " + result.reason
        self.statusBar().showMessage(summary)
        self.counts_label.setText(summary)
        return result

    def _on_pause_clicked(self) -> None:
        if self.engine is not None:
            self.engine.pause()
            self.statusBar().showMessage(self.tr("Pausing after the requests in flight…"))

    def _on_cancel_clicked(self) -> None:
        if self.engine is not None:
            self.engine.cancel()
            self.statusBar().showMessage(self.tr("Cancelling after the requests in flight…"))

    def _on_progress(self, progress: Progress) -> None:
        c = progress.counts
        self.progress.setValue(c["sent"] + c["failed"] + c["unknown"])
        if progress.row is not None and progress.state is not None:
            self.model.update_status(progress.row, progress.state, progress.error)
        self.statusBar().showMessage(self.tr("Sent {0}, failed {1}, {2:.0f} per minute").format(
            c["sent"], c["failed"], progress.rate_per_minute))

    # -- results ------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_export_clicked(self) -> None:
        if not self.model.rows():
            self._error(self.tr("Nothing to export"), self.tr("Open a spreadsheet first."))
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export results"), str(Path.home() / "results.xlsx"),
                                              self.tr("Excel (*.xlsx);;CSV (*.csv)"))
        if path:
            await self.export_results(Path(path))

    async def export_results(self, path: Path) -> bool:
        """Write the table's rows to ``path`` (.csv or .xlsx) off the GUI thread."""
        rows = (list(self.journal.result_rows(self.campaign_id)) if self.campaign_id is not None
                else [dict(r) for r in self.model.rows()])
        try:
            await asyncio.to_thread(write_results, path, rows)
        except ExportError as exc:
            self._error(self.tr("Export failed"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("Results written to {0}").format(path))
        return True

    # -- helpers ------------------------------------------------------------------------

    def _set_busy(self, busy: bool, sending: bool = False) -> None:
        self.open_button.setEnabled(not busy)
        self.send_button.setEnabled(not busy)
        self.export_button.setEnabled(not busy)
        self.pause_button.setEnabled(busy and sending)
        self.cancel_button.setEnabled(busy and sending)

    def _error(self, title: str, text: str) -> None:
        self.statusBar().showMessage(text)
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # never exec() inside a coroutine


def _install_excepthook() -> None:
    """Log unexpected errors to the state dir and show a plain dialog, never a traceback."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        log.error("unexpected error:\n%s", "".join(traceback.format_exception(kind, error, tb)))
        if QApplication.instance() is not None:
            QMessageBox.critical(None, APP_NAME, QApplication.translate(
                "MainWindow", "Something went wrong. The details are in the log file in {0}.").format(paths.log_dir()))

    sys.excepthook = hook


def run_window(*, demo: bool = False, base_url: str | None = None) -> int:
    """Open the main window and run until it closes. With ``demo``, on a sandbox
    started for this session. Returns the exit status."""
    from app.sandbox import DEMO_API_KEY, DEMO_BOT_ID, EmbeddedSandbox

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APP_NAME)
    sandbox = None
    if demo:
        sandbox = EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files").start()
        connection = Connection(sandbox.url, DEMO_API_KEY, DEMO_BOT_ID, demo=True)
    else:
        connection = Connection(base_url or PRODUCTION_URL, os.environ.get("SAFIR_API_KEY") or None)
    _install_excepthook()
    journal = Journal(paths.journal_path())
    window = MainWindow(connection, journal)

    async def until_closed() -> None:
        closed = asyncio.Event()
        app.aboutToQuit.connect(closed.set)
        window.show()
        await closed.wait()

    try:
        qasync.run(until_closed())
    finally:
        journal.close()
        if sandbox is not None:
            sandbox.stop()
    return 0
