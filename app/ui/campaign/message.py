"""Step 2: the message, of any kind of spec 4.3 (text, media, one-time password,
inline buttons, template; any of them secure), with a preview for a chosen row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.campaign import ButtonSpec, Content, RenderError
from app.campaign.render import render, render_address
from app.ui.bidi import ltr, set_text_direction, starts_right_to_left
from app.ui.campaign.button_editor import ButtonEditor
from app.ui.campaign.draft import CampaignDraft
from app.ui.formatting import wrappable
from app.ui.campaign.media_picker import MediaPicker
from app.ui.campaign.stoppable import Stoppable
from app.ui.campaign.template_mapper import TemplateMapper
from app.ui.context import AppContext
from app.ui.texts import describe_content_error, describe_reason
from app.ui.widgets import StatusLine

KIND_LABELS = ("Text", "Media", "One-time password", "Buttons", "Template")
KINDS = ("text", "media", "otp", "buttons", "template")


class MessageStep(QWidget):
    """Edits ``draft.content`` (kept in step with every edit) and shows the message as
    the row chosen for the preview would receive it."""

    def entry_field(self) -> QWidget:
        """Where the keyboard lands when this step is shown: the message text, when the
        kind has one, else the kind."""
        return self.text_edit if self.text_edit.isVisible() else self.kind_combo

    def __init__(self, context: AppContext, draft: CampaignDraft, stoppable: Stoppable,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.draft = draft
        self.stoppable = stoppable
        self._loading = True
        form = QFormLayout()
        self.kind_combo = QComboBox()
        for label in KIND_LABELS:
            self.kind_combo.addItem(self.tr(label))
        self.kind_combo.setAccessibleName(self.tr("Message kind"))
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.secure_check = QCheckBox(self.tr("Send as a secure message (the recipient enters a password to read it)"))
        self.secure_check.toggled.connect(self._changed)
        form.addRow(self.tr("Kind:"), self.kind_combo)
        form.addRow("", self.secure_check)

        self._build_text_box()
        self._build_kind_boxes()
        preview = self._build_preview()
        self.status = StatusLine()

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        for box in (self.text_box, self.media_box, self.otp_box, self.buttons_box, self.template_box):
            layout.addWidget(box)
        layout.addLayout(preview)
        layout.addStretch(1)
        layout.addWidget(self.status)
        self._load(draft)

    def _build_text_box(self) -> None:
        """The text (or caption) and a list of columns to insert as ``{{column}}``."""
        self.text_box = QGroupBox(self.tr("Text"))
        text_layout = QVBoxLayout(self.text_box)
        row = QHBoxLayout()
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(self.tr("Message text. {{column}} is replaced by that column of each row."))
        self.text_edit.setAccessibleName(self.tr("Message text"))
        self.text_edit.setMaximumHeight(120)
        self.text_edit.textChanged.connect(self._changed)
        self.field_combo = QComboBox()
        self.field_combo.setAccessibleName(self.tr("Insert a column"))
        self.field_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.field_combo.activated.connect(self._insert_field)
        row.addWidget(self.text_edit, 1)
        row.addWidget(self.field_combo, 0, Qt.AlignmentFlag.AlignTop)
        text_layout.addLayout(row)

    def _build_kind_boxes(self) -> None:
        """The parts only some kinds show: the file, the OTP column, the buttons, the template."""
        self.media_box = MediaPicker(self.context, self.draft, self.stoppable)
        self.media_box.uploaded.connect(self._changed)
        self.upload = self.media_box.upload

        self.otp_box = QGroupBox(self.tr("One-time passwords"))
        otp = QFormLayout(self.otp_box)
        self.otp_column = QComboBox()
        self.otp_column.setAccessibleName(self.tr("Column with the one-time passwords"))
        self.otp_column.currentIndexChanged.connect(self._changed)
        otp.addRow(self.tr("Column with the passwords:"), self.otp_column)

        self.buttons_box = QGroupBox(self.tr("Inline keyboard"))
        self.button_editor = ButtonEditor()
        self.button_editor.changed.connect(self._changed)
        QVBoxLayout(self.buttons_box).addWidget(self.button_editor)

        self.template_box = QGroupBox(self.tr("Template"))
        template = QFormLayout(self.template_box)
        self.template_combo = QComboBox()
        self.template_combo.setAccessibleName(self.tr("Template"))
        self.template_combo.currentIndexChanged.connect(self._template_chosen)
        self.template_mapper = TemplateMapper()
        self.template_mapper.changed.connect(self._changed)
        template.addRow(self.tr("Template:"), self.template_combo)
        template.addRow(self.template_mapper)

    def _build_preview(self) -> QHBoxLayout:
        """The message as the chosen row would receive it."""
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
        return preview

    # -- the draft in and out -------------------------------------------------------------

    def _load(self, draft: CampaignDraft) -> None:
        """Show a draft made earlier (a rebuilt window keeps what was composed)."""
        content = draft.content
        self._loading = True
        self.kind_combo.setCurrentIndex(KINDS.index(content.kind) if content.kind in KINDS else 0)
        self.secure_check.setChecked(content.is_secure)
        self.text_edit.setPlainText(content.text)
        if content.buttons:
            self.button_editor.set_rows(content.buttons)
        self.media_box.show_draft()
        self.columns_changed()
        if content.otp.startswith("{{") and content.otp.endswith("}}"):
            self.otp_column.setCurrentText(content.otp[2:-2])
        if content.kind == "template":
            self.reload_templates()
            index = self.template_combo.findData(content.template_id)
            if index >= 0:
                self.template_combo.setCurrentIndex(index)
            for name, value in content.text_fields.items():
                if name in self.template_mapper.combos:
                    self.template_mapper.combos[name].setCurrentText(value)
        self._loading = False
        self._kind_changed(self.kind_combo.currentIndex())

    def reset(self) -> None:
        """A fresh campaign: a text message, nothing typed, no file, no buttons."""
        self.button_editor.set_rows(())
        self.text_edit.clear()
        self.media_box.reset()
        self.status.say("")
        self._load(self.draft)

    def kind(self) -> str:
        return KINDS[self.kind_combo.currentIndex()]

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
        return Content(kind=kind, text=self.text_edit.toPlainText(),
                       file_id=self.draft.file_id if kind == "media" else "",
                       buttons=self.button_editor.rows() if kind == "buttons" else (), is_secure=secure)

    def _changed(self, *_args: object) -> None:
        if self._loading:
            return
        self.draft.content = self.content()
        self.draft.template_fields = (list(self.template_mapper.combos)
                                      if self.kind() == "template" and self._template() else None)
        self._update_preview()
        if self.status.is_error and self._current_problem() is None:
            self.status.say("")  # fixed: the red sentence goes

    def problem(self) -> str | None:
        """Why the message cannot be sent yet, in the user's language; None when it can."""
        self._changed()
        return self._current_problem()

    def _current_problem(self) -> str | None:
        if self.kind() == "buttons" and self.button_editor.problems():
            return self.button_editor.problems()[0]
        if self.kind() == "template":
            if self._template() is None:
                return self.tr("Add the template to the template library first (Templates panel).")
            if self.template_mapper.missing():
                return self.tr("Give the template field {0} a column or a text.").format(
                    ltr("{{" + self.template_mapper.missing()[0] + "}}"))
        problem = self.draft.message_problem()
        if problem is None:
            return None
        return describe_content_error(problem.error) if problem.error else problem.detail

    # -- kinds, templates and columns -------------------------------------------------------

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
        if kind == "template" and not self._loading:
            self.reload_templates()
        self._changed()

    def reload_templates(self) -> None:
        current = self.template_combo.currentData() or self.draft.content.template_id
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

    def template_category(self) -> str:
        """The price category of the message: a template's own, else "message"."""
        return (self._template() or {}).get("category", "service") if self.kind() == "template" else "message"

    def _template_chosen(self, _index: int) -> None:
        template = self._template()
        self.template_mapper.set_template(template["body"] if template else "", self.draft.columns)

    def columns_changed(self) -> None:
        """A sheet was opened: offer its columns everywhere."""
        columns = self.draft.columns
        self.field_combo.clear()
        self.field_combo.addItem(self.tr("Insert column…"))
        self.field_combo.addItems(columns)
        self.otp_column.blockSignals(True)
        self.otp_column.clear()
        self.otp_column.addItems(columns)
        code = next((c for c in columns if any(w in c.lower() for w in ("otp", "code", "کد", "رمز"))), None)
        if code:
            self.otp_column.setCurrentText(code)
        self.otp_column.blockSignals(False)
        checked = self.draft.checked
        self.preview_row.setRange(checked.sheet.header_row + 1 if checked else 0,
                                  checked.sheet.header_row + len(self.draft.records) if checked else 0)
        first_valid = self.draft.first_valid_row()
        if first_valid is not None:
            self.preview_row.setValue(first_valid)
        if self.kind() == "template":
            self._template_chosen(0)
        self._changed()

    def _insert_field(self, index: int) -> None:
        if index > 0:
            self.text_edit.insertPlainText("{{" + self.field_combo.itemText(index) + "}}")
            self.text_edit.setFocus()
        self.field_combo.setCurrentIndex(0)

    # -- media ----------------------------------------------------------------------------

    # -- preview ----------------------------------------------------------------------------

    def row_fields(self) -> dict[str, str]:
        return self.draft.row_fields(self.preview_row.value())

    @staticmethod
    def _button_preview(button: ButtonSpec, fields: dict[str, str]) -> str:
        """``[label → the address as this row's button opens it]`` (values percent-encoded)."""
        label = render(button.text, fields) if fields else button.text
        address = button.url or button.web_app_url
        if not address:
            return f"[{label}]"
        return f"[{label} → {ltr(render_address(address, fields) if fields else address)}]"

    def _update_preview(self) -> None:
        set_text_direction(self.text_edit)
        fields = self.row_fields()
        kind = self.kind()
        try:
            if kind == "template":
                text = self.template_mapper.preview(fields)
            elif kind == "otp":
                column = self.otp_column.currentText()
                text = self.tr("One-time password: {0}").format(ltr(fields.get(column, "…")))
            else:
                text = render(self.text_edit.toPlainText(), fields) if fields else self.text_edit.toPlainText()
                for row in self.button_editor.rows() if kind == "buttons" else ():
                    text += "\n" + "  ".join(self._button_preview(b, fields) for b in row)
        except KeyError as exc:
            text = self.tr("No column named {0}").format(exc.args[0])
        except RenderError as exc:
            text = self.tr("This row cannot be shown: {0}").format(describe_reason(exc.reason))
        if self.secure_check.isChecked():
            text = "🔒 " + text
        self.preview_label.setLayoutDirection(Qt.LayoutDirection.RightToLeft if starts_right_to_left(text)
                                              else Qt.LayoutDirection.LeftToRight)
        self.preview_label.setText(wrappable(text))

