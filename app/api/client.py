"""Async client of the messaging service (spec sections 4, 5, 7 and 8).

Knows nothing of campaigns, Qt or spreadsheets. One :class:`SafirClient` serves both
interfaces: v3 (``api-access-key``: send_message, upload_file) and v2 (bearer token from
client credentials: send_otp).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, cast
from urllib.parse import urlsplit

import httpx

from app import __version__
from app.api.addresses import PRODUCTION_URL, is_loopback
from app.api.errors import (
    ERROR_BY_CODE,
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    Category,
    ConfigurationError,
    ConnectFailed,
    ConnectionDropped,
    InternalServerError,
    InvalidInputError,
    OutcomeUnknown,
    RetryWithdrawn,
    PaymentRequiredError,
    RateLimitError,
    RequestTimeout,
    RequestValidationError,
    SafirError,
    TransportError,
    UnexpectedResponseError,
)
from app.api.models import AccessToken, MessageData, OtpResult, SendResult, UploadResult, check_otp, check_phone
from app.api.scrub import register as register_secret
from app.api.timeouts import Timeouts
from app.api.transport import client_class

log = logging.getLogger(__name__)

MAX_UPLOAD_BYTES = 500 * 1024 * 1024  # spec 2.13 / 8
#: Connections a client keeps to the service at most: as many as requests a caller may
#: have in flight (app/jobs/inputs.py), so none waits for one. A request checked as its
#: caller's to send must leave then, not whenever a connection frees.
MAX_CONNECTIONS = 256


class Secret:
    """A credential that never shows itself in a repr, str, log line or traceback."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value
        register_secret(value)

    def reveal(self) -> str:
        """The secret itself, for the one place that puts it on the wire."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __bool__(self) -> bool:
        return bool(self._value)


@dataclass(frozen=True)
class RetryPolicy:
    """Backoff for transient errors: ``min(base * 2**n, cap)`` seconds, times a jitter
    factor in [0.75, 1]; a Retry-After answer is obeyed when it is at most
    ``retry_after_cap`` seconds. ``max_retries`` counts retries after the first try.
    ``retry_rate_limited``: False leaves a refusal for rate to the caller (a campaign's
    pacer, which sends it again in its turn instead of at once)."""

    max_retries: int = 3
    base: float = 0.5
    cap: float = 8.0
    retry_after_cap: float = 60.0
    retry_rate_limited: bool = True

    def delay(self, retry_number: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number ``retry_number`` (0-based)."""
        if retry_after is not None and 0 <= retry_after <= self.retry_after_cap:
            return retry_after
        return min(self.base * 2**retry_number, self.cap) * (1 - 0.25 * random.random())


def check_base_url(base_url: str) -> str:
    """Return ``base_url`` without a trailing slash.

    Raises ConfigurationError unless it is https, or plain http to a loopback host, with
    no user name, password, query or fragment (a key pasted there would be stored and shown).
    """
    try:
        url = httpx.URL(base_url)
    except (httpx.InvalidURL, TypeError):
        raise ConfigurationError("not a usable base URL (expected https://host)") from None
    if url.userinfo:
        raise ConfigurationError(
            "the base URL carries a user name or password: remove it (credentials go in the profile, "
            "never in the address)"
        )
    if url.query or url.fragment or "?" in base_url or "#" in base_url:
        raise ConfigurationError(
            "the base URL carries a query or a fragment (?… or #…): remove it; the service's address is only "
            "https://host (credentials go in the profile or SAFIR_API_KEY, never in the address)"
        )
    if url.scheme == "https" and url.host:
        return str(url).rstrip("/")
    if url.scheme == "http" and url.host:
        host = url.host
        if is_loopback(host):
            return str(url).rstrip("/")
        raise ConfigurationError(f"refusing plain http to {host}: use https (plain http is only for loopback)")
    raise ConfigurationError(f"not a usable base URL: {base_url!r} (expected https://host)")


def check_credential(value: str, what: str) -> str:
    """Return ``value`` if it can travel in an HTTP header or form, else raise
    ConfigurationError naming ``what`` and the position of the first unusable
    character (an invisible one pasted from a chat, a Persian letter...). The
    value itself is never part of the error text."""
    for position, char in enumerate(value, 1):
        if not (0x21 <= ord(char) <= 0x7E):
            kind = "a space" if char.isspace() else "an invisible or non-Latin character"
            raise ConfigurationError(
                f"the {what} has {kind} at position {position} of {len(value)}: copy it again "
                "from the business panel and paste it without anything around it",
                "key_char" if what == "API access key" else None)
    return value


