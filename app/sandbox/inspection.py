"""The sandbox's inspection routes: what recipients received, and the state."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.sandbox.interface import Interface


class Inspection(Interface):
    """GET /sandbox/messages and GET /sandbox/state (not part of the service)."""

    def routes(self) -> list[Route]:
        """The inspection routes."""
        return [Route("/sandbox/messages", self.messages, methods=["GET"]),
                Route("/sandbox/state", self.snapshot, methods=["GET"])]

    async def messages(self, request: Request) -> Response:
        """GET /sandbox/messages[?phone=98...][&after=N]: what each recipient received,
        oldest first; ``after`` skips the first N deliveries (an inbox asks only for the
        new ones); ``total`` counts them all."""
        phone = request.query_params.get("phone")
        after = request.query_params.get("after", "0")
        start = int(after) if after.isdigit() else 0
        messages = self.state.messages
        items = [m.to_json() for m in messages[start:] if phone is None or m.phone_number == phone]
        return JSONResponse({"messages": items, "total": len(messages)})

    async def snapshot(self, request: Request) -> Response:
        """GET /sandbox/state: balance, counts per phone and per error code."""
        return JSONResponse(self.state.snapshot())

