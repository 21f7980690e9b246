"""Random bodies to every endpoint: the sandbox answers with a spec error, never a 500."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import fast_settings

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
# Bodies shaped like the spec's, with every field free to be wrong.
message_like = st.fixed_dictionaries({}, optional={
    "request_id": json_values, "bot_id": st.sampled_from([1001, 0, -1, "1001"]) | json_values,
    "phone_number": st.sampled_from(["989121234567", "09121234567", "+989121234567"]) | json_values,
    "message_data": st.fixed_dictionaries({}, optional={
        "message": st.fixed_dictionaries({}, optional={"text": json_values, "file_id": json_values,
                                                       "copy_text": json_values, "reply_markup": json_values})
        | json_values,
        "otp_message": st.fixed_dictionaries({}, optional={"otp": json_values}) | json_values,
        "template_message": st.fixed_dictionaries({}, optional={"template_id": json_values,
                                                                "text_fields": json_values}) | json_values,
        "is_secure": json_values,
    }) | json_values,
})
otp_like = st.fixed_dictionaries({}, optional={"phone": json_values | st.just("989121234567"),
                                               "otp": json_values | st.just("1234")})


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[httpx.Client, str]]:
    with EmbeddedSandbox(fast_settings(otp_per_phone_per_hour=0, balance=10**9)) as sandbox:
        with httpx.Client(base_url=sandbox.url) as http:
            token = http.post("/api/v2/auth/token", data={"grant_type": "client_credentials", "client_id": "demo",
                                                          "client_secret": "demo-secret", "scope": "read"})
            yield http, token.json()["access_token"]


def assert_spec_answer(answer: httpx.Response) -> None:
    assert answer.status_code < 500, answer.text
    if answer.status_code != 200 or "json" in answer.headers.get("content-type", ""):
        assert answer.headers["content-type"].startswith(("application/json", "text/plain"))


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(body=message_like | json_values)
def test_send_message_survives_any_json(live: tuple[httpx.Client, str], body: object) -> None:
    http, _ = live
    answer = http.post("/api/v3/send_message", json=body, headers={"api-access-key": DEMO_API_KEY})
    assert_spec_answer(answer)
    payload = answer.json()
    assert "error_data" in payload or "message_id" in payload


@FUZZ
@given(body=otp_like | json_values)
def test_send_otp_survives_any_json(live: tuple[httpx.Client, str], body: object) -> None:
    http, token = live
    answer = http.post("/api/v2/send_otp", json=body, headers={"Authorization": f"Bearer {token}"})
    assert_spec_answer(answer)
    payload = answer.json()
    assert ("balance" in payload) if answer.status_code == 200 else {"type", "code", "message"} <= set(payload)


@FUZZ
@given(form=st.dictionaries(st.sampled_from(["grant_type", "client_id", "client_secret", "scope", "x"]),
                            st.text(max_size=15), max_size=5))
def test_token_survives_any_form(live: tuple[httpx.Client, str], form: dict[str, str]) -> None:
    http, _ = live
    assert_spec_answer(http.post("/api/v2/auth/token", data=form))


@FUZZ
@given(raw=st.binary(max_size=200))
def test_every_endpoint_survives_raw_bytes(live: tuple[httpx.Client, str], raw: bytes) -> None:
    http, token = live
    for path, headers in (("/api/v3/send_message", {"api-access-key": DEMO_API_KEY}),
                          ("/api/v2/send_otp", {"Authorization": f"Bearer {token}"}),
                          ("/api/v3/upload_file", {"api-access-key": DEMO_API_KEY,
                                                   "content-type": "multipart/form-data; boundary=xyz"}),
                          ("/api/v2/auth/token", {"content-type": "application/x-www-form-urlencoded"})):
        assert_spec_answer(http.post(path, content=raw, headers=headers))
