"""The engine's rules one by one: error classes, the lock, quiet hours, start time,
slowing down on rate limits, the local per-phone OTP limit, retry campaigns."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from datetime import datetime, timedelta, timezone

import httpx
import pytest
import respx
from filelock import FileLock

from app.jobs.store import open_store
from app.api import RetryPolicy, SafirClient
from app.campaign import (
    CampaignEngine,
    CampaignLocked,
    CampaignStatus,
    Content,
    Journal,
    QuietHours,
    RecipientState,
)
from app.campaign.definition import build_recipients
from app.campaign.journal.sessions import lock_is_held, lock_path

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
#: On both stores, with httpx's own transport under respx.
pytestmark = pytest.mark.usefixtures("each_store", "httpx_transport")


BASE = "https://safir.example"
OK = {"message_id": "m", "error_data": None}


class Row:
    def __init__(self, row: int, phone: str) -> None:
        self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None


def campaign(journal: Journal, phones: list[str], content: Content | None = None, **kwargs: object) -> int:
    content = content or Content(kind="text", text="hi {{name}}")
    rows = [(Row(i + 2, p), {"name": f"n{i}", "code": f"{1000 + i}"}) for i, p in enumerate(phones)]
    settings: dict[str, object] = {"rate_per_minute": 0, "in_flight": 4, "base_url": BASE}
    settings.update(kwargs)
    return journal.creation.create(name="t", kind=content.kind, content=content.to_json(), bot_id=7,
                                   recipients=build_recipients(rows, content), **settings)  # type: ignore[arg-type]


async def no_sleep(_: float) -> None:
    await asyncio.sleep(0)


def client(**kwargs: object) -> SafirClient:
    return SafirClient(BASE, api_key="k", sleep=no_sleep, retry=RetryPolicy(max_retries=1), **kwargs)  # type: ignore[arg-type]


PHONES = [f"98912100{i:04d}" for i in range(1, 7)]


def error(code: int, status: int = 200) -> httpx.Response:
    return httpx.Response(status, json={"message_id": None, "error_data": [
        {"phone_number": "", "code": code, "description": "x"}]})


@pytest.mark.parametrize(("answer", "expect_status", "expect_state", "sent"), [
    (error(17), CampaignStatus.FINISHED, RecipientState.FAILED, 5),  # per recipient: recorded, goes on
    (error(8), CampaignStatus.FINISHED, RecipientState.FAILED, 5),
    (error(20, 402), CampaignStatus.PAUSED, RecipientState.PENDING, None),  # account-wide: pause
    (error(21), CampaignStatus.PAUSED, RecipientState.PENDING, None),
    (httpx.Response(401), CampaignStatus.PAUSED, RecipientState.PENDING, None),
    # may have arrived: re-sent under its request_id, then the campaign pauses rather than "finish"
    (httpx.ReadTimeout("lost"), CampaignStatus.PAUSED, RecipientState.UNKNOWN, 5),
    (httpx.Response(500), CampaignStatus.FINISHED, RecipientState.FAILED, 5),  # transient, retries spent
])
@respx.mock
async def test_each_error_class_has_its_consequence(answer: object, expect_status: str, expect_state: str,
                                                    sent: int | None) -> None:
    journal = open_store()
    campaign_id = campaign(journal, PHONES, in_flight=1)
    third = PHONES[2]

    def reply(request: httpx.Request) -> httpx.Response:
        if third.encode() in request.content:
            if isinstance(answer, Exception):
                raise answer
            return answer  # type: ignore[return-value]
        return httpx.Response(200, json=OK)

    respx.post(f"{BASE}/api/v3/send_message").mock(side_effect=reply)
    async with client() as c:
        result = await CampaignEngine(journal, c, sleep=no_sleep).run(campaign_id)
    assert result.status == expect_status
    state = next(r.state for r in journal.recipients.listed(campaign_id) if r.phone == third)
    assert state == expect_state
    if sent is not None:
        assert result.counts.sent == sent
    else:
        assert result.counts.sent == 2 and result.counts.pending == 4 and result.reason
    if expect_state == RecipientState.UNKNOWN:
        assert result.reason and "did not confirm 1 messages" in result.reason.text()
        assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED
    assert sum(result.counts.per_state()[s] for s in tuple(RecipientState)) == result.counts.total == 6


@respx.mock
async def test_rate_limit_answers_slow_the_campaign_and_nobody_is_lost() -> None:
    journal = open_store()
    campaign_id = campaign(journal, PHONES, rate_per_minute=600)
    answers = iter([httpx.Response(429)] * 4 + [httpx.Response(200, json=OK)] * 100)
    respx.post(f"{BASE}/api/v3/send_message").mock(side_effect=lambda request: next(answers))
    ticks = {"now": 0.0}

    async def fake_sleep(seconds: float) -> None:
        ticks["now"] += seconds
        await asyncio.sleep(0)

    async with SafirClient(BASE, api_key="k", sleep=no_sleep, retry=RetryPolicy(max_retries=0)) as c:
        engine = CampaignEngine(journal, c, clock=lambda: ticks["now"], sleep=fake_sleep)
        result = await engine.run(campaign_id)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == 6
    assert engine._pacer is not None and engine._pacer.limit is not None and engine._pacer.rate_per_minute < 600


@pytest.mark.embedded_only
async def test_a_second_process_is_refused_with_a_clear_message() -> None:
    journal = open_store()
    campaign_id = campaign(journal, PHONES)
    async with client() as c:
        engine = CampaignEngine(journal, c)
        engine.lock_path(campaign_id).parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(engine.lock_path(campaign_id))):
            with pytest.raises(CampaignLocked, match="another process"):
                await engine.run(campaign_id)
    assert journal.recipients.counts(campaign_id).pending == 6


@pytest.mark.embedded_only
@pytest.mark.skipif(sys.platform == "win32", reason="a look takes the lock shared only where locks can be shared")
async def test_a_look_at_the_lock_neither_turns_a_sender_away_nor_counts_as_one() -> None:
    # `list`, a window's follow and a window's watch look at the lock all the time; a look
    # under way when a sender starts had made the sender exit as "being sent by another
    # process" (a Resume in the window that did nothing), and two looks at once saw each
    # other as senders.
    import fcntl

    journal = open_store()
    campaign_id = campaign(journal, PHONES)
    path = lock_path(journal, campaign_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()
    looking = os.open(path, os.O_RDONLY)
    fcntl.flock(looking, fcntl.LOCK_SH | fcntl.LOCK_NB)  # a look, caught half way
    try:
        assert not lock_is_held(path)
        threading.Timer(0.3, fcntl.flock, (looking, fcntl.LOCK_UN)).start()  # the look ends meanwhile
        async with client() as c, respx.mock:
            respx.post(f"{BASE}/api/v3/send_message").mock(return_value=httpx.Response(200, json=OK))
            result = await CampaignEngine(journal, c).run(campaign_id)
    finally:
        os.close(looking)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == 6


@pytest.mark.parametrize(("local_time", "quiet"), [
    ("21:59", False), ("22:00", True), ("23:59", True), ("00:00", True), ("07:59", True), ("08:00", False),
])
def test_quiet_hours_across_midnight(local_time: str, quiet: bool) -> None:
    hours = QuietHours.parse("22:00-08:00", "Asia/Tehran")
    h, m = map(int, local_time.split(":"))
    tehran = timezone(timedelta(hours=3, minutes=30))
    at = datetime(2026, 11, 22, h, m, tzinfo=tehran)
    assert hours.is_quiet(at) is quiet
    if quiet:
        reopen = at + timedelta(seconds=hours.seconds_until_open(at))
        assert reopen.astimezone(tehran).strftime("%H:%M") == "08:00"
        assert timedelta(0) < reopen - at <= timedelta(hours=10)


def test_quiet_hours_reject_nonsense() -> None:
    for bad, tz in (("22-08", "Asia/Tehran"), ("25:00-08:00", "Asia/Tehran"), ("22:00-08:00", "Mars/Base")):
        with pytest.raises(ValueError):
            QuietHours.parse(bad, tz)


@respx.mock
async def test_the_engine_waits_out_quiet_hours_then_sends() -> None:
    clock = {"now": datetime(2026, 11, 22, 20, 0, tzinfo=timezone.utc)}  # 23:30 in Tehran: quiet
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)
        clock["now"] += timedelta(seconds=seconds)
        await asyncio.sleep(0)

    journal = open_store()
    campaign_id = campaign(journal, PHONES[:2], quiet_hours=("22:00", "08:00"))
    route = respx.post(f"{BASE}/api/v3/send_message").respond(200, json=OK)
    seen = []
    async with client() as c:
        engine = CampaignEngine(journal, c, sleep=fake_sleep, now=lambda: clock["now"],
                                on_progress=lambda p: seen.append(p.waiting))
        result = await engine.run(campaign_id)
    assert result.status == CampaignStatus.FINISHED and route.call_count == 2
    assert sum(waits) == pytest.approx(8.5 * 3600)  # until 08:00 Tehran
    assert any(w and w.code == "quiet_hours" and "quiet hours until 08:00" in w.text() for w in seen)


@respx.mock
async def test_a_start_time_in_the_future_is_waited_for() -> None:
    start = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    clock = {"now": start - timedelta(minutes=5)}

    async def fake_sleep(seconds: float) -> None:
        clock["now"] += timedelta(seconds=seconds)
        await asyncio.sleep(0)

    journal = open_store()
    campaign_id = campaign(journal, PHONES[:1], start_at=start.isoformat())
    respx.post(f"{BASE}/api/v3/send_message").respond(200, json=OK)
    async with client() as c:
        await CampaignEngine(journal, c, sleep=fake_sleep, now=lambda: clock["now"]).run(campaign_id)
    assert clock["now"] >= start


@respx.mock
async def test_the_31st_otp_to_a_phone_within_an_hour_is_held_back_locally() -> None:
    journal = open_store()
    otp = Content(kind="otp", otp="{{code}}")
    route = respx.post(f"{BASE}/api/v3/send_message").respond(200, json={"message_id": "a.b.c"})
    async with client() as c:
        for _ in range(31):
            result = await CampaignEngine(journal, c).run(campaign(journal, PHONES[:1], otp))
    assert route.call_count == 30
    assert result.counts.failed == 1 and result.errors_by_code == {18: 1}


@respx.mock
async def test_retry_failed_resends_only_retryable_rows_under_their_own_request_ids() -> None:
    journal = open_store()
    campaign_id = campaign(journal, PHONES)

    def first_round(request: httpx.Request) -> httpx.Response:
        if PHONES[0].encode() in request.content:
            return error(17)
        if PHONES[1].encode() in request.content:
            return httpx.Response(503)
        return httpx.Response(200, json=OK)

    respx.post(f"{BASE}/api/v3/send_message").mock(side_effect=first_round)
    async with client() as c:
        await CampaignEngine(journal, c).run(campaign_id)
    retry_id = journal.creation.retry(campaign_id)
    parent_row = next(r for r in journal.recipients.listed(campaign_id) if r.phone == PHONES[1])
    retried = list(journal.recipients.listed(retry_id))
    assert [(r.phone, r.request_id) for r in retried] == [(PHONES[1], parent_row.request_id)]
    assert journal.campaigns.get(retry_id).parent_id == campaign_id
    respx.post(f"{BASE}/api/v3/send_message").respond(200, json=OK)
    async with client() as c:
        result = await CampaignEngine(journal, c).run(retry_id)
    assert result.counts.sent == 1


def test_rows_whose_values_make_an_invalid_message_are_marked_before_sending() -> None:
    content = Content(kind="otp", otp="{{code}}")
    rows = [(Row(2, "989121000001"), {"code": "12a4"}), (Row(3, "989121000002"), {"code": "5521"})]
    made = list(build_recipients(rows, content))
    assert made[0].verdict == "invalid" and "otp" in (made[0].reason or "") and made[0].message_data is None
    assert made[1].message_data == {"otp_message": {"otp": "5521"}}


def test_content_checks_name_the_field() -> None:
    from app.campaign import ButtonSpec, ContentError

    bad_button = Content(kind="buttons", text="x", buttons=((ButtonSpec("go"),),))
    with pytest.raises(ContentError, match=r"buttons\[0\]\[0\]"):
        bad_button.check(["name"])
    with pytest.raises(ContentError, match=r"text_fields.city"):
        Content(kind="template", template_id="welcome", text_fields={"city": "x"}).check([], ["name", "shop"])
    with pytest.raises(ContentError, match=r"buttons\[0\]\[0\].url.*{{site}}"):
        Content(kind="buttons", text="x", buttons=((ButtonSpec("go", url="https://{{site}}"),),)).check(["name"])


@respx.mock
async def test_an_answers_outcome_and_the_next_in_flight_mark_share_one_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slot is given back at the answer, so the next request's mark joins the outcome's
    transaction: one commit per message, not two (CPU per message, docs/benchmarks.md)."""
    from app.campaign import writer

    batches: list[set[str]] = []
    attempt = writer._Batching._attempt  # counting the writer's commits

    def counted(self: writer._Batching, batch: list) -> list:  # type: ignore[type-arg]
        batches.append({type(command).__name__ for command, _, _ in batch})
        return attempt(self, batch)

    monkeypatch.setattr(writer._Batching, "_attempt", counted)
    respx.post(f"{BASE}/api/v3/send_message").mock(return_value=httpx.Response(200, json=OK))
    journal = open_store()
    campaign_id = campaign(journal, PHONES, in_flight=1)
    async with client() as c:
        result = await CampaignEngine(journal, c).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == len(PHONES)
    # Every mark but the first shares its commit with the answer before it (a writer thread
    # running late may join several such pairs in one commit).
    alone = [b for b in batches if "MarkInFlight" in b and "RecordOutcome" not in b]
    assert len(alone) == 1, batches


