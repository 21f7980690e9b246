"""Qt table models over the lower layers' plain rows."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QGuiApplication

from app.campaign.journal.reading import NOT_SENT
from app.campaign.journal.records import RecipientState
from app.campaign.shown import ShownStatus
from app.ui.bidi import ltr
from app.ui.formatting import figure
from app.ui.texts import describe, state_name

_Index = QModelIndex | QPersistentModelIndex

#: Status colours, by what a results row's status holds (a recipient's state, or why it
#: was skipped: the sheet's verdict or a send-time rule's): calm for good, warm for attention.
STATUS_COLOURS: dict[str, str] = {
    "valid": "#1b5e20",
    RecipientState.SENT: "#1b5e20",
    "invalid": "#b71c1c",
    RecipientState.FAILED: "#b71c1c",
    "duplicate": "#8d6e00",
    "suppressed": "#8d6e00",
    "repeat": "#8d6e00",
    "empty": "#757575",
    RecipientState.UNKNOWN: "#e65100",
    RecipientState.PENDING: "#455a64",
    NOT_SENT: "#757575",
    RecipientState.IN_FLIGHT: "#0d47a1",
}


#: Columns that read left to right even in a right-to-left layout.
LEFT_TO_RIGHT = ("phone_input", "phone", "message_id")


def _tr(text: str) -> str:
    return QCoreApplication.translate("ResultsModel", text)


@dataclass(frozen=True)
class RowSet:
    """Rows made ready for one :class:`ResultsModel` (:func:`row_set`): copied (the model
    changes them in place) and indexed by sheet row."""

    rows: list[dict[str, Any]]
    by_sheet_row: dict[int, int]


def row_set(rows: Iterable[Mapping[str, Any]], copy: bool = True) -> RowSet:
    """Copy (unless ``copy`` is False: rows nobody else holds) and index ``rows`` for
    :meth:`ResultsModel.set_rows`, in any thread: for a big campaign this is the longer
    part (about 15 ms per 20,000 rows on a slow machine), kept off the window's loop.
    Each RowSet is for one model only."""
    made = [dict(r) for r in rows] if copy else [r if isinstance(r, dict) else dict(r) for r in rows]
    return RowSet(made, _positions(made))


def _positions(rows: list[dict[str, Any]]) -> dict[int, int]:
    """Sheet row number → position in ``rows``."""
    return {r["row"]: i for i, r in enumerate(rows)}


class ResultsModel(QAbstractTableModel):
    """Per-row verdicts and outcomes: one row per data row of the sheet.

    Rows are mappings with the results-file keys (``row, phone_input, phone, status,
    error_code, error, message_id, request_id``). :meth:`update_status` changes one
    row in place as outcomes arrive. Filtering by status (:meth:`set_filter`) and
    sorting (:meth:`sort`) happen here, on the Python list, because a proxy asking
    ``data()`` once per row is far too slow for a million rows.
    """

    COLUMNS = ("row", "phone_input", "phone", "status", "error", "message_id")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, Any]] = []
        self._view: list[int] | None = None  # positions in _rows shown, when filtered
        self._status = ""
        self._by_sheet_row: dict[int, int] = {}
        self._headers = {
            "row": _tr("Row"),
            "phone_input": _tr("Phone as typed"),
            "phone": _tr("Phone"),
            "status": _tr("Status"),
            "error": _tr("Details"),
            "message_id": _tr("Message id"),
        }

    def set_rows(self, rows: Iterable[Mapping[str, Any]] | RowSet) -> None:
        """Replace every row (the filter stays): ``rows`` are kept as they are (dicts) or
        copied; a :class:`RowSet` is taken over, with its index."""
        ready = rows if isinstance(rows, RowSet) else row_set(rows, copy=False)
        self.beginResetModel()
        self._rows = ready.rows
        self._reindex(ready.by_sheet_row)
        self.endResetModel()

    def _reindex(self, by_sheet_row: dict[int, int] | None = None) -> None:
        self._by_sheet_row = by_sheet_row if by_sheet_row is not None else _positions(self._rows)
        self._view = [i for i, r in enumerate(self._rows) if r.get("status") == self._status] \
            if self._status else None

    def set_filter(self, status: str) -> None:
        """Show only rows with this status (all when empty)."""
        self.beginResetModel()
        self._status = status
        self._reindex()
        self.endResetModel()

    def update_status(self, sheet_row: int, status: str, error: str | None = None,
                      error_code: int | None = None) -> None:
        """Set the status (and details, with the service's error code) of the row whose
        sheet row number is ``sheet_row``."""
        self.update_statuses([(sheet_row, status, error, error_code)])

    def update_statuses(self, changes: Iterable[tuple[int, str, str | None, int | None]]) -> None:
        """:meth:`update_status` for many rows, ``(sheet_row, status, error, error_code)``
        each, told to the views once per run of neighbouring shown rows (a follower's look
        brings dozens at a time, mostly in sheet order)."""
        shown_rows: list[int] = []
        for sheet_row, status, error, error_code in changes:
            index = self._by_sheet_row.get(sheet_row)
            if index is None:
                continue
            row = self._rows[index]
            row["status"], row["error"], row["error_code"] = status, error, error_code
            if self._view is None:
                shown_rows.append(index)
                continue
            at = bisect.bisect_left(self._view, index)
            if at < len(self._view) and self._view[at] == index:
                shown_rows.append(at)
        shown_rows.sort()
        start = 0
        for i in range(1, len(shown_rows) + 1):
            if i == len(shown_rows) or shown_rows[i] > shown_rows[i - 1] + 1:
                self.dataChanged.emit(self.index(shown_rows[start], 3), self.index(shown_rows[i - 1], 4))
                start = i

    def rows(self) -> list[dict[str, Any]]:
        """Every row, filtered or not."""
        return self._rows

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` in one Python sort (empty values last)."""
        if not 0 <= column < len(self.COLUMNS):
            return
        key = self.COLUMNS[column]
        self.beginResetModel()
        filled = [r for r in self._rows if r.get(key) is not None and r.get(key) != ""]
        empty = [r for r in self._rows if r.get(key) is None or r.get(key) == ""]
        filled.sort(key=lambda r: r[key], reverse=order == Qt.SortOrder.DescendingOrder)
        self._rows = filled + empty
        self._reindex()
        self.endResetModel()

    def _row(self, position: int) -> dict[str, Any]:
        return self._rows[self._view[position] if self._view is not None else position]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid():
            return 0
        return len(self._view) if self._view is not None else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            return self._headers[self.COLUMNS[section]]
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Views ask each cell for a dozen roles on every paint and every column sizing,
        # from C++ into Python: the roles shown here are answered, the rest at once.
        if role not in _RESULTS_ROLES:
            return None
        position = index.row()
        view = self._view
        if not 0 <= position < (len(view) if view is not None else len(self._rows)) or index.column() < 0:
            return None
        row = self._rows[view[position] if view is not None else position]
        key = self.COLUMNS[index.column()]
        value = row.get(key)
        if role == _DISPLAY or role == _TOOLTIP:
            if key == "status" and value:
                return state_name(str(value))
            if key == "error":
                return describe(value, row.get("error_code"))
            if key == "row" and isinstance(value, int):
                return figure(value, grouped=False)  # Persian digits in the Persian interface
            if key in LEFT_TO_RIGHT and value and QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft:
                return ltr(value)  # "+98 912 111 0003" must not turn around in a right-to-left table
            return "" if value is None else str(value)
        if role == _FOREGROUND and key == "status" and value in STATUS_COLOURS:
            return QColor(STATUS_COLOURS[value])
        if role == _USER:
            return "" if value is None else value
        if role == _ALIGNMENT and key in ("row", "phone"):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


_DISPLAY, _TOOLTIP, _FOREGROUND, _USER, _ALIGNMENT = (
    int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
                     Qt.ItemDataRole.UserRole, Qt.ItemDataRole.TextAlignmentRole))
