"""Which store this desktop's campaigns live in: the embedded journal (SQLite, in the state
dir) unless a team store is named (docs/team.md): ``--store URL`` on the command line, the
environment variable ``SAFIR_CAMPAIGN_STORE`` (sending processes inherit it), or the team
store this desktop uses (``safir-campaign store use URL``, or a profile's team store in
the window), kept in the state dir so the sending processes and the login entry find it.

The team store's password never goes into the URL kept anywhere: libpq reads
``PGPASSWORD`` and ``~/.pgpass``; otherwise it comes from the OS keyring
(:func:`remember_password`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from app.desktop import paths
from app.desktop.paths import STORE_ENV

if TYPE_CHECKING:
    from app.campaign.journal import Journal

#: Seconds a silent sender keeps its claimed recipients before another takes them over
#: (default app.campaign.journal.team.LEASE_SECONDS).
LEASE_ENV = "SAFIR_TEAM_LEASE_SECONDS"
#: The keyring profile under which team store passwords are kept, by address.
_KEYRING_PROFILE = "team-store"


#: The file in the state dir naming the team store this desktop uses (its URL, no password).
STORE_FILE = "team-store.txt"


def store_location() -> str | None:
    """The team store's URL this process uses (the environment's, else this desktop's), or
    None for the embedded journal."""
    named = os.environ.get(STORE_ENV, "").strip()
    if named:
        return named
    try:
        return (paths.state_dir() / STORE_FILE).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def use_store(location: str | None) -> None:
    """Make ``location`` (a team store URL without its password) the store this desktop
    uses from now on, or the embedded journal again (None). Raises OSError."""
    path = paths.state_dir() / STORE_FILE
    if location is None:
        path.unlink(missing_ok=True)
        return
    temporary = path.with_suffix(".tmp")
    temporary.write_text(location + "\n", encoding="utf-8")
    os.chmod(temporary, 0o600)
    os.replace(temporary, path)


def open_store(location: str | None = None) -> Journal:
    """The journal of ``location`` (a team store URL), or of :func:`store_location`, or
    the embedded one. Raises JournalError (a sentence) when it cannot be opened."""
    from app.campaign.journal import Journal, JournalError, JournalFault

    location = location or store_location()
    if location is None:
        return Journal(paths.journal_path())
    from app.campaign.journal.team import TeamJournal, is_team_store, shown_address  # psycopg: a team's only
    from app.reasons import store_problem
    if not is_team_store(location):
        raise JournalError(store_problem("store_bad_address", address=shown_address(location)),
                           JournalFault.CANNOT_OPEN, paths.journal_path())
    password = None if os.environ.get("PGPASSWORD") else stored_password(location)
    return TeamJournal(location, paths.journal_path(), password=password, lease_seconds=lease_seconds())


def lease_seconds() -> float:
    """The lease of :data:`LEASE_ENV`, or the default; at least 5 seconds."""
    from app.campaign.journal.team import LEASE_SECONDS

    try:
        return max(5.0, float(os.environ.get(LEASE_ENV, "") or LEASE_SECONDS))
    except ValueError:
        return LEASE_SECONDS


def url_password(location: str) -> bool:
    """True when the URL itself holds a password (it should not: see the module's text)."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    try:
        return bool(conninfo_to_dict(location).get("password"))
    except ProgrammingError:
        return False


def stored_password(location: str) -> str | None:
    """The team store password kept in the keyring for this address, if any."""
    from app.campaign.journal.team import shown_address
    from app.desktop.profiles import SecretStore

    return SecretStore().get(_KEYRING_PROFILE, shown_address(location))


def remember_password(location: str, password: str) -> bool:
    """Keep the team store's password in the OS keyring (by the store's address, never
    with the password); False where no keyring is."""
    from app.campaign.journal.team import shown_address
    from app.desktop.profiles import SecretStore

    store = SecretStore()
    if not store.persistent:
        return False
    store.set(_KEYRING_PROFILE, shown_address(location), password)
    return True
