"""Who sends a campaign, and which recipients it takes (docs/architecture.md, "Processes"
and "One store, two engines").

On the embedded store one process at a time sends a campaign: a file lock beside the
journal (released by the operating system when its holder dies) keeps others out, and
the sender reads the recipients still to send in batches, in sheet order
(:class:`KeysetFeed`). The team store shares a campaign between senders with leases
instead (app.campaign.journal.team.leases), behind the same :class:`SendingSession`
surface.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from filelock import FileLock, Timeout

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

from app.campaign.journal.connection import file_identity
from app.campaign.journal.errors import JournalError, JournalFault, sentences
from app.campaign.journal.reading import RECIPIENT_COLUMNS, recipient
from app.campaign.journal.records import Recipient
from app.reasons import store_problem

log = logging.getLogger(__name__)

#: Seconds a sender starting waits for the campaign's lock: a look at the lock by another
#: process (``list``, a window's follow) holds it for an instant, and must not turn away
#: the sender it looks for; a lock held by a sender is held far longer.
LOCK_WAIT_SECONDS = 1.0

#: Seconds a look at a lock waits out another look where locks cannot be shared (Windows).
LOOK_WAIT_SECONDS = 0.05

#: Seconds a sending session's first checkpoint waits for another program's read of an
#: older state of the journal (a DB browser, a backup) before sending starts anyway.
START_CHECKPOINT_SECONDS = 1.0

if TYPE_CHECKING:
    from app.campaign.journal.store import Journal


class CampaignLocked(RuntimeError):
    """Another process is sending this campaign."""


def runner_identity() -> str:
    """This process as the journal names a campaign's sender: ``"pid@host"``."""
    return f"{os.getpid()}@{socket.gethostname()}"


def lock_path(journal: Journal, campaign_id: int) -> Path:
    """The file lock held by whoever sends campaign ``campaign_id`` from this state dir."""
    return journal.path.parent / "locks" / f"campaign-{campaign_id}.lock"


def lock_is_held(path: Path) -> bool:
    """True while some process (or this one) holds the file lock at ``path`` to send.

    A look takes the lock shared (where the system has shared locks), so looks made at
    once do not see each other as senders; a sender starting waits
    :data:`LOCK_WAIT_SECONDS` for a look to end."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        if fcntl is None:  # Windows: no shared lock; a look held by another look is waited out
            lock = FileLock(str(path), mode=0o600, thread_local=False)
            try:
                lock.acquire(timeout=LOOK_WAIT_SECONDS)
            except Timeout:
                return True
            lock.release()
            return False
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        return False
    finally:
        os.close(descriptor)



class RecipientFeed(Protocol):
    """The recipients a sender may send, batch by batch (see :class:`KeysetFeed`)."""

    def next_batch(self, limit: int) -> list[Recipient]: ...

    def others_hold(self) -> bool: ...


class KeysetFeed:
    """The recipients of ``campaign_id`` in ``states`` that go by the service (an SMS
    fallback's are app/campaign/sms_fallback.py's), in that order, each in sheet order,
    read in batches: only the batch being sent is held in memory."""

    def __init__(self, journal: Journal, campaign_id: int, states: Sequence[str]) -> None:
        self._journal = journal
        self._campaign_id = campaign_id
        self._states = list(states)
        self._after = -1

    def database_error(self, error: Exception) -> JournalError | None:
        """The journal's sentence for ``error`` (:func:`sentences`)."""
        return self._journal.database_error(error)

    @sentences
    def next_batch(self, limit: int) -> list[Recipient]:
        """Up to ``limit`` recipients not given out before; [] when none are left."""
        found: list[Recipient] = []
        while self._states and len(found) < limit:
            rows = self._journal.db.execute(
                f"SELECT {RECIPIENT_COLUMNS} FROM recipients WHERE campaign_id = $1 AND state = $2 AND channel = 'bale'"
                " AND row > $3"
                " ORDER BY row LIMIT $4", (self._campaign_id, self._states[0], self._after, limit - len(found)),
            ).fetchall()
            found += [recipient(row) for row in rows]
            if len(found) < limit:
                self._states.pop(0)
                self._after = -1
            elif rows:
                self._after = int(rows[-1][1])
        return found

    def others_hold(self) -> bool:
        """True while recipients of these states are taken by a sender that is still alive
        (never, on the embedded store: one sender per campaign)."""
        return False


