"""The journal's connections: one per thread, each owned by the thread that opened it.

A thread (the event loop's, a worker's, the writer's) always gets its own connection, so
a transaction holds exactly one thread's statements: a worker's write can never join,
and be rolled back with, another thread's transaction. WAL lets them read at once; their
writes take turns on SQLite's lock (``BUSY_TIMEOUT_SECONDS`` each).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from datetime import datetime, timezone
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from urllib.parse import quote
from typing import Any, Protocol, Self, cast

from app.campaign.journal.database import SqliteDatabase
from app.campaign.journal.errors import JournalError, JournalFault, explain, fault_of
from app.campaign.journal.schema import (
    CACHE_KIB,
    CREATION_CHECKPOINT_PAGES,
    MIGRATIONS,
    SCHEMA_VERSION,
    WAL_SIZE_LIMIT,
)
from app.reasons import store_problem


class Cursor(Protocol):
    """What the journal's code uses of a DB-API cursor (sqlite3's and the team store's)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchmany(self, size: int = 1) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Database(Protocol):
    """What the journal's code uses of a connection: SQL whose parameters are numbered
    ``$1``, ``$2``… (PostgreSQL's own placeholders, which SQLite reads as named ones:
    app/campaign/journal/database.py), given as a sequence; rows that index by position
    and by column name (``dict(row)`` works)."""

    @property
    def in_transaction(self) -> bool: ...

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor: ...


