"""Text direction in a right-to-left interface: phones, ids and numbers kept left to
right, an editor that follows what is typed."""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QPlainTextEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)


def ltr(text: object) -> str:
    """``text`` as a left-to-right island (Unicode LRI ... PDI) in a right-to-left
    interface, so a phone number, a path, a URL or an id reads the right way round
    inside Persian text; as it is in a left-to-right interface."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return str(text)
    return f"\u2066{text}\u2069"

def ltr_in_wrapped_item(text: object) -> str:
    """``text`` kept left to right (between LEFT-TO-RIGHT MARKs) inside an item view's
    text that wraps over several lines, in a right-to-left interface. There :func:`ltr`'s
    isolates make Qt's item delegate draw only the first line, elided (Qt 6.11)."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return str(text)
    return f"\u200e{text}\u200e"


def reads_as_interface(edit: QPlainTextEdit) -> None:
    """Lay ``edit``'s lines out in the interface's direction (a log: right to left, its
    time at the right, in Persian); a plain text document's lines otherwise run left to
    right whatever the window's direction."""
    direction = QGuiApplication.layoutDirection()
    option = edit.document().defaultTextOption()
    option.setTextDirection(direction)
    right = direction == Qt.LayoutDirection.RightToLeft
    option.setAlignment(Qt.AlignmentFlag.AlignAbsolute
                        | (Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft))
    edit.document().setDefaultTextOption(option)


class LeftToRightDelegate(QStyledItemDelegate):
    """Shows and edits a column's text left to right whatever the layout's direction (an
    address, a phone, an id: "https://x.ir/{{کد}}", not "{{کد}}/https://x.ir")."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.direction = Qt.LayoutDirection.LeftToRight  # type: ignore[attr-defined]  # PySide6 stubs lack it
        option.displayAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter  # type: ignore[attr-defined]  # stubs lack it

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        editor = super().createEditor(parent, option, index)
        editor.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        return editor

#: The item data role where :class:`OwnDirectionDelegate` finds an item's direction.
DIRECTION_ROLE = Qt.ItemDataRole.UserRole + 7


class OwnDirectionDelegate(QStyledItemDelegate):
    """Lays each item's text out in the direction stored under :data:`DIRECTION_ROLE` (a
    ``Qt.LayoutDirection``: the direction its message starts in), whatever the interface's:
    "Promo for کیان" reads so in a right-to-left interface, not "کیان Promo for" (the marks
    of :func:`in_own_direction` keep a line's end in place, not the order of its words)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        direction = index.data(DIRECTION_ROLE)
        if direction is not None:
            option.direction = direction  # type: ignore[attr-defined]  # PySide6 stubs lack it

def fsi(text: object) -> str:
    """``text`` as an island with its own direction (Unicode FSI ... PDI) in a
    right-to-left interface: a file or column name, Persian or Latin, keeps its own
    reading order inside a sentence; as it is in a left-to-right interface."""
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return str(text)
    return f"\u2068{text}\u2069"


# -- text direction and numbers --------------------------------------------------------

def figures_at_the_start(*fields: QAbstractSpinBox) -> None:
    """In a right-to-left interface, each of ``fields`` (a number alone, no words) shows it
    at the field's right, its start, as the fields with words do: a line edit aligns text
    with no letter (Persian digits read as European numbers) to the left."""
    if QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft:
        for field in fields:
            field.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def starts_right_to_left(text: str) -> bool:
    """True when the first letter with a strong direction is right-to-left (Persian)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False

def in_own_direction(text: str) -> str:
    """Each line of ``text`` between marks of the direction it starts in (RIGHT-TO-LEFT
    MARKs for Persian), so the full stop at its end stays at its end whatever the
    interface's direction ("سلام." never ".سلام"). Marks, not isolates: see
    :func:`ltr_in_wrapped_item`."""
    mark = "\u200f" if starts_right_to_left(text) else "\u200e"
    return "\n".join(f"{mark}{line}{mark}" for line in text.split("\n"))


def set_text_direction(editor: QPlainTextEdit) -> None:
    """Lay the editor's text out right to left when it starts with Persian."""
    rtl = starts_right_to_left(editor.toPlainText())
    option = editor.document().defaultTextOption()
    if (option.textDirection() == Qt.LayoutDirection.RightToLeft) != rtl:
        option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
        option.setAlignment(Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
        editor.document().setDefaultTextOption(option)
