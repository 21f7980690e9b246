"""Helpers for the benchmarks: a sandbox in its own process, a temporary state dir and
a campaign of N made-up recipients."""

from __future__ import annotations

import contextlib
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("SAFIR_CAMPAIGN_HOME", tempfile.mkdtemp(prefix="safir-bench-"))


def machine() -> str:
    """One line naming the machine the figures come from."""
    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


@contextlib.contextmanager
def sandbox_process(*flags: str, niceness: int = 0) -> Iterator[str]:
    """A sandbox in a separate process (so its CPU is not counted); yields its URL.
    ``niceness`` lowers its CPU priority (POSIX), as far from the measured process's CPU
    as a remote service would be."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "app", "sandbox", "--port", str(port), *flags],
                               cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if niceness and hasattr(os, "setpriority"):
        os.setpriority(os.PRIO_PROCESS, process.pid, niceness)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(400):
            try:
                httpx.get(f"{url}/sandbox/state")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(10)


def phones(count: int, start: int = 1_000_001) -> list[str]:
    """Made-up wire-form phones, none ending in 0000 (no-account numbers)."""
    out, n = [], start
    while len(out) < count:
        if n % 10000:
            out.append(f"98912{n:07d}")
        n += 1
    return out


def make_campaign(journal: object, count: int, *, rate: float, in_flight: int, base_url: str) -> int:
    from app.campaign import Content, Journal
    from app.campaign.definition import build_recipients

    class Row:
        def __init__(self, row: int, phone: str) -> None:
            self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None

    assert isinstance(journal, Journal)
    content = Content(kind="text", text="سلام {{name}}، پیام آزمایشی")
    rows = [(Row(i + 2, p), {"name": f"مشتری {i}"}) for i, p in enumerate(phones(count))]
    return journal.creation.create(name="bench", kind="text", content=content.to_json(), bot_id=1001,
                                   rate_per_minute=rate, in_flight=in_flight, base_url=base_url,
                                   recipients=build_recipients(rows, content))
