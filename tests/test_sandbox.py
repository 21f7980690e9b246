"""The sandbox answers as the spec says, checked over real HTTP with plain httpx (not
the app's client, so a shared mistake cannot hide)."""

from __future__ import annotations

import httpx
import pytest

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import delivered, fast_settings

PHONE = "989121234567"


def token(url: str) -> str:
    answer = httpx.post(f"{url}/api/v2/auth/token", data={
        "grant_type": "client_credentials", "client_id": "demo", "client_secret": "demo-secret", "scope": "read"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["token_type"] == "bearer" and body["expires_in"] == 43200 and body["scope"] == "read"
    assert body["access_token"].count(".") == 2  # a JWT
    return body["access_token"]


def send(url: str, body: object, key: str = DEMO_API_KEY) -> httpx.Response:
    return httpx.post(f"{url}/api/v3/send_message", json=body, headers={"api-access-key": key})


def text_body(phone: str = PHONE, request_id: str | None = "r-1", text: str = "سلام") -> dict:
    return {"request_id": request_id, "bot_id": 1001, "phone_number": phone, "message_data": {"message": {"text": text}}}


def test_token_errors_follow_spec_7_1(sandbox: EmbeddedSandbox) -> None:
    url = f"{sandbox.url}/api/v2/auth/token"
    wrong = httpx.post(url, data={"grant_type": "client_credentials", "client_id": "demo",
                                  "client_secret": "nope", "scope": "read"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    missing = httpx.post(url, data={"grant_type": "client_credentials", "client_id": "demo"})
    assert missing.status_code == 400 and missing.headers["content-type"].startswith("text/plain")
    bad_scope = httpx.post(url, data={"grant_type": "client_credentials", "client_id": "demo",
                                      "client_secret": "demo-secret", "scope": "write"})
    assert bad_scope.status_code == 400
    in_query = httpx.post(url, params={"grant_type": "client_credentials", "client_id": "demo",
                                       "client_secret": "demo-secret", "scope": "read"})
    assert in_query.status_code == 200


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"phone": "09121234567", "otp": "1234"}, 400, 8),
    ({"phone": "+989121234567", "otp": "1234"}, 400, 8),
    ({"phone": "9809121234567", "otp": "1234"}, 400, 8),
    ({"phone": "989121230000", "otp": "1234"}, 404, 17),
    ({"phone": PHONE, "otp": "12"}, 400, 4),
])
def test_send_otp_errors_follow_spec_7_2(sandbox: EmbeddedSandbox, body: dict, status: int, code: int) -> None:
    answer = httpx.post(f"{sandbox.url}/api/v2/send_otp", json=body,
                        headers={"Authorization": f"Bearer {token(sandbox.url)}"})
    assert answer.status_code == status and answer.json()["code"] == code
    assert delivered(sandbox) == []


def test_send_otp_charges_the_balance_and_delivers_three_lines(sandbox: EmbeddedSandbox) -> None:
    headers = {"Authorization": f"bEaReR {token(sandbox.url)}"}  # the scheme is case-insensitive
    first = httpx.post(f"{sandbox.url}/api/v2/send_otp", json={"phone": PHONE, "otp": 4821}, headers=headers)
    second = httpx.post(f"{sandbox.url}/api/v2/send_otp", json={"phone": PHONE, "otp": "0042", "extra": 1},
                        headers=headers)
    assert second.json()["balance"] == first.json()["balance"] - 1
    texts = [m["text"] for m in delivered(sandbox, PHONE)]
    assert len(texts) == 2 and len(texts[1].splitlines()) == 3 and "0042" in texts[1].splitlines()[0]


def test_send_otp_needs_a_valid_token(sandbox: EmbeddedSandbox) -> None:
    answer = httpx.post(f"{sandbox.url}/api/v2/send_otp", json={"phone": PHONE, "otp": "1234"},
                        headers={"Authorization": "Bearer not.a.jwt"})
    assert answer.status_code == 401


def test_balance_runs_out_with_payment_required() -> None:
    with EmbeddedSandbox(fast_settings(balance=1)) as sandbox:
        assert send(sandbox.url, text_body(request_id="a")).status_code == 200
        answer = send(sandbox.url, text_body(request_id="b"))
        assert answer.status_code == 402 and answer.json()["error_data"][0]["code"] == 20


def test_the_thirty_first_otp_to_one_phone_in_an_hour_is_refused() -> None:
    with EmbeddedSandbox(fast_settings()) as sandbox:
        headers = {"Authorization": f"Bearer {token(sandbox.url)}"}
        answers = [httpx.post(f"{sandbox.url}/api/v2/send_otp", json={"phone": PHONE, "otp": "1234"},
                              headers=headers) for _ in range(31)]
        assert [a.status_code for a in answers[:30]] == [200] * 30
        assert answers[30].json()["code"] == 18


def test_a_repeated_request_id_gets_the_first_answer_and_delivers_nothing_new(sandbox: EmbeddedSandbox) -> None:
    first = send(sandbox.url, text_body(request_id="same"))
    again = send(sandbox.url, text_body(request_id="same", text="changed"))
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and first.json()["error_data"] is None
    messages = delivered(sandbox, PHONE)
    assert len(messages) == 1 and messages[0]["text"] == "سلام" and messages[0]["request_id"] == "same"
    assert set(messages[0]) >= {"message_id", "request_id", "bot_id", "phone_number", "text", "delivered_at"}


@pytest.mark.parametrize(("body", "code"), [
    (text_body(phone="09121234567"), 8),
    (text_body(phone="98 912 123 4567"), 8),
    (text_body(phone="989121230000"), 17),
])
def test_per_phone_errors_come_in_error_data(sandbox: EmbeddedSandbox, body: dict, code: int) -> None:
    answer = send(sandbox.url, body)
    assert answer.json()["error_data"][0]["code"] == code
    assert delivered(sandbox) == []


def test_bad_key_and_bad_input(sandbox: EmbeddedSandbox) -> None:
    assert send(sandbox.url, text_body(), key="wrong").status_code == 401
    raw = httpx.post(f"{sandbox.url}/api/v3/send_message", content=b"{not json",
                     headers={"api-access-key": DEMO_API_KEY, "content-type": "application/json"})
    assert raw.status_code == 400 and raw.json()["error_data"][0]["code"] == 4
    deep = b"[" * 100_000 + b"]" * 100_000  # deeper than the JSON parser recurses
    for path in ("/api/v3/send_message", "/api/v2/send_otp"):
        refused = httpx.post(f"{sandbox.url}{path}", content=deep,
                             headers={"api-access-key": DEMO_API_KEY, "content-type": "application/json"})
        assert refused.status_code in (400, 401), (path, refused.status_code, refused.text)
    limits = httpx.post(f"{sandbox.url}/sandbox/limits", content=deep)
    assert limits.status_code == 400 and "JSON object" in limits.text
    no_action = text_body()
    no_action["message_data"]["message"]["reply_markup"] = {"inline_keyboard": [[{"text": "x"}]]}
    assert send(sandbox.url, no_action).json()["error_data"][0]["code"] == 4
    assert delivered(sandbox) == []


def test_rate_limit_refuses_the_request_over_the_minute_budget() -> None:
    with EmbeddedSandbox(fast_settings(rate_per_minute=3)) as sandbox:
        codes = [send(sandbox.url, text_body(request_id=f"r{i}")).status_code for i in range(4)]
        assert codes == [200, 200, 200, 429]
        assert len(delivered(sandbox)) == 3
