"""The sandbox's middleware: body size limits (413) and injected faults (5xx, dropped
connections)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from app.sandbox.state import Settings


class DroppedConnection(Exception):
    """Raised after a half-sent answer so that the server drops the connection."""


#: The largest request body of a JSON route, bytes (a message is a few KiB; the real service
#: refuses huge bodies at its front door rather than reading them whole).
JSON_BODY_LIMIT = 1024 * 1024


class BodyLimit:
    """ASGI middleware: a request body over the route's limit is answered 413 without
    being read whole (``JSON_BODY_LIMIT``; uploads: ``max_upload_bytes`` plus room for
    the multipart framing). A declared Content-Length is judged before reading; a body
    without one is counted as it arrives."""

    UPLOAD = "/api/v3/upload_file"

    def __init__(self, app: Any, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    def _limit(self, path: str) -> int:
        if path == self.UPLOAD:
            return (self.settings.max_upload_bytes or 2**62) + 64 * 1024
        return JSON_BODY_LIMIT

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self._limit(scope["path"])
        declared = dict(scope.get("headers") or []).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(send, limit)
            return
        received = 0
        started = refused = False

        async def counting_receive() -> Any:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit and not started:
                    refused = True
                    await self._refuse(send, limit)
                    return {"type": "http.disconnect"}  # the route stops reading; its answer is dropped
            return message

        async def watching_send(message: Any) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except Exception:
            if not refused:
                raise

    @staticmethod
    async def _refuse(send: Any, limit: int) -> None:
        body = json.dumps({"error": f"request body larger than {limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class FaultInjection:
    """ASGI middleware for the sending endpoints: after the request has been processed,
    hold its answer for ``fault_hold_s`` seconds (share ``fault_timeout``) or send half
    an answer and drop the connection (share ``fault_reset``). Either way the message
    has been delivered, which is what a client must survive without sending twice."""

    SENDING = ("/api/v2/send_otp", "/api/v3/send_message")

    def __init__(self, app: Any, settings: Settings, rng: random.Random) -> None:
        self.app = app
        self.settings = settings
        self.rng = rng

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        s = self.settings
        if scope["type"] != "http" or scope["path"] not in self.SENDING or not (s.fault_reset or s.fault_timeout):
            await self.app(scope, receive, send)
            return
        roll = self.rng.random()
        fault = "reset" if roll < s.fault_reset else "timeout" if roll < s.fault_reset + s.fault_timeout else None
        if fault is None:
            await self.app(scope, receive, send)
            return
        captured: list[dict[str, Any]] = []

        async def capture(message: dict[str, Any]) -> None:
            captured.append(message)

        await self.app(scope, receive, capture)
        if fault == "timeout":
            await asyncio.sleep(s.fault_hold_s)
            for message in captured:
                await send(message)
            return
        start = captured[0]
        headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
        await send({"type": "http.response.start", "status": start["status"],
                    "headers": [*headers, (b"content-length", b"4096")]})
        await send({"type": "http.response.body", "body": b"{", "more_body": True})
        raise DroppedConnection("sandbox fault: connection dropped after processing")

