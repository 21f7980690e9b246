"""The window's settings, each declared once with its default, kept with QSettings in an
INI file under the state dir (never a secret: those live in the keyring)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings

from app.desktop import paths

#: Every setting and its default.
DEFAULTS: dict[str, Any] = {
    "language": "en",
    "geometry": None,
    "last_folder": "",
    "rate_per_minute": 120,
    "in_flight": 8,
    "quiet_hours": "",
    "profiles": [],
    "current_profile": "",
    "templates": [],
    "prices": {"service": 0.0, "promotional": 0.0, "message": 0.0},
    "balance_history": [],
    "own_phone": "",
    # Campaigns are sent by a process of their own (they go on when the window closes).
    "separate_sender": True,
    # The desktop's login entry runs resume-due (interrupted campaigns are sent again),
    # once the user answered the window's question (asked_start_at_login) or chose it in the menu.
    "start_at_login": False,
    "asked_start_at_login": False,
}
_JSON = {"profiles", "templates", "prices", "balance_history"}


class UiSettings:
    """Typed access to the settings file; JSON-valued settings are stored as text."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self.q = qsettings or QSettings(str(paths.state_dir() / "settings.ini"), QSettings.Format.IniFormat)

    def get(self, key: str) -> Any:
        default = DEFAULTS[key]
        value = self.q.value(key)
        if value is None:
            return json.loads(json.dumps(default))  # a copy
        if key in _JSON:
            try:
                return json.loads(value)
            except (TypeError, ValueError):
                return json.loads(json.dumps(default))
        if isinstance(default, bool):
            return str(value).lower() in ("1", "true")
        if isinstance(default, int):
            try:
                return int(value)
            except (TypeError, ValueError):
                return default
        return value

    def set(self, key: str, value: Any) -> None:
        if key not in DEFAULTS:
            raise KeyError(key)
        self.q.setValue(key, json.dumps(value, ensure_ascii=False) if key in _JSON else value)
        self.q.sync()
