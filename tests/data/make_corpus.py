"""Writes the corpus of messy contact files in tests/data/corpus with expected.json:
every encoding, delimiter, format and failure the importer must handle.

Run: python tests/data/make_corpus.py   (all numbers are made up)
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
OUT = HERE / "corpus"

HEADER = ["نام", "شماره موبایل", "توضیحات"]
# (name, phone as typed, expected verdict, expected wire phone or None)
ROWS = [
    ("علی", "09121110001", "valid", "989121110001"),
    ("زهرا", "۰۹۱۲۱۱۱۰۰۰۲", "valid", "989121110002"),
    ("محمد", "+98 912 111 0003", "valid", "989121110003"),
    ("فاطمه", "0098-912-111-0004", "valid", "989121110004"),
    ("حسین", "9121110005", "valid", "989121110005"),
    ("مریم", "(0912) 111.0006", "valid", "989121110006"),
    ("رضا", "0912\u200c111\u200c0007", "valid", "989121110007"),
    ("سارا", "\u200f09352220008\u200e", "valid", "989352220008"),
    ("کیان", "9352220013.0", "valid", "989352220013"),
    ("شیرین", "٠٩٣٥٢٢٢٠٠١٢", "valid", "989352220012"),
    ("نرگس", "09121110001", "duplicate", "989121110001"),
    ("حمید", "02188776655", "invalid", None),
    ("نیما", "+14155550123", "invalid", None),
    ("الهام", "091211100", "invalid", None),
    ("پریسا", "9.12111E+09", "invalid", None),
    ("بهرام", "0912abc0000", "invalid", None),
    ("کاوه", "", "empty", None),
]


def text_rows(delimiter: str) -> str:
    lines = [delimiter.join(HEADER)] + [delimiter.join([n, p, "-"]) for n, p, _, _ in ROWS]
    return "\r\n".join(lines) + "\r\n"


def expected(header_row: int = 1) -> dict:
    return {
        "header_row": header_row,
        "phone_column": "شماره موبایل",
        "verdicts": [[header_row + 1 + i, v, phone] for i, (_, _, v, phone) in enumerate(ROWS)],
    }


def workbook(path: Path, title_rows: int = 0, as_numbers: bool = False) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "مشتریان"
    for _ in range(title_rows):
        sheet.append(["فهرست مشتریان — آبان ۱۴۰۵"] if _ == 0 else [])
    sheet.append(HEADER)
    for name, phone, _, _ in ROWS:
        value: object = int(phone) if as_numbers and phone.isdigit() and phone.startswith("9") else phone
        sheet.append([name, value, "-"])
    book.create_sheet("خالی")
    book.save(path)


def main() -> None:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    cases: dict[str, dict] = {}
    for encoding, bom in (("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("cp1256", b"")):
        for delimiter, name in ((",", "comma"), (";", "semicolon"), ("\t", "tab"), ("|", "pipe")):
            label = "utf8-bom" if bom else encoding.replace("-", "")
            text = text_rows(delimiter)
            if encoding == "cp1256":
                text = text.replace("\u06cc", "\u064a").replace("\u06a9", "\u0643")
                text = text.replace("\u200c", "").replace("\u200f", "").replace("\u200e", "")
                text = text.replace("٠٩٣٥٢٢٢٠٠١٢", "09352220012").replace("۰۹۱۲۱۱۱۰۰۰۲", "09121110002")
            file = OUT / f"{label}-{name}.csv"
            file.write_bytes(bom + text.encode(encoding))
            cases[file.name] = expected()
    # Excel's "Unicode text": UTF-16 with a BOM, tab-delimited.
    (OUT / "excel-unicode-text.txt").write_bytes(text_rows("\t").encode("utf-16"))
    cases["excel-unicode-text.txt"] = expected()
    # A title line and a blank line above the header.
    (OUT / "title-above-header.csv").write_bytes(
        ("گزارش مشتریان\r\n\r\n" + text_rows(",")).encode("utf-8-sig"))
    cases["title-above-header.csv"] = expected(header_row=3)
    workbook(OUT / "plain.xlsx")
    cases["plain.xlsx"] = expected()
    workbook(OUT / "numbers-as-numbers.xlsx", as_numbers=True)
    cases["numbers-as-numbers.xlsx"] = expected()
    workbook(OUT / "title-rows.xlsm", title_rows=2)
    cases["title-rows.xlsm"] = expected(header_row=3)

    failures = {
        "empty.csv": (b"", "is empty"),
        "blank-lines-only.csv": (b"\r\n\r\n  \r\n", "is empty"),
        "header-only.csv": ("نام,موبایل\r\n".encode("utf-8-sig"), "no data rows"),
        "no-phone-column.csv": ("نام,شهر\r\nعلی,تهران\r\nرضا,قم\r\n".encode(), "looks like phone numbers"),
        "binary-named.csv": (bytes(range(256)) * 8, "not a text CSV"),
        "zip-named.csv": (b"PK\x03\x04" + b"\x00" * 60, "not a text CSV"),
        "corrupt.xlsx": (b"PK\x03\x04this is not a real workbook" + b"\x00" * 100, "could not be opened"),
        "password-protected.xlsx": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504, "password-protected"),
        "not-a-sheet.pdf": (b"%PDF-1.4", "unsupported file type"),
    }
    for name, (content, message) in failures.items():
        (OUT / name).write_bytes(content)
        cases[name] = {"error": message}
    (HERE / "expected.json").write_text(json.dumps(cases, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                        encoding="utf-8")


if __name__ == "__main__":
    main()
