"""Creating campaigns: rows written in short chunks, then made ready in one transaction
with the repeat guard's last look; follow-up campaigns of a parent's failures or rest."""

from __future__ import annotations

import itertools
import json
import logging
import time
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

from app.campaign.journal.database import pause
from app.campaign.journal.errors import JournalFault, sentences
from app.campaign.journal.keys import new_request_ids, repeat_key, repeat_keys, repeat_prefix
from app.campaign.journal.records import (
    PERMANENT_CODES,
    STATES_TO_SEND,
    CampaignStatus,
    Channel,
    NewRecipient,
    Recipient,
    RecipientColumns,
    RecipientState,
    RepeatFound,
    RepeatPolicy,
    actor,
    now_text,
)
from app.campaign.journal.reading import Campaigns, Recipients
from app.campaign.journal.repeats import RepeatGuard
from app.campaign.journal.repository import Repository
from app.reasons import SERVICE_ERRORS, campaign_name

log = logging.getLogger(__name__)

#: A creation commits its rows in chunks that hold the write lock about this long (seconds).
CHUNK_SECONDS = 0.08
#: Seconds a creation lets the write lock go between its chunks: another writer waiting
#: tries every few milliseconds (app/campaign/journal/database.py), and a sheet rendered
#: by column makes the next chunk in a millisecond, holding the GIL.
CHUNK_YIELD_SECONDS = 0.005
#: Rows rendered and written by the first statement while creating a campaign (later
#: chunks are sized by how long that one held the lock).
CHUNK_ROWS = 500
#: A campaign still "creating" after this many seconds without progress was abandoned (killed).
ABANDONED_AFTER_SECONDS = 600.0


