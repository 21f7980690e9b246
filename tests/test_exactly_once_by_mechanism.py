"""Exactly once and at most N by mechanism, tried as a team's machines really behave
(docs/team.md, "What the store guarantees"): a sender frozen past its lease, two
desktops racing for a capped number or an identical campaign with their clocks apart and
both CPUs busy, a journal deleted under a running sender, a store server frozen mid-send.
Every test runs real processes against a real sandbox (and a throw-away PostgreSQL)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.campaign import CampaignStatus
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.store import open_store
from tests.helpers import FAKETIME, REPO, delivered, fast_settings
from tests.pg_server import ThrowawayServer
from tests.helpers.team import Desktop, desktops, each_once, sheet
from tests.helpers import processes

@pytest.fixture
def busy_cpus() -> Iterator[None]:
    """Every CPU busy for the test's length, as on a loaded CI machine: with loops of its
    own, unless pytest-xdist runs at least as many other workers as there are CPUs, which
    keep them busy already (loops beside them took a tenth of the suite's CPU for nothing)."""
    cpus = os.cpu_count() or 2
    others = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) - 1
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cpus if others < cpus else 0)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def sending_requests(sandbox: EmbeddedSandbox) -> int:
    return int(httpx.get(f"{sandbox.url}/sandbox/state").json()["sending_requests"])


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"no {what} within {seconds} s"
        time.sleep(0.05)


def test_a_sender_frozen_past_its_lease_sends_nothing_it_lost_and_leaves_the_campaign_finished(
        team_store: str, tmp_path: Path) -> None:
    rows = 60
    with EmbeddedSandbox(fast_settings()) as sandbox:
        frozen, other = desktops(tmp_path, team_store, 2, SAFIR_TEAM_LEASE_SECONDS="5")
        zombie = frozen.start("send", sheet(tmp_path, "s.csv", 1, rows), "--base-url", sandbox.url, "--bot-id", "1001",
                              "--text", "hi {{name}}", "--rate", "600")
        wait_for(lambda: len(delivered(sandbox)) >= 20, 30, "first deliveries")
        zombie.send_signal(signal.SIGSTOP)  # a laptop closed mid-campaign, its batch claimed in memory
        try:
            time.sleep(6)  # past its lease
            taken_over = other.run("resume", "1", "--base-url", sandbox.url, timeout=120)
        finally:
            zombie.send_signal(signal.SIGCONT)  # the laptop opened again
            out, err = zombie.communicate(timeout=60)
        assert taken_over.returncode == 0, taken_over.stderr
        counts = each_once(sandbox)
        assert len(counts) == rows and set(counts.values()) == {1}, counts.most_common(3)
        assert sending_requests(sandbox) <= rows + 16  # at most the requests out at the moment it froze
        with open_store() as journal:
            campaign = journal.campaigns.get(1)
            assert campaign.status == CampaignStatus.FINISHED, campaign.status_reason
            assert journal.recipients.counts(1).sent == rows
        # The woken sender tells the truth: the campaign is finished, every recipient final.
        assert zombie.returncode == 0, err
        assert "finished" in out and "has not answered" not in err


def test_a_row_a_frozen_sender_keeps_locked_is_waited_for_not_left_unsent(team_store: str) -> None:
    """A sender frozen in the middle of a commit keeps its rows locked (not leased: its
    leases ran out) until the server ends its transaction; a claim skips locked rows, so
    the sender going on must wait for them instead of ending its pass with them unsent."""
    from app.api import SafirClient
    from app.campaign import CampaignEngine, NewRecipient

    async def scenario(sandbox: EmbeddedSandbox) -> tuple[str, int, float]:
        journal, frozen = open_store(), open_store()
        campaign_id = journal.creation.create(
            name="t", kind="text", content={"kind": "text", "text": "hi"}, bot_id=1001, rate_per_minute=0,
            in_flight=2, base_url=sandbox.url,
            recipients=[NewRecipient(row, f"0912000000{row}", f"98912000000{row}", "valid", None,
                                     {"message": {"text": "hi"}}) for row in range(2, 6)])
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            with frozen.transaction():  # the frozen sender's open transaction, with row 4 locked
                frozen.db.execute("SELECT 1 FROM recipients WHERE campaign_id = $1 AND row = 4 FOR UPDATE",
                                  (campaign_id,))
                sending = asyncio.ensure_future(CampaignEngine(journal, client).run(campaign_id))
                await asyncio.sleep(2.0)
                assert not sending.done()  # it waits for the locked row...
            started = time.monotonic()
            result = await sending  # ...and sends it once the lock is gone
        sent = journal.recipients.counts(campaign_id).sent
        journal.close()
        frozen.close()
        return result.status, sent, time.monotonic() - started

    with EmbeddedSandbox(fast_settings()) as sandbox:
        status, sent, after = asyncio.run(scenario(sandbox))
        assert status == CampaignStatus.FINISHED and sent == 4
        assert each_once(sandbox) == {f"98912000000{row}": 1 for row in range(2, 6)}
    assert after < 5  # within a few looks of the lock going


