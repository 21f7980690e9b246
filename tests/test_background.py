"""Campaigns sent by a process of their own, as people use them: ``send --background``
returns at once, ``watch`` follows, ``pause`` from another process is honoured, a runner
killed with SIGKILL is seen as interrupted and resumed with nobody messaged twice."""

from __future__ import annotations

import asyncio
import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from app.jobs.store import open_store
from app.desktop import paths
from app.campaign import CampaignStatus, Journal
from app.campaign.progress import Progress, RunResult
from app.jobs.runner import BACKGROUND_NICENESS, RunnerFailed, start_runner
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import REPO, delivered, said
from tests.helpers.background import ROWS, send_in_background, sheet
from tests.helpers.cli import run
from tests.helpers import processes

def runner_pid(campaign_id: int) -> int:
    from app.jobs.runner import runner_log

    with open_store() as journal:
        campaign = journal.campaigns.get(campaign_id)
    log = runner_log(campaign_id)
    assert campaign.runner is not None, (campaign.status, campaign.status_reason,
                                         log.read_text(encoding="utf-8") if log.exists() else "no log")
    return int(campaign.runner.split("@")[0])


def sender_pid(campaign_id: int) -> int:
    """The process that began sending ``campaign_id`` last, from the audit trail: still
    known once it finished (when busy CPUs made the commands outlast a campaign's wait). The
    starter returns once the sender holds the campaign, a moment before it writes "sending"."""
    deadline = time.monotonic() + 10
    with open_store() as journal:
        while not (began := [e["detail"] for e in journal.audit_trail.entries(campaign_id)
                             if e["action"] == "sending"]) and time.monotonic() < deadline:
            time.sleep(0.1)
    assert began, f"campaign {campaign_id}: no sender began"
    return int(began[-1].split("@")[0])


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def once_each(sandbox: EmbeddedSandbox) -> Counter[str]:
    seen = Counter(m["phone_number"] for m in delivered(sandbox))
    assert set(seen.values()) == {1}, [p for p, n in seen.items() if n > 1]
    return seen


def test_send_in_the_background_returns_at_once_and_watch_follows_it_to_the_end(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    started = time.monotonic()
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "600")
    assert time.monotonic() - started < 30  # it did not wait for 60 messages at 10 a second
    listed = run("list").stdout
    assert "[process" in listed and f"safir-campaign watch {campaign_id}" in listed
    watched = run("watch", str(campaign_id), timeout=120)
    assert watched.returncode == 0, watched.stderr
    assert "progress:" in watched.stdout and "finished" in watched.stdout
    assert len(once_each(slow_sandbox)) == ROWS


