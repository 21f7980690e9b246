"""Journal faults as sentences: every sqlite3 error becomes a JournalError that says what
to do.

Errors are told apart by SQLite's own result code (``sqlite_errorname``), never by their
message text: a fault of the environment (a full or failing disk, a read-only file, a
damaged file, another program holding the lock) is the user's to fix and is said so; any
other error is a bug and keeps its text (docs/architecture.md, "Errors").
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from app.reasons import Reason, ReasonedError, store_problem


class JournalFault(StrEnum):
    """Why a journal operation failed; all but ``OTHER`` are faults of the environment."""

    DISK_FULL = "disk_full"
    DISK_FAILED = "disk_failed"
    READ_ONLY = "read_only"
    DAMAGED = "damaged"
    LOCKED = "locked"
    CANNOT_OPEN = "cannot_open"
    NEWER_SCHEMA = "newer_schema"
    GONE = "gone"  # the journal file was deleted or replaced under a process using it
    # The team store (PostgreSQL) only:
    UNREACHABLE = "unreachable"
    LOGIN_FAILED = "login_failed"
    NO_DATABASE = "no_database"
    NO_PERMISSION = "no_permission"
    REFUSED = "refused"  # the store's own rule said no (a role needed, the maker approving): ``code`` says which
    OTHER = "other"


class JournalError(ReasonedError):
    """The journal cannot be opened or used: ``reason`` says what to do (a code of
    app.reasons.STORE_PROBLEMS, or TEAM_PROBLEMS for a refusal, with its parameters;
    text for a bug, kept as it was said).

    ``kind`` names the cause for callers that render their own text; ``path`` is the
    journal file (for the team store: this desktop's state dir's journal path, beside
    which its local files live).
    """

    def __init__(self, reason: Reason | str, kind: JournalFault = JournalFault.OTHER,
                 path: Path | None = None) -> None:
        super().__init__(reason)
        self.kind = kind
        self.path = path


#: SQLite's primary result codes (the part of ``sqlite_errorname`` before an extended
#: code's suffix: SQLITE_IOERR_WRITE is an SQLITE_IOERR) that are faults of the environment.
_FAULTS = {
    "SQLITE_FULL": JournalFault.DISK_FULL,
    "SQLITE_IOERR": JournalFault.DISK_FAILED,
    "SQLITE_READONLY": JournalFault.READ_ONLY,
    "SQLITE_PERM": JournalFault.READ_ONLY,
    "SQLITE_CORRUPT": JournalFault.DAMAGED,
    "SQLITE_NOTADB": JournalFault.DAMAGED,
    "SQLITE_BUSY": JournalFault.LOCKED,
    "SQLITE_LOCKED": JournalFault.LOCKED,
    "SQLITE_CANTOPEN": JournalFault.CANNOT_OPEN,
}


def fault_of(error: sqlite3.Error) -> JournalFault:
    """The fault an sqlite3 error stands for, by its result code; ``OTHER`` for errors
    without one (misuse raised by the sqlite3 module itself) and for every other code."""
    name: str = getattr(error, "sqlite_errorname", None) or ""
    primary = "_".join(name.split("_")[:2])
    return _FAULTS.get(primary, JournalFault.OTHER)


def explain(error: sqlite3.Error, path: Path) -> JournalError:
    """The JournalError for a sqlite3 error on the journal at ``path``: an environment
    fault in words, anything else (a bug) with its text."""
    folder = path.parent
    fault = fault_of(error)
    if fault is JournalFault.DISK_FAILED and _disk_nearly_full(folder):
        fault = JournalFault.DISK_FULL  # some systems report a full disk as an I/O error
    codes = {JournalFault.DISK_FULL: "journal_disk_full", JournalFault.DISK_FAILED: "journal_disk_failed",
             JournalFault.READ_ONLY: "journal_read_only", JournalFault.DAMAGED: "journal_damaged",
             JournalFault.LOCKED: "journal_locked", JournalFault.CANNOT_OPEN: "journal_cannot_open"}
    return JournalError(store_problem(codes.get(fault, "journal_failed"), folder=folder, path=path, detail=error),
                        fault, path)


def creation_failed(error: sqlite3.Error, path: Path) -> JournalError:
    """:func:`explain` for a campaign being created: nothing of it was stored, so a full
    disk says "send again", never "resume the campaign"."""
    explained = explain(error, path)
    if explained.kind is JournalFault.DISK_FULL:
        return JournalError(store_problem("journal_full_not_created", folder=path.parent), JournalFault.DISK_FULL,
                            path)
    return explained


def _disk_nearly_full(folder: Path) -> bool:
    try:
        found = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return found.f_bavail * found.f_frsize < 1024 * 1024


class _Explains(Protocol):
    def database_error(self, error: Exception) -> JournalError | None: ...


_Self = TypeVar("_Self", bound=_Explains)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def sentences(method: Callable[Concatenate[_Self, _P], _R]) -> Callable[Concatenate[_Self, _P], _R]:
    """Turn every database error a journal method meets (sqlite3's, or the team store's
    psycopg errors) into a JournalError sentence (the store's ``database_error``)."""

    @functools.wraps(method)
    def wrapper(self: _Self, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            explained = self.database_error(exc)
            if explained is None:
                raise
            raise explained from None

    return wrapper
