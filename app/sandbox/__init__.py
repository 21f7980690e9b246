"""A local imitation of the messaging service, written from the spec (not from app.api).

EmbeddedSandbox (with uvicorn and Starlette) loads on first use (app/lazy.py): a command that
only names the sandbox's flags or demo credentials does not import the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import attribute_loader
from app.sandbox.state import DEMO_API_KEY, DEMO_BOT_ID, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, Settings

if TYPE_CHECKING:
    from app.sandbox.runner import EmbeddedSandbox

__getattr__ = attribute_loader(__name__, {"EmbeddedSandbox": "app.sandbox.runner"})


__all__ = [
    "DEMO_API_KEY",
    "DEMO_BOT_ID",
    "DEMO_CLIENT_ID",
    "DEMO_CLIENT_SECRET",
    "EmbeddedSandbox",
    "Settings",
]
