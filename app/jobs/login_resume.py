"""Which campaigns the login entry (``resume-due``) hands to a new sender
(docs/architecture.md, "Processes")."""

from __future__ import annotations


from app.campaign import Campaign, Journal
from app.campaign.shown import ShownStatus, shown_status


#: Signals that end a sender with the desktop session (a logout, a shutdown, a closed
#: terminal): the campaign they paused goes on at the next login. A Ctrl+C (SIGINT) is
#: the user's own pause and stays one.
SESSION_END_SIGNALS = ("SIGTERM", "SIGHUP")


def resumes_at_login(journal: Journal, campaign: Campaign) -> bool:
    """Whether the login entry (``resume-due``) hands ``campaign`` to a new sender: its
    sender died (interrupted), or the end of the desktop session paused it
    (:data:`SESSION_END_SIGNALS`); docs/architecture.md, "Processes"."""
    shown = shown_status(journal, campaign)
    if shown is ShownStatus.INTERRUPTED:
        return True
    reason = campaign.reason if shown is ShownStatus.PAUSED else None
    return reason is not None and reason.code == "signal" and reason.arguments().get("signal") in SESSION_END_SIGNALS
