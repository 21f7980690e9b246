"""The campaign wizard: recipients → message → review → send → results. A thin adapter
over app.workflow, app.campaign and app.contacts; no business rule lives here."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path
from typing import Any

import qasync
from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.api import SafirError
from app.campaign import (
    CampaignEngine,
    CampaignLocked,
    CampaignStatus,
    Content,
    Progress,
    QuietHours,
    RenderError,
    RunResult,
    render,
)
from app.contacts import ExportError, SheetError, write_results
from app.ui.context import AppContext
from app.ui.models import ResultsModel
from app.ui.texts import describe
from app.ui.widgets import ButtonEditor, RateChart, TemplateMapper
from app.workflow import (
    CampaignInputError,
    CheckedSheet,
    RepeatedCampaign,
    check_sheet,
    create_campaign,
    create_quick_send,
)

KIND_LABELS = ("Text", "Media", "One-time password", "Buttons", "Template")
KINDS = ("text", "media", "otp", "buttons", "template")
STATUS_FILTERS = ("", "valid", "invalid", "duplicate", "suppressed", "empty", "sent", "failed", "unknown", "pending")


def starts_right_to_left(text: str) -> bool:
    """True when the first letter with a strong direction is right-to-left (Persian)."""
    import unicodedata

    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def bot_id_of(combo: QComboBox) -> int:
    """The bot chosen in an editable bot list ("1001 — name", or an id typed in); 0 if none."""
    data = combo.currentData()
    if isinstance(data, int):
        return data
    text = combo.currentText().split("—")[0].strip()
    return int(text) if text.isdigit() else 0


def set_text_direction(editor: QPlainTextEdit) -> None:
    """Lay the editor's text out right to left when it starts with Persian."""
    rtl = starts_right_to_left(editor.toPlainText())
    option = editor.document().defaultTextOption()
    if (option.textDirection() == Qt.LayoutDirection.RightToLeft) != rtl:
        option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
        option.setAlignment(Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
        editor.document().setDefaultTextOption(option)


class StatusFilterProxy(QSortFilterProxyModel):
    """The view's proxy over a ResultsModel: filtering by status and sorting are handed
    to the model, which does both on its Python list at once (a proxy asking data()
    once per row cannot keep up with a million rows)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.status = ""

    def set_status(self, status: str) -> None:
        self.status = status
        source = self.sourceModel()
        if isinstance(source, ResultsModel):
            source.set_filter(status)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if isinstance(source, ResultsModel):
            source.sort(column, order)


def results_table(model: ResultsModel, name: str) -> tuple[QTableView, StatusFilterProxy, QComboBox]:
    """A sortable table over ``model`` with a status filter."""
    proxy = StatusFilterProxy()
    proxy.setSourceModel(model)
    table = QTableView()
    table.setModel(proxy)
    table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)  # rows arrive in sheet order
    table.setSortingEnabled(True)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(False)
    table.setAlternatingRowColors(True)
    table.setAccessibleName(name)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    table.verticalHeader().setDefaultSectionSize(24)  # fixed row height: a million rows scroll smoothly
    chooser = QComboBox()
    for status in STATUS_FILTERS:
        chooser.addItem(model.tr(status) if status else model.tr("All rows"), status)
    chooser.setAccessibleName(model.tr("Show rows with status"))
    chooser.currentIndexChanged.connect(lambda _i: proxy.set_status(chooser.currentData()))
    return table, proxy, chooser


class CampaignPage(QWidget):
    """The five steps of a campaign, one page each, with Back and Next."""

    campaign_changed = Signal(int)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.checked: CheckedSheet | None = None
        self.records: list[dict[str, str]] = []
        self.sheet_path: Path | None = None
        self.campaign_id: int | None = None
        self.engine: CampaignEngine | None = None
        self.last_result: RunResult | None = None
        self.file_id = ""
        self._started = 0.0
        self._last_refresh = 0.0
        self._events = 0
        self.steps = QStackedWidget()
        self.step_labels: list[QLabel] = []
        header = QHBoxLayout()
        names = (self.tr("1. Recipients"), self.tr("2. Message"), self.tr("3. Review"), self.tr("4. Send"),
                 self.tr("5. Results"))
        for name in names:
            label = QLabel(name)
            label.setMargin(4)
            self.step_labels.append(label)
            header.addWidget(label)
        header.addStretch(1)
        for build in (self._build_recipients, self._build_message, self._build_review, self._build_send,
                      self._build_results):
            self.steps.addWidget(build())
        self.back_button = QPushButton(self.tr("Back"))
        self.next_button = QPushButton(self.tr("Next"))
        self.next_button.setDefault(True)
        self.back_button.clicked.connect(lambda: self.go(self.steps.currentIndex() - 1))
        self.next_button.clicked.connect(lambda: self.go(self.steps.currentIndex() + 1))
        self.stop_work_button = QPushButton(self.tr("Stop"))
        self.stop_work_button.setToolTip(self.tr("Stop the import, upload or export in progress"))
        self.stop_work_button.setVisible(False)
        self.stop_work_button.clicked.connect(self.stop_work)
        self._work: asyncio.Future[Any] | None = None
        nav = QHBoxLayout()
        nav.addWidget(self.stop_work_button)
        nav.addStretch(1)
        nav.addWidget(self.back_button)
        nav.addWidget(self.next_button)
        self.message_line = QLabel()
        self.message_line.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.message_line)
        layout.addLayout(nav)
        self._set_sending(False)
        self.go(0)

    # -- work off the GUI thread, stoppable ----------------------------------------------

    async def stoppable(self, work: Any) -> Any:
        """Await ``work`` (a coroutine) with the Stop button shown; raises
        asyncio.CancelledError when the user stops it."""
        self._work = asyncio.ensure_future(work)
        self.stop_work_button.setVisible(True)
        try:
            return await self._work
        finally:
            self._work = None
            self.stop_work_button.setVisible(False)

    def stop_work(self) -> None:
        """Stop the import, upload or export in progress (a thread finishes in the
        background, its result dropped)."""
        if self._work is not None:
            self._work.cancel()

    # -- navigation -----------------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        self.message_line.setStyleSheet("color: #b71c1c" if error else "")
        self.message_line.setText(text)

    def go(self, step: int) -> None:
        """Show step ``step`` (0-4) if the steps before it are complete."""
        if not 0 <= step < self.steps.count():
            return
        current = self.steps.currentIndex()
        if step > current:
            problem = self._problem_before(step)
            if problem:
                self.say(problem, error=True)
                return
        if step == 2:
            self._update_review()
        self.steps.setCurrentIndex(step)
        self.say("")
        for index, label in enumerate(self.step_labels):
            label.setStyleSheet("font-weight: bold; border-bottom: 2px solid #1565c0" if index == step else "")
        self.back_button.setEnabled(step > 0 and self.engine is None)
        self.next_button.setEnabled(step < self.steps.count() - 1 and self.engine is None)

    def _problem_before(self, step: int) -> str | None:
        if step >= 1 and self.checked is None:
            return self.tr("Open a spreadsheet first.")
        if step >= 1 and self.checked is not None and not self.checked.counts["valid"]:
            return self.tr("The sheet has no valid phone number to send to.")
        if step >= 2:
            problem = self.content_problem()
            if problem:
                return problem
        if step >= 4 and self.campaign_id is None:
            return self.tr("Send the campaign first.")
        return None

    # -- 1. recipients ----------------------------------------------------------------

    def _build_recipients(self) -> QWidget:
        page = QWidget()
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
        self.counts_label = QLabel(self.tr("Open a CSV or Excel file with one phone number per row."))
        self.counts_label.setWordWrap(True)
        self.model = ResultsModel(self)
        self.table, self.proxy, self.filter_combo = results_table(self.model, self.tr("Rows and their verdicts"))
        filters = QHBoxLayout()
        filters.addWidget(QLabel(self.tr("Show:")))
        filters.addWidget(self.filter_combo)
        filters.addStretch(1)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.counts_label)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        return page

    @qasync.asyncSlot()
    async def _on_open_clicked(self) -> None:
        folder = self.context.settings.get("last_folder") or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a contact sheet"), folder,
            self.tr("Spreadsheets (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;All files (*)"))
        if path:
            self.context.settings.set("last_folder", str(Path(path).parent))
            await self.open_sheet(Path(path))

    async def open_sheet(self, path: Path, sheet_name: str | None = None, phone_column: str | None = None) -> bool:
        """Read and check ``path`` off the GUI thread and show every row's verdict."""
        self.say(self.tr("Reading {0}…").format(path.name))
        self.open_button.setEnabled(False)
        def read() -> tuple[CheckedSheet, list[dict[str, str]]]:
            checked = check_sheet(path, phone_column=phone_column, sheet_name=sheet_name)
            return checked, checked.sheet.records()

        try:
            checked, records = await self.stoppable(asyncio.to_thread(read))
        except SheetError as exc:
            self.say(str(exc), error=True)
            return False
        except asyncio.CancelledError:
            if asyncio.current_task() is not None and asyncio.current_task().cancelling():
                raise
            self.say(self.tr("Reading {0} was stopped.").format(path.name))
            return False
        finally:
            self.open_button.setEnabled(True)
        self.sheet_path, self.checked, self.records, self.campaign_id = path, checked, records, None
        self._reset_send_step()
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
        how = (self.tr("chosen") if phone_column else
               self.tr("detected, {0:.0%} sure").format(checked.phone_column.confidence))
        self.counts_label.setText(
            self.tr("{0}: {1} rows — {2} valid, {3} invalid, {4} duplicate, {5} suppressed, {6} empty. "
                    "Phone column: {7} ({8}).").format(
                path.name, len(checked.verdicts), counts["valid"], counts["invalid"], counts["duplicate"],
                counts["suppressed"], counts["empty"], checked.phone_column.column, how))
        self._columns_changed()
        self.say(self.tr("{0} is ready.").format(path.name))
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

    # -- 2. message ---------------------------------------------------------------------

    def _build_message(self) -> QWidget:
        page = QWidget()
        form = QFormLayout()
        self.kind_combo = QComboBox()
        for label in KIND_LABELS:
            self.kind_combo.addItem(self.tr(label))
        self.kind_combo.setAccessibleName(self.tr("Message kind"))
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.secure_check = QCheckBox(self.tr("Send as a secure message (the recipient enters a password to read it)"))
        form.addRow(self.tr("Kind:"), self.kind_combo)
        form.addRow("", self.secure_check)

        self.text_box = QGroupBox(self.tr("Text"))
        text_layout = QVBoxLayout(self.text_box)
        row = QHBoxLayout()
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(self.tr("Message text. {{column}} is replaced by that column of each row."))
        self.text_edit.setAccessibleName(self.tr("Message text"))
        self.text_edit.setMaximumHeight(120)
        self.text_edit.textChanged.connect(self._update_preview)
        self.field_combo = QComboBox()
        self.field_combo.setAccessibleName(self.tr("Insert a column"))
        self.field_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.field_combo.activated.connect(self._insert_field)
        row.addWidget(self.text_edit, 1)
        row.addWidget(self.field_combo, 0, Qt.AlignmentFlag.AlignTop)
        text_layout.addLayout(row)

        self.media_box = QGroupBox(self.tr("File"))
        media = QHBoxLayout(self.media_box)
        self.choose_file_button = QPushButton(self.tr("Choose and upload a file…"))
        self.choose_file_button.clicked.connect(self._on_choose_file)
        self.upload_progress = QProgressBar()
        self.upload_progress.setAccessibleName(self.tr("Upload progress"))
        self.thumbnail = QLabel()
        self.thumbnail.setFixedSize(96, 96)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.file_label = QLabel(self.tr("No file yet."))
        media.addWidget(self.choose_file_button)
        media.addWidget(self.upload_progress, 1)
        media.addWidget(self.thumbnail)
        media.addWidget(self.file_label, 1)

        self.otp_box = QGroupBox(self.tr("One-time passwords"))
        otp = QFormLayout(self.otp_box)
        self.otp_column = QComboBox()
        self.otp_column.setAccessibleName(self.tr("Column with the one-time passwords"))
        otp.addRow(self.tr("Column with the passwords:"), self.otp_column)

        self.buttons_box = QGroupBox(self.tr("Inline keyboard"))
        self.button_editor = ButtonEditor()
        self.button_editor.changed.connect(self._update_preview)
        QVBoxLayout(self.buttons_box).addWidget(self.button_editor)

        self.template_box = QGroupBox(self.tr("Template"))
        template = QFormLayout(self.template_box)
        self.template_combo = QComboBox()
        self.template_combo.setAccessibleName(self.tr("Template"))
        self.template_combo.currentIndexChanged.connect(self._template_chosen)
        self.template_mapper = TemplateMapper()
        self.template_mapper.changed.connect(self._update_preview)
        template.addRow(self.tr("Template:"), self.template_combo)
        template.addRow(self.template_mapper)

        preview = QHBoxLayout()
        self.preview_row = QSpinBox()
        self.preview_row.setPrefix(self.tr("row "))
        self.preview_row.setAccessibleName(self.tr("Preview for row"))
        self.preview_row.valueChanged.connect(self._update_preview)
        self.preview_label = QLabel()
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview_label.setStyleSheet("background: #e3f2fd; border-radius: 6px; padding: 8px")
        preview.addWidget(QLabel(self.tr("Preview for")))
        preview.addWidget(self.preview_row)
        preview.addWidget(self.preview_label, 1)

        layout = QVBoxLayout(page)
        layout.addLayout(form)
        for box in (self.text_box, self.media_box, self.otp_box, self.buttons_box, self.template_box):
            layout.addWidget(box)
        layout.addLayout(preview)
        layout.addStretch(1)
        self._kind_changed(0)
        return page

    def kind(self) -> str:
        return KINDS[self.kind_combo.currentIndex()]

    def _kind_changed(self, _index: int) -> None:
        kind = self.kind()
        self.text_box.setVisible(kind in ("text", "media", "buttons"))
        self.text_box.setTitle(self.tr("Caption") if kind == "media" else self.tr("Text"))
        self.media_box.setVisible(kind == "media")
        self.otp_box.setVisible(kind == "otp")
        self.buttons_box.setVisible(kind == "buttons")
        self.template_box.setVisible(kind == "template")
        if kind == "buttons" and not self.button_editor.rows():
            self.button_editor.add_button(0)
        if kind == "template":
            self.reload_templates()
        self._update_preview()

    def reload_templates(self) -> None:
        current = self.template_combo.currentData()
        self.template_combo.blockSignals(True)
        self.template_combo.clear()
        for t in self.context.templates():
            self.template_combo.addItem(f"{t['template_id']} — {t['body'][:40]}", t["template_id"])
        index = self.template_combo.findData(current)
        self.template_combo.setCurrentIndex(max(0, index))
        self.template_combo.blockSignals(False)
        self._template_chosen(self.template_combo.currentIndex())

    def _template(self) -> dict[str, str] | None:
        chosen = self.template_combo.currentData()
        return next((t for t in self.context.templates() if t["template_id"] == chosen), None)

    def _template_chosen(self, _index: int) -> None:
        template = self._template()
        columns = self.checked.sheet.columns if self.checked else []
        self.template_mapper.set_template(template["body"] if template else "", columns)

    def _columns_changed(self) -> None:
        columns = self.checked.sheet.columns if self.checked else []
        self.field_combo.clear()
        self.field_combo.addItem(self.tr("Insert column…"))
        self.field_combo.addItems(columns)
        self.otp_column.clear()
        self.otp_column.addItems(columns)
        code = next((c for c in columns if any(w in c.lower() for w in ("otp", "code", "کد", "رمز"))), None)
        if code:
            self.otp_column.setCurrentText(code)
        self.preview_row.setRange(self.checked.sheet.header_row + 1 if self.checked else 0,
                                  self.checked.sheet.header_row + len(self.records) if self.checked else 0)
        first_valid = next((v.row for v in self.checked.verdicts if v.verdict.value == "valid"), None) \
            if self.checked else None
        if first_valid is not None:
            self.preview_row.setValue(first_valid)
        if self.kind() == "template":
            self._template_chosen(0)
        self._update_preview()

    def _insert_field(self, index: int) -> None:
        if index > 0:
            self.text_edit.insertPlainText("{{" + self.field_combo.itemText(index) + "}}")
            self.text_edit.setFocus()
        self.field_combo.setCurrentIndex(0)

    @qasync.asyncSlot()
    async def _on_choose_file(self) -> None:
        folder = self.context.settings.get("last_folder") or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a file to send"), folder)
        if path:
            await self.upload(Path(path))

    async def upload(self, path: Path) -> bool:
        """Upload ``path`` once; its file_id goes to every recipient."""
        size = path.stat().st_size if path.exists() else 0
        self.upload_progress.setRange(0, max(1, size))
        self.upload_progress.setValue(0)
        self.choose_file_button.setEnabled(False)
        self.file_label.setText(self.tr("Uploading {0}…").format(path.name))
        async def upload() -> Any:
            async with self.context.client() as client:
                return await client.upload_file(path, on_progress=self.upload_progress.setValue)

        try:
            result = await self.stoppable(upload())
        except SafirError as exc:
            self.file_label.setText(self.tr("Upload failed: {0}").format(exc.message))
            return False
        except asyncio.CancelledError:
            if asyncio.current_task() is not None and asyncio.current_task().cancelling():
                raise
            self.file_label.setText(self.tr("The upload was stopped."))
            return False
        finally:
            self.choose_file_button.setEnabled(True)
        self.file_id = result.file_id
        self.upload_progress.setValue(max(1, size))
        pixmap = QPixmap(str(path))
        self.thumbnail.setPixmap(pixmap.scaled(96, 96, Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation)
                                 if not pixmap.isNull() else QPixmap())
        self.file_label.setText(self.tr("{0} uploaded; it is sent to every recipient.").format(path.name))
        self._update_preview()
        return True

    def content(self) -> Content:
        """The message as composed, with its placeholders."""
        kind = self.kind()
        secure = self.secure_check.isChecked()
        if kind == "otp":
            column = self.otp_column.currentText()
            return Content(kind="otp", otp="{{" + column + "}}" if column else "", is_secure=secure)
        if kind == "template":
            template = self._template()
            return Content(kind="template", template_id=template["template_id"] if template else "",
                           text_fields=self.template_mapper.text_fields(), is_secure=secure)
        return Content(kind=kind, text=self.text_edit.toPlainText(), file_id=self.file_id if kind == "media" else "",
                       buttons=self.button_editor.rows() if kind == "buttons" else (), is_secure=secure)

    def template_fields(self) -> list[str] | None:
        template = self._template()
        return list(self.template_mapper.combos) if template else None

    def content_problem(self) -> str | None:
        """Why the message cannot be sent yet, in a sentence; None when it can."""
        if self.kind() == "buttons" and self.button_editor.problems():
            return self.button_editor.problems()[0]
        if self.kind() == "template":
            if self._template() is None:
                return self.tr("Add the template to the template library first (Templates panel).")
            if self.template_mapper.missing():
                return self.tr("Give the template field {{{{{0}}}}} a column or a text.").format(
                    self.template_mapper.missing()[0])
        try:
            self.content().check(self.checked.sheet.columns if self.checked else [], self.template_fields())
        except ValueError as exc:
            return str(exc)
        return None

    def _row_fields(self) -> dict[str, str]:
        if not self.checked or not self.records:
            return {}
        index = self.preview_row.value() - self.checked.sheet.header_row - 1
        return self.records[index] if 0 <= index < len(self.records) else {}

    def _update_preview(self) -> None:
        set_text_direction(self.text_edit)
        fields = self._row_fields()
        kind = self.kind()
        try:
            if kind == "template":
                text = self.template_mapper.preview(fields)
            elif kind == "otp":
                column = self.otp_column.currentText()
                text = self.tr("One-time password: {0}").format(fields.get(column, "…"))
            else:
                text = render(self.text_edit.toPlainText(), fields) if fields else self.text_edit.toPlainText()
                for row in self.button_editor.rows() if kind == "buttons" else ():
                    text += "\n" + "  ".join(f"[{render(b.text, fields) if fields else b.text}]" for b in row)
        except KeyError as exc:
            text = self.tr("No column named {0}").format(exc.args[0])
        except RenderError as exc:
            text = self.tr("This row cannot be shown: {0}").format(exc)
        if self.secure_check.isChecked():
            text = "🔒 " + text
        self.preview_label.setLayoutDirection(Qt.LayoutDirection.RightToLeft if starts_right_to_left(text)
                                              else Qt.LayoutDirection.LeftToRight)
        self.preview_label.setText(text)

    # -- 3. review --------------------------------------------------------------------

    def _build_review(self) -> QWidget:
        page = QWidget()
        form = QFormLayout()
        self.bot_combo = QComboBox()
        self.bot_combo.setEditable(True)
        self.bot_combo.setAccessibleName(self.tr("Sending bot"))
        self.rate_spin = QSpinBox()
        self.rate_spin.setRange(0, 100_000)
        self.rate_spin.setValue(int(self.context.settings.get("rate_per_minute")))
        self.rate_spin.setSuffix(self.tr(" per minute"))
        self.rate_spin.setSpecialValueText(self.tr("as fast as allowed"))
        self.rate_spin.setAccessibleName(self.tr("Rate in messages per minute"))
        self.rate_spin.valueChanged.connect(self._update_review)
        self.in_flight_spin = QSpinBox()
        self.in_flight_spin.setRange(1, 64)
        self.in_flight_spin.setValue(int(self.context.settings.get("in_flight")))
        self.in_flight_spin.setAccessibleName(self.tr("Requests in flight at most"))
        self.quiet_edit = QLineEdit(self.context.settings.get("quiet_hours"))
        self.quiet_edit.setPlaceholderText(self.tr("e.g. 22:00-08:00 (Tehran time); empty for none"))
        self.quiet_edit.setAccessibleName(self.tr("Quiet hours"))
        self.quiet_edit.textChanged.connect(self._update_review)
        form.addRow(self.tr("Bot:"), self.bot_combo)
        form.addRow(self.tr("Rate:"), self.rate_spin)
        form.addRow(self.tr("In flight:"), self.in_flight_spin)
        form.addRow(self.tr("Quiet hours:"), self.quiet_edit)
        self.review_label = QLabel()
        self.review_label.setWordWrap(True)
        self.review_label.setTextFormat(Qt.TextFormat.RichText)
        test = QHBoxLayout()
        self.test_phone = QLineEdit(self.context.settings.get("own_phone"))
        self.test_phone.setPlaceholderText(self.tr("your own number, e.g. 0912 123 4567"))
        self.test_phone.setAccessibleName(self.tr("Phone for a test send"))
        self.test_button = QPushButton(self.tr("Send a test to this number"))
        self.test_button.clicked.connect(self._on_test_clicked)
        test.addWidget(self.test_phone, 1)
        test.addWidget(self.test_button)
        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addWidget(self.review_label)
        layout.addLayout(test)
        layout.addStretch(1)
        return page

    def refresh_connection(self) -> None:
        """Refill the bot list from the current profile."""
        self.bot_combo.clear()
        for bot_id, name in self.context.connection.bots.items():
            self.bot_combo.addItem(f"{bot_id} — {name}", bot_id)

    def bot_id(self) -> int:
        return bot_id_of(self.bot_combo)

    def quiet_hours(self) -> QuietHours | None:
        text = self.quiet_edit.text().strip()
        return QuietHours.parse(text) if text else None

    def _update_review(self) -> None:
        if self.checked is None:
            self.review_label.setText("")
            return
        counts = self.checked.counts
        valid = counts["valid"]
        prices = self.context.prices()
        kind = self.kind()
        category = (self._template() or {}).get("category", "service") if kind == "template" else "message"
        cost = valid * prices.get(category, 0.0)
        rate = self.rate_spin.value()
        minutes = valid / rate if rate else 0
        warnings = []
        try:
            quiet = self.quiet_hours()
        except ValueError as exc:
            quiet, warnings = None, [str(exc)]
        if rate > 300:
            warnings.append(self.tr("The service allows about 300 sends a minute per account; a higher rate "
                                    "will be slowed down by rate-limit answers."))
        if counts["invalid"] or counts["empty"]:
            warnings.append(self.tr("{0} rows have no usable number and will be skipped.").format(
                counts["invalid"] + counts["empty"]))
        if not self.context.connection.api_key:
            warnings.append(self.tr("This profile has no API access key: add one in Profiles."))
        duration = (self.tr("about {0:.0f} minutes").format(minutes) if minutes >= 1 else
                    self.tr("under a minute") if rate else self.tr("as fast as the service answers"))
        if quiet:
            duration += self.tr(", plus waits during quiet hours {0}-{1}").format(*quiet.text())
        lines = [
            self.tr("<b>{0}</b> recipients will get the message; {1} duplicates, {2} suppressed and {3} unusable "
                    "rows are skipped.").format(valid, counts["duplicate"], counts["suppressed"],
                                                counts["invalid"] + counts["empty"]),
            self.tr("Estimated cost: <b>{0:,.0f}</b> ({1} × {2:g}, the price of one {3}; set prices in "
                    "Templates).").format(cost, valid, prices.get(category, 0.0), {
                        "service": self.tr("service template"), "promotional": self.tr("promotional template"),
                        "message": self.tr("message")}[category]),
            self.tr("Time at this rate: {0}.").format(duration),
        ]
        lines += [f"<span style='color:#b71c1c'>⚠ {w}</span>" for w in warnings]
        self.review_label.setText("<br>".join(lines))

    @qasync.asyncSlot()
    async def _on_test_clicked(self) -> None:
        await self.test_send(self.test_phone.text())

    async def test_send(self, phone: str) -> str:
        """Send the message, filled from the preview row, to ``phone``; returns the outcome."""
        self.context.settings.set("own_phone", phone)
        fields = self._row_fields()
        content = self.content()
        try:
            campaign_id = create_quick_send(self.context.journal, phone_input=phone, content=content,
                                            bot_id=self.bot_id(), base_url=self.context.connection.base_url,
                                            template_fields=self.template_fields(), fields=fields)
            async with self.context.client() as client:
                result = await CampaignEngine(self.context.journal, client).run(campaign_id)
        except (CampaignInputError, SafirError) as exc:
            sent, outcome = False, self.tr("The test was not sent: {0}").format(exc)
        else:
            row = next(iter(self.context.journal.recipients(campaign_id)))
            sent = row.state == "sent"
            outcome = (self.tr("Test sent to {0}.").format(row.phone) if sent else
                       self.tr("The test was not sent: {0}").format(describe(row.error or result.reason,
                                                                             row.error_code)))
        self.say(outcome, error=not sent)  # by the outcome, not its words: Persian has no "not sent"
        return outcome

    # -- 4. send ----------------------------------------------------------------------

    def _build_send(self) -> QWidget:
        page = QWidget()
        buttons = QHBoxLayout()
        self.start_button = QPushButton(self.tr("Start"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.start_button.clicked.connect(self._on_start_clicked)
        self.pause_button.clicked.connect(self._on_pause_clicked)
        self.resume_button.clicked.connect(self._on_resume_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        for b in (self.start_button, self.pause_button, self.resume_button, self.cancel_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.progress = QProgressBar()
        self.progress.setAccessibleName(self.tr("Sending progress"))
        self.progress.setFormat(self.tr("%v of %m"))
        self.speed_label = QLabel()
        self.chart = RateChart()
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setAccessibleName(self.tr("Sending log"))
        layout = QVBoxLayout(page)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.speed_label)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.log, 1)
        return page

    def _reset_send_step(self) -> None:
        """A new sheet is a new campaign: the send step forgets the last one."""
        self.last_result = None
        self.progress.reset()
        self.progress.setRange(0, 1)
        self.chart.clear()
        self.log.clear()
        self.speed_label.clear()
        self._set_sending(False)

    def _set_sending(self, sending: bool) -> None:
        self.start_button.setEnabled(not sending and self.campaign_id is None)
        self.pause_button.setEnabled(sending)
        self.cancel_button.setEnabled(sending)
        paused = (self.last_result is not None and self.last_result.status == CampaignStatus.PAUSED)
        self.resume_button.setEnabled(not sending and paused)
        self.back_button.setEnabled(not sending and self.steps.currentIndex() > 0)
        self.next_button.setEnabled(not sending and self.steps.currentIndex() < self.steps.count() - 1)
        self.open_button.setEnabled(not sending)

    def _log(self, text: str) -> None:
        self.log.appendPlainText(time.strftime("%H:%M:%S  ") + text)

    @qasync.asyncSlot()
    async def _on_start_clicked(self) -> None:
        await self.send()

    async def send(self) -> RunResult | None:
        """Create the campaign from the wizard's choices and send it; None if it cannot start."""
        if self.checked is None:
            self.say(self.tr("Open a spreadsheet first."), error=True)
            return None
        if not self.context.connection.api_key:
            self.say(self.tr("This profile has no API access key: add one in Profiles, or start with --demo."),
                     error=True)
            return None
        try:
            quiet = self.quiet_hours()
            self.say(self.tr("Preparing the campaign…"))
            allow_repeat = False
            while True:
                try:
                    # Rendering and storing every row takes a while for big sheets: off the GUI thread.
                    campaign_id = await asyncio.to_thread(
                        create_campaign, self.context.journal, self.checked, content=self.content(),
                        bot_id=self.bot_id(), base_url=self.context.connection.base_url,
                        rate_per_minute=float(self.rate_spin.value()), in_flight=self.in_flight_spin.value(),
                        quiet_hours=quiet, template_fields=self.template_fields(), allow_repeat=allow_repeat,
                    )
                    break
                except RepeatedCampaign as repeat:
                    earlier = repeat.earlier
                    question = self.tr(
                        "Campaign {0} ({1}, {2}) already sent these messages to these recipients from this bot. "
                        "Send them again?").format(earlier.id, earlier.name, earlier.created_at[:16].replace("T", " "))
                    if not await confirm(self, self.tr("Send again?"), question):
                        self.say(self.tr("Not sent: the same campaign went out recently."))
                        return None
                    allow_repeat = True
        except (CampaignInputError, ValueError) as exc:
            self.say(self.tr("The campaign cannot start: {0}").format(exc), error=True)
            return None
        self.context.settings.set("rate_per_minute", self.rate_spin.value())
        self.context.settings.set("quiet_hours", self.quiet_edit.text().strip())
        self.campaign_id = campaign_id
        self.campaign_changed.emit(campaign_id)
        self._log(self.tr("Campaign {0} created.").format(campaign_id))
        return await self.run(campaign_id)

    async def run(self, campaign_id: int) -> RunResult | None:
        """Send (or resume) a stored campaign, showing its progress. While a campaign
        sends, asking again shows it (the same one) or says it is busy (another)."""
        if self.engine is not None:
            if campaign_id == self.campaign_id:
                self.steps.setCurrentIndex(3)
                self.say(self.tr("Campaign {0} is being sent; its controls are here.").format(campaign_id))
            else:
                self.say(self.tr("Campaign {0} is being sent; pause it before resuming another.").format(
                    self.campaign_id), error=True)
            return None
        self.campaign_id = campaign_id
        if self.steps.currentIndex() != 3:
            self.steps.setCurrentIndex(3)
        counts = self.context.journal.counts(campaign_id)
        todo = counts["total"] - counts["skipped"]
        self.progress.setRange(0, max(1, todo))
        self.progress.setValue(counts["sent"] + counts["failed"] + counts["unknown"])
        self.chart.clear()
        self._started = time.monotonic()
        self._set_sending(True)
        self._log(self.tr("Sending campaign {0}…").format(campaign_id))
        # The sheet's rows are long-lived and every outcome makes new objects: full
        # collections would walk them all again and again, each a visible pause. While
        # sending, only the young generations are collected, now and then.
        gc.freeze()
        gc.disable()
        self._events = 0
        try:
            async with self.context.client() as client:
                self.engine = CampaignEngine(self.context.journal, client, on_progress=self._on_progress)
                result = await self.engine.run(campaign_id)
        except CampaignLocked as exc:
            self.say(str(exc), error=True)
            return None
        finally:
            self.engine = None
            gc.enable()  # frozen objects stay frozen: unfreezing makes the next full pass walk them all
        self.last_result = result
        self._set_sending(False)
        self._on_progress(Progress(campaign_id, result.counts, result.status), force=True)
        rows = await asyncio.to_thread(lambda: list(self.context.journal.result_rows(campaign_id)))
        self.model.set_rows(rows)
        self.results_model.set_rows(rows)
        c = result.counts
        summary = self.tr("Campaign {0} {1}: {2} sent, {3} failed, {4} unknown, {5} not sent.").format(
            campaign_id, self.tr(result.status), c["sent"], c["failed"], c["unknown"], c["pending"] + c["in_flight"])
        if result.reason:
            summary += " " + describe(result.reason)
        self._log(summary)
        self.say(summary, error=result.status == CampaignStatus.PAUSED)
        self.campaign_changed.emit(campaign_id)
        if result.status == CampaignStatus.FINISHED:
            self.go(4)
        return result

    def _on_progress(self, progress: Progress, force: bool = False) -> None:
        self._events += 1
        if not self._events % 100:
            gc.collect(1)
        if progress.row is not None and progress.state is not None:
            self.model.update_status(progress.row, progress.state, progress.error, progress.error_code)
            if progress.state not in ("sent", "in_flight", "pending"):
                self._log(self.tr("Row {0}: {1} — {2}").format(progress.row, self.tr(progress.state),
                                                               describe(progress.error, progress.error_code)))
        now = time.monotonic()
        if not force and now - self._last_refresh < 0.1:
            return  # the rest of the screen at most ten times a second
        self._last_refresh = now
        c = progress.counts
        done = c["sent"] + c["failed"] + c["unknown"]
        self.progress.setValue(done)
        left = self.progress.maximum() - done
        eta = (self.tr("{0:.0f} s left").format(left * 60 / progress.rate_per_minute)
               if progress.rate_per_minute > 0 and left > 0 else "")
        waiting = f" — {progress.waiting}" if progress.waiting else ""
        self.speed_label.setText(self.tr("Sent {0}, failed {1}, unknown {2}; {3:.0f} per minute {4}").format(
            c["sent"], c["failed"], c["unknown"], progress.rate_per_minute, eta) + waiting)
        self.chart.add(time.monotonic() - self._started, c["sent"], c["failed"])

    def _on_pause_clicked(self) -> None:
        if self.engine is not None:
            self.engine.pause()
            self._log(self.tr("Pausing after the requests in flight…"))

    def _on_cancel_clicked(self) -> None:
        if self.engine is not None:
            self.engine.cancel()
            self._log(self.tr("Cancelling after the requests in flight…"))

    @qasync.asyncSlot()
    async def _on_resume_clicked(self) -> None:
        if self.campaign_id is not None:
            await self.run(self.campaign_id)

    # -- 5. results ---------------------------------------------------------------------

    def _build_results(self) -> QWidget:
        page = QWidget()
        self.results_model = ResultsModel(self)
        self.results_table, self.results_proxy, self.results_filter = results_table(
            self.results_model, self.tr("Per-row results"))
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Show:")))
        bar.addWidget(self.results_filter)
        bar.addStretch(1)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.clicked.connect(self._on_export_clicked)
        self.retry_button = QPushButton(self.tr("Retry failed"))
        self.retry_button.clicked.connect(self._on_retry_clicked)
        bar.addWidget(self.export_button)
        bar.addWidget(self.retry_button)
        layout = QVBoxLayout(page)
        layout.addLayout(bar)
        layout.addWidget(self.results_table, 1)
        return page

    def show_results(self, campaign_id: int) -> None:
        """Show a stored campaign's results (from History)."""
        self.campaign_id = campaign_id
        self.results_model.set_rows(self.context.journal.result_rows(campaign_id))
        self.steps.setCurrentIndex(4)
        self.go(4)

    @qasync.asyncSlot()
    async def _on_export_clicked(self) -> None:
        folder = self.context.settings.get("last_folder") or str(Path.home())
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export results"), str(Path(folder) / "results.xlsx"),
                                              self.tr("Excel (*.xlsx);;CSV (*.csv)"))
        if path:
            await self.export_results(Path(path))

    async def export_results(self, path: Path) -> bool:
        """Write the campaign's per-row results to ``path`` off the GUI thread: a copy of
        the campaign's sheet with the result columns appended, when that sheet is open."""
        if self.campaign_id is None:
            self.say(self.tr("There are no results to export yet."), error=True)
            return False
        rows = list(self.context.journal.result_rows(self.campaign_id))
        # A copy of the user's own sheet, names and every other column kept, when the
        # sheet on screen is the one this campaign was sent from.
        campaign = self.context.journal.campaign(self.campaign_id)
        source = (self.checked.sheet if self.checked is not None and campaign.source_path
                  and Path(campaign.source_path) == self.checked.sheet.path else None)
        self.export_button.setEnabled(False)
        try:
            await self.stoppable(asyncio.to_thread(write_results, path, rows, source))
        except ExportError as exc:
            self.say(str(exc), error=True)
            return False
        except asyncio.CancelledError:
            if asyncio.current_task() is not None and asyncio.current_task().cancelling():
                raise
            self.say(self.tr("The export was stopped."))
            return False
        finally:
            self.export_button.setEnabled(True)
        self.say(self.tr("Results written to {0}").format(path))
        return True

    @qasync.asyncSlot()
    async def _on_retry_clicked(self) -> None:
        await self.retry_failed()

    async def retry_failed(self) -> RunResult | None:
        """Send a follow-up campaign to the retryable failures of this one."""
        if self.campaign_id is None:
            return None
        try:
            retry_id = self.context.journal.create_retry_campaign(self.campaign_id, include_unknown=True)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return None
        self._log(self.tr("Retry campaign {0} of campaign {1}.").format(retry_id, self.campaign_id))
        return await self.run(retry_id)


def confirm(parent: QWidget, title: str, text: str) -> asyncio.Future[bool]:
    """Ask yes/no without blocking the event loop (never exec() inside a coroutine)."""
    future: asyncio.Future[bool] = asyncio.get_event_loop().create_future()
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(button: int) -> None:
        if not future.done():
            future.set_result(button == QMessageBox.StandardButton.Yes)

    box.finished.connect(done)
    box.open()
    return future
