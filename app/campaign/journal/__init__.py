"""The journal: every campaign, recipient and outcome in one SQLite database.

Split by responsibility: :mod:`.schema` (tables and migrations), :mod:`.connection` (one
connection per thread), :mod:`.database` (SQLite speaking the journal's SQL, ``$1``
parameters), :mod:`.errors` (faults as sentences), :mod:`.records` (states and rows),
:mod:`.repository` (the base of the store's repositories, each a module of its own:
:mod:`.reading`, :mod:`.repeats` (the repeat guard), :mod:`.creation`, :mod:`.sending`
(the send path's writes), :mod:`.sms`, :mod:`.control`, :mod:`.audit`, :mod:`.shared`)
and :mod:`.store` (the :class:`Journal`: the store and its repositories).
"""

from typing import TYPE_CHECKING

from app.lazy import attribute_loader

if TYPE_CHECKING:
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
        RecipientColumns,
        RecipientState,
        RepeatFound,
        RepeatPolicy,
        StopRequest,
        TeamRole,
        actor,
    )
    from app.campaign.journal.schema import MIGRATIONS, SCHEMA_VERSION, WAL_SIZE_LIMIT
    from app.campaign.journal.store import Journal

#: Where each public name lives: a module importing one part (records, say) does not import
#: the store, which imports the rules that import the records (app/lazy.py).
_HOMES = {
    **dict.fromkeys(["ABANDONED_AFTER_SECONDS", "CHUNK_ROWS", "CHUNK_SECONDS"], "app.campaign.journal.creation"),
    **dict.fromkeys(["JournalError", "JournalFault", "explain", "fault_of"], "app.campaign.journal.errors"),
    **dict.fromkeys(["new_request_id", "service_identity"], "app.campaign.journal.keys"),
    **dict.fromkeys(["PERMANENT_CODES", "STATES_TO_SEND", "Campaign", "CampaignStatus", "Member", "NewRecipient",
                     "Recipient", "RecipientColumns", "RecipientState", "RepeatFound", "RepeatPolicy", "StopRequest",
                     "TeamRole", "actor"], "app.campaign.journal.records"),
    **dict.fromkeys(["MIGRATIONS", "SCHEMA_VERSION", "WAL_SIZE_LIMIT"], "app.campaign.journal.schema"),
    "Journal": "app.campaign.journal.store",
}

__getattr__ = attribute_loader(__name__, _HOMES)


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
    "RecipientColumns",
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
