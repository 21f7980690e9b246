"""The SMS fallback (issue 37): numbers the service answers "no Bale account" (code 17) are
sent the SMS form of their message through the gateway (the sandbox's imitation, over real
HTTP), each number reached once on exactly one channel, an SMS whose answer was lost sent
again under the same local id and never twice, and every SMS followed to its delivery."""

from __future__ import annotations

import asyncio
import json
import csv
from collections import Counter
from pathlib import Path

import httpx
import openpyxl
import pytest
from pypdf import PdfReader

from app.api import PaymentRequiredError, RequestTimeout, SafirClient, Timeouts
from app.api.sms import KavenegarGateway
from app.campaign import CampaignEngine, CampaignStatus, Journal, NewRecipient, RecipientState
from app.campaign.caps import CapScope, FrequencyCap
from app.campaign.progress import settled
from app.campaign.sms_fallback import SmsFallback, channel_counts
from app.campaign.sms_text import sms_parts, sms_text
from app.jobs.store import open_store
from app.sandbox import DEMO_API_KEY, DEMO_BOT_ID, EmbeddedSandbox
from app.sandbox.state import DEMO_SMS_KEY, DEMO_SMS_SENDER
from tests.helpers import delivered, fast_settings
from tests.helpers.cli import run

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")

#: 60 numbers, every third without a Bale account (the sandbox answers those with code 17).
PHONES = [f"98912400{i:04d}" for i in range(1, 61)]
NO_ACCOUNT = set(PHONES[::3])


def sms_sent(sandbox: EmbeddedSandbox) -> list[dict]:
    """What the sandbox's gateway took, read over HTTP."""
    return httpx.get(f"{sandbox.url}/sandbox/sms").json()["messages"]


def national(phone: str) -> str:
    return "0" + phone[2:]


@pytest.fixture
def sms_sandbox() -> EmbeddedSandbox:
    with EmbeddedSandbox(fast_settings(no_account_numbers=NO_ACCOUNT, no_account_suffix="", sms_delivery_s=0.3,
                                       sms_fault_timeout=0.1, fault_hold_s=1.0)) as running:
        yield running


