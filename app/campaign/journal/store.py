"""The journal: every campaign, recipient and outcome in one SQLite database (WAL).

The journal is the truth (docs/architecture.md, "The journal is the truth"): a
recipient's state is written before its request leaves and after its answer returns,
each change committed before the next step, so a crash loses nothing and a resume
re-sends in-flight recipients with their fixed ``request_id``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from app.campaign.approval import Approval
from app.campaign.caps import CAP_SETTING, FrequencyCap
from app.campaign.journal.creation import JournalCreation
from app.campaign.journal.errors import sentences
from app.campaign.journal.keys import new_request_id
from app.campaign.journal.pace import StoreBook
from app.campaign.journal.records import (
    Campaign,
    CampaignStatus,
    Member,
    RecipientState,
    StopRequest,
    TeamRole,
    actor,
    now_text,
    os_account,
)
from app.campaign.journal.sms import JournalSms
from app.campaign.journal.sessions import SendingSession, lock_is_held, lock_path
from app.campaign.pacer import Pacer
from app.campaign.progress import PaceShown
from app.campaign.suppression import SUPPRESSION_FILE, Suppressed, SuppressionWatch
from app.reasons import Reason


class Journal(JournalCreation, JournalSms):
    """The SQLite journal at ``path``; created and migrated on open.

    Reading, creation with its repeat guard, and the send path's writes live in the
    classes it joins; here, what changes a stored campaign. Every method raises
    JournalError (never sqlite3.Error) with a sentence saying what to do. Use as a
    context manager, or call :meth:`close`.
    """

    #: How a read that is about to be updated locks its row (SQLite's write transaction
    #: already holds the database).
    FOR_UPDATE = ""
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

    def sending_session(self, campaign_id: int, owner: str) -> SendingSession:
        """``with journal.sending_session(id, owner) as session:`` while this process sends
        the campaign (raises CampaignLocked on entry when another one does)."""
        return SendingSession(self, campaign_id, owner)

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

    def pace_clock(self) -> float:
        """The clock every sender of a key shares, in seconds: this machine's (a team
        store's is its server's)."""
        return time.time()

    @sentences
    def shared_setting(self, key: str) -> Any:
        """A setting everyone using this journal shares (JSON: the frequency cap, approval;
        on a team store also the template library, prices, the balance history), or None
        when nobody has set it yet."""
        row = self.db.execute("SELECT value FROM shared_settings WHERE key = $1", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    @sentences
    def share_setting(self, key: str, value: Any) -> None:
        """Set a shared setting (``value`` is JSON-able; None is stored as JSON null)."""
        user, machine = actor()
        with self.transaction():
            self.db.execute(
                "INSERT INTO shared_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,"
                " updated_by = excluded.updated_by", (key, json.dumps(value, ensure_ascii=False), now_text(),
                                                      f"{user}@{machine}"))

    @sentences
    def append_shared(self, key: str, item: Any, keep: int) -> None:
        """Add ``item`` to the shared list ``key``, keeping its last ``keep`` items (two
        writers appending at once both land: the row is locked while it changes)."""
        with self.transaction():
            row = self.db.execute("SELECT value FROM shared_settings WHERE key = $1" + self.FOR_UPDATE,
                                  (key,)).fetchone()
            items: list[Any] = [] if row is None else list(json.loads(row[0]))
            user, machine = actor()
            self.db.execute(
                "INSERT INTO shared_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,"
                " updated_by = excluded.updated_by",
                (key, json.dumps([*items, item][-keep:], ensure_ascii=False), now_text(), f"{user}@{machine}"))

    @sentences
    def set_approval(self, campaign_id: int, approval: str | None, by: str | None, note: str | None) -> None:
        """Store a campaign's approval (app.campaign.approval.Approval), who decided it and
        a rejection's reason."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET approval = $1, approved_by = $2, approval_note = $3, updated_at = $4"
                            " WHERE id = $5", (approval, by, note, now_text(), campaign_id))

    def frequency_cap(self) -> FrequencyCap | None:
        """The frequency cap everyone using this journal shares, or None (no cap)."""
        return FrequencyCap.from_json(self.shared_setting(CAP_SETTING))

    def set_frequency_cap(self, cap: FrequencyCap | None) -> None:
        """Set the frequency cap (None: none). Raises ValueError for a cap that cannot be
        set (its sentence) and JournalError."""
        problem = cap.problem() if cap is not None else None
        if problem:
            raise ValueError(problem)
        self.require(TeamRole.ADMIN)
        self.share_setting(CAP_SETTING, cap.to_json() if cap is not None else None)
        if not self.decides_in_store:  # a team store audits every rule change itself
            self.audit("frequency cap set", None, cap.describe() if cap is not None else "no cap")

    @sentences
    def audit(self, action: str, campaign_id: int | None = None, detail: str | None = None) -> None:
        """Record that this OS user on this machine did ``action`` (created, sent,
        paused, resumed, cancelled, exported...) to the campaign."""
        with self.transaction():
            self.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                            " VALUES ($1,$2,$3,$4,$5,$6)", (now_text(), campaign_id, action, *actor(), detail))

    @sentences
    def audit_trail(self, campaign_id: int | None = None) -> list[dict[str, Any]]:
        """The audit trail, oldest first (of one campaign, or all): at, campaign_id,
        action, os_user, machine, detail each."""
        sql = "SELECT at, campaign_id, action, os_user, machine, detail FROM audit"
        args: tuple[Any, ...] = ()
        if campaign_id is not None:
            sql, args = sql + " WHERE campaign_id = $1", (campaign_id,)
        return [dict(row) for row in self.db.execute(sql + " ORDER BY id", args)]

    @sentences
    def retarget(self, campaign_id: int, *, bot_id: int | None = None, template_id: str | None = None) -> int:
        """Fix a stopped campaign's bot or template before resuming it: the campaign and
        every recipient not sent yet (``pending``: certainly not delivered) take the new
        ``bot_id`` / ``template_id``, with new request_ids (the old ones may be remembered
        with their refusal). Rows that may have arrived (in flight, unknown) keep theirs.
        A campaign that needed approval needs it again.
        Returns how many rows changed. Raises KeyError for an unknown campaign and
        ValueError for one that is finished, cancelled or not a template campaign when
        ``template_id`` is given."""
        campaign = self.campaign(campaign_id)
        if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
            raise ValueError(f"campaign {campaign_id} is {campaign.status}; only a stopped campaign can be changed")
        if template_id is not None and campaign.kind != "template":
            raise ValueError(f"campaign {campaign_id} sends {campaign.kind} messages, not a template")
        rows = [r for (r,) in self.db.execute("SELECT row FROM recipients WHERE campaign_id = $1 AND state = $2",
                                              (campaign_id, RecipientState.PENDING))]
        return self._retarget(campaign, bot_id, template_id, rows, [new_request_id() for _ in rows])

    def _retarget(self, campaign: Campaign, bot_id: int | None, template_id: str | None, rows: list[int],
                  request_ids: list[str]) -> int:
        """:meth:`retarget`'s writes: the campaign, and its pending ``rows`` with their new ``request_ids``."""
        campaign_id = campaign.id
        with self.transaction():
            if bot_id is not None:
                self.db.execute("UPDATE campaigns SET bot_id = $1 WHERE id = $2", (bot_id, campaign_id))
            if template_id is not None:
                content = {**campaign.content, "template_id": template_id}
                self.db.execute("UPDATE campaigns SET content = $1 WHERE id = $2",
                                (json.dumps(content, ensure_ascii=False), campaign_id))
                self.db.execute(
                    f"UPDATE recipients SET message_data = {self.SET_TEMPLATE_ID}"
                    " WHERE campaign_id = $2 AND state = $3",
                    (template_id, campaign_id, RecipientState.PENDING))
            if campaign.approval is not None:  # a changed campaign is not the one approved
                self.db.execute("UPDATE campaigns SET approval = $1, approved_by = NULL, approval_note = NULL"
                                " WHERE id = $2", (Approval.AWAITING, campaign_id))
            self.db.executemany("UPDATE recipients SET request_id = $1, error_code = NULL, error = NULL"
                                " WHERE campaign_id = $2 AND row = $3 AND state = $4",
                                [(request_id, campaign_id, r, RecipientState.PENDING)
                                 for r, request_id in zip(rows, request_ids)])
        return len(rows)

    @sentences
    def claim_series_run(self, series_id: int, due: str, following: str) -> bool:
        """Take the run of an active series due at ``due`` by moving its next run on to
        ``following`` (compare-and-set: of two processes, one gets it); whether this one did."""
        with self.transaction():
            return self.db.execute(
                "UPDATE series SET next_run = $1, status_note = NULL, updated_at = $2 WHERE id = $3 AND next_run = $4"
                " AND status = 'active'", (following, now_text(), series_id, due)).rowcount == 1

    @sentences
    def write_series(self, series_id: int, status: str, rule: str, plan: str, next_run: str | None) -> None:
        """Store a repeating campaign's status, rule and plan (JSON) and its next run
        (app.campaign.repeat.change_series decides them)."""
        with self.transaction():
            self.db.execute("UPDATE series SET status = $1, rule = $2, plan = $3, next_run = $4, status_note = NULL,"
                            " updated_at = $5 WHERE id = $6", (status, rule, plan, next_run, now_text(), series_id))

    @sentences
    def set_runner(self, campaign_id: int, runner: str | None) -> None:
        """Record which process (``"pid@host"``) sends the campaign now (None: none), and
        forget any stop asked of an earlier sender."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET runner = $1, stop_request = NULL, stop_reason = NULL WHERE id = $2",
                            (runner, campaign_id))

    @sentences
    def request_stop(self, campaign_id: int, request: StopRequest, reason: Reason) -> None:
        """Ask the process sending the campaign to pause or cancel it (``reason`` why,
        kept as a code); it is honoured within a second (docs/architecture.md, "Processes")."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET stop_request = $1, stop_reason = $2 WHERE id = $3",
                            (request, reason.stored(), campaign_id))
            self.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                            " VALUES ($1, $2, $3, $4, $5, $6)",
                            (now_text(), campaign_id, f"{request} asked", *actor(), reason.stored()))

    @sentences
    def stop_requested(self, campaign_id: int) -> tuple[StopRequest, Reason] | None:
        """The stop another process asked for, if any: (request, reason)."""
        row = self.db.execute("SELECT stop_request, stop_reason FROM campaigns WHERE id = $1",
                              (campaign_id,)).fetchone()
        if row is None or row[0] is None:
            return None
        return StopRequest(row[0]), Reason.from_stored(row[1]) or Reason.said("")

    @sentences
    def set_pace(self, campaign_id: int, pace_per_minute: float, slowed: bool, limit: float | None = None,
                 sharing: int = 0) -> None:
        """Record the pace the sender keeps now (messages per minute, 0: unpaced) and
        whether the service's limit holds it under the set rate, for whoever follows the
        campaign from another process (docs/architecture.md, "Processes")."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET pace_per_minute = $1, pace_slowed = $2, pace_limit = $3,"
                            " pace_sharing = $4 WHERE id = $5",
                            (pace_per_minute, int(slowed), limit, sharing, campaign_id))

    @sentences
    def sender_pace(self, campaign_id: int) -> PaceShown:
        """What :meth:`set_pace` recorded last (all zero before a sender told it)."""
        row = self.db.execute("SELECT pace_per_minute, pace_slowed, pace_limit, pace_sharing FROM campaigns"
                              " WHERE id = $1", (campaign_id,)).fetchone()
        if row is None or row[0] is None:
            return PaceShown()
        return PaceShown(float(row[0]), bool(row[1]), None if row[2] is None else float(row[2]), int(row[3] or 0))

    @sentences
    def set_status(self, campaign_id: int, status: str, reason: Reason | None = None, *,
                   expected: str | None = None) -> bool:
        """Store a campaign's ``status`` (a CampaignStatus) and the reason why; with
        ``expected``, only while its status is still that (compare-and-set: a sender
        settling a run never overwrites what another sender or a person settled since).
        Returns whether it was stored."""
        sql, args = "UPDATE campaigns SET status = $1, status_reason = $2, updated_at = $3 WHERE id = $4", [
            status, reason.stored() if reason is not None else None, now_text(), campaign_id]
        if expected is not None:
            sql, args = sql + " AND status = $5", [*args, expected]
        with self.transaction():
            return self.db.execute(sql, args).rowcount > 0

