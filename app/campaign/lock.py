"""The campaign lock: who sends a campaign, asked of its store (docs/architecture.md,
"Processes"). The embedded store keeps one sender per campaign with a file lock beside the
journal; the team store shares a campaign between live senders (app.campaign.journal.team)."""

from __future__ import annotations

from app.campaign.journal import Journal
from app.campaign.journal.sessions import CampaignLocked, lock_path, runner_identity

__all__ = ["CampaignLocked", "campaign_is_sending", "lock_path", "runner_identity"]


def campaign_is_sending(journal: Journal, campaign_id: int) -> bool:
    """True while some sender, in this process or another (on another desktop, for a
    team store), sends the campaign."""
    return journal.is_sending(campaign_id)
