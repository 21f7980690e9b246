"""Benchmark (issue 9): a campaign asked to send faster than the service allows.

The sandbox (its own process) accepts --limit messages per minute (a sliding minute, as
the service's code 3 implies); the campaign asks for twice that. Printed beside it, the
baseline of the same run: the same campaign asked for exactly the service's limit (what
a user who knew the unpublished limit would set).

Run: python benchmarks/rate_limit.py [--limit 600] [--count 1200]
Target: at least 90% of the limit achieved over the whole campaign, no stall, each
recipient delivered exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import time

import httpx
from _common import machine, make_campaign, sandbox_process

from app import paths
from app.api import SafirClient
from app.campaign import CampaignEngine, Journal


async def campaign(url: str, count: int, rate: float) -> tuple[float, dict[str, int], float]:
    """(achieved messages per minute over the whole run, final counts, final pace)."""
    journal = Journal(paths.journal_path())
    campaign_id = make_campaign(journal, count, rate=rate, in_flight=8, base_url=url)
    async with SafirClient(url, api_key="demo-api-key") as client:
        engine = CampaignEngine(journal, client, writes_on_loop=True)  # as run-campaign sends
        started = time.monotonic()
        result = await engine.run(campaign_id)
        elapsed = time.monotonic() - started
    assert engine._pacer is not None
    return result.counts["sent"] * 60 / elapsed, result.counts, engine._pacer.rate_per_minute


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=600, help="the service's messages per minute")
    parser.add_argument("--count", type=int, default=1200)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"{args.count} recipients; the sandbox accepts {args.limit} per minute")
    for label, rate in (("baseline, asked for the limit", args.limit), ("asked for twice the limit", 2 * args.limit)):
        with sandbox_process("--rate-per-minute", str(args.limit), "--burst-per-second", "0",
                             "--balance", "1000000") as url:
            achieved, counts, pace = asyncio.run(campaign(url, args.count, rate))
            state = httpx.get(f"{url}/sandbox/state").json()
        once = state["messages"] == counts["sent"] == len(state["messages_per_phone"])
        print(f"{label:<32} {achieved:6.0f}/min = {achieved / args.limit:5.1%} of the limit; "
              f"sent {counts['sent']}/{args.count}, delivered exactly once: {once}; pace at the end {pace:.0f}/min")
    print("target: at least 90% of the limit when asked for more, no stall, exactly once")


if __name__ == "__main__":
    main()
