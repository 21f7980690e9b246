"""The results table: every row's verdict or outcome, filtered by status."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QTableView,
)

from app.ui.models import ResultsModel
from app.ui.texts import state_name

#: Statuses the results tables can be filtered by ("" = all rows).
STATUS_FILTERS = ("", "valid", "invalid", "duplicate", "suppressed", "repeat", "empty", "sent", "failed", "unknown",
                  "pending", "not_sent")

#: Rows measured when a results table sizes its columns to their contents.
RESIZE_ROWS = 30


def results_table(model: ResultsModel, name: str) -> tuple[QTableView, QComboBox]:
    """A sortable table over a ResultsModel with a status filter chooser. The view shows
    the model itself, which filters and sorts its Python list at once: no proxy between
    them (a QSortFilterProxyModel asked the model's row and column counts for every cell
    painted, a third of a big table's paint: docs/benchmarks.md)."""
    table = QTableView()
    table.setModel(model)
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
        chooser.addItem(state_name(status) if status else model.tr("All rows"), status)
    chooser.setAccessibleName(model.tr("Show rows with status"))
    chooser.currentIndexChanged.connect(lambda _i: model.set_filter(chooser.currentData()))
    return table, chooser


# -- panels' shared pieces ---------------------------------------------------------------
