"""What people trying the window met (issue 17), each as they met it: a test send from
Review with a personalised message, Persian time pickers, a start in the past, the
keyboard alone, and Cancel that asks first and leaves a way to send the rest."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from PySide6.QtCore import QDateTime, Qt, QTime
from PySide6.QtWidgets import QApplication, QMessageBox, QPlainTextEdit

from app.jobs.store import open_store
from app.campaign import CampaignStatus
from app.sandbox import EmbeddedSandbox
from app.ui.time_edits import reversed_sections
from tests.helpers import SAMPLES, delivered
from tests.helpers.qt import answer_next_question, run_in_qt_loop, shown_window, until


async def compose(page: Any, text: str, sheet: str = "contacts.csv") -> None:
    """Open a sample sheet, write ``text`` and go to Review, as a person would."""
    assert await page.recipients.open_sheet(SAMPLES / sheet)
    page.go(1)
    page.message.text_edit.setPlainText(text)
    page.go(2)


def test_the_review_steps_test_button_fills_the_placeholders_from_the_preview_row(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> None:
            await compose(page, "سلام {{نام}}", "contacts.xlsx")
            page.go(1)
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


def test_a_repeat_inside_the_quiet_hours_is_refused_with_a_persian_sentence(qapp: Any, qtbot: Any,
                                                                            sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        page = window.campaign
        run_in_qt_loop(qapp, lambda: compose(page, "سلام"))
        review = page.review
        review.quiet_check.setChecked(True)
        review.quiet_from.setTime(QTime(22, 0))
        review.quiet_to.setTime(QTime(8, 0))
        picker = review.repeat_picker
        picker.every.setCurrentIndex(picker.every.findData("day"))
        picker.at.setTime(QTime(23, 30))
        page.go(3)
        assert page.steps.currentIndex() == 2 and page.message_line.is_error
        said = page.message_line.text()
        assert "ساعت‌های سکوت" in said and "۲۳:۳۰" in said and "۰۸:۰۰" in said and "۲۲:۰۰" in said, said
        picker.at.setTime(QTime(9, 0))
        assert review.problem() is None


def test_a_start_in_the_past_is_refused_with_a_sentence(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        run_in_qt_loop(qapp, lambda: compose(page, "hi"))
        past = datetime.now(ZoneInfo("Asia/Tehran")) - timedelta(hours=2)
        page.review.start_later.setChecked(True)
        page.review.start_edit.setDateTime(QDateTime(past.year, past.month, past.day, past.hour, past.minute, 0))
        page.go(3)
        assert page.steps.currentIndex() == 2
        assert "The start time is in the past" in page.message_line.text() and page.message_line.is_error


def test_a_panels_shortcut_puts_the_keyboard_in_the_panel_where_it_was_left(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        window.nav.setFocus()
        qtbot.keyClick(window.nav, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
        quick = window.quick
        assert window.pages.currentWidget() is quick
        assert QApplication.focusWidget() is quick.phone_edit  # typed into at once, not the list of panels
        qtbot.keyClicks(QApplication.focusWidget(), "0912 111 0001")
        assert quick.phone_edit.text() == "0912 111 0001"
        quick.text_edit.setFocus()
        qtbot.keyClick(quick.text_edit, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
        assert window.campaign.isAncestorOf(QApplication.focusWidget())
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
        assert QApplication.focusWidget() is quick.text_edit  # back where it was left


def test_the_keyboard_follows_the_wizard_from_a_sheet_opened_from_the_menu_to_each_step_shown(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        window.nav.setFocus()  # where the keyboard is when File > Open the sample sheet is chosen

        async def open_the_sample() -> bool:
            return await window.open_sample()  # the menu's slot: a task

        assert run_in_qt_loop(qapp, open_the_sample)
        page = window.campaign
        assert QApplication.focusWidget() is page.recipients.column_combo
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert page.steps.currentIndex() == 1
        assert QApplication.focusWidget() is page.message.text_edit  # typed into at once
        qtbot.keyClicks(page.message.text_edit, "hi")
        qtbot.keyClick(page.message.text_edit, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
        assert page.steps.currentIndex() == 2
        assert page.review.isAncestorOf(QApplication.focusWidget())  # not left on the hidden step
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
        assert QApplication.focusWidget() is page.message.text_edit
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
        assert page.steps.currentIndex() == 0


def test_enter_on_a_campaign_in_history_opens_its_results(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def send() -> Any:
            await compose(page, "hi {{نام}}")
            page.review.rate_spin.setValue(0)
            return await page.send()

        sent = run_in_qt_loop(qapp, send)
        assert sent is not None
        page.new_campaign()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        qtbot.keyClick(window.nav, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)  # History
        history = window.history
        assert window.pages.currentWidget() is history
        history.table.setFocus()
        # Found by hand: nothing was chosen, and Resume asked for a choice; the newest is now.
        qtbot.waitUntil(lambda: history.table.selectionModel().selectedRows() != [])
        qtbot.keyClick(history.table, Qt.Key.Key_Return)
        assert window.pages.currentWidget() is page and page.steps.currentIndex() == 4
        assert page.results.campaign_id == sent.campaign_id


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
        send, review = page.send_step, page.review
        keys = {b.text(): b.shortcut().toString() for b in (send.start_button, send.pause_button, send.resume_button,
                                                            send.cancel_button, review.test_button)}
        assert all(keys.values()), keys  # every action of the send and review steps has its keys


def test_cancel_asks_first_and_the_rest_can_be_sent_as_a_new_campaign(qapp: Any, qtbot: Any,
                                                                      sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> tuple[list[str], list[str], Any]:
            await compose(page, "hi {{نام}}")
            page.review.rate_spin.setValue(120)  # one every 0.5 s: time to pause
            sending = asyncio.ensure_future(page.send())
            while page.campaign_id is None or window.context.journal.recipients.counts(page.campaign_id).sent < 2:
                await asyncio.sleep(0.05)
            page.send_step.pause_button.click()
            await sending
            assert window.context.journal.campaigns.get(page.campaign_id).status == CampaignStatus.PAUSED
            await until(lambda: page.send_step.cancel_button.isEnabled())  # a paused one can be cancelled (as read)
            declined = answer_next_question(qapp, QMessageBox.StandardButton.No)
            assert not await page.send_step.cancel()
            accepted = answer_next_question(qapp, QMessageBox.StandardButton.Yes)
            assert await page.send_step.cancel()
            assert page.send_step.rest_button.isVisible()
            # Found by hand: the line under the log still said "paused" after the cancel.
            assert "cancelled" in page.send_step.status.text() and "paused" not in page.send_step.status.text()
            # Found by hand: the results called the rows a cancel left "pending", the history
            # "0 left"; the results file said "not sent".
            from app.ui.campaign.results import read_results

            cancelled = page.campaign_id
            page.results.show_read(read_results(window.context.journal, cancelled))
            assert " not sent" in page.results.summary.text() and "pending" not in page.results.summary.text()
            history = window.history
            await history.refresh()
            row = next(r for r in range(history.model.rowCount()) if history.model.campaign_id(r) == cancelled)
            left = str(history.model.index(row, history.model.COLUMNS.index("left")).data())
            assert left.endswith(" not sent") and left != "0 not sent"
            # Found by hand: the rest went out at once, without a question (a cancel asks).
            kept = answer_next_question(qapp, QMessageBox.StandardButton.No)
            assert await page.send_rest(page.campaign_id) is None
            assert len(window.context.journal.campaigns.all()) == 1  # no campaign made
            sent_on = answer_next_question(qapp, QMessageBox.StandardButton.Yes)
            rest = await page.send_rest(page.campaign_id)
            assert "recipients it never reached" in kept[0] and kept[1] == "&No" and sent_on
            return declined, accepted, rest

        declined, accepted, rest = run_in_qt_loop(qapp, scenario)
        assert "recipients have not been sent yet" in declined[0] and accepted
        assert declined[1] == "&No"  # Enter does not cancel a campaign
        journal = window.context.journal
        first = journal.campaigns.all()[1]
        assert first.status == CampaignStatus.CANCELLED
        assert rest is not None and rest.status == CampaignStatus.FINISHED
    phones = [m["phone_number"] for m in delivered(sandbox)]
    assert len(phones) == len(set(phones)) == 13  # everyone once: the rest went out, nobody twice


def test_new_campaign_starts_clean_and_a_fixed_error_goes(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign
        run_in_qt_loop(qapp, lambda: page.recipients.open_sheet(SAMPLES / "contacts.csv"))
        page.recipients.filter_combo.setCurrentIndex(page.recipients.filter_combo.findData("invalid"))
        page.go(1)
        page.message.kind_combo.setCurrentIndex(3)  # buttons
        page.message.button_editor.set_rows(())
        page.message.text_edit.setPlainText("hi")
        page.go(2)
        assert page.message.status.is_error  # no buttons yet
        page.message.kind_combo.setCurrentIndex(0)  # a kind without buttons: the problem is gone...
        assert not page.message.status.is_error and page.message.status.text() == ""  # ...and so is the red
        page.new_campaign()
        assert page.message.kind() == "text" and page.message.text_edit.toPlainText() == ""
        assert page.recipients.filter_combo.currentIndex() == 0 and page.recipients.model.rowCount() == 0
        run_in_qt_loop(qapp, lambda: page.recipients.open_sheet(SAMPLES / "contacts.csv"))
        page.go(1)
        page.message.text_edit.setPlainText("hello")
        page.go(2)
        assert page.steps.currentIndex() == 2, page.message_line.text()  # no "add at least one button"


def test_switching_language_keeps_the_step_the_log_and_the_start_time(qapp: Any, qtbot: Any,
                                                                        sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign
        run_in_qt_loop(qapp, lambda: page.recipients.open_sheet(SAMPLES / "contacts.csv"))
        page.go(1)
        page.message.text_edit.setPlainText("hi")
        page.go(2)
        later = datetime.now(ZoneInfo("Asia/Tehran")) + timedelta(days=1)
        page.review.start_later.setChecked(True)
        page.review.start_edit.setDateTime(QDateTime(later.year, later.month, later.day, 9, 30, 0))
        page.send_step.log_line("a line of the log")
        window.switch_language("fa")
        replacement = window.replaced_by
        assert replacement is not None
        qtbot.addWidget(replacement)
        new_page = replacement.campaign
        assert new_page.steps.currentIndex() == 2
        assert new_page.review.start_later.isChecked()
        assert new_page.review.start_edit.dateTime().time() == QTime(9, 30)
        assert "a line of the log" in new_page.send_step.log.toPlainText()
        if replacement.inbox is not None:
            replacement.inbox.stop()
        qapp.setProperty("main_window", None)  # later tests' windows are their own


def test_durations_read_in_hours_and_minutes_and_a_slowdown_is_told(qapp: Any, qtbot: Any,
                                                                     sandbox: EmbeddedSandbox) -> None:
    from app.campaign.engine import Progress
    from app.ui.formatting import duration_text

    assert [duration_text(s) for s in (40, 720, 23_608)] == ["40 s", "12 min", "6 h 33 min"]
    with shown_window(qtbot, qapp, sandbox.url) as window:
        step = window.campaign.send_step
        step.campaign_id = 1
        step.progress.setRange(0, 2000)
        counts = {"pending": 1700, "in_flight": 0, "sent": 300, "failed": 0, "unknown": 0, "skipped": 0,
                  "total": 2000}
        step._last_refresh = 0.0
        step._on_progress(Progress(1, counts, "running", rate_per_minute=340.0, pace_per_minute=270.0, slowed=True,
                                   limit=270.0, sharing=2))
        text = step.speed_label.text()
        assert "the service allows about 270 a minute; sharing it with 2 other campaigns" in text
        assert "about 6 min left" in text  # 1,700 at 270 a minute, not at the 340 achieved so far


async def test_a_scheduled_campaign_is_told_as_scheduled_and_a_dead_one_as_interrupted(
        sandbox: EmbeddedSandbox, tmp_path: Any) -> None:
    from datetime import timezone

    from app.api import SafirClient
    from app.campaign import CampaignEngine, Content
    from app.sandbox import DEMO_API_KEY
    from app.campaign.shown import ShownStatus, shown_status
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    start = (datetime.now(timezone.utc) + timedelta(hours=3)).isoformat()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url, start_at=start)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        engine = CampaignEngine(journal, client)
        running = asyncio.ensure_future(engine.run(campaign_id))
        while journal.campaigns.get(campaign_id).status != CampaignStatus.RUNNING:
            await asyncio.sleep(0.02)
        assert shown_status(journal, journal.campaigns.get(campaign_id)) == ShownStatus.SCHEDULED
        engine.pause()
        await running
    journal.control.set_status(campaign_id, CampaignStatus.RUNNING)  # as a killed process leaves it
    assert shown_status(journal, journal.campaigns.get(campaign_id)) == ShownStatus.INTERRUPTED
    assert delivered(sandbox) == []


def test_a_ready_campaign_its_sender_holds_is_told_as_being_sent_not_ready(sandbox: EmbeddedSandbox) -> None:
    """Found by a busy run: a background sender held a scheduled campaign for seconds before
    marking it running, and ``list`` told it "ready → resume" meanwhile."""
    from datetime import timezone

    from app.campaign import Content
    from app.campaign.lock import runner_identity
    from app.campaign.shown import ShownStatus, shown_status
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    start = (datetime.now(timezone.utc) + timedelta(hours=3)).isoformat()
    scheduled, now = (create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(text=text),
                                      bot_id=1001, base_url=sandbox.url, start_at=at)
                      for text, at in (("later", start), ("now", None)))
    for campaign_id, told in ((scheduled, ShownStatus.SCHEDULED), (now, ShownStatus.RUNNING)):
        assert shown_status(journal, journal.campaigns.get(campaign_id)) == ShownStatus.READY
        with open_store() as sender, sender.sending_session(campaign_id, runner_identity()):
            assert journal.campaigns.get(campaign_id).status == CampaignStatus.READY  # not marked yet
            assert shown_status(journal, journal.campaigns.get(campaign_id)) == told
        assert shown_status(journal, journal.campaigns.get(campaign_id)) == ShownStatus.READY


def test_closing_the_demo_while_the_inbox_fetches_logs_no_error(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox,
                                                                caplog: Any) -> None:
    import shiboken6

    with shown_window(qtbot, qapp, sandbox.url) as window:
        inbox = window.inbox
        assert inbox is not None

        async def scenario() -> int:
            fetching = asyncio.ensure_future(inbox.refresh())
            await asyncio.sleep(0)  # the request is on its way
            window.inbox = None  # the fixture must not touch the dock deleted below
            inbox.close()
            inbox.deleteLater()  # the window closed: the dock is gone before the answer lands
            await asyncio.sleep(0.05)
            assert not shiboken6.isValid(inbox)
            return await fetching

        with caplog.at_level("ERROR"):
            assert run_in_qt_loop(qapp, scenario) == 0
        assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_two_inbox_fetches_at_once_show_each_delivery_once(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    from app.api import MessageData, SafirClient
    from app.sandbox import DEMO_API_KEY

    with shown_window(qtbot, qapp, sandbox.url) as window:
        inbox = window.inbox
        assert inbox is not None
        inbox.timer.stop()  # the two fetches below stand for the timer's and a caller's

        async def scenario() -> tuple[list[int], int]:
            async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
                for number in range(3):
                    await client.send_message(bot_id=1001, phone_number=f"98912700{number + 1:04d}",
                                              message_data=MessageData.text(f"hi {number}"))
            shown = list(await asyncio.gather(inbox.refresh(), inbox.refresh()))
            async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
                await client.send_message(bot_id=1001, phone_number="989127009999",
                                          message_data=MessageData.text("one more"))
            return shown, await inbox.refresh()

        shown, later = run_in_qt_loop(qapp, scenario)
    assert shown == [3, 3] and later == 4
    assert len(delivered(sandbox)) == 4


def test_field_names_become_words_and_addresses_stay_left_to_right(qapp: Any, qtbot: Any,
                                                                   sandbox: EmbeddedSandbox) -> None:
    from app.ui.bidi import LeftToRightDelegate
    from app.ui.campaign.button_editor import ButtonEditor
    from app.ui.texts import field_words

    assert field_words("buttons[0][1].url") == "button 2 of row 1 (address)"
    assert field_words("message_data.message.reply_markup.inline_keyboard[2][0].text") == "button 1 of row 3 (label)"
    assert "{{name}}" in field_words("text_fields.name") and field_words("text_fields.name").startswith("template field")
    assert field_words("message_data.message.text") == "the text"
    with shown_window(qtbot, qapp, sandbox.url, "fa"):
        editor = ButtonEditor()
        qtbot.addWidget(editor)
        editor.add_button(0, "سایت", "url", "a=1?{{ردیف}}/https://shop.example.ir")
        assert isinstance(editor.tree.itemDelegateForColumn(2), LeftToRightDelegate)
        assert editor.tree.topLevelItem(0).text(0) == "ردیف ۱"  # Persian digits in row labels
        assert "ردیف ۱، دکمهٔ ۱" in editor.problems()[0] and "\u2066https://\u2069" in editor.problems()[0]
        assert "\u2066https://" not in field_words("buttons[0][0].url")
        editor.resize(700, 200)
        editor.grab().save(str(_screenshots() / "button-editor-fa.png"))


def test_qt_speaks_persian_and_the_jalali_calendar_rests_on_friday(qapp: Any, qtbot: Any,
                                                                   sandbox: EmbeddedSandbox) -> None:
    from PySide6.QtCore import QCoreApplication

    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        assert QCoreApplication.translate("QFileDialog", "Look in:") != "Look in:"  # Qt's own dialogs
        calendar = window.campaign.review.start_edit.calendarWidget()
        assert calendar.firstDayOfWeek() == Qt.DayOfWeek.Saturday
        friday = calendar.weekdayTextFormat(Qt.DayOfWeek.Friday).foreground().color()
        saturday = calendar.weekdayTextFormat(Qt.DayOfWeek.Saturday).foreground().color()
        assert friday.name() == "#b71c1c" and saturday.name() != "#b71c1c"
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "Look in:"  # and English again after


async def test_the_rate_shown_never_exceeds_the_rate_set(sandbox: EmbeddedSandbox) -> None:
    from app.api import SafirClient
    from app.campaign import CampaignEngine, Content
    from app.campaign.engine import Progress
    from app.sandbox import DEMO_API_KEY
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url, rate_per_minute=600, in_flight=4)
    shown: list[float] = []

    def on_progress(progress: Progress) -> None:
        if progress.state == "sent":
            shown.append(progress.rate_per_minute)

    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        await CampaignEngine(journal, client, on_progress=on_progress).run(campaign_id)
    assert len(shown) == 13
    assert max(shown) <= 600 * 1.05, shown  # not 900 after the first three, as before


def test_a_failed_connection_test_reads_red(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url) as window:
        profiles = window.profiles
        profiles.name_edit.setText("office")
        profiles.url_edit.setText("http://safir.example")  # plain http to a remote host
        text = run_in_qt_loop(qapp, profiles.test_connection)
        assert "failed" in text and "#b71c1c" in profiles.outcome.styleSheet()


def test_the_button_rules_have_one_home_the_editor_and_the_campaign_agree(qtbot: Any) -> None:
    import pytest

    from app.campaign import ButtonSpec, Content, ContentError, button_problems
    from app.ui.campaign.button_editor import ButtonEditor

    cases = [ButtonSpec("ok", url="https://x.ir"), ButtonSpec("", url="https://x.ir"), ButtonSpec("no action"),
             ButtonSpec("scheme", url="x.ir/a"), ButtonSpec("per row", url="{{link}}"),
             ButtonSpec("app", web_app_url="ftp://x"), ButtonSpec("copy", copy_text="OFF")]
    for button in cases:
        editor = ButtonEditor()
        qtbot.addWidget(editor)
        action = "url" if button.url else "web_app" if button.web_app_url else "copy_text"
        editor.add_button(0, button.text, action, button.url or button.web_app_url or button.copy_text)
        assert len(editor.problems()) == len(button_problems(button)), button
        content = Content(kind="buttons", text="hi", buttons=((button,),))
        if button_problems(button):
            with pytest.raises(ContentError):
                content.check(["link"])
        else:
            content.check(["link"])


def test_a_persian_results_workbook_from_a_csv_is_named_and_reads_right_to_left(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox, tmp_path: Any) -> None:
    import openpyxl

    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        page = window.campaign

        async def scenario() -> bool:
            await compose(page, "سلام {{نام}}")
            page.review.rate_spin.setValue(0)
            await page.send()
            return await page.results.export_results(tmp_path / "out.xlsx")

        assert run_in_qt_loop(qapp, scenario)
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx").active
    assert sheet is not None and sheet.title == "نتایج" and sheet.sheet_view.rightToLeft


def test_the_buttons_page_fits_a_1366_by_768_laptop_in_persian(qapp: Any, qtbot: Any,
                                                                sandbox: EmbeddedSandbox) -> None:
    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        page = window.campaign
        page.steps.setCurrentIndex(1)
        page.message.kind_combo.setCurrentIndex(3)  # buttons: the tallest message page
        for row in range(4):
            page.message.button_editor.add_button(row, "دکمه", "url", "https://example.ir")
        qapp.processEvents()
        assert window.minimumSizeHint().height() <= 768 - 48  # the screen less a taskbar


def test_review_and_a_dry_run_say_how_many_already_got_this_message(qapp: Any, qtbot: Any,
                                                                     sandbox: EmbeddedSandbox) -> None:
    from tests.helpers.cli import run

    with shown_window(qtbot, qapp, sandbox.url) as window:
        page = window.campaign

        async def scenario() -> str:
            await compose(page, "hi {{نام}}")
            page.review.rate_spin.setValue(0)
            await page.review.repeats_found()  # nobody yet: no campaign has been made
            assert page.review.looks.repeats is None
            await page.send()
            page.go(2)  # back to Review: the campaign just made is no repeat of itself
            assert await page.review.repeats_found() is None, page.review.review_label.text()
            assert "already got" not in page.review.review_label.text()
            page.new_campaign()
            await compose(page, "hi {{نام}}")  # the same sheet and message again
            assert await page.review.repeats_found() is not None
            return page.review.review_label.text()

        text = run_in_qt_loop(qapp, scenario)
        assert "13 of these 14 recipients already got this message" in text, text  # not the one that failed
    dry = run("send", str(SAMPLES / "contacts.csv"), "--base-url", sandbox.url, "--bot-id", "1001",
              "--text", "hi {{نام}}", "--dry-run")
    assert dry.returncode == 0 and "warning: 13 of the 14 recipients already got this message" in dry.stdout


def test_review_in_persian_tells_recipients_still_to_get_it_from_a_waiting_campaign_from_those_who_got_it(
        qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox) -> None:
    from app.campaign import Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        page = window.campaign
        # A campaign of the same sheet and message, made but not sent (as one paused at its start).
        waiting = create_campaign(window.context.journal, check_sheet(SAMPLES / "contacts.csv"),
                                  content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001,
                                  base_url=sandbox.url)

        async def scenario() -> str:
            await compose(page, "سلام {{نام}}")
            found = await page.review.repeats_found()
            assert found is not None and found.waiting == found.count == 14
            return page.review.review_label.text()

        text = run_in_qt_loop(qapp, scenario)
    assert "۱۴ نفر از این ۱۴ گیرنده" in text and "هنوز باید بگیرند" in text, text
    assert "کارزار " + str(waiting).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")) in text, text
    assert "گرفته‌اند (آخرین بار" not in text  # not the sentence of those who got it


@pytest.mark.parametrize("language", ["en", "fa"])
def test_every_panel_name_is_whole_in_a_narrow_window(qapp: Any, qtbot: Any, sandbox: EmbeddedSandbox,
                                                      language: str) -> None:
    with shown_window(qtbot, qapp, sandbox.url, language) as window:
        window.resize(window.minimumSizeHint().width(), 700)  # as narrow as it goes
        qapp.processEvents()
        nav = window.nav
        assert nav.viewport().width() >= nav.sizeHintForColumn(0), (nav.viewport().width(), nav.sizeHintForColumn(0))


@pytest.mark.parametrize("language", ["en", "fa"])
def test_quick_sends_recent_table_keeps_its_details_across_the_width_after_a_failure(
        qtbot: Any, qapp: QApplication, sandbox: EmbeddedSandbox, language: str) -> None:
    with shown_window(qtbot, qapp, sandbox.url, language) as window:
        window.resize(1366, 740)
        quick = window.quick
        window.nav.setCurrentRow(window.pages.indexOf(quick))

        async def scenario() -> None:
            for text in ("hello", "again"):
                quick.phone_edit.setText("0912 111 0000")  # the sandbox's number with no Bale account
                quick.text_edit.setPlainText(text)
                await quick.send()
            await asyncio.sleep(0.1)

        run_in_qt_loop(qapp, scenario)
        table = quick.recent
        assert table.rowCount() == 2 and table.item(0, 3).text()
        header = table.horizontalHeader()
        used = sum(header.sectionSize(c) for c in range(table.columnCount()))
        assert used >= table.viewport().width() - 1  # the details column reaches the far edge
        for column in range(3):
            assert header.sectionSize(column) >= header.sectionSizeHint(column)  # no header cut short


def test_space_on_start_leaves_the_keyboard_on_pause_and_space_again_pauses(qapp: Any, qtbot: Any,
                                                                             sandbox: EmbeddedSandbox) -> None:
    """Found by hand: after Space on Start the keyboard went where nothing showed it, and
    Pause took six Tabs through the inbox and the list of panels."""
    from tests.helpers.qt import compose as compose_at

    with shown_window(qtbot, qapp, sandbox.url) as window:
        send = window.campaign.send_step

        async def scenario() -> int | None:
            await compose_at(window, "contacts.csv", "hi {{نام}}", rate=6)
            window.campaign.go(3)
            window.activateWindow()
            await until(lambda: QApplication.activeWindow() is window)
            send.start_button.setFocus()
            qtbot.keyClick(send.start_button, Qt.Key.Key_Space)
            await until(lambda: send.pause_button.isEnabled() and QApplication.focusWidget() is send.pause_button)
            campaign_id = send.campaign_id
            await until(lambda: delivered(sandbox))  # under way
            qtbot.keyClick(send.pause_button, Qt.Key.Key_Space)  # asked of its process once it runs, if it starts still
            journal = window.context.journal
            await until(lambda: campaign_id is not None and not window.runs.is_sending(campaign_id)
                        and not window.runs.is_starting(campaign_id)
                        and journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED)
            return campaign_id

        campaign_id = run_in_qt_loop(qapp, scenario)
    with open_store() as journal:
        assert campaign_id is not None and journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED


def test_the_button_with_the_keyboard_has_a_ring_the_default_button_has_not(qapp: Any, qtbot: Any) -> None:
    """Found by hand: a focused button looked like the default one (Next, Start), so a
    keyboard user could not tell where Space would act."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

    from app.ui.focus_ring import RING_INSET, install_focus_ring

    before = qapp.style().name()
    install_focus_ring(qapp)
    try:
        box = QWidget()
        qtbot.addWidget(box)
        row = QHBoxLayout(box)
        default, focused = QPushButton("Next"), QPushButton("Pause")
        default.setDefault(True)
        row.addWidget(default)
        row.addWidget(focused)
        box.show()
        box.activateWindow()
        focused.setFocus()
        qtbot.waitUntil(focused.hasFocus)
        highlight = box.palette().color(QPalette.ColorRole.Highlight)

        def ringed(button: QPushButton) -> bool:
            image = button.grab().toImage()
            x, y = RING_INSET + 1, image.height() // 2  # on the ring's left side
            seen = QColor(image.pixel(x, y))
            far = abs(seen.red() - highlight.red()) + abs(seen.green() - highlight.green())
            return far + abs(seen.blue() - highlight.blue()) < 90

        assert ringed(focused) and not ringed(default)
        default.setFocus()
        qtbot.waitUntil(default.hasFocus)
        assert ringed(default) and not ringed(focused)
    finally:
        qapp.setStyle(before)


