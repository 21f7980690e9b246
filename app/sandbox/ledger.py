"""The sandbox's ledger on disk (``safir-campaign sandbox --data DIR``), so that a
sandbox killed and restarted on the same folder behaves like a production service that
never went away: balances, contacts, error counters, uploaded files, delivered messages
and every request_id with its first answer survive.

Each change is committed before the answer leaves, so a repeated request_id after a
SIGKILL gets the first answer and delivers nothing new (spec 8, idempotency).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS balances (client_id TEXT PRIMARY KEY, balance INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    api_key TEXT NOT NULL, request_id TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (api_key, request_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS contacts (
    api_key TEXT NOT NULL, bot_id INTEGER NOT NULL, phone TEXT NOT NULL,
    PRIMARY KEY (api_key, bot_id, phone)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS errors (code INTEGER PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS files (file_id TEXT PRIMARY KEY, body TEXT NOT NULL);
"""


class Ledger:
    """SQLite file ``DIR/ledger.sqlite3``; every write method commits at once."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "ledger.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- reading at start-up --------------------------------------------------------

    def meta(self, key: str, default: str) -> str:
        """A stored setting, or ``default`` stored now (the JWT key survives restarts)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return str(row[0])
        self.db.execute("INSERT INTO meta VALUES (?, ?)", (key, default))
        return default

    def balances(self) -> dict[str, int]:
        return dict(self.db.execute("SELECT client_id, balance FROM balances"))

    def answers(self, api_key: str) -> dict[str, tuple[int, dict[str, Any]]]:
        return {rid: (status, json.loads(body)) for rid, status, body in self.db.execute(
            "SELECT request_id, status, body FROM answers WHERE api_key = ?", (api_key,))}

    def contacts(self, api_key: str) -> list[tuple[int, str]]:
        return list(self.db.execute("SELECT bot_id, phone FROM contacts WHERE api_key = ?", (api_key,)))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(body) for (body,) in self.db.execute("SELECT body FROM messages ORDER BY seq")]

    def errors(self) -> dict[int, int]:
        return dict(self.db.execute("SELECT code, count FROM errors"))

    def files(self) -> dict[str, dict[str, Any]]:
        return {fid: json.loads(body) for fid, body in self.db.execute("SELECT file_id, body FROM files")}

    # -- writing as things happen ---------------------------------------------------

    def delivered(self, message: dict[str, Any], client_id: str, balance: int, api_key: str, bot_id: int,
                  phone: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO messages (body) VALUES (?)", (json.dumps(message, ensure_ascii=False),))
            self.db.execute("INSERT OR REPLACE INTO balances VALUES (?, ?)", (client_id, balance))
            self.db.execute("INSERT OR IGNORE INTO contacts VALUES (?, ?, ?)", (api_key, bot_id, phone))

    def answered(self, api_key: str, request_id: str, status: int, answer: dict[str, Any]) -> None:
        self.db.execute("INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?)",
                        (api_key, request_id, status, json.dumps(answer, ensure_ascii=False)))

    def error(self, code: int, count: int) -> None:
        self.db.execute("INSERT OR REPLACE INTO errors VALUES (?, ?)", (code, count))

    def file(self, file_id: str, info: dict[str, Any]) -> None:
        self.db.execute("INSERT OR REPLACE INTO files VALUES (?, ?)", (file_id, json.dumps(info)))
