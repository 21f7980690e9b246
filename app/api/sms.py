"""A second channel: an SMS gateway, for numbers that have no Bale account (issue 37).

:class:`SmsGateway` is what a campaign needs of any gateway; :class:`KavenegarGateway` is
Kavenegar's REST interface as its RESTful document and official SDKs describe it: every
call ``POST {base}/v1/{API-KEY}/{scope}/{method}.json`` with form fields, answered
``{"return": {"status": N, "message": …}, "entries": …}``. A message goes with our
idempotency id as ``localid``: the gateway does not send a ``localid`` twice, so a request
re-sent after a lost answer never sends twice. Errors are this package's (app/api/errors.py),
classified once like the service's; no key ever goes into an error's text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, cast

import httpx

from app.api.errors import (
    APIStatusError,
    Category,
    AuthenticationError,
    ConfigurationError,
    ConnectFailed,
    InternalServerError,
    InvalidInputError,
    InvalidPhoneError,
    PaymentRequiredError,
    RequestTimeout,
    SafirError,
    UnexpectedResponseError,
)
from app.api.scrub import register as register_secret
from app.api.timeouts import Timeouts
from app.api.transport import client_class

#: Kavenegar's address (its RESTful document).
KAVENEGAR_URL = "https://api.kavenegar.com"


class SmsDelivery(StrEnum):
    """Where a message stands at the gateway; :attr:`final` once it will not change."""

    QUEUED = "queued"
    SCHEDULED = "scheduled"
    SENT_TO_OPERATOR = "sent_to_operator"
    DELIVERED = "delivered"
    UNDELIVERED = "undelivered"
    FAILED = "failed"
    CANCELLED = "cancelled"
    BLOCKED = "blocked"  # the recipient blocked the line
    UNKNOWN = "unknown"  # the gateway has no such message (yet: it is asked again)

    @property
    def final(self) -> bool:
        """True once the status will not change (a message the gateway does not know may
        still appear: not final)."""
        return self not in (SmsDelivery.QUEUED, SmsDelivery.SCHEDULED, SmsDelivery.SENT_TO_OPERATOR,
                            SmsDelivery.UNKNOWN)


#: Kavenegar's message statuses (its document's numbers).
_DELIVERY = {1: SmsDelivery.QUEUED, 2: SmsDelivery.SCHEDULED, 4: SmsDelivery.SENT_TO_OPERATOR,
             5: SmsDelivery.SENT_TO_OPERATOR, 6: SmsDelivery.FAILED, 10: SmsDelivery.DELIVERED,
             11: SmsDelivery.UNDELIVERED, 13: SmsDelivery.CANCELLED, 14: SmsDelivery.BLOCKED,
             100: SmsDelivery.UNKNOWN}


@dataclass(frozen=True)
class SmsSent:
    """A message the gateway took: its ``message_id``, our ``local_id``, where it stands,
    and its ``cost`` (the account's currency, rials for Kavenegar)."""

    local_id: str
    message_id: int
    status: SmsDelivery
    cost: int


@dataclass(frozen=True)
class SmsStatus:
    """Where the message sent under ``local_id`` stands."""

    local_id: str
    message_id: int
    status: SmsDelivery


@dataclass(frozen=True)
class SmsReply:
    """A message a number sent to the line: ``phone`` as the gateway gives it, ``at`` Unix seconds."""

    message_id: int
    phone: str
    text: str
    line: str
    at: int


class SmsGateway(Protocol):
    """What a campaign needs of an SMS gateway."""

    async def send(self, phone: str, text: str, local_id: str) -> SmsSent:
        """Send ``text`` to ``phone`` (989xxxxxxxxx) under our idempotency id ``local_id``:
        sent at most once whatever the retries. Raises SafirError."""
        ...

    async def statuses(self, local_ids: Sequence[str]) -> list[SmsStatus]:
        """Where the messages sent under ``local_ids`` stand. Raises SafirError."""
        ...

    async def replies(self, *, read_before: bool = False) -> list[SmsReply]:
        """Messages numbers sent to the line that no call has read yet (with
        ``read_before``, those it has). Raises SafirError."""
        ...

    async def balance(self) -> int:
        """The credit left. Raises SafirError."""
        ...


class KavenegarGateway:
    """Kavenegar's REST interface with API key ``api_key`` and sender line ``sender``
    (timeouts in seconds). Use as ``async with``; ``transport`` lets tests inject one.
    Raises ConfigurationError for a missing key or line, or an address that is not https
    (http only on loopback, the sandbox)."""

    def __init__(self, api_key: str, sender: str, base_url: str = KAVENEGAR_URL, *,
                 timeouts: Timeouts = Timeouts(), transport: httpx.AsyncBaseTransport | None = None) -> None:
        if not api_key or not re.fullmatch(r"[A-Za-z0-9\-_=+/.]+", api_key):
            raise ConfigurationError("no usable SMS gateway API key: set one in the profile (or SAFIR_SMS_API_KEY)")
        if not sender.strip():
            raise ConfigurationError("no SMS sender line: set one in the profile (or SAFIR_SMS_SENDER)")
        url = httpx.URL(base_url)
        if url.scheme != "https" and not (url.scheme == "http" and url.host in ("127.0.0.1", "localhost", "::1")):
            raise ConfigurationError(f"the SMS gateway's address must start with https:// ({url.host})")
        register_secret(api_key)  # never in a log line
        self._key, self.sender = api_key, sender.strip()
        self._http = client_class()(base_url=base_url, timeout=timeouts.to_httpx(), transport=transport)

    def __repr__(self) -> str:
        return f"KavenegarGateway(sender={self.sender!r})"

    async def __aenter__(self) -> KavenegarGateway:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._http.aclose()

    async def send(self, phone: str, text: str, local_id: str) -> SmsSent:
        """``sms/send`` with ``localid``. Raises InvalidPhoneError for a number the gateway
        refuses (411), AuthenticationError (403, 401), PaymentRequiredError (418),
        InvalidInputError (a wrong line, 412; an empty or too long text, 413), and the
        transport's errors (RequestTimeout: it may have been taken, re-send with the same
        ``local_id``)."""
        entries = await self._call("sms/send", {"receptor": _national(phone), "sender": self.sender,
                                                "message": text, "localid": local_id})
        entry = _records(entries, "answer")[0]
        return SmsSent(local_id, int(entry["messageid"]), _DELIVERY.get(int(entry["status"]), SmsDelivery.UNKNOWN),
                       int(entry.get("cost") or 0))

    async def statuses(self, local_ids: Sequence[str]) -> list[SmsStatus]:
        """``sms/statuslocalmessageid`` for ``local_ids`` (one call)."""
        if not local_ids:
            return []
        entries = _records(await self._call("sms/statuslocalmessageid", {"localid": ",".join(local_ids)}), "statuses")
        return [SmsStatus(str(e["localid"]), int(e.get("messageid") or 0),
                          _DELIVERY.get(int(e["status"]), SmsDelivery.UNKNOWN)) for e in entries]

    async def replies(self, *, read_before: bool = False) -> list[SmsReply]:
        """``sms/receive`` of the line: the unread replies (the gateway marks them read),
        or with ``read_before`` those read before (``isread=1``)."""
        answer = await self._call("sms/receive", {"linenumber": self.sender, "isread": "1" if read_before else "0"})
        entries = _records(answer or [], "replies", empty_ok=True)
        return [SmsReply(int(e["messageid"]), str(e["sender"]), str(e["message"]), str(e.get("receptor") or ""),
                         int(e.get("date") or 0)) for e in entries]

    async def balance(self) -> int:
        """``account/info``: the credit left (rials)."""
        entries: Any = await self._call("account/info", {})
        if not isinstance(entries, dict) or "remaincredit" not in entries:
            raise UnexpectedResponseError("the SMS gateway's account answer had no credit")
        return int(cast(dict[str, Any], entries)["remaincredit"])

    async def _call(self, method: str, fields: dict[str, str]) -> Any:
        try:
            answer = await self._http.post(f"/v1/{self._key}/{method}.json", data=fields)
        except httpx.ConnectError:
            raise ConnectFailed("could not connect to the SMS gateway") from None
        except httpx.TimeoutException:
            raise RequestTimeout("the SMS gateway did not answer in time: it may have taken the request") from None
        except httpx.TransportError:
            raise RequestTimeout("the connection to the SMS gateway broke: it may have taken the request") from None
        try:
            body: Any = answer.json()
            status = int(body["return"]["status"])
        except (ValueError, KeyError, TypeError):
            if answer.status_code >= 500:  # a proxy's page in front of a gateway in trouble: tried again
                raise InternalServerError(f"the SMS gateway answered HTTP {answer.status_code}",
                                          status_code=answer.status_code) from None
            raise UnexpectedResponseError(f"the SMS gateway answered HTTP {answer.status_code} without its "
                                          "return status", status_code=answer.status_code) from None
        if status != 200:
            raise _refusal(status, answer.status_code)
        return body.get("entries")


#: Kavenegar's refusals (``return.status``) by the error they are here, with what to say.
_REFUSALS: dict[int, tuple[type[APIStatusError], str]] = {
    400: (InvalidInputError, "the SMS gateway says a field is missing"),
    401: (AuthenticationError, "the SMS gateway account is deactivated"),
    403: (AuthenticationError, "the SMS gateway refused the API key: check it in the profile"),
    406: (InvalidInputError, "the SMS gateway says a field is missing"),
    407: (AuthenticationError, "the SMS gateway account may not use this method"),
    409: (InternalServerError, "the SMS gateway could not answer; it is tried again"),
    500: (InternalServerError, "the SMS gateway could not answer; it is tried again"),
    502: (InternalServerError, "the SMS gateway could not answer; it is tried again"),
    503: (InternalServerError, "the SMS gateway could not answer; it is tried again"),
    411: (InvalidPhoneError, "the SMS gateway refused the number"),
    412: (InvalidInputError, "the SMS gateway refused the sender line: check it in the profile"),
    413: (InvalidInputError, "the SMS gateway refused the text: empty or too long"),
    418: (PaymentRequiredError, "the SMS gateway account's credit is not enough"),
    422: (InvalidInputError, "the SMS gateway refused a character of the text"),
}


class GatewayRefused(APIStatusError):
    """A refusal of the SMS gateway this client does not know (its IP allow-list, an
    account limit…): account-wide, so the channel stops instead of failing each number."""

    category = Category.ACCOUNT
    default_message = "the SMS gateway refused the request"


def _refusal(status: int, http_status: int) -> SafirError:
    kind, said = _REFUSALS.get(status, (GatewayRefused, f"the SMS gateway refused the request ({status})"))
    return kind(said, status_code=http_status, code=status)


def _national(phone: str) -> str:
    """989xxxxxxxxx as the gateway's examples write it: 09xxxxxxxxx."""
    return "0" + phone[2:] if phone.startswith("98") and len(phone) == 12 else phone


def _records(entries: Any, what: str, empty_ok: bool = False) -> list[dict[str, Any]]:
    """``entries`` as the list of objects it must be (UnexpectedResponseError otherwise)."""
    if not isinstance(entries, list) or not (entries or empty_ok):
        raise UnexpectedResponseError(f"the SMS gateway's {what} had no entries")
    found: list[dict[str, Any]] = []
    for entry in cast(list[Any], entries):
        if not isinstance(entry, dict):
            raise UnexpectedResponseError(f"the SMS gateway's {what} had an entry that is no object")
        found.append(cast(dict[str, Any], entry))
    return found
