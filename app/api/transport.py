"""What runs under :class:`SafirClient`'s httpx API: aiohttp, through httpx-aiohttp's
transport (the openai SDK's aiohttp option), or httpx's own.

aiohttp costs about a third of httpx's CPU per request (docs/benchmarks.md), which is
most of a campaign's cost. Its errors are turned into the httpx errors httpx's own
transport raises for the same fault, so the client tells a refused connection (not
sent), a lost answer (reset, disconnect: maybe sent) and a timeout apart the same way on
either (tests/test_transport_parity.py). Proxies from ``HTTPS_PROXY``/``HTTP_PROXY``/
``NO_PROXY`` go through httpx's own transport, as before; TLS certificates are verified.
aiohttp has no write timeout: a stalled upload is bounded by the read timeout instead.
``SAFIR_HTTP_TRANSPORT=httpx`` chooses httpx's own (respx, which checks exact wire
shapes, intercepts only that one).
"""

from __future__ import annotations

import asyncio
import datetime
import os
import time
from typing import Any

import aiohttp
import httpx
from httpx_aiohttp import AiohttpTransport as _AiohttpTransport
from httpx_aiohttp import HttpxAiohttpClient

#: The environment variable that chooses the transport: "aiohttp" (the default) or "httpx".
TRANSPORT_ENV = "SAFIR_HTTP_TRANSPORT"

#: aiohttp's errors, most specific first, and the httpx error httpx's own transport raises
#: for the same fault.
_AS_HTTPX: tuple[tuple[type[BaseException], type[httpx.TransportError]], ...] = (
    (aiohttp.ConnectionTimeoutError, httpx.ConnectTimeout),
    (aiohttp.SocketTimeoutError, httpx.ReadTimeout),
    (aiohttp.ServerTimeoutError, httpx.ReadTimeout),
    (aiohttp.ClientProxyConnectionError, httpx.ProxyError),
    (aiohttp.ClientConnectorError, httpx.ConnectError),
    (aiohttp.ServerDisconnectedError, httpx.RemoteProtocolError),
    (aiohttp.ClientPayloadError, httpx.ReadError),
    (aiohttp.ClientOSError, httpx.ReadError),
    (aiohttp.ClientError, httpx.NetworkError),
    (asyncio.TimeoutError, httpx.ReadTimeout),
)


def _as_httpx(error: BaseException, request: httpx.Request) -> httpx.TransportError | None:
    """The httpx error for ``error`` (or the aiohttp error behind it), None if none fits."""
    cause = error.__cause__ if isinstance(error, httpx.TransportError) and error.__cause__ else error
    for aiohttp_class, httpx_class in _AS_HTTPX:
        if isinstance(cause, aiohttp_class):
            return httpx_class(f"{type(cause).__name__}: {cause}", request=request)
    return None


class AiohttpTransport(_AiohttpTransport):
    """httpx-aiohttp's transport with httpx's own error classes for each fault; one
    aiohttp session per transport (per client), closed with it.

    The answer is read whole here, inside the exchange: the service's answers are small
    JSON objects, a read error is told as httpx tells it, the connection goes back to the
    pool at once, and httpx then reads one chunk from memory instead of passing every
    chunk through its stream wrappers (CPU per request, docs/benchmarks.md)."""

    _timeouts: dict[tuple[float | None, float | None, float | None], aiohttp.ClientTimeout] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if not isinstance(self.client, aiohttp.ClientSession):  # pyright: ignore[reportUnnecessaryIsInstance] - None or a factory until the first request
            self.client = self.get_client()
        try:
            data: bytes | httpx.AsyncByteStream | None = request.content or None
        except httpx.RequestNotRead:  # a streamed upload: aiohttp reads httpx's stream
            assert isinstance(request.stream, httpx.AsyncByteStream)
            data = request.stream
            request.headers.pop("transfer-encoding", None)  # aiohttp frames it itself
        try:
            async with self.client.request(
                    request.method, str(request.url), headers=request.headers.multi_items(), data=data,
                    allow_redirects=False, auto_decompress=False, compress=False, timeout=self._timeout(request),
                    server_hostname=request.extensions.get("sni_hostname")) as answer:
                body = await answer.read()
        except (httpx.TransportError, aiohttp.ClientError, asyncio.TimeoutError) as exc:
            mapped = _as_httpx(exc, request)
            if mapped is None:
                raise
            raise mapped from exc
        extensions = {"http_version": b"HTTP/1.1"}
        if answer.reason:
            extensions["reason_phrase"] = answer.reason.encode()
        response = httpx.Response(answer.status, headers=answer.raw_headers, stream=httpx.ByteStream(body),
                                  request=request, extensions=extensions)
        response.read()  # from memory, in one step: httpx's client then finds the answer read
        return response

    @classmethod
    def _timeout(cls, request: httpx.Request) -> aiohttp.ClientTimeout:
        """httpx's connect/read/pool timeouts (seconds) as aiohttp's, made once per kind."""
        given = request.extensions.get("timeout", {})
        key = (given.get("connect"), given.get("read"), given.get("pool"))
        timeout = cls._timeouts.get(key)
        if timeout is None:
            timeout = cls._timeouts[key] = aiohttp.ClientTimeout(sock_connect=key[0], sock_read=key[1],
                                                                 connect=key[2])
        return timeout


