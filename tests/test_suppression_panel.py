"""The suppression list in the window, used as a support agent does: numbers typed or
pasted in any form, a wrong one told with why, found, taken off, a sheet's numbers added
and the list exported; a sheet opened afterwards skips what the panel listed. In English
and in Persian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.sandbox import EmbeddedSandbox
from app.ui.main_window import MainWindow
from app.jobs.suppression import suppression_list, typed_phones, unusable_phones
from tests.helpers import SAMPLES
from tests.helpers.cli import run
from tests.helpers.qt import run_in_qt_loop, shown_window


def test_typed_numbers_split_on_lines_and_commas_but_not_inside_a_number() -> None:
    assert typed_phones("0912 123 4567, 0935-222-0011\n۰۹۱۲۱۱۱۰۰۰۱،0912; \n") == [
        "0912 123 4567", "0935-222-0011", "۰۹۱۲۱۱۱۰۰۰۱", "0912"]
    assert [value for value, _ in unusable_phones(["0912 123 4567", "0912", "021 8877 6655"])] == [
        "0912", "021 8877 6655"]


def show_suppression(window: MainWindow) -> None:
    window.nav.setCurrentRow(window.pages.indexOf(window.suppression))


def test_a_support_agent_keeps_the_suppression_list_from_the_window(qapp: QApplication, qtbot: Any,
                                                                    sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        panel = window.suppression
        show_suppression(window)

        async def scenario() -> list[str]:
            said = []
            assert await panel.refresh() == 0
            panel.numbers_edit.setPlainText("0912 111 0003, 0912\n۰۹۳۵۲۲۲۰۰۰۸")  # pasted, one of them cut short
            said.append(await panel.add_typed())
            assert panel.status.is_error  # red: one of them was not added
            panel.find_edit.setText("111 0003")  # as the customer reads it out
            said.append(panel.count_label.text())
            panel.list.item(0).setSelected(True)
            said.append(await panel.take_off([item.text() for item in panel.list.selectedItems()]))
            panel.find_edit.clear()
            said.append(await panel.import_sheet(SAMPLES / "contacts.csv"))
            said.append(await panel.export(tmp_path / "suppressed.xlsx"))
            return said

        added, found, taken_off, imported, exported = run_in_qt_loop(qapp, scenario)
        assert added.startswith("2 added, 0 already on the list. Not a usable number: 0912 (")
        assert found == "1 of 2 numbers match."
        assert taken_off == "1 taken off the list." and not panel.status.is_error
        assert imported.startswith("contacts.csv: 13 added, 1 already on the list")  # 0935 222 0008 was listed
        assert "suppressed.xlsx" in exported
        assert panel.count_label.text() == "14 numbers are on the list." and panel.list.count() == 14
    workbook = openpyxl.load_workbook(tmp_path / "suppressed.xlsx").active
    assert workbook is not None and workbook.max_row == 15  # the header and the 14 numbers, as text
    assert suppression_list().phones() >= {"989352220008"} and "989121110003" in suppression_list().phones()


def test_a_number_listed_in_the_window_is_skipped_by_the_next_sheet(qapp: QApplication, qtbot: Any,
                                                                    sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        panel, recipients = window.suppression, window.campaign.recipients
        show_suppression(window)

        async def scenario() -> str:
            panel.numbers_edit.setPlainText("+98 912 111 0003")
            await panel.add_typed()
            assert await recipients.open_sheet(SAMPLES / "contacts.csv")
            return recipients.counts_label.text()

        assert "1 suppressed" in run_in_qt_loop(qapp, scenario)
        assert panel.numbers_edit.toPlainText() == ""  # added: the box is ready for the next request


def test_the_panel_in_persian_by_keyboard(qapp: QApplication, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        panel = window.suppression
        show_suppression(window)
        assert window.nav.currentItem().text() == "فهرست ممنوع"
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        panel.numbers_edit.setFocus()
        qtbot.keyClicks(panel.numbers_edit, "0912")
        qtbot.keyClick(panel.numbers_edit, Qt.Key.Key_Tab)  # Tab leaves the box for the next control, no tab typed
        assert panel.numbers_edit.toPlainText() == "0912" and QApplication.focusWidget() is panel.add_button

        said = run_in_qt_loop(qapp, panel.add_typed)
        assert "شمارهٔ نادرست" in said and "0912" in said and panel.status.is_error
        assert "wrong number" not in said  # the reason in Persian too


def test_a_number_listed_on_one_desktop_of_a_team_is_on_every_desktops_list(qtbot: Any, qapp: QApplication,
                                                                            team_store: str) -> None:
    from app.campaign.journal.team import TeamJournal
    from app.ui.application import make_context

    context = make_context(None)  # this desktop, on the team store
    try:
        assert isinstance(context.journal, TeamJournal)
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.suppression.numbers_edit.setPlainText("0912 111 0003")
        said = run_in_qt_loop(qapp, window.suppression.add_typed)
        assert said.startswith("1 added"), said
    finally:
        context.journal.close()
    other = run("suppression", "count")  # another desktop of the team, from the command line
    assert other.returncode == 0 and other.stdout.startswith("1 number on the suppression list"), other


def test_a_long_list_shows_its_first_numbers_and_find_reaches_any(qapp: QApplication, qtbot: Any,
                                                                  sandbox: EmbeddedSandbox) -> None:
    from app.ui.panels.suppression import SHOWN_AT_MOST

    suppression_list().add([f"0912{n:07d}" for n in range(SHOWN_AT_MOST + 500)])
    with shown_window(qtbot, qapp, sandbox.url) as window:
        panel = window.suppression
        assert run_in_qt_loop(qapp, panel.refresh) == SHOWN_AT_MOST + 500
        assert panel.list.count() == SHOWN_AT_MOST and f"The first {SHOWN_AT_MOST:,} are shown" in panel.count_label.text()
        panel.find_edit.setText("0912 000 1499")  # beyond the first ones shown
        assert [panel.list.item(i).text() for i in range(panel.list.count())] == ["989120001499"]
        assert panel.count_label.text() == f"1 of {SHOWN_AT_MOST + 500:,} numbers match."