def test_every_number_is_reached_once_on_one_channel_and_timeouts_send_no_sms_twice(
        sms_sandbox: EmbeddedSandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = tmp_path / "list.csv"
    sheet.write_text("phone,name\n" + "".join(f"{national(p)},n{i}\n" for i, p in enumerate(PHONES)), encoding="utf-8")
    monkeypatch.setenv("SAFIR_SMS_API_KEY", DEMO_SMS_KEY)
    monkeypatch.setenv("SAFIR_SMS_SENDER", DEMO_SMS_SENDER)
    monkeypatch.setenv("SAFIR_SMS_BASE_URL", sms_sandbox.url)
    done = run("send", str(sheet), "--bot-id", str(DEMO_BOT_ID), "--text", "سلام {{name}}",
               "--button-row", "سایت=https://example.com/a", "--base-url", sms_sandbox.url, "--rate", "0",
               "--sms-fallback", "--timeout", "0.5", "--results", str(tmp_path / "out.csv"), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    by_bale = {m["phone_number"] for m in delivered(sms_sandbox)}
    texts = sms_sent(sms_sandbox)
    by_sms = Counter(m["phone"] for m in texts)
    assert by_bale == set(PHONES) - NO_ACCOUNT
    assert by_sms == Counter(national(p) for p in NO_ACCOUNT)  # each once, though some answers were lost
    first = next(m for m in texts if m["phone"] == national(PHONES[0]))
    assert first["text"] == "سلام n0\nسایت: https://example.com/a\nلغو ۱۱"
    assert first["parts"] == sms_parts(first["text"]) == 1
    with (tmp_path / "out.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert {r["phone"]: r["channel"] for r in rows} == {p: "sms" if p in NO_ACCOUNT else "bale" for p in PHONES}
    assert {r["status"] for r in rows} == {"sent"}
    assert {r["delivery"] for r in rows if r["channel"] == "sms"} == {"delivered"}  # followed to the end
    assert f"by SMS: {len(NO_ACCOUNT)} sent ({len(NO_ACCOUNT)} delivered" in done.stdout
    status = run("status", "1")
    assert f"by Bale: {len(PHONES) - len(NO_ACCOUNT)} sent, 0 failed; by SMS: {len(NO_ACCOUNT)} sent" in status.stdout


def make_campaign(journal: Journal, sandbox: EmbeddedSandbox, phones: list[str], sms_fallback: str | None) -> int:
    return journal.creation.create(
        name="t", kind="text", content={"kind": "text", "text": "hi"}, bot_id=DEMO_BOT_ID, rate_per_minute=0,
        in_flight=4, base_url=sandbox.url, sms_fallback=sms_fallback,
        recipients=[NewRecipient(i + 2, p, p, "valid", None, {"message": {"text": "hi"}}) for i, p in enumerate(phones)])


def answered_no_account(journal: Journal, campaign_id: int, row: int | None = None) -> None:
    """As if the service had answered code 17 (no Bale account) for ``row`` (None: every row)."""
    with journal.transaction():
        journal.db.execute("UPDATE recipients SET state = 'failed', error_code = 17 WHERE campaign_id = $1"
                           + (" AND row = $2" if row is not None else ""),
                           (campaign_id,) if row is None else (campaign_id, row))


async def no_wait(_: float) -> None:
    return None


async def test_an_sms_whose_answer_was_lost_is_sent_again_under_its_id_and_reaches_the_number_once(
        sms_sandbox: EmbeddedSandbox) -> None:
    phones = PHONES[:6]
    sms_sandbox.settings.sms_fault_timeout = 1.0  # the gateway takes every SMS, and its answer comes too late
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, phones, "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url, timeouts=Timeouts(read=0.2)) as gateway:
            first = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway, sleep=no_wait)).run(
                campaign_id)
            assert first.status == CampaignStatus.FINISHED, first.reason  # the re-send under its id got the answer
            once = {national(phones[0]): 1, national(phones[3]): 1}
            assert Counter(m["phone"] for m in sms_sent(sms_sandbox)) == once
            # A sender that died after marking them in flight, before it heard back: resumed, it sends them again.
            with journal.transaction():
                journal.db.execute("UPDATE recipients SET state = $1 WHERE campaign_id = $2 AND channel = 'sms'",
                                   (RecipientState.IN_FLIGHT, campaign_id))
                journal.db.execute("UPDATE campaigns SET status = $1 WHERE id = $2", (CampaignStatus.PAUSED, campaign_id))
            sms_sandbox.settings.sms_fault_timeout = 0.0
            again = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway, sleep=no_wait)).run(
                campaign_id)
        assert again.status == CampaignStatus.FINISHED, again.reason
        assert Counter(m["phone"] for m in sms_sent(sms_sandbox)) == once
        counts = channel_counts(journal, campaign_id)
        assert (counts.bale_sent, counts.sms_sent, counts.sms_failed) == (4, 2, 0)
        # The service once, the SMS twice (the gateway took it once: the second send was under the same id).
        assert [r.attempts for r in journal.recipients.listed(campaign_id) if r.channel == "sms"] == [3, 3]


async def test_a_campaign_without_the_fallback_leaves_numbers_without_an_account_failed(
        sms_sandbox: EmbeddedSandbox) -> None:
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:3], None)
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            result = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(campaign_id)
        assert result.status == CampaignStatus.FINISHED
        assert result.errors_by_code == {17: 1} and sms_sent(sms_sandbox) == []


async def test_a_fallback_without_a_gateway_pauses_and_says_what_to_set(sms_sandbox: EmbeddedSandbox) -> None:
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:3], "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client:
            result = await CampaignEngine(journal, client).run(campaign_id)
        assert result.status == CampaignStatus.PAUSED and result.reason is not None
        assert result.reason.code == "sms_not_set_up" and "SAFIR_SMS_API_KEY" in result.reason.text()


async def test_a_wrong_key_pauses_the_campaign_and_its_numbers_wait_for_their_sms(
        sms_sandbox: EmbeddedSandbox) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:6], "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                "not-the-key", DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            result = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(campaign_id)
        assert result.status == CampaignStatus.PAUSED and result.reason is not None
        assert result.reason.code == "sms_refused", result.reason
        assert result.counts.pending == 2 and sms_sent(sms_sandbox) == []


