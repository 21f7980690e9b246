"""Benchmark (issue 19): peak memory of the sending process for a 1,000,000-recipient
campaign, beside a baseline measured in the same run: a process that reads every
recipient still to send at once, as the engine did before it read them in batches.

The campaign is created once (made-up numbers); the runner (``safir-campaign
run-campaign``, as ``--background`` and the window start it) then sends to a sandbox in
its own process for --seconds and is stopped with SIGTERM (it pauses, resumable); its
peak resident memory is read from the kernel (ru_maxrss of the child).

Run: python benchmarks/runner_memory.py [--rows 1000000] [--seconds 30]
Target: at most 400 MB.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

from _common import REPO, machine, make_campaign, sandbox_process

from app.desktop import paths
from app.campaign import Journal
from app.campaign.engine import BATCH

_READ_ALL = """
import resource, sys
from app.desktop import paths
from app.campaign import Journal
rows = Journal(paths.journal_path()).recipients.to_send(int(sys.argv[1]))
print(len(rows), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_mb(pid: int) -> float:
    """The process's peak resident memory so far (Linux: VmHWM), in MB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM (this benchmark reads Linux's /proc)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the runner sends before SIGTERM")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    env = {**os.environ, "SAFIR_API_KEY": "demo-api-key"}
    with sandbox_process("--rate-per-minute", "0", "--burst-per-second", "0", "--balance", "100000000") as url:
        started = time.monotonic()
        journal = Journal(paths.journal_path())
        campaign_id = make_campaign(journal, args.rows, rate=0, in_flight=8, base_url=url)
        journal.close()
        print(f"{args.rows:,} recipients created in {time.monotonic() - started:.1f} s")
        baseline = subprocess.run([sys.executable, "-c", _READ_ALL, str(campaign_id)], cwd=REPO, env=env,
                                  capture_output=True, text=True, check=True).stdout.split()
        print(f"baseline, every recipient read at once (as before):  peak {int(baseline[1]) / 1024:6,.0f} MB "
              f"({int(baseline[0]):,} rows)")
        runner = subprocess.Popen([sys.executable, "-m", "app", "run-campaign", str(campaign_id), "--base-url", url],
                                  cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(args.seconds)
        peak = peak_mb(runner.pid)
        runner.send_signal(signal.SIGTERM)
        runner.wait(30)
        sent = Journal(paths.journal_path()).recipients.counts(campaign_id).sent
    print(f"the runner, reading batches of {BATCH}:                 peak {peak:6,.0f} MB "
          f"(sending {sent:,} in {args.seconds:.0f} s, then SIGTERM: exit {runner.returncode}, paused)")
    print("target: at most 400 MB")


if __name__ == "__main__":
    main()
