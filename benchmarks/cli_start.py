"""Benchmark (issue 35): how long the commands support agents and scripts call often take,
whole process (interpreter start included), and their peak memory, beside the bare
interpreter started the same way in the same run. Each command runs in a fresh process,
--runs times; the median time and the largest peak resident memory are printed.
Run: python benchmarks/cli_start.py [--runs 5]
Targets: --version and list at most 0.35 s and 70 MB.
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import time

from _common import REPO, machine

COMMANDS: dict[str, list[str]] = {
    "python -c pass (baseline)": [],
    "safir-campaign --version": ["--version"],
    "safir-campaign list": ["list"],
    "safir-campaign status 1": ["status", "1"],
    "safir-campaign pause 1": ["pause", "1"],
}

#: Runs the command as ``python -m app`` would and, at exit, writes the process's own peak
#: resident memory (VmHWM: the kernel's ru_maxrss would count the benchmark's memory
#: before exec too).
_LAUNCH = """
import atexit, runpy, sys
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stderr.write("PEAK " + line.split()[1] + "\\n")
atexit.register(peak)
if len(sys.argv) > 1:
    sys.argv[0] = "safir-campaign"
    runpy.run_module("app", run_name="__main__", alter_sys=True)
"""


def one_run(args: list[str]) -> tuple[float, float]:
    """Seconds and peak resident memory (MB) of one fresh process running the CLI with
    ``args`` (none: the bare interpreter)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _LAUNCH, *args], cwd=REPO, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - started
    peak = next(line.split()[1] for line in done.stderr.splitlines() if line.startswith("PEAK "))
    return seconds, int(peak) / 1024  # KiB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"machine: {machine()}; {runs} runs each, median time, largest peak memory")
    # The app's bytecode written first, as an installed copy (or any first run) has it: with
    # PYTHONDONTWRITEBYTECODE set, every run would compile the app's modules again (0.1-0.2 s).
    compileall.compile_dir(REPO / "app", quiet=1)
    one_run(COMMANDS["safir-campaign list"])  # the state folder and its journal exist, as on a desktop in use
    for name, args in COMMANDS.items():
        measured = [one_run(args) for _ in range(runs)]
        seconds = statistics.median(s for s, _ in measured)
        peak = max(m for _, m in measured)
        print(f"{name:30} {seconds:6.3f} s  {peak:6.1f} MB")


if __name__ == "__main__":
    main()
