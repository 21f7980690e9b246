"""The journal: every campaign, recipient and outcome in one SQLite database (WAL).

The journal is the truth (docs/architecture.md): a recipient's state is written before its request
leaves and after its answer returns, each change committed before the next step, so a
crash loses nothing and a resume re-sends in-flight recipients with their fixed
``request_id``. The schema version lives in ``PRAGMA user_version``.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit
from enum import Enum, StrEnum
from typing import Any, TypeVar

from app.api import is_loopback
from app.reasons import reason_text

SCHEMA_VERSION = 5
#: Page cache per connection, KiB.
CACHE_KIB = 65536
#: The write-ahead log is cut back to this many bytes after each checkpoint.
WAL_SIZE_LIMIT = 64 * 1024 * 1024

_SCHEMA_V1 = """
CREATE TABLE campaigns (
    id              INTEGER PRIMARY KEY,
    created_at      TEXT NOT NULL,
    name            TEXT NOT NULL,
    source_path     TEXT,
    kind            TEXT NOT NULL,
    content         TEXT NOT NULL,
    bot_id          INTEGER NOT NULL,
    rate_per_minute REAL NOT NULL,
    in_flight       INTEGER NOT NULL,
    base_url        TEXT NOT NULL,
    status          TEXT NOT NULL,
    status_reason   TEXT,
    parent_id       INTEGER REFERENCES campaigns(id)
);
CREATE TABLE recipients (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    row           INTEGER NOT NULL,
    phone_input   TEXT NOT NULL,
    phone         TEXT,
    verdict       TEXT NOT NULL,
    reason        TEXT,
    message_data  TEXT,
    request_id    TEXT UNIQUE,
    state         TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    error_code    INTEGER,
    error         TEXT,
    message_id    TEXT,
    updated_at    TEXT,
    PRIMARY KEY (campaign_id, row)
) WITHOUT ROWID;
CREATE INDEX recipients_by_state ON recipients (campaign_id, state);
"""

# v2: request_id unique per campaign only (a retry campaign re-uses its parent's keys),
# an attempts table (one row per request sent), quiet hours and a start time.
_MIGRATION_V2 = """
CREATE TABLE recipients_v2 (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    row           INTEGER NOT NULL,
    phone_input   TEXT NOT NULL,
    phone         TEXT,
    verdict       TEXT NOT NULL,
    reason        TEXT,
    message_data  TEXT,
    request_id    TEXT,
    state         TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    error_code    INTEGER,
    error         TEXT,
    message_id    TEXT,
    updated_at    TEXT,
    PRIMARY KEY (campaign_id, row),
    UNIQUE (campaign_id, request_id)
) WITHOUT ROWID;
INSERT INTO recipients_v2 SELECT campaign_id, row, phone_input, phone, verdict, reason, message_data, request_id,
    state, attempts, error_code, error, message_id, updated_at FROM recipients;
DROP TABLE recipients;
ALTER TABLE recipients_v2 RENAME TO recipients;
CREATE INDEX recipients_by_state ON recipients (campaign_id, state);
CREATE TABLE attempts (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),
    row          INTEGER NOT NULL,
    phone        TEXT NOT NULL,
    kind         TEXT NOT NULL,
    started_at   REAL NOT NULL,
    finished_at  REAL,
    outcome      TEXT,
    error_code   INTEGER,
    error        TEXT
);
CREATE INDEX attempts_by_phone ON attempts (phone, kind, started_at);
ALTER TABLE campaigns ADD COLUMN quiet_start TEXT;
ALTER TABLE campaigns ADD COLUMN quiet_end TEXT;
ALTER TABLE campaigns ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Asia/Tehran';
ALTER TABLE campaigns ADD COLUMN start_at TEXT;
ALTER TABLE campaigns ADD COLUMN updated_at TEXT
"""

# v3: look-ups by phone (recent sends to one number, for support agents).
_MIGRATION_V3 = "CREATE INDEX recipients_by_phone ON recipients (phone)"

# v4: a hash of who gets what, so the same sheet is not sent twice by mistake.
_MIGRATION_V4 = """
ALTER TABLE campaigns ADD COLUMN content_hash TEXT;
CREATE INDEX campaigns_by_content_hash ON campaigns (bot_id, content_hash)
"""

# v5: the repeat guard per recipient: a key of service, bot, phone and message.
_MIGRATION_V5 = """
ALTER TABLE recipients ADD COLUMN repeat_key INTEGER;
CREATE INDEX recipients_by_repeat_key ON recipients (repeat_key) WHERE repeat_key IS NOT NULL
"""

#: Migrations by the version they lead to; append, never edit.
MIGRATIONS: dict[int, str] = {1: _SCHEMA_V1, 2: _MIGRATION_V2, 3: _MIGRATION_V3, 4: _MIGRATION_V4,
                              5: _MIGRATION_V5}

#: A creation commits its rows in chunks that hold the write lock about this long (seconds).
CHUNK_SECONDS = 0.08
#: Rows rendered and written by the first statement while creating a campaign (later
#: chunks are sized by how long that one held the lock).
CHUNK_ROWS = 500
#: Write-ahead log pages between checkpoints while a campaign is created (default 1000).
CREATION_CHECKPOINT_PAGES = 10000
#: A campaign still "creating" after this many seconds without progress was abandoned (killed).
ABANDONED_AFTER_SECONDS = 600.0


#: Per-recipient errors that no retry can fix: invalid input, invalid phone, not a Bale user.
PERMANENT_CODES = frozenset({4, 8, 17})


class RepeatPolicy(Enum):
    """What creation does with rows that repeat a recent campaign's message."""

    REFUSE = "refuse"
    ONLY_NEW = "only_new"
    ALLOW = "allow"


