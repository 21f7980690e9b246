"""Typed request and response shapes of the messaging service (spec section 2).

Request objects validate themselves in ``to_wire()`` and raise
:class:`~app.api.errors.RequestValidationError` naming the offending field.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from app.api.errors import RequestValidationError

#: Spec 2.5: 98 followed by ten digits, nothing else.
WIRE_PHONE = re.compile(r"98\d{10}")
#: Spec 2.2 / 8: a 3 to 8 digit OTP.
OTP_DIGITS = re.compile(r"\d{3,8}")
#: The spec shows no length limits (2.7: "not shown"); these are the messenger's own (as
#: its bot platform documents them), so a runaway cell is caught before it is sent.
MAX_TEXT_CHARS = 4096
MAX_CAPTION_CHARS = 1024
MAX_BUTTONS = 100
MAX_FIELD_CHARS = 4096


#: A limited field's name in the sentence → the code of its limit (RequestValidationError.code).
_TOO_LONG = {"text": "text_too_long", "caption": "caption_too_long", "template field's value": "field_too_long",
             "copy text": "copy_too_long"}


def check_length(value: str | None, limit: int, field_name: str, what: str) -> None:
    """Raise RequestValidationError naming ``field_name`` when ``value`` is over ``limit``
    characters (``what`` names it in the sentence: a key of :data:`_TOO_LONG`)."""
    if value is not None and len(value) > limit:
        raise RequestValidationError(
            field_name, f"the {what} is {len(value):,} characters long; it can be at most {limit:,}",
            _TOO_LONG[what], length=len(value), limit=limit)


def check_phone(phone: object, field_name: str = "phone_number") -> str:
    """Return ``phone`` if it is in wire form (``98`` + 10 digits), else raise
    RequestValidationError. Spec 2.2 and 2.5."""
    if not isinstance(phone, str) or not WIRE_PHONE.fullmatch(phone):
        raise RequestValidationError(field_name, "must be 98 followed by ten digits, e.g. 989121234567")
    return phone


def check_otp(otp: object, field_name: str = "otp", *, digits: re.Pattern[str] = OTP_DIGITS) -> str:
    """Return ``otp`` if it is a numeric string of 3-8 digits, else raise
    RequestValidationError. Spec 2.2 and 2.9."""
    if not isinstance(otp, str) or not digits.fullmatch(otp):
        raise RequestValidationError(field_name, "must be a number of 3 to 8 digits", "otp_digits")
    return otp


@dataclass(frozen=True)
class InlineButton:
    """One inline keyboard button (spec 2.8): a label and at least one action."""

    text: str
    url: str | None = None
    web_app_url: str | None = None
    copy_text: str | None = None

    def to_wire(self, where: str) -> dict[str, Any]:
        if not self.text:
            raise RequestValidationError(f"{where}.text", "a button needs a label", "no_label")
        if not (self.url or self.web_app_url or self.copy_text):
            raise RequestValidationError(where, "a button needs a url, a web_app url or a copy_text", "no_action")
        wire: dict[str, Any] = {"text": self.text}
        if self.url:
            wire["url"] = self.url
        if self.web_app_url:
            wire["web_app"] = {"url": self.web_app_url}
        if self.copy_text:
            wire["copy_text"] = self.copy_text
        return wire


@dataclass(frozen=True)
class Message:
    """Plain content (spec 2.7): text, media (file_id + caption), copy_text, buttons.

    ``inline_keyboard`` is a tuple of rows, each a tuple of :class:`InlineButton`.
    """

    text: str | None = None
    file_id: str | None = None
    copy_text: str | None = None
    inline_keyboard: tuple[tuple[InlineButton, ...], ...] = ()

    def to_wire(self) -> dict[str, Any]:
        if not (self.text or self.file_id or self.copy_text):
            raise RequestValidationError("message_data.message", "needs a text, a file_id or a copy_text")
        if self.file_id:
            check_length(self.text, MAX_CAPTION_CHARS, "message_data.message.text", "caption")
        else:
            check_length(self.text, MAX_TEXT_CHARS, "message_data.message.text", "text")
        check_length(self.copy_text, MAX_FIELD_CHARS, "message_data.message.copy_text", "copy text")
        buttons = sum(len(row) for row in self.inline_keyboard)
        if buttons > MAX_BUTTONS:
            raise RequestValidationError("message_data.message.reply_markup.inline_keyboard",
                                         f"{buttons} buttons; a message can have at most {MAX_BUTTONS}",
                                         "buttons_over_limit", count=buttons, limit=MAX_BUTTONS)
        wire: dict[str, Any] = {}
        if self.text is not None:
            wire["text"] = self.text
        if self.file_id:
            wire["file_id"] = self.file_id
        if self.copy_text:
            wire["copy_text"] = self.copy_text
        if self.inline_keyboard:
            base = "message_data.message.reply_markup.inline_keyboard"
            rows: list[list[dict[str, Any]]] = []
            for r, row in enumerate(self.inline_keyboard):
                if not row:
                    raise RequestValidationError(f"{base}[{r}]", "a row needs at least one button", "empty_row")
                rows.append([button.to_wire(f"{base}[{r}][{c}]") for c, button in enumerate(row)])
            wire["reply_markup"] = {"inline_keyboard": rows}
        return wire


@dataclass(frozen=True)
class OtpMessage:
    """An OTP delivered by the messenger's OTP bot (spec 2.9); ``otp`` is numeric text."""

    otp: str

    def to_wire(self) -> dict[str, Any]:
        return {"otp": check_otp(self.otp, "message_data.otp_message.otp", digits=re.compile(r"\d+"))}


