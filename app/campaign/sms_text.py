"""A recipient's message as an SMS (docs/sms.md, "What the SMS says"): the text with its
fields already rendered, each button's address on a line of its own, the copy text, and
the campaign's opt-out line; an OTP as its code. A template's text is the service's, and
media has no address an SMS can give: a template, or media without a caption, has no SMS
form."""

from __future__ import annotations

from typing import Any

from app.api.errors import RequestValidationError
from app.api.models import MessageData

#: How a one-time password reads by SMS (no opt-out line: it is no advertising).
OTP_SMS = "کد شما: {otp}"
#: Characters in one SMS part: GSM-7 text, and UCS-2 (any Persian letter makes it so).
LATIN_PART, UNICODE_PART = 160, 70
#: Characters of each part of a message of more than one part (the rest is its header).
LATIN_MULTIPART, UNICODE_MULTIPART = 153, 67


def sms_text(message_data: dict[str, Any] | None, opt_out: str) -> str | None:
    """The SMS form of ``message_data`` (the service's wire JSON, spec 2.6), ending with
    ``opt_out`` ('' none) unless it is an OTP; None when it has no SMS form."""
    if not message_data:
        return None
    try:
        data = MessageData.from_wire(message_data)
    except RequestValidationError:
        return None
    if data.otp_message is not None:
        return OTP_SMS.format(otp=data.otp_message.otp)
    message = data.message
    if message is None:
        return None  # a template: its text is the service's
    lines = [text for text in (message.text, message.copy_text) if text]
    if not lines:
        return None
    for row in message.inline_keyboard:
        lines += [f"{b.text}: {b.url or b.web_app_url or b.copy_text}" for b in row
                  if b.url or b.web_app_url or b.copy_text]
    if opt_out:
        lines.append(opt_out)
    return "\n".join(lines)


def sms_parts(text: str) -> int:
    """How many parts ``text`` is sent in: 160 characters each in GSM-7, 70 in UCS-2
    (any character beyond ASCII), fewer each once there is more than one part."""
    unicode = any(ord(c) > 127 for c in text)
    single, multi = (UNICODE_PART, UNICODE_MULTIPART) if unicode else (LATIN_PART, LATIN_MULTIPART)
    if len(text) <= single:
        return 1
    return -(-len(text) // multi)
