"""One thread's connection to the SQLite journal, speaking the journal's SQL.

The journal's statements number their parameters as PostgreSQL does (``$1``, ``$2``…), so
one text serves both engines with no rewriting (docs/architecture.md, "One store, two
engines"). SQLite reads ``$1`` as a parameter *named* ``1`` (its ``$AAAA`` form of a
parameter); this connection binds a statement's values by those names.
"""

from __future__ import annotations

import contextlib
import os
import select
import sqlite3
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: The names SQLite gives ``$1`` … ``$999``.
_NAMES = tuple(str(n) for n in range(1, 1000))
#: Seconds between a waiting writer's tries for the journal's write lock. SQLite's own
#: wait sleeps up to 100 ms between tries, and missed the moments a big creation lets the
#: lock go between its chunks (a sender's writes waited 0.6 s).
WRITE_LOCK_POLL_SECONDS = 0.002


def pause(seconds: float) -> None:
    """Sleep ``seconds`` (a short pause between tries for the write lock). On POSIX by
    select's relative timeout: the tests set desktops' clocks apart with libfaketime, under
    which time.sleep's absolute deadline fails (EINVAL) when the monotonic clock is left
    alone, and a thread event's wait never ends when it is not."""
    if os.name == "nt":
        time.sleep(seconds)
    else:
        select.select([], [], [], seconds)


def by_name(values: Sequence[Any] | Mapping[str, Any]) -> Mapping[str, Any]:
    """``values`` for the parameters ``$1``, ``$2``… as SQLite names them: ``{"1": values[0], …}``
    (a mapping is returned as it is)."""
    if isinstance(values, Mapping):
        return values
    names = _NAMES if len(values) <= len(_NAMES) else tuple(str(n) for n in range(1, len(values) + 1))
    return dict(zip(names, values))


class SqliteDatabase:
    """A sqlite3 connection (``connection``, autocommit: the journal opens its
    transactions with BEGIN) whose statements take ``$n`` parameters as a sequence."""

    def __init__(self, connection: sqlite3.Connection, busy_seconds: float = 5.0) -> None:
        self.connection = connection
        self.busy_seconds = busy_seconds  # as the connection's busy timeout says

    def set_busy_timeout(self, seconds: float) -> None:
        """How long a statement waits for another connection's write lock before it fails
        (SQLITE_BUSY), in seconds."""
        self.busy_seconds = seconds
        self.connection.execute(f"PRAGMA busy_timeout = {max(0, round(seconds * 1000))}")

    def begin_immediate(self) -> None:
        """BEGIN IMMEDIATE, trying again every :data:`WRITE_LOCK_POLL_SECONDS` while another
        connection writes, for up to the busy timeout; raises sqlite3.OperationalError
        (SQLITE_BUSY) after it, as SQLite's own wait does."""
        self.connection.execute("PRAGMA busy_timeout = 0")
        try:
            deadline = time.monotonic() + self.busy_seconds
            while True:
                try:
                    self.connection.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:  # busy of any kind (recovery, snapshot…), as SQLite's wait
                    busy = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == sqlite3.SQLITE_BUSY
                    if not busy or time.monotonic() >= deadline:
                        raise
                pause(WRITE_LOCK_POLL_SECONDS)
        finally:
            with contextlib.suppress(sqlite3.ProgrammingError):  # closed meanwhile: the first error tells
                self.connection.execute(f"PRAGMA busy_timeout = {max(0, round(self.busy_seconds * 1000))}")

    @property
    def in_transaction(self) -> bool:
        return self.connection.in_transaction

    def execute(self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = (), /) -> sqlite3.Cursor:
        """Run one statement; raises sqlite3.Error (ProgrammingError for a ``$n`` without a value)."""
        return self.connection.execute(sql, by_name(parameters))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> sqlite3.Cursor:
        """Run one statement once per item of ``parameters``; raises sqlite3.Error."""
        return self.connection.executemany(sql, map(by_name, parameters))

    def close(self) -> None:
        self.connection.close()
