"""The repeat guard: has this phone already got this message from this bot and service
recently? (docs/architecture.md, "Send-time rules")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timezone
from typing import NamedTuple

from app.campaign.journal.errors import sentences
from app.campaign.journal.keys import repeat_key, repeat_prefix, to_json
from app.campaign.journal.reading import Campaigns
from app.campaign.journal.records import NewRecipient, RecipientState, RepeatFound
from app.campaign.journal.repository import Repository
from app.reasons import row_reason


def _instant(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")


#: Stands for "every campaign ready" in a ``ready_seq`` bound (PostgreSQL's largest BIGINT).
_EVERY_READY = 2**63 - 1


class EarlierPhones(NamedTuple):
    """What :meth:`RepeatGuard.phones_since` read: the ``phones`` (None: too many to read)
    and the journal's moment, ``ready_upto``: the last campaign made ready (its ready_seq)."""

    phones: set[str] | None
    ready_upto: int


class RepeatGuard(Repository):
    """Finds rows that repeat a recent campaign's message, before and at creation."""

    #: An earlier row that got (or will get) its message: sent, maybe sent, or still to send
    #: in a campaign that was not cancelled.
    _ON_ITS_WAY = ("c.test_send = 0 AND (old.state IN ('sent', 'in_flight', 'unknown')"
                   " OR (old.state = 'pending' AND c.status != 'cancelled'))")
    #: 1 for an earlier row that got (or may have got) its message, 0 for one still to send.
    _EARLIER_SENT = "CASE WHEN old.state IN ('sent', 'in_flight', 'unknown') THEN 1 ELSE 0 END"
    #: Rows of the new campaign ``$1`` that repeat a campaign created since the instant ``$2``.
    _REPEATS = (
        "FROM campaigns c JOIN recipients old ON old.campaign_id = c.id"
        " JOIN recipients new ON new.phone = old.phone AND new.repeat_key = old.repeat_key AND new.campaign_id = $1"
        " WHERE c.id != $1 AND c.status != 'creating' AND c.created_at >= $2"
        " AND old.repeat_key IS NOT NULL AND " + _ON_ITS_WAY
    )

    @sentences
    def count_repeats(self, recipients: Iterable[NewRecipient], *, base_url: str, bot_id: int,
                      since: datetime, excluding: int | None = None) -> RepeatFound | None:
        """Before creating a campaign: how many of ``recipients`` with a message would be
        repeats (see :meth:`CampaignCreation.create`) of campaigns made since ``since``, out of how
        many, how many of those are only still to get it, and the newest such campaign,
        as the RepeatFound that creating would raise (None when there are none); the
        campaign ``excluding`` (one made from these rows already) does not count. Reads
        only (a temporary table of keys)."""
        prefix = repeat_prefix(base_url, bot_id)
        sent = [r for r in recipients if r.message_data is not None]
        keys = [repeat_key(prefix, r.phone, to_json(r.message_data)) for r in sent]
        return self.count_repeat_keys([str(r.phone) for r in sent], keys, since=since, excluding=excluding)

    @sentences
    def phones_since(self, since: datetime, *, excluding: int | None = None, at_most: int) -> EarlierPhones:
        """The phones (wire form) of every earlier recipient a repeat could match: one with a
        repeat key that got (or will get) its message from a campaign made since ``since``
        (but ``excluding``) and ready by now; a recipient whose phone is not among them
        repeats nobody. The phones are None when there are more than ``at_most`` such
        recipients (reading them would cost more than it saves)."""
        # Campaigns become ready one at a time, in ready_seq's order: the ones up to this
        # one are the journal as of now, the same set for the count that follows.
        ready_upto = int(self.db.execute("SELECT COALESCE(MAX(ready_seq), 0) FROM campaigns").fetchone()[0])
        found = self.db.execute(
            # CROSS JOIN: SQLite reads the window's campaigns first, then each one's rows by
            # its key (not every row of the journal by its repeat key: three times as long).
            "SELECT old.phone FROM campaigns c CROSS JOIN recipients old WHERE old.campaign_id = c.id"
            " AND c.status != 'creating' AND c.created_at >= $1 AND c.id <> $2 AND c.ready_seq <= $3"
            " AND old.repeat_key IS NOT NULL AND " + self._ON_ITS_WAY + " LIMIT $4",
            (_instant(since), excluding or 0, ready_upto, at_most + 1)).fetchall()
        return EarlierPhones(None if len(found) > at_most else {str(phone) for (phone,) in found}, ready_upto)

    @sentences
    def count_repeat_keys(self, phones: Sequence[str], keys: Sequence[int], *, since: datetime,
                          excluding: int | None = None, total: int | None = None,
                          ready_upto: int | None = None) -> RepeatFound | None:
        """:meth:`count_repeats` of the recipients whose phones (wire form) and repeat keys
        (app.campaign.journal.keys) are ``phones`` and ``keys``, one pair a recipient with a
        message, out of ``total`` (default: as many as
        ``keys``; more when the keys of recipients :meth:`phones_since` ruled out are left
        out); only campaigns ready by ``ready_upto`` (:meth:`phones_since`'s) count when
        given, so the two reads see the same campaigns. None at once when no campaign but
        test sends was made since ``since`` (but ``excluding``)."""
        if not keys or not self.db.execute(
                "SELECT 1 FROM campaigns c WHERE c.status != 'creating' AND c.created_at >= $1 AND c.id <> $2"
                " AND c.test_send = 0 LIMIT 1", (_instant(since), excluding or 0)).fetchone():
            return None
        self.db.execute("CREATE TEMP TABLE IF NOT EXISTS probe (n INTEGER, phone TEXT, repeat_key BIGINT)")
        self.db.execute("CREATE INDEX IF NOT EXISTS probe_by_key ON probe (phone, repeat_key)")
        try:
            self.db.execute("DELETE FROM probe")
            # In one statement, and in order: the index grows at its end (a quarter of the time).
            self.db.execute("INSERT INTO probe " + self.store.JSON_PHONE_KEYS.format("$1"),
                            (to_json(sorted(zip(phones, keys, strict=True))),))
            count, waiting, earlier = self.db.execute(
                "SELECT COUNT(*), SUM(1 - got), MAX(latest) FROM (SELECT p.n, MAX(" + self._EARLIER_SENT + ") AS got,"
                " MAX(c.id) AS latest FROM probe p"
                # Each probe, then its phone's rows by their index (SQLite keeps CROSS JOIN's order;
                # the journal keeps no index of repeat keys, schema v17, so the other way round
                # would read every row of the journal).
                " CROSS JOIN recipients old JOIN campaigns c ON c.id = old.campaign_id"
                " WHERE old.phone = p.phone AND old.repeat_key = p.repeat_key AND c.status != 'creating'"
                " AND c.created_at >= $1 AND c.id <> $2 AND c.ready_seq <= $3 AND "
                + self._ON_ITS_WAY + " GROUP BY p.n) AS r",
                (_instant(since), excluding or 0, _EVERY_READY if ready_upto is None else ready_upto)).fetchone()
        finally:
            self.db.execute("DELETE FROM probe")
        if not count or not earlier:
            return None
        return RepeatFound(Campaigns(self.store).get(int(earlier)), int(count), len(keys) if total is None else total,
                           int(waiting or 0))

    def refuse(self, campaign_id: int, since: datetime, among: list[int] | None = None) -> None:
        """Raise RepeatFound if rows of ``campaign_id`` repeat campaigns made since ``since``
        (only those with an id in ``among``, when given)."""
        params = (campaign_id, _instant(since))
        only = ""
        if among is not None:
            only = f" AND c.id IN ({', '.join(str(int(i)) for i in among)})"
        count, waiting, earlier = self.db.execute(
            f"SELECT COUNT(*), SUM(1 - got), MAX(latest) FROM (SELECT new.row, MAX({self._EARLIER_SENT}) AS got,"
            f" MAX(c.id) AS latest {self._REPEATS}{only} GROUP BY new.row) AS r", params).fetchone()
        if count:
            total = self.db.execute("SELECT COUNT(*) FROM recipients WHERE campaign_id = $1 AND state = $2",
                                    (campaign_id, RecipientState.PENDING)).fetchone()[0]
            raise RepeatFound(Campaigns(self.store).get(int(earlier)), int(count), int(total), int(waiting or 0))

    def skip(self, campaign_id: int, since: datetime) -> None:
        """Skip (as ``repeat``) the pending rows of ``campaign_id`` that repeat a campaign
        made since ``since``, each naming the campaign that sent it (or will)."""
        params = (campaign_id, _instant(since))
        # Per row, the newest campaign that sent it, else the newest still to send it.
        found: dict[int, tuple[int, int]] = {}
        for row, earlier, got in self.db.execute(
                f"SELECT DISTINCT new.row, c.id, {self._EARLIER_SENT} AS got {self._REPEATS}"
                " ORDER BY new.row, got DESC, c.id DESC", params).fetchall():
            found.setdefault(int(row), (int(earlier), int(got)))
        self.db.executemany(
            "UPDATE recipients SET state = $1, verdict = 'repeat', reason = $2 WHERE campaign_id = $3 AND row = $4"
            " AND state = $5",
            [(RecipientState.SKIPPED, row_reason("repeat" if got else "repeat_waiting", campaign=earlier),
              campaign_id, row, RecipientState.PENDING) for row, (earlier, got) in found.items()])

