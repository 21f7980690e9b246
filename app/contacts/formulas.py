"""Formula cells whose stored result is missing or zero, per file format.

A workbook stores each formula's last result beside it, and that result is all a reader
such as calamine sees. A file written by a program that never calculates (a script
writing .xlsx, or LibreOffice converting such a file without recalculating) stores
nothing or 0, so a phone built by a formula reads as empty or "0" while Excel shows the
phone. Only the cells that came out empty or invalid are checked, and an .xlsx sheet is
searched for formula elements as bytes first, so a sheet without formulas is never parsed.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Collection, Iterator
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"


def unsaved_formula_rows(path: str | Path, sheet: str | None, column: int, rows: Collection[int]) -> set[int]:
    """Which of ``rows`` (1-based, as the sheet numbers them) hold, in 0-based
    ``column`` of ``sheet`` (default: the first), a formula whose stored result is
    missing, empty or 0.

    Reads .xlsx/.xlsm and .ods XML and .xls BIFF8 records; ``set()`` for other formats
    and for any file this cannot read (the verdict then stays as calamine's value gave
    it). Never raises for a bad file.
    """
    if not rows:
        return set()
    path = Path(path)
    suffix = path.suffix.lower()
    wanted = set(rows)
    try:
        if suffix in (".xlsx", ".xlsm"):
            return _xlsx(path, sheet, column, wanted)
        if suffix == ".ods":
            return _ods(path, sheet, column, wanted)
        if suffix == ".xls":
            return _xls(path, sheet, column, wanted)
    except (OSError, KeyError, ValueError, IndexError, struct.error, zipfile.BadZipFile, ElementTree.ParseError):
        return set()
    return set()


def _xlsx(path: Path, sheet: str | None, column: int, wanted: set[int]) -> set[int]:
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    with zipfile.ZipFile(path) as book:
        part = _xlsx_sheet_part(book, sheet)
        found: set[int] = set()
        if not _has_formula(book, part):  # most sheets: read as bytes, not parsed cell by cell
            return found
        with book.open(part) as xml:
            for _, element in ElementTree.iterparse(xml):
                if element.tag != _MAIN + "c":
                    continue
                formula = element.find(_MAIN + "f")
                if formula is not None:
                    letters, row = coordinate_from_string(element.get("r") or "A1")
                    if row in wanted and column_index_from_string(letters) - 1 == column:
                        value = element.find(_MAIN + "v")
                        if value is None or _zero_or_empty(value.text):
                            found.add(row)
                element.clear()
        return found


#: How a formula element starts in a worksheet's XML (``<f>``, ``<f t="shared" …>``, or
#: with a namespace prefix); text never holds a bare ``<``.
_FORMULA_TAGS = (b"<f>", b"<f ", b":f>", b":f ")


def _has_formula(book: zipfile.ZipFile, part: str) -> bool:
    """Whether the worksheet ``part`` holds any formula element: its bytes searched in
    chunks (a tag cut between two chunks is found in the overlap)."""
    tail = b""
    with book.open(part) as xml:
        while chunk := xml.read(1 << 20):
            text = tail + chunk
            # Two scans of a chunk with no formula (most), not four: every tag holds "<f" or ":f".
            if (b"<f" in text or b":f" in text) and any(tag in text for tag in _FORMULA_TAGS):
                return True
            tail = text[-3:]
    return False


def _xlsx_sheet_part(book: zipfile.ZipFile, sheet: str | None) -> str:
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    sheets = workbook.find(_MAIN + "sheets")
    if sheets is None:
        raise KeyError(sheet)
    chosen = next((s for s in sheets if sheet is None or s.get("name") == sheet), None)
    if chosen is None:
        raise KeyError(sheet)
    relation = chosen.get(_REL + "id")
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next((r.get("Target") for r in rels if r.get("Id") == relation), None)
    if target is None:
        raise KeyError(relation)
    if target.startswith("/"):
        return target.lstrip("/")
    return str(PurePosixPath("xl") / target)


def _zero_or_empty(text: str | None) -> bool:
    if text is None or not text.strip():
        return True
    try:
        return float(text) == 0
    except ValueError:
        return False


def _ods(path: Path, sheet: str | None, column: int, wanted: set[int]) -> set[int]:
    found: set[int] = set()
    last = max(wanted)
    with zipfile.ZipFile(path) as book, book.open("content.xml") as xml:
        in_sheet, row, col, seen_table = False, 0, 0, False
        for event, element in ElementTree.iterparse(xml, events=("start", "end")):
            tag = element.tag
            if tag == _TABLE + "table":
                if event == "start":
                    name = element.get(_TABLE + "name")
                    in_sheet = not seen_table and (sheet is None or name == sheet)
                    seen_table = seen_table or in_sheet
                    row = 0
                else:
                    if in_sheet:
                        return found
                    element.clear()
                continue
            if not in_sheet or event != "start" and tag != _TABLE + "table-row":
                continue
            if tag == _TABLE + "table-row":
                if event == "start":
                    col = 0
                    row += 1
                else:
                    row += int(element.get(_TABLE + "number-rows-repeated", "1")) - 1
                    element.clear()
                    if row > last:
                        return found
            elif tag in (_TABLE + "table-cell", _TABLE + "covered-table-cell"):
                if col == column and row in wanted and element.get(_TABLE + "formula"):
                    value = element.get(_OFFICE + "value")
                    if element.get(_OFFICE + "value-type") is None or (
                            value is not None and _zero_or_empty(value)):
                        found.add(row)
                col += int(element.get(_TABLE + "number-columns-repeated", "1"))
    return found


_BOF, _EOF, _BOUNDSHEET, _FORMULA, _STRING = 0x0809, 0x000A, 0x0085, 0x0006, 0x0207


def _xls(path: Path, sheet: str | None, column: int, wanted: set[int]) -> set[int]:
    """BIFF8 (Excel 97-2003): the sheet's FORMULA records [MS-XLS 2.4.127] whose cached
    FormulaValue [MS-XLS 2.5.133] is the number 0 or an empty string. No maintained
    Python library exposes formulas of .xls files (xlrd and calamine give only the
    cached value), so the records are walked here; olefile opens the container."""
    import olefile

    with olefile.OleFileIO(str(path)) as container:
        stream = container.openstream("Workbook").read()
    found: set[int] = set()
    pending: int | None = None  # a string result's row: the STRING record that follows holds it
    for kind, body in _records(stream, _xls_sheet_offset(stream, sheet)):
        if kind == _STRING and pending is not None:
            if struct.unpack_from("<H", body)[0] == 0:
                found.add(pending)
            pending = None
        elif kind == _FORMULA:
            row, col = struct.unpack_from("<HH", body)
            row += 1
            if col != column or row not in wanted:
                continue
            value = body[6:14]
            if value[6:8] == b"\xff\xff":
                if value[0] == 3:  # an empty string
                    found.add(row)
                elif value[0] == 0:
                    pending = row
            elif struct.unpack("<d", value)[0] == 0:
                found.add(row)
    return found


def _xls_sheet_offset(stream: bytes, sheet: str | None) -> int:
    """The stream offset of the chosen sheet's BOF record, from the BoundSheet8 records
    of the workbook globals [MS-XLS 2.4.28]."""
    for kind, body in _records(stream, 0):
        if kind == _BOUNDSHEET:
            start, = struct.unpack_from("<I", body)
            count, wide = body[6], body[7] & 1
            name = body[8:8 + count * (2 if wide else 1)].decode("utf-16-le" if wide else "latin-1")
            if sheet is None or name == sheet:
                return start
    raise ValueError("sheet not found")


def _records(stream: bytes, position: int) -> Iterator[tuple[int, bytes]]:
    """(record type, body) of the BIFF records from ``position`` up to the next EOF record."""
    while position + 4 <= len(stream):
        kind, size = struct.unpack_from("<HH", stream, position)
        if kind == _EOF:
            return
        yield kind, stream[position + 4:position + 4 + size]
        position += 4 + size
