"""A stored campaign's control: its status, who sends it and at what pace, a stop another
process asked for, its approval, and a stopped campaign's bot or template fixed
(docs/architecture.md, "The store's repositories"; "Processes")."""

from __future__ import annotations

import json
from collections.abc import Callable

from app.campaign.approval import Approval
from app.campaign.journal.errors import JournalError, JournalFault, sentences
from app.campaign.journal.keys import new_request_ids
from app.campaign.journal.records import (
    FORGET_PAUSE,
    Campaign,
    CampaignStatus,
    RecipientState,
    StopRequest,
    actor,
    now_text,
)
from app.campaign.journal.repository import Repository
from app.campaign.progress import PaceShown
from app.reasons import Reason, pause_reason, team_problem

#: SQL that sets message_data's template id to the parameter ``$1`` (JSON kept as text).
_SET_TEMPLATE_ID = "json_set(message_data, '$.template_message.template_id', $1)"


class CampaignControl(Repository):
    """The columns of ``campaigns`` that change while a campaign lives (its content is fixed)."""

    @sentences
    def set_status(self, campaign_id: int, status: str, reason: Reason | None = None, *,
                   expected: str | None = None) -> bool:
        """Store a campaign's ``status`` (a CampaignStatus) and the reason why; with
        ``expected``, only while its status is still that (compare-and-set: a sender
        settling a run never overwrites what another sender or a person settled since).
        Returns whether it was stored; raises JournalError (``REFUSED``) when, without
        ``expected``, a team store keeps the campaign from this member."""
        sql, args = "UPDATE campaigns SET status = $1, status_reason = $2, updated_at = $3 WHERE id = $4", [
            status, reason.stored() if reason is not None else None, now_text(), campaign_id]
        if expected is not None:
            sql, args = sql + " AND status = $5", [*args, expected]
        with self.transaction():
            stored = self.db.execute(sql, args).rowcount > 0
            if not stored and expected is None:
                self._not_yours(campaign_id)
            return stored

    def _not_yours(self, campaign_id: int) -> None:
        """After a write of this member's changed no row of campaign ``campaign_id``: raise
        JournalError (``REFUSED``, ``not_your_campaign``) when the campaign is there, the
        team store keeping it from them (one awaiting approval or rejected is its maker's)."""
        maker = self.db.execute("SELECT created_by FROM campaigns WHERE id = $1", (campaign_id,)).fetchone()
        if maker is not None:  # (none: no such campaign, nothing to tell)
            raise JournalError(team_problem("not_your_campaign", campaign=campaign_id, member=maker[0]),
                               JournalFault.REFUSED)

    @sentences
    def set_runner(self, campaign_id: int, runner: str | None, *, forget_stops: bool = True) -> None:
        """Record which process (``"pid@host"``) sends the campaign now (None: none), and
        forget a Pause asked of an earlier sender (a Cancel stays: :data:`FORGET_PAUSE`);
        with ``forget_stops`` False, a stop asked stays asked (its starter forgot the
        earlier ones: :meth:`forget_stops`)."""
        forget = ", " + FORGET_PAUSE if forget_stops else ""
        with self.transaction():
            self.db.execute(f"UPDATE campaigns SET runner = $1{forget} WHERE id = $2", (runner, campaign_id))

    @sentences
    def forget_stops(self, campaign_id: int, *, unless: Callable[[], object] = lambda: False) -> bool:
        """Forget a Pause asked of an earlier sender, before a sender of its own is started
        (one asked after this, while it starts, is asked of it); a Cancel stays asked
        (:data:`FORGET_PAUSE`). Not when ``unless()`` is true, asked in the same transaction
        with the campaign held: a sender that registers (and a Pause asked of it) comes
        wholly before or after, so a Pause asked of a sender at work is never forgotten.
        Whether it forgot."""
        with self.transaction():
            self.hold(campaign_id)
            if unless():
                return False
            self.db.execute("UPDATE campaigns SET " + FORGET_PAUSE + " WHERE id = $1", (campaign_id,))
        return True

    def hold(self, campaign_id: int) -> None:
        """Inside a transaction: keep others from changing the campaign's row until it ends
        (the embedded journal's write transaction holds the whole journal already)."""

    @sentences
    def request_stop(self, campaign_id: int, request: StopRequest, reason: Reason) -> None:
        """Ask the process sending the campaign to pause or cancel it (``reason`` why,
        kept as a code); it is honoured within a second (docs/architecture.md, "Processes").
        Raises JournalError (``REFUSED``, ``not_your_campaign``) when a team store keeps the
        campaign from this member (one awaiting approval or rejected is its maker's)."""
        with self.transaction():
            if not self.db.execute("UPDATE campaigns SET stop_request = $1, stop_reason = $2 WHERE id = $3",
                                   (request, reason.stored(), campaign_id)).rowcount:
                self._not_yours(campaign_id)
                return  # no such campaign: nothing was asked, nothing to audit
            self.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                            " VALUES ($1, $2, $3, $4, $5, $6)",
                            (now_text(), campaign_id, f"{request} asked", *actor(), reason.stored()))

    @sentences
    def stop_requested(self, campaign_id: int) -> tuple[StopRequest, Reason] | None:
        """The stop another process asked for, if any: (request, reason). A rejected
        campaign stands asked to pause, whatever its stop request says (a member who
        cleared the request a rejection made did not undo the rejection)."""
        row = self.db.execute("SELECT stop_request, stop_reason, approval, approved_by, approval_note FROM campaigns"
                              " WHERE id = $1", (campaign_id,)).fetchone()
        if row is None:
            return None
        if row[2] == "rejected" and row[0] != StopRequest.CANCEL:
            return StopRequest.PAUSE, pause_reason("rejected", member=row[3] or "", note=row[4] or "")
        if row[0] is None:
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
    def set_approval(self, campaign_id: int, approval: str | None, by: str | None, note: str | None) -> None:
        """Store a campaign's approval (app.campaign.approval.Approval), who decided it and
        a rejection's reason."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET approval = $1, approved_by = $2, approval_note = $3, updated_at = $4"
                            " WHERE id = $5", (approval, by, note, now_text(), campaign_id))

    @sentences
    def retarget(self, campaign: Campaign, *, bot_id: int | None = None, template_id: str | None = None) -> int:
        """Fix a stopped ``campaign``'s bot or template before resuming it: the campaign and
        every recipient not sent yet (``pending``: certainly not delivered) take the new
        ``bot_id`` / ``template_id``, with new request_ids (the old ones may be remembered
        with their refusal). Rows that may have arrived (in flight, unknown) keep theirs.
        A campaign that needed approval needs it again.
        Returns how many rows changed. Raises ValueError for a campaign that is finished,
        cancelled or not a template campaign when ``template_id`` is given."""
        if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
            raise ValueError(f"campaign {campaign.id} is {campaign.status}; only a stopped campaign can be changed")
        if template_id is not None and campaign.kind != "template":
            raise ValueError(f"campaign {campaign.id} sends {campaign.kind} messages, not a template")
        rows = [r for (r,) in self.db.execute("SELECT row FROM recipients WHERE campaign_id = $1 AND state = $2",
                                              (campaign.id, RecipientState.PENDING))]
        return self._retarget(campaign, bot_id, template_id, rows, new_request_ids(len(rows)))

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
                self.db.execute(f"UPDATE recipients SET message_data = {_SET_TEMPLATE_ID}"
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


class SeriesRuns(Repository):
    """A repeating campaign's stored rule and plan, and the taking of its runs
    (app/campaign/repeat.py decides them)."""

    @sentences
    def claim(self, series_id: int, due: str, following: str) -> bool:
        """Take the run of an active series due at ``due`` by moving its next run on to
        ``following`` (compare-and-set: of two processes, one gets it); whether this one did."""
        with self.transaction():
            return self.db.execute(
                "UPDATE series SET next_run = $1, status_note = NULL, updated_at = $2 WHERE id = $3 AND next_run = $4"
                " AND status = 'active'", (following, now_text(), series_id, due)).rowcount == 1

    @sentences
    def write(self, series_id: int, status: str, rule: str, plan: str, next_run: str | None) -> None:
        """Store a repeating campaign's status, rule and plan (JSON) and its next run."""
        with self.transaction():
            self.db.execute("UPDATE series SET status = $1, rule = $2, plan = $3, next_run = $4, status_note = NULL,"
                            " updated_at = $5 WHERE id = $6", (status, rule, plan, next_run, now_text(), series_id))
