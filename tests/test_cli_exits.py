"""Small exits: every bad path, id, flag and environment gets one sentence and exit 2 (never
a traceback or a hang), a closed pipe ends quietly, and the state dir stays private."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import REPO, SAMPLES
from tests.helpers.cli import run
from tests.helpers import processes

SHEET = str(SAMPLES / "contacts.csv")


def one_sentence_exit_2(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_fifo_as_any_output_is_refused_at_once(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    one_sentence_exit_2(run("check", SHEET, "--results", str(fifo), timeout=20), "not a regular file")
    one_sentence_exit_2(run("export", "1", str(fifo), timeout=20), "not a regular file")
    one_sentence_exit_2(run("suppression", "export", str(fifo), timeout=20), "not a regular file")


@pytest.mark.parametrize("command", ["status", "resume", "export"])
def test_a_campaign_id_too_big_for_the_journal_is_a_sentence(command: str, tmp_path: Path) -> None:
    extra = [str(tmp_path / "r.csv")] if command == "export" else []
    one_sentence_exit_2(run(command, str(2**63), *extra), "the campaign id must be from 1 to")


def test_a_closed_pipe_ends_quietly(sandbox: EmbeddedSandbox) -> None:
    assert run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi",
               "--rate", "0", api_key=DEMO_API_KEY).returncode == 0
    proc = processes.popen([sys.executable, "-m", "app", "status", "1"], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before a line is written, as with `| head -0`
    error = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(30) != 0 and "Traceback" not in error and "BrokenPipe" not in error


@pytest.mark.parametrize(("flags", "words"), [
    (["--port", "99999"], "port must be from 1 to 65535"),
    (["--data", "/dev/null"], "is not a folder"),
    (["--fault-5xx", "2"], "fault-5xx must be a share from 0 to 1"),
    (["--fault-5xx", "nan"], "fault-5xx must be a share from 0 to 1"),
    (["--fault-hold-s", "inf"], "fault-hold-s must be from 0 to 3600"),
    (["--rate-per-minute", "-5"], "rate-per-minute must be a whole number from 0"),
])
def test_sandbox_flags_no_service_could_have_are_refused(flags: list[str], words: str) -> None:
    one_sentence_exit_2(run("sandbox", "--port", "1" if "--port" not in flags else flags[1],
                            *[f for f in flags if flags[:1] != ["--port"]], timeout=20), words)


def test_sandbox_fifo_as_data_or_config_and_a_port_in_use(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    one_sentence_exit_2(run("sandbox", "--port", "1", "--data", str(fifo), timeout=20), "is not a folder")
    one_sentence_exit_2(run("sandbox", "--config", str(fifo), timeout=20), "is not a regular file")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = run("sandbox", "--port", str(port), timeout=20)
    one_sentence_exit_2(done, "in use by another program")
    assert "sandbox on" not in done.stdout


def test_a_stale_display_is_a_sentence_not_an_abort() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":97"  # no X server there
    done = processes.run([sys.executable, "-m", "app"], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=60)
    one_sentence_exit_2(done, "no X server answers at DISPLAY=:97")


def test_status_and_list_answer_where_no_log_can_be_written(state_home: Path) -> None:
    state_home.mkdir(parents=True, exist_ok=True)
    (state_home / "logs").write_text("a file where the logs folder should be")
    listed = run("list")
    assert listed.returncode == 0 and "no campaigns yet" in listed.stdout, listed.stderr
    assert run("status", "1").returncode == 2  # answers (no such campaign), not "cannot write logs"
    assert "cannot write logs" not in run("status", "1").stderr


def test_a_key_in_the_base_urls_query_or_fragment_is_refused_and_not_repeated() -> None:
    for url in ("https://safir.example/?api_key=s3cr3t-k3y", "https://safir.example/#s3cr3t-k3y"):
        done = run("send", SHEET, "--base-url", url, "--bot-id", "1001", "--text", "x", api_key="k")
        one_sentence_exit_2(done, "carries a query or a fragment")
        assert "s3cr3t" not in done.stderr + done.stdout
    assert "no campaigns yet" in run("list").stdout


def test_the_state_dir_logs_and_locks_are_private(sandbox: EmbeddedSandbox, state_home: Path) -> None:
    assert run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi", "--rate", "0",
               api_key=DEMO_API_KEY).returncode == 0
    # a sending process of its own writes a log of its own (logs/campaign-2.log): private too
    assert run("send", SHEET, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hello", "--rate", "0",
               "--background", api_key=DEMO_API_KEY).returncode == 0
    assert run("watch", "2").returncode == 0 and (state_home / "logs" / "campaign-2.log").exists()
    for folder in (state_home, state_home / "logs", state_home / "locks"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
        for item in folder.iterdir():
            if item.is_file():
                assert stat.S_IMODE(item.stat().st_mode) == 0o600, item


def test_misspelt_and_abbreviated_flags_are_told_by_their_command() -> None:
    misspelt = run("send", SHEET, "--sanbox", "--bot-id", "1001", "--text", "x")
    one_sentence_exit_2(misspelt, "unrecognized argument --sanbox; did you mean --sandbox?")
    assert "usage: safir-campaign send" in misspelt.stderr
    abbreviated = run("send", SHEET, "--sandbox", "--bot", "1001", "--text", "x")
    one_sentence_exit_2(abbreviated, "did you mean --bot-id?")


def test_the_sandbox_refuses_a_huge_body_with_413_on_every_route(sandbox: EmbeddedSandbox) -> None:
    big = b"{" + b" " * (2 * 1024 * 1024) + b"}"
    for route in ("/api/v3/send_message", "/api/v2/send_otp", "/api/v2/auth/token"):
        assert httpx.post(sandbox.url + route, content=big).status_code == 413, route

    def stream() -> object:  # no Content-Length: counted as it arrives
        for _ in range(64):
            yield b" " * 65536

    answer = httpx.post(sandbox.url + "/api/v3/send_message", content=stream(),  # type: ignore[arg-type]
                        headers={"api-access-key": DEMO_API_KEY, "content-type": "application/json"})
    assert answer.status_code == 413
    ok = httpx.post(sandbox.url + "/api/v3/send_message", headers={"api-access-key": DEMO_API_KEY},
                    json={"bot_id": 1001, "phone_number": "989121110001", "message_data": {"message": {"text": "hi"}}})
    assert ok.status_code == 200, ok.text


def test_a_wrong_template_pauses_with_counts_that_agree_and_resume_can_fix_it() -> None:
    args = ("send", SHEET, "--sandbox", "--bot-id", "1001", "--template", "welcom", "--field", "name={{نام}}",
            "--field", "shop=فروشگاه", "--rate", "0", "--in-flight", "8")
    first = run(*args)
    assert first.returncode == 3, first.stderr
    assert "refused 5 messages in a row" in first.stderr and "0 failed" in first.stdout
    assert "or cancel the campaign and send again" in first.stderr
    assert "errors by code" not in first.stdout  # nobody failed: the campaign did
    assert "safir-campaign resume 1 --sandbox" in first.stderr
    again = run("resume", "1", "--sandbox")
    assert again.returncode == 3 and "0 failed" in again.stdout  # a resume marks nobody failed either
    fixed = run("resume", "1", "--sandbox", "--template", "welcome")
    assert fixed.returncode == 0, fixed.stderr
    assert "template changed for the 14 recipients not sent yet" in fixed.stdout
    assert "13 sent, 1 failed" in fixed.stdout  # the one failure: a number with no Bale account
    one_sentence_exit_2(run("resume", "1", "--sandbox", "--template", "x"), "only a stopped campaign")


@pytest.mark.parametrize("thread", [False, True], ids=["alone", "a thread still running"])
def test_the_console_script_ends_with_its_status_its_output_and_its_atexit_work_done(thread: bool) -> None:
    # app.cli.run skips the interpreter's teardown of its modules (0.1-0.2 s for pandas' and
    # Arrow's); what a process owes as it ends must still happen.
    code = (
        "import atexit, sys, threading, time\n"
        "import app.cli as cli\n"
        "atexit.register(lambda: print('atexit ran', flush=False))\n"
        "def late(): time.sleep(0.3); print('thread done', flush=False)\n"
        f"if {thread}: threading.Thread(target=late).start()\n"
        "def main(): print('buffered', end=''); sys.stderr.write('said '); return 7\n"
        "cli.main = main\n"
        "cli.run()\n"
        "print('never')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 7 and done.stderr == "said "
    assert done.stdout == "buffered" + ("thread done\n" if thread else "") + "atexit ran\n"


def test_a_command_started_with_its_error_stream_closed_keeps_its_exit_status(tmp_path: Path) -> None:
    # Found by a review: with descriptor 2 closed Python has no sys.stderr, and the console
    # script's own end failed on it (exit 1 instead of the command's 2).
    done = subprocess.run(["bash", "-c", f"{sys.executable} -m app status 99 2>&-; echo $?"], cwd=REPO,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SAFIR_CAMPAIGN_HOME": str(tmp_path / "home")})
    assert done.stdout.splitlines()[-1] == "2", done
