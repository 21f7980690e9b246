"""A campaign killed with SIGKILL at random moments and resumed, against a sandbox that
injects faults (5xx, answers held past the timeout, connections dropped after
processing): every valid recipient is delivered exactly once, and the journal agrees
with the sandbox row by row."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from tests.helpers import REPO, free_port, sandbox_state_when_up
from tests.helpers import processes

VALID = 240


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return processes.popen([sys.executable, "-m", "app", *args], cwd=REPO, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killed_and_resumed_campaign_delivers_each_recipient_exactly_once(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    sheet = tmp_path / "list.csv"
    phones = [f"0912{i:07d}" for i in range(1000001, 1000001 + VALID)]
    sheet.write_text("name,mobile\n" + "".join(f"n{i},{p}\n" for i, p in enumerate(phones))
                     + "bad,12345\ndup,09121000001\n", encoding="utf-8")
    port = free_port()
    env = dict(os.environ, SAFIR_API_KEY="demo-api-key")
    sandbox = start(["sandbox", "--port", str(port), "--rate-per-minute", "0", "--burst-per-second", "0",
                     "--latency-ms", "15", "--fault-5xx", "0.05", "--fault-timeout", "0.05", "--fault-reset", "0.05",
                     "--fault-hold-s", "1", "--seed", "3"], env)
    url = f"http://127.0.0.1:{port}"
    try:
        sandbox_state_when_up(url)
        common = ["--base-url", url, "--timeout", "0.4"]
        first = start(["send", str(sheet), "--bot-id", "1001", "--text", "سلام {{name}}", "--rate", "0",
                       "--in-flight", "8", *common], env)
        assert first.stdout is not None
        campaign_id = first.stdout.readline().split()[1]
        kills = 0
        process = first
        for _ in range(4):
            time.sleep(rng.uniform(0.15, 0.9))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                kills += 1
            process.communicate()
            process = start(["resume", campaign_id, *common], env)
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        retry = processes.run([sys.executable, "-m", "app", "retry-failed", campaign_id, "--include-unknown",
                                *common], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
        assert retry.returncode == 0 or "no failures worth retrying" in retry.stderr, retry.stderr
        assert kills >= 1

        messages = httpx.get(f"{url}/sandbox/messages").json()["messages"]
        per_phone = Counter(m["phone_number"] for m in messages)
        assert set(per_phone) == {"98" + p[1:] for p in phones}
        assert set(per_phone.values()) == {1}, "somebody got the message twice"
        by_request = {m["request_id"]: m for m in messages}

        db = sqlite3.connect(Path(env["SAFIR_CAMPAIGN_HOME"]) / "journal.sqlite3")
        rows = db.execute("SELECT phone, state, request_id, message_id, campaign_id FROM recipients"
                          " WHERE campaign_id = ?", (int(campaign_id),)).fetchall()
        retried = {r[0]: r for r in db.execute("SELECT phone, state, request_id, message_id, campaign_id"
                                               " FROM recipients WHERE campaign_id > ?", (int(campaign_id),))}
        sent = 0
        for phone, state, request_id, message_id, _ in rows:
            if state == "skipped":
                continue
            if state != "sent":
                phone, state, request_id, message_id, _ = retried[phone]
            assert state == "sent"
            assert by_request[request_id]["message_id"] == message_id
            assert by_request[request_id]["phone_number"] == phone
            sent += 1
        assert sent == VALID
    finally:
        sandbox.terminate()
        sandbox.communicate(timeout=10)
