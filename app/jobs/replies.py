"""Replies to the SMS line (issue 37). The gateway marks a reply read once it gives it, so
each reply is handled under its message id, recorded in the audit trail (``reply``) only
after its effect: one that says its sender wants no more messages (an opt-out word:
«لغو», «۱۱», "11", "stop" unless told otherwise) puts the number on the suppression list
of the store this desktop uses (the team's on a team store) and writes an ``opt-out``
audit row with the reply. A read whose effect could not be stored is handled again at
the next read, from the replies read before."""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass

from app.api.sms import SmsGateway, SmsReply
from app.campaign import Journal
from app.jobs.suppression import suppression_list

#: What a reply says to stop messages, unless the team sets its own words.
OPT_OUT_WORDS = ("لغو", "۱۱", "11", "stop")
_PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_WORDS = re.compile(r"\w+")


@dataclass(frozen=True)
class ReadReply:
    """A reply read from the line: whether it asked to opt out, and whether its number is
    on the suppression list now (False for one that is no Iranian mobile number)."""

    reply: SmsReply
    asked_out: bool
    listed: bool


def is_opt_out(text: str, words: Collection[str] = OPT_OUT_WORDS) -> bool:
    """Whether ``text`` (a reply) starts with one of ``words`` as a word of its own, in
    any case and with Persian or Arabic digits as Latin ones: «لغو ۱۱», "STOP", "11".
    "stopped by" or «لغوی» is no opt-out."""
    first = _WORDS.findall(text.translate(_PERSIAN_DIGITS).casefold())
    wanted = {w.translate(_PERSIAN_DIGITS).casefold() for w in words}
    return bool(first) and first[0] in wanted


async def read_replies(gateway: SmsGateway, journal: Journal,
                       words: Collection[str] = OPT_OUT_WORDS) -> list[ReadReply]:
    """The replies not handled yet (new ones, and read ones whose handling did not reach
    the journal), oldest first, each handled once. Raises SafirError (the gateway),
    JournalError and SheetError (the list): what was not recorded is handled next time."""
    fresh = await gateway.replies()
    earlier = await gateway.replies(read_before=True)
    handled = {json.loads(a["detail"]).get("messageid") for a in journal.audit_trail.entries()
               if a["action"] == "reply" and a["detail"]}
    found = {r.message_id: r for r in [*earlier, *fresh] if r.message_id not in handled}
    listed = suppression_list(journal)
    read = []
    for reply in sorted(found.values(), key=lambda r: (r.at, r.message_id)):
        asked_out = is_opt_out(reply.text, words)
        on_list = False
        if asked_out:
            done = listed.add([reply.phone])
            on_list = bool(done.added or done.already)
            if on_list:
                journal.audit_trail.add("opt-out", None, f"{reply.phone}: {reply.text}")
        journal.audit_trail.add("reply", None, json.dumps({"messageid": reply.message_id, "phone": reply.phone,
                                                           "text": reply.text}, ensure_ascii=False))
        read.append(ReadReply(reply, asked_out, on_list))
    return read


def read_replies_now(journal: Journal, service_url: str, *, sandbox: bool, key: str | None = None,
                     sender: str | None = None, words: Collection[str] = OPT_OUT_WORDS) -> list[ReadReply]:
    """:func:`read_replies` through the gateway :func:`app.jobs.sms_gateway.sms_gateway`
    chooses (a profile's ``key`` and ``sender``, else the environment's; a sandbox's own),
    from a worker thread: the calls run on a loop of their own. Raises GatewayNotSetUp
    (no gateway), SafirError, JournalError and SheetError."""
    import asyncio

    from app.jobs.sms_gateway import GatewayNotSetUp, sms_gateway

    async def read() -> list[ReadReply]:
        gateway = sms_gateway(service_url, sandbox=sandbox, key=key, sender=sender)
        if gateway is None:
            raise GatewayNotSetUp("no SMS gateway is set up: add its key and sender line in Profiles")
        async with gateway:
            return await read_replies(gateway, journal, words)

    # A loop of the platform's own kind, whatever loop policy the window's thread installed.
    with asyncio.Runner(loop_factory=asyncio.DefaultEventLoopPolicy().new_event_loop) as runner:
        return runner.run(read())
