"""Helpers shared by the tests: this module's small ones, one module per kind of test
(cli, qt, team, journal, background) and the shared fixtures (fixtures.py, loaded by
conftest.py as a plugin). A test module imports from here, never from another test module."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import httpx

from app.reasons import Reason
from app.sandbox import EmbeddedSandbox, Settings

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "resources" / "samples"
#: libfaketime (the faketime package), to set a process's clock apart from the machine's.
FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


def fast_settings(**overrides: object) -> Settings:
    """Demo account with the rate and burst limits off, so tests run at full speed."""
    values: dict[str, object] = {"rate_per_minute": 0, "burst_per_second": 0}
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


def delivered(sandbox: EmbeddedSandbox, phone: str | None = None) -> list[dict]:
    """What the sandbox delivered, read over HTTP from /sandbox/messages."""
    params = {"phone": phone} if phone else None
    return httpx.get(f"{sandbox.url}/sandbox/messages", params=params).json()["messages"]


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sandbox_state_when_up(url: str, tries: int = 200) -> dict[str, Any]:
    """GET /sandbox/state of a sandbox process that is starting, once it answers.
    Raises AssertionError if it never does."""
    for _ in range(tries):
        try:
            return httpx.get(f"{url}/sandbox/state").json()
        except httpx.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"no sandbox answered at {url}")


def said(reason: Reason | None) -> str:
    """The English sentence of ``reason`` ("" for none)."""
    return reason.text() if reason is not None else ""
