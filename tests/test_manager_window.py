"""A manager's rules in the window: a campaign that needs approval is not sent from the
wizard, History approves it (or rejects it with a sentence), then Resume sends it; the
review says how many recipients the frequency cap would skip."""

from __future__ import annotations

import asyncio
import getpass
import socket
from typing import Any, TypeVar

from PySide6.QtWidgets import QApplication, QInputDialog, QWidget

from app.campaign.approval import ApprovalRule, hash_password, set_approval_rule
from app.campaign.caps import FrequencyCap, frequency_cap, set_frequency_cap
from app.sandbox import EmbeddedSandbox
from app.ui.main_window import MainWindow
from tests.helpers import delivered
from tests.helpers.qt import compose, run_in_qt_loop

Shown = TypeVar("Shown", bound=QWidget)


async def until_shown(qapp: QApplication, kind: type[Shown]) -> Shown:
    """The first visible top-level widget of ``kind``, once one is shown (10 s at most)."""
    for _ in range(200):
        found = [w for w in qapp.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]
        if found:
            return found[0]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {kind.__name__} was shown")


def test_a_campaign_awaiting_approval_is_approved_in_history_then_sent(
        qapp: Any, office: MainWindow, slow_sandbox: EmbeddedSandbox) -> None:
    journal = office.context.journal
    # The one account of this machine made the campaign: it approves with the approver password only.
    set_approval_rule(journal, ApprovalRule(True, (f"{getpass.getuser()}@{socket.gethostname()}",),
                                            hash_password("manager's")))
    page, history = office.campaign, office.history

    async def scenario() -> tuple[str, str, str]:
        await compose(office, "contacts.csv", "سلام {{نام}}", 0)
        page.go(3)
        await page.send()
        refused = page.send_step.status.text()
        campaign_id = page.send_step.campaign_id
        assert campaign_id is not None
        office.nav.setCurrentRow(3)
        await history.refresh()
        assert history.approval.isVisible()
        row = next(r for r in range(history.model.rowCount()) if history.model.campaign_id(r) == campaign_id)
        shown = history.model.status(row)
        history.table.selectRow(row)
        own = await history.approval.decide(approve=True, confirmed=True, password="")
        assert "You made campaign" in own
        asked = asyncio.ensure_future(history.approval.decide(approve=False, password="manager's"))
        dialog = await until_shown(qapp, QInputDialog)
        assert dialog.okButtonText() == "Reject"  # not an OK that reads as approving
        dialog.setTextValue("the wrong list")
        dialog.accept()
        rejected = await asked
        assert "rejected" in rejected and delivered(slow_sandbox) == []
        await history.refresh()
        status = history.model.index(row, history.model.COLUMNS.index("status")).data()
        assert status.startswith("rejected by ") and status.endswith(": the wrong list"), status
        approved = await history.approval.decide(approve=True, confirmed=True, password="manager's")
        history.table.selectRow(row)
        office.nav.setCurrentRow(0)
        result = await page.send_step.run(campaign_id)
        assert result is not None and result.status == "finished", page.send_step.status.text()
        return refused, str(shown), approved

    refused, shown, approved = run_in_qt_loop(qapp, scenario)
    assert "awaits approval" in refused and shown == "awaiting approval" and "approved" in approved
    assert len(delivered(slow_sandbox)) > 0


def test_the_review_says_how_many_the_frequency_cap_would_skip(
        qapp: Any, office: MainWindow, slow_sandbox: EmbeddedSandbox) -> None:
    set_frequency_cap(office.context.journal, FrequencyCap(1, 30))
    page = office.campaign

    async def scenario() -> tuple[int, str]:
        await compose(office, "contacts.csv", "first {{نام}}", 0)
        page.go(3)
        first = await page.send()
        assert first is not None, (page.message_line.text(), page.send_step.status.text())
        page.new_campaign()
        await compose(office, "contacts.csv", "second {{نام}}", 0)
        await page.review.repeats_found()
        return first.counts.sent, page.review.review_label.text()

    sent, text = run_in_qt_loop(qapp, scenario)
    capped = page.review.looks.capped
    assert capped is not None and capped.count == sent and capped.total == sent + 1  # one has no Bale account
    assert f"{sent} of these {sent + 1} recipients already got as many messages as the frequency cap allows (1 in " \
           "30 days)" in text
    # the recipients' line counts the cap's skips off, rather than promising the message to all
    assert f"<b>1</b> of {sent + 1} recipients will get the message; the frequency cap skips the other {sent}." in text


