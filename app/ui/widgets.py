"""Widgets shared by the wizard's steps and the panels: the inline-keyboard editor, the
template field mapper, the live sent/failed chart, the results table, a status line,
the counts row, the bot chooser, and questions and file dialogs that never nest an
event loop (``open()`` and a future, not ``exec()``)."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QCalendar,
    QCoreApplication,
    QDateTime,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSortFilterProxyModel,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign import ButtonProblem, ButtonSpec, RenderError, button_problems, placeholders, render

ACTIONS = ("url", "web_app", "copy_text")
_INVALID = QColor("#ffcdd2")


def ltr(text: object) -> str:
    """``text`` as a left-to-right island (Unicode LRI ... PDI) in a right-to-left
    interface, so a phone number, a path, a URL or an id reads the right way round
    inside Persian text; as it is in a left-to-right interface."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return str(text)
    return f"\u2066{text}\u2069"


def _child(row: QTreeWidgetItem, index: int) -> QTreeWidgetItem:
    """Button ``index`` of a keyboard row (it exists: callers count buttons first)."""
    item = row.child(index)
    if item is None:
        raise IndexError(index)
    return item


class LeftToRightDelegate(QStyledItemDelegate):
    """Shows and edits a column's text left to right whatever the layout's direction (an
    address, a phone, an id: "https://x.ir/{{کد}}", not "{{کد}}/https://x.ir")."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.direction = Qt.LayoutDirection.LeftToRight  # type: ignore[attr-defined]  # PySide6 stubs lack it
        option.displayAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter  # type: ignore[attr-defined]

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        editor = super().createEditor(parent, option, index)
        editor.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        return editor


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
        painter.drawText(QRectF(0, area.top() - 6, 32, 14), Qt.AlignmentFlag.AlignRight, figure(top))
        painter.drawText(QRectF(area.right() - 80, area.bottom() + 2, 80, 16), Qt.AlignmentFlag.AlignRight,
                         self.tr("{0} s").format(figure(t_end)))
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


def fsi(text: object) -> str:
    """``text`` as an island with its own direction (Unicode FSI ... PDI) in a
    right-to-left interface: a file or column name, Persian or Latin, keeps its own
    reading order inside a sentence; as it is in a left-to-right interface."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return str(text)
    return f"\u2068{text}\u2069"


# -- text direction and numbers --------------------------------------------------------


