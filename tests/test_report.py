"""The campaign report, checked the way its reader uses it: its numbers equal the journal's,
its Persian text reads back from the PDF in order, the workbook holds native charts and
reads right to left in Persian, a campaign still sending says "so far", one with no
outcome yet still renders, and a path that cannot be written leaves nothing behind."""

from __future__ import annotations

import asyncio
import os
import re
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from app.reasons import pause_reason, reason_words
from app.api import SafirClient
from app.campaign import CampaignEngine, CampaignStatus, Content
from app.report import ReportError, Words, campaign_report, save, summary_report
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.store import open_store
from app.ui.report_words import report_words
from app.jobs.creating import create_campaign
from app.jobs.sheet import check_sheet
from tests.helpers import SAMPLES
from tests.helpers.cli import run

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def figures(path: Path) -> dict[str, object]:
    """The workbook's label → figure pairs (column A → column B)."""
    sheet = load_workbook(path).active
    assert sheet is not None
    return {str(row[0]): row[1] for row in sheet.iter_rows(values_only=True) if row[0] is not None}


async def sent_campaign(sandbox: EmbeddedSandbox) -> int:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.xlsx"),
                                  content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001, base_url=sandbox.url,
                                  rate_per_minute=0)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        await CampaignEngine(journal, client).run(campaign_id)
    journal.close()
    await asyncio.sleep(0)
    return campaign_id


async def test_the_reports_numbers_are_the_journals_in_pdf_and_xlsx(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    campaign_id = await sent_campaign(sandbox)
    with open_store() as journal:
        report = campaign_report(journal, campaign_id)
        counts = journal.recipients.counts(campaign_id)
        errors = journal.recipients.error_counts(campaign_id)
    assert (report.sent, report.failed, report.imported) == (counts.sent, counts.failed, counts.total)
    assert report.errors == errors and sum(report.skipped.values()) == counts.skipped
    assert sum(n for _, n in report.over_time) == counts.sent and not report.so_far
    assert report.valid == counts.sent + counts.failed  # every row with a message has an outcome
    save(report, tmp_path / "r.xlsx")
    cells = figures(tmp_path / "r.xlsx")
    assert cells["Sent"] == counts.sent and cells["Failed"] == counts.failed
    assert cells["Imported rows"] == counts.total
    sheet = load_workbook(tmp_path / "r.xlsx").active
    assert sheet is not None and len(sheet._charts) == 2  # the funnel and the sends per hour, as native charts
    save(report, tmp_path / "r.pdf")
    text = pdf_text(tmp_path / "r.pdf")
    assert "Delivery funnel" in text and "Code 17: this phone has no Bale account" in text
    # A short run's rate is per second, and no pause is a line of the figures, not a page of its own.
    last = PdfReader(tmp_path / "r.pdf").pages[-1].extract_text()
    assert "messages a second" in text and "Average rate" in last and "No pauses." in last


async def test_a_persian_report_reads_back_in_order_and_right_to_left(
        qapp: object, sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    campaign_id = await sent_campaign(sandbox)
    with open_store() as journal:
        report = campaign_report(journal, campaign_id)
    with report_words(persian=True) as words:
        save(report, tmp_path / "r.pdf", words)
        save(report, tmp_path / "r.xlsx", words)
    from PySide6.QtCore import QCoreApplication
    assert QCoreApplication.translate("Report", "Campaign report") == "Campaign report"  # taken away again
    text = pdf_text(tmp_path / "r.pdf")
    for phrase in ("گزارش کارزار", "قیف تحویل", "ارسال در هر دقیقه", "خطاها بر پایهٔ کد", "این شماره در بله حساب ندارد"):
        assert phrase in text, phrase  # logical order: the words as a Persian reader types them
    sheet = load_workbook(tmp_path / "r.xlsx").active
    assert sheet is not None and sheet.sheet_view.rightToLeft is True
    assert figures(tmp_path / "r.xlsx")["ارسال‌شده"] == report.sent


def test_a_campaign_still_sending_says_so_far_and_one_with_no_outcome_still_renders(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(kind="text",
                                  text="hi {{نام}}"), bot_id=1001, base_url=sandbox.url)
    save(campaign_report(journal, campaign_id), tmp_path / "new.pdf")
    assert "No message was sent yet." in pdf_text(tmp_path / "new.pdf")
    journal.control.set_status(campaign_id, CampaignStatus.RUNNING)  # as a sender that has not finished leaves it
    report = campaign_report(journal, campaign_id)
    journal.close()
    assert report.so_far
    save(report, tmp_path / "running.pdf")
    assert "So far: the campaign is still being sent" in pdf_text(tmp_path / "running.pdf")


def test_a_report_that_cannot_be_written_is_one_sentence_and_leaves_nothing(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(kind="text",
                                  text="hi"), bot_id=1001, base_url=sandbox.url)
    report = campaign_report(journal, campaign_id)
    journal.close()
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # root writes anywhere
            with pytest.raises(ReportError) as refused:
                save(report, locked / "r.pdf")
            assert "cannot write" in str(refused.value)
        with pytest.raises(ReportError) as wrong:
            save(report, tmp_path / "r.docx")
        assert "a .pdf or .xlsx file" in str(wrong.value)
        pipe = tmp_path / "pipe.pdf"
        os.mkfifo(pipe)
        with pytest.raises(ReportError) as not_a_file:
            save(report, pipe)
        assert "not a regular file" in str(not_a_file.value) and pipe.is_fifo()  # the pipe is still there
        pipe.unlink()
    finally:
        locked.chmod(0o700)
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob(".report-*")) and not list(locked.iterdir())
    refused_cli = run("report", str(campaign_id), str(tmp_path / "nowhere" / "r.pdf"))
    assert refused_cli.returncode == 2 and "cannot write" in refused_cli.stderr and "Traceback" not in refused_cli.stderr


async def test_a_summary_of_several_campaigns_lists_each(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    first = await sent_campaign(sandbox)
    with open_store() as journal:
        second = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"),
                                 content=Content(kind="text", text="دوم {{نام}}"), bot_id=1001, base_url=sandbox.url)
        summary = summary_report(journal, "2000-01-01", "2999-12-31")
    assert [r.campaign.id for r in summary.reports] == [first, second]
    save(summary, tmp_path / "s.xlsx", Words())
    sheet = load_workbook(tmp_path / "s.xlsx").active
    assert sheet is not None and len(sheet._charts) == 1
    done = run("report", "--from", "2000-01-01", str(tmp_path / "s.pdf"))
    assert done.returncode == 0, done.stderr
    text = pdf_text(tmp_path / "s.pdf")
    assert "contacts.xlsx" in text and "contacts.csv" in text and "Total" in text
    assert f"Campaigns from 2000-01-01 to {date.today().isoformat()}" in text
    persian = run("report", "--from", "2000-01-01", "--to", "2999-12-31", "--language", "fa", str(tmp_path / "s-fa.pdf"))
    assert persian.returncode == 0, persian.stderr
    subtitle = pdf_text(tmp_path / "s-fa.pdf").splitlines()[1]  # its days as the report's others: Jalali, Persian digits
    assert "کارزارهای" in subtitle and not re.search("[0-9]", subtitle), subtitle
    assert {"۱", "۳", "۷", "۸", "۲"} <= set(subtitle), subtitle  # from 1378/10/11 to 2378/10/10 (Jalali)


def test_a_short_campaigns_average_rate_is_given_per_second() -> None:
    words = Words()
    assert words.rate(120.0, 8.0) == "2.0 messages a second"  # a 16-message campaign of 8 s: not a dash
    assert words.rate(600.0, 120.0) == "600.0 messages a minute"
    assert words.rate(0.0, 0.0) == "—"


def test_a_cancelled_campaigns_never_sent_rows_are_not_sent_not_pending(sandbox: EmbeddedSandbox,
                                                                        tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"), content=Content(kind="text",
                                  text="hi {{نام}}"), bot_id=1001, base_url=sandbox.url)
    journal.control.set_status(campaign_id, CampaignStatus.CANCELLED, pause_reason("user_cancelled"))
    waiting = journal.recipients.counts(campaign_id).pending
    rows = journal.recipients.result_rows(campaign_id)
    report = campaign_report(journal, campaign_id)
    journal.close()
    assert waiting and not [r for r in rows if r["status"] == "pending"]
    unsent = [r for r in rows if r["status"] == "not_sent"]
    assert len(unsent) == waiting and {reason_words(r["error"]) for r in unsent} == {"not sent: the campaign was cancelled"}
    save(report, tmp_path / "r.xlsx")
    cells = figures(tmp_path / "r.xlsx")
    assert cells["Not sent (cancelled)"] == waiting and "Not sent yet" not in cells
    done = run("export", str(campaign_id), str(tmp_path / "r.csv"))
    assert done.returncode == 0, done.stderr
    assert "pending" not in (tmp_path / "r.csv").read_text(encoding="utf-8-sig")


