"""One thread's connection to the SQLite journal, speaking the journal's SQL.

The journal's statements number their parameters as PostgreSQL does (``$1``, ``$2``…), so
one text serves both engines with no rewriting (docs/architecture.md, "One store, two
engines"). SQLite reads ``$1`` as a parameter *named* ``1`` (its ``$AAAA`` form of a
parameter); this connection binds a statement's values by those names.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: The names SQLite gives ``$1`` … ``$999``.
_NAMES = tuple(str(n) for n in range(1, 1000))


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

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

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