def starts_right_to_left(text: str) -> bool:
    """True when the first letter with a strong direction is right-to-left (Persian)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def set_text_direction(editor: QPlainTextEdit) -> None:
    """Lay the editor's text out right to left when it starts with Persian."""
    rtl = starts_right_to_left(editor.toPlainText())
    option = editor.document().defaultTextOption()
    if (option.textDirection() == Qt.LayoutDirection.RightToLeft) != rtl:
        option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
        option.setAlignment(Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
        editor.document().setDefaultTextOption(option)


def figure(value: float, decimals: int = 0, grouped: bool = True) -> str:
    """A count or an amount in the interface's digits and grouping (Persian digits in
    the Persian interface, through QLocale's default); ``grouped=False`` for a row
    number or an id, which are never grouped."""
    locale = QLocale()
    if not grouped:
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    return locale.toString(int(round(value))) if decimals == 0 else locale.toString(float(value), "f", decimals)


# -- bot chooser ---------------------------------------------------------------------------


def fill_bots(combo: QComboBox, bots: dict[int, str]) -> None:
    """Fill an editable bot list with the profile's bots ("1001 — name"), keeping the
    chosen bot when it is still there."""
    chosen = bot_id_of(combo)
    combo.clear()
    for bot_id, name in bots.items():
        combo.addItem(f"{bot_id} — {name}", bot_id)
    index = combo.findData(chosen)
    if index >= 0:
        combo.setCurrentIndex(index)


def bot_id_of(combo: QComboBox) -> int:
    """The bot chosen in an editable bot list ("1001 — name", or an id typed in); 0 if none."""
    data = combo.currentData()
    if isinstance(data, int):
        return data
    text = combo.currentText().split("—")[0].strip()
    return int(text) if text.isdigit() else 0


class WorkStopped(Exception):
    """The user pressed Stop on an import, upload or export (see CampaignPage.stoppable)."""


# -- questions and file dialogs without a nested event loop --------------------------------


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
    dialog = QFileDialog(parent, title, start, filters)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(result: int) -> None:
        files = dialog.selectedFiles() if result else []
        if not future.done():
            future.set_result(files[0] if files else "")

    dialog.finished.connect(done)
    dialog.open()
    return future


def open_file(parent: QWidget, title: str, folder: str, filters: str = "") -> asyncio.Future[str]:
    """The path of a file to open, chosen in a dialog opened with open() (no nested
    event loop, so timers and tasks go on); "" if cancelled."""
    return _file_dialog(parent, title, folder, filters, save=False)


def save_file(parent: QWidget, title: str, suggested: str, filters: str = "") -> asyncio.Future[str]:
    """The path to save to, chosen like :func:`open_file`; "" if cancelled."""
    return _file_dialog(parent, title, suggested, filters, save=True)


# -- status line, counts row and the results table ------------------------------------------


class StatusLine(QLabel):
    """A step's one line of news: plain, or red for a problem; it belongs to its step
    and is cleared when the step is entered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.is_error = False

    def say(self, text: str, error: bool = False) -> None:
        self.is_error = error
        self.setStyleSheet("color: #b71c1c" if error else "")
        self.setText(text)


class CountsRow(QWidget):
    """A row of figures: recipients, sent, failed, left and the estimated cost."""

    NAMES = ("recipients", "sent", "failed", "left", "cost")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        titles = (self.tr("Recipients"), self.tr("Sent"), self.tr("Failed"), self.tr("Left"),
                  self.tr("Estimated cost"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.values: dict[str, QLabel] = {}
        for name, title in zip(self.NAMES, titles):
            box = QVBoxLayout()
            value = QLabel("–")
            value.setStyleSheet("font-size: 18px; font-weight: bold")
            value.setAccessibleName(title)
            caption = QLabel(title)
            caption.setStyleSheet("color: #616161")
            box.addWidget(value)
            box.addWidget(caption)
            layout.addLayout(box)
            layout.addSpacing(18)
            self.values[name] = value
        layout.addStretch(1)

    def show_counts(self, **figures: float | None) -> None:
        """Set any of recipients, sent, failed, left, cost; None shows a dash."""
        for name, value in figures.items():
            self.values[name].setText("–" if value is None else figure(value))

    def text(self, name: str) -> str:
        return self.values[name].text()


#: Statuses the results tables can be filtered by ("" = all rows).
STATUS_FILTERS = ("", "valid", "invalid", "duplicate", "suppressed", "repeat", "empty", "sent", "failed", "unknown", "pending")


class StatusFilterProxy(QSortFilterProxyModel):
    """The view's proxy over a ResultsModel: filtering by status and sorting are handed
    to the model, which does both on its Python list at once (a proxy asking data()
    once per row cannot keep up with a million rows)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.status = ""

    def set_status(self, status: str) -> None:
        self.status = status
        source: Any = self.sourceModel()  # a ResultsModel, or any model (then no filtering)
        if hasattr(source, "set_filter"):
            source.set_filter(status)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if hasattr(source, "set_filter"):
            source.sort(column, order)


def results_table(model: Any, name: str) -> tuple[QTableView, StatusFilterProxy, QComboBox]:
    """A sortable table over a ResultsModel with a status filter chooser."""
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


# -- panels' shared pieces ---------------------------------------------------------------


def local_time(iso: str, language: str) -> str:
    """An ISO time as the user reads it: Jalali calendar and Persian digits in Persian."""
    moment = QDateTime.fromString(iso[:19], "yyyy-MM-ddTHH:mm:ss")
    moment.setTimeZone(QDateTime.currentDateTimeUtc().timeZone())
    moment = moment.toLocalTime()
    if language == "fa":
        jalali = moment.toString("yyyy/MM/dd HH:mm", QCalendar(QCalendar.System.Jalali))
        return jalali.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return moment.toString("yyyy-MM-dd HH:mm")


def title(text: str) -> QLabel:
    """A panel's title line."""
    label = QLabel(text)
    label.setStyleSheet("font-size: 16px; font-weight: bold")
    return label


def duration_text(seconds: float) -> str:
    """A duration as people say it, in the interface's language and digits: "40 s",
    "12 min", "6 h 34 min" (never thousands of seconds)."""
    seconds = max(0, int(round(seconds)))
    if seconds < 90:
        return QCoreApplication.translate("Durations", "{0} s").format(figure(seconds))
    minutes = (seconds + 30) // 60
    if minutes < 60:
        return QCoreApplication.translate("Durations", "{0} min").format(figure(minutes))
    return QCoreApplication.translate("Durations", "{0} h {1} min").format(figure(minutes // 60),
                                                                       figure(minutes % 60))


def clock(moment: datetime | None = None) -> str:
    """A time of day (HH:MM:SS) in the interface's digits; now when ``moment`` is None."""
    moment = moment or datetime.now()
    return QLocale().toString(QTime(moment.hour, moment.minute, moment.second), "HH:mm:ss")
