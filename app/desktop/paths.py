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
#: The environment variable naming the team store (a postgresql:// URL; app.jobs.store).
STORE_ENV = "SAFIR_CAMPAIGN_STORE"


def state_dir() -> Path:
    """Return the state directory, creating it if needed.

    Raises OSError when the directory cannot be created.
    """
    override = os.environ.get(HOME_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return private_dir(path)


def private_dir(path: Path) -> Path:
    """``path`` made (with its parents) and readable by the user only (0700: it holds the
    journal, logs and locks); a folder whose mode cannot be changed is left as it is.
    Raises OSError when it cannot be made."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if os.name == "posix" and path.stat().st_mode & 0o077:
        try:
            path.chmod(0o700)
        except OSError:
            pass
    return path


def journal_path() -> Path:
    """The SQLite journal of all campaigns."""
    return state_dir() / "journal.sqlite3"


def log_dir() -> Path:
    """Directory of the app's log files."""
    return private_dir(state_dir() / "logs")


def sandbox_dir() -> Path:
    """Directory of the built-in sandbox's files (uploads)."""
    return private_dir(state_dir() / "sandbox")


def resources_dir() -> Path:
    """The shipped resources (fonts, translations, icons, samples): beside the package
    in a source tree, inside the bundle when frozen by PyInstaller."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parents[2]
    return base / "resources"
