"""The engine against a real sandbox over loopback HTTP, and its pacing on a fake clock."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.jobs.store import open_store
from app.api import MessageData, RetryPolicy, SafirClient
from app.campaign import CampaignEngine, CampaignStatus, Content, Journal, RecipientState
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.creating import create_campaign
from app.jobs.sheet import check_sheet
from tests.helpers import SAMPLES, delivered, fast_settings, said

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")


def sample_campaign(journal: Journal, base_url: str, text: str = "سلام {{نام}}") -> int:
    checked = check_sheet(SAMPLES / "contacts.xlsx")
    return create_campaign(journal, checked, content=Content(kind="text", text=text), bot_id=1001,
                           base_url=base_url, rate_per_minute=0)


async def test_every_valid_row_is_sent_once_with_its_own_text(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = sample_campaign(journal, sandbox.url)
    events = []
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, on_progress=events.append).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED
    assert result.counts.sent == 13 and result.counts.failed == 1 and result.counts.pending == 0
    messages = delivered(sandbox)
    assert len(messages) == 13 == len({m["phone_number"] for m in messages})
    by_phone = {m["phone_number"]: m["text"] for m in messages}
    assert by_phone["989121110001"] == "سلام علی"
    assert by_phone["989352220012"] == "سلام شیرین"
    failed = next(r for r in journal.recipients.listed(campaign_id) if r.state == RecipientState.FAILED)
    assert failed.phone == "989121110000" and failed.error_code == 17
    assert events[-1].status == CampaignStatus.FINISHED and events[-1].counts["sent"] == 13


async def test_resume_after_a_crash_resends_in_flight_rows_without_duplicates(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = sample_campaign(journal, sandbox.url)
    first = journal.recipients.to_send(campaign_id)[0]
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        # The request reached the service but the app died before journaling the answer.
        await client.send_message(bot_id=1001, phone_number=first.phone,
                                  message_data=MessageData.from_wire(first.message_data),
                                  request_id=first.request_id)
        journal.outcomes.mark_in_flight(first, "text", time.time())
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.counts.sent == 13
    assert len(delivered(sandbox, first.phone)) == 1


async def test_a_refused_key_pauses_the_campaign_and_loses_no_recipient(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = sample_campaign(journal, sandbox.url)
    async with SafirClient(sandbox.url, api_key="wrong-key") as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and "API access key" in said(result.reason)
    assert result.counts.pending == 14 and result.counts.sent == result.counts.failed == 0
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        resumed = await CampaignEngine(journal, client).run(campaign_id)
    assert resumed.status == CampaignStatus.FINISHED and resumed.counts.sent == 13


async def test_an_unreachable_service_pauses_instead_of_failing_rows(tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = sample_campaign(journal, "http://127.0.0.1:1")

    async def no_sleep(_: float) -> None:
        return None

    async with SafirClient("http://127.0.0.1:1", api_key=DEMO_API_KEY, retry=RetryPolicy(max_retries=1),
                           sleep=no_sleep) as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and "could not connect" in said(result.reason)
    assert result.counts.failed == 0 and result.counts.pending == 14


async def test_a_pause_asked_before_the_run_starts_sends_nothing_and_the_next_run_sends_all(
        sandbox: EmbeddedSandbox) -> None:
    """A Ctrl+C or a Pause in the moment a sender starts (its claim, its lease) was lost:
    the run went on sending. It is kept; the engine's next run starts unstopped."""
    journal = open_store()
    campaign_id = sample_campaign(journal, sandbox.url)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        engine = CampaignEngine(journal, client)
        engine.pause()
        paused = await engine.run(campaign_id)
        assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED
        resumed = await engine.run(campaign_id)
    assert paused.status == CampaignStatus.PAUSED and paused.counts.sent == 0 and paused.counts.pending == 14
    assert resumed.status == CampaignStatus.FINISHED and len(delivered(sandbox)) == 13 == resumed.counts.sent


async def test_pause_stops_between_requests_and_keeps_the_rest_pending() -> None:
    with EmbeddedSandbox(fast_settings(latency_ms=20)) as sandbox:
        journal = open_store()
        campaign_id = sample_campaign(journal, sandbox.url)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            engine = CampaignEngine(journal, client)

            def pause_after_three(progress: object) -> None:
                if engine.journal.recipients.counts(campaign_id).sent >= 3:
                    engine.pause()

            engine.on_progress = pause_after_three
            result = await engine.run(campaign_id)
        assert result.status == CampaignStatus.PAUSED
        c = result.counts
        assert c.sent + c.failed == len(delivered(sandbox)) + c.failed < 14
        assert c.sent + c.failed + c.pending == 14 and c.in_flight == 0