def test_pause_from_another_process_is_honoured_within_a_second_and_resume_finishes(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "480")
    time.sleep(1.5)
    asked = time.monotonic()
    paused = run("pause", str(campaign_id))
    assert paused.returncode == 0 and "paused" in paused.stdout, paused.stderr
    assert time.monotonic() - asked < 5  # the CLI's own start-up included
    with open_store() as journal:
        campaign = journal.campaigns.get(campaign_id)
        assert campaign.status == CampaignStatus.PAUSED and campaign.runner is None
        sent_when_paused = journal.recipients.counts(campaign_id).sent
    time.sleep(1.0)
    assert len(delivered(slow_sandbox)) == sent_when_paused  # nothing went out after the pause
    resumed = run("resume", str(campaign_id), "--background", "--base-url", slow_sandbox.url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0, resumed.stderr
    assert run("watch", str(campaign_id), timeout=120).returncode == 0
    assert len(once_each(slow_sandbox)) == ROWS


def test_a_runner_killed_mid_send_is_interrupted_and_a_resume_sends_nobody_twice(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    own_autogroup = Path("/proc/self/autogroup")
    own_session = own_autogroup.read_text() if own_autogroup.exists() else ""
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "600")
    time.sleep(2.0)
    if hasattr(os, "getpriority"):  # a background sender yields the CPU to the desktop first
        niceness = min(19, os.getpriority(os.PRIO_PROCESS, 0) + BACKGROUND_NICENESS)
        assert os.getpriority(os.PRIO_PROCESS, runner_pid(campaign_id)) == niceness
        session = Path(f"/proc/{runner_pid(campaign_id)}/autogroup")
        if session.exists():  # Linux shares the CPU between sessions first: the sender's yields too
            shown = session.read_text().split()
            assert own_autogroup.read_text() == own_session  # the starter's unchanged
            # Some containers' kernels give a new session no group of its own (or none at all);
            # a starter in no group ("" shown: the default group) is not in the sender's.
            if shown and shown[0] != (own_session.split() or [""])[0]:
                assert shown[2] == str(niceness)
    os.kill(runner_pid(campaign_id), signal.SIGKILL)
    deadline = time.monotonic() + 5
    while "interrupted" not in run("status", str(campaign_id)).stdout:
        assert time.monotonic() < deadline, "the killed runner was not seen within 5 s"
        time.sleep(0.2)
    watched = run("watch", str(campaign_id))
    assert watched.returncode == 3 and "interrupted" in watched.stderr
    resumed = run("resume", str(campaign_id), "--background", "--base-url", slow_sandbox.url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0, resumed.stderr
    assert run("watch", str(campaign_id), timeout=120).returncode == 0
    assert len(once_each(slow_sandbox)) == ROWS


def test_results_with_background_are_refused_before_anything_is_made(
        tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    refused = run("send", sheet(tmp_path), "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi",
                  "--background", "--results", str(tmp_path / "r.csv"), api_key=DEMO_API_KEY)
    assert refused.returncode == 2 and "safir-campaign export" in refused.stderr
    assert "no campaigns yet" in run("list").stdout


def test_a_runner_that_cannot_start_is_a_sentence(tmp_path: Path, sandbox: EmbeddedSandbox,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from app.jobs import runner
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet
    from app.campaign import Content

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, 3)), content=Content(text="hi"), bot_id=1001,
                                  base_url=sandbox.url)
    broken = [sys.executable, "-c", "import sys; print('error: the installation is damaged'); sys.exit(2)"]
    monkeypatch.setattr(runner, "runner_argv", lambda *_a, **_k: broken)
    with pytest.raises(RunnerFailed) as failed:
        start_runner(journal, campaign_id, api_key=DEMO_API_KEY, base_url=sandbox.url)
    assert "stopped at once (exit status 2): the installation is damaged" in str(failed.value)
    missing = ["/no/such/program"]
    monkeypatch.setattr(runner, "runner_argv", lambda *_a, **_k: missing)
    with pytest.raises(RunnerFailed, match="could not be started"):
        start_runner(journal, campaign_id, api_key=DEMO_API_KEY, base_url=sandbox.url)
    journal.close()


@pytest.mark.parametrize("store", ["embedded", "team"])
@pytest.mark.parametrize("asked", ["while-it-starts", "before-the-start"])
def test_a_pause_asked_while_a_sender_starts_is_honoured_before_its_first_request_and_an_earlier_one_is_not(
        asked: str, store: str, tmp_path: Path, sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch,
        request: pytest.FixtureRequest) -> None:
    """Found by hand: a Pause pressed while the window's sender started let its first
    quarter second's messages leave (its claim forgot the stop)."""
    from app.jobs import runner

    if store == "team":
        request.getfixturevalue("team_store")  # open_store() and the sender use it
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet
    from app.campaign import Content, StopRequest
    from app.reasons import pause_reason

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, 20)), content=Content(text="hi"), bot_id=1001,
                                  base_url=sandbox.url, rate_per_minute=0)
    pause = (campaign_id, StopRequest.PAUSE, pause_reason("user_paused"))
    if asked == "before-the-start":  # a pause left from before, when nobody sent: not the new sender's
        journal.control.request_stop(*pause)
    spawn = runner._spawn_detached

    def spawn_then_pause(*args: object) -> subprocess.Popen[bytes]:
        process = spawn(*args)  # type: ignore[arg-type]
        if asked == "while-it-starts":  # the process is there, and has not claimed the campaign yet
            journal.control.request_stop(*pause)
        return process

    monkeypatch.setattr(runner, "_spawn_detached", spawn_then_pause)
    process = start_runner(journal, campaign_id, api_key=DEMO_API_KEY, base_url=sandbox.url)
    assert process.wait(timeout=60) == (3 if asked == "while-it-starts" else 0)
    campaign = journal.campaigns.get(campaign_id)
    journal.close()
    if asked == "while-it-starts":
        assert campaign.status == CampaignStatus.PAUSED and delivered(sandbox) == []
    else:
        assert campaign.status == CampaignStatus.FINISHED and len(once_each(sandbox)) == 20


