"""The SMS gateway channel (issue 37): Kavenegar's REST interface as app/api/sms.py speaks
it, over real HTTP against the sandbox's imitation (on both transports), and its exact
wire shape with respx."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from urllib.parse import parse_qs

import httpx
import pytest
import respx

from app.api import AuthenticationError, InvalidInputError, InvalidPhoneError, PaymentRequiredError, RequestTimeout
from app.api.sms import KavenegarGateway, SmsDelivery
from app.api.timeouts import Timeouts
from app.api.transport import TRANSPORT_ENV
from app.sandbox import EmbeddedSandbox
from app.sandbox.sms import parts_of
from app.sandbox.state import DEMO_SMS_KEY, DEMO_SMS_SENDER
from tests.helpers import fast_settings

PERSIAN = "سلام، سفارش شما ارسال شد."  # 25 characters: one UCS-2 part


@pytest.fixture(params=["aiohttp", "httpx"])
def transport(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(TRANSPORT_ENV, request.param)
    return str(request.param)


@pytest.fixture
def gateway_sandbox() -> Iterator[EmbeddedSandbox]:
    with EmbeddedSandbox(fast_settings(sms_delivery_s=0.4, sms_credit=1000)) as running:
        yield running


def sent(sandbox: EmbeddedSandbox) -> list[dict]:
    return httpx.get(f"{sandbox.url}/sandbox/sms").json()["messages"]


def gateway(sandbox: EmbeddedSandbox, key: str = DEMO_SMS_KEY, sender: str = DEMO_SMS_SENDER,
            timeouts: Timeouts = Timeouts()) -> KavenegarGateway:
    return KavenegarGateway(key, sender, sandbox.url, timeouts=timeouts)


@pytest.mark.usefixtures("transport")
def test_a_message_is_sent_once_per_local_id_and_followed_to_its_delivery(gateway_sandbox: EmbeddedSandbox) -> None:
    async def scenario() -> tuple[list, list, int]:
        async with gateway(gateway_sandbox) as sms:
            first = await sms.send("989121110001", PERSIAN, "r-1")
            again = await sms.send("989121110001", PERSIAN, "r-1")  # a retry after a lost answer
            long = await sms.send("989121110099", "ب" * 71, "r-2")  # two parts; a number that blocks the line
            early = await sms.statuses(["r-1", "r-2", "nobody"])
            await asyncio.sleep(0.5)
            late = await sms.statuses(["r-1", "r-2"])
            return [first, again, long], [early, late], await sms.balance()

    (first, again, long), (early, late), balance = asyncio.run(scenario())
    assert again.message_id == first.message_id and first.status is SmsDelivery.QUEUED and first.cost == 120
    assert long.cost == 240 and balance == 1000 - 120 - 240  # charged once per message, per part
    assert [(m["phone"], m["parts"], m["localid"]) for m in sent(gateway_sandbox)] == [
        ("09121110001", 1, "r-1"), ("09121110099", 2, "r-2")]
    assert [s.status for s in early] == [SmsDelivery.QUEUED, SmsDelivery.QUEUED, SmsDelivery.UNKNOWN]
    assert [(s.local_id, s.status) for s in late] == [("r-1", SmsDelivery.DELIVERED), ("r-2", SmsDelivery.BLOCKED)]
    assert all(s.status.final for s in late) and not SmsDelivery.SENT_TO_OPERATOR.final


@pytest.mark.usefixtures("transport")
def test_replies_to_the_line_are_read_once(gateway_sandbox: EmbeddedSandbox) -> None:
    for text in ("لغو ۱۱", "stop"):
        assert httpx.post(f"{gateway_sandbox.url}/sandbox/sms/replies",
                          json={"phone": "09121110001", "text": text}).status_code == 201

    async def scenario() -> tuple[list, list]:
        async with gateway(gateway_sandbox) as sms:
            return await sms.replies(), await sms.replies()

    first, second = asyncio.run(scenario())
    assert [(r.phone, r.text, r.line) for r in first] == [("09121110001", "لغو ۱۱", DEMO_SMS_SENDER),
                                                           ("09121110001", "stop", DEMO_SMS_SENDER)]
    assert second == []


@pytest.mark.parametrize(("key", "sender", "phone", "text", "error", "code"), [
    ("wrong-key", DEMO_SMS_SENDER, "989121110001", PERSIAN, AuthenticationError, 403),
    (DEMO_SMS_KEY, "30001234", "989121110001", PERSIAN, InvalidInputError, 412),
    (DEMO_SMS_KEY, DEMO_SMS_SENDER, "12345", PERSIAN, InvalidPhoneError, 411),
    (DEMO_SMS_KEY, DEMO_SMS_SENDER, "989121110001", "", InvalidInputError, 413),
    (DEMO_SMS_KEY, DEMO_SMS_SENDER, "989121110001", "ب" * 700, PaymentRequiredError, 418),  # 11 parts: 1,320
])
def test_each_refusal_is_its_error_and_nothing_is_sent(gateway_sandbox: EmbeddedSandbox, key: str, sender: str,
                                                        phone: str, text: str, error: type, code: int) -> None:
    async def scenario() -> None:
        async with gateway(gateway_sandbox, key, sender) as sms:
            await sms.send(phone, text, "r-1")

    with pytest.raises(error) as refused:
        asyncio.run(scenario())
    assert refused.value.code == code and key not in str(refused.value)
    assert sent(gateway_sandbox) == []


def test_an_answer_lost_after_the_gateway_took_it_is_sent_again_under_its_local_id_never_twice() -> None:
    settings = fast_settings(sms_fault_timeout=1.0, fault_hold_s=1.0)
    with EmbeddedSandbox(settings) as sandbox:
        async def scenario() -> int:
            async with gateway(sandbox, timeouts=Timeouts(connect=1.0, read=0.3, write=1.0, pool=1.0)) as sms:
                with pytest.raises(RequestTimeout):
                    await sms.send("989121110001", PERSIAN, "r-7")
                settings.sms_fault_timeout = 0.0  # the next try is answered
                return (await sms.send("989121110001", PERSIAN, "r-7")).message_id

        message_id = asyncio.run(scenario())
        assert [(m["messageid"], m["localid"]) for m in sent(sandbox)] == [(message_id, "r-7")]


@respx.mock
def test_the_wire_shape_is_the_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TRANSPORT_ENV, "httpx")  # respx stands in for httpx's own transport
    route = respx.post("https://api.kavenegar.com/v1/test-sms-key/sms/send.json").mock(
        return_value=httpx.Response(200, json={"return": {"status": 200, "message": "تایید شد"}, "entries": [
            {"messageid": 8792343, "message": PERSIAN, "status": 1, "statustext": "در صف ارسال",
             "sender": "10004346", "receptor": "09121110001", "date": 1356619709, "cost": 120}]}))

    async def scenario() -> None:
        async with KavenegarGateway("test-sms-key", "10004346") as sms:
            message = await sms.send("989121110001", PERSIAN, "r-1")
            assert (message.message_id, message.status, message.cost) == (8792343, SmsDelivery.QUEUED, 120)

    asyncio.run(scenario())
    form = parse_qs(route.calls.last.request.content.decode())
    assert form == {"receptor": ["09121110001"], "sender": ["10004346"], "message": [PERSIAN], "localid": ["r-1"]}
    assert route.calls.last.request.headers["content-type"] == "application/x-www-form-urlencoded"


def test_parts_are_counted_as_the_gateways_do() -> None:
    assert [parts_of("a" * 160), parts_of("a" * 161), parts_of("ب" * 70), parts_of("ب" * 71), parts_of("ب" * 134),
            parts_of("ب" * 135)] == [1, 2, 1, 2, 2, 3]


def test_a_gateway_without_a_key_a_line_or_https_is_refused_before_anything_is_sent() -> None:
    from app.api import ConfigurationError

    for key, sender, url in (("", "10004346", "https://api.kavenegar.com"), ("k", " ", "https://api.kavenegar.com"),
                             ("k", "10004346", "http://api.kavenegar.com")):
        with pytest.raises(ConfigurationError):
            KavenegarGateway(key, sender, url)


@respx.mock
@pytest.mark.parametrize(("answer", "category"), [
    (httpx.Response(502, text="<html>Bad Gateway</html>"), "transient"),  # a proxy's page, not the gateway's
    (httpx.Response(409, json={"return": {"status": 409, "message": "x"}, "entries": None}), "transient"),
    (httpx.Response(416, json={"return": {"status": 416, "message": "x"}, "entries": None}), "account"),  # unknown
    (httpx.Response(501, json={"return": {"status": 501, "message": "x"}, "entries": None}), "account"),
    (httpx.Response(411, json={"return": {"status": 411, "message": "x"}, "entries": None}), "recipient"),
])
def test_a_refusal_is_classified_once_unknown_ones_stop_the_channel(
        monkeypatch: pytest.MonkeyPatch, answer: httpx.Response, category: str) -> None:
    from app.api import SafirError

    monkeypatch.setenv(TRANSPORT_ENV, "httpx")
    respx.post("https://api.kavenegar.com/v1/test-sms-key/sms/send.json").mock(return_value=answer)

    async def scenario() -> None:
        async with KavenegarGateway("test-sms-key", "10004346") as sms:
            await sms.send("989121110001", PERSIAN, "r-1")

    with pytest.raises(SafirError) as refused:
        asyncio.run(scenario())
    assert refused.value.category.value == category and "test-sms-key" not in str(refused.value)
