"""What every interface version of the sandbox shares: the state, latency and 5xx faults,
JSON bodies."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from starlette.requests import Request

from app.sandbox.state import AccountState, SandboxState, Settings

OTP_WARNING = "این رمز را به کسی ندهید و پیش از استفاده از هویت فرستنده مطمئن شوید."


def otp_text(otp: str, sender: str) -> str:
    """The three lines a recipient of an OTP message sees (spec 2.9)."""
    return f"رمز یکبار مصرف شما: {otp}\n{OTP_WARNING}\nاز طرف: {sender}"


class Interface:
    """Routes of one interface version over a shared :class:`SandboxState`; ``rng`` draws
    the injected faults (seeded by the settings, so runs repeat)."""

    def __init__(self, state: SandboxState, settings: Settings, rng: random.Random,
                 files_dir: Path | None = None) -> None:
        self.state = state
        self.settings = settings
        self.random = rng
        self.files_dir = files_dir

    async def _latency(self) -> None:
        if self.settings.latency_ms:
            await asyncio.sleep(self.settings.latency_ms / 1000)

    def _fault_5xx(self) -> bool:
        return bool(self.settings.fault_5xx) and self.random.random() < self.settings.fault_5xx


    def _key_account(self, request: Request) -> AccountState | None:
        return self.state.by_key.get(request.headers.get("api-access-key", ""))


async def json_body(request: Request) -> Any:
    """The request's JSON body, or None when it is not JSON (or nested deeper than the
    parser's recursion allows: a 400, not a crash)."""
    try:
        return json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None
