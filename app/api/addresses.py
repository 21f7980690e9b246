"""The service's address, and which addresses are this machine's (no HTTP library
needed to tell, so the command line's parser can name them cheaply)."""

from __future__ import annotations

import ipaddress

#: The production service (spec 1).
PRODUCTION_URL = "https://safir.bale.ai"


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1): this machine."""
    try:
        return host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
