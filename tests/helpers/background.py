"""A campaign sent in the background from the command line, as a test starts one."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers.cli import run

#: Rows of :func:`sheet` unless told.
ROWS = 60


def sheet(tmp_path: Path, rows: int = ROWS) -> str:
    """``tmp_path``/list.csv with ``rows`` numbers 09127000001…; its path."""
    path = tmp_path / "list.csv"
    path.write_text("phone\n" + "".join(f"0912{7_000_001 + i:07d}\n" for i in range(rows)), encoding="utf-8")
    return str(path)


def send_in_background(tmp_path: Path, sandbox: EmbeddedSandbox, *flags: str, rows: int = ROWS) -> int:
    """``send … --background *flags`` of :func:`sheet` (``rows`` numbers) as the first
    campaign of this test's state dir; checks what the command said and returns the
    campaign's id (1)."""
    done = run("send", sheet(tmp_path, rows), "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi",
               "--background", *flags, api_key=DEMO_API_KEY, timeout=60)
    assert done.returncode == 0, done.stderr
    starts = next((flags[i + 1] for i, flag in enumerate(flags) if flag == "--start-at"), None)
    sending = "campaign 1 is sending in the background" in done.stdout
    if starts is None:
        assert sending, done.stdout
    else:  # a start ahead is told, not "sending" (unless the command outlasted the wait: busy CPUs)
        told = re.search(rf"campaign 1 will start at {re.escape(starts)} \(in \d+ s\) in the background",
                         done.stdout)
        assert told or sending and datetime.fromisoformat(starts) <= datetime.now(timezone.utc), done.stdout
    assert "safir-campaign watch 1" in done.stdout
    return 1
