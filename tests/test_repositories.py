"""Issue 36: each of the store's repositories alone, over a store of each engine (a bare
SQLite connection; the team store's own), through its public methods only."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from app.campaign.journal import CampaignStatus, Journal, NewRecipient, RepeatFound, StopRequest
from app.campaign.journal.audit import AuditTrail
from app.campaign.journal.connection import JournalConnection
from app.campaign.journal.control import CampaignControl, SeriesRuns
from app.campaign.journal.reading import Campaigns, Recipients
from app.campaign.journal.repeats import RepeatGuard
from app.campaign.journal.records import RecipientState
from app.campaign.journal.repository import Store
from app.campaign.journal.sms import SmsChannel
from app.campaign.journal.shared import SharedSettings
from app.campaign.progress import PaceShown
from app.campaign.repeat import RepeatRule, add_series, one_series
from app.desktop import paths
from app.jobs.store import open_store, store_location
from app.reasons import Reason
from tests.helpers.journal import make

pytestmark = pytest.mark.usefixtures("each_store")


@pytest.fixture
def store() -> Iterator[Store]:
    """The bare store of this test's engine: SQLite's connection without the Journal's
    classes, or the team store (its repositories come from the store's own classes)."""
    bare = JournalConnection(paths.journal_path()) if store_location() is None else open_store()
    yield bare
    bare.close()  # type: ignore[attr-defined]


def test_campaigns_and_their_recipients_are_read_as_stored(store: Store) -> None:
    with open_store() as journal:
        first, second = make(journal), make(journal)
    campaigns, recipients = Campaigns(store), Recipients(store)
    assert [c.id for c in campaigns.all()][:2] == [second, first]  # newest first
    assert campaigns.get(first).content == {"text": "hi"}
    with pytest.raises(KeyError):
        campaigns.get(second + 1)
    assert [(r.row, r.state) for r in recipients.listed(first)] == [(2, "pending"), (3, "skipped"), (4, "skipped")]
    assert [r.row for r in recipients.to_send(first)] == [2]
    assert (recipients.counts(first).pending, recipients.counts(first).total) == (1, 3)
    assert recipients.skipped_counts(first) == {"duplicate": 1, "invalid": 1}
    assert [(r["row"], r["status"]) for r in recipients.result_rows(first)] == [
        (2, "pending"), (3, "invalid"), (4, "duplicate")]


def test_an_outcome_is_recorded_after_its_mark_and_counted_by_the_cap(store: Store) -> None:
    with open_store() as journal:
        campaign_id = make(journal)
        outcomes = journal.OUTCOMES(store)
    first = Recipients(store).listed(campaign_id)[0]
    since = "2000-01-01T00:00:00.000+00:00"
    assert outcomes.messages_to("989121234567", since, None, count_otp=False) == 0
    attempt = outcomes.mark_in_flight(first, "text", time.time())
    assert isinstance(attempt, int)
    assert outcomes.messages_to("989121234567", since, None, count_otp=False) == 1  # in flight: it may arrive
    assert outcomes.record_outcome(campaign_id, first.row, RecipientState.SENT, attempt_id=attempt, now=time.time(),
                                   message_id="m-1")
    assert [(r.state, r.message_id) for r in Recipients(store).listed(campaign_id, RecipientState.SENT)] == [
        ("sent", "m-1")]
    assert outcomes.phones_at_cap(since, 1, None, count_otp=False) == {"989121234567"}
    assert outcomes.phones_at_cap(since, 1, None, count_otp=False, excluding=campaign_id) == set()  # its own review
    assert outcomes.recent_attempts("989121234567", "text", 0) == 1
    sms = SmsChannel(store, outcomes)
    assert (sms.sent(campaign_id), sms.waiting(campaign_id), sms.hand_over(campaign_id)) == (0, 0, 0)  # no fallback


def test_a_request_that_never_left_or_was_refused_as_over_the_rate_is_not_counted_as_maybe_delivered(
        store: Store) -> None:
    # The local per-phone hour of one-time passwords counts what may have reached the phone:
    # a mark given back (a pause between its commit and its request) and a 429 did not.
    with open_store() as journal:
        campaign_id = make(journal)
        outcomes = journal.OUTCOMES(store)
    first = Recipients(store).listed(campaign_id)[0]
    for state in (RecipientState.PENDING, RecipientState.PENDING, RecipientState.FAILED):
        attempt = outcomes.mark_in_flight(first, "otp", time.time())
        assert isinstance(attempt, int) and outcomes.recent_attempts("989121234567", "otp", 0) == 1  # in flight
        assert outcomes.record_outcome(campaign_id, first.row, state, attempt_id=attempt, now=time.time())
        assert outcomes.recent_attempts("989121234567", "otp", 0) == 0
    attempt = outcomes.mark_in_flight(first, "otp", time.time())
    assert outcomes.record_outcome(campaign_id, first.row, RecipientState.UNKNOWN, attempt_id=attempt, now=time.time())
    assert outcomes.recent_attempts("989121234567", "otp", 0) == 1  # its answer lost: it may have arrived


def test_a_creation_is_refused_as_a_repeat_whole_and_the_guard_counts_it_before(store: Store) -> None:
    with open_store() as journal:
        creation = journal.CREATION(store)
    rows = [NewRecipient(n, f"0912000000{n}", f"98912000000{n}", "valid", None, {"message": {"text": "hi"}})
            for n in range(2, 5)]
    settings = dict(name="t", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60, in_flight=2,
                    base_url="http://127.0.0.1:1")
    since = datetime.now(timezone.utc) - timedelta(days=1)
    first = creation.create(**settings, recipients=rows, repeats_since=since)  # type: ignore[arg-type]
    found = RepeatGuard(store).count_repeats(rows, base_url="http://127.0.0.1:1", bot_id=1001, since=since)
    assert found is not None and (found.earlier.id, found.count, found.total, found.waiting) == (first, 3, 3, 3)
    # The review of the draft the campaign was made from: not a repeat of itself.
    assert RepeatGuard(store).count_repeats(rows, base_url="http://127.0.0.1:1", bot_id=1001, since=since,
                                            excluding=first) is None
    stored = "SELECT (SELECT COUNT(*) FROM campaigns), (SELECT COUNT(*) FROM recipients)"
    before = tuple(store.db.execute(stored).fetchone())
    with pytest.raises(RepeatFound):
        creation.create(**settings, recipients=rows, repeats_since=since)  # type: ignore[arg-type]
    assert tuple(store.db.execute(stored).fetchone()) == before  # refused whole: not even its rows stay
    assert RepeatGuard(store).count_repeats(rows, base_url="http://127.0.0.1:1", bot_id=2, since=since) is None


def test_the_phones_a_repeat_could_match_are_those_of_the_rows_the_count_finds(store: Store) -> None:
    # Earlier rows in every state a campaign's rows can be in: the phones read first
    # (to key only their rows) must hold every phone the count itself could match.
    with open_store() as journal:
        creation, outcomes = journal.CREATION(store), journal.OUTCOMES(store)
    guard, since = RepeatGuard(store), datetime.now(timezone.utc) - timedelta(days=1)

    def made(numbers: range, **how: object) -> int:
        rows = [NewRecipient(n, f"0912000000{n}", f"98912000000{n}", "valid", None, {"message": {"text": "hi"}})
                for n in numbers]
        return creation.create(name="t", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60,
                               in_flight=2, base_url="http://127.0.0.1:1", recipients=rows, **how)  # type: ignore[arg-type]

    def ends(campaign_id: int, row: int, state: RecipientState) -> None:
        recipient = next(r for r in Recipients(store).listed(campaign_id) if r.row == row)
        attempt = outcomes.mark_in_flight(recipient, "text", time.time())
        assert isinstance(attempt, int)
        if state != RecipientState.IN_FLIGHT:
            assert outcomes.record_outcome(campaign_id, row, state, attempt_id=attempt, now=time.time())

    cancelled = made(range(1, 4))  # 1 sent, 2 pending, 3 failed, then cancelled
    ends(cancelled, 1, RecipientState.SENT)
    ends(cancelled, 3, RecipientState.FAILED)
    CampaignControl(store).set_status(cancelled, CampaignStatus.CANCELLED)
    ready = made(range(4, 8))  # 4 unknown, 5 in flight, 6 pending, 7 failed
    for row, state in ((4, RecipientState.UNKNOWN), (5, RecipientState.IN_FLIGHT), (7, RecipientState.FAILED)):
        ends(ready, row, state)
    made(range(8, 9), test_send=True)  # a test of a draft counts for nobody
    earlier = guard.phones_since(since, at_most=100)
    assert earlier.phones == {f"98912000000{n}" for n in (1, 4, 5, 6)}
    everyone = [NewRecipient(n, "", f"98912000000{n}", "valid", None, {"message": {"text": "hi"}}) for n in range(1, 9)]
    found = guard.count_repeats(everyone, base_url="http://127.0.0.1:1", bot_id=1001, since=since)
    assert found is not None and (found.count, found.total) == (len(earlier.phones), 8)
    assert guard.phones_since(since, excluding=ready, at_most=100).phones == {"989120000001"}
    assert guard.phones_since(since, at_most=3).phones is None  # too many to be worth reading


def test_the_audit_trail_keeps_entries_in_order_and_by_campaign(store: Store) -> None:
    with open_store() as journal:
        campaign_id = make(journal)
    trail = AuditTrail(store)
    before = len(trail.entries())
    trail.add("exported", campaign_id, "/tmp/results.csv")
    trail.add("opt-out", None, "09121110001: STOP")
    entries = trail.entries()[before:]
    assert [(e["action"], e["campaign_id"], e["detail"]) for e in entries] == [
        ("exported", campaign_id, "/tmp/results.csv"), ("opt-out", None, "09121110001: STOP")]
    assert all(e["os_user"] and e["machine"] and e["at"] for e in entries)
    assert [e["action"] for e in trail.entries(campaign_id)][-1] == "exported"


def test_shared_settings_round_trip_json_and_two_appending_at_once_both_land(store: Store) -> None:
    shared = SharedSettings(store)
    assert shared.get("prices") is None
    shared.set("prices", {"text": 120, "نام": "ریال"})
    assert shared.get("prices") == {"text": 120, "نام": "ریال"}
    for n in range(5):
        shared.append("balance_history", n, keep=3)
    assert shared.get("balance_history") == [2, 3, 4]

    def append_many(first: int) -> None:
        mine = SharedSettings(store)  # each thread its own connection, through the store
        for n in range(first, first + 20):
            mine.append("log", n, keep=100)

    threads = [threading.Thread(target=append_many, args=(first,)) for first in (0, 100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(shared.get("log")) == [*range(20), *range(100, 120)]


def test_a_campaigns_control_sets_status_only_from_the_status_expected(store: Store) -> None:
    with open_store() as journal:
        campaign_id = make(journal)
        control = journal.CONTROL(store)
        assert control.set_status(campaign_id, CampaignStatus.RUNNING)
        assert not control.set_status(campaign_id, CampaignStatus.FINISHED, expected=CampaignStatus.PAUSED)
        assert control.set_status(campaign_id, CampaignStatus.PAUSED, Reason("user_paused"),
                                  expected=CampaignStatus.RUNNING)
        shown = journal.campaigns.get(campaign_id)
        assert shown.status == CampaignStatus.PAUSED and Reason.from_stored(shown.status_reason) == Reason("user_paused")


def test_a_stop_asked_is_read_back_and_a_new_runner_forgets_it(store: Store) -> None:
    with open_store() as journal:
        campaign_id = make(journal)
    control = CampaignControl(store)
    assert control.stop_requested(campaign_id) is None
    control.request_stop(campaign_id, StopRequest.PAUSE, Reason("user_paused"))
    assert control.stop_requested(campaign_id) == (StopRequest.PAUSE, Reason("user_paused"))
    assert [e["action"] for e in AuditTrail(store).entries(campaign_id)][-1] == "pause asked"
    control.set_runner(campaign_id, "123@desk")
    assert control.stop_requested(campaign_id) is None
    assert control.sender_pace(campaign_id) == PaceShown()
    control.set_pace(campaign_id, 57.5, True, limit=60.0, sharing=2)
    assert control.sender_pace(campaign_id) == PaceShown(57.5, True, 60.0, 2)


def test_a_series_run_is_claimed_once_and_its_plan_rewritten(store: Store) -> None:
    now = datetime.now(timezone.utc) - timedelta(days=3)  # its first run is due (a team store takes no other)
    with open_store() as journal:
        series_id = add_series(journal, "weekly", RepeatRule.from_json('{"every": "day", "at": "09:00"}'),
                               {"sheet": "a.csv"}, now)
        due = one_series(journal, series_id).next_run
        runs: SeriesRuns = journal.SERIES_RUNS(store)
    assert due is not None
    following = (datetime.fromisoformat(due) + timedelta(days=1)).isoformat()
    taken = [runs.claim(series_id, due, following) for _ in range(2)]
    assert taken == [True, False]  # compare-and-set: the second finds the run moved on
    runs.write(series_id, "paused", '{"every": "day", "at": "10:00"}', '{"sheet": "b.csv"}', None)
    with open_store() as journal:
        series = one_series(journal, series_id)
    assert (series.status, series.plan, series.next_run) == ("paused", {"sheet": "b.csv"}, None)


def test_a_journal_holds_one_of_each_of_its_stores_kind() -> None:
    with open_store() as journal:
        assert isinstance(journal, Journal)
        assert isinstance(journal.control, journal.CONTROL) and isinstance(journal.series_runs, journal.SERIES_RUNS)
        assert journal.audit_trail.store is journal and journal.shared.store is journal
