"""The base of the journal's repositories: each a small class of queries about one thing
(campaigns, recipients, creation, outcomes, the SMS channel, a campaign's control, a
series' runs, the audit trail, shared settings), over the store it is given, SQLite's or
the team store's (docs/architecture.md, "The store's repositories").

A repository reaches the database only through :class:`Store`: one thread's connection
(:class:`~app.campaign.journal.connection.Database`, ``$1`` parameters), a transaction,
the store's SQL for its clock and for a locking read, its clock, and its errors as sentences.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from app.campaign.journal.connection import Database, Transaction
from app.campaign.journal.errors import JournalError


class Store(Protocol):
    """What a repository uses of its store (JournalConnection, and the team store)."""

    @property
    def NOW_TEXT(self) -> str:  # noqa: N802 - the store's class constant
        """The store's clock as the journal stores instants, in SQL."""
        ...

    @property
    def FOR_UPDATE(self) -> str:  # noqa: N802 - the store's class constant
        """How a read that is about to be updated locks its row ("" on SQLite)."""
        ...

    @property
    def JSON_PHONE_KEYS(self) -> str:  # noqa: N802 - the store's class constant
        """A JSON array of ``[phone, key]`` pairs, the parameter put at ``{}``, as rows
        ``(n, phone, key)``."""
        ...

    @property
    def db(self) -> Database: ...

    #: Whether a commit is a write to a local file (SQLite) rather than a server's round trip.
    commits_locally: bool

    def transaction(self) -> Transaction: ...

    def store_now(self) -> datetime: ...

    def serialized(self) -> None: ...

    def bulk_writing(self) -> AbstractContextManager[None]: ...

    def creation_error(self, error: Exception) -> JournalError | None: ...

    def database_error(self, error: Exception) -> JournalError | None: ...


class Repository:
    """Queries over ``store``; every public method raises JournalError (the store's
    sentence, :func:`~app.campaign.journal.errors.sentences`), never a driver's error."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> Database:
        """This thread's connection to the store."""
        return self.store.db

    def transaction(self) -> Transaction:
        """``with repository.transaction():`` one atomic commit of this thread's statements."""
        return self.store.transaction()

    def database_error(self, error: Exception) -> JournalError | None:
        """The store's sentence for ``error`` (None: not the store's)."""
        return self.store.database_error(error)
