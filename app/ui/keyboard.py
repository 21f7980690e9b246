"""Keyboard-only use: Tab moves between widgets everywhere (a table or a text box takes
focus once, it does not keep Tab for itself)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QPlainTextEdit, QTextEdit, QWidget


def tab_moves_focus(root: QWidget) -> None:
    """Make Tab and Shift+Tab leave every table, tree and text box under ``root`` (inside
    a table the arrow keys move between cells; in a text box Tab would type a tab)."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    for text in [*root.findChildren(QPlainTextEdit), *root.findChildren(QTextEdit)]:
        text.setTabChangesFocus(True)
