"""One message to one phone through the journal and the engine: a support agent's
quick send, a draft's test send (spec 4.3)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.campaign import Content, Journal, RecipientState
from app.jobs.inputs import CampaignInputError


class SingleOutcome(StrEnum):
    """How one message to one phone ended."""

    SENT = "sent"
    UNKNOWN = "unknown"  # the answer was lost: it may have arrived
    FAILED = "failed"  # the service refused it
    NOT_SENT = "not_sent"  # the run stopped before it
    INVALID = "invalid"  # never sent: the phone or the content is wrong


@dataclass(frozen=True)
class SingleSend:
    """The outcome of one message to one phone (a quick send or a campaign's test send):
    see :class:`SingleOutcome`; ``error``/``error_code`` say why it was not sent (a
    reason stored as :meth:`app.reasons.Reason.stored` makes it, or the service's words),
    and for an invalid one ``input_error`` keeps the field and the catalogued problem."""

    outcome: SingleOutcome
    phone: str | None = None
    message_id: str | None = None
    error: str | None = None
    error_code: int | None = None
    campaign_id: int | None = None
    input_error: CampaignInputError | None = None


async def send_one(journal: Journal, client: Any, *, phone_input: str, content: Content, bot_id: int,
                   base_url: str, template_fields: list[str] | None = None,
                   fields: Mapping[str, str] | None = None, test: bool = False) -> SingleSend:
    """Send ``content`` (its placeholders filled from ``fields``) to one phone through
    the journal and the campaign engine, so it has a fixed request_id and a place in
    the phone's history; ``test``: a draft's test send (see :func:`create_quick_send`).
    ``client`` is an open SafirClient. The journal is read and written in worker threads
    (and by the engine's writer), never on the caller's loop. Never raises for a bad phone
    or content (outcome "invalid"); spec 4.3."""
    # The engine's client and pandas, only once a send is made (app/ui/texts.py only words one).
    from app.campaign import CampaignEngine
    from app.jobs.creating import create_quick_send

    try:
        campaign_id = await asyncio.to_thread(
            lambda: create_quick_send(journal, phone_input=phone_input, content=content, bot_id=bot_id,
                                      base_url=base_url, template_fields=template_fields, fields=fields, test=test))
    except CampaignInputError as exc:
        return SingleSend(SingleOutcome.INVALID, error=str(exc), input_error=exc)
    result = await CampaignEngine(journal, client).run(campaign_id)
    row = (await asyncio.to_thread(journal.recipients.listed, campaign_id))[0]
    if row.state == RecipientState.SENT:
        return SingleSend(SingleOutcome.SENT, row.phone, row.message_id, campaign_id=campaign_id)
    if row.state in (RecipientState.UNKNOWN, RecipientState.FAILED):
        outcome = SingleOutcome.UNKNOWN if row.state == RecipientState.UNKNOWN else SingleOutcome.FAILED
        return SingleSend(outcome, row.phone, error=row.error, error_code=row.error_code, campaign_id=campaign_id)
    why = result.reason.stored() if result.reason else row.error
    return SingleSend(SingleOutcome.NOT_SENT, row.phone, error=why, error_code=row.error_code, campaign_id=campaign_id)
