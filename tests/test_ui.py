"""The window offscreen: models checked by qtmodeltester, and a whole campaign driven
through the window against a real sandbox."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import qasync
from PySide6.QtCore import Qt

from app import paths
from app.campaign import CampaignStatus, Journal
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.ui.main_window import Connection, MainWindow
from app.ui.models import ResultsModel
from tests.helpers import SAMPLES, delivered


def run_in_qt_loop(qapp: Any, scenario: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``scenario`` on a qasync loop, as the app does (never a blocking wait inside)."""
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(qapp)) as runner:
        return runner.run(scenario())


@pytest.fixture
def window(qtbot: Any, sandbox: EmbeddedSandbox) -> MainWindow:
    journal = Journal(paths.journal_path())
    main = MainWindow(Connection(sandbox.url, DEMO_API_KEY, 1001, demo=True), journal)
    qtbot.addWidget(main)
    main.show()
    return main


def test_results_model_passes_qtmodeltester(qtmodeltester: Any) -> None:
    model = ResultsModel()
    model.set_rows([
        {"row": 2, "phone_input": "0912", "phone": None, "status": "invalid", "error": "short"},
        {"row": 3, "phone_input": "09121234567", "phone": "989121234567", "status": "valid", "error": None},
    ])
    qtmodeltester.check(model)
    model.update_status(3, "sent")
    assert model.rows()[1]["status"] == "sent"


def test_a_whole_campaign_through_the_window(qapp: Any, window: MainWindow, sandbox: EmbeddedSandbox,
                                             tmp_path: Path) -> None:
    async def scenario() -> None:
        assert await window.open_sheet(SAMPLES / "contacts.xlsx")
        assert window.model.rowCount() == 20
        assert window.column_combo.currentText() == "موبایل"
        assert "14 valid" in window.counts_label.text()
        window.text_edit.setPlainText("سلام {{نام}}")
        assert window.preview_label.text() == "سلام علی"
        option = window.text_edit.document().defaultTextOption()
        assert option.textDirection() == Qt.LayoutDirection.RightToLeft  # Persian text runs right to left
        window.rate_spin.setValue(0)
        result = await window.send()
        assert result is not None and result.status == CampaignStatus.FINISHED
        assert await window.export_results(tmp_path / "out.xlsx")

    run_in_qt_loop(qapp, scenario)
    assert window.progress.value() == window.progress.maximum() == 14
    statuses = [window.model.rows()[i]["status"] for i in range(20)]
    assert statuses.count("sent") == 13 and statuses.count("failed") == 1
    assert len(delivered(sandbox)) == 13
    exported = list(openpyxl.load_workbook(tmp_path / "out.xlsx").active.iter_rows(values_only=True))
    assert len(exported) == 21 and sum(1 for r in exported if r[3] == "sent") == 13


def test_errors_are_plain_sentences_in_the_window(qapp: Any, window: MainWindow, tmp_path: Path) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_bytes(b"\x00\x01" * 50)

    async def scenario() -> None:
        assert not await window.open_sheet(broken)
        assert "not a text CSV" in window.statusBar().currentMessage()
        assert await window.open_sheet(SAMPLES / "contacts.csv")
        window.text_edit.setPlainText("{{nope}}")
        assert await window.send() is None
        assert "no such column" in window.statusBar().currentMessage()

    run_in_qt_loop(qapp, scenario)
