"""Benchmark (issue 5): import + normalise + dedupe + results file for a 1,000,000-row
CSV and a 200,000-row XLSX, seconds and peak memory, beside a naive baseline (the csv
module or an openpyxl cell loop with phonenumbers.parse per row) in the same script.

Each measurement runs in a fresh subprocess so peak memory (ru_maxrss) is its own.
Run: python benchmarks/import_speed.py [--csv-rows 1000000] [--xlsx-rows 200000]
Targets (issue 11): the 1M-row CSV imported in at most 3 s and the 200k-row XLSX in at
most 1.5 s (opening the file to the results file written), at least 10x the baseline on
the same file in the same run; peak memory at most 1.5 GB.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def make_inputs(folder: Path, csv_rows: int, xlsx_rows: int) -> tuple[Path, Path]:
    """Sheets of made-up numbers typed the ways people type them, with some duplicates,
    invalid and empty cells."""
    rng = random.Random(5)
    forms = ["0912{n}", "+98 912 {a} {b}", "۰۹۱۲{p}", "9{m}", "0935-{a}-{b}", "", "02188{b}00", "0912{n}"]

    def phone() -> str:
        n = f"{rng.randrange(10**7):07d}"
        form = rng.choice(forms)
        persian = n.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
        return form.format(n=n, a=n[:3], b=n[3:], p=persian, m="12" + n[:-1] + "1")

    csv_path = folder / "contacts.csv"
    with csv_path.open("w", encoding="utf-8-sig") as out:
        out.write("نام,موبایل,شهر\n")
        for i in range(csv_rows):
            out.write(f"مشتری {i},{phone()},تهران\n")
    import openpyxl

    xlsx_path = folder / "contacts.xlsx"
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("مشتریان")
    sheet.append(["نام", "موبایل", "شهر"])
    for i in range(xlsx_rows):
        value = phone()
        sheet.append([f"مشتری {i}", int(value) if value.isdigit() and value.startswith("9") else value, "تهران"])
    book.save(xlsx_path)
    return csv_path, xlsx_path


def run_app(path: str, out: str) -> None:
    sys.path.insert(0, str(HERE.parent))
    from app.contacts import read_sheet, resolve_phone_column, validate, write_verdicts

    started = time.perf_counter()
    sheet = read_sheet(path)
    column = resolve_phone_column(sheet, None).column
    verdicts = validate(sheet, column)
    write_verdicts(out, verdicts)
    print(json.dumps({"seconds": time.perf_counter() - started,
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **verdicts.counts()}))


def run_naive(path: str, out: str) -> None:
    import csv

    import openpyxl
    import phonenumbers

    started = time.perf_counter()

    def rows():
        if path.endswith(".csv"):
            with open(path, encoding="utf-8-sig", newline="") as f:
                reader = csv.reader(f)
                next(reader)
                for row in reader:
                    yield row[1]
        else:
            sheet = openpyxl.load_workbook(path, read_only=True).active
            for i, row in enumerate(sheet.iter_rows(values_only=True)):
                if i:
                    yield "" if row[1] is None else str(row[1])

    seen: set[str] = set()
    counts = {"valid": 0, "invalid": 0, "duplicate": 0}
    with open(out, "w", encoding="utf-8-sig", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["row", "phone_input", "phone", "status"])
        for i, raw in enumerate(rows(), start=2):
            phone, status = None, "invalid"
            try:
                number = phonenumbers.parse(raw.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")), "IR")
                if phonenumbers.is_valid_number(number) and number.country_code == 98:
                    phone = f"98{number.national_number}"
                    status = "duplicate" if phone in seen else "valid"
                    seen.add(phone)
            except phonenumbers.NumberParseException:
                pass
            counts[status] += 1
            writer.writerow([i, raw, phone, status])
    print(json.dumps({"seconds": time.perf_counter() - started,
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **counts}))


def measure(kind: str, path: Path, out: Path) -> tuple[float, float, float, str]:
    """(import seconds, process seconds, peak MB, counts) of one run in a fresh process;
    import seconds run from opening the file to the results file written, libraries
    already loaded."""
    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); import import_speed as b; "
            f"b.run_{kind}({str(path)!r}, {str(out)!r})")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - started
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    peak = counts.pop("peak_mb")
    return counts.pop("seconds"), elapsed, peak, json.dumps(counts)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--csv-rows", type=int, default=1_000_000)
    parser.add_argument("--xlsx-rows", type=int, default=200_000)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from _common import machine

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        csv_path, xlsx_path = make_inputs(folder, args.csv_rows, args.xlsx_rows)
        print(f"machine: {machine()}")
        print("import: opening the file to the results file written; process: the same plus starting Python "
              "and loading the libraries; peak is each run's own")
        for label, path in ((f"CSV, {args.csv_rows:,} rows", csv_path), (f"XLSX, {args.xlsx_rows:,} rows", xlsx_path)):
            app_s, app_total, app_mb, app_counts = measure("app", path, folder / "app.csv")
            naive_s, naive_total, naive_mb, naive_counts = measure("naive", path, folder / "naive.csv")
            print(f"{label}:")
            print(f"  app:      import {app_s:6.2f} s  process {app_total:6.2f} s  peak {app_mb:5.0f} MB  {app_counts}")
            print(f"  baseline: import {naive_s:6.2f} s  process {naive_total:6.2f} s  peak {naive_mb:5.0f} MB  "
                  f"{naive_counts}")
            print(f"  speed-up: {naive_s / app_s:.1f}x on import time ({naive_total / app_total:.1f}x on process time)")
    print("targets (issue 11): 1M-row CSV import at most 3 s; 200k-row XLSX import at most 1.5 s; at least 10x "
          "the baseline; peak at most 1.5 GB")


if __name__ == "__main__":
    main()