@pytest.mark.parametrize("kind", ["QLineEdit", "QComboBox", "QSpinBox", "QCheckBox"])
def test_a_field_or_check_box_with_the_keyboard_has_a_ring(qapp: Any, qtbot: Any, kind: str) -> None:
    """Found by hand: a focused field had a faint border, a check box a dotted frame."""
    from PySide6 import QtWidgets
    from PySide6.QtGui import QColor, QPalette

    from app.ui.focus_ring import FIELD_INSET, install_focus_ring

    before = qapp.style().name()
    install_focus_ring(qapp)
    try:
        box = QtWidgets.QWidget()
        qtbot.addWidget(box)
        row = QtWidgets.QVBoxLayout(box)
        field, other = getattr(QtWidgets, kind)(), QtWidgets.QLineEdit()
        if isinstance(field, QtWidgets.QCheckBox):
            field.setText("Start later")
        row.addWidget(field)
        row.addWidget(other)
        box.show()
        box.activateWindow()
        highlight = box.palette().color(QPalette.ColorRole.Highlight)

        def ringed() -> bool:
            image = field.grab().toImage()
            inset = 0 if isinstance(field, QtWidgets.QCheckBox) else FIELD_INSET  # around a check box's text
            seen = QColor(image.pixel(image.width() // 2, inset + 1))  # on the ring's top side
            far = abs(seen.red() - highlight.red()) + abs(seen.green() - highlight.green())
            return far + abs(seen.blue() - highlight.blue()) < 90

        other.setFocus()
        qtbot.waitUntil(other.hasFocus)
        assert not ringed()
        field.setFocus()
        qtbot.waitUntil(field.hasFocus)
        assert ringed()
    finally:
        qapp.setStyle(before)


def test_resume_in_history_takes_the_keyboard_to_the_campaigns_send_step(qapp: Any, qtbot: Any,
                                                                         sandbox: EmbeddedSandbox) -> None:
    # Found by hand: after Resume in History the keyboard was on New campaign (on X11;
    # offscreen, on the log); one Space more started a new draft.
    with shown_window(qtbot, qapp, sandbox.url) as window:
        page, history = window.campaign, window.history

        async def paused() -> int:
            await compose(page, "hi {{نام}}")
            page.review.rate_spin.setValue(120)
            sending = asyncio.ensure_future(page.send())
            while page.campaign_id is None or window.context.journal.recipients.counts(page.campaign_id).sent < 1:
                await asyncio.sleep(0.05)
            page.send_step.pause_button.click()
            await sending
            return page.campaign_id

        campaign_id = run_in_qt_loop(qapp, paused)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        qtbot.keyClick(window.nav, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)  # History
        qtbot.waitUntil(lambda: history.model.campaign_id(0) == campaign_id and history.table.selectionModel()
                        .selectedRows() != [])

        async def resume_then_pause() -> Any:
            history.resume_button.setFocus()
            qtbot.keyClick(history.resume_button, Qt.Key.Key_Space)
            await until(lambda: window.pages.currentWidget() is page)
            focus = QApplication.focusWidget()
            await until(lambda: page.send_step.pause_button.isEnabled())
            page.send_step.pause_button.click()
            await until(lambda: not window.runs.is_sending(campaign_id))
            from app.ui.campaign import runs
            resumed = window.runs.run_of(campaign_id)
            assert resumed is not None  # its own sender process: waited for to its exit
            await until(lambda: not resumed.starting and not resumed.following
                        and all(sender.poll() is not None for sender in runs._finishing))
            return focus

        focus = run_in_qt_loop(qapp, resume_then_pause)
        step = page.send_step
        assert focus in (step.start_button, step.pause_button, step.resume_button), focus  # the log, a Tab away