@dataclass(frozen=True)
class TemplateMessage:
    """A template filled with ``text_fields`` (spec 2.10)."""

    template_id: str
    text_fields: dict[str, str] = field(default_factory=dict[str, str])

    def to_wire(self) -> dict[str, Any]:
        if not self.template_id:
            raise RequestValidationError("message_data.template_message.template_id", "is required")
        fields: list[tuple[object, object]] = list(self.text_fields.items())  # from sheets: checked, not trusted
        for key, value in fields:
            if not isinstance(key, str) or not isinstance(value, str):
                raise RequestValidationError(
                    f"message_data.template_message.text_fields[{key!r}]", "keys and values must be text"
                )
            check_length(value, MAX_FIELD_CHARS, f"message_data.template_message.text_fields[{key!r}]",
                          "template field's value")
        return {"template_id": self.template_id, "text_fields": dict(self.text_fields)}


@dataclass(frozen=True)
class MessageData:
    """The content of one v3 send (spec 2.6): exactly one of message, otp_message or
    template_message, optionally sent as a secure message."""

    message: Message | None = None
    otp_message: OtpMessage | None = None
    template_message: TemplateMessage | None = None
    is_secure: bool = False

    @classmethod
    def text(cls, text: str, *, is_secure: bool = False) -> MessageData:
        """Shortcut for a plain text message."""
        return cls(message=Message(text=text), is_secure=is_secure)

    @classmethod
    def from_wire(cls, wire: dict[str, Any]) -> MessageData:
        """The inverse of :meth:`to_wire` (for stored requests). Raises
        RequestValidationError for a shape that is not message_data."""
        try:
            message = otp = template = None
            if wire.get("message") is not None:
                m: dict[str, Any] = wire["message"]
                markup: dict[str, Any] = m.get("reply_markup") or {}
                rows: list[list[dict[str, Any]]] = markup.get("inline_keyboard", [])
                keyboard = tuple(tuple(_button_from_wire(b) for b in row) for row in rows)
                message = Message(m.get("text"), m.get("file_id"), m.get("copy_text"), keyboard)
            if wire.get("otp_message") is not None:
                otp = OtpMessage(wire["otp_message"]["otp"])
            if wire.get("template_message") is not None:
                t = wire["template_message"]
                template = TemplateMessage(t["template_id"], dict(t.get("text_fields") or {}))
            return cls(message, otp, template, bool(wire.get("is_secure", False)))
        except (AttributeError, KeyError, TypeError):
            raise RequestValidationError("message_data", "is not a message_data object") from None

    def to_wire(self) -> dict[str, Any]:
        """The ``message_data`` object of the wire (spec 2.6); raises
        RequestValidationError unless exactly one kind of message is set."""
        parts = [p for p in (self.message, self.otp_message, self.template_message) if p is not None]
        if len(parts) != 1:
            raise RequestValidationError(
                "message_data", "needs exactly one of message, otp_message or template_message"
            )
        wire: dict[str, Any] = {}
        if self.message is not None:
            wire["message"] = self.message.to_wire()
        if self.otp_message is not None:
            wire["otp_message"] = self.otp_message.to_wire()
        if self.template_message is not None:
            wire["template_message"] = self.template_message.to_wire()
        if self.is_secure:
            wire["is_secure"] = True
        return wire


@dataclass(frozen=True)
class SendResult:
    """A successful v3 send (spec 2.11): the service's ``message_id`` and our ``request_id``."""

    message_id: str
    request_id: str | None


@dataclass(frozen=True)
class OtpResult:
    """A successful v2 send_otp (spec 2.3): ``balance`` in messages left after this one."""

    balance: int


@dataclass(frozen=True)
class UploadResult:
    """A successful upload (spec 2.13)."""

    file_id: str


@dataclass(frozen=True, repr=False)
class AccessToken:
    """A v2 bearer token (spec 2.1) with its expiry as a ``time.monotonic()`` instant."""

    value: str
    expires_at: float
    token_type: str = "bearer"

    def fresh(self, margin: float) -> bool:
        """True while more than ``margin`` seconds of life remain."""
        return time.monotonic() + margin < self.expires_at

    def __repr__(self) -> str:
        return f"AccessToken(value='***', token_type={self.token_type!r})"


def _button_from_wire(button: dict[str, Any]) -> InlineButton:
    web_app: dict[str, Any] = button.get("web_app") or {}
    return InlineButton(text=button.get("text", ""), url=button.get("url"), web_app_url=web_app.get("url"),
                        copy_text=button.get("copy_text"))