def test_the_chart_of_sends_has_minutes_for_a_short_campaign_hours_for_a_day_and_days_beyond() -> None:
    from app.report.model import Bucket, sends_over_time

    start = 1_790_000_000.0  # any instant; Tehran's clock decides the bars
    short = [start + s for s in range(0, 9)]  # a 9-second campaign: one minute, not one hour-wide bar
    bucket, bars = sends_over_time(short)
    assert bucket is Bucket.MINUTE and sum(n for _, n in bars) == 9 and len(bars) <= 2
    bucket, bars = sends_over_time([start, start + 3600 * 5])  # five hours, nothing in between
    assert bucket is Bucket.HOUR and len(bars) == 6 and [n for _, n in bars][1:-1] == [0, 0, 0, 0]
    bucket, bars = sends_over_time([start, start + 86400 * 4])
    assert bucket is Bucket.DAY and len(bars) == 5 and sum(n for _, n in bars) == 2
    assert sends_over_time([]) == (Bucket.HOUR, [])


async def test_a_short_campaigns_report_charts_sends_per_minute(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    campaign_id = await sent_campaign(sandbox)
    with open_store() as journal:
        report = campaign_report(journal, campaign_id)
    save(report, tmp_path / "r.pdf")
    text = pdf_text(tmp_path / "r.pdf")
    assert "Sends per minute (Tehran time)" in text and "Sends per hour" not in text
