"""Sheets read as office users see them: date and number cells as the sheet shows them
(and in the Jalali calendar when asked), one text encoding per CSV or a sentence naming
the odd line, and the phone column found by how much of the sheet it covers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from app.campaign import Content, ContentError, build_recipients
from app.contacts import SheetError, detect_phone_column, read_sheet
from app.sandbox import EmbeddedSandbox
from tests.helpers import delivered
from tests.test_cli import run


def workbook(tmp_path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["نام", "موبایل", "تاریخ عضویت", "کد", "امتیاز", "ساعت"])
    sheet.append(["علی", 9121110001, dt.datetime(2024, 3, 20), 1234.0, 3.5, dt.time(14, 30)])
    sheet.append(["زهرا", "09121110002", dt.datetime(2024, 3, 21, 9, 15), 7, 0.1 + 0.2, dt.time(8, 0, 5)])
    sheet["B2"].number_format = "0"  # a phone typed as a number, leading zero lost
    sheet["D2"].number_format = '"#"0000'  # a custom format; the value is still 1234
    path = tmp_path / "members.xlsx"
    book.save(path)
    return path


def test_workbook_cells_read_as_the_sheet_shows_them(tmp_path: Path) -> None:
    records = read_sheet(workbook(tmp_path)).records()
    assert records[0] == {"نام": "علی", "موبایل": "9121110001", "تاریخ عضویت": "2024-03-20", "کد": "1234",
                          "امتیاز": "3.5", "ساعت": "14:30"}
    assert records[1]["تاریخ عضویت"] == "2024-03-21 09:15" and records[1]["کد"] == "7"
    assert records[1]["امتیاز"] == "0.3" and records[1]["ساعت"] == "08:00:05"


def test_a_date_placeholder_reaches_the_recipient_as_a_date_or_in_jalali(tmp_path: Path) -> None:
    with EmbeddedSandbox() as sandbox:
        done = run("send", str(workbook(tmp_path)), "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "0",
                   "--text", "عضو از {{تاریخ عضویت}} (تاریخ {{تاریخ عضویت|jalali}})، کد {{کد}}",
                   api_key="demo-api-key")
        assert done.returncode == 0, done.stderr
        texts = {m["phone_number"]: m["text"] for m in delivered(sandbox)}
    assert texts["989121110001"] == "عضو از 2024-03-20 (تاریخ ۱۴۰۳/۰۱/۰۱)، کد 1234"
    assert texts["989121110002"] == "عضو از 2024-03-21 09:15 (تاریخ ۱۴۰۳/۰۱/۰۲)، کد 7"


def test_a_jalali_placeholder_on_a_cell_that_is_no_date_makes_that_row_invalid() -> None:
    class Row:
        def __init__(self, row: int, phone: str) -> None:
            self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None

    content = Content(kind="text", text="تا {{d|jalali}}")
    made = list(build_recipients([(Row(2, "989121110001"), {"d": "2024-03-20"}),
                                  (Row(3, "989121110002"), {"d": "soon"})], content))
    assert made[0].message_data == {"message": {"text": "تا ۱۴۰۳/۰۱/۰۱"}}
    assert made[1].verdict == "invalid" and "'soon' is not a date" in (made[1].reason or "")
    with pytest.raises(ContentError, match="unknown filter"):
        Content(kind="text", text="{{d|upper}}").check(["d"])


def pasted(tmp_path: Path, base: str, odd: str, lines: int = 5000, at: int = 3000) -> Path:
    """A CSV in ``base`` encoding with line ``at`` (1-based, header is line 1) in ``odd``."""
    parts = ["name,phone\n".encode(base)]
    for n in range(2, lines + 1):
        parts.append(f"حسن{n},0912{n:07d}\n".encode(odd if n == at else base))
    path = tmp_path / "pasted.csv"
    path.write_bytes(b"".join(parts))
    return path


def test_a_line_pasted_in_another_encoding_is_named_never_decoded_wrongly(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match=r"line 3000 is in another text encoding .*Windows-1256 .* instead of UTF-8"):
        read_sheet(pasted(tmp_path, "utf-8", "cp1256"))
    with pytest.raises(SheetError, match=r"line 3000 is in another text encoding .*UTF-8 instead of Windows-1256"):
        read_sheet(pasted(tmp_path, "cp1256", "utf-8"))
    whole = pasted(tmp_path, "cp1256", "cp1256")  # one encoding throughout: read as it is
    assert read_sheet(whole).records()[2998]["name"] == "حسن3000"


def test_the_column_that_covers_the_sheet_wins_over_a_sparse_helper(tmp_path: Path) -> None:
    lines = ["یادداشت,شماره"] + [f"{'09121119999' if n == 1 else ''},0912{n:07d}" for n in range(1, 201)]
    path = tmp_path / "helper.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    guess = detect_phone_column(read_sheet(path))
    assert guess.column == "شماره" and guess.confidence == 1.0
    sheet = read_sheet(path)
    sheet.frame = sheet.frame[["یادداشت"]]
    sparse = detect_phone_column(sheet)
    assert sparse.confidence < 0.3 and "fills 0%" in sparse.reason  # 1 of 200 rows