async def test_a_pass_waiting_for_a_slot_stops_at_once_when_paused() -> None:
    from app.campaign.sending_pass import InFlightSlots
    from app.campaign.stopping import StopSignal
    from app.reasons import pause_reason

    stop = StopSignal()
    slots = InFlightSlots(1, stop)
    assert await slots.take()
    waiting = asyncio.ensure_future(slots.take())
    await asyncio.sleep(0.01)
    assert not waiting.done()
    stop.pause(pause_reason("user_paused"))
    assert await asyncio.wait_for(waiting, 1.0) is False
    give_back = slots.holder()
    give_back()
    give_back()  # once only: a second call frees nothing more
    assert await slots.take()
    late = asyncio.ensure_future(slots.take())
    await asyncio.sleep(0.01)
    assert late.done() and late.result() is False  # stopped and none free


def test_no_request_in_flight_waits_for_a_connection() -> None:
    """Found by an attack: 256 requests could be in flight on a pool of 64 connections; the
    rest waited in the pool, their lease checked before it, and a sender frozen there sent
    them as it woke, after another had finished the campaign."""
    from app.api.client import MAX_CONNECTIONS
    from app.jobs.inputs import MAX_IN_FLIGHT

    assert MAX_IN_FLIGHT <= MAX_CONNECTIONS
