"""Benchmark (issue 37): a campaign with the SMS fallback, over real HTTP against the
sandbox in its own process (its Bale service and its SMS gateway on one port).

2,000 numbers, 30 % of them without a Bale account (the sandbox answers those with code
17); the gateway takes 5 % of the SMS and answers too late (after --fault-hold-s, past the
client's timeout), so those are sent again under the same local id. Printed beside each
other: the share of the numbers reached and on which channel, the SMS the gateway sent
more than once (counted at the sandbox), and how long after the last SMS was taken every
SMS's delivery status was final, beside the ideal: the sandbox's delivery time plus one
polling interval.

Run: python benchmarks/sms_fallback.py [--count 2000] [--delivery-s 5]
Target: 100 % of the numbers reached, each once on one channel; no SMS twice; delivery
final within the delivery time plus one polling interval.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from _common import machine, sandbox_process

from app.api import SafirClient, Timeouts
from app.api.sms import KavenegarGateway
from app.campaign import CampaignEngine, Journal, NewRecipient
from app.campaign.sms_fallback import FOLLOW_FIRST_SECONDS, SmsFallback, channel_counts


def numbers(count: int) -> tuple[list[str], set[str]]:
    """``count`` wire-form numbers and the 30 % of them ending in 0000 (no Bale account)."""
    without = [f"98912{i:03d}0000" for i in range(count * 3 // 10)]
    with_bale = [f"98913{i:07d}" for i in range(1, count - len(without) + 1)]
    mixed = [p for pair in zip(with_bale, without) for p in pair] + with_bale[len(without):]
    return mixed, set(without)


async def run(url: str, count: int) -> tuple[dict[str, int], float, Counter[str], Counter[str]]:
    """(counts per channel, seconds from the last SMS taken to every SMS final, deliveries
    per number by Bale, SMS per number) of one campaign (the delivery followed from the
    end of the sending, as a send in the foreground does)."""
    phones, _ = numbers(count)
    journal = Journal(Path(tempfile.mkdtemp(prefix="safir-bench-")) / "journal.sqlite3")
    message = {"message": {"text": "سلام، پیام آزمایشی"}}
    campaign_id = journal.creation.create(
        name="bench", kind="text", content={"kind": "text", "text": "سلام، پیام آزمایشی"}, bot_id=1001,
        rate_per_minute=0, in_flight=8, base_url=url, sms_fallback="لغو ۱۱",
        recipients=[NewRecipient(i + 2, p, p, "valid", None, message) for i, p in enumerate(phones)])
    async with SafirClient(url, api_key="demo-api-key") as client, KavenegarGateway(
            "demo-sms-key", "10004346", url, timeouts=Timeouts(connect=5, read=1, write=5, pool=5)) as gateway:
        sms = SmsFallback(journal, gateway)
        engine = CampaignEngine(journal, client, sms=sms)
        told, last_sent = sms.on_sent, [0.0]

        def heard(row: int, state: str) -> None:
            if state == "sent":
                last_sent[0] = time.monotonic()
            if told is not None:
                told(row, state)

        sms.on_sent = heard
        result = await engine.run(campaign_id)
        assert result.status == "finished", result
        left = await sms.follow(campaign_id, 120)
        final_after = time.monotonic() - last_sent[0] if not left else float("inf")
    c = channel_counts(journal, campaign_id)
    figures = {"bale": c.bale_sent, "sms": c.sms_sent, "delivered": c.delivered, "failed": c.bale_failed + c.sms_failed}
    by_bale = Counter(m["phone_number"] for m in httpx.get(f"{url}/sandbox/messages").json()["messages"])
    by_sms = Counter(m["phone"] for m in httpx.get(f"{url}/sandbox/sms").json()["messages"])
    return figures, final_after, by_bale, by_sms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--delivery-s", type=float, default=5.0)
    args = parser.parse_args()
    phones, without = numbers(args.count)
    with sandbox_process("--rate-per-minute", "0", "--burst-per-second", "0", "--balance", "100000000",
                         "--sms-delivery-s", str(args.delivery_s), "--sms-fault-timeout", "0.05",
                         "--fault-hold-s", "2", "--seed", "37") as url:
        figures, final_after, by_bale, by_sms = asyncio.run(run(url, args.count))
    reached = set(by_bale) | {"98" + p[1:] for p in by_sms}
    both = set(by_bale) & {"98" + p[1:] for p in by_sms}
    twice = sum(1 for n in (*by_bale.values(), *by_sms.values()) if n > 1)
    print(f"machine: {machine()}")
    print(f"numbers: {len(phones)}, without a Bale account: {len(without)} ({len(without) / len(phones):.0%})")
    print(f"reached: {len(reached) / len(phones):.1%} (by Bale {figures['bale']}, by SMS {figures['sms']}; "
          f"on both channels: {len(both)}; failed: {figures['failed']})   ideal: 100.0 %, none on both")
    print(f"SMS the gateway sent more than once: {twice} (gateway answers lost: about 5 %)   ideal: 0")
    print(f"every SMS final {final_after:.1f} s after the last one was taken ({figures['delivered']} delivered)   "
          f"ideal: the sandbox's delivery time plus one polling interval, {args.delivery_s + FOLLOW_FIRST_SECONDS:.1f} s")


if __name__ == "__main__":
    main()
