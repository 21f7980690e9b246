"""Benchmark (issue 35): ``send --dry-run`` of a 300,000-row CSV (numbers typed the ways
people type them) as the whole process a user runs, seconds (median of 3) and peak memory,
beside the naive baseline of benchmarks/import_speed.py (the csv module with
phonenumbers per row, results file written) run as a whole process in the same run.

The journal holds an earlier campaign of the same message to 30,000 of the sheet's rows
(created first, not timed), so the repeat guard's count finds repeats, as a second
campaign's review does.

Run: python benchmarks/dry_run.py [--rows 300000]
Target: the dry run at least 5x faster than the baseline.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import REPO, machine  # noqa: E402
from import_speed import make_inputs  # noqa: E402

TEXT = "سلام {{نام}}، تخفیف ویژه‌ی {{شهر}} برای شما"
EARLIER_ROWS = 30_000


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(seconds, peak MB, standard output) of ``command`` run to its end as a process of
    its own (its peak memory from os.wait4)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command[:3]} exited {os.waitstatus_to_exitcode(status)}: {out[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, out


def make_earlier_campaign(sheet: Path, env: dict[str, str]) -> None:
    """An earlier campaign of the same message to the sheet's first rows, not sent."""
    code = (
        "import sys; from pathlib import Path; "
        "from app.campaign import Content; from app.cli.common import open_journal; "
        "from app.jobs.creating import create_campaign; from app.jobs.sheet import check_sheet; "
        f"journal = open_journal(); create_campaign(journal, check_sheet(Path({str(sheet)!r})), "
        f"content=Content(kind='text', text={TEXT!r}), bot_id=1, base_url='http://127.0.0.1:1', "
        "start_at='2099-01-01T09:00+03:30'); journal.close()"
    )
    subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=300_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="safir-dry-run-"))
    sheet, _ = make_inputs(folder, args.rows, 1)
    earlier = folder / "earlier.csv"
    earlier.write_text("".join(sheet.read_text(encoding="utf-8-sig").splitlines(keepends=True)[:EARLIER_ROWS + 1]),
                       encoding="utf-8")
    env = {**os.environ, "SAFIR_CAMPAIGN_HOME": str(folder / "home")}
    make_earlier_campaign(earlier, env)
    app = [sys.executable, "-m", "app", "send", str(sheet), "--bot-id", "1", "--text", TEXT, "--dry-run",
           "--sandbox", "--results", str(folder / "out.csv")]
    naive = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(HERE)!r}); import import_speed as b; "
             f"b.run_naive({str(sheet)!r}, {str(folder / 'naive.csv')!r})"]
    # The app's bytecode written first, as an installed copy has it (this machine sets
    # PYTHONDONTWRITEBYTECODE); the two taken in turn, as this VM's speed wanders.
    compileall.compile_dir(REPO / "app", quiet=1)
    app_runs, naive_runs = [], []
    for _ in range(args.runs):
        app_runs.append(timed(app, env))
        naive_runs.append(timed(naive, env))
    app_seconds = statistics.median(s for s, _, _ in app_runs)
    naive_seconds = statistics.median(s for s, _, _ in naive_runs)
    warning = next((line for line in app_runs[0][2].splitlines() if line.startswith("warning:")), "no repeat found")
    print(f"machine: {machine()}")
    print(f"send --dry-run, {args.rows:,} rows, whole process: {app_seconds:.2f} s (runs "
          + ", ".join(f"{s:.2f}" for s, _, _ in app_runs) + f"), peak {max(m for _, m, _ in app_runs):.0f} MB")
    print(f"  it said: {warning}")
    print(f"baseline, csv + phonenumbers per row, whole process: {naive_seconds:.2f} s (runs "
          + ", ".join(f"{s:.2f}" for s, _, _ in naive_runs) + f"), peak {max(m for _, m, _ in naive_runs):.0f} MB")
    print(f"ratio: {naive_seconds / app_seconds:.1f}x (target: at least 5x)")


if __name__ == "__main__":
    main()
