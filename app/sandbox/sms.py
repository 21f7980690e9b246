"""An imitation of an SMS gateway's REST interface (Kavenegar's, as its RESTful document and
official SDKs describe it): ``POST /v1/{API-KEY}/{scope}/{method}.json`` with form fields,
answered ``{"return": {"status": N, "message": …}, "entries": …}`` with the same N as the
HTTP status. Written from that document, not from app.api.

- ``sms/send``: ``receptor``, ``sender``, ``message``, ``localid`` (a message whose
  ``localid`` was sent before is not sent again: its first answer is given back);
- ``sms/status`` (``messageid``), ``sms/statuslocalmessageid`` (``localid``): delivery
  statuses, moving over ``sms_delivery_s`` from queued (1) to sent to the operator (4),
  then delivered (10), undelivered (11) or blocked by the recipient (14);
- ``sms/receive`` (``linenumber``, ``isread``): replies to the line, the unread ones
  (``isread=0``, then marked read) or those read before (``isread=1``);
- ``account/info``: the credit left (rials).

Refusals: 403 a wrong key, 400 a missing field, 411 a wrong receptor, 412 a sender line
that is not the account's, 413 an empty message, 418 too little credit. Not the gateway's:
``GET /sandbox/sms`` (what it sent) and ``POST /sandbox/sms/replies`` (a recipient replies).
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.sandbox.interface import Interface

#: Delivery statuses (the document's numbers) and their words.
QUEUED, SENT_TO_OPERATOR, DELIVERED, UNDELIVERED, BLOCKED, NO_SUCH_MESSAGE = 1, 4, 10, 11, 14, 100
_STATUS_TEXT = {QUEUED: "در صف ارسال", SENT_TO_OPERATOR: "ارسال به مخابرات", DELIVERED: "رسیده به گیرنده",
                UNDELIVERED: "نرسیده به گیرنده", BLOCKED: "مسدود شده توسط گیرنده", NO_SUCH_MESSAGE: "شناسه نامعتبر"}
#: Characters of the GSM 7-bit default alphabet: a text of only these goes in 160-character parts.
_GSM7 = set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§"
            "¿abcdefghijklmnopqrstuvwxyzäöñüà")
_MOBILE = re.compile(r"(?:\+?98|0)?(9\d{9})")


def parts_of(text: str) -> int:
    """How many SMS parts ``text`` takes: 160 characters in one part (153 each when longer)
    in the GSM alphabet, else 70 (67 each) in UCS-2."""
    single, each = (160, 153) if set(text) <= _GSM7 else (70, 67)
    return 1 if len(text) <= single else -(-len(text) // each)


@dataclass
class SmsSent:
    """One message the gateway took."""

    message_id: int
    local_id: str | None
    phone: str
    text: str
    parts: int
    cost: int
    sent_at: float  # monotonic seconds


@dataclass
class SmsBook:
    """What the gateway holds: messages by id and by local id, replies to the line, credit."""

    credit: int
    sent: dict[int, SmsSent] = field(default_factory=dict[int, SmsSent])
    by_local_id: dict[str, int] = field(default_factory=dict[str, int])
    replies: list[dict[str, Any]] = field(default_factory=list[dict[str, Any]])
    next_id: int = 1_000_001


class SmsGatewayInterface(Interface):
    """The gateway's routes and the two inspection routes, over one :class:`SmsBook`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.book = SmsBook(self.settings.sms_credit)

    def routes(self) -> list[Route]:
        """The routes of the imitated gateway and of its inspection."""
        prefix = "/v1/{key}"
        return [Route(prefix + "/sms/send.json", self.send, methods=["POST", "GET"]),
                Route(prefix + "/sms/status.json", self.status, methods=["POST", "GET"]),
                Route(prefix + "/sms/statuslocalmessageid.json", self.status_by_local_id, methods=["POST", "GET"]),
                Route(prefix + "/sms/receive.json", self.receive, methods=["POST", "GET"]),
                Route(prefix + "/account/info.json", self.account, methods=["POST", "GET"]),
                Route("/sandbox/sms", self.listed, methods=["GET"]),
                Route("/sandbox/sms/replies", self.reply, methods=["POST"])]

    async def send(self, request: Request) -> Response:
        fields, refused = await self._fields(request)
        if refused is not None:
            return refused
        receptor, sender, text = fields.get("receptor", ""), fields.get("sender", ""), fields.get("message", "")
        local_id = fields.get("localid") or None
        if not receptor or not sender:
            return _answer(400, "پارامترها ناقص هستند")
        if local_id is not None and local_id in self.book.by_local_id:  # sent before: not again
            return _answer(200, "تایید شد", [self._entry(self.book.sent[self.book.by_local_id[local_id]])])
        phone = _MOBILE.fullmatch(receptor.strip())
        if phone is None:
            return _answer(411, "گیرنده نامعتبر است")
        if sender != self.settings.sms_sender:
            return _answer(412, "فرستنده نامعتبر است")
        if not text:
            return _answer(413, "پیام خالی است")
        parts = parts_of(text)
        cost = parts * self.settings.sms_part_cost
        if cost > self.book.credit:
            return _answer(418, "اعتبار حساب شما کافی نیست")
        message = SmsSent(self.book.next_id, local_id, "0" + phone.group(1), text, parts, cost, time.monotonic())
        self.book.next_id += 1
        self.book.credit -= cost
        self.book.sent[message.message_id] = message
        if local_id is not None:
            self.book.by_local_id[local_id] = message.message_id
        if self.settings.sms_fault_timeout and self.random.random() < self.settings.sms_fault_timeout:
            await asyncio.sleep(self.settings.fault_hold_s)  # taken, but answered too late
        return _answer(200, "تایید شد", [self._entry(message)])

    async def status(self, request: Request) -> Response:
        fields, refused = await self._fields(request)
        if refused is not None:
            return refused
        ids = _listed(fields, "messageid")
        if not ids:
            return _answer(400, "پارامترها ناقص هستند")
        return _answer(200, "تایید شد", [self._status_entry(self.book.sent.get(int(given)) if given.isdigit() else None,
                                                            messageid=int(given) if given.isdigit() else given)
                                          for given in ids])

    async def status_by_local_id(self, request: Request) -> Response:
        fields, refused = await self._fields(request)
        if refused is not None:
            return refused
        local_ids = _listed(fields, "localid")
        if not local_ids:
            return _answer(400, "پارامترها ناقص هستند")
        entries = []
        for local_id in local_ids:
            message_id = self.book.by_local_id.get(local_id)
            message = self.book.sent.get(message_id) if message_id is not None else None
            entries.append(self._status_entry(message, messageid=message_id or 0, localid=local_id))
        return _answer(200, "تایید شد", entries)

    async def receive(self, request: Request) -> Response:
        fields, refused = await self._fields(request)
        if refused is not None:
            return refused
        if fields.get("linenumber", "") != self.settings.sms_sender:
            return _answer(412, "فرستنده نامعتبر است")
        if fields.get("isread", "0") == "1":  # the ones read before
            return _answer(200, "تایید شد", [{k: v for k, v in r.items() if k != "read"}
                                              for r in self.book.replies if r["read"]])
        unread = [r for r in self.book.replies if not r["read"]]
        for reply in unread:
            reply["read"] = True
        return _answer(200, "تایید شد", [{k: v for k, v in r.items() if k != "read"} for r in unread])

    async def account(self, request: Request) -> Response:
        _, refused = await self._fields(request)
        if refused is not None:
            return refused
        return _answer(200, "تایید شد", {"remaincredit": self.book.credit, "expiredate": 0, "type": "Master"})

    async def listed(self, request: Request) -> Response:
        """GET /sandbox/sms: every message the gateway took, oldest first."""
        return JSONResponse({"messages": [
            {"phone": m.phone, "text": m.text, "parts": m.parts, "localid": m.local_id, "messageid": m.message_id,
             "cost": m.cost, "status": self._status(m)} for m in self.book.sent.values()]})

    async def reply(self, request: Request) -> Response:
        """POST /sandbox/sms/replies ``{"phone": …, "text": …}``: that number replies to the line."""
        try:
            asked = await request.json()
        except (ValueError, RecursionError):
            asked = None
        if not isinstance(asked, dict) or not isinstance(asked.get("phone"), str) \
                or not isinstance(asked.get("text"), str):
            return JSONResponse({"error": "send a JSON object: phone, text"}, status_code=400)
        message_id = self.book.next_id
        self.book.next_id += 1
        self.book.replies.append({"messageid": message_id, "message": asked["text"], "sender": asked["phone"],
                                  "receptor": self.settings.sms_sender, "date": int(time.time()), "read": False})
        return JSONResponse({"messageid": message_id}, status_code=201)

    async def _fields(self, request: Request) -> tuple[dict[str, str], Response | None]:
        """The request's fields (query and form), or the answer refusing it."""
        await self._latency()
        if request.path_params["key"] != self.settings.sms_api_key:
            return {}, _answer(403, "کلید API معتبر نمی‌باشد")
        fields = dict(request.query_params)
        if request.method == "POST":
            form = await request.form()
            fields.update({k: v for k, v in form.items() if isinstance(v, str)})
        return fields, None

    def _status(self, message: SmsSent | None) -> int:
        if message is None:
            return NO_SUCH_MESSAGE
        age = time.monotonic() - message.sent_at
        if age < self.settings.sms_delivery_s / 2:
            return QUEUED
        if age < self.settings.sms_delivery_s:
            return SENT_TO_OPERATOR
        if message.phone.endswith(self.settings.sms_blocked_suffix):
            return BLOCKED
        return UNDELIVERED if message.phone.endswith(self.settings.sms_undelivered_suffix) else DELIVERED

    def _status_entry(self, message: SmsSent | None, **ids: object) -> dict[str, Any]:
        status = self._status(message)
        return {**ids, "status": status, "statustext": _STATUS_TEXT[status]}

    def _entry(self, message: SmsSent) -> dict[str, Any]:
        status = self._status(message)
        return {"messageid": message.message_id, "message": message.text, "status": status,
                "statustext": _STATUS_TEXT[status], "sender": self.settings.sms_sender, "receptor": message.phone,
                "date": int(time.time()), "cost": message.cost}


def _listed(fields: dict[str, str], name: str) -> list[str]:
    """The comma-separated values of field ``name``."""
    return [value.strip() for value in fields.get(name, "").split(",") if value.strip()]


def _answer(status: int, message: str, entries: Any = None) -> JSONResponse:
    return JSONResponse({"return": {"status": status, "message": message}, "entries": entries}, status_code=status)
