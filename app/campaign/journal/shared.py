"""Settings everyone using one store shares: the frequency cap, the approval rule, and on
a team store the template library, prices and the balance history (docs/architecture.md,
"The store's repositories")."""

from __future__ import annotations

import json
from typing import Any

from app.campaign.journal.errors import sentences
from app.campaign.journal.records import actor, now_text
from app.campaign.journal.repository import Repository

_UPSERT = ("INSERT INTO shared_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)"
           " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,"
           " updated_by = excluded.updated_by")


class SharedSettings(Repository):
    """The ``shared_settings`` table: one JSON value per key, with who set it last."""

    @sentences
    def get(self, key: str) -> Any:
        """The value of ``key`` (JSON), or None when nobody has set it yet."""
        row = self.db.execute("SELECT value FROM shared_settings WHERE key = $1", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    @sentences
    def set(self, key: str, value: Any) -> None:
        """Set ``key`` (``value`` is JSON-able; None is stored as JSON null)."""
        user, machine = actor()
        with self.transaction():
            self.db.execute(_UPSERT, (key, json.dumps(value, ensure_ascii=False), now_text(), f"{user}@{machine}"))

    @sentences
    def append(self, key: str, item: Any, keep: int) -> None:
        """Add ``item`` to the list ``key``, keeping its last ``keep`` items (two writers
        appending at once both land: the row is locked while it changes)."""
        user, machine = actor()
        with self.transaction():
            # A row to lock even for the first item: two first appends would both find none and one be lost.
            self.db.execute("INSERT INTO shared_settings (key, value, updated_at, updated_by) VALUES ($1, '[]', $2, $3)"
                            " ON CONFLICT (key) DO NOTHING", (key, now_text(), f"{user}@{machine}"))
            row = self.db.execute("SELECT value FROM shared_settings WHERE key = $1" + self.store.FOR_UPDATE,
                                  (key,)).fetchone()
            items: list[Any] = list(json.loads(row[0]) or [])
            self.db.execute(_UPSERT, (key, json.dumps([*items, item][-keep:], ensure_ascii=False), now_text(),
                                      f"{user}@{machine}"))