class JournalConnection:
    """Connections to the SQLite journal at ``path``, created and migrated on open.

    The queries of the journal's other modules are written once for both stores; what
    differs between SQLite and the team store (PostgreSQL, app.campaign.journal.team)
    is here, as small hooks the team store overrides: :meth:`database_error`,
    :meth:`serialized`, :meth:`bulk_writing`, :meth:`store_now`, :data:`NOW_TEXT`,
    :data:`FOR_UPDATE`, :data:`JSON_PHONE_KEYS`.

    The file and its folder are made readable by the user only. Raises JournalError when
    the journal cannot be opened or is newer than this app. Use as a context manager, or
    call :meth:`close` (closes every thread's connection; call it when no other thread
    is using the journal).
    """

    #: How long one statement waits for another connection's write lock (seconds).
    BUSY_TIMEOUT_SECONDS = 10.0

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._connections: dict[int, Any] = {}  # a store's own connection per thread
        self._lock = threading.Lock()
        self._closed = False
        self._log_identity: tuple[int, int] | None = None
        self._before_migrating()
        try:
            self._migrate()
        except JournalError:
            self.close()
            raise
        except Exception as exc:  # noqa: BLE001 - the store's own error as its sentence; any other as it is
            self.close()
            raise self._opening_error(exc) or exc from None
        self._after_migrating()

    def _before_migrating(self) -> None:
        """Before the schema is read: a journal deleted by hand is never replaced by an
        empty one in silence; the file is the user's only; its identity is kept."""
        if _held_marker(self.path).exists() and not self.path.exists():
            raise JournalError(store_problem("journal_lost", path=self.path), JournalFault.GONE, self.path)
        _private_file(self.path)
        self._identity = file_identity(self.path)

    def _after_migrating(self) -> None:
        """Once open: the marker that says this folder holds a journal."""
        held = _held_marker(self.path)
        if not held.exists():
            _private_file(held)
        # SQLite deletes the write-ahead log only as the last connection closes, and this
        # object's first stays open: from now on, another log file at its path is a
        # stranger's doing (see db).
        self._log_identity = file_identity(self.log_path)

    @property
    def log_path(self) -> Path:
        """The journal's write-ahead log (its ``-wal`` file)."""
        return self.path.with_name(self.path.name + "-wal")

    def _opening_error(self, exc: Exception) -> JournalError | None:
        """The JournalError (a sentence) for the store's own error ``exc`` while opening;
        None for an error that is not the store's."""
        return explain(exc, self.path) if isinstance(exc, sqlite3.Error) else None

    #: The store's clock as the journal stores instants (ISO 8601, UTC, milliseconds), in
    #: SQL: what the frequency cap and followers compare, never a desktop's own clock.
    NOW_TEXT = "strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')"
    #: How a read that is about to be updated locks its row (SQLite's write transaction
    #: already holds the database).
    FOR_UPDATE = ""
    #: A JSON array of ``[phone, key]`` pairs (the parameter at ``{}``) as rows ``(n, phone,
    #: key)``: a probe's keys in one statement, not a statement a key.
    JSON_PHONE_KEYS = "SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each({})"

    def check_still_there(self) -> None:
        """Raise JournalError (``GONE``) when the journal file is no longer the one this
        object opened (deleted, moved away or replaced): writes would go into a file
        nobody will ever read again. Two ``stat`` calls; the team store has no file."""
        if self._identity is not None and file_identity(self.path) != self._identity:
            raise JournalError(store_problem("journal_gone", path=self.path), JournalFault.GONE, self.path)

    def check_whole(self) -> None:
        """:meth:`check_still_there`, and raise JournalError (``GONE``) too when the log was
        deleted or replaced under this object's connections (:meth:`log_replaced`): what
        they read would be stale and what they write go into a file nobody reads. What the
        deleted log holds is first copied into the journal file (a checkpoint), so nothing
        this process wrote is lost. A few ``stat`` calls; the team store has no file."""
        self.check_still_there()
        if self.log_replaced():
            with self._lock:  # one of the connections that hold the deleted log (a new one would start another)
                holding = next(iter(self._connections.values()), None)
            if holding is not None:
                with contextlib.suppress(sqlite3.Error):
                    holding.execute("PRAGMA wal_checkpoint(FULL)")
            raise JournalError(store_problem("journal_log_gone_window", path=self.log_path), JournalFault.GONE,
                               self.path)

    @property
    def location(self) -> str:
        """Where the journal lives, as told to people (a file, or a server without its password)."""
        return str(self.path)

    def reopen(self) -> Self:
        """A new journal object on the same store (its own connections), for another
        thread that owns it (the writer). Raises JournalError (``GONE``) when the log was
        deleted under this one's connections (see :meth:`_refuse_a_new_log`)."""
        with self._lock:
            self._refuse_a_new_log()
        return type(self)(self.path)

    #: A commit is a write to a local file, cheap enough to run on an event loop
    #: (app/campaign/writer.py); a team store's is a round trip to its server.
    commits_locally = True

    def set_busy_timeout(self, seconds: float) -> None:
        """How long this thread's connection waits for another program's write lock
        before a statement fails as locked (JournalFault.LOCKED)."""
        cast(SqliteDatabase, self.db).set_busy_timeout(seconds)

    def database_error(self, error: Exception) -> JournalError | None:
        """The JournalError sentence for a database ``error`` of this store; None for
        anything that is not one (it is raised as it is)."""
        return explain(error, self.path) if isinstance(error, sqlite3.Error) else None

    def creation_error(self, error: Exception) -> JournalError | None:
        """:meth:`database_error` for a campaign being created (a full disk: "send again")."""
        from app.campaign.journal.errors import creation_failed

        return creation_failed(error, self.path) if isinstance(error, sqlite3.Error) else None

    def serialized(self) -> None:
        """Inside a transaction: make it wait for every other writer's (SQLite's BEGIN
        IMMEDIATE already does; a team store takes a lock)."""

    def serialized_migration(self) -> None:
        """:meth:`serialized`, for a migration (whose tables may not exist yet)."""
        self.serialized()

    def store_now(self) -> datetime:
        """Now by the store's clock (aware, UTC): this machine's for the embedded journal,
        the server's for a team store, so desktops whose clocks disagree decide alike."""
        return datetime.now(timezone.utc)

    @contextlib.contextmanager
    def bulk_writing(self) -> Generator[None, None, None]:
        """Around the many chunks of a big creation: fewer checkpoints of the write-ahead
        log (each copies and syncs it)."""
        self.db.execute(f"PRAGMA wal_autocheckpoint={CREATION_CHECKPOINT_PAGES}")
        try:
            yield
        finally:
            self.db.execute("PRAGMA wal_autocheckpoint=1000")

    @property
    def db(self) -> Database:
        """This thread's own connection, opened on its first use. Raises sqlite3.Error
        when it cannot be opened and JournalError once the journal is closed."""
        key = threading.get_ident()
        db = self._connections.get(key)
        if db is None:
            with self._lock:
                if self._closed:
                    raise JournalError(f"the journal {self.path} is closed", JournalFault.OTHER, self.path)
                self._refuse_a_new_log()
                # The opening thread is the only user; closing from the owner of the
                # Journal object at the end is the one crossing (see close()).
                # mode=rw: never create the file here (opening made it, _private_file): a
                # thread's first connection after the journal was deleted must fail, not
                # leave an empty journal where the user's was.
                connection = sqlite3.connect(_read_write_uri(Path(self.path)), uri=True, isolation_level=None,
                                             timeout=self.BUSY_TIMEOUT_SECONDS, check_same_thread=False)
                try:
                    connection.row_factory = sqlite3.Row
                    self._configure_patiently(connection)
                except BaseException:
                    connection.close()
                    raise
                db = self._connections[key] = SqliteDatabase(connection, self.BUSY_TIMEOUT_SECONDS)
        return db

    def log_replaced(self) -> bool:
        """Whether the log at :attr:`log_path` is no longer the one this object's
        connections opened (deleted or replaced under them; one ``stat``)."""
        return self._log_identity is not None and file_identity(self.log_path) != self._log_identity

    def _refuse_a_new_log(self) -> None:
        """Raise JournalError (``GONE``) when the log was deleted or replaced under this
        object's open connections: a new connection would start a new, empty log beside
        the deleted one the others still write into, and whichever closes last copies its
        own into the journal file, losing the other's writes or damaging the file."""
        if self._connections and self.log_replaced():
            raise JournalError(store_problem("journal_log_gone", path=self.log_path), JournalFault.GONE, self.path)

    def _configure_patiently(self, db: sqlite3.Connection) -> None:
        """:meth:`_configure`, tried again while another connection holds the lock a new
        journal's switch to WAL needs (the busy timeout does not cover that switch)."""
        deadline = time.monotonic() + self.BUSY_TIMEOUT_SECONDS
        while True:
            try:
                type(self)._configure(db)  # noqa: SLF001 - this class's own, looked up so tests may wrap it
                return
            except sqlite3.OperationalError as exc:
                if fault_of(exc) is not JournalFault.LOCKED or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    @staticmethod
    def _configure(db: sqlite3.Connection) -> None:
        """Settings of every connection to the journal (tests wrap this to inject faults)."""
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        # Room for the phone and request_id indexes of a big campaign.
        db.execute(f"PRAGMA cache_size=-{CACHE_KIB}")

    def __enter__(self) -> JournalConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    #: The schema this app writes, and the migrations that lead to each version (by it).
    SCHEMA_VERSION = SCHEMA_VERSION
    MIGRATIONS = MIGRATIONS

    def _migrate(self) -> None:
        """Bring the schema to :attr:`SCHEMA_VERSION`. The version is read again inside a
        serialized write transaction, so two processes opening a new journal at once
        migrate it once; a newer schema is refused (JournalError)."""
        self._refuse_newer(self._version())
        if self._version() == self.SCHEMA_VERSION:
            return
        with self.transaction():  # executescript would commit half-way
            self.serialized_migration()
            version = self._version()
            self._refuse_newer(version)
            for target in range(version + 1, self.SCHEMA_VERSION + 1):
                self._apply_migration(target, self.MIGRATIONS[target])
                self._set_version(target)

    def _apply_migration(self, version: int, script: str) -> None:
        """Run one migration's statements, one by one, inside the migrating transaction
        (executescript would commit half-way)."""
        del version
        for statement in sql_statements(script):
            self.db.execute(statement)

    def _version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _set_version(self, version: int) -> None:
        self.db.execute(f"PRAGMA user_version = {int(version)}")

    def _refuse_newer(self, version: int) -> None:
        if version > self.SCHEMA_VERSION:
            raise self._newer_schema(version)

    def _newer_schema(self, version: int) -> JournalError:
        return JournalError(
            f"the journal {self.path} was written by a newer version of the app (schema {version}): "
            "update the app", JournalFault.NEWER_SCHEMA, self.path
        )

    def transaction(self) -> Transaction:
        """``with journal.transaction():`` groups this thread's statements into one
        atomic commit."""
        return Transaction(self.db, begin=cast(SqliteDatabase, self.db).begin_immediate)

    def close(self) -> None:
        """Close every thread's connection; later use raises JournalError."""
        with self._lock:
            self._closed = True
            connections, self._connections = list(self._connections.values()), {}
        for db in connections:
            try:
                db.close()
            except sqlite3.Error:
                pass


class Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error); inside an open transaction of the
    same connection (so the same thread) it joins it, so the writer thread can batch many
    journal calls into one commit. ``begin`` is the statement that opens it."""

    def __init__(self, db: Database, begin: str | Callable[[], object] = "BEGIN IMMEDIATE") -> None:
        self.db = db
        self.begin = begin
        self.outer = False

    def __enter__(self) -> None:
        self.outer = not self.db.in_transaction
        if self.outer:
            if callable(self.begin):
                self.begin()
            else:
                self.db.execute(self.begin)

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if not self.outer:
            return
        if exc_type is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:
            self.db.execute("ROLLBACK")


def file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``; None when there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _held_marker(path: Path) -> Path:
    """The file that says this folder holds the journal ``path`` (made with it, kept when
    the journal alone is deleted), so a journal gone is told, not replaced by an empty one."""
    return path.with_name(path.name + ".held")


def _read_write_uri(path: Path) -> str:
    """SQLite's URI of the existing file ``path``, opened read-write, never created. It
    has no authority: a Windows share keeps its two leading slashes in the path."""
    posix = path.resolve().as_posix()
    return "file://" + quote(posix if posix.startswith("/") else "/" + posix, safe="/:") + "?mode=rw"


def _private_file(path: Path) -> None:
    """Create ``path`` readable by its owner only (it holds phones and OTP codes), or
    tighten an existing one; its folder too. Best effort where modes do not apply.

    An existing journal is never opened here: SQLite's locks belong to the process and
    are all dropped when any descriptor of the file closes, so an open-and-close beside a
    live connection would let another process take itself for the last one and remove
    the write-ahead log under this one (its writes would be lost)."""
    try:
        os.chmod(path.parent, stat.S_IRWXU)
    except OSError:
        pass
    if not path.exists():
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except OSError:
            pass  # made meanwhile, or read-only media: sqlite3 says what is wrong when it opens
    try:
        os.chmod(path, 0o600)
    except OSError:
        pass


def sql_statements(script: str) -> list[str]:
    """The statements of an SQLite ``script``, each whole: split where SQLite's own
    :func:`sqlite3.complete_statement` says one ends, so a semicolon inside a string
    literal, a comment or a trigger's body never splits one."""
    statements: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\r\n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \t\r\n;"):
        statements.append(pending.rstrip(";").strip())
    return statements


def placeholders(first: int, count: int) -> str:
    """``"$first, …, $last"``: ``count`` numbered placeholders from ``$first`` on (an
    ``IN`` list). The journal's SQL numbers its parameters as PostgreSQL does (``$1``),
    which SQLite reads as named ones (docs/architecture.md, "One store, two engines")."""
    return ", ".join(f"${n}" for n in range(first, first + count))
