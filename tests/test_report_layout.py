"""The campaign report's pages as a reader turns them: a section's heading never stands
alone at the foot of a page with its contents on the next (English and Persian)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.api import SafirClient
from app.campaign import CampaignEngine, Content
from app.reasons import SERVICE_ERRORS
from app.report import campaign_report, save
from app.report.model import Pause, SummaryReport
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.store import open_store
from app.ui.report_words import report_words
from app.jobs.creating import create_campaign
from app.jobs.sheet import check_sheet
from tests.helpers import SAMPLES

HEADINGS = ("Delivery funnel", "Sends per minute (Tehran time)", "Errors by code", "Cost and balance", "Pauses")


def last_lines(path: Path) -> list[str]:
    """The last line of text on each page but the last."""
    pages = [[line.strip() for line in page.extract_text().splitlines() if line.strip()]
             for page in PdfReader(path).pages]
    return [lines[-1] for lines in pages[:-1] if lines]


@pytest.mark.parametrize("persian", [False, True])
def test_no_heading_is_left_alone_at_the_foot_of_a_page(qapp: Any, sandbox: EmbeddedSandbox, tmp_path: Path,
                                                        persian: bool) -> None:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.xlsx"),
                                  content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001, base_url=sandbox.url,
                                  rate_per_minute=0)

    async def send() -> None:
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            await CampaignEngine(journal, client).run(campaign_id)

    asyncio.run(send())
    sent = campaign_report(journal, campaign_id)
    journal.close()
    codes = sorted(SERVICE_ERRORS)
    pause = Pause(at=sent.made_at, action="paused", reason=None, by="agent@desk")
    pushed_to_a_page_break = 0
    with report_words(persian) as words:
        headings = {words.tr(heading) for heading in HEADINGS}
        # One more error row at a time moves every later heading down the page by a row,
        # so each of them meets the foot of the first page on the way.
        for rows in range(len(codes) + 1):
            report = dataclasses.replace(sent, errors={code: 1 for code in codes[:rows]}, pauses=[pause] * 3)
            save(report, tmp_path / f"r{rows}.pdf", words)
            ends = last_lines(tmp_path / f"r{rows}.pdf")
            assert not headings & set(ends), (rows, ends)
            pushed_to_a_page_break += bool(ends)
    assert pushed_to_a_page_break  # the sweep did reach a second page


def test_each_page_of_a_long_summary_names_its_columns(qapp: Any, sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(SAMPLES / "contacts.csv"),
                                  content=Content(kind="text", text="hi {{نام}}"), bot_id=1001, base_url=sandbox.url)
    report = campaign_report(journal, campaign_id)
    journal.close()
    save(SummaryReport("2026-01-01", "2026-12-31", [report] * 80), tmp_path / "s.pdf")
    pages = [page.extract_text().splitlines() for page in PdfReader(tmp_path / "s.pdf").pages]
    assert len(pages) >= 2
    header = "Campaign Name Sent Failed Not sent yet Status"
    assert header in pages[0]
    for page in pages[1:]:
        assert page[0] == header, page[:2]
