"""Reusable editors of the campaign wizard: the inline-keyboard editor, the template
field mapper and the live sent/failed chart."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign import ButtonSpec, RenderError, placeholders, render

ACTIONS = ("url", "web_app", "copy_text")
_INVALID = QColor("#ffcdd2")


def ltr(text: object) -> str:
    """``text`` as a left-to-right island (Unicode LRI ... PDI), so a phone number, a
    path, a URL or an id reads the right way round inside right-to-left text."""
    return f"\u2066{text}\u2069"


class ButtonEditor(QWidget):
    """Rows of inline buttons (spec 2.8): add, remove and reorder rows and buttons; each
    button a label plus one action (url, web_app or copy_text), ``{{column}}`` allowed.
    Buttons without a label or an action value are marked and listed by :meth:`problems`.
    Emits ``changed`` after every edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([self.tr("Label"), self.tr("Action"), self.tr("Address or text")])
        self.tree.setAccessibleName(self.tr("Inline keyboard"))
        self.tree.itemChanged.connect(self._on_item_changed)
        self.tree.setColumnWidth(0, 160)
        self.tree.setColumnWidth(1, 210)
        buttons = QHBoxLayout()
        self.add_row_button = QPushButton(self.tr("Add row"))
        self.add_button_button = QPushButton(self.tr("Add button"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.up_button = QPushButton(self.tr("Move up"))
        self.down_button = QPushButton(self.tr("Move down"))
        for widget, slot in ((self.add_row_button, self.add_row), (self.add_button_button, self._add_to_current),
                             (self.remove_button, self.remove_current), (self.up_button, lambda: self.move_current(-1)),
                             (self.down_button, lambda: self.move_current(1))):
            widget.clicked.connect(slot)
            buttons.addWidget(widget)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.tree)
        self.problem_label = QLabel()
        self.problem_label.setStyleSheet("color: #b71c1c")
        self.problem_label.setWordWrap(True)
        layout.addWidget(self.problem_label)

    # -- editing ------------------------------------------------------------------------

    def add_row(self) -> QTreeWidgetItem:
        row = QTreeWidgetItem([""])
        self.tree.addTopLevelItem(row)
        self._renumber()
        row.setExpanded(True)
        self.tree.setCurrentItem(row)
        self._refresh()
        return row

    def add_button(self, row_index: int, label: str = "", action: str = "url", value: str = "") -> QTreeWidgetItem:
        """Append a button to row ``row_index`` (rows are added as needed)."""
        while self.tree.topLevelItemCount() <= row_index:
            self.add_row()
        row = self.tree.topLevelItem(row_index)
        item = QTreeWidgetItem([label, "", value])
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        row.addChild(item)
        row.setExpanded(True)
        combo = QComboBox()
        combo.addItems([self.tr("Open link (url)"), self.tr("Open mini-app (web_app)"), self.tr("Copy text (copy_text)")])
        combo.setCurrentIndex(ACTIONS.index(action))
        combo.setAccessibleName(self.tr("Button action"))
        combo.currentIndexChanged.connect(self._refresh)
        self.tree.setItemWidget(item, 1, combo)
        self.tree.setCurrentItem(item)
        self._refresh()
        return item

    def _add_to_current(self) -> None:
        item = self.tree.currentItem()
        if item is None:
            self.add_button(max(0, self.tree.topLevelItemCount() - 1))
            return
        row = item if item.parent() is None else item.parent()
        self.add_button(self.tree.indexOfTopLevelItem(row))

    def remove_current(self) -> None:
        item = self.tree.currentItem()
        if item is None:
            return
        parent = item.parent()
        if parent is None:
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(item))
        else:
            parent.removeChild(item)
        self._renumber()
        self._refresh()

    def move_current(self, step: int) -> None:
        """Move the selected row or button up (-1) or down (+1) among its siblings."""
        item = self.tree.currentItem()
        if item is None:
            return
        parent = item.parent()
        if parent is None:
            index = self.tree.indexOfTopLevelItem(item)
            target = index + step
            if not 0 <= target < self.tree.topLevelItemCount():
                return
            specs = self.rows()
            specs_list = list(specs)
            specs_list[index], specs_list[target] = specs_list[target], specs_list[index]
            self.set_rows(tuple(specs_list))
            self.tree.setCurrentItem(self.tree.topLevelItem(target))
            return
        index = parent.indexOfChild(item)
        target = index + step
        if not 0 <= target < parent.childCount():
            return
        row_index = self.tree.indexOfTopLevelItem(parent)
        specs_list = [list(r) for r in self.rows()]
        buttons = specs_list[row_index]
        buttons[index], buttons[target] = buttons[target], buttons[index]
        self.set_rows(tuple(tuple(r) for r in specs_list))
        self.tree.setCurrentItem(self.tree.topLevelItem(row_index).child(target))

    # -- reading ------------------------------------------------------------------------

    def _button(self, item: QTreeWidgetItem) -> ButtonSpec:
        combo = self.tree.itemWidget(item, 1)
        action = ACTIONS[combo.currentIndex()] if isinstance(combo, QComboBox) else "url"
        label, value = item.text(0).strip(), item.text(2).strip()
        return ButtonSpec(label, url=value if action == "url" else "",
                          web_app_url=value if action == "web_app" else "",
                          copy_text=value if action == "copy_text" else "")

    def rows(self) -> tuple[tuple[ButtonSpec, ...], ...]:
        """The keyboard as edited, rows in order (empty rows dropped)."""
        out = []
        for r in range(self.tree.topLevelItemCount()):
            row = self.tree.topLevelItem(r)
            buttons = tuple(self._button(row.child(c)) for c in range(row.childCount()))
            if buttons:
                out.append(buttons)
        return tuple(out)

    def set_rows(self, rows: tuple[tuple[ButtonSpec, ...], ...]) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        self.tree.blockSignals(False)
        for r, row in enumerate(rows):
            self.add_row()
            for b in row:
                action = "web_app" if b.web_app_url else "copy_text" if b.copy_text else "url"
                self.add_button(r, b.text, action, b.url or b.web_app_url or b.copy_text)
        self._refresh()

    def problems(self) -> list[str]:
        """One sentence per invalid button (no label, or no address or text)."""
        found = []
        for r in range(self.tree.topLevelItemCount()):
            row = self.tree.topLevelItem(r)
            for c in range(row.childCount()):
                button = self._button(row.child(c))
                if not button.text:
                    found.append(self.tr("Row {0}, button {1}: needs a label.").format(r + 1, c + 1))
                if not (button.url or button.web_app_url or button.copy_text):
                    found.append(self.tr("Row {0}, button {1}: needs an address or a text to copy.").format(
                        r + 1, c + 1))
        return found

    # -- look -----------------------------------------------------------------------------

    def _renumber(self) -> None:
        self.tree.blockSignals(True)
        for r in range(self.tree.topLevelItemCount()):
            self.tree.topLevelItem(r).setText(0, self.tr("Row {0}").format(r + 1))
        self.tree.blockSignals(False)

    def _on_item_changed(self, _item: QTreeWidgetItem, _column: int) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self.tree.blockSignals(True)
        for r in range(self.tree.topLevelItemCount()):
            row = self.tree.topLevelItem(r)
            for c in range(row.childCount()):
                item = row.child(c)
                button = self._button(item)
                bad = not button.text or not (button.url or button.web_app_url or button.copy_text)
                for column in range(3):
                    item.setBackground(column, QBrush(_INVALID) if bad else QBrush())
                item.setToolTip(0, self.tr("This button is incomplete") if bad else "")
        self.tree.blockSignals(False)
        self.problem_label.setText("\n".join(self.problems()))
        self.changed.emit()


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
            combo.lineEdit().setPlaceholderText(self.tr("a column, or a fixed text"))
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


