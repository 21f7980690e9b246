"""Benchmark 2 (issue 4): pacing accuracy. At a set rate, the achieved rate divided by
the set rate, and the largest number of requests the service saw in any one second,
beside a naive pacer (sleep 60/rate after each request) in the same run.

Run: python benchmarks/pacing.py [--rate 3000] [--count 1000]
Target: within 1% of the set rate, never more than the per-second rate plus one.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from datetime import datetime

import httpx
from _common import machine, make_campaign, phones, sandbox_process

from app.desktop import paths
from app.api import SafirClient
from app.campaign import CampaignEngine, Journal


def delivered_times(url: str, request_ids: set[str] | None = None) -> list[float]:
    messages = httpx.get(f"{url}/sandbox/messages").json()["messages"]
    return sorted(datetime.fromisoformat(m["delivered_at"]).timestamp() for m in messages
                  if request_ids is None or m["request_id"] in request_ids)


def figures(times: list[float], rate: float) -> tuple[float, int]:
    """(achieved / set rate, most deliveries within any one-second window)."""
    achieved = (len(times) - 1) / (times[-1] - times[0]) * 60
    most, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= 1.0:
            start += 1
        most = max(most, end - start + 1)
    return achieved / rate, most


async def naive(url: str, count: int, rate: float) -> set[str]:
    ids = set()
    async with httpx.AsyncClient(base_url=url) as http:
        for phone in phones(count, start=7_000_001):
            request_id = str(uuid.uuid4())
            ids.add(request_id)
            await http.post("/api/v3/send_message", headers={"api-access-key": "demo-api-key"}, json={
                "request_id": request_id, "bot_id": 1001, "phone_number": phone,
                "message_data": {"message": {"text": "x"}}})
            await asyncio.sleep(60 / rate)
    return ids


async def engine(url: str, count: int, rate: float) -> set[str]:
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, count, rate=rate, in_flight=16, base_url=url)
    async with SafirClient(url, api_key="demo-api-key") as client:
        await CampaignEngine(journal, client).run(campaign_id)
    return {r.request_id for r in journal.recipients.listed(campaign_id) if r.request_id}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=3000, help="messages per minute")
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    per_second = args.rate / 60
    with sandbox_process("--latency-ms", "20", "--rate-per-minute", "0", "--burst-per-second", "0",
                         "--balance", "1000000") as url:
        started = time.perf_counter()
        naive_ids = asyncio.run(naive(url, args.count, args.rate))
        naive_ratio, naive_most = figures(delivered_times(url, naive_ids), args.rate)
        engine_ids = asyncio.run(engine(url, args.count, args.rate))
        engine_ratio, engine_most = figures(delivered_times(url, engine_ids), args.rate)
    print(f"machine: {machine()}")
    print(f"{args.count} messages at {args.rate:g} per minute ({per_second:g} per second), sandbox latency 20 ms;"
          f" {time.perf_counter() - started:.0f} s in all")
    print(f"baseline (sleep 60/rate after each request): achieved/set {naive_ratio:.4f}, most in one second {naive_most}")
    print(f"campaign engine:                             achieved/set {engine_ratio:.4f}, most in one second {engine_most}")
    print(f"targets: achieved/set within 1% (0.99-1.01); most in one second at most {per_second + 1:g}")


if __name__ == "__main__":
    main()
