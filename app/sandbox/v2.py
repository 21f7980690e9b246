"""Interface version 2 of the sandbox: the OAuth token and send_otp (spec 4.1, 7.1, 7.2)."""

from __future__ import annotations

import re
import secrets
import time
import uuid

import jwt
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from app.sandbox.interface import Interface, json_body, otp_text
from app.sandbox.state import AccountState

V2_PHONE = re.compile(r"98[1-9]\d{9}")  # spec 2.2: 98, then the number without its 0
OTP_V2 = re.compile(r"\d{3,8}")  # spec 2.2 / 8

def _v2_error(status: int, type_: int, code: int, message: str) -> JSONResponse:
    return JSONResponse({"type": type_, "code": code, "message": message}, status_code=status)



class V2Interface(Interface):
    """POST /api/v2/auth/token and POST /api/v2/send_otp."""

    def routes(self) -> list[Route]:
        """This version's routes."""
        return [Route("/api/v2/auth/token", self.token, methods=["POST"]),
                Route("/api/v2/send_otp", self.send_otp, methods=["POST"])]

    async def token(self, request: Request) -> Response:
        """POST /api/v2/auth/token (spec 4.1, 7.1): parameters from the form or the query."""
        await self._latency()
        params: dict[str, str] = dict(request.query_params)
        if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            form = await request.form()
            params.update({k: v for k, v in form.items() if isinstance(v, str)})
        required = ("grant_type", "client_id", "client_secret", "scope")
        if any(not params.get(name) for name in required):
            return PlainTextResponse("failed to parse request: missing parameter", status_code=400)
        if params["grant_type"] != "client_credentials" or params["scope"] != "read":
            return PlainTextResponse("failed to parse request: unsupported grant_type or scope", status_code=400)
        s = self.settings
        account = self.state.by_client.get(params["client_id"])
        if account is None or not secrets.compare_digest(params["client_secret"], account.account.client_secret):
            return JSONResponse(
                {"error": "invalid_client", "error_description": "Client authentication failed"}, status_code=401
            )
        now = int(time.time())
        token = jwt.encode(
            {"sub": account.account.client_id, "scope": "read", "iat": now, "exp": now + s.token_ttl,
             "jti": uuid.uuid4().hex},
            s.jwt_key,
            algorithm="HS256",
        )
        return JSONResponse(
            {"access_token": token, "expires_in": s.token_ttl, "scope": "read", "token_type": "bearer"}
        )

    def _bearer_account(self, request: Request) -> AccountState | None:
        """The account of a valid, unexpired bearer token (scheme matched case-insensitively)."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        try:
            claims = jwt.decode(token.strip(), self.settings.jwt_key, algorithms=["HS256"])
        except jwt.InvalidTokenError:
            return None
        return self.state.by_client.get(str(claims.get("sub")))

    async def send_otp(self, request: Request) -> Response:
        """POST /api/v2/send_otp (spec 4.2, 7.2, 8)."""
        await self._latency()
        account = self._bearer_account(request)
        if account is None:
            return JSONResponse(
                {"error": "invalid_token", "error_description": "missing, invalid or expired access token"},
                status_code=401,
            )
        if self._fault_5xx():
            return _v2_error(500, 1, 2, "internal server error occurred")
        body = await json_body(request)
        if not isinstance(body, dict):
            return _v2_error(400, 2, 4, "invalid input")
        phone, otp = body.get("phone"), body.get("otp")
        if not isinstance(phone, str) or not V2_PHONE.fullmatch(phone):
            return _v2_error(400, 2, 8, "provided phone number is not valid")
        if isinstance(otp, int) and not isinstance(otp, bool):
            otp = str(otp)
        if not isinstance(otp, str) or not OTP_V2.fullmatch(otp):
            return _v2_error(400, 2, 4, "otp must be a number of 3 to 8 digits")
        state, s = self.state, self.settings
        if state.rate_limited(account):
            state.count_error(18)
            return _v2_error(429, 2, 18, "rate limit exceeded")
        now = state.now()
        if s.otp_per_phone_per_hour and state.otp_per_phone.count(phone, now) >= s.otp_per_phone_per_hour:
            state.count_error(18)
            return _v2_error(429, 2, 18, "rate limit exceeded")
        if not state.has_account(phone):
            state.count_error(17)
            return _v2_error(404, 3, 17, "this phone does not have an account in Bale")
        if account.balance <= 0:
            state.count_error(20)
            return _v2_error(402, 2, 20, "payment required")
        state.otp_per_phone.add(phone, now)
        sender = next(iter(account.account.bots.values()), account.account.client_id)
        state.deliver(account, request_id=None, bot_id=0, phone=phone, kind="otp", text=otp_text(otp, sender),
                      is_secure=False)
        return JSONResponse({"balance": account.balance})

