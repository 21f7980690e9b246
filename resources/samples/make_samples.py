"""Writes the samples beside this script: contact sheets typed the messy ways people
really type them (contacts.xlsx, contacts.csv), a clean list with a column for every
message kind of README's examples (list.xlsx: name, mobile, city, a discount code, a
one-time password, a secure-message password) and a small poster for the media example
(poster.jpg, drawn with Qt).

Every number is made up (patterned 0912 111 xxxx / 0935 222 xxxx).
Run: python resources/samples/make_samples.py
"""

from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
HEADER = ["نام", "موبایل", "شهر"]
ROWS = [
    ["علی", "09121110001", "تهران"],
    ["زهرا", "۰۹۱۲۱۱۱۰۰۰۲", "اصفهان"],
    ["محمد", "+98 912 111 0003", "شیراز"],
    ["فاطمه", "0098-912-111-0004", "تبریز"],
    ["حسین", 9121110005, "مشهد"],  # an Excel number: the leading zero is gone
    ["مریم", "(0912) 111 0006", "کرج"],
    ["رضا", "0912\u200c111\u200c0007", "قم"],  # half-spaces (ZWNJ) between groups
    ["سارا", "\u200e09352220008", "رشت"],  # a left-to-right mark pasted from a chat
    ["امیر", "989352220009", "یزد"],
    ["نرگس", "09121110001", "تهران"],  # the same number as row 2
    ["مهدی", "+98 (935) 222-0010", "اهواز"],
    ["لیلا", "0935 222 0011", "کرمان"],
    ["حمید", "02188776655", "تهران"],  # a landline
    ["نیما", "+14155550123", "تورنتو"],  # a foreign number
    ["الهام", "091211100", "ساری"],  # digits missing
    ["کاوه", "", "بندرعباس"],  # no number
    ["پریسا", "9.12111E+09", "اراک"],  # scientific notation: digits lost
    ["بهرام", "09121110000", "زنجان"],  # no Bale account in the sandbox (ends in 0000)
    ["شیرین", "۰۹۳۵-۲۲۲-۰۰۱۲", "همدان"],
    ["کیان", "9352220013.0", "قزوین"],  # float text from a CSV export
]


LIST_HEADER = ["نام", "موبایل", "شهر", "کد", "code", "رمز"]
LIST_ROWS = [
    ["علی", "09121110001", "تهران", "OFF-101", "482913", "5521"],
    ["زهرا", "09121110002", "اصفهان", "OFF-102", "730155", "8834"],
    ["محمد", "09121110003", "شیراز", "OFF-103", "119467", "2290"],
    ["سارا", "09352220008", "رشت", "OFF-104", "905812", "7710"],
    ["لیلا", "09352220011", "کرمان", "OFF-105", "266430", "4068"],
]


def write_book(name: str, title: str, header: list[str], rows: list[list[object]]) -> None:
    """A right-to-left workbook ``name`` beside this script: one sheet, a header row."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    sheet.sheet_view.rightToLeft = True
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    book.save(HERE / name)


def write_poster() -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

    # Drawing an image needs no screen: the offscreen platform works without a display.
    _app = QGuiApplication.instance() or QGuiApplication(["make_samples", "-platform", "offscreen"])
    image = QImage(320, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#1565c0"))
    painter = QPainter(image)
    painter.setPen(QColor("white"))
    font = painter.font()
    font.setPointSize(28)
    painter.setFont(font)
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "Safir sample")
    painter.end()
    image.save(str(HERE / "poster.jpg"), "JPG", 80)


def main() -> None:
    write_poster()  # first: the one step that needs Qt fails before any sample is rewritten
    write_book("list.xlsx", "فهرست", LIST_HEADER, LIST_ROWS)
    write_book("contacts.xlsx", "مشتریان", HEADER, ROWS)
    with open(HERE / "contacts.csv", "w", encoding="utf-8-sig", newline="") as out:
        import csv

        writer = csv.writer(out)
        writer.writerow(HEADER)
        writer.writerows([[str(c) for c in row] for row in ROWS])


if __name__ == "__main__":
    main()