class CampaignCreation(Repository):
    """Stores new campaigns, with the repeat guard's look (app/campaign/journal/repeats.py);
    every public method raises JournalError, never a driver's error."""

    @sentences
    def create(
        self,
        *,
        name: str,
        kind: str,
        content: dict[str, Any],
        bot_id: int,
        rate_per_minute: float,
        in_flight: int,
        base_url: str,
        recipients: Iterable[NewRecipient | RecipientColumns],
        source_path: str | None = None,
        parent_id: int | None = None,
        quiet_hours: tuple[str, str] | None = None,
        time_zone: str = "Asia/Tehran",
        start_at: str | None = None,
        repeats_since: datetime | None = None,
        repeat_policy: RepeatPolicy = RepeatPolicy.REFUSE,
        ignore_cap: bool = False,
        approval: str | None = None,
        series_id: int | None = None,
        test_send: bool = False,
        sms_fallback: str | None = None,
    ) -> int:
        """Store a campaign and all its rows; return its id.

        Rows with message data start ``pending`` with a ``request_id`` that never
        changes (a new one unless the row brings its own); other rows start ``skipped``.
        ``quiet_hours`` is ``("HH:MM", "HH:MM")`` in ``time_zone``; ``start_at`` is an
        ISO 8601 instant.

        Rows are rendered (``recipients`` is consumed) outside any transaction and written
        in chunks of :data:`CHUNK_ROWS`, so a big campaign never holds the journal's write
        lock for long; the campaign stays ``creating`` (invisible, unsendable) until one
        last transaction checks for repeats and makes it ``ready``: a kill leaves all or
        nothing. The repeat guard (docs/architecture.md, "Send-time rules"): with
        ``repeats_since`` (aware), a row whose phone already got the same message from the
        same bot and service in a campaign made since then (sent, or on its way) is a
        repeat; ``repeat_policy`` refuses the campaign (RepeatFound), skips those rows or
        allows them. The check and the campaign becoming ready are one transaction, so of
        two identical campaigns created at once exactly one passes. ``ignore_cap``: the
        frequency cap does not apply to this campaign; ``approval``: its approval state
        when campaigns need one (app.campaign.approval); ``series_id``: the repeating
        campaign it is a run of; ``test_send``: a test of a draft, which the frequency
        cap and the repeat guard do not count; ``sms_fallback``: the opt-out line of the
        SMS sent to numbers that have no Bale account ('' none; None: no SMS, docs/sms.md).
        """
        try:
            self._drop_abandoned()
            with self.transaction():
                campaign_id = self._insert_creating(
                    name=name, source_path=source_path, kind=kind, content=content, bot_id=bot_id,
                    rate_per_minute=rate_per_minute, in_flight=in_flight, base_url=base_url, parent_id=parent_id,
                    quiet_hours=quiet_hours, time_zone=time_zone, start_at=start_at, ignore_cap=ignore_cap,
                    approval=approval, series_id=series_id, test_send=test_send, sms_fallback=sms_fallback)
        except Exception as exc:  # noqa: BLE001 - the store's sentence when it is the store's, else raised as is
            raise self.store.creation_error(exc) or exc from None
        self._fill(campaign_id, recipients, repeat_prefix(base_url, bot_id), repeats_since, repeat_policy)
        return campaign_id

    def _fill(self, campaign_id: int, recipients: Iterable[NewRecipient | RecipientColumns], prefix: str,
              repeats_since: datetime | None, repeat_policy: RepeatPolicy) -> None:
        """Write the rows of ``creating`` campaign ``campaign_id``, then make it ready: a
        campaign refused as a repeat is dropped, one that failed is abandoned (and the
        store's sentence raised)."""
        try:
            self._write_rows(campaign_id, recipients, prefix)
            self._make_ready(campaign_id, repeats_since, repeat_policy)
        except RepeatFound:
            self._drop(campaign_id)
            raise
        except BaseException as exc:
            self._abandon(campaign_id)
            explained = self.store.creation_error(exc) if isinstance(exc, Exception) else None
            if explained is None:
                raise
            raise explained from None

    def _insert_creating(self, *, name: str, source_path: str | None, kind: str, content: dict[str, Any],
                         bot_id: int, rate_per_minute: float, in_flight: int, base_url: str, parent_id: int | None,
                         quiet_hours: tuple[str, str] | None, time_zone: str, start_at: str | None,
                         ignore_cap: bool = False, approval: str | None = None,
                         series_id: int | None = None, test_send: bool = False,
                         sms_fallback: str | None = None) -> int:
        """The campaign's row, ``creating``; its id."""
        quiet_start, quiet_end = quiet_hours or (None, None)
        now = self.store.NOW_TEXT  # the store's clock: another desktop's judges this creation abandoned by it
        cursor = self.db.execute(
            "INSERT INTO campaigns (created_at, name, source_path, kind, content, bot_id, rate_per_minute,"
            " in_flight, base_url, status, parent_id, quiet_start, quiet_end, time_zone, start_at, updated_at,"
            " created_by, created_on, ignore_cap, approval, series_id, test_send, sms_fallback)"
            f" VALUES ({now},$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,{now},$15,$16,$17,$18,$19,$20,$21)"
            " RETURNING id",
            (name, source_path, kind, json.dumps(content, ensure_ascii=False), bot_id,
             rate_per_minute, in_flight, base_url, CampaignStatus.CREATING, parent_id, quiet_start, quiet_end,
             time_zone, start_at, *actor(), int(ignore_cap), approval, series_id,
             int(test_send), sms_fallback),
        )
        return int(cursor.fetchone()[0])

    def _make_ready(self, campaign_id: int, repeats_since: datetime | None, repeat_policy: RepeatPolicy) -> None:
        """The repeat guard's look, then ``ready``: the long look outside the write lock,
        the last look (campaigns made ready meanwhile) and the change of status in one
        transaction. What "meanwhile" means is the store's order of readiness
        (``ready_seq``, taken under the same lock), never a clock: desktops' clocks
        disagree, and a creation stamped early can commit late."""
        looked_upto = int(self.db.execute("SELECT COALESCE(MAX(ready_seq), 0) FROM campaigns").fetchone()[0])
        guard = RepeatGuard(self.store)
        if repeats_since is not None and repeat_policy is RepeatPolicy.REFUSE:
            guard.refuse(campaign_id, repeats_since)
        with self.transaction():
            self.store.serialized()  # of two identical creations at once, the second sees the first
            if repeats_since is not None and repeat_policy is RepeatPolicy.REFUSE:
                newer = [i for (i,) in self.db.execute(
                    "SELECT id FROM campaigns WHERE ready_seq > $1 AND id != $2", (looked_upto, campaign_id))]
                if newer:
                    guard.refuse(campaign_id, repeats_since, newer)
            elif repeats_since is not None and repeat_policy is RepeatPolicy.ONLY_NEW:
                guard.skip(campaign_id, repeats_since)
            now = self.store.NOW_TEXT
            self.db.execute(
                f"UPDATE campaigns SET status = $1, created_at = {now}, updated_at = {now},"
                " ready_seq = (SELECT COALESCE(MAX(ready_seq), 0) + 1 FROM campaigns) WHERE id = $2",
                (CampaignStatus.READY, campaign_id))
            self.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine)"
                            " VALUES ($1, $2, 'created', $3, $4)", (now_text(), campaign_id, *actor()))

    def _write_rows(self, campaign_id: int, recipients: Iterable[NewRecipient | RecipientColumns],
                    key_prefix: str) -> None:
        with self.store.bulk_writing():
            self._write_chunks(campaign_id, _stored_rows(campaign_id, recipients, key_prefix), CHUNK_ROWS)

    def _write_chunks(self, campaign_id: int, rows: Iterator[tuple[Any, ...]], chunk: int) -> None:
        while True:
            values = list(itertools.islice(rows, chunk))  # rendering happens here, with no lock held
            if not values:
                return
            started = time.perf_counter()
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, reason, message_data,"
                    " request_id, state, repeat_key, channel) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)", values)
                self.db.execute(f"UPDATE campaigns SET updated_at = {self.store.NOW_TEXT} WHERE id = $1",
                                (campaign_id,))
            # Size the next chunk so its transaction holds the lock about CHUNK_SECONDS.
            took = max(time.perf_counter() - started, 1e-4)
            chunk = max(100, min(50_000, int(len(values) * CHUNK_SECONDS / took)))
            self._let_others_write()

    def _let_others_write(self) -> None:
        """Between two chunks of a creation or a drop: let the journal's write lock go for
        :data:`CHUNK_YIELD_SECONDS` (SQLite; a team store's rows are locked one by one)."""
        if self.store.commits_locally:
            pause(CHUNK_YIELD_SECONDS)

    def _abandon(self, campaign_id: int) -> None:
        """Leave an interrupted creation for :meth:`_drop_abandoned` (fast: one update)."""
        try:
            with self.transaction():
                self.db.execute("UPDATE campaigns SET updated_at = '1970-01-01' WHERE id = $1 AND status = $2",
                                (campaign_id, CampaignStatus.CREATING))
        except Exception as exc:
            if self.database_error(exc) is None:
                raise

    def _drop_abandoned(self) -> None:
        """Remove creations that a killed or interrupted process left behind (quiet for
        :data:`ABANDONED_AFTER_SECONDS` by the store's clock, which stamps them)."""
        limit = self.store.store_now() - timedelta(seconds=ABANDONED_AFTER_SECONDS)
        for (campaign_id,) in self.db.execute(
                "SELECT id FROM campaigns WHERE status = $1 AND (updated_at IS NULL OR updated_at < $2)",
                (CampaignStatus.CREATING, limit.isoformat(timespec="milliseconds"))).fetchall():
            try:
                self._drop(campaign_id)
            except Exception as exc:  # one the store keeps stops no creation of the team
                explained = self.database_error(exc)
                if explained is None or explained.kind not in (JournalFault.REFUSED, JournalFault.NO_PERMISSION,
                                                               JournalFault.OTHER):
                    raise
                log.warning("an abandoned creation, campaign %s, could not be dropped: %s", campaign_id, exc)

    def _drop(self, campaign_id: int) -> None:
        """Delete a campaign that was never sent, in chunks that never hold the lock for long."""
        while True:
            with self.transaction():
                gone = self.db.execute(
                    "DELETE FROM recipients WHERE campaign_id = $1 AND row IN"
                    " (SELECT row FROM recipients WHERE campaign_id = $2 LIMIT $3)",
                    (campaign_id, campaign_id, CHUNK_ROWS * 4)).rowcount
                if not gone:
                    self.db.execute("DELETE FROM campaigns WHERE id = $1", (campaign_id,))
                    return
            self._let_others_write()

    @sentences
    def retry(self, parent_id: int, *, include_unknown: bool = False) -> int:
        """A follow-up campaign of the parent's retryable failures (and, by choice, its
        unknown outcomes), linked to it; returns its id.

        Each row keeps its parent's message and ``request_id``, so a message that did
        arrive despite the error is not delivered twice. Permanent per-recipient
        failures (codes 4, 8, 17) are not retried. Raises KeyError for an unknown
        parent and ValueError when there is nothing to retry.
        """
        states = (RecipientState.FAILED, RecipientState.UNKNOWN) if include_unknown else (RecipientState.FAILED,)
        everyone = Recipients(self.store).listed(parent_id)
        failed = [r for r in everyone if r.state in states]
        rows = [r for r in failed if r.error_code not in PERMANENT_CODES]
        if not rows:
            raise ValueError(f"campaign {parent_id} has no failures worth retrying: "
                             + _why_nothing_to_retry(failed, everyone, include_unknown))
        return self._follow_up(parent_id, rows, "retry")

    @sentences
    def rest(self, parent_id: int) -> int:
        """A follow-up campaign of what a cancelled (or paused) parent never finished:
        its pending, in-flight and unknown recipients, each with its parent's message and
        ``request_id`` (one that may have arrived is dropped by the service as a repeat);
        returns its id. Raises KeyError for an unknown parent and ValueError when
        nothing is left."""
        rows = [r for r in Recipients(self.store).listed(parent_id) if r.state in STATES_TO_SEND]
        if not rows:
            raise ValueError(f"campaign {parent_id} has nobody left to send to")
        return self._follow_up(parent_id, rows, "rest")

    def _follow_up(self, parent_id: int, rows: list[Recipient], why: str) -> int:
        parent = Campaigns(self.store).get(parent_id)
        return self.create(
            name=campaign_name(why, name=parent.name, id=parent_id), kind=parent.kind, content=parent.content,
            bot_id=parent.bot_id, rate_per_minute=parent.rate_per_minute, in_flight=parent.in_flight,
            base_url=parent.base_url, source_path=parent.source_path, parent_id=parent_id,
            recipients=[NewRecipient(r.row, r.phone_input, r.phone, "valid", None, r.message_data, r.request_id,
                                     r.channel) for r in rows],
            quiet_hours=(parent.quiet_start, parent.quiet_end) if parent.quiet_start and parent.quiet_end else None,
            time_zone=parent.time_zone, ignore_cap=bool(parent.ignore_cap), approval=parent.approval,
            sms_fallback=parent.sms_fallback,  # an SMS row stays one: same request_id, same local id, never twice
        )


