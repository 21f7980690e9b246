"""The journal: every campaign, recipient and outcome in one SQLite database.

Split by responsibility: :mod:`.schema` (tables and migrations), :mod:`.connection` (one
connection per thread), :mod:`.errors` (faults as sentences), :mod:`.records` (states and
rows), :mod:`.reading`, :mod:`.repeats` (the repeat guard), :mod:`.creation`,
:mod:`.sending` (the send path's writes) and :mod:`.store` (the :class:`Journal` itself).
"""

from app.campaign.journal.creation import ABANDONED_AFTER_SECONDS, CHUNK_ROWS, CHUNK_SECONDS
from app.campaign.journal.errors import JournalError, JournalFault, explain, fault_of
from app.campaign.journal.keys import new_request_id, service_identity
from app.campaign.journal.records import (
    PERMANENT_CODES,
    STATES_TO_SEND,
    Campaign,
    CampaignStatus,
    Member,
    NewRecipient,
    Recipient,
    RecipientState,
    RepeatFound,
    RepeatPolicy,
    StopRequest,
    TeamRole,
    actor,
)
from app.campaign.journal.schema import MIGRATIONS, SCHEMA_VERSION, WAL_SIZE_LIMIT
from app.campaign.journal.store import Journal

__all__ = [
    "ABANDONED_AFTER_SECONDS",
    "CHUNK_ROWS",
    "CHUNK_SECONDS",
    "Campaign",
    "CampaignStatus",
    "explain",
    "fault_of",
    "Journal",
    "JournalError",
    "JournalFault",
    "Member",
    "MIGRATIONS",
    "new_request_id",
    "NewRecipient",
    "PERMANENT_CODES",
    "Recipient",
    "RecipientState",
    "RepeatFound",
    "RepeatPolicy",
    "SCHEMA_VERSION",
    "service_identity",
    "STATES_TO_SEND",
    "StopRequest",
    "TeamRole",
    "actor",
    "WAL_SIZE_LIMIT",
]
