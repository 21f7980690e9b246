from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from app.campaign import Journal, JournalError, RecipientState
from app.campaign.journal import SCHEMA_VERSION, JournalFault, fault_of
from app.campaign.progress import PaceShown
from app.jobs.store import open_store
from tests.helpers.journal import make


@pytest.mark.usefixtures("each_store")
def test_rows_start_pending_or_skipped_with_a_fixed_request_id() -> None:
    journal = open_store()
    campaign_id = make(journal)
    recipients = list(journal.recipients.listed(campaign_id))
    assert [r.state for r in recipients] == [RecipientState.PENDING, RecipientState.SKIPPED, RecipientState.SKIPPED]
    request_id = recipients[0].request_id
    assert request_id and recipients[1].request_id is None
    journal.outcomes.mark_in_flight(recipients[0], "text", time.time())
    journal.close()

    reopened = open_store()
    again = reopened.recipients.to_send(campaign_id)
    assert [(r.row, r.state, r.request_id, r.attempts) for r in again] == [(2, "in_flight", request_id, 1)]


def test_request_ids_made_in_batches_are_unique_time_ordered_version_7_uuids() -> None:
    import uuid

    from app.campaign.journal.keys import new_request_id, new_request_ids

    before = time.time_ns() // 1_000_000
    made = new_request_ids(2000) + new_request_ids(1) + [new_request_id()] + new_request_ids(0)
    parsed = [uuid.UUID(i) for i in made]
    assert len(set(made)) == len(made) == 2002 and all(str(u) == i for u, i in zip(parsed, made))
    assert {(u.version, u.variant) for u in parsed} == {(7, uuid.RFC_4122)}
    stamps = [u.int >> 80 for u in parsed]  # 48 bits of Unix milliseconds
    assert stamps == sorted(stamps) and before <= stamps[0] <= stamps[-1] <= time.time_ns() // 1_000_000


@pytest.mark.usefixtures("each_store")
def test_counts_always_add_up_and_results_follow_sheet_order() -> None:
    journal = open_store()
    campaign_id = make(journal)
    journal.outcomes.record_outcome(campaign_id, 2, RecipientState.FAILED, error_code=17, error="no account")
    counts = journal.recipients.counts(campaign_id)
    assert counts.failed == 1 and counts.skipped == 2 and counts.total == 3
    assert sum(counts.per_state()[s] for s in tuple(RecipientState)) == counts.total == counts.per_state()["total"]
    rows = list(journal.recipients.result_rows(campaign_id))
    assert [(r["row"], r["status"], r["error_code"]) for r in rows] == [(2, "failed", 17), (3, "invalid", None),
                                                                         (4, "duplicate", None)]
    assert rows[2]["phone"] == "989121234567"


def test_schema_version_is_recorded_and_a_newer_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="newer version"):
        Journal(path)


def test_a_version_1_journal_is_migrated_without_losing_a_row(tmp_path: Path) -> None:
    from app.campaign.journal import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[1] + ";PRAGMA user_version = 1;")
    db.execute("INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute, in_flight, base_url,"
               " status) VALUES ('2026-01-01', 'old', 'text', '{\"text\": \"hi\"}', 1, 60, 2, 'http://127.0.0.1:1',"
               " 'paused')")
    db.execute("INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, message_data, request_id, state)"
               " VALUES (1, 2, '0912', '989121234567', 'valid', '{\"message\": {\"text\": \"hi\"}}', 'r-1', 'in_flight')")
    db.commit()
    db.close()

    journal = Journal(path)
    assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    old = journal.campaigns.get(1)
    assert old.status == "paused" and old.time_zone == "Asia/Tehran" and old.quiet_start is None
    [row] = journal.recipients.to_send(1)
    assert (row.row, row.request_id, row.state) == (2, "r-1", "in_flight")
    assert journal.outcomes.recent_attempts("989121234567", "text", 0) == 0  # the new attempts table exists
    assert journal.control.sender_pace(1) == PaceShown()  # never told by a sender of this version


