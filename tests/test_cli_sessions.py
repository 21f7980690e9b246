"""The command line as a person uses it, in real processes against real sandboxes:
bad flags, the same sheet sent twice, an unknown template, SIGTERM and SIGHUP mid-send,
a damaged journal, and a sandbox killed and restarted on its data folder."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.jobs.store import open_store
from app.desktop import paths
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import REPO, SAMPLES, delivered, free_port, sandbox_state_when_up
from tests.helpers.cli import run
from tests.helpers import processes

SHEET = str(SAMPLES / "contacts.csv")


def no_campaign_was_made() -> bool:
    return "no campaigns yet" in run("list").stdout


@pytest.mark.parametrize(("flag", "words"), [
    (["--rate", "nan"], "finite number"),
    (["--rate", "inf"], "finite number"),
    (["--rate", "1e-9"], "at least 1 message per minute"),
    (["--rate", "-5"], "messages per minute"),
    (["--bot-id", "9223372036854775808"], "from 1 to 9223372036854775807"),
    (["--bot-id", "0"], "from 1 to"),
    (["--in-flight", str(2**70)], "from 1 to 256"),
    (["--timeout", "nan"], "finite number"),
    (["--timeout", "0"], "from 0.1 to 600"),
    (["--file", "."], "is a folder"),
    (["--results", "."], "must end in .csv or .xlsx"),
    (["--results", "no-such-folder/out.csv"], "does not exist"),
    (["--start-at", "2026-12-01 9am"], "ISO time"),
    (["--start-at", "2026-12-01T09:00"], "2026-12-01T09:00 has no UTC offset: add the one of its time zone"),
])
def test_every_bad_flag_is_refused_before_anything_is_sent(flag: list[str], words: str) -> None:
    done = run("send", SHEET, "--sandbox", "--bot-id", "1001", "--text", "x", *flag)
    assert done.returncode == 2, done.stdout
    assert words in done.stderr and "Traceback" not in done.stderr
    assert no_campaign_was_made()


def test_a_folder_or_a_pipe_as_the_sheet_is_refused_at_once(tmp_path: Path) -> None:
    assert "is a folder" in run("check", str(tmp_path)).stderr
    fifo = tmp_path / "list.csv"
    os.mkfifo(fifo)
    done = run("check", str(fifo), timeout=20)  # opening a FIFO would wait forever
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_a_base_url_with_credentials_is_refused_and_not_repeated(tmp_path: Path) -> None:
    done = run("send", SHEET, "--base-url", "https://user:hunter22@safir.example", "--bot-id", "1001",
               "--text", "x", api_key="k")
    assert done.returncode == 2 and "user name or password" in done.stderr
    assert "hunter22" not in done.stderr + done.stdout
    assert no_campaign_was_made()


def test_the_same_sheet_twice_is_stopped_unless_asked(sandbox: EmbeddedSandbox) -> None:
    args = ("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "سلام {{نام}}", "--rate", "0")
    first = run(*args, api_key=DEMO_API_KEY)
    assert first.returncode == 0
    again = run(*args, api_key=DEMO_API_KEY)
    assert again.returncode == 2 and "latest: campaign 1, contacts.csv, created" in again.stderr
    assert "--allow-repeat" in again.stderr and "--only-new" in again.stderr
    assert len(delivered(sandbox)) == 13
    other_text = run(*args[:-4], "--text", "دوباره {{نام}}", "--rate", "0", api_key=DEMO_API_KEY)
    assert other_text.returncode == 0  # a different message is a different campaign
    forced = run(*args, "--allow-repeat", api_key=DEMO_API_KEY)
    assert forced.returncode == 0 and len(delivered(sandbox)) == 39


def test_an_unknown_template_pauses_instead_of_failing_everyone(sandbox: EmbeddedSandbox) -> None:
    done = run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--template", "no-such-template",
               "--field", "name={{نام}}", "--rate", "0", "--in-flight", "1", api_key=DEMO_API_KEY)
    assert done.returncode == 3
    assert "refused 5 messages in a row" in done.stderr and "Traceback" not in done.stderr
    assert "0 failed" in done.stdout and delivered(sandbox) == []
    status = run("status", "1").stdout
    assert "paused" in status and "next: safir-campaign resume 1" in status


@pytest.fixture
def standalone_sandbox(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A sandbox in its own process with a data folder: (url, data dir)."""
    port = free_port()
    data = tmp_path / "sandbox-data"
    proc = processes.popen([sys.executable, "-m", "app", "sandbox", "--port", str(port), "--data", str(data),
                             "--rate-per-minute", "0", "--burst-per-second", "0"],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        sandbox_state_when_up(url)
        yield url, data
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_pause_the_campaign_and_resume_finishes_it(
        standalone_sandbox: tuple[str, Path], tmp_path: Path, signum: signal.Signals) -> None:
    url, _ = standalone_sandbox
    env = {**os.environ, "SAFIR_API_KEY": DEMO_API_KEY}
    sender = processes.popen([sys.executable, "-m", "app", "send", SHEET, "--base-url", url, "--bot-id", "1001",
                               "--text", "hi {{نام}}", "--rate", "120"], cwd=REPO, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert sender.stdout is not None
    for line in sender.stdout:
        if line.startswith("progress:"):
            break
    sender.send_signal(signum)
    out, err = sender.communicate(timeout=20)
    assert sender.returncode == 128 + signum, err
    assert f"interrupted ({signum.name})" in err and "Traceback" not in err
    status = run("status", "1").stdout
    assert f"paused (interrupted ({signum.name}))" in status
    resumed = run("resume", "1", "--base-url", url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0, resumed.stderr
    messages = httpx.get(f"{url}/sandbox/messages").json()["messages"]
    phones = [m["phone_number"] for m in messages]
    assert len(phones) == len(set(phones)) == 13


def test_a_damaged_journal_is_a_sentence_for_every_command(tmp_path: Path) -> None:
    journal = paths.journal_path()
    journal.write_bytes(b"this is not a database at all" * 100)
    for args in (["list"], ["status", "1"], ["export", "1", str(tmp_path / "r.csv")], ["resume", "1"],
                 ["send", SHEET, "--sandbox", "--bot-id", "1001", "--text", "x"]):
        done = run(*args)
        assert done.returncode == 2, args
        assert "is damaged: move it aside" in done.stderr and "Traceback" not in done.stderr


def test_a_running_campaign_nobody_sends_is_shown_as_interrupted(sandbox: EmbeddedSandbox) -> None:
    from app.campaign import CampaignStatus

    assert run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "x", "--rate", "0",
               api_key=DEMO_API_KEY).returncode == 0
    with open_store() as journal:
        journal.control.set_status(1, CampaignStatus.RUNNING)  # as a SIGKILL or a full disk would leave it
    listed = run("list").stdout
    assert "interrupted" in listed and "running" not in listed


def test_a_sandbox_restarted_on_its_data_folder_keeps_its_request_ids(tmp_path: Path) -> None:
    data = tmp_path / "data"
    body = {"request_id": "order-42", "bot_id": 1001, "phone_number": "989123000001",
            "message_data": {"message": {"text": "once"}}}
    headers = {"api-access-key": DEMO_API_KEY}

    def start() -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        proc = processes.popen([sys.executable, "-m", "app", "sandbox", "--port", str(port), "--data", str(data)],
                                cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        sandbox_state_when_up(url)
        return proc, url

    proc, url = start()
    first = httpx.post(f"{url}/api/v3/send_message", json=body, headers=headers).json()
    balance = httpx.get(f"{url}/sandbox/state").json()["balance"]
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    proc, url = start()
    try:
        again = httpx.post(f"{url}/api/v3/send_message", json=body, headers=headers).json()
        assert again == first
        messages = httpx.get(f"{url}/sandbox/messages").json()["messages"]
        assert [m["text"] for m in messages] == ["once"]
        assert httpx.get(f"{url}/sandbox/state").json()["balance"] == balance
    finally:
        proc.kill()
        proc.wait()


def test_a_sandbox_on_every_interface_warns() -> None:
    port = free_port()
    proc = processes.popen([sys.executable, "-m", "app", "sandbox", "--host", "0.0.0.0", "--port", str(port)],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        sandbox_state_when_up(f"http://127.0.0.1:{port}")
    finally:
        proc.kill()
        _, err = proc.communicate()
    assert "anyone who can reach this machine can use it" in err


def test_unknown_outcomes_show_in_list_and_status(tmp_path: Path) -> None:
    from app.campaign import RecipientState

    with EmbeddedSandbox() as sandbox:
        assert run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "x", "--rate", "0",
                   api_key=DEMO_API_KEY).returncode == 0
    with open_store() as journal:
        row = journal.recipients.listed(1, RecipientState.SENT)[0].row
        journal.outcomes.record_outcome(1, row, RecipientState.UNKNOWN, error="the answer was lost")
    listed = run("list").stdout
    assert "unknown" in listed.splitlines()[0] and "safir-campaign resume 1" in listed
    status = run("status", "1").stdout
    assert "1 unknown" in status and "next: safir-campaign resume 1" in status


def test_a_sandbox_stopped_with_ctrl_c_leaves_its_ledger_whole_in_one_file(tmp_path: Path) -> None:
    # Found by a review: ending without the interpreter's teardown left the ledger's last
    # writes in its write-ahead log; a copy of the ledger file alone lacked them.
    import sqlite3

    data = tmp_path / "data"
    port = free_port()
    proc = processes.popen([sys.executable, "-m", "app", "sandbox", "--port", str(port), "--data", str(data)],
                           cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    sandbox_state_when_up(url)
    for n in range(1, 6):
        answer = httpx.post(f"{url}/api/v3/send_message", headers={"api-access-key": DEMO_API_KEY}, json={
            "request_id": f"r-{n}", "bot_id": 1001, "phone_number": f"98912300000{n}",
            "message_data": {"message": {"text": "once"}}}).json()
        assert answer["message_id"], answer
    proc.send_signal(signal.SIGINT)
    assert proc.wait(30) == 128 + signal.SIGINT  # stopped by Ctrl-C, as the command line says
    assert not (data / "ledger.sqlite3-wal").exists()
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes((data / "ledger.sqlite3").read_bytes())
    with contextlib.closing(sqlite3.connect(copy)) as ledger:
        assert ledger.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 5
