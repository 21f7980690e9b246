"""The command line answers at once: building it imports nothing heavy, and the commands
people and scripts call often (``--version``, ``list``, ``status``, ``watch``, ``pause``)
never import pandas, the sandbox's server, the report's libraries or Qt (docs/benchmarks.md:
``benchmarks/cli_start.py`` measures the time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import REPO

#: What these commands must not load.
HEAVY = ("pandas", "uvicorn", "starlette", "fpdf", "openpyxl", "PySide6", "numpy", "pyarrow", "httpx", "aiohttp")

_PROBE = """
import json, sys
from app.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {heavy})), file=sys.stderr)
"""


@pytest.mark.parametrize("command", [["--version"], ["list"], ["status", "1"], ["watch", "1"], ["pause", "1"]])
def test_a_command_that_only_looks_imports_nothing_heavy(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(heavy=set(HEAVY)), *command], capture_output=True,
                          text=True, cwd=REPO, timeout=60)
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert loaded == [], f"{command}: {loaded}"


@pytest.mark.parametrize("package", ["app.api", "app.campaign", "app.campaign.journal", "app.sandbox"])
def test_no_lazy_name_is_also_a_submodule(package: str) -> None:
    """Importing a submodule sets the package attribute of its name to the module, so a lazy
    name shared with a submodule would turn from a function into a module mid-run."""
    import importlib
    import pkgutil

    loaded = importlib.import_module(package)
    submodules = {found.name for found in pkgutil.iter_modules(loaded.__path__)}
    assert not set(getattr(loaded, "__all__", ())) & submodules


@pytest.mark.parametrize(("out", "library", "other"), [("r.pdf", "fpdf", "openpyxl"), ("r.xlsx", "openpyxl", "fpdf")])
def test_a_report_imports_its_writer_and_no_campaign_machinery(out: str, library: str, other: str,
                                                               tmp_path: Path) -> None:
    """A report in Persian reads the journal and writes its file: neither pandas, nor the
    HTTP client, nor the sandbox, nor the other format's library."""
    from app.campaign import NewRecipient
    from app.jobs.store import open_store

    with open_store() as journal:
        campaign_id = journal.creation.create(
            name="t", kind="text", content={"kind": "text", "text": "hi"}, bot_id=1001, rate_per_minute=0,
            in_flight=1, base_url="http://127.0.0.1:9", recipients=[
                NewRecipient(2, "09120000002", "989120000002", "valid", None, {"message": {"text": "hi"}})])
    done = subprocess.run([sys.executable, "-c", _PROBE.format(heavy=set(HEAVY)), "report", str(campaign_id),
                           str(tmp_path / out), "--language", "fa"], capture_output=True, text=True, cwd=REPO,
                          timeout=60)
    assert (tmp_path / out).stat().st_size > 0, done.stderr
    loaded = {name.split(".")[0] for name in json.loads(done.stderr.strip().splitlines()[-1])}
    assert {library, "PySide6"} <= loaded  # the look sees what was imported (Qt's translator: the Persian words)
    assert loaded & {"pandas", "aiohttp", "httpx", "uvicorn", "starlette", other} == set()
