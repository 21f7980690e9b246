"""A psycopg connection that speaks the journal's SQL: parameters numbered ``$1``, ``$2``…
(PostgreSQL's own, sent as they are by psycopg's raw cursor), rows that index by position
and by column name, explicit BEGIN/COMMIT (autocommit otherwise), like the journal's SQLite
connections (app/campaign/journal/database.py; docs/architecture.md, "One store, two engines")."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, LiteralString, cast

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import RowMaker


class Row(tuple[Any, ...]):
    """A result row: ``row[0]``, ``row["column"]`` and ``dict(row)`` all work."""

    _names: tuple[str, ...] = ()

    def keys(self) -> tuple[str, ...]:
        return self._names

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]  # a column name too
        values: tuple[Any, ...] = tuple(self)
        return values[self._names.index(key)] if isinstance(key, str) else values[key]


def _row_factory(cursor: psycopg.Cursor[Any]) -> RowMaker[Row]:
    names = tuple(column.name for column in cursor.description or ())

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row._names = names  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]  # set once per row, by its maker
        return row

    return make


class Cursor:
    """The part of a DB-API cursor the journal reads."""

    def __init__(self, cursor: psycopg.RawCursor[Row]) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    def fetchone(self) -> Any:  # a Row, or None: typed as the journal reads sqlite3's
        return self._cursor.fetchone() if self._cursor.description else None

    def fetchall(self) -> list[Row]:
        return self._cursor.fetchall() if self._cursor.description else []

    def fetchmany(self, size: int = 1) -> list[Row]:
        return self._cursor.fetchmany(size) if self._cursor.description else []

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


#: The most parameter sets :meth:`TeamDatabase.executemany` sends one statement at a time.
ONE_BY_ONE_ROWS = 1000


class TeamDatabase:
    """One thread's connection to the team store (``connection`` is psycopg's, in
    autocommit mode: the journal opens its transactions with BEGIN). :attr:`busy_since`
    (monotonic seconds) is set while a statement waits for the server, so a watch
    (app.campaign.journal.team.watch) can :meth:`cut` one the server never answers."""

    def __init__(self, connection: psycopg.Connection[Any], generation: int = 0) -> None:
        self.connection = connection
        #: The journal's count of server losses when this connection was made.
        self.generation = generation
        self.busy_since: float | None = None

    def cut(self) -> None:
        """End the connection under a statement that waits for a server that does not
        answer (from another thread): the statement fails at once as a lost connection.
        The socket is shut down, not closed, so its descriptor stays the connection's own."""
        try:
            with socket.socket(fileno=os.dup(self.connection.fileno())) as ours:
                ours.shutdown(socket.SHUT_RDWR)
        except (OSError, psycopg.Error):
            pass  # already gone

    @property
    def in_transaction(self) -> bool:
        return self.connection.info.transaction_status != TransactionStatus.IDLE

    @property
    def broken(self) -> bool:
        """True once the server connection is lost (a new one is needed)."""
        return self.connection.closed or self.connection.broken

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        cursor = psycopg.RawCursor(self.connection, row_factory=_row_factory)
        self.busy_since = time.monotonic()
        try:
            # The journal's SQL is its own text (values always go as parameters).
            cursor.execute(cast(LiteralString, sql), parameters or None)
        finally:
            self.busy_since = None
        return Cursor(cursor)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor:
        """Run ``sql`` once for each parameter set (nothing reads its result). Up to
        :data:`ONE_BY_ONE_ROWS` sets, one statement after another: psycopg's pipeline ends
        with a Flush when its answers come late, and a Flush stops PostgreSQL's
        idle-in-transaction timer until the next command, so a desktop frozen then kept its
        rows locked for good (the send path's batches are a few rows). A bigger batch (a
        creation's chunk, a store's copy: new rows nobody waits for) goes in the pipeline,
        and a statement right after it starts the timer again."""
        cursor = psycopg.RawCursor(self.connection, row_factory=_row_factory)
        query, sets = cast(LiteralString, sql), list(parameters)
        self.busy_since = time.monotonic()
        try:
            if len(sets) <= ONE_BY_ONE_ROWS:
                for values in sets:
                    cursor.execute(query, values or None)
            else:
                cursor.executemany(query, sets)
                cursor.execute("SELECT 1")
        finally:
            self.busy_since = None
        return Cursor(cursor)

    def close(self) -> None:
        self.connection.close()
