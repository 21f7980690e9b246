"""The send path's writes on the team store: fenced by lease owner and epoch, reserved by
number, stamped with the server's clock (docs/architecture.md, "Leases and fencing").

Every write of a recipient's state by a sender names the sender and the lease epoch of
its claim; the server writes only rows that sender still holds under that epoch and
returns them, so a sender that lost its lease (frozen past it, cut off from the store)
learns it from the write itself and never overwrites what another sender did since.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from app.campaign.journal.records import Outcome, Recipient
from app.campaign.journal.sending import Outcomes

#: Outcomes after which the sender keeps its lease: a row going back to pending is queued
#: again, and one whose answer was lost is its to re-send under the same request_id in the
#: rounds after the main pass, not any sender's to claim again in the pass itself.
_HELD = "'pending', 'in_flight', 'unknown'"
#: The server's clock as the journal stores instants (ISO 8601, UTC, milliseconds).
NOW_TEXT = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"+00:00\"')"


def number_lock(phone: str) -> int:
    """The lock key of a phone number (app/campaign/journal/team/locks.py): the number itself (``98`` + 10 digits
    fits a bigint), a CRC of anything else."""
    return int(phone) if phone.isdigit() and len(phone) <= 18 else zlib.crc32(phone.encode())


class TeamOutcomes(Outcomes):
    """:class:`Outcomes` on PostgreSQL: fenced writes, a lock per number, attempt ids of the table's own."""

    def _lock_numbers(self, phones: list[str]) -> None:
        # In one order for everyone (sorted keys), so two senders never wait on each other in a circle.
        keys = sorted({number_lock(p) for p in phones})
        self.db.execute("SELECT safir_lock_numbers($1::bigint[])", (keys,))  # rows only the store locks (locks.py)

    def _insert_attempts(self, marks: Sequence[tuple[Recipient, str, float]]) -> list[int]:
        # Ids come from the table's own identity (members may not give their own: nobody can block it).
        if not marks:
            return []
        made = self.db.execute(
            "INSERT INTO attempts (campaign_id, row, phone, kind, started_at)"
            " SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::float8[])"
            " RETURNING campaign_id, row, id",
            ([r.campaign_id for r, _, _ in marks], [r.row for r, _, _ in marks], [r.phone for r, _, _ in marks],
             [kind for _, kind, _ in marks], [now for _, _, now in marks])).fetchall()
        ids = {(int(c), int(r)): int(i) for c, r, i in made}
        return [ids[r.campaign_id, r.row] for r, _, _ in marks]

    def _write_fenced(self, changes: list[tuple[Recipient, dict[str, Any]]], owner: str) -> set[int]:
        if not changes or not owner:
            return super()._write_fenced(changes, owner)
        changes = sorted(changes, key=lambda change: (change[0].campaign_id, change[0].row))  # rows locked in order
        rows = self.db.execute(
            "UPDATE recipients r SET state = c.state, verdict = COALESCE(c.verdict, r.verdict),"
            f" reason = COALESCE(c.reason, r.reason), attempts = r.attempts + c.attempts, updated_at = {NOW_TEXT},"
            " lease_owner = CASE WHEN c.state = 'in_flight' THEN r.lease_owner END,"
            " lease_until = CASE WHEN c.state = 'in_flight' THEN r.lease_until END"
            " FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::int[])"
            " AS c(campaign_id, row, epoch, state, verdict, reason, attempts)"
            " WHERE r.campaign_id = c.campaign_id AND r.row = c.row AND r.lease_owner = $8 AND r.lease_epoch = c.epoch"
            " RETURNING r.row",
            ([r.campaign_id for r, _ in changes], [r.row for r, _ in changes], [r.lease_epoch for r, _ in changes],
             [str(v["state"]) for _, v in changes], [v.get("verdict") for _, v in changes],
             [v.get("reason") for _, v in changes], [int(v.get("attempts", 0)) for _, v in changes], owner)).fetchall()
        return {int(row[0]) for row in rows}

    def _finish_attempts(self, outcomes: Sequence[Outcome]) -> None:
        # One statement: a batch of statements goes one by one on a team store (team/database.py).
        if outcomes:
            self.db.execute(
                "UPDATE attempts a SET finished_at = o.finished_at, outcome = o.outcome, error_code = o.error_code,"
                " error = o.error FROM unnest($1::bigint[], $2::float8[], $3::text[], $4::int[], $5::text[])"
                " AS o(id, finished_at, outcome, error_code, error) WHERE a.id = o.id",
                ([o.attempt_id for o in outcomes], [o.now for o in outcomes], [str(o.state) for o in outcomes],
                 [o.error_code for o in outcomes], [o.error for o in outcomes]))

    def _record_outcomes(self, outcomes: Sequence[Outcome]) -> list[bool]:
        fenced = [o for o in outcomes if o.owner]
        if len(fenced) < len(outcomes):  # no owner named: a write outside any sending session (a quick send)
            super()._record_outcomes([o for o in outcomes if not o.owner])
        written: set[tuple[int, int]] = set()
        for owner in {str(o.owner) for o in fenced}:
            mine = sorted((o for o in fenced if o.owner == owner), key=lambda o: (o.campaign_id, o.row))
            written |= {(int(c), int(r)) for c, r in self.db.execute(
                "UPDATE recipients r SET state = o.state, message_id = o.message_id, error_code = o.error_code,"
                f" error = o.error, updated_at = {NOW_TEXT},"
                f" lease_owner = CASE WHEN o.state IN ({_HELD}) THEN r.lease_owner END,"
                f" lease_until = CASE WHEN o.state IN ({_HELD}) THEN r.lease_until END"
                " FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::int[], $7::text[])"
                " AS o(campaign_id, row, epoch, state, message_id, error_code, error)"
                " WHERE r.campaign_id = o.campaign_id AND r.row = o.row AND r.lease_owner = $8"
                " AND (o.epoch IS NULL OR r.lease_epoch = o.epoch) RETURNING r.campaign_id, r.row",
                ([o.campaign_id for o in mine], [o.row for o in mine], [o.lease_epoch for o in mine],
                 [str(o.state) for o in mine], [o.message_id for o in mine],
                 [o.error_code for o in mine], [o.error for o in mine], owner)).fetchall()}
        return [not o.owner or (o.campaign_id, o.row) in written for o in outcomes]
