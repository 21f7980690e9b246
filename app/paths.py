"""Where the app keeps its state: journal, settings, logs and sandbox files.

Everything lives under ``$SAFIR_CAMPAIGN_HOME`` when that variable is set (tests always
set it), otherwise under platformdirs' per-user data directory.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from app import APP_NAME

HOME_ENV = "SAFIR_CAMPAIGN_HOME"


def state_dir() -> Path:
    """Return the state directory, creating it if needed.

    Raises OSError when the directory cannot be created.
    """
    override = os.environ.get(HOME_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path() -> Path:
    """The SQLite journal of all campaigns."""
    return state_dir() / "journal.sqlite3"


def log_dir() -> Path:
    """Directory of the app's log files."""
    path = state_dir() / "logs"
    path.mkdir(exist_ok=True)
    return path


def sandbox_dir() -> Path:
    """Directory of the built-in sandbox's files (uploads)."""
    path = state_dir() / "sandbox"
    path.mkdir(exist_ok=True)
    return path


def resources_dir() -> Path:
    """The shipped resources (fonts, translations, icons, samples): beside the package
    in a source tree, inside the bundle when frozen by PyInstaller."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent
    return base / "resources"
