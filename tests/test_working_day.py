"""A working day in the window, against a real sandbox that refuses more than a few
messages a second: a campaign above the service's limit finishes; a second one is
prepared and sent in the same session; History reaches a campaign being sent and its
controls; a paused campaign resumes from History; a language switch keeps the draft and
the running campaign; closing while sending asks first."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from app.campaign import CampaignStatus
from app.sandbox import EmbeddedSandbox
from app.ui.main_window import MainWindow
from tests.helpers import delivered, fast_settings, said
from tests.helpers.qt import compose, run_in_qt_loop, until


@pytest.fixture
def limited() -> Iterator[EmbeddedSandbox]:
    """A sandbox that answers "too many requests" above 5 messages a second."""
    with EmbeddedSandbox(fast_settings(burst_per_second=5)) as running:
        yield running


@pytest.fixture
def window_sandbox(limited: EmbeddedSandbox) -> EmbeddedSandbox:
    """The window of these tests is shown on the limited sandbox."""
    return limited


def test_a_campaign_above_the_services_limit_finishes_at_the_pace_it_learned(
        qapp: Any, window: MainWindow, limited: EmbeddedSandbox) -> None:
    """A working day, 1: twice the service's pace; the pacer slows down to what the
    sandbox takes, and the campaign finishes."""
    page = window.campaign

    async def scenario() -> Any:
        await compose(window, "contacts.xlsx", "سلام {{نام}}", rate=600)
        told: set[str] = set()

        async def listen() -> None:  # what the send step says while a process of its own sends
            while True:
                told.add(page.send_step.speed_label.text())
                await asyncio.sleep(0.05)

        listening = asyncio.ensure_future(listen())
        first = await page.send()
        listening.cancel()
        # The window follows the sender through the journal, and the pace it learned with it.
        assert any("the service allows about" in line for line in told), told
        assert page.steps.currentIndex() == 4 and "Campaign" in page.results.summary.text()
        page.new_campaign()
        assert page.steps.currentIndex() == 0 and page.draft.checked is None
        return first

    first = run_in_qt_loop(qapp, scenario)
    assert first.status == CampaignStatus.FINISHED
    assert first.counts.sent == 13 and first.counts.failed == 1


def test_history_reaches_a_campaign_being_sent_pauses_and_resumes_it_while_another_is_prepared(
        qapp: Any, window: MainWindow, limited: EmbeddedSandbox) -> None:
    """A working day, 2 and 3: a campaign sent slowly; while it sends, another is prepared
    from another sheet; History reaches the first's controls, pauses it and resumes it to
    the end, its chart kept across the resume."""
    page = window.campaign
    runs = window.runs

    async def scenario() -> tuple[int, Any, str]:
        await compose(window, "contacts.csv", "دومی {{نام}}", rate=120)
        page.go(3)
        assert page.send_step.start_button.isEnabled()
        sending = asyncio.ensure_future(page.send())
        await until(lambda: page.campaign_id is not None and runs.is_sending(page.campaign_id)
                    and page.context.journal.recipients.counts(page.campaign_id).sent >= 1)
        second_id = page.campaign_id
        assert second_id is not None
        # While it sends, a third is prepared from another sheet: the run goes on without the page.
        page.go(0)
        await compose(window, "contacts.xlsx", "سومی {{نام}}", rate=0)
        assert runs.is_sending(second_id)
        page.go(3)
        assert page.send_step.start_button.isEnabled() and page.campaign_id is None
        await asyncio.sleep(0.6)  # outcomes of the second campaign arrive meanwhile...
        statuses = {r["status"] for r in page.recipients.model.rows()}
        assert "sent" not in statuses and "valid" in statuses  # ...and never land in the third's table
        await window.history.refresh()
        window._open_results(second_id)  # History → Open results on the campaign being sent
        assert page.steps.currentIndex() == 3 and page.campaign_id == second_id
        assert "bold" in page.step_labels[3].styleSheet() and "bold" not in page.step_labels[0].styleSheet()
        assert page.send_step.pause_button.isEnabled() and page.send_step.cancel_button.isEnabled()
        page.send_step.pause_button.click()
        paused = await sending
        # Resume follows the campaign's status as read again in a worker thread (a loaded CI
        # run asked a moment before the read was back).
        await until(lambda: page.send_step.resume_button.isEnabled())
        # Resume from History: the same campaign goes on to the end.
        await window.history.refresh()
        points_before = list(runs.run_of(second_id).points)
        assert points_before  # the chart of the first stretch
        resumed = asyncio.ensure_future(window._resume(second_id))
        await until(lambda: runs.is_sending(second_id))
        assert page.send_step.pause_button.isEnabled()
        assert page.send_step.chart.points[:len(points_before)] == points_before  # history kept across resume
        await until(lambda: not runs.is_sending(second_id), seconds=90)
        await resumed
        return second_id, paused, page.context.journal.campaigns.get(second_id).status

    second_id, paused, second = run_in_qt_loop(qapp, scenario)
    assert paused.status == CampaignStatus.PAUSED
    assert second == CampaignStatus.FINISHED
    # Nothing was sent twice: every delivery of the second campaign is to a different phone.
    second_phones = [m["phone_number"] for m in delivered(limited) if str(m.get("text", "")).startswith("دومی")]
    assert len(second_phones) == len(set(second_phones)) == window.context.journal.recipients.counts(second_id).sent


def test_a_language_switch_keeps_the_draft_and_the_campaign_and_closing_while_sending_asks(
        qapp: Any, window: MainWindow, limited: EmbeddedSandbox) -> None:
    """A working day, 4 and 5: the language switched mid-draft keeps the draft, and a
    campaign keeps sending across it; closing while sending asks, "Stay open and keep
    sending" keeps the window and the campaign, "Pause and quit" pauses it."""
    page = window.campaign
    runs = window.runs

    async def scenario() -> Any:
        await compose(window, "contacts.csv", "چهارمی {{نام}}", rate=60)
        page.go(3)
        fourth = asyncio.ensure_future(page.send())
        await until(lambda: page.campaign_id is not None and runs.is_sending(page.campaign_id))
        fourth_id = page.campaign_id
        window.switch_language("fa")
        persian = qapp.property("main_window")
        assert persian is not window and persian.runs is runs and runs.is_sending(fourth_id)
        assert persian.campaign.message.text_edit.toPlainText() == "چهارمی {{نام}}"
        assert persian.campaign.draft.checked is page.draft.checked
        persian.campaign.go_to_send(fourth_id)
        assert persian.campaign.send_step.pause_button.isEnabled()
        persian.close()
        assert persian.isVisible() and runs.is_sending(fourth_id)
        question: QMessageBox = persian.close_question
        question.buttons()[1].click()  # keep sending
        await asyncio.sleep(0.05)
        assert persian.isVisible() and runs.is_sending(fourth_id)
        persian.close()
        persian.close_question.buttons()[0].click()  # pause and quit
        result = await fourth
        await until(lambda: not persian.isVisible())
        return result

    fourth = run_in_qt_loop(qapp, scenario)
    assert fourth.status == CampaignStatus.PAUSED
    assert "window was closed" in said(fourth.reason)


