"""The real client against the real sandbox over loopback: every message kind, the
errors of spec section 7, idempotency, token expiry, limits and injected faults."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from app.api import (
    ContactLimitError,
    InlineButton,
    InvalidInputError,
    Message,
    MessageData,
    NotBaleUserError,
    OtpMessage,
    PaymentRequiredError,
    PhoneRateLimitError,
    RateLimitError,
    RequestValidationError,
    RetryPolicy,
    SafirClient,
    TemplateMessage,
    Timeouts,
)
from app.sandbox import DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, EmbeddedSandbox
from tests.helpers import delivered, fast_settings

PHONE = "989121234567"
NO_RETRY = RetryPolicy(max_retries=0)


def client_for(sandbox: EmbeddedSandbox, **kwargs: object) -> SafirClient:
    return SafirClient(sandbox.url, api_key=DEMO_API_KEY, client_id=DEMO_CLIENT_ID,
                       client_secret=DEMO_CLIENT_SECRET, **kwargs)  # type: ignore[arg-type]


async def test_every_message_kind_arrives_as_the_recipient_would_see_it(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    picture = tmp_path / "poster.png"
    picture.write_bytes(b"\x89PNG" + os.urandom(3000))
    progress: list[int] = []
    async with client_for(sandbox) as c:
        file_id = (await c.upload_file(picture, on_progress=progress.append)).file_id
        kinds = {
            "text": MessageData.text("سلام"),
            "media": MessageData(message=Message(text="پوستر جدید", file_id=file_id)),
            "secure": MessageData(message=Message(text="رمز شما"), is_secure=True),
            "buttons": MessageData(message=Message(text="منو", inline_keyboard=(
                (InlineButton("سایت", url="https://example.com"), InlineButton("برنامک", web_app_url="https://app.example")),
                (InlineButton("کپی کد", copy_text="OFF20"),),
            ))),
            "copy": MessageData(message=Message(text="کد تخفیف", copy_text="OFF20")),
            "template": MessageData(template_message=TemplateMessage("welcome", {"name": "علی", "shop": "فروشگاه"})),
        }
        results = {}
        for i, (kind, data) in enumerate(kinds.items()):
            results[kind] = await c.send_message(bot_id=1001, phone_number=PHONE, message_data=data,
                                                 request_id=f"kind-{i}")
        otp = await c.send_message(bot_id=1001, phone_number=PHONE, message_data=MessageData(
            otp_message=OtpMessage("049321")))
    assert progress[-1] == 3004
    assert len(otp.message_id.split(".")) == 3
    seen = {m["request_id"]: m for m in delivered(sandbox, PHONE)}
    texts = {kind: seen[f"kind-{i}"]["text"] for i, kind in enumerate(kinds)}
    assert texts["text"] == "سلام"
    assert "poster.png" in texts["media"] and "پوستر جدید" in texts["media"]
    assert seen["kind-2"]["is_secure"] and "رمز شما" in texts["secure"] and texts["secure"] != "رمز شما"
    assert "https://example.com" in texts["buttons"] and "https://app.example" in texts["buttons"]
    assert "OFF20" in texts["copy"]
    assert texts["template"] == "سلام علی، به فروشگاه خوش آمدید"
    otp_lines = next(m for m in delivered(sandbox, PHONE) if m["kind"] == "otp")["text"].splitlines()
    assert len(otp_lines) == 3 and "049321" in otp_lines[0] and "فروشگاه نمونه" in otp_lines[2]


@pytest.mark.parametrize("data", [
    MessageData(template_message=TemplateMessage("no-such-template", {})),
    MessageData(template_message=TemplateMessage("welcome", {"name": "x", "city": "y"})),
    MessageData(message=Message(text="x", file_id="not-uploaded")),
])
async def test_invalid_content_is_code_4(sandbox: EmbeddedSandbox, data: MessageData) -> None:
    async with client_for(sandbox) as c:
        with pytest.raises(InvalidInputError) as caught:
            await c.send_message(bot_id=1001, phone_number=PHONE, message_data=data)
    assert caught.value.code == 4 and delivered(sandbox) == []


async def test_a_repeated_request_id_returns_the_same_message_and_delivers_once(sandbox: EmbeddedSandbox) -> None:
    async with client_for(sandbox) as c:
        first = await c.send_message(bot_id=1001, phone_number=PHONE, message_data=MessageData.text("a"),
                                     request_id="once")
        second = await c.send_message(bot_id=1001, phone_number=PHONE, message_data=MessageData.text("a"),
                                      request_id="once")
    assert first.message_id == second.message_id and len(delivered(sandbox)) == 1


async def test_no_account_and_payment_required() -> None:
    with EmbeddedSandbox(fast_settings(balance=1)) as sandbox:
        async with client_for(sandbox) as c:
            with pytest.raises(NotBaleUserError):
                await c.send_message(bot_id=1001, phone_number="989121230000", message_data=MessageData.text("x"))
            assert (await c.send_otp(PHONE, "1234")).balance == 0
            with pytest.raises(PaymentRequiredError):
                await c.send_message(bot_id=1001, phone_number=PHONE, message_data=MessageData.text("x"))
            with pytest.raises(PaymentRequiredError):
                await c.send_otp(PHONE, "1234")


async def test_the_contact_limit_refuses_new_phones_but_not_known_ones() -> None:
    with EmbeddedSandbox(fast_settings(contact_limit=2)) as sandbox:
        async with client_for(sandbox) as c:
            for phone in ("989121110001", "989121110002", "989121110001"):
                await c.send_message(bot_id=1001, phone_number=phone, message_data=MessageData.text("x"))
            with pytest.raises(ContactLimitError) as caught:
                await c.send_message(bot_id=1001, phone_number="989121110003", message_data=MessageData.text("x"))
    assert caught.value.code == 21


async def test_the_per_phone_otp_limit_reaches_the_client_as_code_18() -> None:
    with EmbeddedSandbox(fast_settings(otp_per_phone_per_hour=2)) as sandbox:
        async with client_for(sandbox) as c:
            await c.send_otp(PHONE, "111")
            await c.send_otp(PHONE, "222")
            with pytest.raises(PhoneRateLimitError):
                await c.send_otp(PHONE, "333")
            await c.send_otp("989121234568", "444")  # other phones are unaffected


async def test_rate_and_burst_limits_answer_code_3_and_the_client_retries_through() -> None:
    with EmbeddedSandbox(fast_settings(burst_per_second=3)) as sandbox:
        async with client_for(sandbox, retry=NO_RETRY) as c:
            outcomes = await asyncio.gather(*(
                c.send_message(bot_id=1001, phone_number=PHONE, message_data=MessageData.text(str(i)))
                for i in range(6)), return_exceptions=True)
        assert sum(isinstance(o, RateLimitError) for o in outcomes) == 3
        async with client_for(sandbox, retry=RetryPolicy(max_retries=4, base=0.4)) as c:
            await asyncio.sleep(1.05)
            await asyncio.gather(*(c.send_message(bot_id=1001, phone_number=PHONE,
                                                  message_data=MessageData.text(f"r{i}")) for i in range(6)))
        assert len(delivered(sandbox)) == 3 + 6


async def test_an_expired_token_is_replaced_after_one_401() -> None:
    with EmbeddedSandbox(fast_settings(token_ttl=1)) as sandbox:
        async with client_for(sandbox) as c:
            old = await c.fetch_token()
            # Pretend the clock drifted: the client believes the token is still fresh.
            object.__setattr__(old, "expires_at", time.monotonic() + 3600)
            await asyncio.sleep(1.1)
            # The token made again lives long: on busy CPUs a 1 s one could expire before its retry is read.
            sandbox.settings.token_ttl = 3600
            assert (await c.send_otp(PHONE, "1234")).balance > 0
            assert (await c.fetch_token()).value != old.value


async def test_uploads_over_the_limit_are_refused() -> None:
    with EmbeddedSandbox(fast_settings(max_upload_bytes=1000)) as sandbox:
        async with client_for(sandbox) as c:
            small = Path(os.environ["SAFIR_CAMPAIGN_HOME"]).parent / "small.bin"
            small.write_bytes(b"x" * 900)
            assert (await c.upload_file(small)).file_id
            small.write_bytes(b"x" * 5000)
            with pytest.raises(InvalidInputError):
                await c.upload_file(small)


async def test_the_client_refuses_a_file_over_500_mb_before_sending_a_byte(tmp_path: Path) -> None:
    huge = tmp_path / "huge.bin"
    with huge.open("wb") as f:
        f.truncate(500 * 1024 * 1024 + 1)  # sparse: takes no disk
    async with SafirClient("http://127.0.0.1:1", api_key="k") as c:
        with pytest.raises(RequestValidationError, match="500 MB"):
            await c.upload_file(huge)


@pytest.mark.parametrize("fault", ["fault_reset", "fault_timeout", "fault_5xx"])
async def test_faults_after_processing_never_deliver_twice(fault: str) -> None:
    settings = fast_settings(seed=7, fault_hold_s=0.5, **{fault: 0.4})
    with EmbeddedSandbox(settings) as sandbox:
        async with client_for(sandbox, timeouts=Timeouts(read=0.25), retry=RetryPolicy(max_retries=8, base=0.01)) as c:
            phones = [f"98912111{i:04d}" for i in range(1, 21)]
            await asyncio.gather(*(c.send_message(bot_id=1001, phone_number=p, message_data=MessageData.text("x"))
                                   for p in phones))
        messages = delivered(sandbox)
    assert sorted(m["phone_number"] for m in messages) == phones
