from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from app.contacts import SheetError, Verdict, detect_phone_column, read_sheet, resolve_phone_column, validate
from tests.helpers import SAMPLES


def write_text(path: Path, text: str, encoding: str) -> Path:
    if encoding == "cp1256":  # Windows-1256 has only the Arabic yeh
        text = text.replace("\u06cc", "\u064a")
    path.write_bytes(text.encode(encoding))
    return path


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1256"])
@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_csv_in_the_encodings_and_delimiters_excel_writes(tmp_path: Path, encoding: str, delimiter: str) -> None:
    text = delimiter.join(["نام", "موبایل"]) + "\r\n" + delimiter.join(["علی", "09121234567"]) + "\r\n"
    sheet = read_sheet(write_text(tmp_path / "c.csv", text, encoding))
    assert sheet.columns == ["نام", "موبایل"]
    assert sheet.records() == [{"نام": "علی", "موبایل": "09121234567"}]


def test_xlsx_number_cells_keep_their_digits_as_text(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["name", "mobile"])
    book.active.append(["a", 9121234567])
    book.active.append(["b", "09121234568"])
    book.save(tmp_path / "c.xlsx")
    sheet = read_sheet(tmp_path / "c.xlsx")
    assert sheet.frame["mobile"].tolist() == ["9121234567", "09121234568"]


def test_a_workbooks_repeated_headers_get_names_of_their_own_even_beside_a_numbered_one(tmp_path: Path) -> None:
    book = openpyxl.Workbook()  # found by a review: "a (2)" was given twice, and checking the sheet crashed
    book.active.append(["mobile", "a", "a", "a (2)", None])
    book.active.append(["09121234567", "x", "y", "z", "w"])
    book.save(tmp_path / "c.xlsx")
    sheet = read_sheet(tmp_path / "c.xlsx")
    assert sheet.columns == ["mobile", "a", "a (3)", "a (2)", "column 5"]
    assert sheet.records() == [{"mobile": "09121234567", "a": "x", "a (3)": "y", "a (2)": "z", "column 5": "w"}]
    assert [v.verdict for v in validate(sheet, "mobile")] == [Verdict.VALID]


def test_row_numbers_are_the_ones_excel_shows_even_with_blank_rows_inside(tmp_path: Path) -> None:
    path = write_text(tmp_path / "c.csv", "phone\n09121234567\n\n09121234568\n\n\n", "utf-8")
    sheet = read_sheet(path)
    verdicts = validate(sheet, "phone")
    assert [(v.row, v.verdict) for v in verdicts] == [(2, Verdict.VALID), (3, Verdict.EMPTY), (4, Verdict.VALID)]


def test_verdicts_name_the_first_row_of_a_duplicate_and_always_add_up() -> None:
    sheet = read_sheet(SAMPLES / "contacts.xlsx")
    verdicts = validate(sheet, "موبایل")
    counts = verdicts.counts()
    assert sum(counts.values()) == len(sheet) == len(verdicts) == 20
    duplicates = [v for v in verdicts if v.verdict is Verdict.DUPLICATE]
    assert [(d.row, d.duplicate_of, d.phone) for d in duplicates] == [(11, 2, "989121110001")]
    assert counts == {"valid": 14, "invalid": 4, "duplicate": 1, "suppressed": 0, "empty": 1}


def test_suppressed_numbers_are_never_valid() -> None:
    sheet = read_sheet(SAMPLES / "contacts.csv")
    verdicts = validate(sheet, "موبایل", suppressed={"989121110003"})
    row4 = next(v for v in verdicts if v.row == 4)
    assert row4.verdict is Verdict.SUPPRESSED and row4.phone == "989121110003"


def test_the_phone_column_is_detected_by_header_and_content(tmp_path: Path) -> None:
    path = write_text(tmp_path / "c.csv", "کد,نام,ستون\n1,علی,09121234567\n2,رضا,۰۹۱۲۱۲۳۴۵۶۸\n", "utf-8")
    guess = detect_phone_column(read_sheet(path))
    assert guess.column == "ستون" and guess.confidence == 1.0
    sample = detect_phone_column(read_sheet(SAMPLES / "contacts.xlsx"))
    assert sample.column == "موبایل"


@pytest.mark.parametrize(
    ("content", "name", "message_part"),
    [
        (b"", "empty.csv", "is empty"),
        ("phone\n".encode(), "header.csv", "no data rows"),
        (b"\x00\x01\x02binary\x00junk" * 10, "binary.csv", "not a text CSV"),
        (b"PK\x03\x04 not really a workbook", "broken.xlsx", "could not be opened as a workbook: it is damaged.*save it again as XLSX"),
        (b"a,b", "sheet.pdf", "unsupported file type"),
        ("name,mobile\nali,09121234567\nThis line, like prose, has commas, four of them\n".encode(), "prose.csv",
         "^prose.csv: line 3 has 4 values where the header has 2: a comma inside a value without quotes"),
    ],
)
def test_bad_files_get_one_plain_sentence(tmp_path: Path, content: bytes, name: str, message_part: str) -> None:
    (tmp_path / name).write_bytes(content)
    with pytest.raises(SheetError, match=message_part):
        read_sheet(tmp_path / name)


def test_missing_file_and_unknown_column_and_sheet_are_told_plainly(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="was not found"):
        read_sheet(tmp_path / "nope.csv")
    sheet = read_sheet(SAMPLES / "contacts.csv")
    with pytest.raises(SheetError, match="no column named 'tel'"):
        resolve_phone_column(sheet, "tel")
    with pytest.raises(SheetError, match="no sheet named"):
        read_sheet(SAMPLES / "contacts.xlsx", "Sheet9")


def test_a_sheet_without_phones_says_to_name_the_column(tmp_path: Path) -> None:
    path = write_text(tmp_path / "c.csv", "a,b\nx,y\n", "utf-8")
    with pytest.raises(SheetError, match="--phone-column"):
        resolve_phone_column(read_sheet(path), None)
