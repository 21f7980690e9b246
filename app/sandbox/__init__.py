"""A local imitation of the messaging service, written from the spec (not from app.api)."""

from app.sandbox.runner import EmbeddedSandbox
from app.sandbox.state import DEMO_API_KEY, DEMO_BOT_ID, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, Settings

__all__ = [
    "DEMO_API_KEY",
    "DEMO_BOT_ID",
    "DEMO_CLIENT_ID",
    "DEMO_CLIENT_SECRET",
    "EmbeddedSandbox",
    "Settings",
]
