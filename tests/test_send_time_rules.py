"""Rules that hold at send time, over a real sandbox: a number put on the suppression list
while a campaign runs, while it is paused, or before its failures are retried is never
messaged, and ends ``skipped`` with the reason "on the suppression list"."""

from __future__ import annotations

import asyncio

from app import paths
from app.api import RetryPolicy, SafirClient
from app.campaign import CampaignEngine, CampaignStatus, Content, Journal, RecipientState
from app.campaign.definition import build_recipients
from app.campaign.engine import Progress
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.workflow import suppression_list
from tests.helpers import delivered

PHONES = [f"98912300{i:04d}" for i in range(1, 21)]


class Row:
    def __init__(self, row: int, phone: str) -> None:
        self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None


def make_campaign(journal: Journal, sandbox: EmbeddedSandbox, phones: list[str], rate: float = 0) -> int:
    content = Content(kind="text", text="hello {{name}}")
    rows = [(Row(i + 2, p), {"name": f"n{i}"}) for i, p in enumerate(phones)]
    return journal.create_campaign(name="t", kind="text", content=content.to_json(), bot_id=1001,
                                   recipients=build_recipients(rows, content), rate_per_minute=rate,
                                   in_flight=1, base_url=sandbox.url)


def delivered_phones(sandbox: EmbeddedSandbox) -> list[str]:
    return [m["phone_number"] for m in delivered(sandbox)]


def assert_skipped_as_suppressed(journal: Journal, campaign_id: int, phones: set[str]) -> None:
    rows = {r["phone"]: r for r in journal.result_rows(campaign_id)}
    for phone in phones:
        assert rows[phone]["status"] == "suppressed"
        assert rows[phone]["error"].startswith("on the suppression list")
    assert journal.counts(campaign_id)[RecipientState.SKIPPED] == len(phones)


async def test_a_number_suppressed_while_the_campaign_runs_is_not_messaged(sandbox: EmbeddedSandbox) -> None:
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, sandbox, PHONES, rate=600)  # 0.1 s apart: time to add them
    late = set(PHONES[10:])

    def on_progress(progress: Progress) -> None:
        if progress.state == RecipientState.SENT and progress.counts[RecipientState.SENT] == 3:
            suppression_list().add(sorted(late))  # as the window's or the CLI's suppression command would

    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, on_progress=on_progress).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED
    sent = delivered_phones(sandbox)
    assert not late & set(sent) and len(sent) == 10
    assert_skipped_as_suppressed(journal, campaign_id, late)


async def test_a_number_suppressed_while_paused_is_not_messaged_on_resume(sandbox: EmbeddedSandbox) -> None:
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, sandbox, PHONES, rate=600)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        engine = CampaignEngine(journal, client)
        engine.on_progress = lambda p: engine.pause() if p.counts[RecipientState.SENT] == 5 else None
        assert (await engine.run(campaign_id)).status == CampaignStatus.PAUSED
        already = set(delivered_phones(sandbox))
        later = set(PHONES) - already
        suppression_list().add(sorted(later)[:4])
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED
    assert not set(sorted(later)[:4]) & set(delivered_phones(sandbox))
    assert len(delivered_phones(sandbox)) == len(PHONES) - 4
    assert_skipped_as_suppressed(journal, campaign_id, set(sorted(later)[:4]))


async def test_a_number_suppressed_before_a_retry_is_not_messaged(sandbox: EmbeddedSandbox) -> None:
    journal = Journal(paths.journal_path())
    phones = PHONES[:6]
    campaign_id = make_campaign(journal, sandbox, phones)
    sandbox.settings.fault_5xx = 1.0  # every send fails with a retryable 5xx
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY, retry=RetryPolicy(max_retries=0)) as client:
        await CampaignEngine(journal, client).run(campaign_id)
    assert journal.counts(campaign_id)[RecipientState.FAILED] == 6 and delivered(sandbox) == []
    sandbox.settings.fault_5xx = 0.0
    retry_id = journal.create_retry_campaign(campaign_id)
    suppression_list().add(phones[:2])
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(retry_id)
    assert result.status == CampaignStatus.FINISHED
    assert sorted(delivered_phones(sandbox)) == phones[2:]
    assert_skipped_as_suppressed(journal, retry_id, set(phones[:2]))


async def test_an_unreadable_suppression_list_pauses_instead_of_sending(sandbox: EmbeddedSandbox) -> None:
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, sandbox, PHONES[:3])
    (paths.state_dir() / "suppression.csv").mkdir()  # a folder where the list should be
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and "suppression list" in (result.reason or "")
    assert delivered(sandbox) == []
    assert journal.counts(campaign_id)[RecipientState.PENDING] == 3
    await asyncio.sleep(0)
