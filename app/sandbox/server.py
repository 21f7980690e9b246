"""The sandbox's HTTP interface: the four endpoints of the spec plus its inspection routes,
and an SMS gateway's REST interface on the same port (app/sandbox/sms.py).

Status codes where the spec says "not shown" (v3 errors) are this sandbox's choice, made
to exercise the hardest path of a client: per-phone errors (8, 17, 21) come with HTTP 200
and ``error_data``; code 4 with 400; code 3 with 429; code 20 with 402; code 2 with 500;
a missing or wrong api-access-key with 401.
"""


from __future__ import annotations

import random
from pathlib import Path

from starlette.applications import Starlette

from app.sandbox.inspection import Inspection
from app.sandbox.interface import OTP_WARNING, otp_text
from app.sandbox.middleware import JSON_BODY_LIMIT, BodyLimit, DroppedConnection, FaultInjection
from app.sandbox.sms import SmsGatewayInterface
from app.sandbox.state import SandboxState, Settings
from app.sandbox.v2 import V2Interface
from app.sandbox.v3 import V3Interface

__all__ = ["DroppedConnection", "JSON_BODY_LIMIT", "OTP_WARNING", "SandboxApp", "otp_text"]


class SandboxApp:
    """Builds the Starlette application around one :class:`SandboxState`: the routes of
    each interface version and the inspection routes, inside the middleware."""

    def __init__(self, settings: Settings, files_dir: Path | None = None) -> None:
        self.state = SandboxState(settings)
        self.settings = settings
        self.files_dir = files_dir
        self.random = random.Random(settings.seed)
        parts = (V2Interface, V3Interface, Inspection, SmsGatewayInterface)
        self.routes = Starlette(routes=[route for part in parts
                                        for route in part(self.state, settings, self.random, files_dir).routes()])
        self.app = BodyLimit(FaultInjection(self.routes, settings, self.random), settings)
