"""Benchmark 1 (issue 4): campaign throughput against a sandbox with 30 ms latency and
its limits off, beside a plain sequential httpx loop over the same sandbox.

Run: python benchmarks/campaign_throughput.py [--count 1000] [--in-flight 64]
Target: the engine at least 10x the loop's messages per second.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid

import httpx
from _common import machine, make_campaign, phones, sandbox_process

from app.desktop import paths
from app.api import SafirClient
from app.campaign import CampaignEngine, Journal


def baseline(url: str, count: int) -> float:
    """Messages per second of a plain loop: one request after another."""
    with httpx.Client(base_url=url) as http:
        started = time.perf_counter()
        for phone in phones(count, start=5_000_001):
            body = {"request_id": str(uuid.uuid4()), "bot_id": 1001, "phone_number": phone,
                    "message_data": {"message": {"text": "سلام"}}}
            http.post("/api/v3/send_message", json=body, headers={"api-access-key": "demo-api-key"}).raise_for_status()
        return count / (time.perf_counter() - started)


async def engine(url: str, count: int, in_flight: int) -> float:
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, count, rate=0, in_flight=in_flight, base_url=url)
    async with SafirClient(url, api_key="demo-api-key") as client:
        started = time.perf_counter()
        result = await CampaignEngine(journal, client).run(campaign_id)
        elapsed = time.perf_counter() - started
    assert result.counts.sent == count, result.counts
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--in-flight", type=int, default=16,
                        help="16 is the sweet spot: httpcore polls every pooled connection on each request")
    args = parser.parse_args()
    with sandbox_process("--latency-ms", "30", "--rate-per-minute", "0", "--burst-per-second", "0",
                         "--balance", "1000000") as url:
        loop_rate = baseline(url, args.count)
        engine_rate = asyncio.run(engine(url, args.count, args.in_flight))
    print(f"machine: {machine()}")
    print(f"{args.count} messages, sandbox latency 30 ms, engine in-flight {args.in_flight}")
    print(f"baseline sequential httpx loop: {loop_rate:8.1f} messages/s")
    print(f"campaign engine:                {engine_rate:8.1f} messages/s")
    print(f"ratio: {engine_rate / loop_rate:.1f}x (target: at least 10x)")


if __name__ == "__main__":
    main()
