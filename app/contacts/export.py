"""Writing per-phone results as CSV (UTF-8 with BOM, so Excel shows Persian) or XLSX,
optionally as a copy of the source sheet with the result columns appended."""

from __future__ import annotations

import itertools

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pa_csv

from app.contacts.phones import normalise
from app.reasons import ReasonedError, file_problem, reason_words

if TYPE_CHECKING:
    from app.contacts.sheets import Sheet
    from app.contacts.verdicts import Verdicts

#: The columns of every results file (`send --results`, `export`, `check`).
RESULT_COLUMNS = ("row", "phone_input", "phone", "status", "error_code", "error", "message_id", "request_id")
#: The columns a campaign with an SMS fallback adds: how each row was sent (bale, sms) and
#: its SMS's delivery status (docs/sms.md).
SMS_RESULT_COLUMNS = ("channel", "delivery")
_NUMBER_COLUMNS = ("row", "error_code")
#: What a spreadsheet would run as a formula when it opens a CSV (OWASP CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class ExportError(ReasonedError):
    """A results file that could not be written: ``reason`` (app.reasons.FILE_PROBLEMS)
    says what a person can do about it."""


def _neutralise_column(column: pd.Series) -> pd.Series:
    """Prefix text that a spreadsheet would run as a formula with an apostrophe."""
    text = column.astype("string")
    if not text.notna().any():
        return text
    risky = text.str.startswith(_FORMULA_START).fillna(False).astype(bool)
    if risky.any():
        text = text.copy()
        text[risky] = "'" + text[risky]
    return text


def _in_words(column: pd.Series) -> pd.Series:
    """Each row's reason or error as its sentence: the journal keeps a reason as a code
    (app.reasons.row_reason), written here in English; other text stays as it is."""
    codes, distinct = pd.factorize(column.astype("string"))  # a million rows share a few reasons
    words = pd.array([reason_words(str(value)) for value in distinct] + [None], dtype="string")
    return pd.Series(words[codes], index=column.index)  # code -1 (no value) takes the last: None


def results_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A results table from mappings with :data:`RESULT_COLUMNS` keys (and
    :data:`SMS_RESULT_COLUMNS` when the first row has them)."""
    listed = iter(rows)
    first = next(listed, None)
    columns = RESULT_COLUMNS + (SMS_RESULT_COLUMNS if first is not None and "channel" in first else ())
    everything = itertools.chain([] if first is None else [first], listed)
    frame = pd.DataFrame.from_records(([row.get(c) for c in columns] for row in everything), columns=list(columns))
    for column in _NUMBER_COLUMNS:
        frame[column] = frame[column].astype("Int64")
    return frame


def write_results(path: str | Path, rows: Iterable[Mapping[str, Any]], source: Sheet | None = None,
                  names: Mapping[str, str] | None = None, look: SheetLook | None = None) -> Path:
    """Write ``rows`` (mappings with :data:`RESULT_COLUMNS` keys) to ``path``.

    The suffix picks the format: ``.csv`` (UTF-8 with BOM; any text a spreadsheet would
    run as a formula gets a leading apostrophe) or ``.xlsx`` (phones and other text
    stored as text cells, shown as they are and never run as formulas; header bold,
    columns sized). With ``source``, the file is
    a copy of the source sheet with the result columns appended, matched by row
    number; for an .xlsx or .xlsm source written as .xlsx, the copy is the source
    workbook itself (every sheet and format kept). ``names`` renames result columns
    in the file (the window writes them in the user's language); ``look`` names a new
    workbook's sheet and sets its direction. Raises ExportError.
    """
    return write_frame(path, results_frame(rows), source, names, look)


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


@dataclass(frozen=True)
class SheetLook:
    """How a new results workbook looks: its sheet's ``title`` and whether it reads
    ``right_to_left`` (a Persian interface writes both in its language)."""

    title: str = "results"
    right_to_left: bool = False


def write_frame(path: str | Path, frame: pd.DataFrame, source: Sheet | None = None,
                names: Mapping[str, str] | None = None, look: SheetLook | None = None) -> Path:
    """Write a results table (columns :data:`RESULT_COLUMNS`); see :func:`write_results`."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".xlsx"):
        raise ExportError(file_problem("file_bad_suffix", file=path.name))
    words = _in_words(pd.Series(frame["error"]))
    if source is not None and suffix == ".xlsx" and source.path.suffix.lower() in (".xlsx", ".xlsm"):
        return _workbook_copy(path, frame.assign(error=words), source, names or {})
    out = frame.copy()  # the one copy this writer makes: the caller's frame is left as it was
    out["error"] = words
    if source is not None:
        original = source.frame.copy()
        if suffix == ".xlsx":  # a new workbook for a CSV, XLS or ODS source: cells typed again
            for column in original.columns:
                original[column] = [_typed(v) for v in original[column].tolist()]
        original.insert(0, "row", pd.array(range(source.header_row + 1, source.header_row + 1 + len(original)),
                                           dtype="Int64"))
        extra = out.drop(columns=["phone_input"]).rename(columns={c: f"result_{c}" for c in out.columns if c != "row"})
        out = original.merge(extra, on="row", how="left")
    if names:
        out = out.rename(columns={c: names.get(c, c) for c in out.columns})
    if suffix == ".csv":
        # Every text cell, whoever wrote it (the sheet, the service, the app): a CSV has
        # no cell types, so the apostrophe is the only guard. XLSX cells are typed as
        # text instead (see _write_xlsx), so they need none and show the value as it is.
        for column in out.columns:
            series = cast(pd.Series, out[column])
            if not pd.api.types.is_integer_dtype(series):
                out[column] = _neutralise_column(series)
    try:
        if suffix == ".csv":
            _write_csv(path, out)
        else:
            _write_xlsx(path, out, look or SheetLook())
    except OSError as exc:
        raise ExportError(file_problem("file_cannot_write", file=path, detail=exc.strerror or exc)) from None
    return path


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d{0,14})(?:\.\d+)?")


