"""The send path's writes: a recipient in flight before its request leaves, its outcome
after the answer returns, each committed before the next step (docs/architecture.md,
"The journal is the truth").

Two guarantees are decided here, in the store, not by the sender's memory:

- **Fencing** (docs/architecture.md, "Leases and fencing"): on a team store every write
  of a recipient's state names the sender (``owner``) and the claim's ``lease_epoch``;
  a write that matches nothing means another sender took the recipient over, and the
  caller hears it (None or False) instead of overwriting. The embedded store has one
  sender per campaign (a file lock), so its writes are not fenced.
- **Reservation** of the frequency cap: a recipient's in-flight mark is its reservation.
  Counting what the number already got and marking it are one transaction, under a lock
  per number on a team store (SQLite's write transaction holds the whole journal), with
  the store's own clock: two campaigns at once can never exceed the cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.campaign.caps import CapScope
from app.campaign.journal.connection import placeholders
from app.campaign.journal.errors import sentences
from app.campaign.journal.records import Capped, MarkResult, Outcome, Recipient, RecipientState
from app.campaign.journal.repository import Repository
from app.reasons import row_reason

#: A recipient's lease ends with its outcome, unless it goes back to pending (a refusal
#: for rate: its sender keeps it queued) or stays in flight; its parameter ``$1`` is the state.
_LEASE = ("lease_owner = CASE WHEN $1 IN ('pending', 'in_flight') THEN lease_owner END,"
          " lease_until = CASE WHEN $1 IN ('pending', 'in_flight') THEN lease_until END")

#: Recipients that got their message, or may have (what the frequency cap counts).
_GOT = "r.state IN ('sent', 'in_flight', 'unknown') AND c.test_send = 0"



class Outcomes(Repository):
    """The send path's writes (attempts and outcomes) and what the frequency cap counts
    of them; every method raises JournalError, never a driver's error."""

    @sentences
    def mark_in_flight(self, recipient: Recipient, kind: str, now: float, owner: str = "",
                       scope: CapScope | None = None) -> MarkResult:
        """Durably record that a request for ``recipient`` is about to leave; return the
        attempt's id (see :meth:`mark_many_in_flight` for the other answers). ``now`` is
        Unix time in seconds."""
        return self.mark_many_in_flight([(recipient, kind, now)], owner, scope)[0]

    @sentences
    def mark_many_in_flight(self, marks: Sequence[tuple[Recipient, str, float]], owner: str = "",
                            scope: CapScope | None = None) -> list[MarkResult]:
        """Mark many ``(recipient, kind, now)`` in flight in one transaction; per mark, in
        order: the attempt's id; :class:`Capped` when the frequency cap (``scope``, None:
        none) refused it (the row is skipped as ``capped``; only a pending row is
        counted, one that may have arrived already is re-sent under its request_id); or
        None when ``owner`` no longer holds the recipient's lease (team store)."""
        results: list[MarkResult] = [None] * len(marks)
        with self.transaction():
            capped = self.over_cap(marks, scope) if scope is not None else {}
            if capped:
                reasons = {i: row_reason("capped", count=c.count, days=c.days) for i, c in capped.items()}
                skipped = self._write_fenced(
                    [(marks[i][0], {"state": RecipientState.SKIPPED, "verdict": "capped", "reason": reasons[i]})
                     for i in capped], owner)
                for i, held in capped.items():
                    results[i] = held if marks[i][0].row in skipped else None
            asked = [i for i in range(len(marks)) if i not in capped]
            held_rows = self._write_fenced([(marks[i][0], {"state": RecipientState.IN_FLIGHT, "attempts": 1})
                                            for i in asked], owner)
            marked = [i for i in asked if marks[i][0].row in held_rows]
            for attempt_id, i in zip(self._insert_attempts([marks[i] for i in marked]), marked):
                results[i] = attempt_id
        return results

    def _insert_attempts(self, marks: Sequence[tuple[Recipient, str, float]]) -> list[int]:
        """Inside the mark's transaction: one attempts row per ``(recipient, kind, now)``;
        their ids, in order."""
        if len(marks) == 1:  # the common batch: one statement, not two
            (r, kind, now), = marks
            return [int(self.db.execute(
                "INSERT INTO attempts (campaign_id, row, phone, kind, started_at) VALUES ($1,$2,$3,$4,$5) RETURNING id",
                (r.campaign_id, r.row, r.phone, kind, now)).fetchone()[0])]
        first = int(self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM attempts").fetchone()[0])
        ids = list(range(first, first + len(marks)))
        self.db.executemany(
            "INSERT INTO attempts (id, campaign_id, row, phone, kind, started_at) VALUES ($1,$2,$3,$4,$5,$6)",
            [(attempt_id, r.campaign_id, r.row, r.phone, kind, now) for attempt_id, (r, kind, now) in zip(ids, marks)])
        return ids

    def over_cap(self, marks: Sequence[tuple[Recipient, str, float]], scope: CapScope) -> dict[int, Capped]:
        """Inside the mark's transaction: the marks the cap refuses, by index. Each number
        is locked first, so a count and the marks that follow it are one decision."""
        since = scope.cap.since(self.store.store_now())
        phones = sorted({r.phone for r, _, _ in marks if r.phone and r.state == RecipientState.PENDING})
        if not phones:
            return {}
        self._lock_numbers(phones)
        sql = (f"SELECT r.phone, COUNT(*) FROM recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE {_GOT}"
               f" AND r.updated_at >= $1 AND r.phone IN ({placeholders(2, len(phones))})")
        args: list[object] = [since, *phones]
        if scope.bot_id is not None:
            sql, args = sql + f" AND c.bot_id = ${len(args) + 1}", [*args, scope.bot_id]
        if not scope.cap.count_otp:
            sql += " AND c.kind <> 'otp'"
        got = {str(phone): int(n) for phone, n in self.db.execute(sql + " GROUP BY r.phone", args)}
        capped: dict[int, Capped] = {}
        for i, (r, _, _) in enumerate(marks):
            if r.phone is None or r.state != RecipientState.PENDING:
                continue
            count = got.get(r.phone, 0)
            if count >= scope.cap.max_messages:
                capped[i] = Capped(count, scope.cap.days)
            else:
                got[r.phone] = count + 1  # reserved: a second mark of the number in this batch sees it
        return capped

    def _lock_numbers(self, phones: list[str]) -> None:
        """Inside a transaction: hold each number until it commits (SQLite's write
        transaction already holds the whole journal; a team store takes a lock per number)."""

    def _write_fenced(self, changes: list[tuple[Recipient, dict[str, Any]]], owner: str) -> set[int]:
        """Set each recipient's columns (``state``, and ``verdict``, ``reason``, or
        ``attempts``: 1 to count one more attempt); the rows written. The embedded
        journal's sender holds the campaign's lock, so every row is written; a team store
        writes only rows ``owner`` still holds under the recipient's lease_epoch."""
        if not changes:
            return set()
        self.db.executemany(
            "UPDATE recipients SET state = $1, verdict = COALESCE($2, verdict), reason = COALESCE($3, reason),"
            f" attempts = attempts + $4, updated_at = {self.store.NOW_TEXT},"
            " lease_owner = CASE WHEN $5 = 'in_flight' THEN lease_owner END,"
            " lease_until = CASE WHEN $6 = 'in_flight' THEN lease_until END WHERE campaign_id = $7 AND row = $8",
            [(values["state"], values.get("verdict"), values.get("reason"), values.get("attempts", 0),
              values["state"], values["state"], recipient.campaign_id, recipient.row) for recipient, values in changes])
        return {recipient.row for recipient, _ in changes}

    @sentences
    def record_many_outcomes(self, outcomes: Sequence[Outcome]) -> list[bool]:
        """:meth:`record_outcome` for many at once (each an :class:`Outcome`), in one
        transaction; per outcome, whether it was recorded."""
        with self.transaction():
            recorded = self._record_outcomes(outcomes)
            self._finish_attempts([o for o in outcomes if o.attempt_id is not None])
        return recorded

    def _finish_attempts(self, outcomes: Sequence[Outcome]) -> None:
        """Inside :meth:`record_many_outcomes`' transaction: each outcome's attempt ended."""
        self.db.executemany(
            "UPDATE attempts SET finished_at = $1, outcome = $2, error_code = $3, error = $4 WHERE id = $5",
            [(o.now, o.state, o.error_code, o.error, o.attempt_id) for o in outcomes])

    def _record_outcomes(self, outcomes: Sequence[Outcome]) -> list[bool]:
        """The recipients' rows of :meth:`record_many_outcomes` (the embedded journal: unfenced)."""
        self.db.executemany(
            f"UPDATE recipients SET state = $1, message_id = $2, error_code = $3, error = $4,"
            f" updated_at = {self.store.NOW_TEXT}, {_LEASE} WHERE campaign_id = $5 AND row = $6",
            [(o.state, o.message_id, o.error_code, o.error, o.campaign_id, o.row)
             for o in outcomes])
        return [True] * len(outcomes)

    @sentences
    def record_outcome(self, campaign_id: int, row: int, state: str, *, attempt_id: int | None = None,
                       now: float | None = None, message_id: str | None = None, error_code: int | None = None,
                       error: str | None = None, owner: str | None = None, lease_epoch: int | None = None) -> bool:
        """Durably record a recipient's outcome (``state`` from RecipientState) and close
        its attempt. With ``owner`` (and ``lease_epoch``) on a team store, only while
        that sender still holds the recipient: False when it does not (nothing changed
        but the attempt's own row)."""
        return self.record_many_outcomes([Outcome(campaign_id, row, state, attempt_id, now, message_id, error_code,
                                                  error, owner, lease_epoch)])[0]

    @sentences
    def mark_skipped(self, campaign_id: int, row: int, verdict: str, reason: str, *, owner: str = "",
                     lease_epoch: int = 0) -> bool:
        """Record that a recipient will never be sent because a send-time rule holds it
        back: state ``skipped``, ``verdict`` (suppressed: its number joined the
        suppression list; capped: the frequency cap), ``reason`` in words
        (docs/architecture.md, "Send-time rules"). False when a team store's sender
        ``owner`` no longer holds it."""
        held = Recipient(campaign_id, row, "", None, verdict, reason, None, None, RecipientState.PENDING, 0, None,
                         None, None, lease_epoch)
        with self.transaction():
            return bool(self._write_fenced([(held, {"state": RecipientState.SKIPPED, "verdict": verdict,
                                                    "reason": reason})], owner))

    @sentences
    def messages_to(self, phone: str, since: str, bot_id: int | None, count_otp: bool) -> int:
        """How many messages ``phone`` got (or may have got) since the instant ``since``,
        from ``bot_id`` (None: any bot), one-time passwords counted or not."""
        sql = ("SELECT COUNT(*) FROM recipients r JOIN campaigns c ON c.id = r.campaign_id"
               f" WHERE r.phone = $1 AND {_GOT} AND r.updated_at >= $2")
        args: list[object] = [phone, since]
        if bot_id is not None:
            sql, args = sql + " AND c.bot_id = $3", [*args, bot_id]
        if not count_otp:
            sql += " AND c.kind <> 'otp'"
        return int(self.db.execute(sql, args).fetchone()[0])

    @sentences
    def phones_at_cap(self, since: str, limit: int, bot_id: int | None, count_otp: bool,
                      excluding: int | None = None) -> set[str]:
        """The phones that got ``limit`` or more messages since ``since`` (see
        :meth:`messages_to`): what a new campaign's review counts as capped; the messages
        of campaign ``excluding`` (one made from this review already) do not count."""
        sql = (f"SELECT r.phone FROM recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE {_GOT}"
               " AND r.updated_at >= $1 AND r.phone IS NOT NULL AND r.campaign_id <> $2")
        args: list[object] = [since, excluding or 0]
        if bot_id is not None:
            sql, args = sql + " AND c.bot_id = $3", [*args, bot_id]
        if not count_otp:
            sql += " AND c.kind <> 'otp'"
        sql += f" GROUP BY r.phone HAVING COUNT(*) >= ${len(args) + 1}"
        return {str(p) for (p,) in self.db.execute(sql, [*args, limit])}

    @sentences
    def recent_attempts(self, phone: str, kind: str, since: float) -> int:
        """Requests of ``kind`` to ``phone`` started at or after ``since`` (Unix
        seconds) that may have been delivered: all but known failures and those that went
        back to pending (refused as over the rate, or given back before they left)."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM attempts WHERE phone = $1 AND kind = $2 AND started_at >= $3"
            " AND (outcome IS NULL OR outcome NOT IN ($4, $5))",
            (phone, kind, since, RecipientState.FAILED, RecipientState.PENDING),
        ).fetchone()[0])
