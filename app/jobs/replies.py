"""Replies to the SMS line (issue 37): each is read once from the gateway; one that says
its sender wants no more messages (an opt-out word: «لغو», «۱۱», "11", "stop" unless told
otherwise) puts the number on the suppression list of the store this desktop uses (the
team's on a team store), with the reply in the audit trail as the reason."""

from __future__ import annotations

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
    """A reply read from the line, and whether it put its number on the suppression list."""

    reply: SmsReply
    opted_out: bool


def is_opt_out(text: str, words: Collection[str] = OPT_OUT_WORDS) -> bool:
    """Whether ``text`` (a reply) starts with one of ``words`` as a word of its own, in
    any case and with Persian or Arabic digits as Latin ones: «لغو ۱۱», "STOP", "11".
    "stopped by" or «لغوی» is no opt-out."""
    first = _WORDS.findall(text.translate(_PERSIAN_DIGITS).casefold())
    wanted = {w.translate(_PERSIAN_DIGITS).casefold() for w in words}
    return bool(first) and first[0] in wanted


async def read_replies(gateway: SmsGateway, journal: Journal,
                       words: Collection[str] = OPT_OUT_WORDS) -> list[ReadReply]:
    """The replies the line got since the last read (each is read once), oldest first; an
    opt-out's number goes on the suppression list of ``journal``'s store, with an audit
    row ``opt-out`` whose detail is the number and the reply. Raises SafirError (the
    gateway), JournalError and SheetError (the list)."""
    replies = await gateway.replies()
    listed = suppression_list(journal)
    read = []
    for reply in replies:
        opted_out = is_opt_out(reply.text, words)
        if opted_out:
            listed.add([reply.phone])
            journal.audit("opt-out", None, f"{reply.phone}: {reply.text}")
        read.append(ReadReply(reply, opted_out))
    return read