def _typed(text: object) -> object:
    """A source cell for a new workbook: dates as dates, numbers as numbers, anything a
    phone could be (a leading zero, a valid mobile) and all other text as text."""
    if not isinstance(text, str) or not text:
        return text or None
    if _ISO_DATE.fullmatch(text):
        try:
            return dt.datetime.fromisoformat(text)
        except ValueError:
            return text
    if _NUMBER.fullmatch(text) and not normalise(text).valid:
        number = float(text)
        return int(number) if number.is_integer() and "." not in text else number
    return text


def _workbook_copy(path: Path, frame: pd.DataFrame, source: Sheet, names: Mapping[str, str]) -> Path:
    """The source workbook itself, opened with openpyxl, with the result columns
    appended to the chosen sheet beside its header row: every other sheet, merged cells,
    formats, hidden rows and columns and formulas stay as they were (macros of an .xlsm
    are not carried into the .xlsx). Result cells are typed: numbers as numbers, text as
    text cells that are never run as formulas."""
    import openpyxl
    from openpyxl.styles import Font

    try:
        book = openpyxl.load_workbook(source.path)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a bad file
        raise ExportError(file_problem("file_cannot_copy", file=source.path.name, detail=exc)) from None
    sheet = book[source.sheet_name] if source.sheet_name in book.sheetnames else book.active
    if sheet is None:
        raise ExportError(file_problem("file_cannot_copy", file=source.path.name, detail="it has no sheet"))
    columns = [c for c in frame.columns if c not in ("row", "phone_input")]
    first = sheet.max_column + 1
    for offset, name in enumerate(columns):
        header = f"result_{name}"
        cell = sheet.cell(row=source.header_row, column=first + offset, value=names.get(header, header))
        cell.font = Font(bold=True)
    values = frame[columns].astype(object).where(frame[columns].notna(), None)
    for row, record in zip(frame["row"].tolist(), values.itertuples(index=False)):
        if row is None or pd.isna(row):
            continue
        for offset, value in enumerate(record):
            if value is None:
                continue
            cell = sheet.cell(row=int(row), column=first + offset, value=value)
            if isinstance(value, str):
                cell.data_type = "s"
                cell.number_format = "@"
    try:
        book.save(path)
    except OSError as exc:
        raise ExportError(file_problem("file_cannot_write", file=path, detail=exc.strerror or exc)) from None
    return path


def _write_csv(path: Path, frame: pd.DataFrame) -> None:
    table = pa.Table.from_pandas(frame, preserve_index=False)
    with path.open("wb") as out:
        out.write(b"\xef\xbb\xbf")  # Excel needs the BOM to read UTF-8
        pa_csv.write_csv(table, out, write_options=pa_csv.WriteOptions(quoting_style="needed"))


def _write_xlsx(path: Path, frame: pd.DataFrame, look: SheetLook) -> None:
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    frame = frame.astype(object).where(frame.notna(), None)
    title = re.sub(r"[\\/*?:\[\]]", " ", look.title)[:31] or "results"  # what Excel allows in a sheet name
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        frame.to_excel(writer, index=False, sheet_name=title)
        sheet = writer.sheets[title]
        sheet.sheet_view.rightToLeft = look.right_to_left
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for index, column in enumerate(frame.columns, start=1):
            letter = get_column_letter(index)
            width = max([len(str(column))] + [len(str(v)) for v in frame[column].head(1000) if v is not None])
            sheet.column_dimensions[letter].width = min(60, width + 2)
            if column not in ("row", "error_code", "result_error_code"):
                for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                    if isinstance(cell.value, str):
                        cell.number_format = "@"
                        if cell.data_type == "f":
                            cell.data_type = "s"  # text that starts with "=" stays text, never a formula
                    elif isinstance(cell.value, dt.datetime):
                        cell.number_format = "yyyy-mm-dd hh:mm" if cell.value.time() != dt.time(0) else "yyyy-mm-dd"
        sheet.freeze_panes = "A2"
