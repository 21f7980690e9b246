"""The suppression list as the engine sees it: re-read whenever the file changes, so a
number added while a campaign runs is honoured before its request leaves
(docs/architecture.md, "Send-time rules").

The list itself (adding, importing, exporting) is app.contacts.suppression; this side only
reads its file (``phone`` header, one wire-form phone per row, UTF-8 with BOM) with the
csv module, so the engine does not load pandas.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Protocol

#: The suppression list's file name inside the state dir.
SUPPRESSION_FILE = "suppression.csv"


class Suppressed(Protocol):
    """A suppression list as a sender asks it: ``phone in list`` (raises OSError, or
    JournalError for a team store's, when the list cannot be read); ``path`` names it in
    sentences."""

    @property
    def path(self) -> object: ...

    def __contains__(self, phone: object) -> bool: ...


#: Whether os.access can look at a symbolic link itself (not on Windows).
_ACCESS_NO_FOLLOW = os.access in os.supports_follow_symlinks


class SuppressionWatch:
    """Answers "is this wire-form phone suppressed?" against the file at ``path``.

    Each question costs a look at the file (``stat``; while it is missing, ``access``);
    the phones are re-read only when its modification time, size or inode changed (the
    list is replaced atomically on every save). A missing file is an empty list. Raises
    OSError when the file exists but cannot be read, or its folder cannot be searched:
    sending on without the list would break an opt-out.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._file, self._folder = os.fspath(self.path), os.fspath(self.path.parent)
        self._signature: tuple[int, int, int] | None = None
        self._phones: frozenset[str] = frozenset()
        self._missing = False  # stat itself found no file at the last look

    def phones(self) -> frozenset[str]:
        """The current list (re-read if the file changed)."""
        if self._missing and self._still_missing():
            return self._no_list()
        try:
            info = os.stat(self._file)
        except FileNotFoundError:
            self._missing = True
            return self._no_list()
        self._missing = False
        signature = (info.st_mtime_ns, info.st_size, info.st_ino)
        if signature != self._signature:
            with open(self._file, encoding="utf-8-sig", newline="") as source:
                self._phones = frozenset(row["phone"] for row in csv.DictReader(source) if row.get("phone"))
            self._signature = signature
        return self._phones

    def __contains__(self, phone: object) -> bool:
        return phone in self.phones()

    def _still_missing(self) -> bool:
        """After stat found no file: still none, told without raising FileNotFoundError
        (asked twice a message, the exception was a measurable part of a message's CPU,
        docs/benchmarks.md). Only where access() can look at a link itself; any answer
        but "no such entry in a folder that can be searched" (a link to an unreadable
        list, a loop of links, a folder that became a file) goes to stat, which raises."""
        return (_ACCESS_NO_FOLLOW and not os.access(self._file, os.F_OK, follow_symlinks=False)
                and os.access(self._folder, os.X_OK) and os.path.isdir(self._folder))

    def _no_list(self) -> frozenset[str]:
        self._signature, self._phones = None, frozenset()
        return self._phones
