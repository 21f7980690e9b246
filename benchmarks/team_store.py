"""Benchmark (issue 20): the team store (PostgreSQL, a throw-away server on loopback).

1. Engine CPU per message on the team store beside the embedded store (SQLite) in the
   same run: the same campaign, the same sandbox (its own process, its CPU not counted);
   the sender's CPU includes every thread (the writer and the heartbeat), not the
   server's. Target: within 1.5 x the SQLite store's.
2. Two desktops (processes, each its own state dir) send a campaign each with one API key
   against a sandbox that accepts --limit messages a minute, each asking for twice that;
   printed beside the baseline of the same run: one desktop alone sending both
   campaigns' recipients. Target: combined rate at least 96% and at most 102% of the
   limit; every number exactly once.

Run: python benchmarks/team_store.py [--count 3000] [--limit 600] [--team-count 450]
(needs the PostgreSQL server binaries: apt-get install postgresql)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

import httpx
from _common import REPO, machine, make_campaign, sandbox_process

from app import paths
from app.api import SafirClient
from app.campaign import CampaignEngine, Journal
from app.campaign.journal.team import TeamJournal
from tests.pg_server import ThrowawayServer


async def cpu_per_message(journal: Journal, url: str, count: int) -> float:
    """CPU seconds per message of one engine run (creation excluded)."""
    campaign_id = make_campaign(journal, count, rate=0, in_flight=8, base_url=url)
    async with SafirClient(url, api_key="demo-api-key") as client:
        started = time.process_time()
        result = await CampaignEngine(journal, client).run(campaign_id)
        spent = time.process_time() - started
    assert result.counts["sent"] == count, result
    return spent / count


def write_sheet(path: Path, first: int, count: int) -> str:
    path.write_text("name,mobile\n" + "".join(f"n{i},0912{i:07d}\n" for i in range(first, first + count)),
                    encoding="utf-8")
    return str(path)


def desktops_at_once(url: str, store: str, password: str, sheets: list[str], rate: int) -> tuple[float, list[int]]:
    """Each sheet sent by a desktop of its own, all at once: (seconds from the first start
    to the last end, exit statuses)."""
    processes = []
    started = time.monotonic()
    for sheet in sheets:
        env = {**os.environ, "SAFIR_CAMPAIGN_HOME": tempfile.mkdtemp(prefix="safir-desktop-"),
               "SAFIR_CAMPAIGN_STORE": store, "PGPASSWORD": password, "SAFIR_API_KEY": "demo-api-key"}
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "app", "send", sheet, "--base-url", url, "--bot-id", "1001", "--text",
             "hello {{name}}", "--rate", str(rate), "--allow-repeat"], env=env, cwd=REPO,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
    codes = []
    for process in processes:
        _, err = process.communicate()
        codes.append(process.returncode)
        if process.returncode:
            print(err[-500:])
    return time.monotonic() - started, codes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000, help="messages of the CPU comparison")
    parser.add_argument("--limit", type=int, default=600, help="the sandbox's messages per minute")
    parser.add_argument("--team-count", type=int, default=450, help="messages per desktop in the pace test")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    server = ThrowawayServer().start()
    try:
        with sandbox_process("--rate-per-minute", "0", "--burst-per-second", "0", "--balance", "100000000") as url:
            sqlite = asyncio.run(cpu_per_message(Journal(paths.journal_path()), url, args.count))
            store, password = server.new_database()
            team = TeamJournal(store, paths.journal_path(), password=password)
            postgres = asyncio.run(cpu_per_message(team, url, args.count))
            team.close()
        print(f"engine CPU per message ({args.count} messages, 8 in flight, no pacing):")
        print(f"  embedded store (SQLite), baseline   {sqlite * 1000:6.3f} ms")
        print(f"  team store (PostgreSQL, loopback)   {postgres * 1000:6.3f} ms = {postgres / sqlite:4.2f} x "
              "(target: at most 1.5 x)")

        folder = Path(tempfile.mkdtemp(prefix="safir-team-bench-"))
        half = args.team_count
        sheets = [write_sheet(folder / "a.csv", 1, half), write_sheet(folder / "b.csv", 1_000_001, half)]
        both = write_sheet(folder / "ab.csv", 2_000_001, 2 * half)
        print(f"two desktops on one key, the sandbox accepting {args.limit} a minute, each asking for "
              f"{2 * args.limit}:")
        for label, plan in (("baseline: one desktop, both lists", [both]), ("two desktops at once", sheets)):
            with sandbox_process("--rate-per-minute", str(args.limit), "--burst-per-second", "0",
                                 "--balance", "100000000") as url:
                store, password = server.new_database()
                seconds, codes = desktops_at_once(url, store, password, plan, 2 * args.limit)
                messages = httpx.get(f"{url}/sandbox/messages").json()["messages"]
            counts = Counter(m["phone_number"] for m in messages)
            once = len(messages) == 2 * half and set(counts.values()) == {1}
            times = sorted(datetime.fromisoformat(m["delivered_at"]).timestamp() for m in messages)
            rate = (len(times) - 1) * 60 / (times[-1] - times[0])  # first to last delivery
            print(f"  {label:<36} {rate:6.0f}/min = {rate / args.limit:6.1%} of the limit (first to last "
                  f"delivery; {seconds:5.1f} s with start-up); exit {codes}; every number exactly once: {once}")
        print("  target: two desktops at least 96% and at most 102% of the limit, exactly once")
    finally:
        server.remove()


if __name__ == "__main__":
    main()
