"""Campaigns: definition, per-recipient rendering, pacing, the send engine and the journal."""

from app.campaign.definition import (
    KINDS,
    ButtonProblem,
    ButtonSpec,
    Content,
    ContentError,
    build_recipients,
    button_problems,
)
from app.campaign.engine import CampaignEngine
from app.campaign.lock import CampaignLocked, campaign_is_sending
from app.campaign.pacer import Pacer
from app.campaign.progress import Progress, RunResult
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
from app.campaign.render import RenderError, jalali, placeholders, render
from app.campaign.schedule import QuietHours

__all__ = [
    "ButtonProblem",
    "button_problems",
    "build_recipients",
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
    "render",
    "RenderError",
    "RepeatFound",
    "RepeatPolicy",
    "RunResult",
    "StopRequest",
]