@pytest.mark.parametrize(("data", "opt_out", "expected"), [
    ({"message": {"text": "hi", "copy_text": "CODE1"}}, "لغو ۱۱", "hi\nCODE1\nلغو ۱۱"),
    ({"message": {"text": "hi", "reply_markup": {"inline_keyboard": [[{"text": "app", "web_app": {
        "url": "https://e.com/w"}}, {"text": "copy", "copy_text": "X"}]]}}}, "", "hi\napp: https://e.com/w\ncopy: X"),
    ({"otp_message": {"otp": "4821"}}, "لغو ۱۱", "کد شما: 4821"),
    ({"template_message": {"template_id": "t1", "text_fields": {}}}, "", None),
    ({"message": {"file_id": "f1"}}, "", None),
])
def test_the_sms_form_of_each_kind_of_message(data: dict, opt_out: str, expected: str | None) -> None:
    assert sms_text(data, opt_out) == expected


@pytest.mark.parametrize(("text", "parts"), [("a" * 160, 1), ("a" * 161, 2), ("س" * 70, 1), ("س" * 71, 2),
                                             ("س" * 135, 3)])
def test_parts_are_counted_as_the_gateway_counts_them(text: str, parts: int) -> None:
    assert sms_parts(text) == parts


async def test_the_report_counts_and_costs_each_channel(sms_sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:6], "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            sms = SmsFallback(journal, gateway)
            assert (await CampaignEngine(journal, client, sms=sms).run(campaign_id)).status == CampaignStatus.FINISHED
            assert await sms.follow(campaign_id, 30.0) == 0
    made = run("report", str(campaign_id), str(tmp_path / "r.xlsx"))
    assert made.returncode == 0, made.stderr
    figures = {r[0]: r[1] for r in openpyxl.load_workbook(tmp_path / "r.xlsx").active.iter_rows(values_only=True)}
    assert (figures["Sent by Bale"], figures["Sent by SMS"], figures["SMS delivered"]) == (4, 2, 2)
    assert figures["SMS cost (rials)"] == 2 * 120  # one part each, at the sandbox's price of a part
    made = run("report", str(campaign_id), str(tmp_path / "r.pdf"), "--language", "fa")
    assert made.returncode == 0, made.stderr
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "r.pdf").pages)
    assert "پیامک" in text


async def test_a_number_found_without_bale_is_sent_its_next_message_by_sms_without_asking_the_service(
        sms_sandbox: EmbeddedSandbox) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    phones = PHONES[:3]  # the first has no Bale account
    with open_store() as journal:
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            first = make_campaign(journal, sms_sandbox, phones, "")
            assert (await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(first)).status \
                == CampaignStatus.FINISHED
            asked = int(httpx.get(f"{sms_sandbox.url}/sandbox/state").json()["errors_by_code"].get("17", 0))
            assert asked == 1
            assert journal.sms.known_without_account(phones, sms_sandbox.url) == {phones[0]}
            assert journal.sms.known_without_account(phones, "https://safir.bale.ai") == set()
            second = make_campaign(journal, sms_sandbox, phones, "")
            assert (await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(second)).status \
                == CampaignStatus.FINISHED
        assert int(httpx.get(f"{sms_sandbox.url}/sandbox/state").json()["errors_by_code"].get("17", 0)) == asked
        assert [(r.phone, r.channel, r.state, r.attempts) for r in journal.recipients.listed(second)] == [
            (phones[0], "sms", "sent", 1), (phones[1], "bale", "sent", 1), (phones[2], "bale", "sent", 1)]
        assert Counter(m["phone"] for m in sms_sent(sms_sandbox)) == {national(phones[0]): 2}


async def test_status_asks_the_gateway_where_the_sms_not_final_yet_stand(sms_sandbox: EmbeddedSandbox) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:6], "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            result = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(campaign_id)
        assert result.status == CampaignStatus.FINISHED
        assert channel_counts(journal, campaign_id).waiting == 2  # taken by the gateway, not delivered yet
    await asyncio.sleep(sms_sandbox.settings.sms_delivery_s + 0.2)
    shown = run("status", str(campaign_id))
    assert shown.returncode == 0 and "by SMS: 2 sent (2 delivered, 0 not delivered, 0 not known yet)" in shown.stdout


