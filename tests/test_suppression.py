from __future__ import annotations

from pathlib import Path

import openpyxl

from app.contacts import SuppressionList, Verdict
from app.jobs.sheet import check_sheet
from app.jobs.suppression import suppression_list
from app.reasons import reason_words
from tests.helpers import SAMPLES


def test_numbers_in_any_form_are_listed_once_and_survive_a_reload(tmp_path: Path) -> None:
    listed = SuppressionList(tmp_path / "s.csv")
    done = listed.add(["09121110001", "+98 912 111 0001", "۰۹۱۲۱۱۱۰۰۰۲", "not a number"])
    assert (done.added, done.already, done.invalid) == (2, 0, 1)
    assert SuppressionList(tmp_path / "s.csv").phones() == {"989121110001", "989121110002"}
    assert listed.add(["09121110002"]).already == 1
    assert listed.remove(["0912 111 0001", "09129999999"]) == 1
    assert listed.phones() == {"989121110002"}


def test_import_from_a_sheet_and_export_to_excel(tmp_path: Path) -> None:
    listed = SuppressionList(tmp_path / "s.csv")
    done = listed.import_sheet(SAMPLES / "contacts.xlsx")
    assert done.added == 14 and done.invalid == 5
    out = listed.export(tmp_path / "s.xlsx")
    values = [row[0] for row in openpyxl.load_workbook(out).active.iter_rows(values_only=True)]
    assert values[0] == "phone" and len(values) == 15 and all(isinstance(v, str) for v in values)


def test_the_users_list_is_applied_when_a_sheet_is_checked() -> None:
    suppression_list().add(["09121110003"])
    checked = check_sheet(SAMPLES / "contacts.csv")
    row4 = next(v for v in checked.verdicts if v.row == 4)
    assert row4.verdict is Verdict.SUPPRESSED and reason_words(row4.reason) == "on the suppression list"
    assert checked.counts["suppressed"] == 1 and checked.counts["valid"] == 13
