"""Keyboard-only use: Tab moves between widgets everywhere (a table or a text box takes
focus once, it does not keep Tab for itself)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QPlainTextEdit, QTextEdit, QWidget


def tab_moves_focus(root: QWidget) -> None:
    """Make Tab and Shift+Tab leave every table, tree and text box under ``root`` (inside
    a table the arrow keys move between cells; in a text box Tab would type a tab)."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    for text in [*root.findChildren(QPlainTextEdit), *root.findChildren(QTextEdit)]:
        text.setTabChangesFocus(True)


def focus_first_field(panel: QWidget) -> None:
    """Put the keyboard focus in ``panel``: where it last was in it, else on its first
    visible, enabled widget that Tab reaches (a panel opened by its shortcut is typed into
    at once, not left with the focus in the list of panels)."""
    last = panel.focusWidget()
    if last is not None and last.isVisible() and last.isEnabled() and panel.isAncestorOf(last):
        last.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return
    widget = panel.nextInFocusChain()
    while widget is not None and widget is not panel:
        if (panel.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
            widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        widget = widget.nextInFocusChain()
