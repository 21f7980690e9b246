"""Which campaigns the login entry (``resume-due``) hands to a new sender
(docs/architecture.md, "Processes")."""

from __future__ import annotations

from app.campaign import Campaign, Journal
from app.campaign.shown import ShownStatus, shown_status
from app.reasons import SAID, pause_reason


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
    if reason is not None and reason.code == SAID:  # as an older version stored it: its very words
        return reason.text() in _ENDED_SESSION_WORDS
    return reason is not None and reason.code == "signal" and reason.arguments().get("signal") in SESSION_END_SIGNALS


#: The sentence an older version stored for a pause by the end of the session.
_ENDED_SESSION_WORDS = {pause_reason("signal", signal=name).text() for name in SESSION_END_SIGNALS}
