"""Following a campaign that another process sends, through the journal: its counts, the
rows that changed, why it waits, the pace its sender keeps, and how it ended
(docs/architecture.md, "Processes"). The window and ``safir-campaign watch`` both follow
this way."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime, timezone

from app.campaign.journal import CampaignStatus, Journal, JournalError, RecipientState
from app.campaign.lock import campaign_is_sending
from app.campaign.progress import PaceShown, Progress, RunResult
from app.campaign.journal.records import Counts
from app.campaign.schedule import campaign_quiet_hours, time_to_wait
from app.reasons import Reason, pause_reason

#: How often the window reads a campaign sent by another process (seconds): progress is on
#: screen within this, and each look (a read, then one redraw) is a few milliseconds of the
#: window's loop, so fewer looks keep the loop's gaps short (docs/benchmarks.md).
FOLLOW_SECONDS = 0.25
#: How long a follower waits for a sender that let go of its campaign to say why it
#: stopped (seconds): it writes its last words just after, and with busy CPUs (it runs at a
#: lower priority) that can take a while.
LAST_WORDS_SECONDS = 3.0


async def follow(journal: Journal, campaign_id: int, on_progress: Callable[[Progress], None],
                 ended: Callable[[], int | None] = lambda: None,
                 let_go: Callable[[], bool] = lambda: False, settle_dead: bool = True,
                 last_words: Callable[[], Reason | None] = lambda: None) -> RunResult:
    """Tell ``on_progress`` what the sending process does, every :data:`FOLLOW_SECONDS`,
    until it stops sending or ``let_go()`` says to stop following; return how the
    campaign ended (``running`` when let go). ``ended`` gives the sender's exit status
    once it has exited (None while it runs). A sender that died with the campaign still
    ``running`` (killed, or unable to record its own pause) leaves it paused with a
    sentence: ``last_words()``, what the sender said last, or else that it died (with
    ``settle_dead``; otherwise it is left as the journal has it: shown as interrupted).
    When even that cannot be stored (the disk is still full), the result says it all the
    same."""
    since, started = "", time.monotonic()
    campaign, first_counts = await asyncio.to_thread(
        lambda: (journal.campaigns.get(campaign_id), journal.recipients.counts(campaign_id).per_state()))
    quiet = campaign_quiet_hours(campaign.quiet_start, campaign.quiet_end, campaign.time_zone)
    first_done = _done(first_counts)
    first_look = True
    while True:
        # Read in a worker thread: SQLite lets go of the GIL while it reads, so the
        # window's loop (this loop) goes on drawing meanwhile.
        changed, since, counts, sending, pace, by_sms = await asyncio.to_thread(
            _look, journal, campaign_id, since, campaign.sms_fallback is not None)
        rate = (_done(counts) - first_done) * 60.0 / max(time.monotonic() - started, 1e-3)
        if campaign.rate_per_minute > 0:  # the sender started before this first look: never above the set rate
            rate = min(rate, campaign.rate_per_minute)
        delay, why = time_to_wait(campaign.start_at, quiet, datetime.now(timezone.utc))
        waiting = why if delay > 0 else None
        # One snapshot per look, with every row that changed: the window redraws once per look.
        on_progress(Progress(campaign_id, counts, CampaignStatus.RUNNING, rate, waiting=waiting,
                             pace_per_minute=pace.pace_per_minute, slowed=pace.slowed, changes=tuple(changed),
                             limit=pace.limit, sharing=pace.sharing, earlier=first_look, by_sms=by_sms))
        first_look = False
        if let_go():
            return RunResult(campaign_id, CampaignStatus.RUNNING, None, Counts.of(counts),
                             await asyncio.to_thread(journal.recipients.error_counts, campaign_id))
        if not sending:
            break
        await asyncio.sleep(FOLLOW_SECONDS)
    campaign = await asyncio.to_thread(journal.campaigns.get, campaign_id)
    status, reason = CampaignStatus(campaign.status), campaign.reason
    if status is CampaignStatus.RUNNING and settle_dead:  # nobody sends it, yet never stopped: the sender died
        words = await said_last(last_words, ended)
        code = ended()
        status, reason = CampaignStatus.PAUSED, words or (
            pause_reason("sender_vanished") if code is None else pause_reason("sender_died", status=code))
        try:
            await asyncio.to_thread(journal.control.set_status, campaign_id, status, reason)
        except JournalError:
            pass  # the store still cannot be written: the sentence reaches the window all the same
    recipients = journal.recipients
    counts, errors = await asyncio.to_thread(lambda: (recipients.counts(campaign_id),
                                                      recipients.error_counts(campaign_id)))
    return RunResult(campaign_id, status, reason, counts, errors)


async def said_last(last_words: Callable[[], Reason | None], ended: Callable[[], int | None] = lambda: None,
                    seconds: float = LAST_WORDS_SECONDS) -> Reason | None:
    """What a sender that let go of its campaign said as it stopped (``last_words()``),
    waiting up to ``seconds`` for it while it may still be writing them: until its exit
    status is known (``ended()``, None while it runs or when it is not this process's child)."""
    deadline = time.monotonic() + seconds
    while True:
        exited = ended() is not None  # asked first: words read after its exit are all it said
        words = await asyncio.to_thread(last_words)
        if words is not None or exited or time.monotonic() >= deadline:
            return words
        await asyncio.sleep(0.1)


def _look(journal: Journal, campaign_id: int, since: str, sms: bool) -> tuple[
        list[tuple[int, str, str | None, int | None]], str, dict[str, int], bool, PaceShown, int | None]:
    """One look at the journal: (rows changed since ``since``, the new mark, the counts,
    whether a process still sends the campaign, the sender's pace as it recorded it, and
    with ``sms`` (an SMS fallback) how many were sent by SMS), read in that order."""
    changed, since = journal.recipients.changed_since(campaign_id, since)
    counts = journal.recipients.counts(campaign_id).per_state()
    return (changed, since, counts, campaign_is_sending(journal, campaign_id), journal.control.sender_pace(campaign_id),
            journal.sms.sent(campaign_id) if sms else None)


def _done(counts: dict[str, int]) -> int:
    return counts[RecipientState.SENT] + counts[RecipientState.FAILED] + counts[RecipientState.SKIPPED]

