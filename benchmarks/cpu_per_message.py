"""Benchmark 3 (issues 4 and 19): CPU time per message in the sending process, journal
included, on each transport under the client (aiohttp, the default, and httpx's own),
beside a plain httpx loop and a bare aiohttp loop (8 requests at a time, no journal) in
the same run. The sandbox runs in its own process, so its CPU is not counted.

Run: python benchmarks/cpu_per_message.py [--count 3000] [--rounds 5]
Target (issue 19): at most 0.35 ms per message and at most 2.5 x the bare aiohttp loop;
write-ahead log under 64 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import threading
import time
import uuid

import httpx
from _common import machine, make_campaign, phones, sandbox_process

from app.desktop import paths
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


async def bare_aiohttp(url: str, count: int, workers: int) -> float:
    """CPU seconds per message of a bare aiohttp loop, ``workers`` requests at a time."""
    import aiohttp

    queue = list(phones(count, start=7_000_001))

    async def worker(session: aiohttp.ClientSession) -> None:
        while queue:
            async with session.post(f"{url}/api/v3/send_message", headers={"api-access-key": "demo-api-key"}, json={
                    "request_id": str(uuid.uuid4()), "bot_id": 1001, "phone_number": queue.pop(),
                    "message_data": {"message": {"text": "x"}}}) as answer:
                await answer.json()

    async with aiohttp.ClientSession() as session:
        started = time.process_time()
        await asyncio.gather(*(worker(session) for _ in range(workers)))
        return (time.process_time() - started) / count


async def client_alone(url: str, count: int, workers: int) -> float:
    """CPU seconds per message of the project's client (aiohttp underneath, the default)
    with no journal and no engine: ``workers`` loops sharing one client."""
    from app.api.models import MessageData

    queue = list(phones(count, start=5_000_001))
    message = MessageData.from_wire({"message": {"text": "x"}})
    async with SafirClient(url, api_key="demo-api-key") as client:
        async def worker() -> None:
            while queue:
                await client.send_message(bot_id=1001, phone_number=queue.pop(), message_data=message)

        started = time.process_time()
        await asyncio.gather(*(worker() for _ in range(workers)))
        return (time.process_time() - started) / count


async def engine(url: str, count: int, in_flight: int, *, writes_on_loop: bool = True) -> tuple[float, float, int]:
    """(CPU seconds per message for the run, for creating the campaign, the largest
    write-ahead log seen while sending, in bytes), in this process. ``writes_on_loop``
    as the sending process (``run-campaign``) runs it; False: the writer thread, as the
    window's own loop does."""
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
        result = await CampaignEngine(journal, client, writes_on_loop=writes_on_loop).run(campaign_id)
        run = (time.process_time() - started) / count
    done.set()
    watcher.join()
    assert result.counts.sent == count
    return run, create, largest[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--in-flight", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the main figures, each measured in turn (medians are printed: this "
                             "kind of machine varies by 10-20%% from one run to the next)")
    args = parser.parse_args()
    figures: dict[str, list[float]] = {"bare": [], "client": [], "threaded": [], "loop": []}
    with sandbox_process("--rate-per-minute", "0", "--burst-per-second", "0", "--balance", "100000000") as url:
        loop = asyncio.run(baseline(url, args.count))
        concurrent = asyncio.run(baseline(url, args.count, args.in_flight))
        os.environ["SAFIR_HTTP_TRANSPORT"] = "httpx"
        on_httpx, _, _ = asyncio.run(engine(url, args.count, args.in_flight))
        os.environ["SAFIR_HTTP_TRANSPORT"] = "aiohttp"
        asyncio.run(bare_aiohttp(url, 500, args.in_flight))  # warm-up: the first connections, imports
        for _ in range(args.rounds):
            figures["bare"].append(asyncio.run(bare_aiohttp(url, args.count, args.in_flight)))
            figures["client"].append(asyncio.run(client_alone(url, args.count, args.in_flight)))
            figures["threaded"].append(asyncio.run(engine(url, args.count, args.in_flight, writes_on_loop=False))[0])
            run, create, wal = asyncio.run(engine(url, args.count, args.in_flight))
            figures["loop"].append(run)
    bare, client, threaded, run = (statistics.median(figures[k]) for k in ("bare", "client", "threaded", "loop"))
    ratios = sorted(r / b for r, b in zip(figures["loop"], figures["bare"]))

    def spread(key: str) -> str:
        return ", ".join(f"{v * 1000:.3f}" for v in figures[key])

    print(f"machine: {machine()}")
    print(f"{args.count} messages, in-flight {args.in_flight}; medians of {args.rounds} rounds (each round's figures "
          "in brackets)")
    print(f"baseline plain httpx loop (no journal): {loop * 1000:.3f} ms CPU per message")
    print(f"baseline plain httpx, {args.in_flight} requests at once:  {concurrent * 1000:.3f} ms CPU per message")
    print(f"campaign engine on httpx's transport:  {on_httpx * 1000:.3f} ms CPU per message")
    print(f"baseline bare aiohttp, {args.in_flight} at once:     {bare * 1000:.3f} ms CPU per message [{spread('bare')}]")
    print(f"the client alone (aiohttp underneath, {args.in_flight} at once, no journal): {client * 1000:.3f} ms CPU per "
          f"message = {client / bare:.2f} x the bare loop [{spread('client')}]")
    print(f"campaign engine, journal written by a thread (as on the window's loop): {threaded * 1000:.3f} ms CPU "
          f"per message = {threaded / bare:.2f} x the bare loop [{spread('threaded')}]")
    print(f"campaign engine, journal included:     {run * 1000:.3f} ms CPU per message"
          f" (aiohttp underneath, journal written on the loop as run-campaign does; +{create * 1000:.3f} ms once, "
          f"creating the campaign) = {run / bare:.2f} x the bare aiohttp loop [{spread('loop')}]; "
          f"round by round {ratios[0]:.2f}-{ratios[-1]:.2f} x; the engine and journal add {(run - client) * 1000:.3f} ms "
          "over the client alone")
    print(f"largest write-ahead log while sending: {wal / 1e6:.1f} MB (target: under 64 MB)")
    print("target (issue 19): at most 0.35 ms per message and 2.5 x the bare aiohttp loop")


if __name__ == "__main__":
    main()
