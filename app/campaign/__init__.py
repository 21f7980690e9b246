"""Campaigns: definition, per-recipient rendering, pacing, the send engine and the journal.

The names below load their module on first use (app/lazy.py), so a command that only reads the
journal (``list``, ``status``) never imports the service's client or the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import attribute_loader

if TYPE_CHECKING:
    from app.campaign.definition import (
        KINDS,
        ButtonProblem,
        ButtonSpec,
        Content,
        ContentError,
        build_recipients,
        button_problems,
        button_warnings,
    )
    from app.campaign.engine import CampaignEngine
    from app.campaign.journal import (
        Campaign,
        CampaignStatus,
        Journal,
        JournalError,
        NewRecipient,
        Recipient,
        RecipientState,
        RepeatFound,
        RepeatPolicy,
        StopRequest,
    )
    from app.campaign.lock import CampaignLocked, campaign_is_sending
    from app.campaign.pacer import Pacer
    from app.campaign.progress import Progress, RunResult
    from app.campaign.render import RenderError, jalali, placeholders
    from app.campaign.schedule import QuietHours

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(["KINDS", "ButtonProblem", "ButtonSpec", "Content", "ContentError", "build_recipients",
                     "button_problems", "button_warnings"], "app.campaign.definition"),
    "CampaignEngine": "app.campaign.engine",
    **dict.fromkeys(["Campaign", "CampaignStatus", "Journal", "JournalError", "NewRecipient", "Recipient",
                     "RecipientState", "RepeatFound", "RepeatPolicy", "StopRequest"], "app.campaign.journal"),
    **dict.fromkeys(["CampaignLocked", "campaign_is_sending"], "app.campaign.lock"),
    "Pacer": "app.campaign.pacer",
    **dict.fromkeys(["Progress", "RunResult"], "app.campaign.progress"),
    **dict.fromkeys(["RenderError", "jalali", "placeholders"], "app.campaign.render"),
    "QuietHours": "app.campaign.schedule",
}


__getattr__ = attribute_loader(__name__, _HOMES)


__all__ = [
    "build_recipients",
    "button_problems",
    "button_warnings",
    "ButtonProblem",
    "ButtonSpec",
    "Campaign",
    "campaign_is_sending",
    "CampaignEngine",
    "CampaignLocked",
    "CampaignStatus",
    "Content",
    "ContentError",
    "jalali",
    "Journal",
    "JournalError",
    "KINDS",
    "NewRecipient",
    "Pacer",
    "placeholders",
    "Progress",
    "QuietHours",
    "Recipient",
    "RecipientState",
    "RenderError",
    "RepeatFound",
    "RepeatPolicy",
    "RunResult",
    "StopRequest",
]
