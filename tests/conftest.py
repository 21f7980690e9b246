"""Shared fixtures: every test gets its own state dir; sandboxes run on loopback."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import httpx  # noqa: E402
import pytest  # noqa: E402

from app.sandbox import EmbeddedSandbox, Settings  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples"


@pytest.fixture(autouse=True)
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SAFIR_CAMPAIGN_HOME for this test only: no test touches the user's state."""
    home = tmp_path / "state"
    monkeypatch.setenv("SAFIR_CAMPAIGN_HOME", str(home))
    monkeypatch.delenv("SAFIR_API_KEY", raising=False)
    return home


def fast_settings(**overrides: object) -> Settings:
    """Demo account with the rate and burst limits off, so tests run at full speed."""
    values: dict[str, object] = {"rate_per_minute": 0, "burst_per_second": 0}
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


@pytest.fixture
def sandbox() -> Iterator[EmbeddedSandbox]:
    """A real sandbox on a free loopback port, limits off."""
    with EmbeddedSandbox(fast_settings()) as running:
        yield running


def delivered(sandbox: EmbeddedSandbox, phone: str | None = None) -> list[dict]:
    """What the sandbox delivered, read over HTTP from /sandbox/messages."""
    params = {"phone": phone} if phone else None
    return httpx.get(f"{sandbox.url}/sandbox/messages", params=params).json()["messages"]