#: The roles ResultsModel answers.
_RESULTS_ROLES = frozenset((_DISPLAY, _TOOLTIP, _FOREGROUND, _USER, _ALIGNMENT))


#: History's colour for a campaign's state (the rest in the text's own colour).
_STATUS_COLOURS: dict[str, str] = {ShownStatus.FINISHED: "#1b5e20", ShownStatus.PAUSED: "#e65100",
                                           ShownStatus.CANCELLED: "#757575"}


class HistoryModel(QAbstractTableModel):
    """Past campaigns from the journal, newest first: id, created (shown in the user's
    calendar: Jalali in Persian), name, who made it on which machine, kind, status, sent,
    failed, left, and when a scheduled one starts ("in 2 h 5 min")."""

    COLUMNS = ("id", "created", "name", "owner", "kind", "status", "sent", "failed", "unknown", "left", "starts")

    def __init__(self, parent: Any = None, format_time: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, Any]] = []
        self._format_time = format_time or (lambda text: text[:16].replace("T", " "))
        self._headers = {"id": _tr("Campaign"), "created": _tr("Created (Tehran)"), "name": _tr("Name"),
                         "owner": _tr("Made by"),
                         "kind": _tr("Kind"), "status": _tr("Status"), "sent": _tr("Sent"),
                         "failed": _tr("Failed"), "unknown": _tr("Unknown"), "left": _tr("Left"),
                         "starts": _tr("Starts")}

    def set_rows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = [dict(r) for r in rows]
        self.endResetModel()

    def campaign_id(self, row: int) -> int | None:
        return self._rows[row]["id"] if 0 <= row < len(self._rows) else None

    def status(self, row: int) -> str | None:
        return self._rows[row]["status"] if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(self.COLUMNS):
            return self._headers[self.COLUMNS[section]]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        key = self.COLUMNS[index.column()]
        value = self._rows[index.row()].get(key)
        if role == Qt.ItemDataRole.DisplayRole:
            if key == "created":
                return self._format_time(str(value))
            if key == "status" and self._rows[index.row()].get("status_note"):
                return f"{state_name(str(value))} {self._rows[index.row()]['status_note']}"
            if key in ("status", "kind"):
                return state_name(str(value))
            if key == "left" and self._rows[index.row()].get("left_note"):
                return f"{figure(int(value or 0))} {self._rows[index.row()]['left_note']}"
            if key in ("id", "sent", "failed", "unknown", "left") and isinstance(value, int):
                return figure(value)  # Persian digits in the Persian interface
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.ForegroundRole and key == "status":
            colour = _STATUS_COLOURS.get(str(value))
            return QColor(colour) if colour else None
        return None