def service_identity(base_url: str) -> str:
    """Which service a base URL reaches, for the repeat guard: its host (and port), or
    "sandbox" for any loopback address (the built-in sandbox gets a new port each run)."""
    parts = urlsplit(base_url)
    return "sandbox" if is_loopback((parts.hostname or "").lower()) else parts.netloc.lower()


def _request_id() -> str:
    """A time-ordered (version 7, RFC 9562) UUID as text: 48 bits of Unix milliseconds, then
    74 random bits. Unique like a version 4 one, but the ids of one campaign arrive in
    order, so the journal's request_id index grows at its end instead of at random
    places (a million-row campaign is created much faster)."""
    global _last_v7
    milliseconds = max(time.time_ns() // 1_000_000, _last_v7)
    _last_v7 = milliseconds
    value = (milliseconds << 80) | int.from_bytes(os.urandom(10), "big")
    value = (value & ~(0xF << 76)) | (0x7 << 76)  # version 7
    value = (value & ~(0x3 << 62)) | (0x2 << 62)  # RFC 9562 variant
    h = f"{value:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


_last_v7 = 0
#: One encoder for every row (json.dumps with options makes a new one per call).
_to_json = json.JSONEncoder(ensure_ascii=False).encode


def _repeat_key(prefix: str, phone: str | None, message_json: str) -> int:
    """Who gets what from where: service, bot, phone and the exact message, as 64 bits of
    its SHA-256 (a signed integer: a small index even for millions of rows)."""
    digest = hashlib.sha256(f"{prefix}{phone}\x1f{message_json}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class JournalError(Exception):
    """The journal cannot be opened or used, told as a sentence that says what to do.

    ``kind`` names the cause for callers that render their own text: ``disk_full``,
    ``read_only``, ``damaged``, ``locked``, ``cannot_open``, ``newer_schema`` or
    ``other``; ``path`` is the journal file.
    """

    def __init__(self, message: str, kind: str = "other", path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


def explain(error: sqlite3.Error, path: Path) -> JournalError:
    """The JournalError for a sqlite3 error on the journal at ``path``: an environment
    fault (disk full, read-only, damaged, locked) in words, anything else with its text."""
    text = str(error).lower()
    folder = path.parent
    if "full" in text:
        return JournalError(f"the disk holding {folder} is full: free some space, then resume the campaign",
                            "disk_full", path)
    if "readonly" in text or "read-only" in text:
        return JournalError(f"the journal {path} cannot be written (read-only file, folder or disk): "
                            "make it writable, then try again", "read_only", path)
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return JournalError(f"the journal {path} is damaged: move it aside (a new one is started) "
                            "or restore it from a backup", "damaged", path)
    if "locked" in text or "busy" in text:
        return JournalError(f"the journal {path} is locked by another program: close it and try again",
                            "locked", path)
    if "unable to open" in text:
        return JournalError(f"the journal {path} cannot be opened: check that {folder} exists and is writable",
                            "cannot_open", path)
    if "disk i/o" in text:
        return JournalError(f"the disk holding {folder} failed to write (disk I/O error): check the disk, "
                            "then resume the campaign", "disk_full" if _disk_nearly_full(folder) else "other", path)
    return JournalError(f"the journal {path} failed: {error}", "other", path)


def _creation_failed(error: sqlite3.Error, path: Path) -> JournalError:
    """:func:`explain` for a campaign being created: nothing of it was stored, so a full
    disk says "send again", never "resume the campaign"."""
    explained = explain(error, path)
    if explained.kind == "disk_full":
        return JournalError(f"the disk holding {path.parent} is full, so the campaign was not created (nothing was "
                            "stored or sent): free some space, then send it again", "disk_full", path)
    return explained


def _disk_nearly_full(folder: Path) -> bool:
    try:
        return os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize < 1024 * 1024
    except (OSError, AttributeError):
        return False


_F = TypeVar("_F", bound=Callable[..., Any])


def _sentences(method: _F) -> _F:
    """Turn every sqlite3 error a journal method meets into a JournalError sentence."""

    @functools.wraps(method)
    def wrapper(self: Journal, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from None

    return wrapper  # type: ignore[return-value]


def _private_file(path: Path) -> None:
    """Create ``path`` readable by its owner only (it holds phones and OTP codes), or
    tighten an existing one; its folder too. Best effort where modes do not apply."""
    try:
        os.chmod(path.parent, stat.S_IRWXU)
    except OSError:
        pass
    try:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        os.chmod(path, 0o600)
    except OSError:
        pass  # read-only media and the like: sqlite3 says what is wrong when it opens


class RecipientState(StrEnum):
    """Recipient states: pending → in_flight → sent | failed | unknown; skipped for rows
    that are never sent. The values are what the journal stores."""

    PENDING = "pending"
    IN_FLIGHT = "in_flight"
    SENT = "sent"
    FAILED = "failed"
    UNKNOWN = "unknown"
    SKIPPED = "skipped"


class CampaignStatus(StrEnum):
    """Campaign statuses (``creating``: rows are still being written; invisible and
    unsendable until the last chunk commits)."""

    CREATING = "creating"
    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class NewRecipient:
    """A row to store at creation: ``message_data`` is the wire JSON for valid rows and
    None for rows that will be skipped (their ``verdict`` says why)."""

    row: int
    phone_input: str
    phone: str | None
    verdict: str
    reason: str | None
    message_data: dict[str, Any] | None
    request_id: str | None = None  # None: a new one; a retry campaign passes its parent's


@dataclass(frozen=True)
class Campaign:
    """One campaign's row of the journal."""

    id: int
    created_at: str
    name: str
    source_path: str | None
    kind: str
    content: dict[str, Any]
    bot_id: int
    rate_per_minute: float
    in_flight: int
    base_url: str
    status: str
    status_reason: str | None
    parent_id: int | None
    quiet_start: str | None = None
    quiet_end: str | None = None
    time_zone: str = "Asia/Tehran"
    start_at: str | None = None
    updated_at: str | None = None
    content_hash: str | None = None


class RepeatFound(Exception):
    """``count`` of a new campaign's ``total`` recipients already got the same message
    from the same bot and service in a recent campaign; ``earlier`` is the newest such."""

    def __init__(self, earlier: Campaign, count: int, total: int) -> None:
        super().__init__(f"{count} of {total} recipients already got this message in campaign {earlier.id}")
        self.earlier, self.count, self.total = earlier, count, total


@dataclass(frozen=True)
class Recipient:
    """One recipient's row of the journal."""

    campaign_id: int
    row: int
    phone_input: str
    phone: str | None
    verdict: str
    reason: str | None
    message_data: dict[str, Any] | None
    request_id: str | None
    state: str
    attempts: int
    error_code: int | None
    error: str | None
    message_id: str | None


#: States that still need a request (``unknown``: the answer was lost; re-sending under
#: the same request_id is safe for v3).
STATES_TO_SEND = (RecipientState.IN_FLIGHT, RecipientState.UNKNOWN, RecipientState.PENDING)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class Journal:
    """The SQLite journal at ``path``; created and migrated on open.

    The file and its folder are made readable by the user only. Every method raises
    JournalError (never sqlite3.Error) with a sentence saying what to do. Use as a
    context manager, or call :meth:`close`.
    """

    #: How long one statement waits for another connection's write lock.
    BUSY_TIMEOUT_SECONDS = 10.0

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        _private_file(self.path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=self.BUSY_TIMEOUT_SECONDS,
                                      check_same_thread=False)
            self.db.row_factory = sqlite3.Row
            self._configure(self.db)
            self._migrate()
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from None

    @staticmethod
    def _configure(db: sqlite3.Connection) -> None:
        """Settings of every connection to the journal (tests wrap this to inject faults)."""
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        # Room for the request_id and repeat-key indexes of a big campaign (random keys).
        db.execute(f"PRAGMA cache_size=-{CACHE_KIB}")

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"the journal {self.path} was written by a newer version of the app (schema {version}): "
                "update the app", "newer_schema", self.path
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            with self.transaction():  # executescript would commit half-way
                for statement in MIGRATIONS[target].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {target}")

    def transaction(self) -> _Transaction:
        """``with journal.transaction():`` groups statements into one atomic commit."""
        return _Transaction(self.db)

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    # -- campaigns -------------------------------------------------------------------

    @_sentences
    def create_campaign(
        self,
        *,
        name: str,
        kind: str,
        content: dict[str, Any],
        bot_id: int,
        rate_per_minute: float,
        in_flight: int,
        base_url: str,
        recipients: Iterable[NewRecipient],
        source_path: str | None = None,
        parent_id: int | None = None,
        quiet_hours: tuple[str, str] | None = None,
        time_zone: str = "Asia/Tehran",
        start_at: str | None = None,
        repeats_since: datetime | None = None,
        repeat_policy: RepeatPolicy = RepeatPolicy.REFUSE,
    ) -> int:
        """Store a campaign and all its rows; return its id.

        Rows with message data start ``pending`` with a ``request_id`` that never
        changes (a new one unless the row brings its own); other rows start ``skipped``.
        ``quiet_hours`` is ``("HH:MM", "HH:MM")`` in ``time_zone``; ``start_at`` is an
        ISO 8601 instant.

        Rows are rendered (``recipients`` is consumed) outside any transaction and written
        in chunks of :data:`CHUNK_ROWS`, so a big campaign never holds the journal's write
        lock for long; the campaign stays ``creating`` (invisible, unsendable) until one
        last transaction checks for repeats and makes it ``ready``: a kill leaves all or
        nothing. The repeat guard (docs/architecture.md, "Send-time rules"): with
        ``repeats_since`` (aware), a row whose phone already got the same message from the
        same bot and service in a campaign made since then (sent, or on its way) is a
        repeat; ``repeat_policy`` refuses the campaign (RepeatFound), skips those rows or
        allows them. The check and the campaign becoming ready are one transaction, so of
        two identical campaigns created at once exactly one passes.
        """
        quiet_start, quiet_end = quiet_hours or (None, None)
        try:
            self._drop_abandoned()
            with self.transaction():
                cursor = self.db.execute(
                    "INSERT INTO campaigns (created_at, name, source_path, kind, content, bot_id, rate_per_minute,"
                    " in_flight, base_url, status, parent_id, quiet_start, quiet_end, time_zone, start_at, updated_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (_now(), name, source_path, kind, json.dumps(content, ensure_ascii=False), bot_id,
                     rate_per_minute, in_flight, base_url, CampaignStatus.CREATING, parent_id, quiet_start, quiet_end,
                     time_zone, start_at, _now()),
                )
                campaign_id = int(cursor.lastrowid or 0)
        except sqlite3.Error as exc:
            raise _creation_failed(exc, self.path) from None
        try:
            self._write_rows(campaign_id, recipients, f"{service_identity(base_url)}\x1f{bot_id}\x1f")
            checked_from = _now()
            if repeats_since is not None and repeat_policy is RepeatPolicy.REFUSE:
                self._refuse_repeats(campaign_id, repeats_since)  # the long look, outside the lock
            with self.transaction():
                if repeats_since is not None and repeat_policy is RepeatPolicy.REFUSE:
                    # Only campaigns that became ready since the long look can be new repeats.
                    newer = [i for (i,) in self.db.execute(
                        "SELECT id FROM campaigns WHERE created_at >= ? AND status != ? AND id != ?",
                        (checked_from, CampaignStatus.CREATING, campaign_id))]
                    if newer:
                        self._refuse_repeats(campaign_id, repeats_since, newer)
                elif repeats_since is not None and repeat_policy is RepeatPolicy.ONLY_NEW:
                    self._skip_repeats(campaign_id, repeats_since)
                self.db.execute("UPDATE campaigns SET status = ?, created_at = ?, updated_at = ? WHERE id = ?",
                                (CampaignStatus.READY, _now(), _now(), campaign_id))
        except RepeatFound:
            self._drop_campaign(campaign_id)
            raise
        except sqlite3.Error as exc:
            self._abandon(campaign_id)
            raise _creation_failed(exc, self.path) from None
        except BaseException:
            self._abandon(campaign_id)
            raise
        return campaign_id

    def _write_rows(self, campaign_id: int, recipients: Iterable[NewRecipient], key_prefix: str) -> None:
        rows = iter(recipients)
        chunk = CHUNK_ROWS
        # Fewer checkpoints while hundreds of chunks commit (each would copy and sync the log).
        self.db.execute(f"PRAGMA wal_autocheckpoint={CREATION_CHECKPOINT_PAGES}")
        try:
            self._write_chunks(campaign_id, rows, key_prefix, chunk)
        finally:
            self.db.execute("PRAGMA wal_autocheckpoint=1000")

    def _write_chunks(self, campaign_id: int, rows: Iterator[NewRecipient], key_prefix: str, chunk: int) -> None:
        while True:
            values = []
            for r in itertools.islice(rows, chunk):  # rendering happens here, with no lock held
                data = _to_json(r.message_data) if r.message_data is not None else None
                values.append((
                    campaign_id, r.row, r.phone_input, r.phone, r.verdict, r.reason, data,
                    (r.request_id or _request_id()) if data is not None else None,
                    RecipientState.PENDING if data is not None else RecipientState.SKIPPED,
                    _repeat_key(key_prefix, r.phone, data) if data is not None else None,
                ))
            if not values:
                return
            started = time.perf_counter()
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, reason, message_data,"
                    " request_id, state, repeat_key) VALUES (?,?,?,?,?,?,?,?,?,?)", values)
                self.db.execute("UPDATE campaigns SET updated_at = ? WHERE id = ?", (_now(), campaign_id))
            # Size the next chunk so its transaction holds the lock about CHUNK_SECONDS.
            took = max(time.perf_counter() - started, 1e-4)
            chunk = max(100, min(50_000, int(len(values) * CHUNK_SECONDS / took)))

    #: An earlier row that got (or will get) its message: sent, maybe sent, or still to send
    #: in a campaign that was not cancelled.
    _ON_ITS_WAY = ("(old.state IN ('sent', 'in_flight', 'unknown')"
                   " OR (old.state = 'pending' AND c.status != 'cancelled'))")
    _REPEATS = (
        "FROM campaigns c JOIN recipients old ON old.campaign_id = c.id"
        " JOIN recipients new ON new.repeat_key = old.repeat_key AND new.campaign_id = :campaign"
        " WHERE c.id != :campaign AND c.status != 'creating' AND c.created_at >= :since"
        " AND old.repeat_key IS NOT NULL AND " + _ON_ITS_WAY
    )

    @_sentences
    def count_repeats(self, recipients: Iterable[NewRecipient], *, base_url: str, bot_id: int,
                      since: datetime) -> tuple[int, int, Campaign | None]:
        """Before creating a campaign: how many of ``recipients`` with a message would be
        repeats (see :meth:`create_campaign`) of campaigns made since ``since``, out of how
        many, and the newest such campaign. Reads only (a temporary table of keys)."""
        prefix = f"{service_identity(base_url)}\x1f{bot_id}\x1f"
        keys = [(_repeat_key(prefix, r.phone, _to_json(r.message_data)),) for r in recipients
                if r.message_data is not None]
        self.db.execute("CREATE TEMP TABLE IF NOT EXISTS probe (repeat_key INTEGER)")
        try:
            self.db.execute("DELETE FROM temp.probe")
            self.db.executemany("INSERT INTO temp.probe VALUES (?)", keys)
            count, earlier = self.db.execute(
                "SELECT COUNT(DISTINCT p.rowid), MAX(c.id) FROM temp.probe p"
                " JOIN recipients old ON old.repeat_key = p.repeat_key JOIN campaigns c ON c.id = old.campaign_id"
                " WHERE c.status != 'creating' AND c.created_at >= ? AND " + self._ON_ITS_WAY,
                (since.astimezone(timezone.utc).isoformat(timespec="milliseconds"),)).fetchone()
        finally:
            self.db.execute("DELETE FROM temp.probe")
        return int(count or 0), len(keys), self.campaign(int(earlier)) if earlier else None

    def _refuse_repeats(self, campaign_id: int, since: datetime, among: list[int] | None = None) -> None:
        """Raise RepeatFound if rows of ``campaign_id`` repeat campaigns made since ``since``
        (only those with an id in ``among``, when given)."""
        params: dict[str, Any] = {"campaign": campaign_id,
                                  "since": since.astimezone(timezone.utc).isoformat(timespec="milliseconds")}
        only = ""
        if among is not None:
            only = f" AND c.id IN ({', '.join(str(int(i)) for i in among)})"
        count, earlier = self.db.execute(f"SELECT COUNT(DISTINCT new.row), MAX(c.id) {self._REPEATS}{only}",
                                         params).fetchone()
        if count:
            total = self.db.execute("SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND state = ?",
                                    (campaign_id, RecipientState.PENDING)).fetchone()[0]
            raise RepeatFound(self.campaign(int(earlier)), int(count), int(total))

    def _skip_repeats(self, campaign_id: int, since: datetime) -> None:
        params = {"campaign": campaign_id, "since": since.astimezone(timezone.utc).isoformat(timespec="milliseconds")}
        found = self.db.execute(f"SELECT DISTINCT new.row, c.id {self._REPEATS} ORDER BY new.row", params).fetchall()
        self.db.executemany(
            "UPDATE recipients SET state = ?, verdict = 'repeat', reason = ? WHERE campaign_id = ? AND row = ?"
            " AND state = ?",
            [(RecipientState.SKIPPED, reason_text("repeat", campaign=earlier), campaign_id, row,
              RecipientState.PENDING) for row, earlier in found])

    def _abandon(self, campaign_id: int) -> None:
        """Leave an interrupted creation for :meth:`_drop_abandoned` (fast: one update)."""
        try:
            with self.transaction():
                self.db.execute("UPDATE campaigns SET updated_at = '1970-01-01' WHERE id = ? AND status = ?",
                                (campaign_id, CampaignStatus.CREATING))
        except sqlite3.Error:
            pass

    def _drop_abandoned(self) -> None:
        """Remove creations that a killed or interrupted process left behind."""
        limit = datetime.fromtimestamp(datetime.now(timezone.utc).timestamp() - ABANDONED_AFTER_SECONDS, timezone.utc)
        for (campaign_id,) in self.db.execute(
                "SELECT id FROM campaigns WHERE status = ? AND (updated_at IS NULL OR updated_at < ?)",
                (CampaignStatus.CREATING, limit.isoformat(timespec="milliseconds"))).fetchall():
            self._drop_campaign(campaign_id)

    def _drop_campaign(self, campaign_id: int) -> None:
        """Delete a campaign that was never sent, in chunks that never hold the lock for long."""
        while True:
            with self.transaction():
                gone = self.db.execute(
                    "DELETE FROM recipients WHERE campaign_id = ? AND row IN"
                    " (SELECT row FROM recipients WHERE campaign_id = ? LIMIT ?)",
                    (campaign_id, campaign_id, CHUNK_ROWS * 4)).rowcount
                if not gone:
                    self.db.execute("DELETE FROM campaigns WHERE id = ?", (campaign_id,))
                    return

    @staticmethod
    def _campaign(row: sqlite3.Row) -> Campaign:
        data = dict(row)
        data["content"] = json.loads(data["content"])
        return Campaign(**data)

    @_sentences
    def campaign(self, campaign_id: int) -> Campaign:
        """The campaign with this id; raises KeyError if there is none."""
        row = self.db.execute("SELECT * FROM campaigns WHERE id = ? AND status != ?",
                              (campaign_id, CampaignStatus.CREATING)).fetchone()
        if row is None:
            raise KeyError(campaign_id)
        return self._campaign(row)

    @_sentences
    def campaigns(self) -> list[Campaign]:
        """Every campaign, newest first."""
        return [self._campaign(r) for r in self.db.execute(
            "SELECT * FROM campaigns WHERE status != ? ORDER BY id DESC", (CampaignStatus.CREATING,))]

    @_sentences
    def retarget(self, campaign_id: int, *, bot_id: int | None = None, template_id: str | None = None) -> int:
        """Fix a stopped campaign's bot or template before resuming it: the campaign and
        every recipient not sent yet (``pending``: certainly not delivered) take the new
        ``bot_id`` / ``template_id``, with new request_ids (the old ones may be remembered
        with their refusal). Rows that may have arrived (in flight, unknown) keep theirs.
        Returns how many rows changed. Raises KeyError for an unknown campaign and
        ValueError for one that is finished, cancelled or not a template campaign when
        ``template_id`` is given."""
        campaign = self.campaign(campaign_id)
        if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
            raise ValueError(f"campaign {campaign_id} is {campaign.status}; only a stopped campaign can be changed")
        if template_id is not None and campaign.kind != "template":
            raise ValueError(f"campaign {campaign_id} sends {campaign.kind} messages, not a template")
        with self.transaction():
            if bot_id is not None:
                self.db.execute("UPDATE campaigns SET bot_id = ? WHERE id = ?", (bot_id, campaign_id))
            if template_id is not None:
                content = {**campaign.content, "template_id": template_id}
                self.db.execute("UPDATE campaigns SET content = ? WHERE id = ?",
                                (json.dumps(content, ensure_ascii=False), campaign_id))
                self.db.execute(
                    "UPDATE recipients SET message_data = json_set(message_data, '$.template_message.template_id', ?)"
                    " WHERE campaign_id = ? AND state = ?", (template_id, campaign_id, RecipientState.PENDING))
            rows = [r for (r,) in self.db.execute("SELECT row FROM recipients WHERE campaign_id = ? AND state = ?",
                                                  (campaign_id, RecipientState.PENDING))]
            self.db.executemany("UPDATE recipients SET request_id = ?, error_code = NULL, error = NULL"
                                " WHERE campaign_id = ? AND row = ?", [(_request_id(), campaign_id, r) for r in rows])
        return len(rows)

    @_sentences
    def delete_campaign(self, campaign_id: int) -> None:
        """Remove a campaign that was never sent (no attempts) with its rows."""
        with self.transaction():
            if self.db.execute("SELECT 1 FROM attempts WHERE campaign_id = ? LIMIT 1", (campaign_id,)).fetchone():
                raise ValueError(f"campaign {campaign_id} has been sent; it stays in the journal")
            self.db.execute("DELETE FROM recipients WHERE campaign_id = ?", (campaign_id,))
            self.db.execute("DELETE FROM campaigns WHERE id = ?", (campaign_id,))

    @_sentences
    def set_status(self, campaign_id: int, status: str, reason: str | None = None) -> None:
        with self.transaction():
            self.db.execute("UPDATE campaigns SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?",
                            (status, reason, _now(), campaign_id))

    # -- recipients ------------------------------------------------------------------

    @_sentences
    def recipients(self, campaign_id: int, state: str | None = None) -> list[Recipient]:
        """Recipients in sheet order, optionally only those in ``state``."""
        sql = "SELECT * FROM recipients WHERE campaign_id = ?"
        args: tuple[Any, ...] = (campaign_id,)
        if state is not None:
            sql += " AND state = ?"
            args += (state,)
        found = []
        for row in self.db.execute(sql + " ORDER BY row", args).fetchall():
            data = dict(row)
            data["message_data"] = json.loads(data["message_data"]) if data["message_data"] else None
            data.pop("updated_at")
            data.pop("repeat_key", None)
            found.append(Recipient(**data))
        return found

    @_sentences
    def recipients_to_send(self, campaign_id: int, states: Iterable[str] = STATES_TO_SEND) -> list[Recipient]:
        """Recipients that still need a request, in the order of ``states`` (by default
        in-flight ones interrupted by a crash, then unknown ones whose answer was lost,
        both re-sent with their fixed request_id, then pending ones), each in sheet order."""
        return [r for state in states for r in self.recipients(campaign_id, state)]

    @_sentences
    def mark_in_flight(self, recipient: Recipient, kind: str, now: float) -> int:
        """Durably record that a request for ``recipient`` is about to leave; return
        the attempt's id. ``now`` is Unix time in seconds."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, attempts = attempts + 1, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                (RecipientState.IN_FLIGHT, _now(), recipient.campaign_id, recipient.row),
            )
            cursor = self.db.execute(
                "INSERT INTO attempts (campaign_id, row, phone, kind, started_at) VALUES (?,?,?,?,?)",
                (recipient.campaign_id, recipient.row, recipient.phone, kind, now),
            )
        return int(cursor.lastrowid or 0)

    @_sentences
    def mark_many_in_flight(self, marks: list[tuple[Recipient, str, float]]) -> list[int]:
        """:meth:`mark_in_flight` for many ``(recipient, kind, now)`` at once, in one
        transaction with one statement per table; returns the attempts' ids in order."""
        with self.transaction():
            first = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM attempts").fetchone()[0]
            stamp = _now()
            self.db.executemany(
                "UPDATE recipients SET state = ?, attempts = attempts + 1, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                [(RecipientState.IN_FLIGHT, stamp, r.campaign_id, r.row) for r, _, _ in marks])
            ids = list(range(first, first + len(marks)))
            self.db.executemany(
                "INSERT INTO attempts (id, campaign_id, row, phone, kind, started_at) VALUES (?,?,?,?,?,?)",
                [(i, r.campaign_id, r.row, r.phone, kind, now) for i, (r, kind, now) in zip(ids, marks)])
        return ids

    @_sentences
    def record_many_outcomes(self, outcomes: list[dict[str, Any]]) -> None:
        """:meth:`record_outcome` for many at once: each a dict of its arguments."""
        stamp = _now()
        with self.transaction():
            self.db.executemany(
                "UPDATE recipients SET state = ?, message_id = ?, error_code = ?, error = ?, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                [(o["state"], o.get("message_id"), o.get("error_code"), o.get("error"), stamp, o["campaign_id"],
                  o["row"]) for o in outcomes])
            self.db.executemany(
                "UPDATE attempts SET finished_at = ?, outcome = ?, error_code = ?, error = ? WHERE id = ?",
                [(o.get("now"), o["state"], o.get("error_code"), o.get("error"), o["attempt_id"])
                 for o in outcomes if o.get("attempt_id") is not None])

    @_sentences
    def record_outcome(
        self,
        campaign_id: int,
        row: int,
        state: str,
        *,
        attempt_id: int | None = None,
        now: float | None = None,
        message_id: str | None = None,
        error_code: int | None = None,
        error: str | None = None,
    ) -> None:
        """Durably record a recipient's outcome (``state`` from RecipientState) and
        close its attempt."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, message_id = ?, error_code = ?, error = ?, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                (state, message_id, error_code, error, _now(), campaign_id, row),
            )
            if attempt_id is not None:
                self.db.execute(
                    "UPDATE attempts SET finished_at = ?, outcome = ?, error_code = ?, error = ? WHERE id = ?",
                    (now, state, error_code, error, attempt_id),
                )

    @_sentences
    def mark_suppressed(self, campaign_id: int, row: int, reason: str) -> None:
        """Record that a recipient will never be sent because its number joined the
        suppression list: state ``skipped``, verdict ``suppressed``, ``reason`` in
        words (docs/architecture.md, "Send-time rules")."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, verdict = 'suppressed', reason = ?, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                (RecipientState.SKIPPED, reason, _now(), campaign_id, row),
            )

    @_sentences
    def recent_attempts(self, phone: str, kind: str, since: float) -> int:
        """Requests of ``kind`` to ``phone`` started at or after ``since`` (Unix
        seconds) that may have been delivered (all but known failures)."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM attempts WHERE phone = ? AND kind = ? AND started_at >= ?"
            " AND (outcome IS NULL OR outcome != ?)",
            (phone, kind, since, RecipientState.FAILED),
        ).fetchone()[0])

    @_sentences
    def sends_to(self, phone: str, limit: int = 20) -> list[dict[str, Any]]:
        """The latest sends to ``phone`` across campaigns, newest first: campaign id and
        name, state, error, message id and when it last changed."""
        rows = self.db.execute(
            "SELECT r.campaign_id, c.name, c.kind, r.state, r.error, r.message_id, r.updated_at"
            " FROM recipients r JOIN campaigns c ON c.id = r.campaign_id"
            " WHERE r.phone = ? AND r.state != ? ORDER BY r.updated_at DESC, r.campaign_id DESC LIMIT ?",
            (phone, RecipientState.SKIPPED, limit),
        )
        return [dict(r) for r in rows]

    @_sentences
    def error_counts(self, campaign_id: int) -> dict[int, int]:
        """Failed and unknown recipients per error code, for reconciliation (a recipient
        sent back to pending, by a refusal that paused the campaign, is nobody's failure)."""
        return {code: n for code, n in self.db.execute(
            "SELECT error_code, COUNT(*) FROM recipients WHERE campaign_id = ? AND error_code IS NOT NULL"
            " AND state IN (?, ?) GROUP BY error_code ORDER BY error_code",
            (campaign_id, RecipientState.FAILED, RecipientState.UNKNOWN))}

    @_sentences
    def counts(self, campaign_id: int) -> dict[str, int]:
        """Recipients per state, every state present; plus ``total``."""
        counts: dict[str, int] = {state.value: 0 for state in RecipientState}
        for state, number in self.db.execute(
            "SELECT state, COUNT(*) FROM recipients WHERE campaign_id = ? GROUP BY state", (campaign_id,)
        ):
            counts[state] = number
        counts["total"] = sum(counts[state] for state in RecipientState)
        return counts

    @_sentences
    def create_retry_campaign(self, parent_id: int, *, include_unknown: bool = False) -> int:
        """A follow-up campaign of the parent's retryable failures (and, by choice, its
        unknown outcomes), linked to it; returns its id.

        Each row keeps its parent's message and ``request_id``, so a message that did
        arrive despite the error is not delivered twice. Permanent per-recipient
        failures (codes 4, 8, 17) are not retried. Raises KeyError for an unknown
        parent and ValueError when there is nothing to retry.
        """
        states = (RecipientState.FAILED, RecipientState.UNKNOWN) if include_unknown else (RecipientState.FAILED,)
        rows = [r for r in self.recipients(parent_id) if r.state in states and r.error_code not in PERMANENT_CODES]
        if not rows:
            raise ValueError(f"campaign {parent_id} has no failures worth retrying")
        return self._follow_up(parent_id, rows, "retry")

    @_sentences
    def create_rest_campaign(self, parent_id: int) -> int:
        """A follow-up campaign of what a cancelled (or paused) parent never finished:
        its pending, in-flight and unknown recipients, each with its parent's message and
        ``request_id`` (one that may have arrived is dropped by the service as a repeat);
        returns its id. Raises KeyError for an unknown parent and ValueError when
        nothing is left."""
        rows = [r for r in self.recipients(parent_id) if r.state in STATES_TO_SEND]
        if not rows:
            raise ValueError(f"campaign {parent_id} has nobody left to send to")
        return self._follow_up(parent_id, rows, "rest")

    def _follow_up(self, parent_id: int, rows: list[Recipient], why: str) -> int:
        parent = self.campaign(parent_id)
        return self.create_campaign(
            name=f"{parent.name} ({why} of {parent_id})", kind=parent.kind, content=parent.content,
            bot_id=parent.bot_id, rate_per_minute=parent.rate_per_minute, in_flight=parent.in_flight,
            base_url=parent.base_url, source_path=parent.source_path, parent_id=parent_id,
            recipients=[NewRecipient(r.row, r.phone_input, r.phone, "valid", None, r.message_data, r.request_id)
                        for r in rows],
            quiet_hours=(parent.quiet_start, parent.quiet_end) if parent.quiet_start and parent.quiet_end else None,
            time_zone=parent.time_zone,
        )

    @_sentences
    def summary(self, campaign_id: int) -> dict[str, Any]:
        """The reconciliation of a campaign: counts per state (sent + failed + unknown
        + skipped + pending + in_flight = total, always) and per error code."""
        return {"counts": self.counts(campaign_id), "errors_by_code": self.error_counts(campaign_id)}

    @_sentences
    def result_rows(self, campaign_id: int) -> list[dict[str, Any]]:
        """One results row per sheet row, in sheet order, with the columns of the
        results file (``row, phone_input, phone, status, error_code, error,
        message_id, request_id``)."""
        rows = []
        for r in self.recipients(campaign_id):
            if r.state == RecipientState.SKIPPED:
                status, error = r.verdict, r.reason
            else:
                status, error = r.state, r.error
            rows.append({
                "row": r.row,
                "phone_input": r.phone_input,
                "phone": r.phone,
                "status": status,
                "error_code": r.error_code,
                "error": error,
                "message_id": r.message_id,
                "request_id": r.request_id,
            })
        return rows


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error); inside an open transaction it
    joins it, so the writer thread can batch many journal calls into one commit."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.outer = False

    def __enter__(self) -> None:
        self.outer = not self.db.in_transaction
        if self.outer:
            self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if not self.outer:
            return
        if exc_type is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:
            self.db.execute("ROLLBACK")
