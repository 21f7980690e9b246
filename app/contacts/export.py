"""Writing per-phone results as CSV (UTF-8 with BOM, so Excel shows Persian) or XLSX,
optionally as a copy of the source sheet with the result columns appended."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pa_csv

if TYPE_CHECKING:
    from app.contacts.sheets import Sheet
    from app.contacts.verdicts import Verdicts

#: The columns of every results file (`send --results`, `export`, `check`).
RESULT_COLUMNS = ("row", "phone_input", "phone", "status", "error_code", "error", "message_id", "request_id")
_NUMBER_COLUMNS = ("row", "error_code")
#: What a spreadsheet would run as a formula when it opens a CSV (OWASP CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class ExportError(Exception):
    """A results file that could not be written, with a sentence a person can act on."""


def _neutralise_column(column: pd.Series) -> pd.Series:
    """Prefix text that a spreadsheet would run as a formula with an apostrophe."""
    text = column.astype("string")
    risky = text.str.startswith(_FORMULA_START).fillna(False).astype(bool)
    return text.where(~risky, "'" + text)


def results_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A results table from mappings with :data:`RESULT_COLUMNS` keys."""
    frame = pd.DataFrame.from_records(
        ([row.get(c) for c in RESULT_COLUMNS] for row in rows), columns=list(RESULT_COLUMNS))
    for column in _NUMBER_COLUMNS:
        frame[column] = frame[column].astype("Int64")
    return frame


def write_results(path: str | Path, rows: Iterable[Mapping[str, Any]], source: Sheet | None = None) -> Path:
    """Write ``rows`` (mappings with :data:`RESULT_COLUMNS` keys) to ``path``.

    The suffix picks the format: ``.csv`` (UTF-8 with BOM; any text a spreadsheet would
    run as a formula gets a leading apostrophe) or ``.xlsx`` (phones and other text
    stored as text cells, shown as they are and never run as formulas; header bold,
    columns sized). With ``source``, the file is
    a copy of the source sheet with the result columns appended, matched by row
    number. Raises ExportError.
    """
    return write_frame(path, results_frame(rows), source)


def write_verdicts(path: str | Path, verdicts: Verdicts, source: Sheet | None = None) -> Path:
    """Write a dry run's results (status = verdict) straight from the verdict table."""
    from app.contacts.verdicts import missing_ints

    f = verdicts.frame
    frame = pd.DataFrame({
        "row": f["row"].astype("Int64"), "phone_input": f["phone_input"], "phone": f["phone"],
        "status": f["verdict"].astype("string"), "error_code": missing_ints(len(f)), "error": f["reason"],
        "message_id": pd.array(pa.nulls(len(f), pa.string()), dtype="string"),
        "request_id": pd.array(pa.nulls(len(f), pa.string()), dtype="string"),
    })
    return write_frame(path, frame, source)


def write_frame(path: str | Path, frame: pd.DataFrame, source: Sheet | None = None) -> Path:
    """Write a results table (columns :data:`RESULT_COLUMNS`); see :func:`write_results`."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".xlsx"):
        raise ExportError(f"cannot write {path.name}: choose a .csv or .xlsx file name.")
    out = frame.copy()
    if source is not None:
        original = source.frame.copy()
        original.insert(0, "row", pd.array(range(source.header_row + 1, source.header_row + 1 + len(original)),
                                           dtype="Int64"))
        extra = out.drop(columns=["phone_input"]).rename(columns={c: f"result_{c}" for c in out.columns if c != "row"})
        out = original.merge(extra, on="row", how="left")
    if suffix == ".csv":
        # Every text cell, whoever wrote it (the sheet, the service, the app): a CSV has
        # no cell types, so the apostrophe is the only guard. XLSX cells are typed as
        # text instead (see _write_xlsx), so they need none and show the value as it is.
        for column in out.columns:
            if not pd.api.types.is_integer_dtype(out[column]):
                out[column] = _neutralise_column(out[column])
    try:
        if suffix == ".csv":
            _write_csv(path, out)
        else:
            _write_xlsx(path, out)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}.") from None
    return path


def _write_csv(path: Path, frame: pd.DataFrame) -> None:
    table = pa.Table.from_pandas(frame, preserve_index=False)
    with path.open("wb") as out:
        out.write(b"\xef\xbb\xbf")  # Excel needs the BOM to read UTF-8
        pa_csv.write_csv(table, out, write_options=pa_csv.WriteOptions(quoting_style="needed"))


def _write_xlsx(path: Path, frame: pd.DataFrame) -> None:
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    frame = frame.astype(object).where(frame.notna(), None)
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        frame.to_excel(writer, index=False, sheet_name="results")
        sheet = writer.sheets["results"]
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for index, column in enumerate(frame.columns, start=1):
            letter = get_column_letter(index)
            width = max([len(str(column))] + [len(str(v)) for v in frame[column].head(1000) if v is not None])
            sheet.column_dimensions[letter].width = min(60, width + 2)
            if column not in ("row", "error_code", "result_error_code"):
                for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                    cell.number_format = "@"
                    if isinstance(cell.value, str) and cell.data_type == "f":
                        cell.data_type = "s"  # text that starts with "=" stays text, never a formula
        sheet.freeze_panes = "A2"
