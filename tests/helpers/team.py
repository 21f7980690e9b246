"""Desktops of a team as a test runs them: processes of ``python -m app``, each with its
own state dir, sharing one team store (docs/team.md) and one API key on the sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import REPO, delivered
from tests.helpers import processes


class Desktop:
    """One desktop of the team: its own state dir, the team store's URL and password."""

    def __init__(self, home: Path, store: str, password: str, **env: str) -> None:
        self.env = {**os.environ, "SAFIR_CAMPAIGN_HOME": str(home), "SAFIR_CAMPAIGN_STORE": store,
                    "PGPASSWORD": password, "SAFIR_API_KEY": DEMO_API_KEY, **env}

    def start(self, *args: str) -> subprocess.Popen[str]:
        """``python -m app *args`` started on this desktop (stdout and stderr piped, as text)."""
        return processes.popen([sys.executable, "-m", "app", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=self.env, cwd=REPO)

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """``python -m app *args`` run to its end on this desktop; a run past ``timeout``
        (seconds) fails the test with everything it said (a timeout's own message cuts it)."""
        try:
            return processes.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                                  env=self.env, cwd=REPO, timeout=timeout)
        except subprocess.TimeoutExpired as late:
            said = [part.decode() if isinstance(part, bytes) else part or "" for part in (late.stdout, late.stderr)]
            raise AssertionError(f"{' '.join(args)} still ran after {timeout:.0f} s; it said:\n{said[0]}\n"
                                 f"and on stderr:\n{said[1]}") from None


def sheet(tmp_path: Path, name: str, first: int, count: int) -> str:
    """A CSV ``name`` in ``tmp_path`` of ``count`` numbers 0912…, from ``first`` on; its path."""
    path = tmp_path / name
    path.write_text("name,mobile\n" + "".join(f"n{i},0912{i:07d}\n" for i in range(first, first + count)),
                    encoding="utf-8")
    return str(path)


def desktops(tmp_path: Path, store: str, count: int, **env: str) -> list[Desktop]:
    """``count`` desktops on the team store at ``store`` (its password from PGPASSWORD)."""
    return [Desktop(tmp_path / f"desktop{i}", store, os.environ["PGPASSWORD"], **env) for i in range(count)]


def each_once(sandbox: EmbeddedSandbox) -> Counter[str]:
    """How many messages the sandbox delivered to each phone."""
    return Counter(m["phone_number"] for m in delivered(sandbox))
