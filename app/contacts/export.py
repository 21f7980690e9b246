"""Writing per-phone results as CSV (UTF-8 with BOM, so Excel shows Persian) or XLSX."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

#: The columns of every results file (`send --results`, `export`).
RESULT_COLUMNS = ("row", "phone_input", "phone", "status", "error_code", "error", "message_id", "request_id")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class ExportError(Exception):
    """A results file that could not be written, with a sentence a person can act on."""


def neutralise(value: Any) -> Any:
    """Prefix text that a spreadsheet would run as a formula with an apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _blank(value: Any) -> Any:
    return "" if value is None else value


def write_results(path: str | Path, rows: Iterable[Mapping[str, Any]]) -> Path:
    """Write ``rows`` (mappings with :data:`RESULT_COLUMNS` keys) to ``path``.

    The suffix picks the format: ``.csv`` (UTF-8 with BOM) or ``.xlsx`` (every value
    stored as text, header bold, columns sized). Raises ExportError.
    """
    path = Path(path)
    frame = pd.DataFrame(
        [[_blank(row.get(c)) for c in RESULT_COLUMNS] for row in rows], columns=list(RESULT_COLUMNS), dtype=object
    )
    text_columns = [c for c in RESULT_COLUMNS if c not in ("row", "error_code")]
    for column in text_columns:
        frame[column] = frame[column].map(neutralise)
    suffix = path.suffix.lower()
    try:
        if suffix == ".csv":
            frame.to_csv(path, index=False, encoding="utf-8-sig")
        elif suffix == ".xlsx":
            _write_xlsx(path, frame)
        else:
            raise ExportError(f"cannot write {path.name}: choose a .csv or .xlsx file name.")
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}.") from None
    return path


def _write_xlsx(path: Path, frame: pd.DataFrame) -> None:
    from openpyxl.styles import Font

    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        frame.to_excel(writer, index=False, sheet_name="results")
        sheet = writer.sheets["results"]
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for letter, column in zip("ABCDEFGH", RESULT_COLUMNS):
            width = max([len(column)] + [len(str(v)) for v in frame[column].head(1000)])
            sheet.column_dimensions[letter].width = min(60, width + 2)
            if column not in ("row", "error_code"):
                for (cell,) in sheet.iter_rows(min_row=2, min_col=ord(letter) - 64, max_col=ord(letter) - 64):
                    cell.number_format = "@"
        sheet.freeze_panes = "A2"
