"""Helpers shared by the tests (fixtures live in conftest.py)."""

from __future__ import annotations

from pathlib import Path

import httpx

from app.sandbox import EmbeddedSandbox, Settings

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples"


def fast_settings(**overrides: object) -> Settings:
    """Demo account with the rate and burst limits off, so tests run at full speed."""
    values: dict[str, object] = {"rate_per_minute": 0, "burst_per_second": 0}
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


def delivered(sandbox: EmbeddedSandbox, phone: str | None = None) -> list[dict]:
    """What the sandbox delivered, read over HTTP from /sandbox/messages."""
    params = {"phone": phone} if phone else None
    return httpx.get(f"{sandbox.url}/sandbox/messages", params=params).json()["messages"]
