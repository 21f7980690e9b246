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
    def mark_skipped(self, campaign_id: int, row: int, verdict: str, reason: str) -> None:
        """Record that a recipient will never be sent because a send-time rule holds it
        back: state ``skipped``, ``verdict`` (suppressed: its number joined the
        suppression list; capped: the frequency cap), ``reason`` in words
        (docs/architecture.md, "Send-time rules")."""
        with self.transaction():
            self.db.execute(
                "UPDATE recipients SET state = ?, verdict = ?, reason = ?, updated_at = ?,"
                " lease_owner = NULL, lease_until = NULL WHERE campaign_id = ? AND row = ?",
                (RecipientState.SKIPPED, verdict, reason, now_text(), campaign_id, row),
            )

    #: Recipients that got their message, or may have (what the frequency cap counts).
    _GOT = "r.state IN ('sent', 'in_flight', 'unknown')"

    @sentences
    def messages_to(self, phone: str, since: str, bot_id: int | None, count_otp: bool) -> int:
        """How many messages ``phone`` got (or may have got) since the instant ``since``,
        from ``bot_id`` (None: any bot), one-time passwords counted or not."""
        sql = ("SELECT COUNT(*) FROM recipients r JOIN campaigns c ON c.id = r.campaign_id"
               f" WHERE r.phone = ? AND {self._GOT} AND r.updated_at >= ?")
        args: list[object] = [phone, since]
        if bot_id is not None:
            sql, args = sql + " AND c.bot_id = ?", [*args, bot_id]
        if not count_otp:
            sql += " AND c.kind <> 'otp'"
        return int(self.db.execute(sql, args).fetchone()[0])

    @sentences
    def phones_at_cap(self, since: str, limit: int, bot_id: int | None, count_otp: bool) -> set[str]:
        """The phones that got ``limit`` or more messages since ``since`` (see
        :meth:`messages_to`): what a new campaign's review counts as capped."""
        sql = (f"SELECT r.phone FROM recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE {self._GOT}"
               " AND r.updated_at >= ? AND r.phone IS NOT NULL")
        args: list[object] = [since]
        if bot_id is not None:
            sql, args = sql + " AND c.bot_id = ?", [*args, bot_id]
        if not count_otp:
            sql += " AND c.kind <> 'otp'"
        sql += " GROUP BY r.phone HAVING COUNT(*) >= ?"
        return {str(p) for (p,) in self.db.execute(sql, [*args, limit])}

    @sentences
    def recent_attempts(self, phone: str, kind: str, since: float) -> int:
        """Requests of ``kind`` to ``phone`` started at or after ``since`` (Unix
        seconds) that may have been delivered (all but known failures)."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM attempts WHERE phone = ? AND kind = ? AND started_at >= ?"
            " AND (outcome IS NULL OR outcome != ?)",
            (phone, kind, since, RecipientState.FAILED),
        ).fetchone()[0])

