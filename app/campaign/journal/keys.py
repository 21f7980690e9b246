"""The keys the journal gives a row: its request id (the service's idempotency key) and
its repeat key (who gets what from where)."""

from __future__ import annotations

import hashlib
import json
import os
import struct
import time
from collections.abc import Sequence
from hashlib import sha256
from operator import methodcaller
from urllib.parse import urlsplit

from app.api import is_loopback


def service_identity(base_url: str) -> str:
    """Which service a base URL reaches, for the repeat guard: its host (and port), or
    "sandbox" for any loopback address (the built-in sandbox gets a new port each run)."""
    parts = urlsplit(base_url)
    return "sandbox" if is_loopback((parts.hostname or "").lower()) else parts.netloc.lower()


def repeat_prefix(base_url: str, bot_id: int) -> str:
    """The service-and-bot part of a repeat key."""
    return f"{service_identity(base_url)}\x1f{bot_id}\x1f"


_last_v7 = 0
_VERSION_MASK = ~((0xF << 76) | (0x3 << 62))
_VERSION_BITS = (0x7 << 76) | (0x2 << 62)  # version 7, RFC 9562 variant


def new_request_id() -> str:
    """A time-ordered (version 7, RFC 9562) UUID as text: 48 bits of Unix milliseconds, then
    74 random bits. Unique like a version 4 one, but the ids of one campaign arrive in
    order, so the journal's request_id index grows at its end instead of at random
    places (a million-row campaign is created much faster)."""
    return new_request_ids(1)[0]


def new_request_ids(count: int) -> list[str]:
    """``count`` ids of :func:`new_request_id`, made with one read of the system's random
    source (a read a row was a system call a row, 7 % of a big creation)."""
    global _last_v7
    milliseconds = max(time.time_ns() // 1_000_000, _last_v7)
    _last_v7 = milliseconds
    noise = os.urandom(10 * count)
    ids: list[str] = []
    for start in range(0, 10 * count, 10):
        value = (milliseconds << 80) | int.from_bytes(noise[start:start + 10], "big")
        h = f"{value & _VERSION_MASK | _VERSION_BITS:032x}"
        ids.append(f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}")
    return ids


#: One encoder for every row (json.dumps with options makes a new one per call).
to_json = json.JSONEncoder(ensure_ascii=False).encode


def repeat_key(prefix: str, phone: str | None, message_json: str) -> int:
    """Who gets what from where: service, bot (``prefix``), phone and the exact message,
    as 64 bits of its SHA-256 (a signed integer: a small index even for millions of rows)."""
    digest = hashlib.sha256(f"{prefix}{phone}\x1f{message_json}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def repeat_keys(prefix: str, phones: Sequence[str], message_jsons: Sequence[str]) -> list[int]:
    """:func:`repeat_key` of each ``(phone, message_json)`` pair, at once (the repeat guard's
    count over a whole sheet)."""
    if len(phones) != len(message_jsons):
        raise ValueError(f"{len(phones)} phones but {len(message_jsons)} messages")
    layout = prefix.replace("{", "{{").replace("}", "}}") + "{}\x1f{}"
    digests = b"".join(map(methodcaller("digest"), map(sha256, map(str.encode, map(layout.format, phones,
                                                                                      message_jsons)))))
    return [key for (key,) in struct.iter_unpack(">q24x", digests)]  # each digest's first 8 bytes, signed
