"""Writes the sample contact sheets (contacts.xlsx, contacts.csv) beside this script.

Every number is made up (patterned 0912 111 xxxx / 0935 222 xxxx) and typed the messy
ways people really type them. Run: python resources/samples/make_samples.py
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


def main() -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "مشتریان"
    sheet.sheet_view.rightToLeft = True
    sheet.append(HEADER)
    for row in ROWS:
        sheet.append(row)
    book.save(HERE / "contacts.xlsx")
    with open(HERE / "contacts.csv", "w", encoding="utf-8-sig", newline="") as out:
        import csv

        writer = csv.writer(out)
        writer.writerow(HEADER)
        writer.writerows([[str(c) for c in row] for row in ROWS])


if __name__ == "__main__":
    main()