def test_a_sender_that_lost_its_leases_retries_no_request(team_store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by an attack: a sender frozen with requests out woke to their read timeout and
    retried one, though another sender had finished the campaign meanwhile: only the first
    try was fenced. Here its leases are lost while its requests meet 500s (as a heartbeat
    that found them taken over leaves them): no retry goes out until it has claimed again."""
    from app.api import RetryPolicy, SafirClient
    from app.campaign import CampaignEngine, NewRecipient
    from app.campaign.journal.team.leases import LeasedSession

    lost_at: list[int] = []
    at_regain: list[int] = []
    regain = LeasedSession.regain

    def regain_counted(session: LeasedSession) -> None:
        at_regain.append(sending_requests(sandbox))
        sandbox.settings.fault_5xx = 0.0  # the service is well again
        regain(session)

    monkeypatch.setattr(LeasedSession, "regain", regain_counted)

    async def scenario() -> CampaignStatus:
        journal = open_store()
        campaign_id = journal.creation.create(
            name="t", kind="text", content={"kind": "text", "text": "hi"}, bot_id=1001, rate_per_minute=0,
            in_flight=3, base_url=sandbox.url,
            recipients=[NewRecipient(row, f"0912000000{row}", f"98912000000{row}", "valid", None,
                                     {"message": {"text": "hi"}}) for row in range(2, 5)])
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY, retry=RetryPolicy(max_retries=3, base=0.4)) as client:
            engine = CampaignEngine(journal, client)
            sending = asyncio.ensure_future(engine.run(campaign_id))
            while sending_requests(sandbox) < 3:
                await asyncio.sleep(0.01)  # each row's first try had its 500; the retries wait 0.3–0.4 s
            assert engine._session is not None
            engine._session.term.lost = True  # type: ignore[attr-defined]
            lost_at.append(sending_requests(sandbox))
            result = await sending
        journal.close()
        return result.status

    with EmbeddedSandbox(fast_settings(fault_5xx=1.0)) as sandbox:
        status = asyncio.run(scenario())
        assert lost_at == [3] and at_regain[:1] == [3], (lost_at, at_regain)  # nothing more while not its own
        assert status == CampaignStatus.FINISHED
        assert each_once(sandbox) == {f"98912000000{row}": 1 for row in range(2, 5)}


@pytest.mark.parametrize("stores", ["team", "one desktop"])
def test_two_campaigns_started_at_once_under_a_cap_of_one_never_message_a_number_twice(
        stores: str, tmp_path: Path, request: pytest.FixtureRequest, busy_cpus: None) -> None:
    numbers = 300
    if stores == "team":
        team = desktops(tmp_path, request.getfixturevalue("team_store"), 2)
    else:  # two processes of one desktop, on its embedded journal
        home = tmp_path / "desktop"
        team = [Desktop(home, "", "", SAFIR_CAMPAIGN_STORE="") for _ in range(2)]
    with EmbeddedSandbox(fast_settings()) as sandbox:
        capped = team[0].run("cap", "--max", "1", "--days", "7")
        assert capped.returncode == 0, capped.stderr
        path = sheet(tmp_path, "s.csv", 1, numbers)
        senders = [d.start("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--text", f"offer {n} {{{{name}}}}",
                           "--rate", "0") for n, d in enumerate(team)]
        outputs = [p.communicate(timeout=120) for p in senders]
        assert [p.returncode for p in senders] == [0, 0], outputs
        counts = each_once(sandbox)
    assert max(counts.values()) == 1, counts.most_common(3)  # the cap: nobody got two
    assert len(counts) >= 290  # and the two campaigns together reached (nearly) everyone


#: Pairs of identical sends from two desktops with clocks 3 s apart (each pair starts two
#: processes on busy CPUs), in groups run as tests of their own so that they run in parallel.
PAIRS, PAIRS_PER_GROUP = 6, 2


@pytest.mark.parametrize("group", range(PAIRS // PAIRS_PER_GROUP))
def test_two_identical_sends_from_desktops_with_clocks_apart_let_exactly_one_through(
        group: int, team_store: str, tmp_path: Path, busy_cpus: None) -> None:
    if not Path(FAKETIME).exists():
        pytest.fail("libfaketime is needed to set a desktop's clock apart (.ci/run installs the faketime package)")
    ahead, behind = desktops(tmp_path, team_store, 2)
    behind.env.update(LD_PRELOAD=FAKETIME, FAKETIME="-3s", FAKETIME_DONT_FAKE_MONOTONIC="1")
    path = sheet(tmp_path, "s.csv", 1, 400)  # the race is while a campaign is made: rows, not sending, widen it
    with EmbeddedSandbox(fast_settings()) as sandbox:
        for pair in range(group * PAIRS_PER_GROUP, (group + 1) * PAIRS_PER_GROUP):
            text = f"pair {pair} {{{{name}}}}"
            started = [d.start("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--text", text,
                               "--rate", "0") for d in (ahead, behind)]
            ended = [p.communicate(timeout=120) for p in started]
            codes = sorted(p.returncode for p in started)
            assert codes == [0, 2], f"pair {pair}: {codes} {ended}"  # one sent, the other refused as a repeat
            assert any("already got this message" in err or "still to get it" in err for _, err in ended), ended
        assert set(each_once(sandbox).values()) == {PAIRS_PER_GROUP}  # each number got each text once


#: A desktop whose clock is behind makes a campaign that waits half way for a line on its stdin.
SLOW_CREATION = """
import sys
from app.campaign.journal import NewRecipient
from app.jobs.store import open_store

def rows():
    for i in range(1, 41):
        if i == 21:
            sys.stdin.readline()
        yield NewRecipient(i, f"0912{i:07d}", f"98912{i:07d}", "valid", None, {"message": {"text": "slow"}})

with open_store() as journal:
    print(journal.creation.create(name="slow", kind="text", content={"text": "slow"}, bot_id=1001,
                                  rate_per_minute=0, in_flight=1, base_url=sys.argv[1], recipients=rows()))
"""


def test_a_creation_on_a_desktop_whose_clock_is_behind_is_not_taken_for_abandoned_by_another(
        team_store: str, tmp_path: Path) -> None:
    """Found by an attack: a creation stamped by a clock 3 h behind looked abandoned to the
    other desktops, whose sends then failed on its rows (or could have dropped it)."""
    if not Path(FAKETIME).exists():
        pytest.fail("libfaketime is needed to set a desktop's clock apart (.ci/run installs the faketime package)")
    behind, other = desktops(tmp_path, team_store, 2)
    behind.env.update(LD_PRELOAD=FAKETIME, FAKETIME="-3h", FAKETIME_DONT_FAKE_MONOTONIC="1")
    with EmbeddedSandbox(fast_settings()) as sandbox:
        slow = subprocess.Popen([sys.executable, "-c", SLOW_CREATION, sandbox.url], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=behind.env, cwd=REPO)
        with open_store() as journal:
            wait_for(lambda: journal.db.execute("SELECT count(*) FROM campaigns WHERE status = 'creating'")
                     .fetchone()[0], 30, "a creation")
        sent = other.run("send", sheet(tmp_path, "s.csv", 100, 5), "--base-url", sandbox.url, "--bot-id", "1001",
                         "--text", "hi {{name}}", "--rate", "0")
        made, err = slow.communicate("go on\n", timeout=60)
        assert sent.returncode == 0, sent.stderr
        assert slow.returncode == 0, err
    with open_store() as journal:
        campaign = journal.campaigns.get(int(made))
        assert campaign.status == CampaignStatus.READY and journal.recipients.counts(campaign.id).total == 40


def test_the_repeat_guards_days_are_the_stores_not_a_desktops_clock(team_store: str, tmp_path: Path) -> None:
    """Found by an attack: a desktop 31 days ahead saw no campaign in "the last 30 days"
    and sent the same message to the same numbers again."""
    now, ahead = desktops(tmp_path, team_store, 2)
    ahead.env.update(LD_PRELOAD=FAKETIME, FAKETIME="+31d", FAKETIME_DONT_FAKE_MONOTONIC="1")
    path = sheet(tmp_path, "s.csv", 1, 5)
    with EmbeddedSandbox(fast_settings()) as sandbox:
        args = ("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "same {{name}}", "--rate", "0")
        assert now.run(*args).returncode == 0
        again = ahead.run(*args)
        assert again.returncode == 2 and "already got this message" in again.stderr, again
        assert set(each_once(sandbox).values()) == {1}


def test_a_start_time_is_the_stores_on_a_desktop_whose_clock_is_ahead(team_store: str, tmp_path: Path) -> None:
    """Found by an attack: a desktop 2 h ahead sent a campaign scheduled an hour later at once."""
    from datetime import datetime, timedelta, timezone

    (ahead,) = desktops(tmp_path, team_store, 1)
    ahead.env.update(LD_PRELOAD=FAKETIME, FAKETIME="+2h", FAKETIME_DONT_FAKE_MONOTONIC="1")
    start = (datetime.now(timezone.utc) + timedelta(hours=1)).replace(microsecond=0)
    with EmbeddedSandbox(fast_settings()) as sandbox:
        waiting = ahead.start("send", sheet(tmp_path, "s.csv", 1, 5), "--base-url", sandbox.url, "--bot-id", "1001",
                              "--text", "later {{name}}", "--rate", "0", "--start-at", start.isoformat())
        try:
            with open_store() as journal:
                wait_for(lambda: journal.campaigns.all() and journal.campaigns.all()[0].runner, 30, "a sender")
            time.sleep(2)  # it would have sent by now had it believed its own clock
            assert delivered(sandbox) == []
        finally:
            waiting.send_signal(signal.SIGINT)
            out, err = waiting.communicate(timeout=30)
    assert f"waiting for the start time {start.isoformat()}" in out, out + err


def test_a_campaign_is_in_the_journal_file_itself_before_its_first_request(
        tmp_path: Path, state_home: Path) -> None:
    """Found by a second attack: the log deleted and the sender killed within the look's
    quarter second lost the whole campaign (it was in the log only), and the same sheet
    went out again; now a session starts by writing the campaign into the journal file."""
    import shutil
    import sqlite3

    from app.campaign import Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    with open_store() as journal:
        journal.db.execute("PRAGMA wal_autocheckpoint = 0")  # as in a big creation: nothing copied meanwhile
        campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, "s.csv", 1, 30)), content=Content(text="hi"),
                                      bot_id=1001, base_url="http://127.0.0.1:9")
        with journal.sending_session(campaign_id, "1@desk"):
            shutil.copy(state_home / "journal.sqlite3", tmp_path / "file-alone.sqlite3")  # the log left behind
    alone = sqlite3.connect(tmp_path / "file-alone.sqlite3")
    try:
        rows = alone.execute("SELECT COUNT(request_id) FROM recipients WHERE campaign_id = ?", (campaign_id,))
        assert rows.fetchone()[0] == 30
    finally:
        alone.close()


#: Makes every ``asyncio.to_thread`` call of a process run on a new thread of its own, as
#: a pool may when its threads are slow to come back (busy CPUs).
EACH_CALL_A_NEW_THREAD = """
import asyncio, threading

async def to_thread(func, /, *args, **kwargs):
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def work():
        try:
            result = func(*args, **kwargs)
            loop.call_soon_threadsafe(lambda: done.done() or done.set_result(result))
        except BaseException as error:
            loop.call_soon_threadsafe(lambda failed=error: done.done() or done.set_exception(failed))
        threading.Event().wait()  # kept: a thread's ident, and so its connection, is never reused

    threading.Thread(target=work, daemon=True).start()
    return await done

asyncio.to_thread = to_thread
"""


@pytest.mark.parametrize("threads", ["pooled", "each-call-new"])
def test_a_journal_log_deleted_under_a_running_sender_stops_it_and_nothing_is_lost_or_sent_twice(
        threads: str, tmp_path: Path, state_home: Path) -> None:
    """Found by an attack: the write-ahead log deleted under a sender went unnoticed; killed
    afterwards, the campaign was gone from the journal and the same sheet went out again.
    Found by a busy run: a thread's first connection after the deletion made a new log,
    and the sender's last writes (or the journal itself) were lost."""
    import sqlite3

    with EmbeddedSandbox(fast_settings()) as sandbox:
        env = {**os.environ, "SAFIR_API_KEY": DEMO_API_KEY}
        argv = [sys.executable, "-m", "app", "send", sheet(tmp_path, "s.csv", 1, 80), "--base-url", sandbox.url,
                "--bot-id", "1001", "--text", "hi {{name}}", "--rate", "600"]
        hook = tmp_path / "hook"
        hook.mkdir()
        (hook / "sitecustomize.py").write_text(EACH_CALL_A_NEW_THREAD, encoding="utf-8")
        sender_env = {**env, "PYTHONPATH": str(hook)} if threads == "each-call-new" else env
        sending = processes.popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=sender_env,
                                  cwd=REPO)
        wait_for(lambda: len(delivered(sandbox)) >= 10, 30, "first deliveries")
        (state_home / "journal.sqlite3-wal").unlink()
        at_deletion = len(delivered(sandbox))
        out, err = sending.communicate(timeout=30)
        assert sending.returncode == 3 and "log" in err and "was deleted while it was in use" in err, err
        assert len(delivered(sandbox)) - at_deletion <= 30 and "Traceback" not in err
        alone = sqlite3.connect(state_home / "journal.sqlite3")  # what the sender left, before any other opens it
        try:
            assert alone.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert alone.execute("SELECT status, runner FROM campaigns").fetchall() == [("paused", None)]
        finally:
            alone.close()
        listed = processes.run([sys.executable, "-m", "app", "status", "1"], capture_output=True, text=True, env=env,
                                cwd=REPO, timeout=60)
        assert listed.returncode == 0 and "paused" in listed.stdout, listed
        stopped_at = len(delivered(sandbox))
        again = processes.run(argv, capture_output=True, text=True, env=env, cwd=REPO, timeout=60)
        assert again.returncode == 2 and "still to get it" in again.stderr, again
        assert len(delivered(sandbox)) == stopped_at
        resumed = processes.run([sys.executable, "-m", "app", "resume", "1", "--base-url", sandbox.url],
                                 capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
        assert resumed.returncode == 0, resumed.stderr
        counts = each_once(sandbox)
    assert len(counts) == 80 and set(counts.values()) == {1}


@pytest.mark.parametrize("deleted", ["journal", "lock"])
def test_a_journal_deleted_under_a_running_sender_stops_it_with_a_sentence(
        deleted: str, tmp_path: Path, state_home: Path) -> None:
    with EmbeddedSandbox(fast_settings()) as sandbox:
        env = {**os.environ, "SAFIR_API_KEY": DEMO_API_KEY}
        sending = processes.popen(
            [sys.executable, "-m", "app", "send", sheet(tmp_path, "s.csv", 1, 600), "--base-url", sandbox.url,
             "--bot-id", "1001", "--text", "hi {{name}}", "--rate", "600"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
        wait_for(lambda: len(delivered(sandbox)) >= 10, 30, "first deliveries")
        if deleted == "journal":  # a cleanup tool, or a user clearing the folder
            for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"):
                (state_home / name).unlink(missing_ok=True)
        else:
            (state_home / "locks" / "campaign-1.lock").unlink()
        at_deletion = len(delivered(sandbox))
        out, err = sending.communicate(timeout=30)
        time.sleep(5)
        assert len(delivered(sandbox)) - at_deletion <= 30
        if deleted == "journal":  # the next command, and sending the sheet again, say the journal is gone
            listed = processes.run([sys.executable, "-m", "app", "list"], capture_output=True, text=True, env=env,
                                    cwd=REPO, timeout=60)
            assert listed.returncode == 2 and "is gone, though this folder held one" in listed.stderr, listed
            stopped_at = len(delivered(sandbox))
            again = processes.run([sys.executable, "-m", "app", "send", str(tmp_path / "s.csv"), "--base-url",
                                    sandbox.url, "--bot-id", "1001", "--text", "hi {{name}}", "--rate", "600"],
                                   capture_output=True, text=True, env=env, cwd=REPO, timeout=60)
            assert again.returncode == 2 and "would message everyone twice" in again.stderr, again
            assert len(delivered(sandbox)) == stopped_at  # nobody messaged twice
    assert sending.returncode == 3, err
    assert "was deleted or replaced" in err and "Traceback" not in err
    if deleted == "lock":  # the journal is there: its sentence says so, and resume sends the rest
        assert "The journal is intact" in err and "restore" not in err, err


#: Rows of the frozen-store test: at 600 a minute, 10 a second, the rest goes out in seconds after the thaw.
ROWS_FROZEN = 40


def test_a_frozen_store_is_told_within_15_seconds_and_sending_goes_on_by_itself_exactly_once(
        postgres_server: ThrowawayServer, tmp_path: Path) -> None:
    server = postgres_server  # this worker's own: no other test uses it while it is frozen
    url, password = server.new_database()
    desktop = Desktop(tmp_path / "desktop", url, password)
    errors = tmp_path / "stderr.txt"
    with EmbeddedSandbox(fast_settings()) as sandbox, open(errors, "w", encoding="utf-8") as stderr:
        sending = processes.popen(
            [sys.executable, "-m", "app", "send", sheet(tmp_path, "s.csv", 1, ROWS_FROZEN), "--base-url",
             sandbox.url, "--bot-id", "1001", "--text", "hi {{name}}", "--rate", "600"],
            stdout=subprocess.DEVNULL, stderr=stderr, text=True, env=desktop.env, cwd=REPO)
        wait_for(lambda: len(delivered(sandbox)) >= 5, 30, "first deliveries")
        server.freeze()
        frozen_at = time.monotonic()
        at_freeze = len(delivered(sandbox))
        try:
            wait_for(lambda: "cannot be reached" in errors.read_text(encoding="utf-8"), 15, "sentence")
            told = time.monotonic() - frozen_at
            time.sleep(1)  # still frozen after it was told: nothing new goes out
            while_frozen = len(delivered(sandbox)) - at_freeze
        finally:
            server.thaw()
        assert sending.wait(timeout=120) == 0, errors.read_text(encoding="utf-8")
        counts = each_once(sandbox)
    assert len(counts) == ROWS_FROZEN and set(counts.values()) == {1}
    assert told <= 15
    assert while_frozen <= 16  # at most the requests out at the moment it froze


def test_a_reader_of_an_older_journal_delays_a_senders_start_by_a_second_and_is_told(
        tmp_path: Path, state_home: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A session starts by copying the log into the journal file; another program reading an
    older state (a DB browser) held that for the journal's whole busy timeout (10 s), and
    whether the copy was whole went unchecked."""
    import sqlite3

    from app.campaign import Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(Path(sheet(tmp_path, "s.csv", 1, 3))),
                                  content=Content(kind="text", text="hi {{name}}"), bot_id=1001,
                                  base_url="http://127.0.0.1:9")
    browser = sqlite3.connect(state_home / "journal.sqlite3", isolation_level=None)
    try:
        browser.execute("BEGIN")
        assert browser.execute("SELECT COUNT(*) FROM campaigns").fetchone()[0] == 1  # its snapshot: now
        journal.audit_trail.add("noted", campaign_id, None)  # the log grows past the reader's snapshot
        with caplog.at_level("WARNING"), journal.sending_session(campaign_id, "me") as session:
            assert session.holds()
        assert "reads the journal" in caplog.text and "from an older state" in caplog.text
        browser.execute("COMMIT")
        caplog.clear()
        with caplog.at_level("WARNING"), journal.sending_session(campaign_id, "me"):
            pass
        assert "older state" not in caplog.text  # nobody holds it back: the whole log is copied
    finally:
        browser.close()
