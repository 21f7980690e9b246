"""Benchmark 3 (issue 4): CPU time per message in the app process, journal included,
beside a plain httpx loop's CPU per message in the same run. The sandbox runs in its
own process, so its CPU is not counted.

Run: python benchmarks/cpu_per_message.py [--count 3000]
Target: at most 1.0 ms per message (issue 9; 0.5 ms in issue 4); write-ahead log under 64 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import threading
import time
import uuid

import httpx
from _common import machine, make_campaign, phones, sandbox_process

from app import paths
from app.api import SafirClient
from app.campaign import CampaignEngine, Journal


async def baseline(url: str, count: int, workers: int = 1) -> float:
    """CPU seconds per message of plain httpx with no journal: ``workers`` loops sharing
    one client, each sending its share one request at a time."""
    queue = list(phones(count, start=9_000_001 + 1_000_000 * workers))

    async def worker(http: httpx.AsyncClient) -> None:
        while queue:
            answer = await http.post("/api/v3/send_message", headers={"api-access-key": "demo-api-key"}, json={
                "request_id": str(uuid.uuid4()), "bot_id": 1001, "phone_number": queue.pop(),
                "message_data": {"message": {"text": "x"}}})
            answer.json()

    async with httpx.AsyncClient(base_url=url) as http:
        started = time.process_time()
        await asyncio.gather(*(worker(http) for _ in range(workers)))
        return (time.process_time() - started) / count


async def engine(url: str, count: int, in_flight: int) -> tuple[float, float, int]:
    """(CPU seconds per message for the run, for creating the campaign, the largest
    write-ahead log seen while sending, in bytes), in this process."""
    journal = Journal(paths.journal_path())
    before = time.process_time()
    campaign_id = make_campaign(journal, count, rate=0, in_flight=in_flight, base_url=url)
    create = (time.process_time() - before) / count
    wal = paths.journal_path().with_name(paths.journal_path().name + "-wal")
    largest = [0]
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            largest[0] = max(largest[0], wal.stat().st_size if wal.exists() else 0)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    async with SafirClient(url, api_key="demo-api-key") as client:
        started = time.process_time()
        result = await CampaignEngine(journal, client).run(campaign_id)
        run = (time.process_time() - started) / count
    done.set()
    watcher.join()
    assert result.counts["sent"] == count
    return run, create, largest[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--in-flight", type=int, default=8)
    args = parser.parse_args()
    with sandbox_process("--rate-per-minute", "0", "--burst-per-second", "0", "--balance", "1000000") as url:
        loop = asyncio.run(baseline(url, args.count))
        concurrent = asyncio.run(baseline(url, args.count, args.in_flight))
        run, create, wal = asyncio.run(engine(url, args.count, args.in_flight))
    print(f"machine: {machine()}")
    print(f"{args.count} messages, in-flight {args.in_flight}")
    print(f"baseline plain httpx loop (no journal): {loop * 1000:.3f} ms CPU per message")
    print(f"baseline plain httpx, {args.in_flight} requests at once:  {concurrent * 1000:.3f} ms CPU per message")
    print(f"campaign engine, journal included:     {run * 1000:.3f} ms CPU per message"
          f" (+{create * 1000:.3f} ms once, creating the campaign)")
    print(f"the engine's own share (engine minus plain httpx at the same concurrency): "
          f"{(run - concurrent) * 1000:.3f} ms per message")
    print(f"largest write-ahead log while sending: {wal / 1e6:.1f} MB (target: under 64 MB)")
    print("target: at most 1.0 ms per message (issue 9), with the plain loop printed beside it")


if __name__ == "__main__":
    main()