def test_report_from_history_is_written_in_the_interfaces_language(
        qapp: Any, office: MainWindow, slow_sandbox: EmbeddedSandbox, tmp_path: Any) -> None:
    from pypdf import PdfReader

    from app.ui.application import apply_language
    from app.ui.report_action import write_report

    page = office.campaign

    async def scenario() -> tuple[str, str]:
        await compose(office, "contacts.csv", "سلام {{نام}}", 0)
        page.go(3)
        result = await page.send()
        assert result is not None
        office.context.settings.set("language", "fa")
        apply_language(qapp, "fa")
        try:
            said = await write_report(office.history, office.context, result.campaign_id, tmp_path / "r.pdf")
        finally:
            office.context.settings.set("language", "en")
            apply_language(qapp, "en")
        return said, "\n".join(p.extract_text() for p in PdfReader(tmp_path / "r.pdf").pages)

    said, text = run_in_qt_loop(qapp, scenario)
    assert "r.pdf" in said and "گزارش کارزار" in text and "قیف تحویل" in text
    with office.context.journal as journal:
        assert any(a["action"] == "report" for a in journal.audit_trail.entries())


def test_a_repeating_campaign_is_made_on_the_review_step_and_paused_in_its_panel(
        qapp: Any, office: MainWindow, slow_sandbox: EmbeddedSandbox) -> None:
    from app.campaign.repeat import Every, SeriesStatus, all_series, change_series

    page = office.campaign

    async def scenario() -> str:
        await compose(office, "contacts.csv", "هفتگی {{نام}}", 0)
        picker = page.review.repeat_picker
        picker.every.setCurrentIndex(picker.every.findData(Every.WEEK))
        picker.weekday.setCurrentIndex(picker.weekday.findData(5))  # Saturday
        assert page.draft.repeat is not None and page.draft.repeat.weekday == 5
        page.go(3)
        await page.send()
        said = page.message_line.text()
        assert not page.send_step.start_button.isEnabled()
        await page.send()  # a second Start makes nothing
        assert "New campaign starts another" in page.message_line.text()
        return said

    said = run_in_qt_loop(qapp, scenario)
    journal = office.context.journal
    (series,) = all_series(journal)
    try:
        page.new_campaign()  # a clean draft: no repeat, a text message, Start on again
        assert page.review.repeat_picker.rule() is None and page.draft.repeat is None
        assert page.message.kind() == "text" and page.message.button_editor.rows() == ()
        assert page.send_step.start_button.isEnabled() and page.review.looks.repeats is None
        assert "Repeating campaign" in said and "every Saturday at 10:00" in said, said
        assert series.rule.every is Every.WEEK and series.plan["sheet"].endswith("contacts.csv")
        assert journal.campaigns.all() == [] and delivered(slow_sandbox) == []  # nothing now: the first run is on Saturday
        panel = office.series
        office.nav.setCurrentRow(office.pages.indexOf(panel))
        assert panel.table.rowCount() == 1 and "Saturday" in panel.table.item(0, 2).text()
        assert panel.table.item(0, 5).text() == "none yet"
        run_id = journal.creation.create(name="weekly", kind="text", content={"kind": "text", "text": "x"},
                                         bot_id=1001, rate_per_minute=0, in_flight=1, base_url=slow_sandbox.url,
                                         recipients=[], approval="awaiting", series_id=series.id)
        run_in_qt_loop(qapp, panel.refresh)
        assert panel.table.item(0, 5).text() == f"campaign {run_id}: awaiting approval"
        journal.control.set_approval(run_id, "rejected", "boss@office", "wrong week")
        run_in_qt_loop(qapp, panel.refresh)
        assert panel.table.item(0, 5).text() == f"campaign {run_id}: rejected — wrong week"
        panel.table.selectRow(0)
        assert "paused" in run_in_qt_loop(qapp, lambda: panel.change(SeriesStatus.PAUSED))
    finally:
        change_series(journal, series.id, status=SeriesStatus.STOPPED)  # its runner stops within a look


def test_the_rules_box_sets_the_cap_and_approval_and_refuses_a_rule_nobody_could_approve(
        qapp: Any, office: MainWindow) -> None:
    from app.campaign.approval import approval_rule

    box = office.templates.rules
    box.approval_check.setChecked(True)
    box.approvers.setText("")
    assert "Nobody could approve" in run_in_qt_loop(qapp, box.save)
    box.cap_check.setChecked(True)
    box.cap_messages.setValue(3)
    box.cap_days.setValue(14)
    box.any_bot.setChecked(True)
    box.approvers.setText("manager@head-office, admin")
    assert "saved" in run_in_qt_loop(qapp, box.save)
    journal = office.context.journal
    cap, rule = frequency_cap(journal), approval_rule(journal)
    assert cap is not None and (cap.max_messages, cap.days, cap.any_bot, cap.count_otp) == (3, 14, True, False)
    assert rule is not None and rule.required and rule.approvers == ("manager@head-office", "admin")
    run_in_qt_loop(qapp, box.load)
    assert box.cap_days.value() == 14 and box.approvers.text() == "manager@head-office, admin"
