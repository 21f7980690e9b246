"""A team on one account: several desktops (processes, each with its own state dir) share
one team store on a real PostgreSQL server, and one API key against the sandbox's limit
(docs/team.md)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from app.campaign import CampaignStatus, JournalError, RecipientState
from app.campaign.journal import Journal, JournalFault
from app.campaign.journal.team import TeamJournal
from app.campaign.progress import PaceShown
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.store import open_store
from tests.helpers import delivered, fast_settings
from tests.helpers.team import Desktop, desktops, each_once, sheet
from tests.pg_server import ThrowawayServer


@pytest.fixture
def limited_sandbox() -> Iterator[EmbeddedSandbox]:
    """The service's limit: 600 a minute for the account, shared by every desktop."""
    with EmbeddedSandbox(fast_settings(rate_per_minute=600)) as running:
        yield running


def test_three_desktops_send_three_campaigns_on_one_key_each_number_exactly_once(
        team_store: str, tmp_path: Path, limited_sandbox: EmbeddedSandbox) -> None:
    team = desktops(tmp_path, team_store, 3)
    senders = [d.start("send", sheet(tmp_path, f"s{i}.csv", 1000 * (i + 1), 30), "--base-url", limited_sandbox.url,
                       "--bot-id", "1001", "--text", "hello {{name}}", "--rate", "900")
               for i, d in enumerate(team)]
    outputs = [p.communicate(timeout=120) for p in senders]
    assert [p.returncode for p in senders] == [0, 0, 0], outputs
    counts = each_once(limited_sandbox)
    assert len(counts) == 90 and set(counts.values()) == {1}
    with open_store() as journal:
        campaigns = journal.campaigns.all()
        assert len(campaigns) == 3 and {c.status for c in campaigns} == {CampaignStatus.FINISHED}
        assert {c.created_on for c in campaigns} and all(c.created_by for c in campaigns)
        assert all(journal.recipients.counts(c.id).sent == 30 for c in campaigns)
        keys = [str(r[0]) for r in journal.db.execute("SELECT key FROM pace")]
    assert len(keys) == 1 and DEMO_API_KEY not in keys[0]  # one shared pace for the one key, never the key itself


