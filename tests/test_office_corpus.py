"""Workbooks written by LibreOffice (tests/data/make_office_corpus.py): every format gives
the same rows as the sheet shows them, formulas without a saved result are told apart,
and the results copy of the user's workbook keeps everything it had."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from app.campaign.render import render
from app.contacts import SheetError, list_sheets, read_sheet, resolve_phone_column, validate, write_verdicts
from app.contacts.export import write_results
from app.reasons import row_reason

OFFICE = Path(__file__).resolve().parent / "data" / "office"
WORKBOOKS = ["customers.xlsx", "customers.xls", "customers.ods"]
# (row as the sheet numbers it, verdict, wire phone)
EXPECTED = [
    (4, "valid", "989121110001"),
    (5, "valid", "989121110002"),
    (6, "valid", "989121110003"),
    (7, "duplicate", "989121110001"),
    (8, "invalid", None),
    (9, "empty", None),
]


@pytest.mark.parametrize("name", [*WORKBOOKS, "customers.csv"])
def test_every_format_gives_the_rows_the_sheet_shows(name: str) -> None:
    sheet = read_sheet(OFFICE / name)
    assert sheet.header_row == 3  # the merged title and the blank row above are skipped
    # The helper column left of the phones has one phone-like note: it must not win.
    guess = resolve_phone_column(sheet, None)
    assert guess.column == "موبایل"
    verdicts = validate(sheet, guess.column)
    assert [(v.row, v.verdict.value, v.phone) for v in verdicts] == EXPECTED
    assert "کد داخلی" in sheet.columns  # a hidden column is still a column
    first = sheet.records()[0]
    assert first["تاریخ عضویت"] == "2024-03-20"  # a date, no midnight time
    assert render("عضویت {{تاریخ عضویت|jalali}}", first) == "عضویت ۱۴۰۳/۰۱/۰۱"


@pytest.mark.parametrize("name", WORKBOOKS)
def test_workbook_numbers_and_formula_results_come_as_plain_figures(name: str) -> None:
    # Custom number formats (here '#,##0" ریال"') are not applied: calamine gives the
    # value, and a whole number reaches the message without ".0".
    first = read_sheet(OFFICE / name).records()[0]
    assert (first["مبلغ"], first["مبلغ با مالیات"], first["کد داخلی"]) == ("1250000", "1362500", "A-1")


@pytest.mark.parametrize("name", WORKBOOKS)
def test_the_second_sheet_is_offered(name: str) -> None:
    assert list_sheets(OFFICE / name) == ["مشتریان", "خلاصه"]


@pytest.mark.parametrize("name", ["built-phones.xls", "built-phones.ods"])
def test_a_formula_whose_result_was_not_saved_is_told_not_called_invalid(name: str) -> None:
    sheet = read_sheet(OFFICE / name)
    assert sheet.records()[0]["موبایل"] == "0"  # what the file stores, not what Excel would show
    verdicts = list(validate(sheet, resolve_phone_column(sheet, None).column))
    assert [(v.row, v.verdict.value, v.reason) for v in verdicts] == [
        (2, "invalid", row_reason("formula_unsaved")),
        (3, "invalid", row_reason("formula_unsaved")),
        (4, "valid", None),
    ]


def test_an_xlsx_written_by_a_program_that_never_calculates_is_told(tmp_path: Path) -> None:
    path = tmp_path / "generated.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["name", "mobile"])
    book.active.append(["a", '="0912"&"1110001"'])  # openpyxl stores no result at all
    book.active.append(["b", "09121110002"])
    book.active.append(["c", None])
    book.save(path)
    verdicts = list(validate(read_sheet(path), "mobile"))
    assert [(v.verdict.value, v.reason) for v in verdicts] == [
        ("invalid", row_reason("formula_unsaved")), ("valid", None), ("empty", row_reason("empty"))]


def test_a_line_pasted_from_another_program_stops_the_import_with_its_number() -> None:
    with pytest.raises(SheetError, match=r"line 7 is in another text encoding .*pasted from another program"):
        read_sheet(OFFICE / "customers-pasted-line.csv")


def test_the_results_copy_of_a_libreoffice_workbook_keeps_the_workbook(tmp_path: Path) -> None:
    sheet = read_sheet(OFFICE / "customers.xlsx")
    out = write_verdicts(tmp_path / "results.xlsx", validate(sheet, "موبایل"), source=sheet)
    before = openpyxl.load_workbook(OFFICE / "customers.xlsx")["مشتریان"]
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["مشتریان", "خلاصه"]
    copy = book["مشتریان"]
    assert [str(r) for r in copy.merged_cells.ranges] == ["A1:G1"]
    assert copy.column_dimensions["F"].hidden
    assert copy["E4"].number_format == before["E4"].number_format and copy["E4"].value == 1250000
    assert copy["D4"].value == dt.datetime(2024, 3, 20) and copy["D4"].is_date
    assert copy["G4"].value == before["G4"].value and str(copy["G4"].value).startswith("=")
    header = [copy.cell(3, column).value for column in range(8, copy.max_column + 1)]
    assert header[:3] == ["result_phone", "result_status", "result_error_code"]
    statuses = {row: copy.cell(row, 8 + header.index("result_status")).value for row in range(4, 10)}
    assert statuses == {4: "valid", 5: "valid", 6: "valid", 7: "duplicate", 8: "invalid", 9: "empty"}
    assert copy.cell(5, 8).value == "989121110002" and copy.cell(5, 8).data_type == "s"


@pytest.mark.parametrize("name", ["customers.xls", "customers.ods"])
def test_the_results_copy_of_an_xls_or_ods_is_a_typed_workbook(name: str, tmp_path: Path) -> None:
    sheet = read_sheet(OFFICE / name)
    rows = [{"row": v.row, "phone_input": v.phone_input, "phone": v.phone, "status": "sent",
             "message_id": "=HYPERLINK(\"x\")"} for v in validate(sheet, "موبایل") if v.phone]
    out = write_results(tmp_path / "results.xlsx", rows, source=sheet)
    copy = openpyxl.load_workbook(out).active
    header = [cell.value for cell in copy[1]]
    first = dict(zip(header, (cell for cell in copy[2])))
    assert first["تاریخ عضویت"].value == dt.datetime(2024, 3, 20)
    assert first["مبلغ"].value == 1250000
    assert first["موبایل"].value == "09121110001" and first["موبایل"].data_type == "s"
    # What the service returns is data, never a live formula, and carries no apostrophe.
    assert first["result_message_id"].value == "=HYPERLINK(\"x\")" and first["result_message_id"].data_type == "s"


@pytest.mark.parametrize(("where", "tag", "found"), [
    (0, b"<f>", True), ((1 << 20) - 2, b"<f t=\"shared\">", True), ((1 << 20) - 1, b"<x:f>", True),
    (5, b"<formula1>", False), (5, b"", False)])
def test_a_sheet_is_searched_for_formulas_as_bytes_before_it_is_parsed(
        tmp_path: Path, where: int, tag: bytes, found: bool) -> None:
    """Parsing a big sheet cell by cell took most of an import; a sheet with no formula
    element (most of them) is now known by a search of its bytes, a tag cut between two
    chunks of the search included; a data validation's ``<formula1>`` is not a cell's."""
    import zipfile

    from app.contacts.formulas import _has_formula

    path = tmp_path / "book.zip"
    with zipfile.ZipFile(path, "w") as book:
        book.writestr("sheet.xml", b"x" * where + tag + b"y" * 100)
    with zipfile.ZipFile(path) as book:
        assert _has_formula(book, "sheet.xml") is found
