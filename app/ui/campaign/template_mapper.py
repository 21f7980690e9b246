"""The template mapper: each template field filled from a sheet column or a fixed text."""

from __future__ import annotations

from PySide6.QtCore import (
    Signal,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QWidget,
)

from app.campaign import RenderError, placeholders
from app.campaign.render import render


class TemplateMapper(QWidget):
    """Maps each ``{{field}}`` of a template to a column (``{{column}}``) or a constant
    typed in. :meth:`text_fields` gives the mapping; :meth:`preview` fills the body for
    a row."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.body = ""
        self.combos: dict[str, QComboBox] = {}

    def set_template(self, body: str, columns: list[str]) -> None:
        """Show one editable choice per field of ``body``; a field named like a column
        starts mapped to it."""
        while self.form.rowCount():
            self.form.removeRow(0)
        self.body = body
        self.combos = {}
        for name in placeholders(body):
            combo = QComboBox()
            combo.setEditable(True)
            combo.addItems(["{{" + c + "}}" for c in columns])
            combo.setCurrentText("{{" + name + "}}" if name in columns else "")
            line = combo.lineEdit()
            if line is not None:
                line.setPlaceholderText(self.tr("a column, or a fixed text"))
            combo.setAccessibleName(self.tr("Value of {0}").format(name))
            combo.currentTextChanged.connect(self.changed)
            self.combos[name] = combo
            self.form.addRow("{{" + name + "}}", combo)
        self.changed.emit()

    def text_fields(self) -> dict[str, str]:
        return {name: combo.currentText() for name, combo in self.combos.items()}

    def missing(self) -> list[str]:
        """Fields left without a value."""
        return [name for name, value in self.text_fields().items() if not value.strip()]

    def preview(self, row: dict[str, str]) -> str:
        """The template body filled for ``row``; unknown columns are shown as typed."""
        values = {}
        for name, value in self.text_fields().items():
            try:
                values[name] = render(value, row)
            except (KeyError, RenderError):
                values[name] = value
        try:
            return render(self.body, values)
        except KeyError:
            return self.body