def test_a_killed_desktops_campaign_is_finished_by_another_after_its_lease(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    first, second = desktops(tmp_path, team_store, 2, SAFIR_TEAM_LEASE_SECONDS="5")
    dying = first.start("send", sheet(tmp_path, "s.csv", 1, 40), "--base-url", sandbox.url, "--bot-id", "1001",
                        "--text", "hi {{name}}", "--rate", "480")
    deadline = time.monotonic() + 30
    while len(delivered(sandbox)) < 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    dying.send_signal(signal.SIGKILL)
    dying.communicate()
    with open_store() as journal:
        (campaign,) = journal.campaigns.all()
        left = journal.recipients.counts(campaign.id)
        assert left.not_sent > 0  # it died mid-send
    taken_over = second.run("resume", str(campaign.id), "--base-url", sandbox.url, timeout=120)
    assert taken_over.returncode == 0, taken_over.stderr
    counts = each_once(sandbox)
    assert len(counts) == 40 and set(counts.values()) == {1}
    with open_store() as journal:
        assert journal.campaigns.get(campaign.id).status == CampaignStatus.FINISHED
        assert journal.recipients.counts(campaign.id).sent == 40
        trail = [(a["action"], a["machine"]) for a in journal.audit_trail.entries(campaign.id)]
    assert trail[0][0] == "created" and [a for a, _ in trail].count("sending") == 2 and trail[-1][0] == "finished"


def test_two_desktops_share_one_campaign_without_sending_anyone_twice(
        team_store: str, tmp_path: Path, limited_sandbox: EmbeddedSandbox) -> None:
    first, second = desktops(tmp_path, team_store, 2)
    made = first.run("send", sheet(tmp_path, "s.csv", 1, 60), "--base-url", limited_sandbox.url, "--bot-id", "1001",
                     "--text", "hi {{name}}", "--rate", "300", "--start-at", "2000-01-01T00:00+00:00", "--background")
    assert made.returncode == 0, made.stderr
    campaign_id = made.stdout.split()[1]
    helper = second.run("resume", campaign_id, "--base-url", limited_sandbox.url, timeout=120)
    assert helper.returncode == 0, helper.stderr
    watch = first.run("watch", campaign_id, timeout=120)
    assert watch.returncode == 0, watch.stderr
    counts = each_once(limited_sandbox)
    assert len(counts) == 60 and set(counts.values()) == {1}
    with open_store() as journal:
        machines = {a["detail"] for a in journal.audit_trail.entries(int(campaign_id)) if a["action"] == "sending"}
    assert len(machines) == 2  # both processes sent part of it


def test_of_two_senders_ending_at_once_exactly_one_stays_to_settle(team_store: str, tmp_path: Path,
                                                                   sandbox: EmbeddedSandbox) -> None:
    """Asked apart, each saw the other still sending and left the campaign to it: it stayed
    "running" with nobody sending it, and ``watch`` said interrupted (seen in CI)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from app.campaign import Content
    from app.campaign.journal.team.leases import live_senders
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    desks = [open_store(), open_store()]  # two desktops, each with its own connections
    campaign_id = create_campaign(desks[0], check_sheet(sheet(tmp_path, "s.csv", 1, 4)), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url)
    for attempt in range(10):
        sessions = [desk.sending_session(campaign_id, f"{attempt}{n}@desk{n}") for n, desk in enumerate(desks)]
        for session in sessions:
            session.__enter__()
        both_there = threading.Barrier(2)

        def end(session: Any) -> bool:
            both_there.wait()
            return bool(session.leaves_to_others())

        with ThreadPoolExecutor(2) as pool:
            leaves = list(pool.map(end, sessions))
        assert sorted(leaves) == [False, True], leaves  # one leaves it to the other, the other settles it
        stays = sessions[leaves.index(False)]
        assert [s["owner"] for s in live_senders(desks[0], campaign_id)] == [stays.owner]  # followers see it
        for session in sessions:
            session.__exit__(None, None, None)
    for desk in desks:
        desk.close()


async def test_a_sender_that_sent_the_last_one_settles_it_though_a_dead_ones_heartbeat_is_fresh(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    """A desktop killed mid-send leaves its heartbeat fresh for SENDER_ALIVE_SECONDS; the
    one that took over and sent the rest left the campaign "running" to it, and ``resume``
    exited 0 on a campaign nobody would ever settle (seen when the rest took under 10 s)."""
    from app.api import SafirClient
    from app.campaign import CampaignEngine, Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    dead, taking_over = open_store(), open_store()
    campaign_id = create_campaign(dead, check_sheet(sheet(tmp_path, "s.csv", 1, 6)), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url, rate_per_minute=0)
    with dead.sending_session(campaign_id, "1@dead-desk"):  # its heartbeat goes on: as if killed a moment ago
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            result = await CampaignEngine(taking_over, client).run(campaign_id)
        assert result.status == CampaignStatus.FINISHED
        assert taking_over.campaigns.get(campaign_id).status == CampaignStatus.FINISHED
    assert len(each_once(sandbox)) == 6
    for desk in (dead, taking_over):
        desk.close()


def test_a_sender_whose_lease_ran_out_is_revoked_by_the_store_as_another_takes_it_over(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    """Members no longer revoke senders (any member could make any sender give back all its
    leases, as often as it liked): the store revokes one itself, and only then."""
    from app.campaign import Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    frozen, taking_over = open_store(), open_store()
    campaign_id = create_campaign(frozen, check_sheet(sheet(tmp_path, "s.csv", 1, 4)), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url)
    revoked = "SELECT owner, revoked FROM senders WHERE campaign_id = $1 ORDER BY started_at, owner"
    with frozen.sending_session(campaign_id, "1@frozen-desk") as held, \
            taking_over.sending_session(campaign_id, "2@other-desk") as other:
        assert [r.row for r in held.feed([RecipientState.PENDING]).next_batch(2)] == [2, 3]
        taking_over.db.execute("SELECT safir_revoke_lapsed($1, 2)", (campaign_id,))  # its lease is good: nothing
        assert {o: r for o, r in frozen.db.execute(revoked, (campaign_id,))} == {held.owner: False, other.owner: False}
        frozen.db.execute("UPDATE recipients SET lease_until = 0 WHERE campaign_id = $1 AND row = 3", (campaign_id,))
        assert [r.row for r in other.feed([RecipientState.PENDING]).next_batch(10)] == [3, 4, 5]
        assert {o: r for o, r in frozen.db.execute(revoked, (campaign_id,))} == {held.owner: True, other.owner: False}
    for desk in (frozen, taking_over):
        desk.close()


def test_a_sender_whose_row_an_admin_ended_is_a_sender_again_when_it_claims_again(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    """Its row gone, every claim found it "lost" and it claimed again, for ever (11,836 times
    in 2.5 minutes, never sending the rows left; seen through psql)."""
    from app.campaign import Content
    from app.campaign.journal.leasing import LeaseLost
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, "s.csv", 1, 3)), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url)
    with journal.sending_session(campaign_id, "1@desk") as session:
        feed = session.feed([RecipientState.PENDING])
        assert [r.row for r in feed.next_batch(1)] == [2]
        journal.db.execute("SELECT safir_end_sender($1, $2)", (campaign_id, session.owner))  # an admin's doing
        with pytest.raises(LeaseLost):
            feed.next_batch(1)
        session.regain()
        assert [r.row for r in session.feed([RecipientState.PENDING]).next_batch(5)] == [2, 3, 4]
        assert session.holds()
    journal.close()


def test_a_number_suppressed_on_one_desktop_is_not_messaged_by_another(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    sender, other = desktops(tmp_path, team_store, 2)
    sending = sender.start("send", sheet(tmp_path, "s.csv", 1, 30), "--base-url", sandbox.url, "--bot-id", "1001",
                           "--text", "hi {{name}}", "--rate", "120")
    while len(delivered(sandbox)) < 3:
        time.sleep(0.05)
    late = [f"0912{i:07d}" for i in range(25, 31)]
    added = other.run("suppression", "add", *late)
    assert added.returncode == 0 and "added 6" in added.stdout, added.stdout + added.stderr
    out, err = sending.communicate(timeout=120)
    assert sending.returncode == 0, err
    phones = set(each_once(sandbox))
    assert not phones & {f"98{p[1:]}" for p in late} and len(phones) == 24
    with open_store() as journal:
        (campaign,) = journal.campaigns.all()
        rows = {r.phone: r for r in journal.recipients.listed(campaign.id)}
    assert all(rows[f"98{p[1:]}"].verdict == "suppressed" and rows[f"98{p[1:]}"].state == RecipientState.SKIPPED
               for p in late)
    assert other.run("suppression", "count").stdout.startswith("6 numbers")


def test_a_pause_from_another_desktop_is_honoured_within_two_seconds(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    sender, other = desktops(tmp_path, team_store, 2)
    sending = sender.start("send", sheet(tmp_path, "s.csv", 1, 50), "--base-url", sandbox.url, "--bot-id", "1001",
                           "--text", "hi {{name}}", "--rate", "300")
    while len(delivered(sandbox)) < 3:
        time.sleep(0.05)
    listed = other.run("list")
    assert "running" in listed.stdout and "process" in listed.stdout, listed.stdout
    paused = other.run("pause", "1")
    asked = time.monotonic()  # the request is in the store (not counting the command's own start)
    assert paused.returncode == 0 and "paused" in paused.stdout, paused.stdout + paused.stderr
    sending.communicate(timeout=30)
    assert time.monotonic() - asked < 2.0 + 1.5  # and the sender's own exit, with both CPUs busy
    assert sending.returncode == 3
    resumed = other.run("resume", "1", "--base-url", sandbox.url, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    counts = each_once(sandbox)
    assert len(counts) == 50 and set(counts.values()) == {1}


def test_a_worker_threads_connection_that_died_with_the_server_is_a_sentence_and_made_again(
        tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from app.campaign import Content
    from app.campaign.journal import STATES_TO_SEND
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    server = ThrowawayServer().start()
    try:
        url, password = server.new_database()
        journal = TeamJournal(url, tmp_path / "journal.sqlite3", password=password)
        campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, "s.csv", 1, 6)), content=Content(text="hi"),
                                      bot_id=1001, base_url=sandbox.url)
        with journal.sending_session(campaign_id, "1@desktop") as session, ThreadPoolExecutor(1) as worker:
            feed = session.feed(STATES_TO_SEND)
            assert len(worker.submit(feed.next_batch, 2).result()) == 2  # the worker's own connection
            server.stop()
            server.start()
            with pytest.raises(JournalError) as failed:  # as the sender's batch reads meet it: no traceback
                worker.submit(feed.next_batch, 2).result()
            assert failed.value.kind is JournalFault.UNREACHABLE and password not in str(failed.value)
            assert len(worker.submit(feed.next_batch, 2).result()) == 2  # connected again
            assert journal.campaigns.get(campaign_id).id == campaign_id  # and so is every other thread
        journal.close()
    finally:
        server.remove()


def test_the_server_going_away_mid_send_pauses_and_sending_resumes_by_itself_exactly_once(
        tmp_path: Path, sandbox: EmbeddedSandbox, postgres_server: ThrowawayServer) -> None:
    server = postgres_server  # this worker's own: no other test uses it while it is stopped
    url, password = server.new_database()
    (desktop,) = [Desktop(tmp_path / "desktop", url, password)]
    sending = desktop.start("send", sheet(tmp_path, "s.csv", 1, 60), "--base-url", sandbox.url, "--bot-id",
                            "1001", "--text", "hi {{name}}", "--rate", "600")
    while len(delivered(sandbox)) < 5:
        time.sleep(0.05)
    server.stop()
    try:
        time.sleep(2)  # the requests out when it stopped are answered
        stalled = len(delivered(sandbox))
        time.sleep(1.5)
        assert len(delivered(sandbox)) == stalled  # nothing goes out without the journal
    finally:
        server.start()
    out, err = sending.communicate(timeout=120)
    assert sending.returncode == 0, err
    assert "cannot be reached" in err and "answers again" in err and password not in err + out
    counts = each_once(sandbox)
    assert len(counts) == 60 and set(counts.values()) == {1}


def test_store_faults_are_one_sentence_without_the_password(team_store: str, tmp_path: Path,
                                                             postgres_server: ThrowawayServer) -> None:
    desktop = Desktop(tmp_path / "d", team_store, "wrong-password")
    refused = desktop.run("list")
    assert refused.returncode == 2 and "refused the login" in refused.stderr and "Traceback" not in refused.stderr
    assert "wrong-password" not in refused.stderr
    unsaid = Desktop(tmp_path / "d", team_store, "", HOME=str(tmp_path)).run("store", "check")  # no ~/.pgpass
    assert unsaid.returncode == 2 and "asks" in unsaid.stderr and "none was given" in unsaid.stderr, unsaid.stderr
    assert "store password" in unsaid.stderr and "cannot be reached" not in unsaid.stderr
    port = postgres_server.port
    missing = Desktop(tmp_path / "d", team_store.rsplit("/", 1)[0] + "/nosuchdb",
                      os.environ["PGPASSWORD"]).run("list")
    assert missing.returncode == 2 and "has no database nosuchdb" in missing.stderr
    gone = Desktop(tmp_path / "d", team_store.replace(f":{port}/", ":1/"), "x").run("list")
    assert gone.returncode == 2 and "cannot be reached" in gone.stderr
    in_url = desktop.run("--store", team_store.replace("@", ":secret123@", 1), "list")
    assert in_url.returncode == 2 and "secret123" not in in_url.stderr and "process list" in in_url.stderr
    not_a_store = desktop.run("--store", "mysql://x/y", "list")
    assert not_a_store.returncode == 2 and "mysql://… is not a team store address" in not_a_store.stderr
    assert "PostgreSQL" in not_a_store.stderr
    with psycopg.connect(postgres_server.admin_url(), autocommit=True) as admin:  # a database it may not change
        admin.execute("CREATE ROLE visitor LOGIN PASSWORD 'visitor-pw'")
        admin.execute("CREATE DATABASE visited")
    visitor = Desktop(tmp_path / "d", f"postgresql://visitor@127.0.0.1:{port}/visited", "visitor-pw").run("list")
    assert visitor.returncode == 2 and "does not let visitor do this" in visitor.stderr, visitor.stderr


def test_desktops_opening_a_new_store_at_once_all_open_it(postgres_server: ThrowawayServer, tmp_path: Path) -> None:
    """Seen in CI: three desktops starting on a fresh store at once, one failed with
    "duplicate key value violates unique constraint pg_type_typname_nsp_index"."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    for _ in range(5):
        url, password = postgres_server.new_database()
        all_there = threading.Barrier(4)

        def open_it(n: int) -> int:
            all_there.wait()
            journal = TeamJournal(url, tmp_path / f"j{n}.sqlite3", password=password)
            try:
                return journal._version()
            finally:
                journal.close()

        with ThreadPoolExecutor(4) as pool:
            assert set(pool.map(open_it, range(4))) == {TeamJournal.SCHEMA_VERSION}


def test_a_store_with_a_newer_schema_is_refused(team_store: str) -> None:
    with open_store() as journal:
        journal.db.execute("UPDATE safir_schema SET version = version + 1")
    with pytest.raises(JournalError) as refused:
        open_store()
    assert refused.value.kind is JournalFault.NEWER_SCHEMA and "newer version of the app" in str(refused.value)


def test_a_store_of_the_previous_schema_is_brought_up_to_date(team_store: str) -> None:
    from tests.helpers.journal import make

    with open_store() as journal:  # as schema 3 left it: no pace columns, no fencing tokens, no order of readiness
        earlier = make(journal)
        journal.db.execute("DROP POLICY a_test_send_has_one_row ON recipients")  # schema 8 made it
        journal.db.execute("DROP TRIGGER one_channel ON recipients")  # schema 10 made it
        for table, column in (("campaigns", "pace_per_minute"), ("campaigns", "pace_slowed"),
                              ("recipients", "lease_epoch"), ("campaigns", "ready_seq"), ("senders", "revoked"),
                              ("campaigns", "pace_limit"), ("campaigns", "pace_sharing"), ("pace", "learned_at"),
                              ("pace", "refused_at"), ("pace", "probe_at"), ("pace", "probe_step"),
                              ("campaigns", "test_send"), ("campaigns", "sms_fallback"), ("recipients", "channel"),
                              ("recipients", "sms_status"), ("recipients", "sms_cost"), ("pace", "proven"),
                              ("pace", "peak")):
            journal.db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        journal.db.execute("DROP TABLE pace_starts, pace_users, store_locks, number_locks")  # 16 made the last two
        journal.db.execute("DROP TRIGGER stamp ON campaigns")  # schema 6 made it
        journal.db.execute("UPDATE safir_schema SET version = 3")
    with open_store() as journal:
        assert journal.db.execute("SELECT version FROM safir_schema").fetchone()[0] == TeamJournal.SCHEMA_VERSION
        assert journal.campaigns.get(earlier).ready_seq == earlier  # the repeat guard's last look orders it too
        campaign_id = make(journal)
        assert journal.campaigns.get(campaign_id).ready_seq > earlier  # a sequence: in order, not without gaps
        assert journal.control.sender_pace(campaign_id) == PaceShown()
        journal.control.set_pace(campaign_id, 540.0, True, 540.0, 1)
        assert journal.control.sender_pace(campaign_id) == PaceShown(540.0, True, 540.0, 1)
        assert journal.pacer(0, "k", time.monotonic, asyncio.sleep, who="1@a").limit is None


def test_copying_a_desktops_journal_into_the_team_store_twice_copies_once(
        team_store: str, tmp_path: Path, sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    local = Desktop(tmp_path / "d", "", "")
    local.env.pop("SAFIR_CAMPAIGN_STORE")
    sent = local.run("send", sheet(tmp_path, "s.csv", 1, 12), "--base-url", sandbox.url, "--bot-id", "1001",
                     "--text", "hi {{name}}", "--rate", "0")
    assert sent.returncode == 0, sent.stderr
    assert local.run("suppression", "add", "09121112222").returncode == 0
    copy = Desktop(tmp_path / "d", team_store, os.environ["PGPASSWORD"])
    once = copy.run("store", "copy", "--to", team_store)
    assert once.returncode == 0 and "copied 1 campaigns (12 recipients) and 1 suppressed" in once.stdout, once.stderr
    again = copy.run("store", "copy", "--to", team_store)
    assert "copied 0 campaigns" in again.stdout and "1 campaigns were there already" in again.stdout
    with open_store() as journal:
        (campaign,) = journal.campaigns.all()
        assert journal.recipients.counts(campaign.id).sent == 12 and campaign.status == CampaignStatus.FINISHED
        assert "989121112222" in journal.suppression_watch()
    # The copied request ids are the ones the service saw: sending again from the store repeats nothing.
    repeat = copy.run("send", sheet(tmp_path, "s.csv", 1, 12), "--base-url", sandbox.url, "--bot-id", "1001",
                      "--text", "hi {{name}}", "--rate", "0")
    assert repeat.returncode == 2 and "already got this message" in repeat.stderr


def test_the_store_check_sets_up_a_new_database_and_says_where(team_store: str, tmp_path: Path) -> None:
    checked = Desktop(tmp_path / "d", team_store, os.environ["PGPASSWORD"]).run("store", "check")
    assert checked.returncode == 0 and "ready (0 campaigns)" in checked.stdout
    assert os.environ["PGPASSWORD"] not in checked.stdout
    with psycopg.connect(team_store, password=os.environ["PGPASSWORD"]) as db:
        tables = {r[0] for r in db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert {"campaigns", "recipients", "senders", "pace", "suppression", "audit"} <= tables
    assert isinstance(open_store(), TeamJournal)


def test_a_team_store_over_tls_is_verified_and_a_wrong_root_is_a_sentence(tmp_path: Path) -> None:
    server = ThrowawayServer()
    root = server.enable_tls()
    server.start()
    try:
        url, password = server.new_database()
        verified = f"{url}?sslmode=verify-full&sslrootcert={root}"
        with TeamJournal(verified, tmp_path / "journal.sqlite3", password=password) as journal:
            (ssl,) = journal.db.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone()
            assert ssl is True and "sslrootcert" not in journal.location
        with pytest.raises(JournalError) as refused:  # no such root certificate: nothing is sent in the clear
            TeamJournal(f"{url}?sslmode=verify-full&sslrootcert={tmp_path / 'missing.crt'}", tmp_path / "j",
                        password=password)
        assert "missing.crt" in str(refused.value) and password not in str(refused.value)
    finally:
        server.remove()


def test_the_journals_sql_runs_as_written_on_both_engines(team_store: str, tmp_path: Path) -> None:
    """Issue 36: one text, no rewriting: ``$1`` is a parameter on SQLite and on PostgreSQL
    (a value used twice is given once); what sits in a literal, a quoted name or a comment
    is never one, nor is a ``%``."""
    sql = "SELECT 'what?', '50%', $1 + 0 /* $2? */, 'a:b', '$2' AS \"$1?\", $2 || $1 -- and :c? $3\n"
    with Journal(tmp_path / "journal.sqlite3") as local:
        team = TeamJournal(team_store, tmp_path / "team.sqlite3")
        try:
            for journal in (local, team):
                row = journal.db.execute(sql, (7, "x")).fetchone()
                assert tuple(row) == ("what?", "50%", 7, "a:b", "$2", "x7")
                assert row["$1?"] == "$2"
                assert tuple(journal.db.execute("SELECT '50%', 'a?b', '$1'").fetchone()) == ("50%", "a?b", "$1")
            assert tuple(team.db.execute("SELECT $q$ ? :x $1 $q$, $1::text", (5,)).fetchone()) == (" ? :x $1 ", "5")
        finally:
            team.close()


def test_a_row_a_frozen_desktop_holds_mid_transaction_is_waited_for_not_given_up(team_store: str,
                                                                                  tmp_path: Path) -> None:
    """A desktop frozen with a transaction open keeps its row locks until the server ends
    its idle session (15 s); another desktop's write waits that out and goes on (its lock
    wait gave up first at 10 s: a takeover's `resume` failed on "lock timeout" with both
    CPUs busy)."""
    from tests.helpers.journal import make

    journal = TeamJournal(team_store, tmp_path / "a.sqlite3")
    frozen = TeamJournal(team_store, tmp_path / "b.sqlite3")
    try:
        campaign_id = make(journal)
        frozen.db.execute("BEGIN")
        frozen.db.execute("UPDATE campaigns SET name = name WHERE id = $1", (campaign_id,))  # and then nothing
        started = time.monotonic()
        with journal.transaction():
            journal.db.execute("UPDATE campaigns SET name = 'taken over' WHERE id = $1", (campaign_id,))
        assert time.monotonic() - started >= 10  # it waited, for the server to end the frozen session
        assert journal.campaigns.get(campaign_id).name == "taken over"
    finally:
        journal.close()
        with contextlib.suppress(Exception):
            frozen.close()


def test_a_desktop_frozen_after_a_batch_of_writes_loses_its_locks_to_the_servers_timeout(team_store: str) -> None:
    """Found by an attack (a sender frozen past its lease, both CPUs busy): psycopg sends a
    batch of writes in pipeline mode and, when its answers are slow, ends it with a Flush,
    which stops PostgreSQL's idle-in-transaction timer until the next command. A desktop
    frozen there kept its rows locked for good, and the desktop taking over waited for ever."""
    frozen, other = open_store(), open_store()
    try:
        frozen.db.execute("SET idle_in_transaction_session_timeout = '1s'")
        pid = frozen.db.execute("SELECT pg_backend_pid()").fetchone()[0]
        frozen.db.execute("BEGIN")
        frozen.db.executemany("SELECT pg_sleep($1::float)", [(0.3,), (0.3,)])  # a batch whose answers come late
        time.sleep(4)  # frozen: nothing more is sent
        left = other.db.execute("SELECT state FROM pg_stat_activity WHERE pid = $1", (pid,)).fetchone()
        assert left is None, f"the frozen session is still there, {left[0]}"  # the server ended it
    finally:
        other.close()
        with contextlib.suppress(Exception):
            frozen.close()


def test_a_pause_asked_of_a_sender_that_registers_as_another_looks_is_not_forgotten(
        team_store: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by a read: a sender registering looked for others, found none, and forgot the
    # earlier stops as it wrote its name a moment later; a sender that registered in that
    # moment, and the Pause asked of it, were forgotten with them.
    import threading

    from app.campaign import Content, StopRequest
    from app.campaign.journal.team.leases import LeasedSession
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet
    from app.reasons import pause_reason

    late, early = open_store(), open_store()
    campaign_id = create_campaign(late, check_sheet(sheet(tmp_path, "s.csv", 1, 4)), content=Content(text="hi"),
                                  bot_id=1001, base_url="http://127.0.0.1:1", rate_per_minute=0)
    asked, done = threading.Event(), threading.Event()

    def other_desktop() -> None:
        with early.sending_session(campaign_id, "1@early-desk"):
            early.control.request_stop(campaign_id, StopRequest.PAUSE, pause_reason("user_paused"))
            asked.set()
            done.wait(30)

    desk = threading.Thread(target=other_desktop)
    looked = LeasedSession._others

    def look_then_let_the_other_in(session: LeasedSession) -> bool:
        found = looked(session)
        if session.owner == "2@late-desk" and desk.ident is None:  # its first look, as it registers
            desk.start()
            asked.wait(0.5)  # it waits for this registration's transaction now
        return found

    monkeypatch.setattr(LeasedSession, "_others", look_then_let_the_other_in)
    with late.sending_session(campaign_id, "2@late-desk"):
        assert asked.wait(15)
        stop = late.control.stop_requested(campaign_id)
        done.set()
        desk.join(30)
    assert stop is not None and stop[0] == StopRequest.PAUSE  # the Pause asked of the sender at work stays
    for journal in (late, early):
        journal.close()
