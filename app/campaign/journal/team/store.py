"""The team store: the journal on a PostgreSQL server that several desktops share
(docs/architecture.md, "One store, two engines"; docs/team.md).

:class:`TeamJournal` is a :class:`Journal` whose connections are psycopg's: every query
of the journal runs unchanged (its parameters are numbered as PostgreSQL numbers them,
``$1``), and what differs is overridden here: the connection, the schema and its migrations, faults as sentences,
serialized transactions (an advisory lock), attempt ids from a sequence, and what a
team shares: senders with leases instead of a file lock, one pace per API key, the
suppression list.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Generator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, LiteralString, cast

import psycopg

from app.campaign.journal.connection import Transaction
from app.campaign.journal.errors import JournalError, JournalFault
from app.campaign.journal.store import Journal
from app.campaign.journal.team.repositories import TeamCampaignControl, TeamCampaignCreation, TeamSeriesRuns
from app.campaign.journal.team.database import TeamDatabase
from app.campaign.journal.team.errors import explain, fault_of, shown_address
from app.campaign.journal.team.leases import LEASE_SECONDS, NOW, LeasedSession, live_senders
from app.campaign.journal.team.members import TeamMembers
from app.campaign.journal.team.locks import MIGRATION_LOCK
from app.campaign.journal.team.schema import MIGRATIONS, SCHEMA_VERSION
from app.campaign.journal.team.sending import NOW_TEXT, TeamOutcomes
from app.campaign.journal.team.suppression import TeamSuppression
from app.campaign.journal.team.watch import FrozenServerWatch
from app.reasons import store_problem, team_problem

#: Seconds to wait for the server to accept a connection.
CONNECT_TIMEOUT_SECONDS = 5
#: Seconds after a server was found unreachable during which a new connection is not tried.
RETRY_CONNECT_SECONDS = 3.0
#: Every session's own limits on the server (milliseconds): a statement, a lock wait, and
#: a transaction left idle (a desktop frozen mid-transaction must not hold its locks
#: forever). A lock wait outlasts an idle transaction, so a desktop waiting on a row a
#: frozen one holds gets it when the server ends the frozen one's session, instead of
#: giving up first. A server that stops answering altogether is the watch's to tell.
SESSION_OPTIONS = ("-c statement_timeout=60000 -c lock_timeout=20000"
                   " -c idle_in_transaction_session_timeout=15000")


def is_team_store(location: str | Path) -> bool:
    """True when ``location`` is a PostgreSQL URL rather than a journal file."""
    return str(location).startswith(("postgresql://", "postgres://"))


class TeamJournal(TeamMembers, Journal):
    """The journal on the PostgreSQL server at ``url`` (``postgresql://USER@HOST:PORT/DB``,
    TLS options such as ``?sslmode=verify-full`` as libpq reads them); ``password``
    (never part of ``url`` when it can be helped: libpq also reads PGPASSWORD and
    ~/.pgpass). ``path`` is this desktop's journal path: its state dir keeps the local
    files (logs) beside it; nothing of the store is kept there. ``lease_seconds``: how
    long a sender that stopped answering keeps its recipients before another sender may
    take them over.

    Created and migrated on open; raises JournalError (a sentence, the password never in
    it) when the server cannot be reached, refuses the login, lacks the database or the
    rights, or holds a newer schema.
    """

    def __init__(self, url: str, path: str | Path, *, password: str | None = None,
                 lease_seconds: float = LEASE_SECONDS) -> None:
        self.url = url
        self.lease_seconds = lease_seconds
        self._password = password
        #: Times a thread found the server gone: every connection made before is stale.
        self._server_lost = 0
        self._watch: FrozenServerWatch | None = None
        self._down: tuple[float, str] | None = None  # (until when, why) the server is taken as unreachable
        self._suppression: TeamSuppression | None = None
        super().__init__(path)

    def _before_migrating(self) -> None:
        """The store is the server's: no file to check or make."""

    def _after_migrating(self) -> None:
        """No marker: the team store is not a file of this folder."""

    def _opening_error(self, exc: Exception) -> JournalError | None:
        return explain(exc, self.url, self.path) if isinstance(exc, psycopg.Error) else None

    CONTROL = TeamCampaignControl
    CREATION = TeamCampaignCreation
    OUTCOMES = TeamOutcomes
    #: The server's clock, in SQL: what the frequency cap and followers compare.
    NOW_TEXT = NOW_TEXT

    def store_now(self) -> datetime:
        return self.db.execute("SELECT clock_timestamp()").fetchone()[0].astimezone(timezone.utc)
    SERIES_RUNS = TeamSeriesRuns

    @property
    def location(self) -> str:
        return shown_address(self.url)

    @property
    def password(self) -> str | None:
        """The password this journal was opened with (None: libpq found its own), for a
        sending process's environment."""
        return self._password

    #: Every commit is a round trip to the server: never on an event loop.
    commits_locally = False

    #: Approving is the store's to decide (its function checks the role and the maker).
    decides_in_store = True

    def reopen(self) -> TeamJournal:
        return TeamJournal(self.url, self.path, password=self._password, lease_seconds=self.lease_seconds)

    @property
    def db(self) -> TeamDatabase:
        """This thread's own connection, opened on its first use and again after the
        server went away, as any thread found (so each thread does not find out on a
        statement of its own). Raises psycopg.Error when it cannot connect."""
        key = threading.get_ident()
        db = self._connections.get(key)
        if db is not None and not db.broken and db.generation == self._server_lost:
            return db
        with self._lock:
            if self._closed:
                raise JournalError(f"the team store {self.location} is closed", JournalFault.OTHER, self.path)
            down = self._down
        if down is not None and time.monotonic() < down[0]:
            # Found unreachable a moment ago: say so at once rather than wait out another connect timeout.
            raise psycopg.OperationalError(down[1])
        try:
            connection = psycopg.connect(self.url, password=self._password, autocommit=True,
                                         connect_timeout=CONNECT_TIMEOUT_SECONDS, application_name="safir-campaign",
                                         options=SESSION_OPTIONS, keepalives=1, keepalives_idle=10,
                                         keepalives_interval=5, keepalives_count=3, tcp_user_timeout=15000)
        except psycopg.OperationalError as error:
            if fault_of(error) is JournalFault.UNREACHABLE:
                self.mark_unreachable(str(error))
            raise
        self._down = None
        db = TeamDatabase(connection, self._server_lost)
        with self._lock:
            old = self._connections.pop(key, None)
            self._connections[key] = db
            if self._watch is None:
                self._watch = FrozenServerWatch(self.url, self._password, self._open_connections,
                                                self.mark_unreachable)
        if old is not None:
            with contextlib.suppress(psycopg.Error):
                old.close()
        return db

    def transaction(self) -> Transaction:
        return Transaction(self.db, begin="BEGIN")

    def database_error(self, error: Exception) -> JournalError | None:
        if not isinstance(error, psycopg.Error):
            return None
        explained = explain(error, self.url, self.path)
        if explained.kind is JournalFault.UNREACHABLE:
            self._server_lost += 1  # every thread connects again on its next use
        return explained

    def check_whole(self) -> None:
        """Nothing to check: the team store has no file or log of this desktop's to lose."""

    def creation_error(self, error: Exception) -> JournalError | None:
        return self.database_error(error)

    def serialized(self) -> None:
        # Another desktop's last look at a big campaign may hold it for a while: wait longer than for a row.
        self.db.execute("SET LOCAL lock_timeout = '60s'")
        self.db.execute("SELECT safir_lock_creations()")  # a row of the store's, never a member's to hold (locks.py)

    def serialized_migration(self) -> None:
        self.db.execute("SET LOCAL lock_timeout = '60s'")
        if self.db.execute("SELECT to_regclass('safir_schema')").fetchone()[0] is None:
            self.db.execute("SELECT pg_advisory_xact_lock($1)", (MIGRATION_LOCK,))  # a new store: no table yet
        else:  # a mode only its owner may take: no viewer blocks an upgrade (locks.py)
            self.db.execute("LOCK TABLE safir_schema IN SHARE ROW EXCLUSIVE MODE")

    @contextlib.contextmanager
    def bulk_writing(self) -> Generator[None, None, None]:
        yield

    SCHEMA_VERSION = SCHEMA_VERSION
    MIGRATIONS = MIGRATIONS

    def _migrate(self) -> None:
        # Under the lock: desktops opening a new store at once raced in PostgreSQL's
        # catalog ("duplicate key value violates unique constraint pg_type_typname_nsp_index").
        if self.db.execute("SELECT to_regclass('safir_schema')").fetchone()[0] is None:
            with self.transaction():  # a new store: only then the advisory lock anyone could hold
                self.serialized_migration()
                # pg_class read by this statement's snapshot: to_regclass's catalog cache may
                # predate the commit of the desktop that held the lock before.
                if self.db.execute("SELECT NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'safir_schema'"
                                   " AND relnamespace = 'public'::regnamespace)").fetchone()[0]:
                    self.db.execute("CREATE TABLE safir_schema (version INTEGER NOT NULL)")
        super()._migrate()

    def _apply_migration(self, version: int, script: str) -> None:
        """A migration runs as one script (its functions have bodies), by the store's owner;
        the roles' migration also needs the right to create roles."""
        if version > 1:
            owner = self.db.execute("SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'campaigns'::regclass"
                                    ).fetchone()[0]
            who = self.db.execute("SELECT current_user").fetchone()[0]
            if owner != who:
                raise JournalError(store_problem("store_needs_owner", store=self.location, owner=owner,
                                                 version=version), JournalFault.NO_PERMISSION, self.path)
        if version == 6:
            owner, may_create, superuser = self.db.execute(
                "SELECT rolname, rolcreaterole, rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()
            if superuser:  # the store's functions run as its owner: a superuser's would own the whole server
                raise JournalError(team_problem("owner_superuser", owner=owner), JournalFault.REFUSED, self.path)
            if not may_create:
                raise JournalError(store_problem("store_needs_createrole", store=self.location, owner=owner),
                                   JournalFault.NO_PERMISSION, self.path)
        # psycopg's own execute, no parameters: every statement of the script runs (the app's own text)
        self.db.connection.execute(cast(LiteralString, script))

    def _version(self) -> int:
        row = self.db.execute("SELECT version FROM safir_schema").fetchone()
        return int(row[0]) if row else 0

    FOR_UPDATE = " FOR UPDATE"
    JSON_PHONE_KEYS = ("SELECT ordinality, value ->> 0, (value ->> 1)::bigint FROM jsonb_array_elements({}::jsonb)"
                       " WITH ORDINALITY")

    def _set_version(self, version: int) -> None:
        self.db.execute("DELETE FROM safir_schema")
        self.db.execute("INSERT INTO safir_schema VALUES ($1)", (version,))

    def _newer_schema(self, version: int) -> JournalError:
        return JournalError(store_problem("store_newer_schema", store=self.location, version=version),
                            JournalFault.NEWER_SCHEMA, self.path)

    def __del__(self) -> None:
        # A journal dropped without close() (a short-lived one, say) closes its connections.
        with contextlib.suppress(Exception):
            self.close()

    def mark_unreachable(self, why: str) -> None:
        """The server did not answer (``why``): for :data:`RETRY_CONNECT_SECONDS` every
        new connection fails at once with that, instead of waiting its own timeout."""
        self._down = (time.monotonic() + RETRY_CONNECT_SECONDS, why)
        self._server_lost += 1

    def _open_connections(self) -> list[TeamDatabase]:
        with self._lock:
            return list(self._connections.values())

    def close(self) -> None:
        with self._lock:
            self._closed = True
            connections, self._connections = list(self._connections.values()), {}
            if self._watch is not None:
                self._watch.stop()
                self._watch = None
        for db in connections:
            with contextlib.suppress(psycopg.Error):
                db.close()

    # What a team shares.

    def sending_session(self, campaign_id: int, owner: str, *, forget_stops: bool = True) -> LeasedSession:
        return LeasedSession(self, campaign_id, owner, forget_stops=forget_stops)

    def is_sending(self, campaign_id: int) -> bool:
        try:
            return bool(live_senders(self, campaign_id))
        except psycopg.Error as exc:
            raise explain(exc, self.url, self.path) from None

    def suppression_watch(self) -> TeamSuppression:
        if self._suppression is None:
            self._suppression = TeamSuppression(self)
        return self._suppression

    def trim_pace(self, key: str, now: float) -> None:
        """Forget what the pace of key hash ``key`` no longer needs, by the store's own clock
        (``now`` is not trusted: members delete only through the store's function)."""
        self.db.execute("SELECT safir_trim_pace($1)", (key,))

    def pace_clock(self) -> float:
        return float(self.db.execute(f"SELECT {NOW}").fetchone()[0])

    def senders(self, campaign_id: int) -> list[dict[str, Any]]:
        """The live senders of a campaign: owner ("pid@host"), os_user, machine, started_at."""
        try:
            return live_senders(self, campaign_id)
        except psycopg.Error as exc:
            raise explain(exc, self.url, self.path) from None
