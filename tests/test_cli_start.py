"""The command line answers at once: building it imports nothing heavy, and the commands
people and scripts call often (``--version``, ``list``, ``status``, ``watch``, ``pause``)
never import pandas, the sandbox's server, the report's libraries or Qt (docs/benchmarks.md:
``benchmarks/cli_start.py`` measures the time)."""

from __future__ import annotations

import json
import subprocess
import sys

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
