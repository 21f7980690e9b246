"""Exact wire shapes and error mapping of app.api, with respx standing in for the service."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from hypothesis import given, settings
from hypothesis import strategies as st

from app.api import (
    AuthenticationError,
    ConfigurationError,
    ConnectFailed,
    InlineButton,
    InternalServerError,
    InvalidPhoneError,
    Message,
    MessageData,
    NotBaleUserError,
    OutcomeUnknown,
    PaymentRequiredError,
    PhoneRateLimitError,
    RateLimitError,
    RequestValidationError,
    RetryPolicy,
    RetryWithdrawn,
    SafirClient,
    TemplateMessage,
)

#: respx stands in for httpx's own transport.
pytestmark = pytest.mark.usefixtures("httpx_transport")

BASE = "https://safir.example"
KEY = "test-key-not-real"
SECRET = "test-secret-not-real"


async def no_sleep(_seconds: float) -> None:
    return None


def client(**kwargs: object) -> SafirClient:
    return SafirClient(BASE, api_key=KEY, client_id="cid", client_secret=SECRET, sleep=no_sleep, **kwargs)  # type: ignore[arg-type]


@respx.mock
async def test_send_message_posts_the_spec_shape_with_the_key_header() -> None:
    route = respx.post(f"{BASE}/api/v3/send_message").respond(200, json={"message_id": "m-1", "error_data": None})
    async with client() as c:
        result = await c.send_message(bot_id=7, phone_number="989121234567",
                                      message_data=MessageData.text("سلام"), request_id="req-1")
    assert result.message_id == "m-1" and result.request_id == "req-1"
    request = route.calls.last.request
    assert request.headers["api-access-key"] == KEY
    assert request.headers["content-type"] == "application/json"
    assert json.loads(request.content) == {
        "request_id": "req-1", "bot_id": 7, "phone_number": "989121234567",
        "message_data": {"message": {"text": "سلام"}},
    }


@respx.mock
async def test_every_retry_of_a_send_carries_the_same_request_id() -> None:
    route = respx.post(f"{BASE}/api/v3/send_message").mock(side_effect=[
        httpx.Response(500, json={"message_id": None, "error_data": [{"phone_number": "", "code": 2, "description": "x"}]}),
        httpx.Response(429, headers={"Retry-After": "1"}),
        httpx.Response(200, json={"message_id": "m-2", "error_data": None}),
    ])
    async with client() as c:
        result = await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"))
    bodies = [json.loads(call.request.content) for call in route.calls]
    assert len(bodies) == 3 and len({b["request_id"] for b in bodies}) == 1
    assert result.request_id == bodies[0]["request_id"]


@respx.mock
async def test_transient_errors_give_up_after_the_retry_limit() -> None:
    route = respx.post(f"{BASE}/api/v3/send_message").respond(503)
    async with client(retry=RetryPolicy(max_retries=2)) as c:
        with pytest.raises(InternalServerError):
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"))
    assert route.call_count == 3


@respx.mock
async def test_a_retry_its_caller_withdrew_is_not_sent() -> None:
    route = respx.post(f"{BASE}/api/v3/send_message").respond(503)
    asked = []

    def go_on() -> bool:
        asked.append(route.call_count)
        return len(asked) < 2  # the caller lets one retry go, then no longer owns the request

    async with client(retry=RetryPolicy(max_retries=3)) as c:
        with pytest.raises(RetryWithdrawn):
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"),
                                 go_on=go_on)
    assert route.call_count == 2 and asked == [1, 2]  # asked before each retry, after its wait


@pytest.mark.parametrize(("status", "code", "error"), [
    (200, 8, InvalidPhoneError), (200, 17, NotBaleUserError), (402, 20, PaymentRequiredError),
    (400, 8, InvalidPhoneError),
])
@respx.mock
async def test_error_data_is_read_whatever_the_status(status: int, code: int, error: type) -> None:
    respx.post(f"{BASE}/api/v3/send_message").respond(status, json={
        "message_id": None, "error_data": [{"phone_number": "989121234567", "code": code, "description": "d"}]})
    async with client() as c:
        with pytest.raises(error) as caught:
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"))
    assert caught.value.code == code and caught.value.phone_number == "989121234567"


@respx.mock
async def test_a_refused_key_is_an_authentication_error_without_the_key_in_it() -> None:
    respx.post(f"{BASE}/api/v3/send_message").respond(401, json={"message": "bad key"})
    async with client() as c:
        with pytest.raises(AuthenticationError) as caught:
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"))
        assert KEY not in str(caught.value) and KEY not in repr(c) and KEY not in repr(vars(c))


async def test_requests_that_break_the_spec_are_refused_before_sending() -> None:
    async with client() as c:
        with pytest.raises(RequestValidationError, match="phone_number"):
            await c.send_message(bot_id=7, phone_number="09121234567", message_data=MessageData.text("x"))
        with pytest.raises(RequestValidationError, match=r"inline_keyboard\[0\]\[1\]"):
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData(
                message=Message("x", inline_keyboard=((InlineButton("ok", url="https://a"), InlineButton("no")),))))
        with pytest.raises(RequestValidationError, match="exactly one"):
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData(
                message=Message("x"), template_message=TemplateMessage("t")))
        with pytest.raises(RequestValidationError, match="otp"):
            await c.send_otp("989121234567", "12ab")


def test_plain_http_is_refused_except_on_loopback() -> None:
    with pytest.raises(ConfigurationError, match="plain http"):
        SafirClient("http://safir.example", api_key=KEY)
    assert SafirClient("http://127.0.0.1:9", api_key=KEY).base_url == "http://127.0.0.1:9"
    assert SafirClient("http://localhost:9/", api_key=KEY).base_url == "http://localhost:9"


@respx.mock
async def test_token_is_fetched_once_form_encoded_and_sent_as_bearer() -> None:
    token = respx.post(f"{BASE}/api/v2/auth/token").respond(
        200, json={"access_token": "jwt-a", "expires_in": 43200, "scope": "read", "token_type": "bearer"})
    otp = respx.post(f"{BASE}/api/v2/send_otp").respond(200, json={"balance": 985})
    async with client() as c:
        assert (await c.send_otp("989121234567", "0123")).balance == 985
        assert (await c.send_otp("989121234567", "4567")).balance == 985
    assert token.call_count == 1
    form = token.calls.last.request
    assert form.headers["content-type"] == "application/x-www-form-urlencoded"
    assert dict(httpx.QueryParams(form.content.decode())) == {
        "grant_type": "client_credentials", "client_id": "cid", "client_secret": SECRET, "scope": "read"}
    assert otp.calls.last.request.headers["authorization"] == "Bearer jwt-a"
    assert json.loads(otp.calls[0].request.content) == {"phone": "989121234567", "otp": "0123"}


@respx.mock
async def test_a_401_on_send_otp_fetches_one_fresh_token_and_tries_once_more() -> None:
    respx.post(f"{BASE}/api/v2/auth/token").mock(side_effect=[
        httpx.Response(200, json={"access_token": "old", "expires_in": 43200, "token_type": "bearer"}),
        httpx.Response(200, json={"access_token": "new", "expires_in": 43200, "token_type": "bearer"}),
    ])
    otp = respx.post(f"{BASE}/api/v2/send_otp").mock(side_effect=[
        httpx.Response(401), httpx.Response(200, json={"balance": 5})])
    async with client() as c:
        assert (await c.send_otp("989121234567", "1234")).balance == 5
    assert [call.request.headers["authorization"] for call in otp.calls] == ["Bearer old", "Bearer new"]


@pytest.mark.parametrize("status", [429, 400])
@respx.mock
async def test_the_per_phone_limit_is_classified_by_code_not_status(status: int) -> None:
    respx.post(f"{BASE}/api/v2/auth/token").respond(200, json={"access_token": "t", "expires_in": 60})
    respx.post(f"{BASE}/api/v2/send_otp").respond(status, json={"type": 2, "code": 18, "message": "rate limit exceeded"})
    async with client() as c:
        with pytest.raises(PhoneRateLimitError) as caught:
            await c.send_otp("989121234567", "1234")
    assert caught.value.code == 18 and caught.value.type == 2


@respx.mock
async def test_send_otp_is_never_retried_once_it_may_have_arrived() -> None:
    respx.post(f"{BASE}/api/v2/auth/token").respond(200, json={"access_token": "t", "expires_in": 60})
    otp = respx.post(f"{BASE}/api/v2/send_otp").mock(side_effect=httpx.ReadTimeout("slow"))
    async with client() as c:
        with pytest.raises(OutcomeUnknown):
            await c.send_otp("989121234567", "1234")
    assert otp.call_count == 1


@respx.mock
async def test_wrong_client_credentials_never_echo_the_secret() -> None:
    respx.post(f"{BASE}/api/v2/auth/token").respond(
        401, json={"error": "invalid_client", "error_description": "Client authentication failed"})
    async with client() as c:
        with pytest.raises(AuthenticationError) as caught:
            await c.fetch_token()
    assert SECRET not in str(caught.value) and SECRET not in repr(caught.value)


async def test_an_unreachable_service_is_a_connect_failure_after_retries() -> None:
    calls = []

    async def count_sleep(seconds: float) -> None:
        calls.append(seconds)

    async with SafirClient("http://127.0.0.1:1", api_key=KEY, sleep=count_sleep,
                           retry=RetryPolicy(max_retries=2)) as c:
        with pytest.raises(ConnectFailed):
            await c.send_message(bot_id=7, phone_number="989121234567", message_data=MessageData.text("x"))
    assert len(calls) == 2 and calls[0] < calls[1]


def test_backoff_grows_to_its_cap_and_obeys_a_bounded_retry_after() -> None:
    policy = RetryPolicy(base=0.5, cap=8.0, retry_after_cap=30.0)
    delays = [policy.delay(n) for n in range(8)]
    assert all(0.75 * min(0.5 * 2**n, 8) <= d <= min(0.5 * 2**n, 8) for n, d in enumerate(delays))
    assert policy.delay(0, retry_after=12) == 12
    assert policy.delay(0, retry_after=300) <= 0.5


async def test_rate_limit_error_is_transient() -> None:
    from app.api import Category, classify

    assert classify(RateLimitError()) is Category.TRANSIENT
    assert classify(PaymentRequiredError()) is Category.ACCOUNT
    assert classify(NotBaleUserError()) is Category.RECIPIENT


@respx.mock
async def test_reach_asks_the_root_once_without_any_credential() -> None:
    route = respx.get(f"{BASE}/").respond(404)
    async with client() as c:
        assert await c.reach() == 404  # any answer: a server is there
    request = route.calls.last.request
    assert route.call_count == 1 and request.method == "GET"
    assert "api-access-key" not in request.headers and "authorization" not in request.headers
    respx.get(f"{BASE}/").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(ConnectFailed):
        async with client() as c:
            await c.reach()


_KEYS = st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=40)
_BODIES = st.fixed_dictionaries({
    "request_id": st.uuids().map(str), "bot_id": st.integers(1, 2**40), "phone_number": st.from_regex(r"98912\d{7}"),
    "message_data": st.fixed_dictionaries({"message": st.fixed_dictionaries({"text": st.text(max_size=60)})})})


_CLIENTS: dict[str, SafirClient] = {}


def _client_on(transport: str) -> SafirClient:
    """One client per transport for every example (making one loads TLS certificates)."""
    import os

    if transport not in _CLIENTS:
        os.environ["SAFIR_HTTP_TRANSPORT"] = transport
        try:
            _CLIENTS[transport] = SafirClient(BASE, api_key=KEY)
        finally:
            os.environ["SAFIR_HTTP_TRANSPORT"] = "httpx"
    return _CLIENTS[transport]


@pytest.mark.parametrize("transport", ["aiohttp", "httpx"])
@settings(max_examples=60, deadline=None)
@given(body=_BODIES, key=_KEYS, bearer=st.booleans())
def test_the_send_paths_request_is_the_one_httpx_builds_byte_for_byte(transport: str, body: dict[str, object],
                                                                       key: str, bearer: bool) -> None:
    """The client builds its JSON requests itself (CPU per message): the method, URL,
    every header in httpx's order and case, and the body are what httpx's own
    ``build_request(json=...)`` makes of the same call (the timeouts are set as it is sent)."""
    client = _client_on(transport)
    headers = {"Authorization": f"Bearer {key}"} if bearer else {"api-access-key": key}
    url = httpx.URL(f"{BASE}/api/v3/send_message")
    for _ in range(2):  # the first request of a kind, and one after it
        ours = client._json_request("POST", url, body, headers)
        theirs = client._http.build_request("POST", url, json=body, headers=headers)
        assert (ours.method, ours.url, ours.headers.raw, ours.content) == \
            (theirs.method, theirs.url, theirs.headers.raw, theirs.content)
        assert isinstance(ours.stream, httpx.ByteStream)


def test_the_send_paths_request_follows_a_client_header_changed_after_its_first_request() -> None:
    client = SafirClient(BASE, api_key=KEY)
    url, body, headers = httpx.URL(f"{BASE}/api/v3/send_message"), {"bot_id": 1}, {"api-access-key": KEY}
    client._json_request("POST", url, body, headers)
    client._http.headers["User-Agent"] = "other/1"
    client._http.headers["X-Extra"] = "1"
    ours = client._json_request("POST", url, body, headers)
    assert ours.headers.raw == client._http.build_request("POST", url, json=body, headers=headers).headers.raw