async def test_a_campaign_that_ended_with_numbers_waiting_for_their_sms_sends_them_on_resume(
        sms_sandbox: EmbeddedSandbox) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    phones = PHONES[1:3]  # both have a Bale account
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, phones, "")
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            assert (await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(campaign_id)).status \
                == CampaignStatus.FINISHED
            # A second sender recorded a code 17 after this one had moved its own to SMS, and settled it as it was.
            with journal.transaction():
                journal.db.execute("UPDATE recipients SET state = 'failed', error_code = 17, message_id = NULL"
                                   " WHERE campaign_id = $1 AND row = 2", (campaign_id,))
            assert settled(journal.recipients.counts(campaign_id), 3, journal.sms.waiting(campaign_id))[0] == CampaignStatus.PAUSED
            again = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(campaign_id)
        assert again.status == CampaignStatus.FINISHED, again.reason
        assert [m["phone"] for m in sms_sent(sms_sandbox)] == [national(phones[0])]


async def test_sms_wait_for_the_start_time_and_quiet_hours_like_the_service(sms_sandbox: EmbeddedSandbox) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    with open_store() as journal:
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            found = make_campaign(journal, sms_sandbox, PHONES[:1], "")  # finds the number without Bale
            await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(found)
            sent_before = len(sms_sent(sms_sandbox))
            later = journal.creation.create(
                name="later", kind="text", content={"kind": "text", "text": "hi"}, bot_id=DEMO_BOT_ID,
                rate_per_minute=0, in_flight=4, base_url=sms_sandbox.url, sms_fallback="", quiet_hours=("00:00", "23:59"),
                recipients=[NewRecipient(2, PHONES[0], PHONES[0], "valid", None, {"message": {"text": "hi"}})])
            engine = CampaignEngine(journal, client, sms=SmsFallback(journal, gateway))
            running = asyncio.ensure_future(engine.run(later))
            await asyncio.sleep(1.0)
            engine.pause()
            result = await running
        assert result.status == CampaignStatus.PAUSED
        assert len(sms_sent(sms_sandbox)) == sent_before  # quiet hours hold the SMS too
        assert [(r.channel, r.state) for r in journal.recipients.listed(later)] == [("sms", "pending")]


async def test_a_stale_read_never_marks_another_senders_sms_capped(sms_sandbox: EmbeddedSandbox) -> None:
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:1], "")
        answered_no_account(journal, campaign_id)
        assert journal.sms.hand_over(campaign_id) == 1
        read_by_b = journal.sms.to_send(campaign_id, -1, 10)[0]
        assert journal.sms.mark_in_flight(read_by_b, None) is True  # A marks it and sends it
        cap = CapScope(FrequencyCap(max_messages=1, days=1), None)
        # B, from its read of it as pending: not capped by A's own mark; B sends it again under its id (never twice).
        assert journal.sms.mark_in_flight(read_by_b, cap) is True
        assert [(r.state, r.verdict) for r in journal.recipients.listed(campaign_id)] == [("in_flight", "valid")]


async def test_a_rest_campaign_keeps_the_fallback_and_each_rows_channel(sms_sandbox: EmbeddedSandbox) -> None:
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:2], "لغو")
        answered_no_account(journal, campaign_id, row=2)
        journal.sms.hand_over(campaign_id)
        journal.control.set_status(campaign_id, CampaignStatus.CANCELLED)
        rest = journal.creation.rest(campaign_id)
        assert journal.campaigns.get(rest).sms_fallback == "لغو"
        parent = {r.row: (r.channel, r.request_id) for r in journal.recipients.listed(campaign_id)}
        assert {r.row: (r.channel, r.request_id) for r in journal.recipients.listed(rest)} == parent
        assert parent[2][0] == "sms" and parent[3][0] == "bale"


class LostThenRefused:
    """A gateway that takes the SMS but whose answer is lost, then refuses the account."""

    def __init__(self) -> None:
        self.calls = 0

    async def send(self, phone: str, text: str, local_id: str) -> None:
        self.calls += 1
        if self.calls == 1:
            raise RequestTimeout("the SMS gateway did not answer in time: it may have taken the request")
        raise PaymentRequiredError("the SMS gateway account's credit is not enough", status_code=200, code=418)