class SendingSession:
    """This process sending one campaign: holds its lock (raises CampaignLocked on entry
    when another process holds it) and records itself as the campaign's sender
    (``owner``, "pid@host"); :meth:`feed` gives the recipients to send.

    The lock is a file, and so is the journal (with its write-ahead log): any of them
    deleted or replaced under a running sender would let a second sender in, or send into
    a file nobody reads again, so :meth:`check` (the engine calls it several times a
    second) compares them with the files opened, and :meth:`holds` answers False from
    then on."""

    def __init__(self, journal: Journal, campaign_id: int, owner: str, *, forget_stops: bool = True) -> None:
        self.journal = journal
        self.campaign_id = campaign_id
        self.owner = owner
        self.forget_stops = forget_stops
        self._path = lock_path(journal, campaign_id)
        self._path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._lock = FileLock(str(self._path), mode=0o600)
        self._lock_identity: tuple[int, int] | None = None
        self._log_identities: dict[Path, tuple[int, int] | None] = {}
        self._gone: JournalError | None = None

    def holds(self) -> bool:
        """True while this sender may send: its lock and journal are still the files it opened."""
        return self._gone is None

    def check(self) -> JournalError | None:
        """The JournalError (``GONE``) once the journal or the campaign's lock file was
        deleted or replaced since this session began; None while both are the same."""
        if self._gone is None:
            try:
                self.journal.check_still_there()
                if file_identity(self._path) != self._lock_identity:
                    raise JournalError(store_problem("lock_gone", path=self._path), JournalFault.GONE,
                                       self.journal.path)
                changed = [log_file for log_file, identity in self._log_identities.items()
                           if identity is not None and file_identity(log_file) != identity]
                if changed or self.journal.log_replaced():  # since this session began, or since the journal opened
                    self._save_log()
                    raise JournalError(store_problem("journal_log_gone", path=(changed or [self.journal.log_path])[0]),
                                       JournalFault.GONE, self.journal.path)
            except JournalError as gone:
                self._gone = gone
        return self._gone

    def regain(self) -> None:
        """Nothing to give back: the embedded store's sender never loses its lock to another."""

    def __enter__(self) -> SendingSession:
        try:
            self._lock.acquire(timeout=LOCK_WAIT_SECONDS, poll_interval=0.01)
        except Timeout:
            raise CampaignLocked(f"campaign {self.campaign_id} is being sent by another process; wait for it to "
                                 "finish or stop it") from None
        self._lock_identity = file_identity(self._path)
        try:
            self.journal.control.set_runner(self.campaign_id, self.owner, forget_stops=self.forget_stops)
            self.journal.audit_trail.add("sending", self.campaign_id, self.owner)
        except BaseException:
            self._lock.release()
            raise
        # Written now, the write-ahead log exists: SQLite removes it only when the last
        # connection closes, and this one stays open, so a log gone is a log deleted, with
        # every write since the last checkpoint, which the next reader never sees. The
        # campaign as made (its request_ids) goes into the journal file first: a log deleted
        # and the sender killed before a look can tell loses outcomes at most, which a
        # resume sends again under the same request_ids, never the campaign.
        self._log_identities = {log_file: file_identity(log_file) for log_file in self._logs()}
        self.journal.set_busy_timeout(START_CHECKPOINT_SECONDS)
        try:
            saved = self._save_log("FULL")
        finally:
            self.journal.set_busy_timeout(self.journal.BUSY_TIMEOUT_SECONDS)
        if not saved:
            log.warning("campaign %s: another program reads the journal %s from an older state, so the campaign "
                        "stays in its write-ahead log until it stops; sending starts anyway", self.campaign_id,
                        self.journal.path)
        return self

    def _save_log(self, mode: str = "TRUNCATE") -> bool:
        """Copy what the log holds into the journal file (a checkpoint in ``mode``): a
        deleted log too, which this process's connections still read (the rest is copied
        when they close). True when all of it was copied; False when a reader of an older
        state held some back (or the journal failed: stopping is told either way)."""
        try:
            busy, logged, copied = self.journal.db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except Exception as error:  # the journal's own errors only
            if self.journal.database_error(error) is None:
                raise
            return False
        return not busy and copied == logged

    def _logs(self) -> list[Path]:
        path = self.journal.path
        return [self.journal.log_path, path.with_name(path.name + "-shm")]

    def __exit__(self, *exc: object) -> None:
        try:
            self.journal.control.set_runner(self.campaign_id, None)
            if self._gone is not None:
                self._save_log()  # the run's last writes too: another program's open journal keeps them from closing
        except JournalError:
            pass  # the journal failed: the run has told it already
        finally:
            self._lock.release()

    def feed(self, states: Sequence[str], *, resend: bool = False) -> RecipientFeed:
        """The recipients in ``states`` that this session may send, batch by batch;
        ``resend`` for a round that re-sends lost answers after the main pass (a sender
        holding them on a team store takes them again; the embedded store's keyset feed
        reads each row once per pass anyway)."""
        return KeysetFeed(self.journal, self.campaign_id, states)

    def leaves_to_others(self) -> bool:
        """At the end of a run: True when another process goes on with the campaign and
        will settle it, this one having left it; False when this one is the last and
        settles it (always, on the embedded store)."""
        return False
