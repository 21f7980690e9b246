"""Senders and leases on the team store: several processes, on several desktops, may send
one campaign at once, and a campaign whose desktop died is finished by another
(docs/architecture.md, "One store, two engines"; docs/team.md).

A sender claims recipients in batches (``FOR UPDATE SKIP LOCKED``: two senders never
claim the same row), each with a lease (owner, expiry) that its heartbeat renews; a
recipient's outcome ends its lease. A sender that stops answering (killed, powered off,
its cable pulled) loses its leases when they expire, and another sender claims those
recipients: one that was in flight is re-sent under its fixed request_id, so the service
drops the duplicate. Times are the server's clock (seconds since the epoch), so the
desktops' clocks do not matter.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import psycopg
import psycopg.errors

from app.campaign.journal.errors import JournalError, sentences
from app.campaign.journal.leasing import LeaseLost, LeaseTerm
from app.campaign.journal.reading import RECIPIENT_COLUMNS, recipient
from app.campaign.journal.records import FORGET_PAUSE, Recipient, actor, now_text
from app.campaign.journal.sessions import RecipientFeed, SendingSession

if TYPE_CHECKING:
    from app.campaign.journal.team.store import TeamJournal

log = logging.getLogger(__name__)

#: Seconds a sender's claim on a recipient lasts without a heartbeat (the default).
LEASE_SECONDS = 60.0
#: Seconds between a sender's heartbeats (its own row; its leases every quarter lease).
HEARTBEAT_SECONDS = 1.0
#: A sender whose last heartbeat is older than this is no longer sending (seconds).
SENDER_ALIVE_SECONDS = 10.0

#: The server's clock in SQL.
NOW = "extract(epoch from clock_timestamp())"


def live_senders(journal: TeamJournal, campaign_id: int) -> list[dict[str, Any]]:
    """The senders of ``campaign_id`` that sent a heartbeat lately, oldest first."""
    return [dict(row) for row in journal.db.execute(
        "SELECT owner, os_user, machine, started_at FROM senders WHERE campaign_id = $1"
        f" AND heartbeat > {NOW} - $2 ORDER BY started_at", (campaign_id, SENDER_ALIVE_SECONDS))]


class LeaseFeed:
    """Recipients of one campaign in ``states`` that go by the service, claimed by
    ``owner`` in batches (each state in turn, in sheet order within a batch)."""

    def __init__(self, session: LeasedSession, states: Sequence[str], resend: bool) -> None:
        self._session = session
        self._states = list(states)
        # Rows whose answer was lost stay this sender's (team/sending.py): a round that
        # re-sends them claims each of them once more; the main pass does not.
        self._own = " OR (lease_owner = $1 AND state = 'unknown' AND NOT row = ANY($6))" if resend else ""
        self._taken: list[int] = []

    def database_error(self, error: Exception) -> JournalError | None:
        """The store's sentence for ``error`` (:func:`sentences`)."""
        return self._session.journal.database_error(error)

    @sentences
    def next_batch(self, limit: int) -> list[Recipient]:
        """Claim up to ``limit`` recipients nobody holds (or whose lease ran out), each
        under a new lease epoch (its fencing token); a sender whose lease ran out on one of
        them is revoked by the store as it is taken over (migration 15). Raises LeaseLost
        when this sender's own leases ran out or were taken over (the heartbeat renews
        them)."""
        session, journal = self._session, self._session.journal
        found: list[Recipient] = []
        for state in self._states:
            if len(found) >= limit:
                break
            sent_at = session.term.now()
            with journal.transaction():
                rows = journal.db.execute(
                    f"UPDATE recipients r SET lease_owner = $1, lease_until = {NOW} + $2,"
                    " lease_epoch = r.lease_epoch + 1 FROM ("
                    " SELECT campaign_id, row FROM recipients WHERE campaign_id = $3 AND state = $4"
                    " AND channel = 'bale'"
                    f" AND (lease_owner IS NULL OR lease_until < {NOW}{self._own}) ORDER BY row LIMIT $5"
                    " FOR UPDATE SKIP LOCKED) picked WHERE r.campaign_id = picked.campaign_id AND r.row = picked.row"
                    f" RETURNING {', '.join('r.' + c.strip() for c in RECIPIENT_COLUMNS.split(','))}",
                    (session.owner, journal.lease_seconds, session.campaign_id, state, limit - len(found),
                     *([self._taken] if self._own else []))).fetchall()
                session.claimed(sent_at)
            if not session.term.good():
                raise LeaseLost(session.campaign_id)
            found += sorted((recipient(row) for row in rows), key=lambda r: r.row)
        self._taken += [r.row for r in found]
        return found

    @sentences
    def others_hold(self) -> bool:
        """True while recipients in these states are not this sender's to send now: held
        by another sender's lease, or locked by another's open transaction, which a claim
        skips (a sender frozen mid-commit keeps its rows locked until the server ends its
        transaction: idle_in_transaction_session_timeout). What this sender holds is its
        own to settle."""
        journal = self._session.journal
        row = journal.db.execute(
            "SELECT EXISTS (SELECT 1 FROM recipients WHERE campaign_id = $1 AND state = ANY($2) AND channel = 'bale'"
            f" AND NOT (lease_owner IS NOT NULL AND lease_owner = $3 AND COALESCE(lease_until >= {NOW}, false)))",
            (self._session.campaign_id, self._states, self._session.owner)).fetchone()
        return bool(row and row[0])


