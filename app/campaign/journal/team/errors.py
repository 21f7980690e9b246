"""The team store's faults as sentences: every psycopg error becomes a JournalError that
says what to do, told apart by its SQLSTATE (never its text); the address shown never
holds the password (docs/architecture.md, "One store, two engines")."""

from __future__ import annotations

import string
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict

from app.campaign.journal.errors import JournalError, JournalFault
from app.reasons import TEAM_PROBLEMS, store_problem, team_problem

#: SQLSTATE classes and codes that are faults of the environment.
_BY_STATE: dict[str, JournalFault] = {
    "28P01": JournalFault.LOGIN_FAILED,  # invalid password
    "28000": JournalFault.LOGIN_FAILED,  # invalid authorization (no such role, pg_hba refuses)
    "3D000": JournalFault.NO_DATABASE,
    "42501": JournalFault.NO_PERMISSION,
    "53100": JournalFault.DISK_FULL,
    "57P01": JournalFault.UNREACHABLE,  # the server is shutting down
    "57P02": JournalFault.UNREACHABLE,
    "57P03": JournalFault.UNREACHABLE,  # the server is starting up
    "40P01": JournalFault.LOCKED,  # deadlock: the transaction was rolled back
    "55P03": JournalFault.LOCKED,
}


def shown_address(url: str) -> str:
    """``postgresql://user@host:port/database`` of a connection URL, without its password
    (or any other parameter that could carry a secret); another scheme's address as its
    scheme only (``mysql://…``)."""
    scheme, separator, _ = url.partition("://")
    if separator and scheme not in ("postgresql", "postgres"):
        return f"{scheme[:20]}://…"
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://…"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', 'localhost')}{port}/{parts.get('dbname', '')}"


#: libpq gives a refused connection no SQLSTATE, only the server's FATAL message: these are
#: the server's (English) texts for the faults above; any other FATAL is told as it is.
_AT_CONNECT: dict[str, JournalFault] = {
    "password authentication failed": JournalFault.LOGIN_FAILED,
    "role \"": JournalFault.LOGIN_FAILED,  # role "x" does not exist
    "no pg_hba.conf entry": JournalFault.LOGIN_FAILED,
    "database \"": JournalFault.NO_DATABASE,  # database "x" does not exist
    "permission denied for database": JournalFault.NO_PERMISSION,
    "the database system is starting up": JournalFault.UNREACHABLE,
    "the database system is shutting down": JournalFault.UNREACHABLE,
}


def fault_of(error: psycopg.Error) -> JournalFault:
    """The fault a psycopg error stands for: by SQLSTATE; a connection the server refused
    by its FATAL message; a lost or impossible connection is the server being unreachable."""
    state = error.sqlstate or ""
    if state in _BY_STATE:
        return _BY_STATE[state]
    if state.startswith("08"):
        return JournalFault.UNREACHABLE
    if state or not isinstance(error, psycopg.OperationalError):
        return JournalFault.OTHER
    message = str(error)
    if "no password supplied" in message:  # libpq's own words: the server asked, nothing was given
        return JournalFault.LOGIN_FAILED
    if "FATAL:" not in message:
        return JournalFault.UNREACHABLE  # refused, timed out, no such host, connection lost
    fatal = message.split("FATAL:", 1)[1]
    return next((fault for words, fault in _AT_CONNECT.items() if words in fatal), JournalFault.OTHER)


def refusal(error: psycopg.Error, member: str, path: Path) -> JournalError | None:
    """The store's own refusal (a role needed, the maker approving its campaign…) as a
    JournalError with its code and parameters (``REFUSED``), or a table's privilege or row
    security refusing ``member`` (``NO_PERMISSION``, with the role it needs); None for
    any other error. The codes come from the HINT of app.campaign.journal.team.authority,
    never from the message's words."""
    hint = (error.diag.message_hint or "") if error.sqlstate in ("42501", "P0001") else ""
    if hint.startswith("safir:"):
        code, _, listed = hint.removeprefix("safir:").partition(":")
        params = dict(item.split("=", 1) for item in listed.split(";") if "=" in item)
        if code in TEAM_PROBLEMS:
            fields = {name for _, name, _, _ in string.Formatter().parse(TEAM_PROBLEMS[code]) if name}
            params = {**dict.fromkeys(fields, "?"), "member": member, **params}
            return JournalError(team_problem(code, **params), JournalFault.REFUSED, path)
    if error.sqlstate != "42501":
        return None
    detail = _first_line(error)
    if detail == 'permission denied for table audit':
        return JournalError(team_problem("audit_is_append_only"), JournalFault.REFUSED, path)
    if detail == 'new row violates row-level security policy for table "shared_settings"':  # the rules: admins'
        params = {"member": member, "role": "admin", "detail": detail}
        return JournalError(team_problem("table_needed", **params), JournalFault.NO_PERMISSION, path)
    return None


def explain(error: psycopg.Error, url: str, path: Path) -> JournalError:
    """The JournalError for ``error`` on the team store at ``url`` (``path``: this
    desktop's journal path, kept on the error)."""
    store = shown_address(url)
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        parts = {}
    refused = refusal(error, str(parts.get("user") or "this user"), path)
    if refused is not None:
        return refused
    fault = fault_of(error)
    detail = _first_line(error)
    sentences = {
        JournalFault.UNREACHABLE: lambda: store_problem("store_unreachable", store=store, detail=detail),
        JournalFault.LOGIN_FAILED: lambda: store_problem(
            "store_no_password" if "no password supplied" in detail else "store_login_failed", store=store,
            user=parts.get("user") or "this user"),
        JournalFault.NO_DATABASE: lambda: store_problem("store_no_database", store=store,
                                                        database=parts.get("dbname") or "?"),
        JournalFault.NO_PERMISSION: lambda: store_problem("store_no_permission", store=store,
                                                          user=parts.get("user") or "this user", detail=detail),
        JournalFault.DISK_FULL: lambda: store_problem("store_disk_full", store=store),
    }
    make = sentences.get(fault)
    return JournalError(make() if make else store_problem("store_failed", store=store, detail=detail), fault, path)


def _first_line(error: psycopg.Error) -> str:
    text = str(error).strip().splitlines()
    line = text[0] if text else type(error).__name__
    # libpq's "connection failed: connection to server at "127.0.0.1", port 5 failed: Connection refused"
    line = line.rsplit(" failed: ", 1)[-1].strip() or line
    return line.removeprefix("FATAL:").strip()