def _why_nothing_to_retry(failed: list[Recipient], everyone: list[Recipient], include_unknown: bool) -> str:
    """Why a retry campaign would be empty: permanent failures (with what their codes
    mean), or nobody failed (and whether unknown outcomes could be retried instead)."""
    if failed:
        codes = sorted({int(r.error_code) for r in failed if r.error_code is not None})
        return (f"{'its failure' if len(failed) == 1 else f'its {len(failed):,} failures'} cannot succeed on a retry ("
                + "; ".join(f"{code}: {SERVICE_ERRORS.get(code, 'error')}" for code in codes) + ")")
    unknown = sum(1 for r in everyone if r.state == RecipientState.UNKNOWN)
    if unknown and not include_unknown:
        return f"nobody failed; {unknown:,} outcome{'s are' if unknown != 1 else ' is'} unknown (--include-unknown)"
    return "nobody failed"


def _stored_rows(campaign_id: int, recipients: Iterable[NewRecipient | RecipientColumns],
                 key_prefix: str) -> Iterator[tuple[Any, ...]]:
    """Each recipient as the row inserted (``INSERT INTO recipients`` of :meth:`CampaignCreation._write_chunks`),
    lazily: a row with a message ``pending`` with its request id (a new one unless it brings
    its own) and repeat key, others ``skipped``; a column batch's keys and ids made at once."""
    ids: Iterator[str] = iter(())
    for item in recipients:
        if isinstance(item, RecipientColumns):
            yield from _stored_columns(campaign_id, item, key_prefix)
            continue
        data = item.stored_message
        if data is None:
            yield (campaign_id, item.row, item.phone_input, item.phone, item.verdict, item.reason, None, None,
                   RecipientState.SKIPPED, None, item.channel)
            continue
        request_id = item.request_id or next(ids, None)
        if request_id is None:
            ids = iter(new_request_ids(CHUNK_ROWS))
            request_id = next(ids)
        yield (campaign_id, item.row, item.phone_input, item.phone, item.verdict, item.reason, data, request_id,
               RecipientState.PENDING, repeat_key(key_prefix, item.phone, data), item.channel)


def _stored_columns(campaign_id: int, columns: RecipientColumns, key_prefix: str) -> Iterator[tuple[Any, ...]]:
    """:func:`_stored_rows` of a column batch: its repeat keys and request ids made at once."""
    messages = columns.messages
    sent = [n for n, message in enumerate(messages) if message is not None]
    keys = repeat_keys(key_prefix, [str(columns.phones[n]) for n in sent], [str(messages[n]) for n in sent])
    request_ids: list[str | None] = [None] * len(messages)
    repeats: list[int | None] = [None] * len(messages)
    states = [RecipientState.SKIPPED] * len(messages)
    for n, key, request_id in zip(sent, keys, new_request_ids(len(sent))):
        request_ids[n], repeats[n], states[n] = request_id, key, RecipientState.PENDING
    return zip(itertools.repeat(campaign_id), columns.rows, columns.phone_inputs, columns.phones, columns.verdicts,
               columns.reasons, messages, request_ids, states, repeats, itertools.repeat(Channel.BALE))
