"""The journal's side of the SMS fallback (docs/sms.md): recipients the service answered
"no Bale account" (code 17) move to the SMS channel, pending; each SMS is marked in flight
before it leaves and its outcome recorded after; delivery statuses are followed.

Exactly once without leases: an SMS leaves under a local id derived from the recipient's
fixed request_id, and the gateway never sends a local id twice. So two senders that both
send one row (two desktops of a team store), or a sender that re-sends after a crash,
reach the number once; the writes here are compare-and-set on the row's channel and state.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from app.campaign.caps import CapScope
from app.campaign.journal.connection import placeholders
from app.campaign.journal.errors import sentences
from app.campaign.journal.reading import RECIPIENT_COLUMNS, Campaigns, recipient
from app.campaign.journal.records import Capped, Channel, Recipient, RecipientState
from app.campaign.journal.repository import Repository, Store
from app.campaign.journal.sending import Outcomes
from app.reasons import row_reason

#: The SMS channel's states that still need a request (as the service's).
_TO_SEND = "('in_flight', 'unknown', 'pending')"
_TO_SEND_STATES = (RecipientState.IN_FLIGHT, RecipientState.UNKNOWN, RecipientState.PENDING)
#: Days a number found without a Bale account is sent an SMS at once, the service not asked again.
NO_ACCOUNT_DAYS = 30
def _known(base_url: int) -> str:
    """SQL true of a recipient row ``k`` that found its number without a Bale account, in
    a campaign (not a test send) of the service at the address in parameter ``$base_url``."""
    return ("(k.channel = 'sms' OR k.error_code = 17 AND k.state = 'failed') AND k.campaign_id IN ("
            f"SELECT kc.id FROM campaigns kc WHERE kc.base_url = ${base_url} AND kc.test_send = 0)")


@dataclass(frozen=True)
class SmsOutcome:
    """What became of one SMS: ``state`` (sent, failed or unknown), the gateway's
    ``message_id``, ``status`` (an SmsDelivery value), ``cost`` (the gateway's currency,
    rials for Kavenegar), and for a failure ``error_code`` (the gateway's status) and
    ``error`` (a sentence)."""

    row: int
    state: str
    message_id: str | None = None
    status: str | None = None
    cost: int | None = None
    error_code: int | None = None
    error: str | None = None


@dataclass(frozen=True)
class ChannelCounts:
    """One campaign's recipients per channel, skipped rows aside: ``sent``, ``failed`` and
    ``left`` (still to send) by the service and by SMS; of the SMS sent, ``delivered``
    (final and reached), ``undelivered`` (final, not reached) and ``waiting`` (not final
    yet); and the SMS ``cost`` (the gateway's currency)."""

    bale_sent: int = 0
    bale_failed: int = 0
    bale_left: int = 0
    sms_failed: int = 0
    sms_left: int = 0
    delivered: int = 0
    undelivered: int = 0
    waiting: int = 0
    cost: int = 0

    @property
    def sms_sent(self) -> int:
        """The SMS sent: delivered, undelivered or not final yet."""
        return self.delivered + self.undelivered + self.waiting


class SmsChannel(Repository):
    """The SMS channel's reads and writes; every method raises JournalError. ``outcomes``:
    the store's send path, whose frequency cap an SMS counts against too."""

    def __init__(self, store: Store, outcomes: Outcomes) -> None:
        super().__init__(store)
        self.outcomes = outcomes

    @sentences
    def hand_over(self, campaign_id: int) -> int:
        """Move every recipient the service failed with code 17 to the SMS channel, pending
        (its lease epoch raised, so a frozen sender of the service writes nothing more on
        it); how many moved. Only for a campaign with an SMS fallback (a team store's own
        trigger refuses any other move: one channel per recipient)."""
        with self.transaction():
            cursor = self.db.execute(
                "UPDATE recipients SET channel = $1, state = $2, error_code = NULL, error = NULL, lease_owner = NULL,"
                f" lease_until = NULL, lease_epoch = lease_epoch + 1, updated_at = {self.store.NOW_TEXT}"
                " WHERE campaign_id = $3 AND channel = $4 AND state = $5 AND error_code = 17"
                " AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = $6 AND c.sms_fallback IS NOT NULL)",
                (Channel.SMS, RecipientState.PENDING, campaign_id, Channel.BALE, RecipientState.FAILED, campaign_id))
            return max(cursor.rowcount, 0)

    @sentences
    def hand_over_known(self, campaign_id: int, days: int = NO_ACCOUNT_DAYS) -> int:
        """Move to the SMS channel, before the service is asked, every pending recipient
        whose number another campaign of the same service (no test send) found without a
        Bale account (code 17, or sent by SMS) in the last ``days`` days by the store's
        clock; how many moved. Its lease epoch is raised: a sender of the service that
        claimed it sends it nothing."""
        base_url = Campaigns(self.store).get(campaign_id).base_url
        since = (self.store.store_now() - timedelta(days=days)).isoformat(timespec="milliseconds")
        with self.transaction():
            cursor = self.db.execute(
                "UPDATE recipients SET channel = $1, lease_owner = NULL, lease_until = NULL,"
                f" lease_epoch = lease_epoch + 1, updated_at = {self.store.NOW_TEXT}"
                " WHERE campaign_id = $2 AND channel = $3 AND state = $4 AND phone IN ("
                f" SELECT k.phone FROM recipients k WHERE {_known(5)} AND k.campaign_id <> $2 AND k.updated_at >= $6)"
                " AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = $2 AND c.sms_fallback IS NOT NULL)",
                (Channel.SMS, campaign_id, Channel.BALE, RecipientState.PENDING, base_url, since))
            return max(cursor.rowcount, 0)

    @sentences
    def known_without_account(self, phones: Sequence[str], base_url: str, days: int = NO_ACCOUNT_DAYS) -> set[str]:
        """Of ``phones``, those a campaign of the service at ``base_url`` found without a
        Bale account in the last ``days`` days (what :meth:`hand_over_known` would send by
        SMS), for a review."""
        since = (self.store.store_now() - timedelta(days=days)).isoformat(timespec="milliseconds")
        found: set[str] = set()
        listed = sorted(set(phones))
        for start in range(0, len(listed), 500):
            part = listed[start:start + 500]
            found |= {str(p) for (p,) in self.db.execute(
                f"SELECT DISTINCT k.phone FROM recipients k WHERE {_known(1)} AND k.updated_at >= $2"
                f" AND k.phone IN ({placeholders(3, len(part))})", (base_url, since, *part))}
        return found

    @sentences
    def sent(self, campaign_id: int) -> int:
        """Recipients of ``campaign_id`` sent by SMS."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM recipients WHERE campaign_id = $1 AND channel = $2 AND state = $3",
            (campaign_id, Channel.SMS, RecipientState.SENT)).fetchone()[0])

    @sentences
    def waiting(self, campaign_id: int) -> int:
        """Recipients that wait for an SMS: failed by the service with code 17 and still on
        its channel, or on the SMS channel and still to send."""
        return int(self.db.execute(
            "SELECT COUNT(*) FROM recipients WHERE campaign_id = $1"
            f" AND (channel = $2 AND state = $3 AND error_code = 17 OR channel = $4 AND state IN {_TO_SEND})",
            (campaign_id, Channel.BALE, RecipientState.FAILED, Channel.SMS)).fetchone()[0])

    @sentences
    def to_send(self, campaign_id: int, after: int, limit: int,
                    states: Sequence[str] | None = None) -> list[Recipient]:
        """Up to ``limit`` SMS recipients after sheet row ``after`` still to send (in
        ``states``; by default in flight, unknown and pending), in sheet order."""
        wanted = tuple(states or (RecipientState.IN_FLIGHT, RecipientState.UNKNOWN, RecipientState.PENDING))
        last = len(wanted) + 2
        rows = self.db.execute(
            f"SELECT {RECIPIENT_COLUMNS} FROM recipients WHERE campaign_id = $1 AND channel = $2"
            f" AND state IN ({placeholders(3, len(wanted))}) AND row > ${last + 1} ORDER BY row LIMIT ${last + 2}",
            (campaign_id, Channel.SMS, *wanted, after, limit)).fetchall()
        return [recipient(row) for row in rows]

    @sentences
    def mark_in_flight(self, target: Recipient, scope: CapScope | None) -> bool | Capped:
        """Mark an SMS recipient in flight before its message leaves: True; Capped when the
        frequency cap (``scope``) refuses a pending one (it is skipped as ``capped``);
        False when it is no longer an SMS to send (another sender settled it)."""
        with self.transaction():
            # The row as it is now (locked on a team store): another sender may have sent it since it was read.
            found = self.db.execute(
                "SELECT state FROM recipients WHERE campaign_id = $1 AND row = $2 AND channel = $3"
                + self.store.FOR_UPDATE,
                (target.campaign_id, target.row, Channel.SMS)).fetchone()
            if found is None or found[0] not in _TO_SEND_STATES:
                return False
            if scope is not None and found[0] == RecipientState.PENDING:
                capped = self.outcomes.over_cap([(replace(target, state=RecipientState.PENDING), "sms", time.time())],
                                                scope).get(0)
                if capped is not None:
                    self.db.execute(
                        "UPDATE recipients SET state = $1, verdict = 'capped', reason = $2,"
                        f" updated_at = {self.store.NOW_TEXT}"
                        " WHERE campaign_id = $3 AND row = $4 AND channel = $5 AND state = $6",
                        (RecipientState.SKIPPED, row_reason("capped", count=capped.count, days=capped.days),
                         target.campaign_id, target.row, Channel.SMS, RecipientState.PENDING))
                    return capped
            cursor = self.db.execute(
                f"UPDATE recipients SET state = $1, attempts = attempts + 1, updated_at = {self.store.NOW_TEXT}"
                f" WHERE campaign_id = $2 AND row = $3 AND channel = $4 AND state IN {_TO_SEND}",
                (RecipientState.IN_FLIGHT, target.campaign_id, target.row, Channel.SMS))
            return cursor.rowcount == 1

    @sentences
    def mark_skipped(self, campaign_id: int, row: int, verdict: str, reason: str) -> None:
        """An SMS recipient a send-time rule holds back (its number suppressed meanwhile)."""
        with self.transaction():
            self.db.execute(
                f"UPDATE recipients SET state = $1, verdict = $2, reason = $3, updated_at = {self.store.NOW_TEXT}"
                f" WHERE campaign_id = $4 AND row = $5 AND channel = $6 AND state IN {_TO_SEND}",
                (RecipientState.SKIPPED, verdict, reason, campaign_id, row, Channel.SMS))

    @sentences
    def record_outcome(self, campaign_id: int, outcome: SmsOutcome) -> bool:
        """Record what became of an SMS in flight; False when it was settled meanwhile."""
        with self.transaction():
            cursor = self.db.execute(
                "UPDATE recipients SET state = $1, message_id = COALESCE($2, message_id), sms_status = $3,"
                f" sms_cost = $4, error_code = $5, error = $6, updated_at = {self.store.NOW_TEXT}"
                f" WHERE campaign_id = $7 AND row = $8 AND channel = $9 AND state IN {_TO_SEND}",
                (outcome.state, outcome.message_id, outcome.status, outcome.cost, outcome.error_code, outcome.error,
                 campaign_id, outcome.row, Channel.SMS))
            return cursor.rowcount == 1

    @sentences
    def to_follow(self, campaign_id: int, final: Sequence[str]) -> list[tuple[int, str]]:
        """The SMS sent whose delivery status is not one of ``final``: (row, request_id) each."""
        return [(int(r[0]), str(r[1])) for r in self.db.execute(
            "SELECT row, request_id FROM recipients WHERE campaign_id = $1 AND channel = $2 AND state = $3"
            f" AND (sms_status IS NULL OR sms_status NOT IN ({placeholders(4, len(final))})) ORDER BY row",
            (campaign_id, Channel.SMS, RecipientState.SENT, *final)).fetchall()]

    @sentences
    def set_statuses(self, campaign_id: int, statuses: Sequence[tuple[int, str]]) -> None:
        """Store each ``(row, status)`` of SMS that were sent."""
        if not statuses:
            return
        with self.transaction():
            self.db.executemany(
                "UPDATE recipients SET sms_status = $1"
                " WHERE campaign_id = $2 AND row = $3 AND channel = $4 AND state = $5",
                [(status, campaign_id, row, Channel.SMS, RecipientState.SENT) for row, status in statuses])

    @sentences
    def channel_counts(self, campaign_id: int, delivered: Sequence[str], final: Sequence[str]) -> ChannelCounts:
        """Recipients per channel (:class:`ChannelCounts`): ``delivered`` and ``final`` are
        the SMS delivery statuses that count as reached and as final."""
        counts: dict[str, int] = {}
        cost = 0
        for channel, state, status, n, spent in self.db.execute(
                "SELECT channel, state, sms_status, COUNT(*), SUM(COALESCE(sms_cost, 0)) FROM recipients"
                " WHERE campaign_id = $1 AND state <> $2 GROUP BY channel, state, sms_status",
                (campaign_id, RecipientState.SKIPPED)):
            key = _count_key(str(channel), str(state), status, delivered, final)
            counts[key] = counts.get(key, 0) + int(n)
            cost += int(spent or 0)
        return ChannelCounts(**counts, cost=cost)


def _count_key(channel: str, state: str, status: str | None, delivered: Sequence[str], final: Sequence[str]) -> str:
    if channel == Channel.BALE:
        return {"sent": "bale_sent", "failed": "bale_failed"}.get(state, "bale_left")
    if state == RecipientState.FAILED:
        return "sms_failed"
    if state != RecipientState.SENT:
        return "sms_left"
    if status in delivered:
        return "delivered"
    return "undelivered" if status in final else "waiting"
