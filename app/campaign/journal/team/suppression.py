"""The suppression list of a team store: one list for every desktop, read by every sender
before each request leaves (docs/architecture.md, "Send-time rules"; docs/team.md)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

import psycopg

from app.campaign.journal.records import actor, now_text

if TYPE_CHECKING:
    from app.campaign.journal.team.store import TeamJournal

#: A sender asks whether the list changed at most this often (seconds); a number added on
#: any desktop is honoured by every running campaign within this time.
REFRESH_SECONDS = 0.05


class TeamSuppression:
    """The wire-form phones on the team store's suppression list. ``phone in list`` costs
    one small query at most every :data:`REFRESH_SECONDS` (the list's version); the
    phones are read again only when it changed. Raises JournalError when the store
    cannot be read (a sender then pauses: sending on would break an opt-out)."""

    def __init__(self, journal: TeamJournal) -> None:
        self._journal = journal
        self._version: int | None = None
        self._phones: frozenset[str] = frozenset()
        self._checked = -1.0e9

    @property
    def path(self) -> str:
        """The list's place, as sentences name it."""
        return f"{self._journal.location} (suppression)"

    def phones(self) -> frozenset[str]:
        """The current list."""
        now = time.monotonic()
        if now - self._checked < REFRESH_SECONDS:
            return self._phones
        try:
            db = self._journal.db
            (version,) = db.execute("SELECT value FROM store_meta WHERE key = 'suppression_version'").fetchone()
            if version != self._version:
                self._phones = frozenset(str(p) for (p,) in db.execute("SELECT phone FROM suppression"))
                self._version = int(version)
        except psycopg.Error as error:
            raise self._journal.database_error(error) or error from None
        self._checked = now
        return self._phones

    def __contains__(self, phone: object) -> bool:
        return phone in self.phones()

    def suppress(self, phones: Iterable[str]) -> int:
        """Put wire-form ``phones`` on the list; returns how many were not on it yet."""
        user, machine = actor()
        rows = [(p, now_text(), f"{user}@{machine}") for p in set(phones)]
        try:
            with self._journal.transaction():
                before = self._count()
                self._journal.db.executemany(
                    "INSERT INTO suppression (phone, added_at, added_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    rows)
                added = self._count() - before
        except psycopg.Error as error:
            raise self._journal.database_error(error) or error from None
        self._checked = -1.0e9
        return added

    def unsuppress(self, phones: Iterable[str]) -> int:
        """Take wire-form ``phones`` off the list; returns how many were on it."""
        try:
            with self._journal.transaction():
                before = self._count()
                self._journal.db.execute("SELECT safir_unsuppress($1)", (sorted(set(phones)),))
                gone = before - self._count()
        except psycopg.Error as error:
            raise self._journal.database_error(error) or error from None
        self._checked = -1.0e9
        return gone

    def _count(self) -> int:
        return int(self._journal.db.execute("SELECT COUNT(*) FROM suppression").fetchone()[0])

