"""The client on both transports (aiohttp under httpx's API, and httpx's own), over real
sockets: the same answer, and each fault classified the same way: a refused connection
was not sent, a reset or a cut body may have been (a lost answer), a silent server is a
timeout; proxies from the environment are used; no session is left open (warnings are
errors here)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from app.api import (
    ConnectFailed,
    ConnectionDropped,
    MessageData,
    RequestTimeout,
    RetryPolicy,
    SafirClient,
    Timeouts,
)
from app.api.transport import TRANSPORT_ENV, AiohttpTransport
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import free_port

NO_RETRY = RetryPolicy(max_retries=0)
SHORT = Timeouts(connect=1.0, read=0.5, write=1.0, pool=1.0)


@pytest.fixture(params=["aiohttp", "httpx"])
def transport(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(TRANSPORT_ENV, request.param)
    return str(request.param)


@contextlib.contextmanager
def fault_server(behave: Callable[[socket.socket], None]) -> Iterator[str]:
    """A loopback server that treats each connection with ``behave``; yields its URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                behave(connection)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop.set()
        thread.join()
        listener.close()


def read_request(connection: socket.socket) -> None:
    connection.settimeout(2)
    data = b""
    while b"\r\n\r\n" not in data:
        data += connection.recv(65536)


def reset(connection: socket.socket) -> None:
    read_request(connection)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")


def silent(connection: socket.socket) -> None:
    read_request(connection)
    threading.Event().wait(1.5)


def cut_body(connection: socket.socket) -> None:
    read_request(connection)
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mess")


async def send(url: str) -> str:
    async with SafirClient(url, api_key=DEMO_API_KEY, retry=NO_RETRY, timeouts=SHORT) as client:
        result = await client.send_message(bot_id=1001, phone_number="989121110001",
                                           message_data=MessageData.text("hi"), request_id="r-1")
        return result.message_id


def test_the_client_uses_the_transport_chosen(transport: str) -> None:
    async def which() -> bool:
        async with SafirClient("http://127.0.0.1:9", api_key=DEMO_API_KEY) as client:
            return isinstance(client._http._transport, AiohttpTransport)

    assert asyncio.run(which()) is (transport == "aiohttp")


def test_an_answer_is_the_same_on_both(transport: str, sandbox: EmbeddedSandbox) -> None:
    assert asyncio.run(send(sandbox.url))


def test_a_refused_connection_was_not_sent(transport: str) -> None:
    with pytest.raises(ConnectFailed):
        asyncio.run(send(f"http://127.0.0.1:{free_port()}"))


@pytest.mark.parametrize("behave", [reset, cut_body], ids=["reset", "cut body"])
def test_a_reset_or_a_cut_answer_is_a_lost_answer(transport: str, behave: Callable[[socket.socket], None]) -> None:
    with fault_server(behave) as url:
        with pytest.raises(ConnectionDropped):
            asyncio.run(send(url))


def test_a_silent_server_is_a_timeout(transport: str) -> None:
    with fault_server(silent) as url:
        with pytest.raises(RequestTimeout):
            asyncio.run(send(url))


def test_proxies_from_the_environment_are_used_and_no_proxy_is_honoured(
        transport: str, sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{free_port()}")  # a proxy that is not there
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    with pytest.raises(ConnectFailed):
        asyncio.run(send(sandbox.url))
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    assert asyncio.run(send(sandbox.url))
