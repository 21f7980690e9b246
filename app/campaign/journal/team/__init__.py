"""The team store: the journal on a PostgreSQL server that several desktops share
(docs/team.md). :mod:`.store` (the :class:`TeamJournal`), :mod:`.database` (psycopg
speaking the journal's SQL), :mod:`.schema`, :mod:`.errors` (faults as sentences),
:mod:`.leases` (senders, claims, takeover), :mod:`.pace` (one pace per API key),
:mod:`.suppression` (one list for the team)."""

from app.campaign.journal.team.errors import shown_address
from app.campaign.journal.team.leases import LEASE_SECONDS
from app.campaign.journal.team.store import TeamJournal, is_team_store

__all__ = ["LEASE_SECONDS", "TeamJournal", "is_team_store", "shown_address"]
