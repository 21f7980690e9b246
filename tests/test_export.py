from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest

from app.contacts import RESULT_COLUMNS, ExportError, write_results

ROWS = [
    {"row": 2, "phone_input": "+98 912 123 4567", "phone": "989121234567", "status": "sent", "error_code": None,
     "error": None, "message_id": "m1", "request_id": "r1"},
    {"row": 3, "phone_input": "=HYPERLINK(\"x\")", "phone": None, "status": "invalid", "error_code": None,
     "error": "علت", "message_id": None, "request_id": None},
    {"row": 4, "phone_input": "09121110000", "phone": "989121110000", "status": "failed", "error_code": 17,
     "error": "no account", "message_id": None, "request_id": "r3"},
    # what the service sends back is as foreign as the sheet
    {"row": 5, "phone_input": "09121110005", "phone": "989121110005", "status": "sent", "error_code": None,
     "error": "@SUM(1)", "message_id": "=1+2", "request_id": "r5"},
]


def test_csv_has_a_bom_the_columns_and_no_live_formulas(tmp_path: Path) -> None:
    path = write_results(tmp_path / "r.csv", ROWS)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert lines[0] == list(RESULT_COLUMNS)
    assert lines[1] == ["2", "'+98 912 123 4567", "989121234567", "sent", "", "", "m1", "r1"]
    assert lines[2][1] == "'=HYPERLINK(\"x\")" and lines[2][5] == "علت"
    assert lines[3] == ["4", "09121110000", "989121110000", "failed", "17", "no account", "", "r3"]
    assert lines[4][5] == "'@SUM(1)" and lines[4][6] == "'=1+2"


def test_xlsx_keeps_phones_as_text_with_a_bold_header(tmp_path: Path) -> None:
    path = write_results(tmp_path / "r.xlsx", ROWS)
    sheet = openpyxl.load_workbook(path).active
    assert [c.value for c in sheet[1]] == list(RESULT_COLUMNS)
    assert sheet[1][0].font.bold
    assert sheet["C2"].value == "989121234567" and sheet["C2"].data_type == "s"
    assert sheet["B4"].value == "09121110000"
    assert sheet["E4"].value == 17
    # Text cells show the value as it is (no apostrophe) and are never run as formulas.
    assert sheet["B2"].value == "+98 912 123 4567" and sheet["B2"].data_type == "s"
    for cell in (sheet["B3"], sheet["G5"]):
        assert cell.value in ('=HYPERLINK("x")', "=1+2") and cell.data_type == "s"
    assert sheet["F5"].value == "@SUM(1)"


def test_unknown_suffix_and_unwritable_place_are_plain_errors(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match=".csv or .xlsx"):
        write_results(tmp_path / "r.txt", ROWS)
    with pytest.raises(ExportError, match="cannot write"):
        write_results(tmp_path / "no" / "such" / "dir" / "r.csv", ROWS)


def test_a_copy_of_the_source_sheet_gets_the_result_columns(tmp_path: Path) -> None:
    from app.contacts import read_sheet
    from tests.helpers import SAMPLES

    source = read_sheet(SAMPLES / "contacts.csv")
    path = write_results(tmp_path / "r.xlsx", ROWS, source=source)
    rows = list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))
    assert rows[0][:4] == ("row", "نام", "موبایل", "شهر") and "result_status" in rows[0]
    assert len(rows) == 21
    status = rows[0].index("result_status")
    assert rows[1][status] == "sent" and rows[2][status] == "invalid" and rows[5][status] is None
