"""How a campaign's state is told to people (History, ``list``, ``status``, ``watch``):
one place, light enough for the commands that only look (no pandas, no client)."""

from __future__ import annotations

from datetime import datetime, timezone
from enum import StrEnum

from app.campaign.approval import Approval, approval_rule
from app.campaign.journal import Campaign, CampaignStatus, Journal
from app.campaign.lock import campaign_is_sending
from app.campaign.schedule import seconds_until


class ShownStatus(StrEnum):
    """How a campaign's state is told to people (History, ``list``, ``status``): the
    stored status, plus two that only the present can tell, and a campaign's approval
    while it keeps it from being sent."""

    AWAITING_APPROVAL = "awaiting approval"
    REJECTED = "rejected"
    READY = "ready"
    SCHEDULED = "scheduled"  # running, but waiting for its start time
    RUNNING = "running"
    INTERRUPTED = "interrupted"  # stored as running, but no process is sending it
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


def shown_status(journal: Journal, campaign: Campaign, now: datetime | None = None) -> ShownStatus:
    """The one place that decides whether a campaign is told as scheduled, running or
    interrupted: "running" with no process holding its lock (killed, or the disk filled
    before the pause could be written) is interrupted; a ready one a sender already holds
    is running; one still waiting for its start time is scheduled; one not yet approved
    (or rejected) is told so until it ends."""
    unsendable = campaign.status not in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED, CampaignStatus.RUNNING)
    if unsendable and campaign.approval is None and campaign.status != CampaignStatus.CREATING:
        rule = approval_rule(journal)  # made before campaigns needed approval: under the rule now, it awaits
        if rule is not None and rule.required:
            return ShownStatus.AWAITING_APPROVAL
    if unsendable and campaign.approval == Approval.AWAITING:
        return ShownStatus.AWAITING_APPROVAL
    if unsendable and campaign.approval == Approval.REJECTED:
        return ShownStatus.REJECTED
    # A sender holds a ready campaign for a moment before it marks it running (seconds with
    # busy CPUs): it is being sent, not waiting for a resume.
    starting = campaign.status == CampaignStatus.READY and campaign_is_sending(journal, campaign.id)
    if campaign.status != CampaignStatus.RUNNING and not starting:
        return ShownStatus(campaign.status)
    if not starting and not campaign_is_sending(journal, campaign.id):
        return ShownStatus.INTERRUPTED
    if seconds_until(campaign.start_at, now or datetime.now(timezone.utc)) > 0:
        return ShownStatus.SCHEDULED
    return ShownStatus.RUNNING