def test_a_scheduled_campaign_waits_with_a_countdown_in_history(qapp: Any, window: MainWindow,
                                                                limited: EmbeddedSandbox) -> None:
    page = window.campaign

    async def scenario() -> tuple[str, str, Any]:
        await compose(window, "contacts.csv", "زمان‌بندی‌شده {{نام}}", rate=60)
        page.review.start_later.setChecked(True)
        page.review.start_edit.setDateTime(page.review.start_edit.dateTime().addSecs(2 * 3600))
        assert page.draft.start_at.endswith("+03:30")  # Tehran time
        page.go(3)
        sending = asyncio.ensure_future(page.send())
        await until(lambda: "start time" in page.send_step.speed_label.text() and page.send_step.pause_button.isEnabled())
        await window.history.refresh()
        starts = window.history.model.index(0, window.history.model.COLUMNS.index("starts")).data()
        waiting = page.send_step.speed_label.text()
        page.send_step.pause_button.click()
        return starts, waiting, await sending

    starts, waiting, result = run_in_qt_loop(qapp, scenario)
    assert starts in ("in 2 h 59 min", "in 3 h 0 min"), starts  # the picker starts an hour ahead
    assert "waiting for the start time" in waiting
    assert result.status == CampaignStatus.PAUSED and result.counts.sent == 0
    assert delivered(limited) == []


def test_closing_with_a_scheduled_campaign_says_so_and_can_keep_it_in_the_tray(
        qapp: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QSystemTrayIcon

    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: True))
    page = window.campaign

    async def scenario() -> tuple[str, list[str], bool, bool, Any]:
        await compose(window, "contacts.csv", "فردا {{نام}}", rate=60)
        page.review.start_later.setChecked(True)
        page.go(3)
        sending = asyncio.ensure_future(page.send())
        await until(lambda: bool(window.scheduled_runs()))
        window.close()
        question = window.close_question
        text, choices = question.text(), [b.text() for b in question.buttons()]
        question.buttons()[1].click()  # keep sending from the tray
        await asyncio.sleep(0.05)
        hidden, still_sending = not window.isVisible(), window.runs.is_sending(page.campaign_id)
        window.tray.contextMenu().actions()[1].trigger()  # pause the campaigns and quit
        return text, choices, hidden, still_sending, await sending

    text, choices, hidden, still_sending, result = run_in_qt_loop(qapp, scenario)
    assert text.startswith("One campaign is being sent. Pause and quit?"), text
    assert "waits for its start time" in text and "only while the app is open" in text
    assert window.tray.toolTip() == "Safir campaign: one campaign sending"
    window.tray.show_sending(3)
    assert window.tray.toolTip() == "Safir campaign: 3 campaigns sending"
    assert choices == ["Pause and quit", "Keep sending from the system tray", "Stay open and keep sending"]
    assert hidden and still_sending
    assert result.status == CampaignStatus.PAUSED and window.finished
