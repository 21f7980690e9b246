"""Shared fixtures: every test gets its own state dir; sandboxes run on loopback."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from app.sandbox import EmbeddedSandbox  # noqa: E402
from tests.helpers import fast_settings  # noqa: E402


@pytest.fixture(autouse=True)
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SAFIR_CAMPAIGN_HOME for this test only: no test touches the user's state."""
    home = tmp_path / "state"
    monkeypatch.setenv("SAFIR_CAMPAIGN_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # login entries go here, never the user's
    monkeypatch.delenv("SAFIR_API_KEY", raising=False)
    return home


@pytest.fixture
def sandbox() -> Iterator[EmbeddedSandbox]:
    """A real sandbox on a free loopback port, limits off."""
    with EmbeddedSandbox(fast_settings()) as running:
        yield running
