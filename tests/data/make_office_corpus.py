"""Writes tests/data/office: contact workbooks as LibreOffice writes them (xlsx, xls,
ods, csv), from one source workbook with the edge cases office users send: a merged
title row, a date column, a number with a custom format, a formula, a hidden column,
a second sheet, a sparse helper column left of the phones; and a workbook whose phone
column is built by formulas LibreOffice converted without recalculating (results
stored as 0). The converted files are committed; this script needs LibreOffice
(apt-get install libreoffice-calc-nogui) only to make them again.

Run: python tests/data/make_office_corpus.py   (all numbers are made up)
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

import openpyxl
from openpyxl.styles import Font

OUT = Path(__file__).resolve().parent / "office"

HEADER = ["یادداشت", "نام", "موبایل", "تاریخ عضویت", "مبلغ", "کد داخلی", "مبلغ با مالیات"]
# (note, name, phone as typed, joined, amount, internal code)
ROWS = [
    ("", "علی", "09121110001", dt.datetime(2024, 3, 20), 1250000, "A-1"),
    ("تماس بگیرید 09121110099", "زهرا", "+98 912 111 0002", dt.datetime(2024, 4, 1), 98000, "A-2"),
    ("", "محمد", "۰۹۱۲۱۱۱۰۰۰۳", dt.datetime(2023, 12, 31), 5, "A-3"),
    ("", "فاطمه", "09121110001", dt.datetime(2024, 1, 15), 0, "A-4"),
    ("", "حسین", "02188776655", dt.datetime(2024, 2, 29), 7300, "A-5"),
    ("", "مریم", "", dt.datetime(2024, 5, 5), 1, "A-6"),
]


def source(path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "مشتریان"
    sheet["A1"] = "فهرست مشتریان آبان"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.merge_cells("A1:G1")
    sheet.append([])
    sheet.append(HEADER)
    for number, (note, name, phone, joined, amount, code) in enumerate(ROWS, start=4):
        sheet.append([note or None, name, phone, joined, amount, code, f"=E{number}*1.09"])
        sheet.cell(number, 3).number_format = "@"
        sheet.cell(number, 4).number_format = "yyyy-mm-dd"
        sheet.cell(number, 5).number_format = '#,##0" ریال"'
        sheet.cell(number, 7).number_format = "#,##0.00"
    sheet.column_dimensions["F"].hidden = True
    summary = book.create_sheet("خلاصه")
    summary.append(["تعداد", len(ROWS)])
    book.save(path)


def unsaved(path: Path) -> None:
    """Phones built by formulas with 0 stored as their result (a file written by a
    program that never calculates)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Sheet1"
    sheet.append(["نام", "کد", "بقیه", "موبایل"])
    for number, (name, rest) in enumerate((("علی", "1110001"), ("زهرا", "1110002")), start=2):
        sheet.append([name, "0912", rest, f'=B{number}&C{number}'])
        sheet.cell(number, 2).number_format = "@"
        sheet.cell(number, 3).number_format = "@"
    sheet.append(["رضا", "0912", "1110003", "09121110003"])
    book.save(path)
    _store_zero_results(path)


def _store_zero_results(path: Path) -> None:
    moved = path.with_suffix(".tmp")
    path.rename(moved)
    with zipfile.ZipFile(moved) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = data.replace(b"<v />", b"<v>0</v>").replace(b"<v></v>", b"<v>0</v>")
            new.writestr(item, data)
    moved.unlink()


def convert(path: Path, target: str, folder: Path) -> Path:
    subprocess.run(["soffice", "--headless", "--convert-to", target, "--outdir", str(folder), str(path)],
                   check=True, capture_output=True, timeout=180)
    return folder / f"{path.stem}.{target.split(':')[0]}"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        made = folder / "made"
        made.mkdir()
        source(folder / "customers.xlsx")
        unsaved(folder / "built-phones.xlsx")
        for target in ("xlsx", "xls", "ods", "csv:Text - txt - csv (StarCalc):44,34,76,1"):
            shutil.copy(convert(folder / "customers.xlsx", target, made), OUT)
        for target in ("xls", "ods"):
            shutil.copy(convert(folder / "built-phones.xlsx", target, made), OUT)
    # A line pasted from a Windows-1256 program into LibreOffice's UTF-8 CSV.
    lines = (OUT / "customers.csv").read_bytes().split(b"\n")
    lines.insert(6, ",سارا,09121110007,2024-06-01,100 ريال,A-7,109.00\r".encode("cp1256"))
    (OUT / "customers-pasted-line.csv").write_bytes(b"\n".join(lines))
    print(f"wrote {', '.join(sorted(p.name for p in OUT.iterdir()))}")


if __name__ == "__main__":
    main()