class RateChart(QWidget):
    """Sent and failed so far, over time: a small live line chart."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[tuple[float, int, int]] = []
        self.setMinimumHeight(120)
        self.setAccessibleName(self.tr("Sent and failed over time"))

    def clear(self) -> None:
        self.points = []
        self.update()

    def add(self, seconds: float, sent: int, failed: int) -> None:
        if self.points and seconds - self.points[-1][0] < 0.2:
            self.points[-1] = (self.points[-1][0], sent, failed)
        else:
            self.points.append((seconds, sent, failed))
        self.update()

    def paintEvent(self, _event: object) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(36, 8, -8, -20)
        painter.fillRect(self.rect(), QColor("#fafafa"))
        painter.setPen(QPen(QColor("#bdbdbd")))
        painter.drawRect(area)
        if len(self.points) < 2:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("The chart fills as messages go out"))
            return
        t_end = max(self.points[-1][0], 1e-6)
        top = max(1, max(max(s, f) for _, s, f in self.points))
        painter.drawText(QRectF(0, area.top() - 6, 32, 14), Qt.AlignmentFlag.AlignRight, str(top))
        painter.drawText(QRectF(area.right() - 80, area.bottom() + 2, 80, 16), Qt.AlignmentFlag.AlignRight,
                         f"{t_end:.0f} s")
        for index, colour in ((1, "#2e7d32"), (2, "#c62828")):
            path = QPainterPath()
            for n, point in enumerate(self.points):
                x = area.left() + area.width() * point[0] / t_end
                y = area.bottom() - area.height() * point[index] / top
                path.moveTo(QPointF(x, y)) if n == 0 else path.lineTo(QPointF(x, y))
            painter.setPen(QPen(QColor(colour), 2))
            painter.drawPath(path)
        painter.setPen(QPen(QColor("#2e7d32")))
        painter.drawText(QRectF(area.left() + 6, area.top() + 2, 120, 16), self.tr("sent"))
        painter.setPen(QPen(QColor("#c62828")))
        painter.drawText(QRectF(area.left() + 60, area.top() + 2, 120, 16), self.tr("failed"))
