"""Following a campaign that another process sends, through the journal: its counts, the
rows that changed, why it waits, and how it ended (docs/architecture.md, "Processes")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime, timezone

from app.campaign import CampaignStatus, Journal, Progress, QuietHours, RecipientState, RunResult
from app.campaign.lock import campaign_is_sending
from app.campaign.schedule import time_to_wait
from app.reasons import pause_text

#: How often the window reads a campaign sent by another process (seconds).
FOLLOW_SECONDS = 0.1


async def follow(journal: Journal, campaign_id: int, on_progress: Callable[[Progress], None],
                 ended: Callable[[], int | None] = lambda: None,
                 let_go: Callable[[], bool] = lambda: False) -> RunResult:
    """Tell ``on_progress`` what the sending process does, every :data:`FOLLOW_SECONDS`,
    until it stops sending or ``let_go()`` says to stop following; return how the
    campaign ended (``running`` when let go). ``ended`` gives the sender's exit status
    once it has exited (None while it runs). A sender that died with the campaign still
    ``running`` (killed) leaves it paused with a sentence saying so."""
    since, started = "", time.monotonic()
    counts = journal.counts(campaign_id)
    first_done = _done(counts)
    while True:
        campaign = journal.campaign(campaign_id)
        changed, since = journal.changed_since(campaign_id, since)
        counts = journal.counts(campaign_id)
        rate = (_done(counts) - first_done) * 60.0 / max(time.monotonic() - started, 1e-3)
        waiting = _waiting(campaign.start_at, campaign.quiet_start, campaign.quiet_end, campaign.time_zone)
        for row, state, error, code in changed:
            on_progress(Progress(campaign_id, counts, CampaignStatus.RUNNING, rate, row, state, error, waiting,
                                 error_code=code))
        on_progress(Progress(campaign_id, counts, CampaignStatus.RUNNING, rate, waiting=waiting))
        if let_go():
            return RunResult(campaign_id, CampaignStatus.RUNNING, None, counts, journal.error_counts(campaign_id))
        if not campaign_is_sending(journal, campaign_id):
            break
        await asyncio.sleep(FOLLOW_SECONDS)
    campaign = journal.campaign(campaign_id)
    status, reason = CampaignStatus(campaign.status), campaign.status_reason
    if status is CampaignStatus.RUNNING:  # nobody sends it, yet it was never stopped: the sender died
        code = ended()
        status, reason = CampaignStatus.PAUSED, pause_text("sender_died", status="?" if code is None else code)
        journal.set_status(campaign_id, status, reason)
    return RunResult(campaign_id, status, reason, journal.counts(campaign_id), journal.error_counts(campaign_id))


def _done(counts: dict[str, int]) -> int:
    return counts[RecipientState.SENT] + counts[RecipientState.FAILED] + counts[RecipientState.SKIPPED]


def _waiting(start_at: str | None, quiet_start: str | None, quiet_end: str | None, zone: str) -> str | None:
    quiet = QuietHours.parse(f"{quiet_start}-{quiet_end}", zone) if quiet_start and quiet_end else None
    delay, why = time_to_wait(start_at, quiet, datetime.now(timezone.utc))
    return why if delay > 0 else None