class _NoCookies(httpx.Cookies):
    """A cookie jar that keeps nothing: the service sets no cookies (spec 4), and reading
    every answer's headers into a cookie jar cost a fifth of the client's CPU per request."""

    def extract_cookies(self, response: httpx.Response) -> None:
        return None

    def set_cookie_header(self, request: httpx.Request) -> None:
        return None


class AiohttpClient(HttpxAiohttpClient):
    """httpx's client with :class:`AiohttpTransport` underneath. Only the transport httpx
    would make itself is replaced, so proxies from the environment still get httpx's own
    proxy transports (passing ``transport=`` to httpx.AsyncClient would turn them off).
    Cookies are not kept (:class:`_NoCookies`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cookies = _NoCookies()

    async def send(self, request: httpx.Request, *, stream: bool = False,
                   auth: Any = httpx.USE_CLIENT_DEFAULT, follow_redirects: Any = httpx.USE_CLIENT_DEFAULT,
                   ) -> httpx.Response:
        """httpx's ``send``; a plain request (no auth, hooks, redirects to follow or
        streaming: every request of the service's client) goes straight to
        :class:`AiohttpTransport`, which returns the answer already read, without the
        layers that would each do nothing for it (an auth flow, a redirect loop, a stream
        wrapper, reading the answer again). Anything else takes httpx's own way."""
        transport = self._transport_for_url(request.url)
        if (stream or auth is not httpx.USE_CLIENT_DEFAULT or follow_redirects is True or self.follow_redirects
                or self.is_closed or not isinstance(transport, AiohttpTransport) or self.auth is not None
                or self._event_hooks["request"] or self._event_hooks["response"]):
            return await super().send(request, stream=stream, auth=auth, follow_redirects=follow_redirects)
        self._set_timeout(request)
        started = time.perf_counter()
        response = await transport.handle_async_request(request)
        response.elapsed = datetime.timedelta(seconds=time.perf_counter() - started)
        return response

    def _init_transport(self, verify: Any = True, cert: Any = None, trust_env: bool = True, http1: bool = True,
                        http2: bool = False, limits: httpx.Limits = httpx.Limits(),
                        transport: httpx.AsyncBaseTransport | None = None,
                        **kwargs: Any) -> httpx.AsyncBaseTransport:
        if transport is not None:
            return transport
        return AiohttpTransport(verify=verify, cert=cert, trust_env=trust_env, http1=http1, http2=http2,
                                limits=limits)

    def _init_proxy_transport(self, proxy: httpx.Proxy, verify: Any = True, cert: Any = None,
                              trust_env: bool = True, http1: bool = True, http2: bool = False,
                              limits: httpx.Limits = httpx.Limits(), **kwargs: Any) -> httpx.AsyncBaseTransport:
        return httpx.AsyncHTTPTransport(verify=verify, cert=cert, trust_env=trust_env, http1=http1, http2=http2,
                                        limits=limits, proxy=proxy)


def client_class() -> type[httpx.AsyncClient]:
    """The client class :data:`TRANSPORT_ENV` chooses: aiohttp underneath (the default) or
    httpx's own transport."""
    if os.environ.get(TRANSPORT_ENV, "aiohttp").strip().lower() == "httpx":
        return httpx.AsyncClient
    return AiohttpClient
