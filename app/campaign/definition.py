"""Turning checked sheet rows into a campaign's recipients with per-row content."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol

from app.api import MessageData
from app.campaign.journal import NewRecipient
from app.campaign.render import render

#: Verdict of a row that will be sent (the others are stored as skipped).
SENDABLE = "valid"


class CheckedRow(Protocol):
    """What the campaign needs of a row's verdict (app.contacts.RowVerdict fits)."""

    row: int
    phone_input: str
    phone: str | None
    verdict: Any  # str, or a str-valued enum
    reason: str | None


def _verdict(row: CheckedRow) -> str:
    return str(getattr(row.verdict, "value", row.verdict))


def text_recipients(rows: Iterable[tuple[CheckedRow, Mapping[str, str]]], text: str) -> Iterator[NewRecipient]:
    """One :class:`NewRecipient` per ``(verdict, fields)`` pair, in the given order.

    Valid rows get a text message with ``{{column}}`` placeholders filled from
    ``fields``; other rows carry no message and will be skipped. Raises KeyError when
    ``text`` names a column that ``fields`` lacks (check with ``missing_columns`` first).
    """
    for checked, fields in rows:
        verdict = _verdict(checked)
        message_data = MessageData.text(render(text, fields)).to_wire() if verdict == SENDABLE else None
        yield NewRecipient(checked.row, checked.phone_input, checked.phone, verdict, checked.reason, message_data)
