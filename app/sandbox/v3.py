"""Interface version 3 of the sandbox: send_message and upload_file (spec 2, 5, 6)."""

from __future__ import annotations

import re
import secrets
import uuid
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.sandbox.interface import Interface, json_body, otp_text
from app.sandbox.state import PLACEHOLDER, Account, AccountState

V3_PHONE = re.compile(r"\+?98\d{10}")  # spec 2.5: 98 + ten digits (a + is also listed)
NUMERIC = re.compile(r"\d+")  # spec 2.9



def _v3_error(status: int, phone: str, code: int, description: str) -> JSONResponse:
    return JSONResponse(
        {"message_id": None, "error_data": [{"phone_number": phone, "code": code, "description": description}]},
        status_code=status,
    )


class V3Interface(Interface):
    """POST /api/v3/send_message and POST /api/v3/upload_file."""

    def routes(self) -> list[Route]:
        """This version's routes."""
        return [Route("/api/v3/send_message", self.send_message, methods=["POST"]),
                Route("/api/v3/upload_file", self.upload_file, methods=["POST"])]

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
        state.sending_requests += 1
        body = await json_body(request)
        if not isinstance(body, dict):
            return _v3_error(400, "", 4, "invalid JSON input")
        raw_phone = body.get("phone_number")
        phone = raw_phone if isinstance(raw_phone, str) else ""
        request_id = body.get("request_id")
        if request_id is not None and not isinstance(request_id, str):
            return _v3_error(400, phone, 4, "request_id must be a string")
        if request_id and request_id in account.answers:
            state.repeated_requests += 1
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

