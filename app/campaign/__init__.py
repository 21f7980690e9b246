"""Campaigns: definition, per-recipient rendering, pacing, the send engine and the journal."""

from app.campaign.definition import text_recipients
from app.campaign.engine import CampaignEngine, Pacer, Progress, RunResult
from app.campaign.journal import Campaign, CampaignStatus, Journal, JournalError, NewRecipient, Recipient, RecipientState
from app.campaign.render import missing_columns, placeholders, render
