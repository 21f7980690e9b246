"""The command line as a test runs it: a real process of ``python -m app``, and the
results file it writes."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import REPO
from tests.helpers import processes

#: The results file's columns, in order (app.contacts.RESULT_COLUMNS, as README shows them).
COLUMNS = ["row", "phone_input", "phone", "status", "error_code", "error", "message_id", "request_id"]


def run(*args: str, api_key: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m app *args`` in the repository, with this test's environment (and
    SAFIR_API_KEY when ``api_key`` is given); its exit status and output as text."""
    env = dict(os.environ)
    if api_key is not None:
        env["SAFIR_API_KEY"] = api_key
    return processes.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=timeout)


def read_csv(path: Path) -> list[dict[str, str]]:
    """The rows of a results CSV (which must start with a BOM and have :data:`COLUMNS`)."""
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "CSV results carry a BOM for Excel"
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS
        return list(reader)
