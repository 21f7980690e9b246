"""Whole campaigns against the real sandbox over loopback, in the situations that used
to end in a stall, a false "finished" or a recipient left unknown. Each checks what the
sandbox delivered: every phone exactly once."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import stat
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.jobs.store import open_store
from app.desktop import paths
from app.api import RetryPolicy, SafirClient, ScrubbingFilter, Timeouts, register_secret
from app.campaign import (
    CampaignEngine,
    CampaignStatus,
    Content,
    Journal,
    RecipientState,
)
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.creating import create_campaign
from app.jobs.sheet import check_sheet
from tests.helpers import delivered, fast_settings, said

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")


def sheet(tmp_path: Path, rows: int) -> Path:
    """A CSV of ``rows`` made-up mobile numbers (none ends in 0000, so all have Bale)."""
    path = tmp_path / f"{rows}.csv"
    lines = ["name,phone"] + [f"n{i},0912300{i:04d}" for i in range(1, rows + 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def new_campaign(journal: Journal, tmp_path: Path, url: str, rows: int, **settings: object) -> int:
    checked = check_sheet(sheet(tmp_path, rows))
    values: dict[str, object] = {"rate_per_minute": 0, "in_flight": 4}
    values.update(settings)
    return create_campaign(journal, checked, content=Content(kind="text", text="hi {{name}}"), bot_id=1001,
                           base_url=url, allow_repeat=True, **values)  # type: ignore[arg-type]


def assert_each_phone_once(sandbox: EmbeddedSandbox, journal: Journal, campaign_id: int) -> None:
    messages = delivered(sandbox)
    phones = [m["phone_number"] for m in messages]
    assert len(phones) == len(set(phones)), "a phone got two messages"
    sent = {r.phone for r in journal.recipients.listed(campaign_id, RecipientState.SENT)}
    assert sent == set(phones)


async def quick_sleep(seconds: float) -> None:
    await asyncio.sleep(min(seconds, 0.05))


async def test_a_rate_above_the_services_limit_slows_down_and_finishes(tmp_path: Path) -> None:
    # The service takes 5 a second (300 a minute); the campaign asks for 1200 a minute.
    with EmbeddedSandbox(fast_settings(burst_per_second=5)) as sandbox:
        journal = open_store()
        campaign_id = new_campaign(journal, tmp_path, sandbox.url, 40, rate_per_minute=1200)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            engine = CampaignEngine(journal, client)
            result = await engine.run(campaign_id)
        assert result.status == CampaignStatus.FINISHED and result.counts.sent == 40
        assert engine._pacer is not None and engine._pacer.limit is not None
        assert engine._pacer.rate_per_minute < 1200
        assert_each_phone_once(sandbox, journal, campaign_id)
        refused = httpx.get(f"{sandbox.url}/sandbox/state").json()["errors_by_code"].get("3", 0)
        print("REFUSED", refused)


class ExplodingClient(SafirClient):
    """A client whose third request fails with an exception no one planned for."""

    calls = 0

    async def send_message(self, **kwargs: object):  # type: ignore[override]
        ExplodingClient.calls += 1
        if ExplodingClient.calls == 3:
            raise RuntimeError(f"boom near {DEMO_API_KEY}")
        return await super().send_message(**kwargs)  # type: ignore[arg-type]


async def test_an_unexpected_exception_pauses_with_a_sentence_and_resume_completes(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    ExplodingClient.calls = 0
    journal = open_store()
    campaign_id = new_campaign(journal, tmp_path, sandbox.url, 12, in_flight=1)
    async with ExplodingClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED
    assert result.reason is not None and "RuntimeError" in said(result.reason) and DEMO_API_KEY not in said(result.reason)
    assert result.counts.unknown == 1 and result.counts.sent == 2 and result.counts.pending == 9
    assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == 12
    assert_each_phone_once(sandbox, journal, campaign_id)


async def test_a_key_with_an_invisible_character_pauses_before_anything_leaves(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = new_campaign(journal, tmp_path, sandbox.url, 5)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY + "\u200b") as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and result.counts.pending == 5
    assert result.reason is not None and "invisible" in said(result.reason) and "position 13" in said(result.reason)
    assert delivered(sandbox) == []


async def test_a_service_that_stops_answering_pauses_and_resume_delivers_each_once(tmp_path: Path) -> None:
    # Every answer is held for 5 s after the message went out; the client waits 0.3 s.
    with EmbeddedSandbox(fast_settings(fault_timeout=1.0, fault_hold_s=5.0)) as sandbox:
        journal = open_store()
        campaign_id = new_campaign(journal, tmp_path, sandbox.url, 20, in_flight=2)
        timeouts = Timeouts(connect=0.3, read=0.3, write=0.3, pool=0.3)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY, timeouts=timeouts,
                               retry=RetryPolicy(max_retries=0)) as client:
            result = await CampaignEngine(journal, client).run(campaign_id)
        assert result.status == CampaignStatus.PAUSED
        assert result.reason is not None and "not answering" in said(result.reason)
        assert result.counts.unknown >= 5 and result.counts.pending > 0 and result.counts.sent == 0
        assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED

        sandbox.settings.fault_timeout = 0.0  # the service answers again
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            result = await CampaignEngine(journal, client).run(campaign_id)
        assert result.status == CampaignStatus.FINISHED and result.counts.sent == 20
        assert_each_phone_once(sandbox, journal, campaign_id)


async def test_silence_longer_than_the_watchdog_pauses_within_seconds(tmp_path: Path) -> None:
    with EmbeddedSandbox(fast_settings(fault_timeout=1.0, fault_hold_s=30.0)) as sandbox:
        journal = open_store()
        campaign_id = new_campaign(journal, tmp_path, sandbox.url, 6, in_flight=3)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            engine = CampaignEngine(journal, client, no_answer_seconds=1.0)
            result = await asyncio.wait_for(engine.run(campaign_id), timeout=10)
        assert result.status == CampaignStatus.PAUSED and "has not answered" in said(result.reason)
        assert result.counts.unknown == 3 and result.counts.pending == 3
        sandbox.settings.fault_timeout = 0.0
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            result = await CampaignEngine(journal, client).run(campaign_id)
        assert result.status == CampaignStatus.FINISHED
        assert_each_phone_once(sandbox, journal, campaign_id)


async def test_lost_answers_converge_to_zero_unknown_without_a_resume(tmp_path: Path) -> None:
    # 40% of answers are lost after the message went out.
    with EmbeddedSandbox(fast_settings(fault_reset=0.4, seed=7)) as sandbox:
        journal = open_store()
        campaign_id = new_campaign(journal, tmp_path, sandbox.url, 60)
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY, retry=RetryPolicy(max_retries=0)) as client:
            engine = CampaignEngine(journal, client, sleep=quick_sleep, unknown_rounds=10)
            result = await engine.run(campaign_id)
        assert result.status == CampaignStatus.FINISHED
        assert result.counts.unknown == 0 and result.counts.sent == 60
        assert_each_phone_once(sandbox, journal, campaign_id)
        attempts = journal.db.execute("SELECT COUNT(*) FROM attempts WHERE campaign_id = $1",
                                      (campaign_id,)).fetchone()[0]
        assert attempts > 60  # some were re-sent, under their own request_id


async def test_pause_ends_a_long_pacing_wait_within_a_second(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    journal = open_store()
    campaign_id = new_campaign(journal, tmp_path, sandbox.url, 5, rate_per_minute=1)  # a minute between sends
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        engine = CampaignEngine(journal, client)
        run = asyncio.ensure_future(engine.run(campaign_id))
        while journal.recipients.counts(campaign_id).sent < 1:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)
        loop = asyncio.get_running_loop()
        paused_at = loop.time()
        engine.pause()
        result = await run
        assert loop.time() - paused_at < 1.0
    assert result.status == CampaignStatus.PAUSED and result.counts.sent == 1 and result.counts.pending == 4


@pytest.mark.parametrize(("pragma", "words"), [
    ("max_page_count", "is full"),  # the disk fills up mid-campaign
    ("query_only", "cannot be written"),  # the file or disk became read-only
])
@pytest.mark.parametrize("writes_on_loop", [False, True], ids=["writer-thread", "writes-on-the-loop"])
@pytest.mark.embedded_only
async def test_a_journal_fault_mid_campaign_pauses_with_a_sentence(
        sandbox: EmbeddedSandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pragma: str, words: str,
        writes_on_loop: bool) -> None:
    journal = open_store()
    campaign_id = new_campaign(journal, tmp_path, sandbox.url, 300)

    class Faulty(Journal):  # the journal the engine's writer opens for its own writes
        @staticmethod
        def _configure(db: Any) -> None:
            Journal._configure(db)
            if pragma == "max_page_count":
                pages = db.execute("PRAGMA page_count").fetchone()[0]
                db.execute(f"PRAGMA max_page_count = {pages + 2}")
            else:
                db.execute("PRAGMA query_only = ON")

    reopen = Journal.reopen
    monkeypatch.setattr(Journal, "reopen", lambda self: Faulty(self.path))
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, writes_on_loop=writes_on_loop).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and result.reason is not None and words in said(result.reason)
    assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED  # the main connection could write
    monkeypatch.setattr(Journal, "reopen", reopen)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, writes_on_loop=writes_on_loop).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == 300
    assert_each_phone_once(sandbox, journal, campaign_id)


@pytest.mark.embedded_only
def test_the_journal_and_its_folder_are_private(state_home: Path) -> None:
    open_store().close()
    assert stat.S_IMODE(os.stat(paths.journal_path()).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(paths.journal_path().parent).st_mode) == 0o700


def test_the_wal_is_capped_after_a_checkpoint(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    assert journal.db.execute("PRAGMA journal_size_limit").fetchone()[0] == 64 * 1024 * 1024


def test_log_records_and_tracebacks_never_carry_a_registered_secret() -> None:
    secret = "key-pasted-from-chat-\u200b"
    register_secret(secret)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(ScrubbingFilter())
    log = logging.getLogger("test.scrub")
    log.addHandler(handler)
    try:
        try:
            raise ValueError(f"Illegal header value {secret.encode()!r}")
        except ValueError:
            log.error("sending failed for %s", secret, exc_info=True)
    finally:
        log.removeHandler(handler)
    text = stream.getvalue()
    assert "ValueError" in text and "***" in text
    assert "key-pasted-from-chat" not in text
