"""The inline-keyboard editor: rows of url / web_app / copy_text buttons (spec 2.8),
checked by the content definition's button rules as they are typed."""

from __future__ import annotations

from PySide6.QtCore import (
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign import ButtonProblem, ButtonSpec, button_problems, button_warnings
from app.ui.bidi import LeftToRightDelegate, ltr
from app.ui.formatting import figure

ACTIONS = ("url", "web_app", "copy_text")

_INVALID = QColor("#ffcdd2")

def _child(row: QTreeWidgetItem, index: int) -> QTreeWidgetItem:
    """Button ``index`` of a keyboard row (it exists: callers count buttons first)."""
    item = row.child(index)
    if item is None:
        raise IndexError(index)
    return item

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
        # Addresses and {{placeholders}} read left to right in a Persian window too.
        self.tree.setItemDelegateForColumn(2, LeftToRightDelegate(self.tree))
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

    def _top(self, index: int) -> QTreeWidgetItem:
        """Row ``index`` of the keyboard (it exists: callers count rows first)."""
        item = self.tree.topLevelItem(index)
        if item is None:
            raise IndexError(index)
        return item

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
        row = self._top(row_index)
        item = QTreeWidgetItem([label, "", value])
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        row.addChild(item)
        row.setExpanded(True)
        combo = QComboBox()
        combo.addItems([self.tr("Open link (url)"), self.tr("Open mini-app (web_app)"),
                        self.tr("Copy text (copy_text)")])
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
        self.add_button(self.tree.indexOfTopLevelItem(item.parent() or item))

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
            self.tree.setCurrentItem(self._top(target))
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
        self.tree.setCurrentItem(_child(self._top(row_index), target))

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
            row = self._top(r)
            buttons = tuple(self._button(_child(row, c)) for c in range(row.childCount()))
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
            row = self._top(r)
            for c in range(row.childCount()):
                button = self._button(_child(row, c))
                row_number, button_number = figure(r + 1, grouped=False), figure(c + 1, grouped=False)
                for problem, _address in button_problems(button):
                    if problem is ButtonProblem.NO_LABEL:
                        found.append(self.tr("Row {0}, button {1}: needs a label.").format(row_number, button_number))
                    elif problem is ButtonProblem.NO_ACTION:
                        found.append(self.tr("Row {0}, button {1}: needs an address or a text to copy.").format(
                            row_number, button_number))
                    else:
                        found.append(self.tr("Row {0}, button {1}: the address must start with {2} (or {3}).")
                                     .format(row_number, button_number, ltr("https://"), ltr("http://")))
        return found

    def warnings(self) -> list[str]:
        """One sentence per column that stands in a button address's host (allowed, but
        it decides where the link goes)."""
        found = []
        for r in range(self.tree.topLevelItemCount()):
            row = self._top(r)
            for c in range(row.childCount()):
                for name in button_warnings(self._button(_child(row, c))):
                    found.append(self.tr("Row {0}, button {1}: {2} stands in the address's host, so each row's "
                                         "value decides which site the link opens.").format(
                        figure(r + 1, grouped=False), figure(c + 1, grouped=False), ltr("{{" + name + "}}")))
        return found

    # -- look -----------------------------------------------------------------------------

    def _renumber(self) -> None:
        self.tree.blockSignals(True)
        for r in range(self.tree.topLevelItemCount()):
            self._top(r).setText(0, self.tr("Row {0}").format(figure(r + 1, grouped=False)))
        self.tree.blockSignals(False)

    def _on_item_changed(self, _item: QTreeWidgetItem, _column: int) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self.tree.blockSignals(True)
        for r in range(self.tree.topLevelItemCount()):
            row = self._top(r)
            for c in range(row.childCount()):
                item = _child(row, c)
                button = self._button(item)
                bad = bool(button_problems(button))
                for column in range(3):
                    item.setBackground(column, QBrush(_INVALID) if bad else QBrush())
                item.setToolTip(0, self.tr("This button is incomplete") if bad else "")
        self.tree.blockSignals(False)
        self.problem_label.setText("\n".join(self.problems() + self.warnings()))
        self.changed.emit()