class LeasedSession(SendingSession):
    """This process sending one campaign of the team store, beside any others: recorded
    in ``senders`` with a heartbeat (a thread of its own, so a busy event loop does not
    lose the leases) that also renews its leases; on exit its leases are given back.

    Fencing (docs/architecture.md, "Leases and fencing"): :attr:`term` says, with no
    round trip, whether the leases are still good; a renewal that finds one of them run
    out, or this sender revoked (another took a recipient of its over), loses them for
    good, and the engine then gives back everything (:meth:`regain`) and claims again.
    """

    def __init__(self, journal: TeamJournal, campaign_id: int, owner: str, *, forget_stops: bool = True) -> None:
        # No file lock: the team store shares a campaign between live senders.
        self.journal: TeamJournal = journal  # type: ignore[assignment]
        self.campaign_id = campaign_id
        self.owner = owner
        self.forget_stops = forget_stops
        self.term = LeaseTerm(journal.lease_seconds)
        self._stopping = threading.Event()
        self._beat: threading.Thread | None = None

    def __enter__(self) -> LeasedSession:
        try:
            self._start()
        except psycopg.errors.InsufficientPrivilege as refused:
            if "safir:not_your_sender:" not in str(refused.diag.message_hint or ""):
                raise
            # Another member's row has this process's name ("pid@host": a pid reused, or
            # taken ahead on purpose): this sender takes a name of its own.
            self.owner = f"{self.owner}~{secrets.token_hex(3)}"
            self._start()
        self._beat = threading.Thread(target=self._heartbeat, name="team-heartbeat", daemon=True)
        self._beat.start()
        return self

    def _start(self) -> None:
        """Record this process as a sender of the campaign, in one transaction."""
        user, machine = actor()
        journal = self.journal
        with journal.transaction():
            self._register()  # first: the store lets only a lease's holder free it
            journal.db.execute("UPDATE recipients SET lease_owner = NULL, lease_until = NULL"
                               " WHERE campaign_id = $1 AND lease_owner = $2", (self.campaign_id, self.owner))
            # A Pause asked of the senders already at work stays asked, and one asked of a
            # sender started by another (who forgot the earlier ones); a first sender starts afresh.
            # The campaign is held before the look: a sender registering (and a Pause asked
            # of it) comes wholly before it or after this transaction.
            journal.control.hold(self.campaign_id)
            forget = self.forget_stops and not self._others()
            journal.db.execute(
                "UPDATE campaigns SET runner = $1" + (", " + FORGET_PAUSE if forget else "")
                + " WHERE id = $2", (self.owner, self.campaign_id))
            journal.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                               " VALUES ($1, $2, 'sending', $3, $4, $5)", (now_text(), self.campaign_id, user, machine,
                                                                      self.owner))

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        if self._beat is not None:
            # Not for long: a beat may be waiting for a server that does not answer; it ends by itself.
            self._beat.join(timeout=HEARTBEAT_SECONDS)
        journal = self.journal
        try:
            with journal.transaction():
                self._give_back()
                journal.db.execute("SELECT safir_end_sender($1, $2)",
                                   (self.campaign_id, self.owner))
                if not self._others():
                    journal.db.execute("UPDATE campaigns SET runner = NULL WHERE id = $1", (self.campaign_id,))
        except psycopg.Error as error:  # the store went away: the leases run out by themselves
            log.warning("campaign %s: could not give back the leases: %s", self.campaign_id,
                        journal.database_error(error))

    def _others(self) -> bool:
        return any(s["owner"] != self.owner for s in live_senders(self.journal, self.campaign_id))

    def _give_back(self) -> None:
        self.journal.db.execute("UPDATE recipients SET lease_owner = NULL, lease_until = NULL"
                                " WHERE campaign_id = $1 AND lease_owner = $2", (self.campaign_id, self.owner))

    def holds(self) -> bool:
        """True while this sender may still act on its leases (no round trip)."""
        return self.term.good()

    def check(self) -> JournalError | None:
        """Never: a team store has no file of this desktop's to lose (its leases are
        :meth:`holds`'s to tell)."""
        return None

    @sentences
    def regain(self) -> None:
        """After LeaseLost, once no request of this sender is out: give back every lease it
        still holds (each is re-claimed under a new epoch, by this sender or another) and
        be a sender in good standing again."""
        with self.journal.transaction():
            # Again, if an admin ended its row meanwhile (it would claim in vain for ever), and
            # first: the store lets only a lease's holder free it.
            self._register()
            self._give_back()
        self.term.reset()

    def _register(self) -> None:
        """Inside a transaction: this process as a sender of the campaign in good standing."""
        user, machine = actor()
        self.journal.db.execute(
            "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
            f" VALUES ($1, $2, $3, $4, $5, {NOW}) ON CONFLICT (campaign_id, owner) DO UPDATE SET heartbeat = {NOW},"
            " revoked = false", (self.campaign_id, self.owner, user, machine, now_text()))

    def database_error(self, error: Exception) -> JournalError | None:
        """The store's sentence for ``error`` (:func:`sentences`)."""
        return self.journal.database_error(error)

    def claimed(self, sent_at: float) -> None:
        """Inside a claim's transaction (``sent_at``: the lease clock before it began): a
        revoked sender has lost its leases; a sender holding nothing before starts its
        term here. Later claims do not move the term on: the leases claimed before them
        run out first, and only the heartbeat renews those."""
        standing = self.journal.db.execute(f"UPDATE senders SET heartbeat = {NOW} WHERE campaign_id = $1 AND owner = $2"
                                           " RETURNING revoked", (self.campaign_id, self.owner)).fetchone()
        if standing is None or standing[0]:
            self.term.lost = True
        elif self.term.fresh():
            self.term.renewed(sent_at, whole=True)

    def renew_held(self, sent_at: float) -> None:
        """Inside a transaction: renew every lease this sender holds and tell :attr:`term`
        whether they all were still live and none was taken over (``sent_at``: the lease
        clock before the transaction began). Rows are locked in sheet order, as the send
        path's writes lock them, so the two never wait on each other in a circle."""
        db = self.journal.db
        # Leases already run out are not renewed: another sender may be taking them now.
        db.execute(f"UPDATE recipients SET lease_until = {NOW} + $1 WHERE campaign_id = $2 AND row IN ("
                   "SELECT row FROM recipients WHERE campaign_id = $3 AND lease_owner = $4"
                   f" AND lease_until >= {NOW} ORDER BY row FOR UPDATE)",
                   (self.journal.lease_seconds, self.campaign_id, self.campaign_id, self.owner))
        expired = db.execute(f"SELECT COUNT(*) FROM recipients WHERE campaign_id = $1 AND lease_owner = $2"
                             f" AND lease_until < {NOW}", (self.campaign_id, self.owner)).fetchone()[0]
        # Last, so a takeover that committed meanwhile is seen: it revokes this sender in its transaction.
        standing = db.execute(f"UPDATE senders SET heartbeat = {NOW} WHERE campaign_id = $1 AND owner = $2"
                              " RETURNING revoked", (self.campaign_id, self.owner)).fetchone()
        self.term.renewed(sent_at, whole=standing is not None and not standing[0] and not expired)

    def _heartbeat(self) -> None:
        journal, leases_every = self.journal, max(1, int(self.journal.lease_seconds / 4 / HEARTBEAT_SECONDS))
        beats = 0
        while not self._stopping.wait(HEARTBEAT_SECONDS):
            beats += 1
            try:
                if beats % leases_every == 0:
                    sent_at = self.term.now()
                    with journal.transaction():
                        # The send path's writes go first: a renewal waiting on their rows gives up this beat.
                        journal.db.execute("SET LOCAL lock_timeout = '500ms'")
                        self.renew_held(sent_at)
                else:
                    standing = journal.db.execute(f"UPDATE senders SET heartbeat = {NOW} WHERE campaign_id = $1"
                                                  " AND owner = $2 RETURNING revoked",
                                                  (self.campaign_id, self.owner)).fetchone()
                    if standing is None or standing[0]:
                        self.term.lost = True
            except psycopg.Error as error:  # the send path meets it too, and pauses
                log.warning("campaign %s: heartbeat failed: %s", self.campaign_id, journal.database_error(error))
        with contextlib.suppress(psycopg.Error):
            journal.db.close()

    def feed(self, states: Sequence[str], *, resend: bool = False) -> RecipientFeed:
        return LeaseFeed(self, states, resend)

    def leaves_to_others(self) -> bool:
        """Whether another live sender goes on and settles the campaign; if so this one
        leaves it (its ``senders`` row goes) in the same transaction, which holds the
        campaign's row: of two senders ending at once, the first to get there leaves and
        the second, seeing nobody, stays to settle it. Asked apart, each saw the other and
        left it to the other: the campaign stayed ``running`` with nobody sending it."""
        journal = self.journal
        try:
            with journal.transaction():
                journal.db.execute("SELECT id FROM campaigns WHERE id = $1 FOR UPDATE", (self.campaign_id,))
                if not self._others():
                    return False  # the last: its row stays until it has settled, so followers see a sender
                journal.db.execute("SELECT safir_end_sender($1, $2)",
                                   (self.campaign_id, self.owner))
                return True
        except psycopg.Error:  # the store is gone: settling meets it too, and says so
            return False
