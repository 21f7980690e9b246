"""How long the client waits, per request (no HTTP library needed to name them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import httpx


@dataclass(frozen=True)
class Timeouts:
    """Per-request timeouts in seconds."""

    connect: float = 10.0
    read: float = 30.0
    write: float = 30.0
    pool: float = 10.0

    def to_httpx(self) -> httpx.Timeout:
        import httpx

        return httpx.Timeout(connect=self.connect, read=self.read, write=self.write, pool=self.pool)
