"""Reading contact sheets (CSV, XLSX and other Excel/ODS files) with every cell as text."""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import gc
import io
import re
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pyarrow as pa
from python_calamine import CalamineWorkbook, PasswordError

from app.contacts.phones import normalise_column
from app.reasons import Reason, ReasonedError, file_problem, listed

EXCEL_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".xlsb", ".ods"}
CSV_SUFFIXES = {".csv", ".txt", ".tsv"}
#: Without a UTF-16 byte order mark, a CSV is UTF-8 or, failing that, Windows-1256 (what
#: Excel on Persian Windows writes); never a mix of the two (see _file_encoding).

#: Header words that name a phone column, in Persian and English (compared without
#: spaces, ZWNJ, dashes or underscores, lower case).
PHONE_HEADER_WORDS = (
    "موبایل", "شمارهموبایل", "شمارههمراه", "تلفنهمراه", "همراه", "شماره", "تلفن", "شمارهتلفن",
    "mobile", "mobilenumber", "phone", "phonenumber", "cell", "cellphone", "msisdn", "tel", "number",
)
#: Arabic yeh and kaf (what cp1256 and some keyboards give) to the Persian letters, so
#: a header matches the {{placeholder}} a Persian keyboard types.
_PERSIAN_LETTERS = str.maketrans({"\u064a": "\u06cc", "\u0643": "\u06a9", "\u0649": "\u06cc"})
_HEADER_NOISE = re.compile(r"[\s\u200c\u200d_\-.:]")


