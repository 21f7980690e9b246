"""The sandbox's inspection routes: what recipients received, the state, and the sending
limits changed while it runs."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.sandbox.interface import Interface


class Inspection(Interface):
    """GET /sandbox/messages, GET /sandbox/state and POST /sandbox/limits (not part of the
    service)."""

    def routes(self) -> list[Route]:
        """The inspection routes."""
        return [Route("/sandbox/messages", self.messages, methods=["GET"]),
                Route("/sandbox/state", self.snapshot, methods=["GET"]),
                Route("/sandbox/limits", self.limits, methods=["POST"])]

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


    async def limits(self, request: Request) -> Response:
        """POST /sandbox/limits ``{"rate_per_minute": N, "burst_per_second": M}`` (either,
        whole numbers from 0, 0: off): the sending limits from now on, as a service that
        lowers or raises an account's limit mid-campaign (spec 8). Answers the limits now;
        400 naming the field for anything else."""
        try:
            asked = await request.json()
        except (ValueError, RecursionError):
            asked = None
        if not isinstance(asked, dict) or not asked:
            return JSONResponse({"error": "send a JSON object: rate_per_minute, burst_per_second"}, status_code=400)
        for name, value in asked.items():
            if name not in _LIMITS:
                return JSONResponse({"error": f"{name}: not a limit (rate_per_minute, burst_per_second)"},
                                    status_code=400)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return JSONResponse({"error": f"{name}: a whole number from 0"}, status_code=400)
        for name, value in asked.items():
            setattr(self.settings, name, value)
        return JSONResponse({name: getattr(self.settings, name) for name in _LIMITS})


#: The limits POST /sandbox/limits changes.
_LIMITS = ("rate_per_minute", "burst_per_second")
