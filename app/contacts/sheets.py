"""Reading contact sheets (CSV, XLSX and other Excel/ODS files) with every cell as text."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pyarrow as pa

from app.contacts.phones import normalise

EXCEL_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".xlsb", ".ods"}
CSV_SUFFIXES = {".csv", ".txt", ".tsv"}
#: Tried in order when there is no UTF-16 byte order mark; cp1256 is what Excel on
#: Persian Windows writes.
CSV_ENCODINGS = ("utf-8-sig", "cp1256")

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


class SheetError(Exception):
    """A sheet that cannot be used, with one sentence a person can act on."""


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


def list_sheets(path: str | Path) -> list[str]:
    """Names of the sheets of a workbook; ``[]`` for CSV. Raises SheetError."""
    path = Path(path)
    if path.suffix.lower() not in EXCEL_SUFFIXES:
        return []
    try:
        with pd.ExcelFile(path, engine="calamine") as book:
            return [str(name) for name in book.sheet_names]
    except FileNotFoundError:
        raise SheetError(f"{path.name} was not found.") from None
    except Exception as exc:  # noqa: BLE001 - calamine's errors are untyped
        raise SheetError(f"{path.name} could not be opened as a workbook ({_short(exc)}).") from None


def read_sheet(path: str | Path, sheet: str | None = None) -> Sheet:
    """Read a CSV or Excel/ODS file with every cell as text, leading zeros kept.

    ``sheet`` picks a workbook's sheet by name (default: the first). A header row below
    a title (or blank rows) is found. Raises SheetError with a plain sentence for a
    missing, empty, unreadable, protected or unsupported file.
    """
    path = Path(path)
    if not path.exists():
        raise SheetError(f"{path.name} was not found.")
    suffix = path.suffix.lower()
    try:
        if suffix in EXCEL_SUFFIXES:
            result = _read_workbook(path, sheet)
        elif suffix in CSV_SUFFIXES or suffix == "":
            result = _read_csv(path)
        else:
            raise SheetError(f"{path.name}: unsupported file type {suffix!r}; use CSV, XLSX, XLS or ODS.")
    except FileNotFoundError:
        raise SheetError(f"{path.name} disappeared while it was being read.") from None
    except MemoryError:
        raise SheetError(f"{path.name} is too large to read with the memory available.") from None
    except OSError as exc:
        raise SheetError(f"{path.name} could not be read ({exc.strerror or exc}).") from None
    frame = result.frame
    frame.columns = _unique_names([str(c).strip().translate(_PERSIAN_LETTERS) for c in frame.columns])
    if frame.empty and len(frame.columns) == 0:
        raise SheetError(f"{path.name} is empty.")
    # Trailing blank rows are formatting, not data; blank rows inside keep their numbers.
    last = len(frame)
    while last and not any(str(v).strip() for v in frame.iloc[last - 1].tolist()):
        last -= 1
    result.frame = frame.iloc[:last].reset_index(drop=True) if last < len(frame) else frame
    if result.frame.empty:
        raise SheetError(f"{path.name} has a header row but no data rows.")
    return result


def _unique_names(names: list[str]) -> list[str]:
    """Column names as a person can pick them: blanks named by position, repeats numbered."""
    seen: dict[str, int] = {}
    out = []
    for index, name in enumerate(names, start=1):
        if not name or name.startswith("Unnamed:"):
            name = f"column {index}"
        if name in seen:
            seen[name] += 1
            name = f"{name} ({seen[name]})"
        else:
            seen[name] = 1
        out.append(name)
    return out


def header_index(rows: list[list[object]]) -> int:
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
        raise SheetError(f"{path.name} is password-protected: open it in Excel, remove the password "
                         "(File > Info > Protect Workbook) and save it again.")
    names = list_sheets(path)
    if sheet is not None and sheet not in names:
        raise SheetError(f"{path.name} has no sheet named {sheet!r}; its sheets are: {', '.join(names)}.")
    chosen = sheet if sheet is not None else (names[0] if names else 0)
    options = {"sheet_name": chosen, "dtype": str, "engine": "calamine", "keep_default_na": False, "na_filter": False}
    try:
        cells = pd.read_excel(path, header=None, **options)  # once: calamine parses the whole sheet anyway
        header = header_index(cells.head(30).values.tolist()) if len(cells) else 0
        frame = cells.iloc[header + 1:].reset_index(drop=True)
        frame.columns = [str(c) for c in cells.iloc[header].tolist()] if len(cells) else []
    except SheetError:
        raise
    except Exception as exc:  # noqa: BLE001 - calamine's errors are untyped
        raise SheetError(f"{path.name} could not be read ({_short(exc)}).") from None
    if frame.empty and len(frame.columns) == 0:
        raise SheetError(f"the sheet {chosen!r} of {path.name} is empty.")
    return Sheet(path, frame, header_row=header + 1, sheet_name=str(chosen), sheet_names=names)


def _read_csv(path: Path) -> Sheet:
    data = path.read_bytes()
    head = data[:65536]
    if not head.strip():
        raise SheetError(f"{path.name} is empty.")
    utf16 = head.startswith((b"\xff\xfe", b"\xfe\xff"))  # Excel's "Unicode text"
    if zipfile.is_zipfile(io.BytesIO(data)) or head.startswith(_OLE_SIGNATURE) or (b"\x00" in head and not utf16):
        raise SheetError(f"{path.name} is not a text CSV file (it looks binary); save it as CSV or XLSX.")
    for encoding in ("utf-16",) if utf16 else CSV_ENCODINGS:
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
            raise SheetError(f"{path.name} is empty.") from None
        except pd.errors.ParserError as exc:
            raise SheetError(f"{path.name} is not a well-formed CSV file ({_short(exc)}).") from None
        if encoding == "cp1256":  # Windows-1256 cannot hold the Persian yeh and kaf
            frame = frame.apply(lambda column: column.str.translate(_PERSIAN_LETTERS))
        return Sheet(path, frame, header_row=header + 1)
    raise SheetError(f"{path.name}: unknown text encoding; save it as UTF-8 CSV or XLSX.")


def _decode_head(head: bytes, encoding: str, cut: bool) -> str | None:
    """``head`` decoded, allowing for a character cut in two at its end; None if the
    encoding does not fit."""
    for trim in range(4 if cut else 1):
        try:
            return head[: len(head) - trim].decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]


@dataclass(frozen=True)
class ColumnGuess:
    """The detected phone column and how sure the guess is, from 0 to 1."""

    column: str | None
    confidence: float
    reason: str


def _header_key(name: str) -> str:
    return _HEADER_NOISE.sub("", name).lower()


def detect_phone_column(sheet: Sheet, sample_size: int = 200) -> ColumnGuess:
    """Guess which column holds phone numbers, by header words and by content.

    Content score: the share of up to ``sample_size`` non-empty cells that are valid
    Iranian mobiles. A header match adds 0.5 (capped at 1).
    """
    best = ColumnGuess(None, 0.0, "no column looks like phone numbers")
    for name in sheet.columns:
        values = [v for v in sheet.frame[name].head(sample_size * 2).tolist() if v.strip()][:sample_size]
        content = sum(normalise(v).valid for v in values) / len(values) if values else 0.0
        key = _header_key(name)
        header = any(word in key for word in map(_header_key, PHONE_HEADER_WORDS))
        score = min(1.0, content + (0.5 if header else 0.0)) if content or header else 0.0
        if score > best.confidence:
            why = f"{content:.0%} of sampled cells are mobile numbers" + ("; the header names a phone" if header else "")
            best = ColumnGuess(name, round(score, 2), why)
    return best


def resolve_phone_column(sheet: Sheet, requested: str | None) -> ColumnGuess:
    """The column to use: ``requested`` if given (SheetError if absent), else the
    detected one (SheetError if nothing looks like phones)."""
    if requested is not None:
        if requested not in sheet.columns:
            raise SheetError(
                f"no column named {requested!r} in {sheet.path.name}; its columns are: {', '.join(sheet.columns)}."
            )
        return ColumnGuess(requested, 1.0, "chosen")
    guess = detect_phone_column(sheet)
    if guess.column is None or guess.confidence < 0.3:
        raise SheetError(
            f"no column of {sheet.path.name} looks like phone numbers; name one with --phone-column "
            f"(columns: {', '.join(sheet.columns)})."
        )
    return guess
