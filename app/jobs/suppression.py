"""The suppression list of the store this desktop uses, and numbers as a person types
them for it."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, cast

from app.desktop import paths
from app.campaign import Journal
from app.campaign.suppression import SUPPRESSION_FILE, SuppressionWatch
from app.contacts import SuppressionList, normalise
from app.jobs.store import open_store, store_location

if TYPE_CHECKING:
    from app.campaign.journal.team.suppression import TeamSuppression


def suppression_list(journal: Journal | None = None) -> SuppressionList:
    """The suppression list of ``journal``'s store (the window's, a series'): the file in
    the state dir, or a team store's list. Without one, of the store this desktop uses
    (app.jobs.store; the command line). Raises JournalError when that team store cannot be
    opened."""
    if journal is None:
        location = store_location()
        if location is None:
            return SuppressionList(paths.state_dir() / SUPPRESSION_FILE)
        journal = _TEAM_STORES.get(location)
        if journal is None:
            journal = _TEAM_STORES[location] = open_store(location)
    watch = journal.suppression_watch()
    if isinstance(watch, SuppressionWatch):  # the desktop's own file (the team's list would import psycopg)
        return SuppressionList(paths.state_dir() / SUPPRESSION_FILE)
    team = cast("TeamSuppression", watch)
    return SuppressionList(team.path, store=team)


#: Team stores opened for their suppression list, by URL (one connection each per process).
_TEAM_STORES: dict[str, Journal] = {}


def close_team_stores() -> None:
    """Close the team stores :func:`suppression_list` opened in this process (a test's
    store is dropped after it)."""
    for journal in _TEAM_STORES.values():
        journal.close()
    _TEAM_STORES.clear()


#: What separates numbers typed or pasted together: a new line, a comma or a semicolon,
#: Latin or Persian (spaces and dashes are part of how people write one number).
_BETWEEN_PHONES = re.compile("[\n,;\u060c\u061b]")


def typed_phones(text: str) -> list[str]:
    """The numbers in ``text`` as a person types or pastes them for the suppression list:
    one per line, or several separated by commas or semicolons; each as written."""
    return [part.strip() for part in _BETWEEN_PHONES.split(text) if part.strip()]


def unusable_phones(typed: Collection[str]) -> list[tuple[str, str]]:
    """Each of ``typed`` that is no usable Iranian mobile number, as written, with the
    reason why (as :func:`app.reasons.row_reason` stores it), in input order."""
    return [(value, check.reason) for value in typed if (check := normalise(value)).reason]
