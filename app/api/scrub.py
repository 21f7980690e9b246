"""One scrubber for every text that leaves the process: log records and error texts.

Each :class:`~app.api.client.Secret` (API key, client secret) and each bearer token is
registered here when it is made; :func:`scrub` replaces any registered value with
``***``. :class:`ScrubbingFilter` applies it to log records, exception texts included,
so even a third-party message that quotes a header value ("Illegal header value b'…'")
never reaches a log file with the key in it.
"""

from __future__ import annotations

import logging
import threading
import traceback

MASK = "***"
_MIN_LENGTH = 4  # shorter values would mask ordinary words; real keys are far longer

_lock = threading.Lock()
_secrets: set[str] = set()


def register(value: str | None) -> None:
    """Remember ``value`` as a secret to scrub from now on (no-op for short or empty ones)."""
    if value and len(value) >= _MIN_LENGTH:
        with _lock:
            _secrets.add(value)
            # Forms a secret takes inside other texts: repr() of bytes and of str.
            _secrets.add(repr(value.encode("utf-8", "backslashreplace"))[2:-1])
            _secrets.add(repr(value)[1:-1])


def scrub(text: str) -> str:
    """``text`` with every registered secret replaced by ``***``, longest first."""
    if not _secrets:
        return text
    with _lock:
        values = sorted(_secrets, key=len, reverse=True)
    for value in values:
        if len(value) >= _MIN_LENGTH and value in text:
            text = text.replace(value, MASK)
    return text


class ScrubbingFilter(logging.Filter):
    """A handler filter that renders each record once, scrubbed, traceback included."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            message += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
            record.exc_info = None
            record.exc_text = None
        if record.stack_info:
            message += "\n" + record.stack_info
            record.stack_info = None
        record.msg = scrub(message)
        record.args = None
        return True