class SheetError(ReasonedError):
    """A sheet that cannot be used: ``reason`` (app.reasons.FILE_PROBLEMS) says what a
    person can do about it; ``columns``, the sheet's, when choosing one of them would do
    (no column looks like phone numbers, or the one named is not there)."""

    def __init__(self, reason: Reason | str, columns: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.columns = tuple(columns)


@dataclass
class Sheet:
    """A table read from a file: ``frame`` holds every cell as text (no NaN).

    ``header_row`` is the 1-based row the header sits on, so data row ``i`` (0-based) is
    row ``header_row + 1 + i`` in Excel. ``sheet_names`` lists a workbook's sheets.
    """

    path: Path
    frame: pd.DataFrame
    header_row: int = 1
    sheet_name: str | None = None
    sheet_names: list[str] = field(default_factory=list)

    @property
    def columns(self) -> list[str]:
        return [str(c) for c in self.frame.columns]

    def row_number(self, index: int) -> int:
        """The row number Excel shows for data row ``index`` (0-based)."""
        return self.header_row + 1 + index

    def __len__(self) -> int:
        return len(self.frame)

    def records(self) -> list[dict[str, str]]:
        """Every data row as a ``{column: text}`` dict, in sheet order."""
        return self.frame.to_dict("records")

    def iter_records(self, columns: Iterable[str]) -> Iterator[dict[str, str]]:
        """Each data row as a ``{column: text}`` dict of only ``columns`` (those a message
        uses), made one at a time: a million rows never sit in memory as dicts."""
        names = [c for c in dict.fromkeys(columns) if c in self.frame.columns]
        for start in range(0, len(self.frame), 65536):  # in slices: a million never sit as dicts
            part = self.frame.iloc[start:start + 65536]
            if not names:
                yield from ({} for _ in range(len(part)))
            else:
                yield from (dict(zip(names, values)) for values in zip(*(part[c].tolist() for c in names)))


def list_sheets(path: str | Path) -> list[str]:
    """Names of the sheets of a workbook; ``[]`` for CSV. Raises SheetError."""
    path = Path(path)
    if path.suffix.lower() not in EXCEL_SUFFIXES:
        return []
    return [str(name) for name in _open_workbook(path).sheet_names]


def _open_workbook(path: Path) -> CalamineWorkbook:
    try:
        return CalamineWorkbook.from_path(str(path))
    except FileNotFoundError:
        raise SheetError(file_problem("file_not_found", file=path.name)) from None
    except PasswordError:
        raise SheetError(file_problem("file_password", file=path.name)) from None
    except Exception as exc:  # noqa: BLE001 - calamine's errors are many and untyped
        raise SheetError(file_problem("file_not_workbook", file=path.name, detail=_short(exc))) from None


def cell_text(value: object) -> str:
    """A workbook cell as the sheet shows it: dates without a midnight time, whole
    numbers without ".0", other numbers without float noise, text as typed."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return format(value, ".15g")
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    if isinstance(value, dt.time):
        return value.isoformat(timespec="seconds" if value.second else "minutes")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _column_texts(values: Sequence[object]) -> list[str]:
    if set(map(type, values)) == {str}:  # a column of text (most are): nothing to convert, no loop in Python
        return list(values)  # type: ignore[arg-type]  # every one a str, just checked
    return [v if type(v) is str else cell_text(v) for v in values]


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cyclic garbage collector off while a sheet's millions of cells become
    objects, none of them in a cycle: its passes over them all, again and again, took a
    fifth of an XLSX's read (docs/benchmarks.md). Its state before is restored."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def read_sheet(path: str | Path, sheet: str | None = None) -> Sheet:
    """Read a CSV or Excel/ODS file with every cell as text, leading zeros kept.

    ``sheet`` picks a workbook's sheet by name (default: the first). A header row below
    a title (or blank rows) is found. Raises SheetError with a plain sentence for a
    missing, empty, unreadable, protected or unsupported file.
    """
    path = Path(path)
    if not path.exists():
        raise SheetError(file_problem("file_not_found", file=path.name))
    suffix = path.suffix.lower()
    try:
        with _no_collection():
            if suffix in EXCEL_SUFFIXES:
                result = _read_workbook(path, sheet)
            elif suffix in CSV_SUFFIXES or suffix == "":
                result = _read_csv(path)
            else:
                raise SheetError(file_problem("file_unsupported", file=path.name, suffix=repr(suffix)))
    except FileNotFoundError:
        raise SheetError(file_problem("file_vanished", file=path.name)) from None
    except MemoryError:
        raise SheetError(file_problem("file_too_large", file=path.name)) from None
    except OSError as exc:
        raise SheetError(file_problem("file_unreadable", file=path.name, detail=exc.strerror or exc)) from None
    frame = result.frame
    frame.columns = _unique_names([str(c).strip().translate(_PERSIAN_LETTERS) for c in frame.columns])
    if frame.empty and len(frame.columns) == 0:
        raise SheetError(file_problem("file_empty", file=path.name))
    # Trailing blank rows are formatting, not data; blank rows inside keep their numbers.
    last = len(frame)
    while last and not any(str(v).strip() for v in frame.iloc[last - 1].tolist()):
        last -= 1
    result.frame = frame.iloc[:last].reset_index(drop=True) if last < len(frame) else frame
    if result.frame.empty:
        raise SheetError(file_problem("file_no_rows", file=path.name))
    return result


def _unique_names(names: list[str]) -> list[str]:
    """Column names as a person can pick them: blanks named by position, repeats numbered."""
    seen: dict[str, int] = {}
    taken = set(names)  # a repeat's new name never takes one the sheet has ("a", "a", "a (2)")
    out = []
    for index, name in enumerate(names, start=1):
        if not name or name.startswith("Unnamed:"):
            name = f"column {index}"
        if name in seen:
            number = seen[name]
            while f"{name} ({number + 1})" in taken:
                number += 1
            seen[name] = number + 1
            name = f"{name} ({number + 1})"
            taken.add(name)
        else:
            seen[name] = 1
        out.append(name)
    return out


def header_index(rows: Sequence[Sequence[object]]) -> int:
    """0-based index of the header among the first rows of a sheet: the first row with
    at least half as many filled cells as the widest row (and at least two), so a title
    line or blank lines above the header are skipped."""
    counts = [sum(1 for cell in row if cell is not None and str(cell).strip()) for row in rows]
    widest = max(counts, default=0)
    if widest <= 1:
        return next((i for i, c in enumerate(counts) if c), 0)
    needed = max(2, (widest + 1) // 2)
    return next(i for i, c in enumerate(counts) if c >= needed)


_OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def _read_workbook(path: Path, sheet: str | None) -> Sheet:
    with path.open("rb") as raw:
        signature = raw.read(8)
    if path.suffix.lower() in (".xlsx", ".xlsm") and signature == _OLE_SIGNATURE:
        raise SheetError(file_problem("file_password_excel", file=path.name))
    book = _open_workbook(path)
    names = [str(name) for name in book.sheet_names]
    if sheet is not None and sheet not in names:
        raise SheetError(file_problem("file_no_such_sheet", file=path.name, sheet=repr(sheet), sheets=listed(names)))
    chosen = sheet if sheet is not None else (names[0] if names else "")
    try:
        # Keep leading empty rows, so row numbers are the ones the spreadsheet shows.
        rows = book.get_sheet_by_name(chosen).to_python(skip_empty_area=False)
    except Exception as exc:  # noqa: BLE001 - calamine's errors are untyped
        raise SheetError(file_problem("file_unreadable", file=path.name, detail=_short(exc))) from None
    widths = set(map(len, rows))
    width = max(widths, default=0)
    if not rows or not width:
        raise SheetError(file_problem("file_sheet_empty", sheet=repr(chosen), file=path.name))
    header = header_index(rows[:30])
    names_row = _column_texts(list(rows[header]) + [None] * (width - len(rows[header])))
    body = rows[header + 1:]
    if len(widths) > 1:  # calamine's ranges are rectangular; be sure
        body = [row if len(row) == width else list(row) + [None] * (width - len(row)) for row in body]
    columns = list(zip(*body)) if body else [()] * width  # rows to columns in C
    frame = pd.DataFrame({index: _column_texts(column) for index, column in enumerate(columns)}, dtype=object)
    frame.columns = names_row
    return Sheet(path, frame, header_row=header + 1, sheet_name=chosen, sheet_names=names)


def _read_csv(path: Path) -> Sheet:
    data = path.read_bytes()
    head = data[:65536]
    if not head.strip():
        raise SheetError(file_problem("file_empty", file=path.name))
    utf16 = head.startswith((b"\xff\xfe", b"\xfe\xff"))  # Excel's "Unicode text"
    if zipfile.is_zipfile(io.BytesIO(data)) or head.startswith(_OLE_SIGNATURE) or (b"\x00" in head and not utf16):
        raise SheetError(file_problem("file_binary", file=path.name))
    for encoding in ("utf-16",) if utf16 else (_file_encoding(path, data),):
        sample = _decode_head(head, encoding, cut=len(data) > len(head))
        if sample is None:
            continue
        lines = sample.splitlines()[:30]
        try:
            delimiter = csv.Sniffer().sniff("\n".join(lines[:20]), delimiters=",;\t|").delimiter
        except csv.Error:
            delimiter = ","
        header = header_index(list(csv.reader(lines, delimiter=delimiter)))
        # Arrow's reader is several times faster, but it skips blank lines, which would
        # shift the row numbers: use it only when the file has none.
        fast = encoding != "utf-16" and not re.search(rb"\n[ \t\r]*\n", data)
        frame = None
        try:
            if fast:
                try:
                    frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False, encoding=encoding,
                                        sep=delimiter, engine="pyarrow", skiprows=header)
                except (ValueError, pa.ArrowException):
                    frame = None  # ragged rows and the like: the C reader says what is wrong
            if frame is None:
                frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False, na_filter=False,
                                    encoding=encoding, sep=delimiter, skip_blank_lines=False, header=header)
        except UnicodeDecodeError:
            continue
        except pd.errors.EmptyDataError:
            raise SheetError(file_problem("file_empty", file=path.name)) from None
        except pd.errors.ParserError as exc:
            raise SheetError(_bad_csv(path, exc)) from None
        if encoding == "cp1256":  # Windows-1256 cannot hold the Persian yeh and kaf
            frame = pd.DataFrame(frame.apply(lambda column: column.str.translate(_PERSIAN_LETTERS)))
        return Sheet(path, frame, header_row=header + 1)
    raise SheetError(file_problem("file_unknown_encoding", file=path.name))


_ARABIC_SCRIPT = re.compile("[\u0600-\u06ff]")


def _file_encoding(path: Path, data: bytes) -> str:
    """The one encoding the whole file is in: UTF-8 (with or without BOM) or Windows-1256.

    Raises SheetError, naming the line, when lines are in different encodings (a line
    pasted from another program): decoding it with the rest's encoding would send
    scrambled letters to every recipient of that file.
    """
    try:
        data.decode("utf-8")
        return "utf-8-sig"
    except UnicodeDecodeError as exc:
        bad = exc.start
    if any(byte >= 0x80 for byte in data[:bad]):  # UTF-8 letters before it: a UTF-8 file
        raise SheetError(_mixed(path, data.count(b"\n", 0, bad) + 1, "UTF-8", "Windows-1256 (Excel on Persian "
                                                                             "Windows)"))
    for number, line in enumerate(data.split(b"\n"), start=1):
        if max(line, default=0) < 0x80:
            continue
        try:
            as_utf8 = line.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(_ARABIC_SCRIPT.findall(as_utf8)) >= 3:
            raise SheetError(_mixed(path, number, "Windows-1256", "UTF-8"))
    return "cp1256"


def _mixed(path: Path, line: int, most: str, odd: str) -> Reason:
    return file_problem("file_mixed_encoding", file=path.name, line=line, odd=odd, most=most)


def _decode_head(head: bytes, encoding: str, cut: bool) -> str | None:
    """``head`` decoded, allowing for a character cut in two at its end; None if the
    encoding does not fit."""
    for trim in range(4 if cut else 1):
        try:
            return head[: len(head) - trim].decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


#: The C reader's words for a row longer than the header (its only words for it).
_RAGGED = re.compile(r"Expected (\d+) fields in line (\d+), saw (\d+)")


def _bad_csv(path: Path, exc: BaseException) -> Reason:
    """Why ``path`` is no CSV table, in the app's words: the line whose values outnumber
    the header's when pandas says so, its own words otherwise."""
    ragged = _RAGGED.search(str(exc))
    if ragged is None:
        return file_problem("file_bad_csv", file=path.name, detail=_short(exc))
    expected, line, found = ragged.groups()
    return file_problem("file_ragged_csv", file=path.name, line=line, found=found, expected=expected)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]


