"""The suppression list: numbers that must never be messaged, kept as a CSV file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pandas as pd

from app.contacts.phones import normalise_column
from app.contacts.sheets import SheetError, read_sheet, resolve_phone_column
from app.reasons import file_problem


@dataclass(frozen=True)
class SuppressionImport:
    """What an import did: numbers ``added``, numbers ``already`` listed, rows that held
    no usable number (``invalid``, empty rows included)."""

    added: int
    already: int
    invalid: int


class SuppressionStore(Protocol):
    """A suppression list kept elsewhere than a file (a team store's): wire-form phones."""

    @property
    def path(self) -> str: ...

    def phones(self) -> frozenset[str]: ...

    def suppress(self, phones: Iterable[str]) -> int: ...

    def unsuppress(self, phones: Iterable[str]) -> int: ...


class SuppressionList:
    """Wire-form phones (``98`` + 10 digits) stored one per row under the header
    ``phone`` at ``path`` (UTF-8 with BOM, so it opens cleanly in Excel), or, with
    ``store``, the team store's list (``path`` then names it)."""

    def __init__(self, path: str | Path, store: SuppressionStore | None = None) -> None:
        self.path = Path(path) if store is None else store.path
        self.store = store

    def phones(self) -> set[str]:
        """Every suppressed phone; empty when the file does not exist yet. Raises
        SheetError if the file cannot be read (JournalError if the store cannot)."""
        if self.store is not None:
            return set(self.store.phones())
        assert isinstance(self.path, Path)
        if not self.path.exists():
            return set()
        try:
            frame = pd.read_csv(self.path, dtype=str, keep_default_na=False, encoding="utf-8-sig")
        except (OSError, ValueError) as exc:
            raise SheetError(file_problem("file_suppression_unreadable", file=self.path, detail=exc)) from None
        return set(frame["phone"]) if "phone" in frame.columns else set()

    def __len__(self) -> int:
        return len(self.phones())

    def _save(self, phones: set[str]) -> None:
        assert isinstance(self.path, Path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, suffix=".csv")
        with os.fdopen(handle, "w", encoding="utf-8-sig", newline="") as out:
            out.write("phone\n" + "".join(f"{p}\n" for p in sorted(phones)))
        os.replace(temporary, self.path)  # never a half-written list

    def add(self, values: Iterable[str]) -> SuppressionImport:
        """Add numbers typed in any supported form."""
        phones, _ = normalise_column(list(values))
        usable = [p for p in phones.to_pylist() if p]
        if self.store is not None:
            added = self.store.suppress(usable)
            return SuppressionImport(added=added, already=len(set(usable)) - added,
                                     invalid=len(phones) - len(usable))
        current = self.phones()
        new = set(usable) - current
        self._save(current | new)
        return SuppressionImport(added=len(new), already=len(set(usable)) - len(new), invalid=len(phones) - len(usable))

    def import_sheet(self, path: str | Path, *, phone_column: str | None = None,
                     sheet_name: str | None = None) -> SuppressionImport:
        """Add every number of a sheet (any format read_sheet reads). Raises SheetError."""
        sheet = read_sheet(path, sheet_name)
        column = resolve_phone_column(sheet, phone_column).column
        assert column is not None
        return self.add(sheet.frame[column].tolist())

    def remove(self, values: Iterable[str]) -> int:
        """Take numbers off the list; returns how many were on it."""
        phones, _ = normalise_column(list(values))
        if self.store is not None:
            return self.store.unsuppress(p for p in phones.to_pylist() if p)
        current = self.phones()
        gone = current & {p for p in phones.to_pylist() if p}
        self._save(current - gone)
        return len(gone)

    def export(self, out: str | Path) -> Path:
        """Write the list to ``out`` (.csv or .xlsx, phones as text). Raises ExportError."""
        from app.contacts.export import ExportError

        out = Path(out)
        frame = pd.DataFrame({"phone": sorted(self.phones())}, dtype=object)
        try:
            if out.suffix.lower() == ".xlsx":
                frame.to_excel(out, index=False)
            elif out.suffix.lower() == ".csv":
                frame.to_csv(out, index=False, encoding="utf-8-sig")
            else:
                raise ExportError(file_problem("file_bad_suffix", file=out.name))
        except OSError as exc:
            raise ExportError(file_problem("file_cannot_write", file=out, detail=exc.strerror or exc)) from None
        return out
