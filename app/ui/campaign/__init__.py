"""The campaign wizard (one widget per step over a :class:`CampaignDraft`) and the run
controller that owns every campaign being sent."""

from app.ui.campaign.draft import CampaignDraft, Problem
from app.ui.campaign.runs import RunController
from app.ui.campaign.wizard import CampaignPage

__all__ = ["CampaignDraft", "CampaignPage", "Problem", "RunController"]
