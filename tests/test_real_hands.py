"""What people trying the window met (issue 17), each as they met it: a test send from
Review with a personalised message, Persian time pickers, a start in the past, the
keyboard alone, and Cancel that asks first and leaves a way to send the rest."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from PySide6.QtCore import QDateTime, Qt, QTime, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPlainTextEdit

from app.campaign import CampaignStatus
from app.sandbox import EmbeddedSandbox
from app.ui.main_window import MainWindow
from app.ui.time_edits import reversed_sections
from tests.helpers import SAMPLES, delivered
from tests.test_ui import run_in_qt_loop, shown_window


def answer_next_question(qapp: QApplication, button: QMessageBox.StandardButton) -> list[str]:
    """Press ``button`` on the next question box that opens; the list gets its text."""
    seen: list[str] = []

    def press() -> None:
        boxes = [w for w in qapp.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            QTimer.singleShot(20, press)
            return
        seen.append(boxes[0].text())
        boxes[0].button(button).click()

    QTimer.singleShot(20, press)
    return seen


def test_the_review_steps_test_button_fills_the_placeholders_from_the_preview_row(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> None:
            assert await page.recipients.open_sheet(SAMPLES / "contacts.xlsx")
            page.go(1)
            page.message.text_edit.setPlainText("سلام {{نام}}")
            page.message.preview_row.setValue(3)
            page.go(2)
            page.review.test_phone.setText("0912 111 0098")
            page.review.test_button.click()  # the button, not the wizard's own path
            for _ in range(200):
                if "Test sent" in page.review.status.text() or page.review.status.is_error:
                    break
                await asyncio.sleep(0.05)

        run_in_qt_loop(qapp, scenario)
        assert page.review.status.text() == "Test sent to 989121110098.", page.review.status.text()
    assert [m["text"] for m in delivered(sandbox, "989121110098")] == ["سلام زهرا"]


def test_persian_times_and_dates_read_as_persian_readers_write_them(qapp: Any, qtbot: Any,
                                                                    sandbox: EmbeddedSandbox) -> None:
    assert reversed_sections("yyyy/MM/dd HH:mm") == "mm:HH dd/MM/yyyy"
    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        review = window.campaign.review
        review.quiet_from.setTime(QTime(17, 44))
        assert review.quiet_from.text() == "۱۷:۴۴" and review.quiet_from.time() == QTime(17, 44)
        assert review.quiet_to.text() == "۰۸:۰۰"
        review.start_edit.setDateTime(QDateTime(2026, 11, 23, 13, 26, 0))  # 1405/09/02 in the Jalali calendar
        assert review.start_edit.text() == "۱۴۰۵/۰۹/۰۲ ۱۳:۲۶"
        assert review.start_edit.dateTime() == QDateTime(2026, 11, 23, 13, 26, 0)
        review.grab().save(str(_screenshots() / "review-pickers-fa.png"))


def _screenshots() -> Any:
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "build" / "test-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_start_in_the_past_is_refused_with_a_sentence(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> None:
            assert await page.recipients.open_sheet(SAMPLES / "contacts.csv")
            page.go(1)
            page.message.text_edit.setPlainText("hi")
            page.go(2)

        run_in_qt_loop(qapp, scenario)
        past = datetime.now(ZoneInfo("Asia/Tehran")) - timedelta(hours=2)
        page.review.start_later.setChecked(True)
        page.review.start_edit.setDateTime(QDateTime(past.year, past.month, past.day, past.hour, past.minute, 0))
        page.go(3)
        assert page.steps.currentIndex() == 2
        assert "The start time is in the past" in page.message_line.text() and page.message_line.is_error


def test_the_wizard_by_keyboard_alone(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign
        run_in_qt_loop(qapp, lambda: page.recipients.open_sheet(SAMPLES / "contacts.csv"))
        table = page.recipients.table
        table.setFocus()
        qtbot.keyClick(table, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is not table  # Tab leaves the verdict table
        qtbot.keyClick(page.recipients.column_combo, Qt.Key.Key_Return)  # Enter is Next
        assert page.steps.currentIndex() == 1
        text = page.message.text_edit
        text.setFocus()
        qtbot.keyClicks(text, "hi")
        qtbot.keyClick(text, Qt.Key.Key_Tab)
        assert "\t" not in text.toPlainText() and QApplication.focusWidget() is not text
        qtbot.keyClick(text, Qt.Key.Key_Return)  # a new line in the message, not Next
        assert page.steps.currentIndex() == 1
        qtbot.keyClick(page.message, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
        assert page.steps.currentIndex() == 2
        qtbot.keyClick(page.review, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
        assert page.steps.currentIndex() == 1
        assert all(not isinstance(w, QPlainTextEdit) or w.tabChangesFocus() for w in window.findChildren(QPlainTextEdit))


def test_cancel_asks_first_and_the_rest_can_be_sent_as_a_new_campaign(qapp: Any, qtbot: Any,
                                                                      sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> tuple[list[str], list[str], Any]:
            assert await page.recipients.open_sheet(SAMPLES / "contacts.csv")
            page.go(1)
            page.message.text_edit.setPlainText("hi {{نام}}")
            page.go(2)
            page.review.rate_spin.setValue(120)  # one every 0.5 s: time to pause
            sending = asyncio.ensure_future(page.send())
            while page.campaign_id is None or window.context.journal.counts(page.campaign_id)["sent"] < 2:
                await asyncio.sleep(0.05)
            page.send_step.pause_button.click()
            await sending
            assert window.context.journal.campaign(page.campaign_id).status == CampaignStatus.PAUSED
            assert page.send_step.cancel_button.isEnabled()  # a paused campaign can be cancelled
            declined = answer_next_question(qapp, QMessageBox.StandardButton.No)
            assert not await page.send_step.cancel()
            accepted = answer_next_question(qapp, QMessageBox.StandardButton.Yes)
            assert await page.send_step.cancel()
            assert page.send_step.rest_button.isVisible()
            return declined, accepted, await page.send_rest(page.campaign_id)

        declined, accepted, rest = run_in_qt_loop(qapp, scenario)
        assert "recipients have not been sent yet" in declined[0] and accepted
        journal = window.context.journal
        first = journal.campaigns()[1]
        assert first.status == CampaignStatus.CANCELLED
        assert rest is not None and rest.status == CampaignStatus.FINISHED
    phones = [m["phone_number"] for m in delivered(sandbox)]
    assert len(phones) == len(set(phones)) == 13  # everyone once: the rest went out, nobody twice
