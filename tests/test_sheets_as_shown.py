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
from app.reasons import Reason, reason_words
from app.sandbox import EmbeddedSandbox
from tests.helpers import delivered, fast_settings
from tests.helpers.cli import run


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
    assert made[1].verdict == "invalid" and "'soon' is not a date" in reason_words(made[1].reason)
    assert Reason.from_stored(made[1].reason) == Reason.of("message_problem", problem="not_a_date", value="'soon'")
    otp = list(build_recipients([(Row(2, "989121110001"), {"code": "12ab"})], Content(kind="otp", otp="{{code}}")))
    assert otp[0].verdict == "invalid" and Reason.from_stored(otp[0].reason).arguments()["problem"] == "otp_digits"
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


def office_workbook(tmp_path: Path) -> Path:
    """A workbook as marketing keeps it: a merged title row, a hidden column, formats,
    a formula and a second sheet."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "مشتریان"
    sheet["A1"] = "فهرست مشتریان آبان"
    sheet.merge_cells("A1:D1")
    sheet.append(["نام", "موبایل", "خرید", "یادداشت"])
    sheet.append(["علی", "09121110001", 1250000, "=C3*2"])
    sheet.append(["زهرا", "09121110002", 980000, "ثابت"])
    sheet["C3"].number_format = "#,##0"
    sheet.column_dimensions["D"].hidden = True
    book.create_sheet("خلاصه")["A1"] = "جمع"
    path = tmp_path / "customers.xlsx"
    book.save(path)
    return path


def test_the_results_copy_is_the_users_own_workbook_with_results_beside_each_row(tmp_path: Path) -> None:
    source = office_workbook(tmp_path)
    with EmbeddedSandbox() as sandbox:
        done = run("send", str(source), "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "0",
                   "--text", "سلام {{نام}}", "--results", str(tmp_path / "out.xlsx"), "--with-source",
                   api_key="demo-api-key")
        assert done.returncode == 0, done.stderr
    exported = run("export", "1", str(tmp_path / "again.xlsx"), "--with-source")
    assert exported.returncode == 0, exported.stderr
    for name in ("out.xlsx", "again.xlsx"):
        book = openpyxl.load_workbook(tmp_path / name)
        assert book.sheetnames == ["مشتریان", "خلاصه"] and book["خلاصه"]["A1"].value == "جمع"
        sheet = book["مشتریان"]
        assert [str(r) for r in sheet.merged_cells.ranges] == ["A1:D1"] and sheet["A1"].value == "فهرست مشتریان آبان"
        assert sheet.column_dimensions["D"].hidden and sheet["C3"].number_format == "#,##0"
        assert sheet["D3"].value == "=C3*2" and sheet["C3"].value == 1250000  # formula and number kept
        header = [c.value for c in sheet[2]]
        assert header[:4] == ["نام", "موبایل", "خرید", "یادداشت"] and "result_status" in header
        status = header.index("result_status") + 1
        assert sheet.cell(row=3, column=status).value == "sent" and sheet.cell(row=4, column=status).value == "sent"
        phone = sheet.cell(row=3, column=header.index("result_phone") + 1)
        assert phone.value == "989121110001" and phone.data_type == "s"


def test_exporting_with_a_source_that_changed_since_is_refused(tmp_path: Path) -> None:
    source = office_workbook(tmp_path)
    with EmbeddedSandbox() as sandbox:
        assert run("send", str(source), "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "0",
                   "--text", "x", api_key="demo-api-key").returncode == 0
    book = openpyxl.load_workbook(source)
    book.active["B3"] = "09129999999"
    book.save(source)
    done = run("export", "1", str(tmp_path / "r.xlsx"), "--with-source")
    assert done.returncode == 2 and "has changed since campaign 1" in done.stderr


def test_a_csv_sources_results_copy_is_a_workbook_with_typed_cells(tmp_path: Path) -> None:
    from app.contacts import write_results

    path = tmp_path / "list.csv"
    path.write_text("نام,موبایل,تاریخ,مبلغ,کد\nعلی,09121110001,2024-03-20,1250000,0042\n", encoding="utf-8")
    rows = [{"row": 2, "phone_input": "09121110001", "phone": "989121110001", "status": "sent", "error_code": None,
             "error": None, "message_id": "m", "request_id": "r"}]
    write_results(tmp_path / "out.xlsx", rows, read_sheet(path))
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx").active
    values = {sheet.cell(row=1, column=c).value: sheet.cell(row=2, column=c) for c in range(1, sheet.max_column + 1)}
    assert values["تاریخ"].value == dt.datetime(2024, 3, 20) and values["تاریخ"].number_format == "yyyy-mm-dd"
    assert values["مبلغ"].value == 1250000
    assert values["موبایل"].value == "09121110001" and values["موبایل"].data_type == "s"  # a phone stays text
    assert values["کد"].value == "0042"  # a leading zero means text


def test_a_control_character_in_a_cell_never_reaches_the_recipient(tmp_path: Path) -> None:
    # Past the first 64 KiB, where the reader's look for a binary file does not reach.
    rows = [f"n{i},0912{i:07d},{'x' * 250}" for i in range(1, 301)] + ["Ali\x00\x07 Rezaei,09125550001,"]
    sheet = tmp_path / "broken-export.csv"
    sheet.write_text("name,mobile,note\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert sheet.stat().st_size > 65536
    with EmbeddedSandbox(fast_settings()) as sandbox:
        done = run("send", str(sheet), "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "0",
                   "--text", "hi {{name}}", api_key="demo-api-key")
        assert done.returncode == 0, done.stderr
        texts = {m["phone_number"]: m["text"] for m in delivered(sandbox)}
    assert texts["989125550001"] == "hi Ali Rezaei"
