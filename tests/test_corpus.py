"""Every file of the messy corpus (tests/data/make_corpus.py) gets its expected verdicts,
or its one plain sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.contacts import SheetError, read_sheet, resolve_phone_column, validate

DATA = Path(__file__).resolve().parent / "data"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file(name: str) -> None:
    expected = EXPECTED[name]
    path = DATA / "corpus" / name
    if "error" in expected:
        with pytest.raises(SheetError, match=expected["error"]) as caught:
            resolve_phone_column(read_sheet(path), None)
        assert "\n" not in str(caught.value) and "Traceback" not in str(caught.value)
        return
    sheet = read_sheet(path)
    assert sheet.header_row == expected["header_row"]
    column = resolve_phone_column(sheet, None).column
    assert column == expected["phone_column"]
    verdicts = validate(sheet, column)
    assert [[v.row, v.verdict.value, v.phone] for v in verdicts] == expected["verdicts"]
    assert sum(verdicts.counts().values()) == len(sheet)


def test_a_huge_row_is_read_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    path.write_bytes(("name,mobile\r\n" + "x" * 3_000_000 + ",09121110001\r\nb,09121110002\r\n").encode())
    verdicts = validate(read_sheet(path), "mobile")
    assert [v.phone for v in verdicts] == ["989121110001", "989121110002"]


def test_a_file_deleted_while_reading_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "going.csv"
    path.write_text("mobile\n09121110001\n", encoding="utf-8")
    real = Path.read_bytes

    def vanish(self: Path) -> bytes:
        if self == path:
            self.unlink()
            raise FileNotFoundError(2, "No such file or directory")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", vanish)
    with pytest.raises(SheetError, match="disappeared while it was being read"):
        read_sheet(path)


def test_every_sheet_of_a_workbook_can_be_chosen() -> None:
    from app.contacts import list_sheets

    path = DATA / "corpus" / "plain.xlsx"
    assert list_sheets(path) == ["مشتریان", "خالی"]
    with pytest.raises(SheetError, match="empty"):
        read_sheet(path, "خالی")
