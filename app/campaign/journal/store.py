"""The journal: every campaign, recipient and outcome in one SQLite database (WAL).

The journal is the truth (docs/architecture.md, "The journal is the truth"): a
recipient's state is written before its request leaves and after its answer returns,
each change committed before the next step, so a crash loses nothing and a resume
re-sends in-flight recipients with their fixed ``request_id``.
"""

from __future__ import annotations

import json

from app.campaign.journal.creation import JournalCreation
from app.campaign.journal.errors import sentences
from app.campaign.journal.keys import new_request_id
from app.campaign.journal.records import CampaignStatus, RecipientState, StopRequest, now_text
from app.campaign.journal.sending import JournalSending


class Journal(JournalCreation, JournalSending):
    """The SQLite journal at ``path``; created and migrated on open.

    Reading, creation with its repeat guard, and the send path's writes live in the
    classes it joins; here, what changes a stored campaign. Every method raises
    JournalError (never sqlite3.Error) with a sentence saying what to do. Use as a
    context manager, or call :meth:`close`.
    """

    def __enter__(self) -> Journal:
        return self

    @sentences
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
                                " WHERE campaign_id = ? AND row = ?", [(new_request_id(), campaign_id, r) for r in rows])
        return len(rows)

    @sentences
    def set_runner(self, campaign_id: int, runner: str | None) -> None:
        """Record which process (``"pid@host"``) sends the campaign now (None: none), and
        forget any stop asked of an earlier sender."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET runner = ?, stop_request = NULL, stop_reason = NULL WHERE id = ?",
                            (runner, campaign_id))

    @sentences
    def request_stop(self, campaign_id: int, request: StopRequest, reason: str) -> None:
        """Ask the process sending the campaign to pause or cancel it (with ``reason`` in
        words); it is honoured within a second (docs/architecture.md, "Processes")."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET stop_request = ?, stop_reason = ? WHERE id = ?",
                            (request, reason, campaign_id))

    @sentences
    def stop_requested(self, campaign_id: int) -> tuple[StopRequest, str] | None:
        """The stop another process asked for, if any: (request, reason)."""
        row = self.db.execute("SELECT stop_request, stop_reason FROM campaigns WHERE id = ?", (campaign_id,)).fetchone()
        if row is None or row[0] is None:
            return None
        return StopRequest(row[0]), str(row[1] or "")

    @sentences
    def set_status(self, campaign_id: int, status: str, reason: str | None = None) -> None:
        """Store a campaign's ``status`` (a CampaignStatus) and the sentence why."""
        with self.transaction():
            self.db.execute("UPDATE campaigns SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?",
                            (status, reason, now_text(), campaign_id))