def test_resume_due_after_a_killed_sender_sends_the_rest_with_nobody_twice(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "600", rows=40)
    # Killed a few messages in, not after a fixed time: busy CPUs can make the command that
    # started it return late, when a fixed time found the campaign finished.
    wait_until(lambda: len(delivered(slow_sandbox)) >= 3, 60, "the first messages")
    os.kill(runner_pid(campaign_id), signal.SIGKILL)  # as a reboot would
    assert len(delivered(slow_sandbox)) < 40
    time.sleep(0.5)
    due = run("resume-due", api_key=DEMO_API_KEY)
    assert due.returncode == 0 and f"campaign {campaign_id} is sending in the background again" in due.stdout, due
    assert run("watch", str(campaign_id), timeout=120).returncode == 0
    assert len(once_each(slow_sandbox)) == 40
    nothing = run("resume-due", api_key=DEMO_API_KEY)  # a finished campaign is left alone
    assert nothing.returncode == 0 and nothing.stdout == ""


def gone(pid: int) -> bool:
    """True once process ``pid`` has exited (a zombie nobody reaped yet counts)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def status_of(campaign_id: int) -> str:
    with open_store() as journal:
        return journal.campaigns.get(campaign_id).status


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_campaign_scheduled_ahead_with_background_is_delivered_once_with_no_terminal_left(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=15)
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "0", "--start-at", start.isoformat())
    sender = sender_pid(campaign_id)
    if datetime.now(timezone.utc) < start - timedelta(seconds=2):  # unless busy CPUs made the commands outlast it
        assert runner_pid(campaign_id) == sender  # it holds the campaign while it waits for its start
        listed = run("list").stdout
        assert "scheduled" in listed or datetime.now(timezone.utc) >= start, listed
        # The command that scheduled it has returned; what is left is a sender of its own session,
        # not this test's child: nothing of the test keeps it going.
        assert os.getsid(sender) != os.getsid(0)
        parent = next(line for line in Path(f"/proc/{sender}/status").read_text().splitlines()
                      if line.startswith("PPid:"))
        assert int(parent.split()[1]) != os.getpid()
    deadline = time.monotonic() + 90
    while status_of(campaign_id) != CampaignStatus.FINISHED:
        assert time.monotonic() < deadline, "the scheduled campaign did not finish by itself"
        time.sleep(0.5)
    first = min(datetime.fromisoformat(m["delivered_at"]) for m in delivered(slow_sandbox))
    assert first >= start  # nothing before its time
    assert len(once_each(slow_sandbox)) == ROWS
    deadline = time.monotonic() + 10
    while not gone(sender):
        assert time.monotonic() < deadline, "the sender is still running after its campaign finished"
        time.sleep(0.2)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_logout_pauses_the_sender_and_the_next_login_sends_the_rest_once(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "600")
    time.sleep(2.0)
    sender = runner_pid(campaign_id)
    os.kill(sender, signal.SIGTERM)  # what the session manager sends at logout
    deadline = time.monotonic() + 5
    while not gone(sender):
        assert time.monotonic() < deadline, "the sender did not stop on SIGTERM"
        time.sleep(0.1)
    status = run("status", str(campaign_id)).stdout
    assert "paused" in status and "interrupted (SIGTERM)" in status, status
    assert 0 < len(delivered(slow_sandbox)) < ROWS
    due = run("resume-due", api_key=DEMO_API_KEY)  # the next login
    assert due.returncode == 0 and f"campaign {campaign_id} is sending in the background again" in due.stdout, due
    assert run("watch", str(campaign_id), timeout=120).returncode == 0
    assert len(once_each(slow_sandbox)) == ROWS


def test_only_a_dead_sender_or_the_end_of_the_session_is_resumed_at_login(
        tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    from app.campaign import Content
    from app.reasons import pause_reason
    from app.jobs.creating import create_campaign
    from app.jobs.login_resume import resumes_at_login
    from app.jobs.sheet import check_sheet

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, 3)), content=Content(text="hi"), bot_id=1001,
                                  base_url=sandbox.url)
    expected = {pause_reason("signal", signal="SIGTERM"): True, pause_reason("signal", signal="SIGHUP"): True,
                pause_reason("signal", signal="SIGINT"): False, pause_reason("user_paused"): False}
    for reason, resumed in expected.items():
        journal.control.set_status(campaign_id, CampaignStatus.PAUSED, reason)
        assert resumes_at_login(journal, journal.campaigns.get(campaign_id)) is resumed, reason
    for words, resumed in (("interrupted (SIGTERM)", True), ("interrupted (SIGINT)", False)):  # as stored before
        with journal.transaction():
            journal.db.execute("UPDATE campaigns SET status_reason = $1 WHERE id = $2", (words, campaign_id))
        assert resumes_at_login(journal, journal.campaigns.get(campaign_id)) is resumed, words
    journal.control.set_status(campaign_id, CampaignStatus.RUNNING)  # nobody holds its lock: the sender died
    assert resumes_at_login(journal, journal.campaigns.get(campaign_id))
    journal.close()


async def follow_a_stand_in_sender(tmp_path: Path, sandbox: EmbeddedSandbox, rows: int, rate: float, seconds: float,
                                   before_each: Callable[[Journal, int, int], None] = lambda *_: None,
                                   ) -> tuple[RunResult, list[Progress]]:
    """Follow a campaign of ``rows`` recipients at ``rate`` a minute whose sender is this
    test: it holds the campaign's lock as a sending process does and records an outcome
    every ``seconds`` (``before_each(journal, campaign_id, number)`` first), then finishes.
    Returns how the follower saw it end and every snapshot it told."""
    from filelock import FileLock

    from app.campaign import Content, RecipientState
    from app.campaign.follow import follow
    from app.campaign.lock import lock_path
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    journal = open_store()
    campaign_id = create_campaign(journal, check_sheet(sheet(tmp_path, rows)), content=Content(text="hi"),
                                  bot_id=1001, base_url=sandbox.url, rate_per_minute=rate)
    sender = FileLock(str(lock_path(journal, campaign_id)))  # as a sending process holds it
    sender.acquire()
    journal.control.set_status(campaign_id, CampaignStatus.RUNNING)
    shown: list[Progress] = []

    async def send() -> None:
        for number, recipient in enumerate(journal.recipients.listed(campaign_id)):
            before_each(journal, campaign_id, number)
            journal.outcomes.record_outcome(campaign_id, recipient.row, RecipientState.SENT)
            await asyncio.sleep(seconds)
        journal.control.set_status(campaign_id, CampaignStatus.FINISHED)
        sender.release()

    result, _ = await asyncio.gather(follow(journal, campaign_id, shown.append), send())
    journal.close()
    return result, shown


async def test_the_rate_a_follower_shows_never_exceeds_the_rate_set(tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    # Outcomes far faster than the set rate, as the journal records them.
    result, shown = await follow_a_stand_in_sender(tmp_path, sandbox, rows=20, rate=60, seconds=0.05)
    assert result.status == CampaignStatus.FINISHED and result.counts.sent == 20
    assert max(p.rate_per_minute for p in shown) == 60  # what the counts alone would say is about 600 a minute


async def test_a_follower_shows_the_pace_the_sender_learned(tmp_path: Path, sandbox: EmbeddedSandbox) -> None:
    def refused_from_the_third(journal: Journal, campaign_id: int, number: int) -> None:
        if number == 3:  # the service allows 225 a minute, and another campaign sends with the key
            journal.control.set_pace(campaign_id, 225.0, True, 225.0, 1)

    result, shown = await follow_a_stand_in_sender(tmp_path, sandbox, rows=10, rate=600, seconds=0.1,
                                                   before_each=refused_from_the_third)
    assert result.status == CampaignStatus.FINISHED
    told = [(p.pace_per_minute, p.slowed, p.limit, p.sharing) for p in shown]
    assert told[0] == (0.0, False, None, 0) and (225.0, True, 225.0, 1) in told


def test_resume_due_without_a_key_names_the_campaign_and_leaves_it(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    campaign_id = send_in_background(tmp_path, slow_sandbox, "--rate", "120")
    time.sleep(1.0)
    os.kill(runner_pid(campaign_id), signal.SIGKILL)
    time.sleep(0.5)
    due = run("resume-due")  # no SAFIR_API_KEY, and no keyring on this machine
    assert due.returncode == 0 and f"campaign {campaign_id}: no API access key" in due.stdout
    assert "interrupted" in run("status", str(campaign_id)).stdout


def fake_procfs(tmp_path: Path, own_group: str, their_group: str) -> Path:
    """A /proc with two processes' autogroups as Linux shows them: ``self`` and 4242; a
    group of "" is the default group, whose file Linux shows empty."""
    for name, group in (("self", own_group), ("4242", their_group)):
        (tmp_path / "proc" / name).mkdir(parents=True)
        (tmp_path / "proc" / name / "autogroup").write_text(f"{group} nice 0\n" if group else "", encoding="ascii")
    return tmp_path / "proc"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="autogroups are Linux's")
def test_a_sessions_nice_value_is_tried_again_when_the_kernel_asks_to_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.jobs import runner

    monkeypatch.setattr(runner, "PROC", fake_procfs(tmp_path, "/autogroup-1", "/autogroup-2"))
    tries: list[str] = []
    write_text = Path.write_text

    def busy_once(path: Path, data: str, encoding: str | None = None) -> int:
        tries.append(data)
        if len(tries) == 1:  # as an unprivileged user's second change within 0.1 s is answered
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return write_text(path, data, encoding=encoding)

    monkeypatch.setattr(Path, "write_text", busy_once)
    runner._lower_session_priority(4242, 7)
    assert tries == ["7", "7"]
    assert (runner.PROC / "4242" / "autogroup").read_text(encoding="ascii") == "7"
    assert (runner.PROC / "self" / "autogroup").read_text(encoding="ascii") == "/autogroup-1 nice 0\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="autogroups are Linux's")
def test_a_session_in_the_callers_own_autogroup_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.jobs import runner

    # Some containers' kernels give a new session no group of its own: lowering it would lower the window.
    monkeypatch.setattr(runner, "PROC", fake_procfs(tmp_path, "/autogroup-0", "/autogroup-0"))
    runner._lower_session_priority(4242, 7)
    assert (runner.PROC / "4242" / "autogroup").read_text(encoding="ascii") == "/autogroup-0 nice 0\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="autogroups are Linux's")
def test_a_starter_in_the_default_group_still_lowers_the_senders_own_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.jobs import runner

    # A process that never started a session (CI's container) shows an empty autogroup file.
    monkeypatch.setattr(runner, "PROC", fake_procfs(tmp_path, "", "/autogroup-9"))
    runner._lower_session_priority(4242, 7)
    assert (runner.PROC / "4242" / "autogroup").read_text(encoding="ascii") == "7"
    assert (runner.PROC / "self" / "autogroup").read_text(encoding="ascii") == ""
    monkeypatch.setattr(runner, "PROC", fake_procfs(tmp_path / "both", "", ""))
    runner._lower_session_priority(4242, 7)  # neither in a group of its own: nothing to lower
    assert (runner.PROC / "4242" / "autogroup").read_text(encoding="ascii") == ""


def test_autostart_writes_and_removes_the_desktops_own_login_entry(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    entry = tmp_path / "config" / "autostart" / "ir.safir.campaign-resume.desktop"
    assert run("autostart", "on").returncode == 0
    text = entry.read_text(encoding="utf-8")
    assert "Exec=" in text and text.rstrip().splitlines()[0] == "[Desktop Entry]"
    exec_line = next(line for line in text.splitlines() if line.startswith("Exec="))
    assert exec_line.endswith(" resume-due") and "Terminal=false" in text
    # The entry runs on the folder it was written for, whatever a login session's defaults are.
    command = shlex.split(exec_line.removeprefix("Exec="))
    assert command[command.index("--home") + 1] == os.environ["SAFIR_CAMPAIGN_HOME"]
    elsewhere = {k: v for k, v in os.environ.items() if k != "SAFIR_CAMPAIGN_HOME"} | {"HOME": str(tmp_path)}
    listed = subprocess.run([*command[:-1], "autostart", "status"], capture_output=True, text=True, env=elsewhere,
                            cwd=REPO, timeout=60)
    assert listed.returncode == 0 and "yes" in listed.stdout, listed.stderr
    assert not (tmp_path / ".local").exists()  # the login session's default folder is not made
    assert "yes" in run("autostart", "status").stdout
    assert run("autostart", "off").returncode == 0 and not entry.exists()
    assert "no" in run("autostart", "status").stdout
    if shutil.which("desktop-file-validate"):
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(text, encoding="utf-8")
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def new_campaign(tmp_path: Path, sandbox: EmbeddedSandbox, rows: int) -> int:
    from app.campaign import Content
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    with open_store() as journal:
        return create_campaign(journal, check_sheet(sheet(tmp_path, rows)), content=Content(text="hi"), bot_id=1001,
                               base_url=sandbox.url, rate_per_minute=3000)


def no_traceback_anywhere(*outputs: str) -> None:
    logs = [p.read_text(encoding="utf-8", errors="replace") for p in paths.log_dir().glob("*.log")]
    for text in [*outputs, *logs]:
        assert "Traceback" not in text and "Exception ignored" not in text, text[-3000:]


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit (RLIMIT_FSIZE) is POSIX's")
def test_a_journal_that_cannot_grow_under_the_runner_pauses_it_with_a_sentence_and_no_traceback(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox) -> None:
    campaign_id = new_campaign(tmp_path, slow_sandbox, 400)
    # The runner may not make any file of the state dir more than 64 KiB bigger: its
    # journal's writes fail as on a failing disk (EFBIG; Python ignores SIGXFSZ).
    biggest = max(p.stat().st_size for p in paths.state_dir().rglob("*") if p.is_file())

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (biggest + 64 * 1024, resource.RLIM_INFINITY))

    started = processes.run([sys.executable, "-m", "app", "resume", str(campaign_id), "--background",
                              "--base-url", slow_sandbox.url], capture_output=True, text=True, cwd=REPO, timeout=60,
                             env={**os.environ, "SAFIR_API_KEY": DEMO_API_KEY}, preexec_fn=small_files)
    assert started.returncode == 0, started.stderr
    watched = run("watch", str(campaign_id), timeout=120)
    assert watched.returncode == 3, watched
    assert "failed to write" in watched.stderr and f"safir-campaign resume {campaign_id}" in watched.stderr
    no_traceback_anywhere(started.stdout, started.stderr, watched.stdout, watched.stderr)
    with open_store() as journal:
        assert journal.recipients.counts(campaign_id).sent < 400
    resumed = run("resume", str(campaign_id), "--background", "--base-url", slow_sandbox.url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0, resumed.stderr
    assert run("watch", str(campaign_id), timeout=120).returncode == 0
    assert len(once_each(slow_sandbox)) == 400


@pytest.fixture
def tiny_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A 16 MiB tmpfs as the state dir: a disk that really fills up (ENOSPC)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    if sys.platform != "linux" or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)],
                                                 capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root with CAP_SYS_ADMIN (the file-size-limit test covers the rest)")
    monkeypatch.setenv("SAFIR_CAMPAIGN_HOME", str(mount / "state"))
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_disk_that_fills_up_under_the_runner_is_told_in_watch_and_the_window_words(
        tmp_path: Path, slow_sandbox: EmbeddedSandbox, tiny_disk: Path) -> None:
    from app.campaign.follow import follow, said_last
    from app.jobs.runner import last_words

    campaign_id = new_campaign(tmp_path, slow_sandbox, 600)
    free = os.statvfs(tiny_disk).f_bavail * os.statvfs(tiny_disk).f_frsize
    (tiny_disk / "filler").write_bytes(b"x" * (free - 400 * 1024))  # room for a few dozen sends
    started = run("resume", str(campaign_id), "--background", "--base-url", slow_sandbox.url, api_key=DEMO_API_KEY)
    assert started.returncode == 0, started.stderr
    watched = run("watch", str(campaign_id), timeout=120)
    # The runner could not record its pause (the disk was full), but said why as it stopped.
    assert watched.returncode == 3 and "is full: free some space" in watched.stderr, watched
    # Said just after it let go of the campaign (a busy run read it before it was written).
    assert "is full: free some space" in said(asyncio.run(said_last(lambda: last_words(campaign_id), seconds=30)))
    with open_store() as journal:  # what the window does with a sender gone quiet: the same sentence
        result = asyncio.run(follow(journal, campaign_id, lambda _: None, last_words=lambda: last_words(campaign_id)))
    assert result.status == CampaignStatus.PAUSED and "is full" in said(result.reason)
    no_traceback_anywhere(started.stdout, started.stderr, watched.stdout, watched.stderr)
    (tiny_disk / "filler").unlink()
    resumed = run("resume", str(campaign_id), "--background", "--base-url", slow_sandbox.url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0, resumed.stderr
    assert run("watch", str(campaign_id), timeout=180).returncode == 0
    assert len(once_each(slow_sandbox)) == 600


def test_a_follower_waits_for_the_words_a_sender_writes_just_after_letting_go() -> None:
    from app.campaign.follow import said_last
    from app.reasons import Reason

    written: list[Reason] = []
    asked: list[int] = []

    def words() -> Reason | None:
        asked.append(1)
        return written[0] if written else None

    async def late() -> Reason | None:
        asyncio.get_running_loop().call_later(0.3, written.append, Reason.said("the disk is full"))
        return await said_last(words, seconds=10)

    assert asyncio.run(late()) == Reason.said("the disk is full") and len(asked) > 1
    asked.clear()
    written.clear()  # a sender whose exit is known said all it will: read once, no wait
    assert asyncio.run(said_last(words, ended=lambda: -9, seconds=10)) is None and len(asked) == 1


def test_a_runner_keeps_room_for_its_last_words_that_a_full_disk_cannot_take(tiny_disk: Path) -> None:
    import errno

    from app.jobs.runner import LastWordsRoom, last_words, last_words_file, runner_log
    from app.reasons import store_problem

    runner_log(5).parent.mkdir(parents=True, exist_ok=True)
    runner_log(5).write_text("campaign 5: sending from http://127.0.0.1:1\n" + "progress: 1/9\n" * 300)
    with LastWordsRoom(5) as room:
        assert last_words(5) is None  # a runner still sending has said no error
        free = os.statvfs(tiny_disk).f_bavail * os.statvfs(tiny_disk).f_frsize
        (tiny_disk / "filler").write_bytes(b"x" * free)
        with pytest.raises(OSError) as full, runner_log(5).open("a") as log:
            log.write("x" * 8192)  # the log's next block: the disk has none
        assert full.value.errno == errno.ENOSPC
        room.say(store_problem("journal_disk_full", folder=str(tiny_disk)), "campaign 5 stopped: the disk is full")
    told = last_words(5)
    assert told is not None and told.code == "journal_disk_full", told
    last_words_file(5).unlink()  # a runner started anew has said nothing yet
    assert last_words(5) is None


@pytest.mark.parametrize(("exit_status", "told"), [
    (None, "the process sending the campaign stopped unexpectedly; resume it"),  # not this process's child
    (-9, "the process sending the campaign stopped unexpectedly (exit status -9); resume it"),
])
def test_a_sender_that_died_is_told_with_its_exit_status_only_when_it_is_known(
        tmp_path: Path, sandbox: EmbeddedSandbox, exit_status: int | None, told: str) -> None:
    from app.campaign.follow import follow

    campaign_id = new_campaign(tmp_path, sandbox, 3)
    with open_store() as journal:
        journal.control.set_status(campaign_id, CampaignStatus.RUNNING)  # left running; nobody sends it
        result = asyncio.run(follow(journal, campaign_id, lambda _: None, ended=lambda: exit_status))
    assert result.status == CampaignStatus.PAUSED and said(result.reason).startswith(told), result.reason
    assert "?" not in said(result.reason)
