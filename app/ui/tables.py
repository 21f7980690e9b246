"""The results table: every row's verdict or outcome, filtered by status."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QTableView,
)

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

#: Rows measured when a results table sizes its columns to their contents.
RESIZE_ROWS = 30


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
    # Column widths from the contents measure about a screenful of rows (Qt's default,
    # 1,000, held the window 0.4 s when a big campaign ended: docs/benchmarks.md).
    table.verticalHeader().setResizeContentsPrecision(RESIZE_ROWS)  # QTableView reads the rows' header's
    table.horizontalHeader().setResizeContentsPrecision(RESIZE_ROWS)
    chooser = QComboBox()
    for status in STATUS_FILTERS:
        chooser.addItem(model.tr(status) if status else model.tr("All rows"), status)
    chooser.setAccessibleName(model.tr("Show rows with status"))
    chooser.currentIndexChanged.connect(lambda _i: proxy.set_status(chooser.currentData()))
    return table, proxy, chooser


# -- panels' shared pieces ---------------------------------------------------------------
