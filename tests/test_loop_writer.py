"""The loop writer (app/campaign/writer.py) on the embedded journal: how it batches."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from app.campaign import Content, Journal, RecipientState
from app.campaign.definition import build_recipients
from app.campaign.writer import LOOP_TURNS_PER_BATCH, LoopJournalWriter, MarkInFlight, RecordOutcome, _Batching


class Row:
    def __init__(self, row: int, phone: str) -> None:
        self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None


def a_campaign(journal: Journal, count: int) -> int:
    content = Content(kind="text", text="hi")
    rows = [(Row(i + 2, f"9891240{i:05d}"), {}) for i in range(count)]
    return journal.creation.create(name="t", kind="text", content=content.to_json(), bot_id=7,
                                   rate_per_minute=0, in_flight=4, base_url="https://safir.example",
                                   recipients=build_recipients(rows, content))


async def test_calls_a_turn_of_the_loop_apart_share_one_commit_and_each_is_durable_when_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers read one turn of the loop after another (as a sender's in-flight requests
    come back) join one commit; each caller's result is in the journal when it has it."""
    commits: list[int] = []
    attempt = _Batching._attempt

    def counted(self: _Batching, batch: list) -> list:  # type: ignore[type-arg]
        commits.append(len(batch))
        return attempt(self, batch)

    monkeypatch.setattr(_Batching, "_attempt", counted)
    journal = Journal(tmp_path / "journal.db")
    campaign_id = a_campaign(journal, LOOP_TURNS_PER_BATCH + 2)
    recipients = journal.recipients.to_send(campaign_id)
    writer = LoopJournalWriter(journal)
    marks = []
    for recipient in recipients[:LOOP_TURNS_PER_BATCH]:
        marks.append(writer.call(MarkInFlight(recipient, "text", time.time())))
        await asyncio.sleep(0)  # one turn of the loop
    attempt_ids = await asyncio.gather(*marks)
    assert commits == [LOOP_TURNS_PER_BATCH]
    assert journal.recipients.counts(campaign_id).in_flight == LOOP_TURNS_PER_BATCH
    first = recipients[0]
    assert await writer.call(RecordOutcome(campaign_id, first.row, RecipientState.SENT, attempt_id=attempt_ids[0],
                                           now=time.time(), message_id="m")) is True
    assert journal.recipients.counts(campaign_id).sent == 1  # durable as soon as the caller has it
    writer.close()
    journal.close()


async def test_a_lone_call_is_written_within_a_few_turns_of_an_idle_loop(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.db")
    campaign_id = a_campaign(journal, 1)
    writer = LoopJournalWriter(journal)
    marked = writer.call(MarkInFlight(journal.recipients.to_send(campaign_id)[0], "text", time.time()))
    for _ in range(LOOP_TURNS_PER_BATCH + 1):
        await asyncio.sleep(0)
    assert marked.done() and isinstance(marked.result(), int)
    writer.close()
    journal.close()