#: How sure a guess of the phone column must be (0 to 1) to be used without asking.
MIN_CONFIDENCE = 0.3


@dataclass(frozen=True)
class ColumnGuess:
    """The detected phone column and how sure the guess is, from 0 to 1."""

    column: str | None
    confidence: float
    reason: str


def _header_key(name: str) -> str:
    return _HEADER_NOISE.sub("", name).lower()


def detect_phone_column(sheet: Sheet, sample_size: int = 1000) -> ColumnGuess:
    """Guess which column holds phone numbers, by content coverage and header words.

    Over the first ``sample_size`` rows, a column's content score is the share of its
    non-empty cells that are valid Iranian mobiles times the share of rows it fills, so
    a helper column with one phone-like cell never beats a full one. A header that
    names a phone adds half its fill share (capped at 1). Ties go to the leftmost.
    """
    best = ColumnGuess(None, 0.0, "no column looks like phone numbers")
    rows = min(len(sheet.frame), sample_size)
    for name in sheet.columns:
        values = [v for v in sheet.frame[name].head(sample_size).tolist() if v.strip()]
        # One column pass (phones.normalise_column agrees with normalise value for value):
        # a person's first look at a sheet pays no phonenumbers call a cell.
        valid = (len(values) - normalise_column(values)[0].null_count) / len(values) if values else 0.0
        fill = len(values) / rows if rows else 0.0
        key = _header_key(name)
        header = any(word in key for word in map(_header_key, PHONE_HEADER_WORDS))
        score = min(1.0, valid * fill + (0.5 * fill if header else 0.0))
        if score > best.confidence:
            why = (f"{valid:.0%} of its {len(values)} filled cells are mobile numbers and it fills {fill:.0%} "
                   "of the rows" + ("; the header names a phone" if header else ""))
            best = ColumnGuess(name, round(score, 2), why)
    return best


def resolve_phone_column(sheet: Sheet, requested: str | None) -> ColumnGuess:
    """The column to use: ``requested`` if given (SheetError if absent), else the
    detected one (SheetError if nothing looks like phones)."""
    if requested is not None:
        if requested not in sheet.columns:
            raise SheetError(file_problem("file_no_column", column=repr(requested), file=sheet.path.name,
                                          columns=listed(sheet.columns)), sheet.columns)
        return ColumnGuess(requested, 1.0, "chosen")
    guess = detect_phone_column(sheet)
    if guess.column is None or guess.confidence < MIN_CONFIDENCE:
        raise SheetError(file_problem("file_no_phone_column", file=sheet.path.name, columns=listed(sheet.columns)),
                         sheet.columns)
    return guess
