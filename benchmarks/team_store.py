"""Benchmark (issue 20): the team store (PostgreSQL, a throw-away server on loopback).

Engine CPU per message on the team store beside the embedded store (SQLite) in the same
run: the same campaign, the same sandbox (its own process, its CPU not counted); the
sender's CPU includes every thread (the writer and the heartbeat), not the server's.
Target: within 1.5 x the SQLite store's. (Senders sharing a key's limit:
benchmarks/shared_pace.py.)

Run: python benchmarks/team_store.py [--count 3000]
(needs the PostgreSQL server binaries: apt-get install postgresql)
"""

from __future__ import annotations

import argparse
import asyncio
import time

from _common import machine, make_campaign, sandbox_process

from app.desktop import paths
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
    assert result.counts.sent == count, result
    return spent / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000, help="messages of the CPU comparison")
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

    finally:
        server.remove()


if __name__ == "__main__":
    main()
