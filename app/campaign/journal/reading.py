"""Reading the journal: campaigns, recipients, counts and results rows (two of the store's
repositories, docs/architecture.md, "The store's repositories")."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from app.campaign.journal.errors import sentences
from app.campaign.journal.records import (
    STATES_TO_SEND,
    Campaign,
    CampaignStatus,
    Counts,
    Recipient,
    RecipientState,
    Summary,
)
from app.campaign.journal.repository import Repository
from app.reasons import row_reason


#: The columns of a :class:`Recipient`, in its fields' order.
RECIPIENT_COLUMNS = ("campaign_id, row, phone_input, phone, verdict, reason, message_data, request_id, state, "
                     "attempts, error_code, error, message_id, lease_epoch, channel, sms_status")


def recipient(row: Any) -> Recipient:
    """The Recipient of a row of :data:`RECIPIENT_COLUMNS`."""
    (campaign_id, number, phone_input, phone, verdict, reason, message_data, request_id, state, attempts, error_code,
     error, message_id, lease_epoch, channel, sms_status) = tuple(row)
    return Recipient(campaign_id, number, phone_input, phone, verdict, reason,
                     json.loads(message_data) if message_data else None, request_id, state, attempts, error_code,
                     error, message_id, int(lease_epoch or 0), channel, sms_status)


#: The results status of a cancelled campaign's row that was never sent.
NOT_SENT = "not_sent"


def campaign_of(row: Any) -> Campaign:
    """The Campaign of a ``SELECT * FROM campaigns`` row."""
    data: dict[str, Any] = dict(row)
    data["content"] = json.loads(data["content"])
    return Campaign(**data)


class Campaigns(Repository):
    """The stored campaigns (a campaign still being created is nobody's yet)."""

    @sentences
    def get(self, campaign_id: int) -> Campaign:
        """The campaign with this id; raises KeyError if there is none."""
        row = self.db.execute("SELECT * FROM campaigns WHERE id = $1 AND status != $2",
                              (campaign_id, CampaignStatus.CREATING)).fetchone()
        if row is None:
            raise KeyError(campaign_id)
        return campaign_of(row)

    @sentences
    def all(self) -> list[Campaign]:
        """Every campaign, newest first."""
        return [campaign_of(r) for r in self.db.execute(
            "SELECT * FROM campaigns WHERE status != $1 ORDER BY id DESC", (CampaignStatus.CREATING,))]


class Recipients(Repository):
    """A campaign's recipients: its rows, their states' counts, and its results rows."""

    @sentences
    def listed(self, campaign_id: int, state: str | None = None) -> list[Recipient]:
        """Recipients in sheet order, optionally only those in ``state``."""
        sql = f"SELECT {RECIPIENT_COLUMNS} FROM recipients WHERE campaign_id = $1"
        args: tuple[Any, ...] = (campaign_id,)
        if state is not None:
            sql += " AND state = $2"
            args += (state,)
        return [recipient(row) for row in self.db.execute(sql + " ORDER BY row", args).fetchall()]

    @sentences
    def to_send(self, campaign_id: int, states: Iterable[str] = STATES_TO_SEND) -> list[Recipient]:
        """Recipients that still need a request, in the order of ``states`` (by default
        in-flight ones interrupted by a crash, then unknown ones whose answer was lost,
        both re-sent with their fixed request_id, then pending ones), each in sheet order."""
        return [r for state in states for r in self.listed(campaign_id, state)]

    @sentences
    def changed_since(self, campaign_id: int, since: str) -> tuple[list[tuple[int, str, str | None, int | None]], str]:
        """Recipients whose state changed after ``since`` (an instant as the journal
        stores them; "" for all): ``(row, state, error, error_code)`` each, and the
        instant to ask from next time."""
        rows = self.db.execute(
            "SELECT row, state, error, error_code, updated_at FROM recipients"
            " WHERE campaign_id = $1 AND updated_at > $2 ORDER BY updated_at", (campaign_id, since)).fetchall()
        latest = max((str(r[4]) for r in rows), default=since)
        return [(int(r[0]), str(r[1]), r[2], r[3]) for r in rows], latest

    @sentences
    def sends_to(self, phone: str, limit: int = 20) -> list[dict[str, Any]]:
        """The latest sends to ``phone`` across campaigns, newest first: campaign id and
        name, state, error, message id and when it last changed."""
        rows = self.db.execute(
            "SELECT r.campaign_id, c.name, c.kind, r.state, r.error, r.message_id, r.updated_at"
            " FROM recipients r JOIN campaigns c ON c.id = r.campaign_id"
            " WHERE r.phone = $1 AND r.state != $2 ORDER BY r.updated_at DESC, r.campaign_id DESC LIMIT $3",
            (phone, RecipientState.SKIPPED, limit),
        )
        return [dict(r) for r in rows]

    @sentences
    def error_counts(self, campaign_id: int) -> dict[int, int]:
        """Failed and unknown recipients per error code, for reconciliation (a recipient
        sent back to pending, by a refusal that paused the campaign, is nobody's failure)."""
        return {code: n for code, n in self.db.execute(
            "SELECT error_code, COUNT(*) FROM recipients WHERE campaign_id = $1 AND error_code IS NOT NULL"
            " AND state IN ($2, $3) GROUP BY error_code ORDER BY error_code",
            (campaign_id, RecipientState.FAILED, RecipientState.UNKNOWN))}

    @sentences
    def counts(self, campaign_id: int) -> Counts:
        """The campaign's recipients per state (:class:`Counts`)."""
        return Counts.of(dict(self.db.execute(
            "SELECT state, COUNT(*) FROM recipients WHERE campaign_id = $1 GROUP BY state", (campaign_id,))))

    @sentences
    def skipped_counts(self, campaign_id: int) -> dict[str, int]:
        """Skipped recipients per verdict (invalid, duplicate, empty, suppressed, repeat,
        capped, …), the most first; only verdicts that occur."""
        return {verdict: n for verdict, n in self.db.execute(
            "SELECT verdict, COUNT(*) FROM recipients WHERE campaign_id = $1 AND state = $2 GROUP BY verdict"
            " ORDER BY COUNT(*) DESC, verdict", (campaign_id, RecipientState.SKIPPED))}

    @sentences
    def summary(self, campaign_id: int) -> Summary:
        """The reconciliation of a campaign (:class:`Summary`)."""
        return Summary(self.counts(campaign_id), self.error_counts(campaign_id),
                       self.skipped_counts(campaign_id))

    @sentences
    def result_rows(self, campaign_id: int) -> list[dict[str, Any]]:
        """One results row per sheet row, in sheet order, with the columns of the
        results file (``row, phone_input, phone, status, error_code, error,
        message_id, request_id``; and ``channel, delivery`` for a campaign with an SMS
        fallback). A cancelled campaign's rows that were never sent
        are ``not_sent`` with the reason, not ``pending``: nothing will send them."""
        rows: list[dict[str, Any]] = []
        campaign = Campaigns(self.store).get(campaign_id)
        cancelled = campaign.status == CampaignStatus.CANCELLED
        for r in self.listed(campaign_id):
            if r.state == RecipientState.SKIPPED:
                status, error = r.verdict, r.reason
            elif cancelled and r.state == RecipientState.PENDING:
                status, error = NOT_SENT, row_reason("cancelled_unsent")
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
                **({"channel": r.channel, "delivery": r.sms_status} if campaign.sms_fallback is not None else {}),
            })
        return rows


