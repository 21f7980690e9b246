"""The send path's writes: a recipient in flight before its request leaves, its outcome
after the answer returns, each committed before the next step (docs/architecture.md,
"The journal is the truth")."""

from __future__ import annotations

from typing import Any

from app.campaign.journal.connection import JournalConnection
from app.campaign.journal.errors import sentences
from app.campaign.journal.records import Recipient, RecipientState, now_text


#: A recipient's lease ends with its outcome, unless it goes back to pending (a refusal
#: for rate: its sender keeps it queued) or stays in flight; two parameters: the state.
_LEASE = ("lease_owner = CASE WHEN ? IN ('pending', 'in_flight') THEN lease_owner END,"
          " lease_until = CASE WHEN ? IN ('pending', 'in_flight') THEN lease_until END")


class JournalSending(JournalConnection):
    """Records attempts and outcomes; every method raises JournalError, never sqlite3.Error."""

    @sentences
    def mark_in_flight(self, recipient: Recipient, kind: str, now: float) -> int:
        """Durably record that a request for ``recipient`` is about to leave; return
        the attempt's id. ``now`` is Unix time in seconds."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, attempts = attempts + 1, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                (RecipientState.IN_FLIGHT, now_text(), recipient.campaign_id, recipient.row),
            )
            (attempt_id,) = self._next_attempt_ids(1)
            self.db.execute(
                "INSERT INTO attempts (id, campaign_id, row, phone, kind, started_at) VALUES (?,?,?,?,?,?)",
                (attempt_id, recipient.campaign_id, recipient.row, recipient.phone, kind, now),
            )
        return attempt_id

    @sentences
    def mark_many_in_flight(self, marks: list[tuple[Recipient, str, float]]) -> list[int]:
        """:meth:`mark_in_flight` for many ``(recipient, kind, now)`` at once, in one
        transaction with one statement per table; returns the attempts' ids in order."""
        with self.transaction():
            ids = self._next_attempt_ids(len(marks))
            stamp = now_text()
            self.db.executemany(
                "UPDATE recipients SET state = ?, attempts = attempts + 1, updated_at = ?"
                " WHERE campaign_id = ? AND row = ?",
                [(RecipientState.IN_FLIGHT, stamp, r.campaign_id, r.row) for r, _, _ in marks])
            self.db.executemany(
                "INSERT INTO attempts (id, campaign_id, row, phone, kind, started_at) VALUES (?,?,?,?,?,?)",
                [(i, r.campaign_id, r.row, r.phone, kind, now) for i, (r, kind, now) in zip(ids, marks)])
        return ids

    @sentences
    def record_many_outcomes(self, outcomes: list[dict[str, Any]]) -> None:
        """:meth:`record_outcome` for many at once: each a dict of its arguments."""
        stamp = now_text()
        with self.transaction():
            self.db.executemany(
                f"UPDATE recipients SET state = ?, message_id = ?, error_code = ?, error = ?, updated_at = ?, {_LEASE}"
                " WHERE campaign_id = ? AND row = ?",
                [(o["state"], o.get("message_id"), o.get("error_code"), o.get("error"), stamp, o["state"],
                  o["state"], o["campaign_id"], o["row"]) for o in outcomes])
            self.db.executemany(
                "UPDATE attempts SET finished_at = ?, outcome = ?, error_code = ?, error = ? WHERE id = ?",
                [(o.get("now"), o["state"], o.get("error_code"), o.get("error"), o["attempt_id"])
                 for o in outcomes if o.get("attempt_id") is not None])

    @sentences
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
                f"UPDATE recipients SET state = ?, message_id = ?, error_code = ?, error = ?, updated_at = ?, {_LEASE}"
                " WHERE campaign_id = ? AND row = ?",
                (state, message_id, error_code, error, now_text(), state, state, campaign_id, row),
            )
            if attempt_id is not None:
                self.db.execute(
                    "UPDATE attempts SET finished_at = ?, outcome = ?, error_code = ?, error = ? WHERE id = ?",
                    (now, state, error_code, error, attempt_id),
                )

    @sentences
    def mark_suppressed(self, campaign_id: int, row: int, reason: str) -> None:
        """Record that a recipient will never be sent because its number joined the
        suppression list: state ``skipped``, verdict ``suppressed``, ``reason`` in
        words (docs/architecture.md, "Send-time rules")."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, verdict = 'suppressed', reason = ?, updated_at = ?,"
                " lease_owner = NULL, lease_until = NULL WHERE campaign_id = ? AND row = ?",
                (RecipientState.SKIPPED, reason, now_text(), campaign_id, row),
            )

    @sentences
    def recent_attempts(self, phone: str, kind: str, since: float) -> int:
        """Requests of ``kind`` to ``phone`` started at or after ``since`` (Unix
        seconds) that may have been delivered (all but known failures)."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM attempts WHERE phone = ? AND kind = ? AND started_at >= ?"
            " AND (outcome IS NULL OR outcome != ?)",
            (phone, kind, since, RecipientState.FAILED),
        ).fetchone()[0])

