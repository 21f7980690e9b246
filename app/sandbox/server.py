"""The sandbox's HTTP interface: the four endpoints of the spec plus two inspection routes.

Status codes where the spec says "not shown" (v3 errors) are this sandbox's choice, made
to exercise the hardest path of a client: per-phone errors (8, 17, 21) come with HTTP 200
and ``error_data``; code 4 with 400; code 3 with 429; code 20 with 402; code 2 with 500;
a missing or wrong api-access-key with 401.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
import time
import uuid
from pathlib import Path
from typing import Any

import jwt
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from app.sandbox.state import PLACEHOLDER, Account, AccountState, SandboxState, Settings

V2_PHONE = re.compile(r"98[1-9]\d{9}")  # spec 2.2: 98, then the number without its 0
V3_PHONE = re.compile(r"\+?98\d{10}")  # spec 2.5: 98 + ten digits (a + is also listed)
OTP_V2 = re.compile(r"\d{3,8}")  # spec 2.2 / 8
NUMERIC = re.compile(r"\d+")  # spec 2.9

OTP_WARNING = "این رمز را به کسی ندهید و پیش از استفاده از هویت فرستنده مطمئن شوید."


def _v2_error(status: int, type_: int, code: int, message: str) -> JSONResponse:
    return JSONResponse({"type": type_, "code": code, "message": message}, status_code=status)


def _v3_error(status: int, phone: str, code: int, description: str) -> JSONResponse:
    return JSONResponse(
        {"message_id": None, "error_data": [{"phone_number": phone, "code": code, "description": description}]},
        status_code=status,
    )


def otp_text(otp: str, sender: str) -> str:
    """The three lines a recipient of an OTP message sees (spec 2.9)."""
    return f"رمز یکبار مصرف شما: {otp}\n{OTP_WARNING}\nاز طرف: {sender}"


class SandboxApp:
    """Builds the Starlette application around one :class:`SandboxState`."""

    def __init__(self, settings: Settings, files_dir: Path | None = None) -> None:
        self.state = SandboxState(settings)
        self.settings = settings
        self.files_dir = files_dir
        self.random = random.Random(settings.seed)
        self.routes = Starlette(
            routes=[
                Route("/api/v2/auth/token", self.token, methods=["POST"]),
                Route("/api/v2/send_otp", self.send_otp, methods=["POST"]),
                Route("/api/v3/send_message", self.send_message, methods=["POST"]),
                Route("/api/v3/upload_file", self.upload_file, methods=["POST"]),
                Route("/sandbox/messages", self.messages, methods=["GET"]),
                Route("/sandbox/state", self.snapshot, methods=["GET"]),
            ]
        )
        self.app = BodyLimit(FaultInjection(self.routes, settings, self.random), settings)

    async def _latency(self) -> None:
        if self.settings.latency_ms:
            await asyncio.sleep(self.settings.latency_ms / 1000)

    def _fault_5xx(self) -> bool:
        return bool(self.settings.fault_5xx) and self.random.random() < self.settings.fault_5xx

    # -- v2 ---------------------------------------------------------------------------

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

    def _key_account(self, request: Request) -> AccountState | None:
        return self.state.by_key.get(request.headers.get("api-access-key", ""))

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
        body = await _json_body(request)
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

    # -- v3 ---------------------------------------------------------------------------

    async def send_message(self, request: Request) -> Response:
        """POST /api/v3/send_message (spec 4.3, 2.5-2.11, 7.3)."""
        await self._latency()
        state = self.state
        account = self._key_account(request)
        if account is None:
            return JSONResponse(
                {"message_id": None, "error_data": None, "message": "missing or invalid api-access-key"},
                status_code=401,
            )
        body = await _json_body(request)
        if not isinstance(body, dict):
            return _v3_error(400, "", 4, "invalid JSON input")
        raw_phone = body.get("phone_number")
        phone = raw_phone if isinstance(raw_phone, str) else ""
        request_id = body.get("request_id")
        if request_id is not None and not isinstance(request_id, str):
            return _v3_error(400, phone, 4, "request_id must be a string")
        if request_id and request_id in account.answers:
            status, answer = account.answers[request_id]
            return JSONResponse(answer, status_code=status)
        if self._fault_5xx():
            return _v3_error(500, phone, 2, "internal server error")
        if state.rate_limited(account):
            state.count_error(3)
            return _v3_error(429, phone, 3, "too many messages sent")
        bot_id = body.get("bot_id")
        if isinstance(bot_id, bool) or not isinstance(bot_id, int) or bot_id not in account.account.bots:
            return _v3_error(400, phone, 4, "unknown bot_id")
        if not V3_PHONE.fullmatch(phone):
            return self._final(account, request_id, 200, _v3_error_body(phone, 8, "wrong phone number"), code=8)
        phone = phone.lstrip("+")
        rendered = self._render(account.account, body.get("message_data"), bot_id)
        if isinstance(rendered, str):
            return _v3_error(400, phone, 4, rendered)
        kind, text, is_secure = rendered
        if not state.has_account(phone):
            return self._final(account, request_id, 200, _v3_error_body(phone, 17, "user has no account in Bale"),
                               code=17)
        if not state.contact_allowed(account, bot_id, phone):
            state.count_error(21)
            return JSONResponse(_v3_error_body(phone, 21, "the bot's contact limit is reached"))
        if account.balance <= 0:
            state.count_error(20)
            return _v3_error(402, phone, 20, "insufficient credit")
        message_id = _otp_message_id() if kind == "otp" else None
        delivered = state.deliver(account, request_id=request_id, bot_id=bot_id, phone=phone, kind=kind, text=text,
                                  is_secure=is_secure, message_id=message_id)
        answer: dict[str, Any] = {"message_id": delivered.message_id}
        if kind != "otp":
            answer["error_data"] = None
        return self._final(account, request_id, 200, answer)

    def _final(self, account: AccountState, request_id: str | None, status: int, answer: dict[str, Any],
               code: int | None = None) -> Response:
        """Remember a processed answer for its request_id, so a repeat gets it again."""
        if code is not None:
            self.state.count_error(code)
        if request_id:
            self.state.remember_answer(account, request_id, status, answer)
        return JSONResponse(answer, status_code=status)

    def _render(self, account: Account, data: Any, bot_id: int) -> tuple[str, str, bool] | str:
        """(kind, text the recipient sees, is_secure) for valid message_data, else the
        reason it is invalid (spec 2.6-2.10)."""
        if not isinstance(data, dict):
            return "message_data is required"
        is_secure = data.get("is_secure", False)
        if not isinstance(is_secure, bool):
            return "is_secure must be a boolean"
        present = [k for k in ("message", "otp_message", "template_message") if data.get(k) is not None]
        if len(present) != 1:
            return "message_data needs exactly one of message, otp_message, template_message"
        kind = present[0]
        if kind == "otp_message":
            otp = data["otp_message"].get("otp") if isinstance(data["otp_message"], dict) else None
            if not isinstance(otp, str) or not NUMERIC.fullmatch(otp):
                return "otp_message.otp must be numeric text"
            result = ("otp", otp_text(otp, account.bots[bot_id]))
        elif kind == "template_message":
            result = self._render_template(account, data["template_message"])
        else:
            result = self._render_message(data["message"])
        if isinstance(result, str):
            return result
        kind, text = result
        if is_secure:
            text = "🔒 پیام امن (برای دیدن، رمز را وارد کنید)\n" + text
        return kind, text, is_secure

    def _render_template(self, account: Account, template_message: Any) -> tuple[str, str] | str:
        if not isinstance(template_message, dict):
            return "template_message must be an object"
        template_id = template_message.get("template_id")
        template = account.templates.get(template_id) if isinstance(template_id, str) else None
        if template is None:
            return "unknown template_id"
        fields = template_message.get("text_fields")
        if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
            return "text_fields must map field names to strings"
        unknown = set(fields) - template.fields
        if unknown:
            return f"text_fields key not in the template: {sorted(unknown)[0]}"
        text = PLACEHOLDER.sub(lambda m: fields.get(m.group(1), m.group(0)), template.body)
        return "template", text

    def _render_message(self, message: Any) -> tuple[str, str] | str:
        if not isinstance(message, dict):
            return "message must be an object"
        text, file_id, copy_text = message.get("text"), message.get("file_id"), message.get("copy_text")
        for name, value in (("text", text), ("file_id", file_id), ("copy_text", copy_text)):
            if value is not None and not isinstance(value, str):
                return f"message.{name} must be a string"
        if not (text or file_id or copy_text):
            return "message needs a text, file_id or copy_text"
        lines: list[str] = []
        kind = "text"
        if file_id:
            info = self.state.files.get(file_id)
            if info is None:
                return "unknown file_id"
            kind = "media"
            lines.append(f"[{info['name']}]")
        if text:
            lines.append(text)
        if copy_text:
            lines.append(f"[کپی: {copy_text}]")
        markup = message.get("reply_markup")
        if markup is not None:
            rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                return "reply_markup.inline_keyboard must be a list of rows"
            for row in rows:
                labels = []
                for button in row:
                    label = _button_label(button)
                    if label is None:
                        return "each button needs a text and one of url, web_app, copy_text"
                    labels.append(label)
                lines.append(" ".join(labels))
            kind = "buttons" if kind == "text" else kind
        return kind, "\n".join(lines)

    async def upload_file(self, request: Request) -> Response:
        """POST /api/v3/upload_file (spec 4.4, 2.13): multipart field ``file``."""
        await self._latency()
        s = self.settings
        if self._key_account(request) is None:
            return JSONResponse({"file_id": None, "error": {"phone_number": "", "code": 4,
                                 "description": "missing or invalid api-access-key"}}, status_code=401)
        declared = request.headers.get("content-length")
        if s.max_upload_bytes and declared and declared.isdigit() and int(declared) > s.max_upload_bytes + 4096:
            return _upload_error("file larger than the upload limit")
        try:
            async with request.form(max_part_size=max(s.max_upload_bytes, 1024) + 1) as form:
                upload = form.get("file")
                if upload is None or isinstance(upload, str):
                    return _upload_error("multipart field 'file' is required")
                file_id = uuid.uuid4().hex
                size = await self._store(upload, file_id)
                if s.max_upload_bytes and size > s.max_upload_bytes:
                    self._discard(file_id)
                    return _upload_error("file larger than the upload limit")
                name = Path(upload.filename or "file").name
                self.state.add_file(file_id, {"name": name, "size": size, "content_type": upload.content_type})
        except Exception:  # noqa: BLE001 - any parse failure is the client's bad input
            return _upload_error("invalid multipart form")
        return JSONResponse({"file_id": file_id})

    async def _store(self, upload: Any, file_id: str) -> int:
        """Copy an upload to the files dir (if any) in chunks; return its size in bytes."""
        size = 0
        target = None
        if self.files_dir is not None:
            self.files_dir.mkdir(parents=True, exist_ok=True)
            target = (self.files_dir / file_id).open("wb")
        try:
            while chunk := await upload.read(1 << 20):
                size += len(chunk)
                if target is not None:
                    target.write(chunk)
        finally:
            if target is not None:
                target.close()
        return size

    def _discard(self, file_id: str) -> None:
        if self.files_dir is not None:
            (self.files_dir / file_id).unlink(missing_ok=True)

    # -- inspection ------------------------------------------------------------------

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


def _v3_error_body(phone: str, code: int, description: str) -> dict[str, Any]:
    return {"message_id": None, "error_data": [{"phone_number": phone, "code": code, "description": description}]}


def _upload_error(description: str) -> JSONResponse:
    return JSONResponse({"file_id": None, "error": {"phone_number": "", "code": 4, "description": description}},
                        status_code=400)


def _button_label(button: Any) -> str | None:
    """How a button shows to the recipient, or None when it breaks spec 2.8."""
    if not isinstance(button, dict) or not isinstance(button.get("text"), str) or not button["text"]:
        return None
    web_app = button.get("web_app")
    web_url = web_app.get("url") if isinstance(web_app, dict) else None
    actions = [v for v in (button.get("url"), web_url, button.get("copy_text")) if isinstance(v, str) and v]
    if not actions:
        return None
    return f"[{button['text']} → {actions[0]}]"


def _otp_message_id() -> str:
    """An OTP message id as production shapes it: three url-safe segments."""
    return ".".join(secrets.token_urlsafe(n) for n in (4, 5, 8))


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