async def test_a_refusal_after_a_lost_answer_leaves_the_sms_unknown_never_pending(sms_sandbox: EmbeddedSandbox) -> None:
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:1], "")
        answered_no_account(journal, campaign_id)
        fallback = SmsFallback(journal, LostThenRefused(), sleep=no_wait)  # type: ignore[arg-type]
        refused = await fallback.send(journal.campaigns.get(campaign_id), lambda: False)
        assert refused is not None and refused.code == "sms_refused"
        assert [(r.channel, r.state) for r in journal.recipients.listed(campaign_id)] == [("sms", "unknown")]


@pytest.mark.embedded_only
async def test_an_unreadable_suppression_list_pauses_the_sms_with_a_sentence(
        sms_sandbox: EmbeddedSandbox, state_home: Path) -> None:
    sms_sandbox.settings.sms_fault_timeout = 0.0
    with open_store() as journal:
        async with SafirClient(sms_sandbox.url, api_key=DEMO_API_KEY) as client, KavenegarGateway(
                DEMO_SMS_KEY, DEMO_SMS_SENDER, sms_sandbox.url) as gateway:
            found = make_campaign(journal, sms_sandbox, PHONES[:1], "")  # finds the number without Bale
            await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(found)
            sent_before = len(sms_sent(sms_sandbox))
            (state_home / "suppression.csv").mkdir(parents=True)  # the list cannot be read
            again = make_campaign(journal, sms_sandbox, PHONES[:1], "")  # straight to SMS: only the SMS reads it
            result = await CampaignEngine(journal, client, sms=SmsFallback(journal, gateway)).run(again)
        assert result.status == CampaignStatus.PAUSED and result.reason is not None
        assert result.reason.code == "suppression_unreadable", result.reason
        assert journal.campaigns.get(again).status == CampaignStatus.PAUSED and len(sms_sent(sms_sandbox)) == sent_before


def test_a_series_run_sends_its_sms_through_the_account_of_the_profile_its_series_names(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from app.campaign.repeat import Every, RepeatRule, add_series
    from app.desktop.profiles import SecretStore
    from app.jobs.series import fire_due, plan_for
    from app.jobs.sms_gateway import campaign_gateway
    from app.campaign import Content
    from datetime import datetime, timezone

    for name in ("SAFIR_SMS_API_KEY", "SAFIR_SMS_SENDER", "SAFIR_SMS_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    looked: list[tuple[str, str]] = []
    monkeypatch.setattr(SecretStore, "get", lambda _self, profile, name: looked.append((profile, name)) or "shop-b-key")
    (tmp_path / "s.csv").write_text("phone\n09124000001\n", encoding="utf-8")
    with open_store() as journal:
        plan = plan_for(str(tmp_path / "s.csv"), content=Content(kind="text", text="x"), bot_id=1001,
                        base_url="https://safir.bale.ai", rate_per_minute=0, in_flight=1, sms_fallback="",
                        sms_profile="Shop B", sms_sender="30001234")
        add_series(journal, "B's offers", RepeatRule(Every.DAY, "10:00"), plan,
                   datetime(2026, 10, 27, 14, 30, tzinfo=timezone.utc))
        made = fire_due(journal, datetime(2026, 10, 28, 7, 0, tzinfo=timezone.utc), lambda _: None)
        gateway = campaign_gateway(journal, journal.campaigns.get(made[0]), sandbox=False)
    assert gateway is not None and gateway.sender == "30001234" and looked == [("Shop B", "sms_api_key")]
    assert "shop-b-key" not in json.dumps(plan)  # the key stays in the keyring


def test_a_key_without_its_line_is_a_warning_and_the_campaigns_sms_wait(
        sms_sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.common import sms_gateway_of

    monkeypatch.setenv("SAFIR_SMS_API_KEY", "some-key")
    monkeypatch.delenv("SAFIR_SMS_SENDER", raising=False)
    with open_store() as journal:
        campaign_id = make_campaign(journal, sms_sandbox, PHONES[:1], "")
        assert sms_gateway_of(journal, campaign_id, "https://safir.bale.ai", None) is None  # no exception
    assert "SAFIR_SMS_SENDER is not" in capsys.readouterr().err