class _RequestHeads:
    """The headers httpx puts before a JSON body's own (``Host``, the client's, a call's:
    an API key, a bearer token), made once per method, URL and set of headers, in
    httpx's order and case; never shows them in a repr (they carry credentials)."""

    __slots__ = ("_heads",)

    def __init__(self) -> None:
        self._heads: dict[tuple[object, ...], httpx.Headers] = {}

    def of(self, method: str, url: httpx.URL, client_headers: httpx.Headers,
           call_headers: dict[str, str]) -> httpx.Headers:
        key = (method, url, tuple(call_headers.items()), *client_headers.raw)  # the client's may change too
        head = self._heads.get(key)
        if head is None:
            if len(self._heads) >= 32:  # bearer tokens come and go
                self._heads.clear()
            merged = httpx.Headers(client_headers)
            merged.update(call_headers)
            built = httpx.Request(method, url, headers=merged, content=b"")  # as httpx prepares one
            head = self._heads[key] = httpx.Headers([(name, value) for name, value in built.headers.raw
                                                     if name.lower() != b"content-length"])
        return head

    def __repr__(self) -> str:
        return "_RequestHeads(***)"


def _json_or_none(response: httpx.Response) -> Any:
    try:
        return response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None


def _as_object(value: object) -> dict[str, Any]:
    """A JSON object from the wire as a dict; an empty one for anything else."""
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _positive_whole(value: object) -> bool:
    """True for an int above 0 (not a bool): callers pass values read from files."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _is_object(value: object) -> bool:
    return isinstance(value, dict)


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _error_from_v3(response: httpx.Response, body: Any) -> APIStatusError | None:
    """The error an answer of send_message/upload_file carries, or None on success.

    Reads ``error_data`` (spec 2.11/2.12) whatever the status, as production may report
    per-phone errors with HTTP 200.
    """
    status = response.status_code
    retry_after = _retry_after(response)
    answer = _as_object(body)
    data: object = answer.get("error_data", answer.get("error"))
    items = cast(list[object], data) if isinstance(data, list) else [data]
    infos = [_as_object(item) for item in items if _is_object(item)]
    if infos:
        info = infos[0]
        code = info.get("code")
        cls = ERROR_BY_CODE.get(code) if isinstance(code, int) else None
        description = info.get("description") if isinstance(info.get("description"), str) else None
        if status in (401, 403):
            cls = AuthenticationError
        cls = cls or UnexpectedResponseError
        return cls(
            f"{cls.default_message} (code {code}{': ' + description if description else ''})",
            status_code=status,
            code=code if isinstance(code, int) else None,
            phone_number=info.get("phone_number") if isinstance(info.get("phone_number"), str) else None,
            retry_after=retry_after,
        )
    if status in (401, 403):
        return AuthenticationError(
            "the API access key was refused: check it in the profile", status_code=status, problem="key_refused"
        )
    if status == 429:
        return RateLimitError(status_code=status, retry_after=retry_after)
    if status == 402:
        return PaymentRequiredError(status_code=status)
    if status >= 500:
        return InternalServerError(f"the service failed with HTTP {status}", status_code=status,
                                   retry_after=retry_after)
    if status >= 400:
        return InvalidInputError(f"the service refused the request with HTTP {status}", status_code=status)
    return None


def _error_from_v2(response: httpx.Response, body: Any) -> APIStatusError:
    """The error of a failed send_otp or token answer (spec 7.1, 7.2).

    Classified by ``code`` rather than HTTP status: deployed services report code 18
    as 429 or 400.
    """
    status = response.status_code
    answer = _as_object(body)
    code = answer.get("code")
    if isinstance(code, int):
        cls = ERROR_BY_CODE.get(code, UnexpectedResponseError)
        if status in (401, 403):
            cls = AuthenticationError
        text = answer.get("message") if isinstance(answer.get("message"), str) else None
        return cls(
            f"{cls.default_message} (code {code}{': ' + text if text else ''})",
            status_code=status,
            code=code,
            type=answer.get("type") if isinstance(answer.get("type"), int) else None,
            retry_after=_retry_after(response),
        )
    if status in (401, 403):
        return AuthenticationError(status_code=status)
    if status == 429:
        return RateLimitError(status_code=status, retry_after=_retry_after(response))
    if status >= 500:
        return InternalServerError(f"the service failed with HTTP {status}", status_code=status)
    if status == 400:
        return BadRequestError(status_code=status)
    return UnexpectedResponseError(f"unexpected HTTP {status}", status_code=status)


class _ProgressReader:
    """A file wrapper that reports how many bytes have been read so far."""

    def __init__(self, file: BinaryIO, on_progress: Callable[[int], None] | None) -> None:
        self._file = file
        self._on_progress = on_progress
        self.sent = 0

    def read(self, size: int = -1) -> bytes:
        chunk = self._file.read(size)
        self.sent += len(chunk)
        if self._on_progress is not None and chunk:
            self._on_progress(self.sent)
        return chunk

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class SafirClient:
    """Async client of both interfaces of the service.

    ``base_url``: https, or http to loopback (ConfigurationError otherwise).
    ``api_key``: v3 api-access-key; ``client_id``/``client_secret``: v2 credentials.
    ``timeouts`` in seconds; ``retry`` governs transient errors; ``transport`` lets tests
    inject an httpx transport (otherwise aiohttp runs underneath, app/api/transport.py);
    ``sleep`` lets tests replace the backoff clock.

    Use as ``async with SafirClient(...) as client:`` or call :meth:`aclose`.
    """

    def __init__(
        self,
        base_url: str = PRODUCTION_URL,
        *,
        api_key: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        timeouts: Timeouts = Timeouts(),
        retry: RetryPolicy = RetryPolicy(),
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.base_url = check_base_url(base_url)
        self._api_key = Secret(api_key) if api_key else None
        self._client_id = client_id
        self._client_secret = Secret(client_secret) if client_secret else None
        register_secret(client_id)
        self.timeouts = timeouts
        self.retry = retry
        self.sleep = sleep  # the wait between retries (seconds), injectable
        self._token: AccessToken | None = None
        self._token_lock = asyncio.Lock()
        self._urls: dict[str, httpx.URL] = {}
        self._heads = _RequestHeads()
        #: Called with each transient error before its retry (a campaign slows down on
        #: RateLimitError, for example).
        self.retry_listeners: list[Callable[[SafirError], None]] = []
        self._http = client_class()(
            base_url=self.base_url,
            timeout=timeouts.to_httpx(),
            transport=transport,
            headers={"User-Agent": f"safir-campaign/{__version__}"},
            limits=httpx.Limits(max_connections=MAX_CONNECTIONS, max_keepalive_connections=32),
        )

    def __repr__(self) -> str:
        return f"SafirClient(base_url={self.base_url!r})"

    @property
    def pace_key(self) -> str:
        """Which account's rate limit this client's sends count against (spec 8: the
        limit is the account's): a SHA-256 of the service's host and the API access key,
        from which the key cannot be recovered. Senders on several desktops that share a
        store share one learned pace per pace key."""
        parts = urlsplit(self.base_url)
        host = "loopback" if is_loopback((parts.hostname or "").lower()) else parts.netloc.lower()
        key = self._api_key.reveal() if self._api_key else ""
        return hashlib.sha256(f"safir-pace\x1f{host}\x1f{key}".encode()).hexdigest()

    async def __aenter__(self) -> SafirClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    # -- plumbing -----------------------------------------------------------------

    async def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """One HTTP exchange, with httpx errors turned into TransportError subclasses."""
        url = self._urls.get(path)
        if url is None:  # parsed once per endpoint: httpx would parse and merge it on every request
            url = self._urls[path] = httpx.URL(self.base_url.rstrip("/") + path)
        try:
            if kwargs.keys() == {"json", "headers"}:  # the send path: built here, sent as built
                return await self._http.send(self._json_request(method, url, kwargs["json"], kwargs["headers"]))
            return await self._http.request(method, url, **kwargs)
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as exc:
            raise ConnectFailed(f"could not connect to {self.base_url}: {type(exc).__name__}") from None
        except httpx.TimeoutException as exc:
            raise RequestTimeout(f"no answer from {self.base_url} in time ({type(exc).__name__})") from None
        except (httpx.TransportError, httpx.DecodingError) as exc:
            raise ConnectionDropped(f"the connection to {self.base_url} failed: {type(exc).__name__}") from None

    def _json_request(self, method: str, url: httpx.URL, body: Any, headers: dict[str, str]) -> httpx.Request:
        """The request httpx's ``request(method, url, json=body, headers=headers)`` would
        build, byte for byte and header for header, without merging the client's headers,
        cookies and parameters again for every message."""
        content = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
        # Given as a stream, httpx copies the head as it is instead of preparing it again.
        request = httpx.Request(method, url, headers=self._heads.of(method, url, self._http.headers, headers),
                                stream=httpx.ByteStream(content))
        request.headers["Content-Length"] = str(len(content))
        request.headers["Content-Type"] = "application/json"
        request.read()  # the content, known: from the stream, in one step
        return request

    def _v3_headers(self) -> dict[str, str]:
        if not self._api_key:
            raise ConfigurationError("no API access key: set one in the profile or SAFIR_API_KEY", "no_key")
        return {"api-access-key": check_credential(self._api_key.reveal(), "API access key")}

    # -- v3 -------------------------------------------------------------------------

    async def send_message(
        self,
        *,
        bot_id: int,
        phone_number: str,
        message_data: MessageData,
        request_id: str | None = None,
        go_on: Callable[[], bool] | None = None,
    ) -> SendResult:
        """POST /api/v3/send_message (spec 4.3) and return its SendResult.

        ``request_id`` is the idempotency key: one is made when not given, and the same
        one goes with every retry. ``go_on()``, asked before each retry, may withdraw the
        request (RetryWithdrawn: the caller no longer owns it). Raises RequestValidationError
        before sending for a bad request; a subclass of APIStatusError for an error answer
        (codes 2, 3, 4, 8, 17, 20, 21, also when the HTTP status is 200); TransportError
        when retries ran out.
        """
        if not _positive_whole(bot_id):
            raise RequestValidationError("bot_id", "must be a positive whole number")
        check_phone(phone_number)
        request_id = request_id or str(uuid.uuid4())
        body = {
            "request_id": request_id,
            "bot_id": bot_id,
            "phone_number": phone_number,
            "message_data": message_data.to_wire(),
        }
        headers = self._v3_headers()

        async def attempt() -> SendResult:
            response = await self._request("POST", "/api/v3/send_message", json=body, headers=headers)
            payload = _json_or_none(response)
            error = _error_from_v3(response, payload)
            if error is not None:
                raise error
            message_id = _as_object(payload).get("message_id")
            if not isinstance(message_id, str) or not message_id:
                raise UnexpectedResponseError("the answer has no message_id", status_code=response.status_code)
            return SendResult(message_id=message_id, request_id=request_id)

        return await _with_retries(self, attempt, "send_message", go_on)

    async def upload_file(
        self,
        path: str | os.PathLike[str],
        *,
        on_progress: Callable[[int], None] | None = None,
    ) -> UploadResult:
        """POST /api/v3/upload_file (spec 4.4): stream ``path`` as multipart field ``file``.

        ``on_progress(bytes_sent)`` is called as the file is read. Raises
        RequestValidationError for a missing file or one over 500 MB (before sending a
        byte), APIStatusError for an error answer. Uploads are retried only when the
        connection could not be made.
        """
        file_path = Path(path)
        try:
            size = file_path.stat().st_size
        except OSError as exc:
            raise RequestValidationError("file", f"cannot read {file_path.name}: {exc.strerror}") from None
        if size > MAX_UPLOAD_BYTES:
            raise RequestValidationError("file", f"{file_path.name} is {size} bytes; the limit is 500 MB")
        headers = self._v3_headers()

        async def attempt() -> UploadResult:
            with file_path.open("rb") as raw:
                reader = _ProgressReader(raw, on_progress)
                try:
                    response = await self._request(
                        "POST", "/api/v3/upload_file", files={"file": (file_path.name, reader)}, headers=headers
                    )
                except RequestTimeout as exc:
                    raise OutcomeUnknown(f"upload of {file_path.name} interrupted: {exc.message}") from None
            payload = _json_or_none(response)
            error = _error_from_v3(response, payload)
            if error is not None:
                raise error
            file_id = _as_object(payload).get("file_id")
            if not isinstance(file_id, str) or not file_id:
                raise UnexpectedResponseError("the answer has no file_id", status_code=response.status_code)
            return UploadResult(file_id=file_id)

        return await _with_retries(self, attempt, "upload_file")

    # -- v2 -------------------------------------------------------------------------

    async def reach(self) -> int:
        """GET the service's root, once, sending no credential: any HTTP answer shows the
        address reaches a web server (its status code is returned). Raises TransportError
        (ConnectFailed, RequestTimeout, ConnectionDropped) when nothing answers."""
        return (await self._request("GET", "/")).status_code

    async def fetch_token(self, *, force: bool = False) -> AccessToken:
        """The cached v2 token, or a new one from POST /api/v2/auth/token (spec 4.1).

        Refreshes when less than a tenth of its life (at most 60 s) is left. Raises
        ConfigurationError without credentials, AuthenticationError for wrong ones,
        BadRequestError for a 400, TransportError when the service cannot be reached.
        """
        async with self._token_lock:
            if not force and self._token is not None and self._token.fresh(margin=0):
                return self._token
            if not self._client_id or not self._client_secret:
                raise ConfigurationError("no v2 client id and secret: set them in the profile")
            check_credential(self._client_id, "client id")
            check_credential(self._client_secret.reveal(), "client secret")
            form = {
                "grant_type": "client_credentials",
                "client_id": self._client_id,
                "client_secret": self._client_secret.reveal(),
                "scope": "read",
            }

            async def attempt() -> Any:
                response = await self._request("POST", "/api/v2/auth/token", data=form)
                payload = _json_or_none(response)
                if response.status_code == 200:
                    return payload
                if _as_object(payload).get("error") == "invalid_client":
                    raise AuthenticationError(
                        "the client id or secret was refused: check them in the profile",
                        status_code=response.status_code, problem="client_refused",
                    )
                raise _error_from_v2(response, payload)

            payload = await _with_retries(self, attempt, "auth/token")
            token = _as_object(payload).get("access_token")
            expires_in = _as_object(payload).get("expires_in")
            if not isinstance(token, str) or not isinstance(expires_in, (int, float)):
                raise UnexpectedResponseError("the token answer lacks access_token or expires_in", status_code=200)
            register_secret(token)
            margin = min(60.0, expires_in / 10)
            self._token = AccessToken(
                value=token,
                expires_at=time.monotonic() + expires_in - margin,
                token_type=str(_as_object(payload).get("token_type", "bearer")),
            )
            return self._token

    async def send_otp(self, phone: str, otp: str) -> OtpResult:
        """POST /api/v2/send_otp (spec 4.2); returns the balance left.

        ``otp`` is 3-8 digits as text (leading zeros kept). Never retried once the
        request may have reached the server: then OutcomeUnknown is raised. A 401
        fetches one fresh token and tries once more. Other errors as in spec 7.2, by
        code (code 18 may come as 429 or 400).
        """
        check_phone(phone, "phone")
        check_otp(otp)
        body = {"phone": phone, "otp": otp}

        for refreshed in (False, True):
            token = await self.fetch_token(force=refreshed)

            async def attempt(bearer: str = f"Bearer {token.value}") -> httpx.Response:
                try:
                    return await self._request(
                        "POST",
                        "/api/v2/send_otp",
                        json=body,
                        headers={"Authorization": bearer},
                    )
                except RequestTimeout as exc:
                    raise OutcomeUnknown(
                        f"the OTP to {phone} may or may not have been sent: {exc.message}"
                    ) from None

            response = await _with_retries(self, attempt, "send_otp")
            payload = _json_or_none(response)
            if response.status_code == 401 and not refreshed:
                continue
            balance = _as_object(payload).get("balance")
            if response.status_code == 200 and isinstance(balance, int):
                return OtpResult(balance=balance)
            raise _error_from_v2(response, payload)
        raise AssertionError("unreachable")


__all__ = [
    "PRODUCTION_URL",
    "MAX_UPLOAD_BYTES",
    "RetryPolicy",
    "SafirClient",
    "Secret",
    "Timeouts",
    "TransportError",
    "check_base_url",
    "is_loopback",
    "check_credential",
]


async def _with_retries(client: SafirClient, attempt: Callable[[], Awaitable[Any]], what: str,
                        go_on: Callable[[], bool] | None = None) -> Any:
    """Run ``attempt`` and retry it on transient errors per ``client.retry`` (telling
    ``client.retry_listeners`` each error retried); before each retry ``go_on()`` (when
    given) may withdraw it: RetryWithdrawn is raised then."""
    retry_number = 0
    while True:
        try:
            return await attempt()
        except SafirError as error:
            if error.category is not Category.TRANSIENT or retry_number >= client.retry.max_retries:
                raise
            if isinstance(error, RateLimitError) and not client.retry.retry_rate_limited:
                raise
            for listener in client.retry_listeners:
                listener(error)
            delay = client.retry.delay(retry_number, getattr(error, "retry_after", None))
            log.info("%s: %s; retry %d in %.2f s", what, error.message, retry_number + 1, delay)
            retry_number += 1
            await client.sleep(delay)
            if go_on is not None and not go_on():  # asked after the wait: a frozen process wakes here
                raise RetryWithdrawn(f"{what}: withdrawn before retry {retry_number}") from error
