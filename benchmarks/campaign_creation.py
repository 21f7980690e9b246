"""Benchmark (issue 22): creating a 1,000,000-row campaign while another writer uses the
journal: seconds, peak memory, the longest wait that other writer saw for the write lock,
and how long SIGINT takes to stop a creation, beside a baseline measured in the same run
(the same code writing every row in one transaction, as creation did before).

Each measurement runs in a fresh subprocess so peak memory (ru_maxrss) is its own.
Run: python benchmarks/campaign_creation.py [--rows 1000000]
Targets: created in at most 20 s, peak memory at most 600 MB, the other writer never
waits much more than 100 ms, SIGINT answered within 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def make_sheet(path: Path, rows: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("نام,موبایل\n")
        for i in range(rows):
            out.write(f"مشتری {i},0912{1_000_000 + i:07d}\n")


def measure(sheet: str, one_transaction: bool) -> dict[str, float]:
    """Check the sheet and create its campaign while a thread keeps writing to the journal."""
    sys.path.insert(0, str(HERE.parent))
    os.environ["SAFIR_CAMPAIGN_HOME"] = tempfile.mkdtemp(prefix="safir-bench-")
    from app.desktop import paths
    from app.campaign import Content, Journal
    from app.campaign.journal import creation
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    if one_transaction:
        creation.CHUNK_ROWS = 10**9  # every row in one statement, one transaction
    journal = Journal(paths.journal_path())
    stop = threading.Event()
    waits: list[float] = []

    def other_writer() -> None:  # stands in for a campaign sending from the same journal (the window's writer)
        other = journal.reopen()
        while not stop.is_set():
            started = time.perf_counter()
            try:
                with other.transaction():
                    waits.append(time.perf_counter() - started)
                    other.db.execute("PRAGMA user_version")
            except Exception:  # noqa: BLE001 - a wait that timed out is a wait, counted whole
                waits.append(time.perf_counter() - started)
            time.sleep(0.01)
        other.close()

    started = time.perf_counter()
    checked = check_sheet(Path(sheet))
    writer = threading.Thread(target=other_writer)
    writer.start()
    create_campaign(journal, checked, content=Content(kind="text", text="سلام {{نام}}"), bot_id=1,
                    base_url="https://safir.example", rate_per_minute=300)
    seconds = time.perf_counter() - started
    stop.set()
    writer.join()
    return {"seconds": seconds, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "longest_wait_ms": max(waits) * 1000}


def sigint_latency(sheet: str) -> float:
    """Seconds from SIGINT (sent 4 s into `send`, while rows are written) to the process's exit."""
    env = {**os.environ, "SAFIR_CAMPAIGN_HOME": tempfile.mkdtemp(prefix="safir-bench-"), "SAFIR_API_KEY": "k"}
    proc = subprocess.Popen([sys.executable, "-m", "app", "send", sheet, "--base-url", "http://127.0.0.1:9",
                             "--bot-id", "1", "--text", "hi {{نام}}"], cwd=HERE.parent, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    proc.wait(60)
    return time.perf_counter() - sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--one-transaction", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.one_transaction)))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "contacts.csv"
        make_sheet(sheet, args.rows)

        def run(*flags: str) -> dict[str, float]:
            out = subprocess.run([sys.executable, __file__, "--measure", str(sheet), *flags], check=True,
                                 capture_output=True, text=True).stdout
            return json.loads(out.strip().splitlines()[-1])

        chunked, single = run(), run("--one-transaction")
        latency = sigint_latency(str(sheet))
    print(f"campaign creation, {args.rows:,} rows (check the sheet + create the campaign)")
    print(f"{'':24}{'chunked (now)':>16}{'one transaction':>18}")
    for key, label in (("seconds", "seconds"), ("peak_mb", "peak memory, MB"),
                       ("longest_wait_ms", "other writer's wait, ms")):
        print(f"{label:24}{chunked[key]:>16.1f}{single[key]:>18.1f}")
    print(f"SIGINT during creation answered in {latency:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
