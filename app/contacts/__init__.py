"""Contact sheets: import, phone normalisation, verdicts, results export. The only layer
that imports pandas."""

from app.contacts.export import RESULT_COLUMNS, ExportError, SheetLook, write_frame, write_results, write_verdicts
from app.contacts.phones import PhoneCheck, normalise, normalise_column
from app.contacts.sheets import (
    MIN_CONFIDENCE,
    ColumnGuess,
    Sheet,
    SheetError,
    detect_phone_column,
    list_sheets,
    read_sheet,
    resolve_phone_column,
)
from app.contacts.suppression import SuppressionImport, SuppressionList
from app.contacts.verdicts import RowVerdict, ValidCells, Verdict, Verdicts, mark_unsaved_formula_cells, validate

__all__ = [
    "ColumnGuess",
    "MIN_CONFIDENCE",
    "detect_phone_column",
    "ExportError",
    "list_sheets",
    "mark_unsaved_formula_cells",
    "normalise",
    "normalise_column",
    "PhoneCheck",
    "read_sheet",
    "resolve_phone_column",
    "RESULT_COLUMNS",
    "RowVerdict",
    "Sheet",
    "SheetError",
    "SheetLook",
    "SuppressionImport",
    "SuppressionList",
    "validate",
    "ValidCells",
    "Verdict",
    "Verdicts",
    "write_frame",
    "write_results",
    "write_verdicts",
]
