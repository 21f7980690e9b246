"""The journal: every campaign, recipient and outcome in one SQLite database (WAL).

The journal is the truth (docs/architecture.md, "The journal is the truth"): a
recipient's state is written before its request leaves and after its answer returns,
each change committed before the next step, so a crash loses nothing and a resume
re-sends in-flight recipients with their fixed ``request_id``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from app.campaign.journal.audit import AuditTrail
from app.campaign.journal.control import CampaignControl, SeriesRuns
from app.campaign.journal.connection import JournalConnection
from app.campaign.journal.creation import CampaignCreation
from app.campaign.journal.errors import sentences
from app.campaign.journal.pace import KEEP_SECONDS, StoreBook
from app.campaign.journal.reading import Campaigns, Recipients
from app.campaign.journal.repeats import RepeatGuard
from app.campaign.journal.records import (
    Member,
    TeamRole,
    os_account,
)
from app.campaign.journal.shared import SharedSettings
from app.campaign.journal.sending import Outcomes
from app.campaign.journal.sms import SmsChannel
from app.campaign.journal.sessions import SendingSession, lock_is_held, lock_path
from app.campaign.pacer import TICK, Pacer
from app.campaign.suppression import SUPPRESSION_FILE, Suppressed, SuppressionWatch


class Journal(JournalConnection):
    """The SQLite journal at ``path``; created and migrated on open: the store (its
    connections, transactions and clock, :class:`JournalConnection`) and its repositories
    (docs/architecture.md, "The store's repositories") as attributes: :attr:`campaigns` and
    :attr:`recipients` (reading), :attr:`creation` with :attr:`repeat_guard`,
    :attr:`outcomes` (the send path's writes), :attr:`sms` (the SMS channel),
    :attr:`control` (what changes a stored campaign), :attr:`series_runs`,
    :attr:`audit_trail` and :attr:`shared` (settings the store's users share). Here: who
    acts, sending sessions, the suppression list and the pace a store keeps. Every method
    raises JournalError (never sqlite3.Error) with a sentence saying what to do. Use as a
    context manager, or call :meth:`close`.
    """

    #: The repositories' classes on this store (a team store's go through its functions).
    CONTROL: type[CampaignControl] = CampaignControl
    OUTCOMES: type[Outcomes] = Outcomes
    CREATION: type[CampaignCreation] = CampaignCreation
    SERIES_RUNS: type[SeriesRuns] = SeriesRuns

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        self.campaigns = Campaigns(self)
        self.recipients = Recipients(self)
        self.outcomes = self.OUTCOMES(self)
        self.sms = SmsChannel(self, self.outcomes)
        self.creation = self.CREATION(self)
        self.repeat_guard = RepeatGuard(self)
        self.audit_trail = AuditTrail(self)
        self.shared = SharedSettings(self)
        self.control = self.CONTROL(self)
        self.series_runs = self.SERIES_RUNS(self)

    #: Approving is app.campaign.approval's to decide here (one desktop); a team store
    #: decides it itself (its SECURITY DEFINER function).
    decides_in_store = False

    def who(self) -> Member:
        """Who acts: this process's OS account (from its user id, never ``$USER``), who may
        do everything on its own desktop's journal."""
        return Member(os_account(), "owner")

    def require(self, role: TeamRole) -> None:
        """Raise JournalError unless whoever acts may do what ``role`` may: on one desktop's
        journal, always may."""
        del role

    def decide_in_store(self, campaign_id: int, *, approve: bool, reason: str | None) -> None:
        """Only a team store decides approvals itself (:attr:`decides_in_store`)."""
        raise NotImplementedError

    def __enter__(self) -> Journal:
        return self

    def sending_session(self, campaign_id: int, owner: str, *, forget_stops: bool = True) -> SendingSession:
        """``with journal.sending_session(id, owner) as session:`` while this process sends
        the campaign (raises CampaignLocked on entry when another one does). A Pause or
        Cancel asked before it is forgotten, unless ``forget_stops`` is False (a sender
        started by another, who forgot them: Control.forget_stops)."""
        return SendingSession(self, campaign_id, owner, forget_stops=forget_stops)

    def is_sending(self, campaign_id: int) -> bool:
        """True while some process (this one included) sends the campaign."""
        return lock_is_held(lock_path(self, campaign_id))

    @sentences
    def senders(self, campaign_id: int) -> list[dict[str, Any]]:
        """The processes sending the campaign now: owner ("pid@host") each (on the
        embedded store, the one holding its lock, as the journal names it)."""
        if not self.is_sending(campaign_id):
            return []
        row = self.db.execute("SELECT runner FROM campaigns WHERE id = $1", (campaign_id,)).fetchone()
        return [{"owner": row[0]}] if row is not None and row[0] else []

    def suppression_watch(self) -> Suppressed:
        """The suppression list as a sender checks it before each request: the file beside
        the journal (docs/architecture.md, "Send-time rules")."""
        return SuppressionWatch(Path(self.path).with_name(SUPPRESSION_FILE))

    def pacer(self, rate_per_minute: float, key: str, clock: Callable[[], float],
              sleep: Callable[[float], Awaitable[None]], *, who: str, ceiling: float | None = None) -> Pacer:
        """The pacer of a campaign (sent by ``who``, "pid@host") with the API key whose hash
        is ``key``: its pace is the key's, kept in this store, so every process sending
        with the key paces together and a resumed campaign goes on at the limit learned
        before (app/campaign/pacer.py); ``ceiling``: a documented limit to start from."""
        return Pacer(rate_per_minute, clock, sleep, book=StoreBook(self, key, who), ceiling=ceiling)

    def trim_pace(self, key: str, now: float) -> None:
        """Forget the starts and users of the pace of key hash ``key`` older than
        app/campaign/journal/pace.py's KEEP_SECONDS before ``now`` (the pace clock's
        seconds), in the caller's transaction."""
        self.db.execute("DELETE FROM pace_starts WHERE key = $1 AND tick < $2",
                        (key, math.floor((now - KEEP_SECONDS) / TICK)))
        self.db.execute("DELETE FROM pace_users WHERE key = $1 AND seen < $2", (key, now - KEEP_SECONDS))

    def pace_clock(self) -> float:
        """The clock every sender of a key shares, in seconds: this machine's (a team
        store's is its server's)."""
        return time.time()