@pytest.mark.usefixtures("each_store")
def test_the_pace_a_sender_records_is_what_a_follower_reads() -> None:
    with open_store() as journal:
        campaign_id, other = make(journal), make(journal)
        assert journal.control.sender_pace(campaign_id) == PaceShown()
        journal.control.set_pace(campaign_id, 247.0, True, 247.0, 2)
        assert journal.control.sender_pace(campaign_id) == PaceShown(247.0, True, 247.0, 2)
        assert journal.control.sender_pace(other) == PaceShown()
        journal.control.set_pace(campaign_id, 600.0, False)  # the limit was raised: back at the set rate
        assert journal.control.sender_pace(campaign_id) == PaceShown(600.0, False)
        assert journal.campaigns.get(campaign_id).pace_per_minute == 600.0


def test_a_new_journal_opened_by_two_at_once_is_migrated_once(tmp_path: Path) -> None:
    import threading

    for attempt in range(10):
        path = tmp_path / f"j{attempt}.sqlite3"
        barrier = threading.Barrier(4)
        failures: list[BaseException] = []

        def open_it() -> None:
            barrier.wait()
            try:
                Journal(path).close()
            except BaseException as exc:  # noqa: BLE001 - the test reports it
                failures.append(exc)

        threads = [threading.Thread(target=open_it) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        with Journal(path) as journal:
            assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_each_thread_has_its_own_connection_so_transactions_never_mix(tmp_path: Path) -> None:
    import threading

    with Journal(tmp_path / "j.sqlite3") as journal:
        seen: list[object] = []
        thread = threading.Thread(target=lambda: seen.append(journal.db))
        thread.start()
        thread.join()
        assert seen[0] is not journal.db
        with journal.transaction():  # this thread's open transaction is not the other's
            other: list[bool] = []
            thread = threading.Thread(target=lambda: other.append(journal.db.in_transaction))
            thread.start()
            thread.join()
            assert other == [False] and journal.db.in_transaction


def test_opening_the_journal_again_in_a_process_keeps_the_others_writes_visible(tmp_path: Path) -> None:
    """SQLite's locks are per process and dropped when any descriptor of the file closes:
    opening the journal again (the writer thread does) must not open and close the file,
    or another process that closes its connection takes itself for the last one, removes
    the write-ahead log, and every later write of this process is lost."""
    import subprocess
    import sys

    path = tmp_path / "j.sqlite3"
    first = Journal(path)
    first.db.execute("CREATE TABLE probe (n INTEGER)")
    first.db.execute("INSERT INTO probe VALUES (1)")
    second = Journal(path)  # as the engine's writer thread opens it beside the first
    peek = "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); print(db.execute('SELECT COUNT(*) FROM probe').fetchone()[0]); db.close()"
    subprocess.run([sys.executable, "-c", peek, str(path)], check=True, capture_output=True)  # opens and closes
    first.db.execute("INSERT INTO probe VALUES (2)")
    seen = subprocess.run([sys.executable, "-c", peek, str(path)], check=True, capture_output=True, text=True)
    assert seen.stdout.strip() == "2"
    second.close()
    first.close()


def test_the_journals_parts_share_no_class_attribute_they_define_apart() -> None:
    # Journal joins its parts by inheritance: a name two sibling parts define apart (as two
    # private SQL fragments once did) silently gives one part the other's value.
    from app.campaign.journal.store import Journal
    from app.campaign.journal.team.store import TeamJournal

    for journal in (Journal, TeamJournal):
        owners: dict[str, list[type]] = {}
        for part in journal.__mro__:
            for name, value in vars(part).items():
                if not name.startswith("__") and not callable(value) and not isinstance(
                        value, (staticmethod, classmethod, property)):
                    owners.setdefault(name, []).append(part)
        clashes = [(name, a.__name__, b.__name__) for name, parts in owners.items() for a in parts for b in parts
                   if a is not b and not issubclass(a, b) and not issubclass(b, a)]
        assert clashes == []


def test_a_thread_that_first_reads_a_journal_deleted_meanwhile_never_leaves_an_empty_one(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    make(journal)
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"):  # a user clearing the folder
        (tmp_path / name).unlink(missing_ok=True)
    with ThreadPoolExecutor(1) as pool, pytest.raises((sqlite3.Error, JournalError)):
        pool.submit(journal.campaigns.all).result()  # a thread with no connection yet
    assert not path.exists()  # the next command says the journal is gone, not "no campaigns yet"
    journal.close()


def test_a_migration_is_split_into_whole_statements_whatever_its_literals_comments_and_triggers_hold(
        tmp_path: Path) -> None:
    from app.campaign.journal.connection import sql_statements

    script = ("CREATE TABLE a (x TEXT DEFAULT 'a;b');\n-- a comment; with a semicolon\n"
              "INSERT INTO a VALUES ('x;y');\n"
              "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = 'q;' WHERE x = 'x;y'; END;\n")
    statements = sql_statements(script)
    assert len(statements) == 3 and statements[2].startswith("CREATE TRIGGER") and statements[2].endswith("END;")
    db = sqlite3.connect(tmp_path / "t.sqlite3")
    for statement in statements:
        db.execute(statement)
    db.execute("INSERT INTO a VALUES ('x;y')")
    assert sorted(x for (x,) in db.execute("SELECT x FROM a")) == ["q;", "q;"]


@pytest.mark.parametrize("saved", [False, True], ids=["log-unsaved", "log-saved"])
def test_a_thread_first_opening_the_journal_after_its_log_was_deleted_is_refused_and_nothing_is_lost(
        saved: bool, tmp_path: Path) -> None:
    """Found by a busy run: after the write-ahead log was deleted under a sender, a thread
    of its own opened its first connection, which made a new, empty log beside the deleted
    one; the last connection to close copied from that one, and the next command found the
    journal damaged or without the sender's last writes."""
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    campaign_id = make(journal)
    journal.db.execute("PRAGMA wal_autocheckpoint = 0")  # as in a big creation: the log holds every write
    for n in range(50):
        journal.audit_trail.add("before", campaign_id, str(n))
    (tmp_path / "journal.sqlite3-wal").unlink()
    journal.audit_trail.add("after", campaign_id, "into the deleted log")
    if saved:  # as a sender does once it sees the log gone
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with ThreadPoolExecutor(1) as pool, pytest.raises(JournalError) as refused:
        pool.submit(journal.campaigns.all).result()  # a thread with no connection yet
    assert refused.value.kind is JournalFault.GONE and "was deleted while it was in use" in str(refused.value)
    journal.audit_trail.add("after", campaign_id, "still into the deleted log")
    journal.close()
    with Journal(path) as again:
        assert again.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        details = [row[0] for row in again.db.execute("SELECT detail FROM audit WHERE action = 'after'")]
    assert details == ["into the deleted log", "still into the deleted log"]


def test_a_log_deleted_before_a_sending_session_began_is_seen_by_it_and_a_reopening_is_refused(
        tmp_path: Path) -> None:
    """Found by a review: a log deleted while a window sat open with its journal went
    unseen by the session that then began (it knew no log to compare), and a journal
    reopened for a writer made a new log beside the deleted one."""
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    campaign_id = make(journal)
    (tmp_path / "journal.sqlite3-wal").unlink()
    with pytest.raises(JournalError) as refused:
        journal.reopen()
    assert refused.value.kind is JournalFault.GONE
    with journal.sending_session(campaign_id, "1@desk") as session:
        gone = session.check()
        assert gone is not None and gone.kind is JournalFault.GONE and not session.holds()
        assert "was deleted while it was in use" in str(gone)
    journal.close()
    with Journal(path) as again:
        assert again.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert again.campaigns.get(campaign_id).runner is None


def test_a_repeat_count_reads_the_rows_of_its_phones_not_the_whole_journal(tmp_path: Path) -> None:
    # Schema v17 keeps no index of repeat keys (a million-row creation wrote each chunk's
    # pages twice over for it): the count goes by each probe's phone, never the other way.
    from datetime import datetime, timedelta, timezone

    from app.campaign.journal import NewRecipient, RecipientColumns
    from app.campaign.journal.keys import to_json

    journal = Journal(tmp_path / "j.sqlite3")
    message = to_json({"message": {"text": "hi"}})
    size = 20_000
    journal.creation.create(
        name="big", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60, in_flight=2,
        base_url="http://127.0.0.1:1", recipients=[RecipientColumns(
            list(range(2, size + 2)), ["x"] * size, [f"98912{n:07d}" for n in range(size)], ["valid"] * size,
            [None] * size, [message] * size)])
    since = datetime.now(timezone.utc) - timedelta(days=1)
    probes = [NewRecipient(2, "x", f"98912{n:07d}", "valid", None, {"message": {"text": "hi"}})
              for n in (5, 10**6, 10**6 + 1)]
    ticks = [0]

    def tick() -> int:
        ticks[0] += 1
        return 0

    connection = journal.db.connection  # type: ignore[attr-defined]
    connection.set_progress_handler(tick, 1000)
    found = journal.repeat_guard.count_repeats(probes, base_url="http://127.0.0.1:1", bot_id=1001, since=since)
    connection.set_progress_handler(None, 0)
    assert found is not None and found.count == 1 and found.total == 3
    assert ticks[0] < 100, ticks  # reading every row of the big campaign takes thousands
    journal.close()


def test_a_writer_waiting_for_the_write_lock_tries_again_until_it_is_free_then_until_its_timeout(
        tmp_path: Path) -> None:
    # SQLite's own wait sleeps up to 100 ms between tries and missed the moments a big
    # creation let the lock go: the journal's writers try again every few milliseconds.
    import threading

    journal = Journal(tmp_path / "j.sqlite3")
    holder = sqlite3.connect(tmp_path / "j.sqlite3", isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    tries: list[str] = []
    journal.db.connection.set_trace_callback(tries.append)  # type: ignore[attr-defined]
    threading.Timer(0.2, holder.execute, ("COMMIT",)).start()
    with journal.transaction():
        journal.db.execute("PRAGMA user_version")
    assert tries.count("BEGIN IMMEDIATE") > 2, tries  # tried, waited, tried again
    assert tries[-1] == "COMMIT"
    holder.execute("BEGIN IMMEDIATE")
    journal.set_busy_timeout(0.1)
    with pytest.raises(sqlite3.OperationalError) as locked:  # (a repository's sentence says "locked")
        with journal.transaction():
            pass
    assert fault_of(locked.value) == JournalFault.LOCKED
    holder.execute("COMMIT")
    journal.close()
    holder.close()


def test_a_log_deleted_under_an_open_window_is_told_to_its_reads_and_writes_and_nothing_is_lost(
        tmp_path: Path) -> None:
    """Found by a read: a window left open across a deleted write-ahead log read a stale
    journal and wrote into the deleted log, which another process opening the journal
    never saw (a sender's session told it; the window did not)."""
    from app.ui.journal_calls import WindowJournal

    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    campaign_id = make(journal)
    journal.db.execute("PRAGMA wal_autocheckpoint = 0")  # the note below lives only in the log
    journal.audit_trail.add("before", campaign_id, "held only by the log")
    window = WindowJournal(lambda: journal)
    assert window.at_start_up(lambda j: j.campaigns.get(campaign_id)).id == campaign_id
    (tmp_path / "journal.sqlite3-wal").unlink()
    with pytest.raises(JournalError) as refused:
        window.at_start_up(lambda j: j.campaigns.get(campaign_id))
    assert refused.value.kind is JournalFault.GONE and "while this window had it open" in str(refused.value)
    failed: list[JournalError] = []
    window.soon(lambda j: j.audit_trail.add("after", campaign_id, "into nothing"), "a note", failed.append)
    assert [error.kind for error in failed] == [JournalFault.GONE]
    # What the deleted log held is in the journal file now, for whoever opens it next.
    alone = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        noted = [row[0] for row in alone.execute("SELECT detail FROM audit WHERE action IN ('before', 'after')")]
    finally:
        alone.close()
    assert noted == ["held only by the log"]
    journal.close()
