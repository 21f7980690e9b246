"""What a run tells while it sends (:class:`Progress`) and how it ended (:class:`RunResult`),
and the running counts behind both."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from app.campaign.journal import CampaignStatus, RecipientState
from app.campaign.journal.records import Counts
from app.campaign.pacer import Pacer
from app.reasons import Reason, pause_reason

#: One recipient's new outcome: (sheet row, RecipientState value, error as the journal keeps it, the
#: service's error code).
RowChange = tuple[int, str, str | None, int | None]


@dataclass
class Progress:
    """A snapshot after each outcome: ``counts`` per recipient state plus ``total``;
    ``row``/``state``/``error`` describe the recipient that just finished (if any);
    ``rate_per_minute`` is the achieved rate of this run; ``waiting`` says why the run
    is idle (quiet hours, start time, re-sending lost answers), if it is;
    ``pace_per_minute`` is the pacer's current rate (0: unpaced), ``slowed`` True while
    the service's limit holds it under the set rate, ``limit`` that limit as learned
    (messages per minute; None: not met yet) and ``sharing`` how many other campaigns
    send with the same key; ``error_code`` the spec code of
    ``error``, when the service gave one. ``changes`` carries many recipients at once
    (a follower's look at the journal: one snapshot for all the rows that changed, not
    one each); :meth:`row_changes` gives either kind as :data:`RowChange` tuples.
    ``earlier``: those changes were made before the follower began (its first look): shown
    in the tables, not told again as news. ``by_sms``: of the sent, those sent by SMS (a
    campaign with an SMS fallback, as a follower reads it; None otherwise)."""

    campaign_id: int
    counts: dict[str, int]
    status: str
    rate_per_minute: float = 0.0
    row: int | None = None
    state: str | None = None
    error: str | None = None
    waiting: Reason | None = None
    pace_per_minute: float = 0.0
    error_code: int | None = None
    slowed: bool = False
    changes: tuple[RowChange, ...] = ()
    limit: float | None = None
    sharing: int = 0
    earlier: bool = False
    by_sms: int | None = None

    def row_changes(self) -> tuple[RowChange, ...]:
        """The recipients this snapshot tells of: ``(row, state, error, error_code)`` each."""
        if self.row is not None and self.state is not None:
            return ((self.row, self.state, self.error, self.error_code), *self.changes)
        return self.changes


@dataclass
class RunResult:
    """How a run ended: ``status`` (finished, paused, cancelled), ``reason`` why when it
    did not finish, the final ``counts`` and errors per code; ``store_fault``
    the journal's fault (a JournalFault value) when the store itself stopped the run."""

    campaign_id: int
    status: str
    reason: Reason | None
    counts: Counts = field(default_factory=Counts)
    errors_by_code: dict[int, int] = field(default_factory=dict[int, int])
    store_fault: str | None = None


class RunTally:
    """A run's counts per recipient state (``total`` too), kept in step with the journal
    by :meth:`move`, and the achieved rate since ``started`` (monotonic seconds)."""

    def __init__(self, counts: dict[str, int], clock: Callable[[], float] = time.monotonic) -> None:
        self.counts = counts
        self._clock = clock
        self.started = clock()
        self.done = 0

    def move(self, old: str, new: str) -> None:
        """One recipient went from state ``old`` to ``new``."""
        self.counts[old] -= 1
        self.counts[new] += 1
        if new not in (RecipientState.IN_FLIGHT, RecipientState.PENDING):
            self.done += 1

    def rate_per_minute(self, pacer: Pacer | None) -> float:
        """Recipients finished per minute in this run."""
        elapsed = self._clock() - self.started
        # The first request leaves at once: count the run from one pacing interval before it,
        # or a campaign paced at 120 a minute would show 139 a minute after its first seconds.
        span = elapsed + (pacer.interval if pacer is not None else 0.0)
        return self.done * 60.0 / span if span > 0 else 0.0

    def progress(self, campaign_id: int, status: str, pacer: Pacer | None, *, row: int | None = None,
                 state: str | None = None, error: str | None = None, waiting: Reason | None = None,
                 error_code: int | None = None) -> Progress:
        """A :class:`Progress` snapshot of now."""
        return Progress(campaign_id, dict(self.counts), status, self.rate_per_minute(pacer), row, state, error,
                        waiting, pacer.rate_per_minute if pacer is not None else 0.0, error_code,
                        pacer is not None and pacer.slowed, limit=pacer.limit if pacer is not None else None,
                        sharing=pacer.sharing if pacer is not None else 0)


@dataclass(frozen=True)
class PaceShown:
    """A sender's pace as it records it for followers (:meth:`CampaignControl.set_pace`): its pace
    now (messages per minute, 0: unpaced), whether the service's limit holds it under the
    set rate, that limit as learned (None: not met), and the other campaigns sharing it."""

    pace_per_minute: float = 0.0
    slowed: bool = False
    limit: float | None = None
    sharing: int = 0


def settled(counts: Counts, unknown_rounds: int, sms_waiting: int = 0) -> tuple[CampaignStatus, Reason | None]:
    """How a run that was not stopped ended, from the journal's ``counts``: never
    ``finished`` while a recipient is pending, in flight or unknown, or ``sms_waiting``
    recipients wait for the SMS fallback (then paused, with the reason why)."""
    if counts.unknown:
        return CampaignStatus.PAUSED, pause_reason("not_confirmed", count=counts.unknown, rounds=unknown_rounds)
    left = counts.not_sent
    if left:
        return CampaignStatus.PAUSED, pause_reason("not_sent", count=left)
    if sms_waiting:
        return CampaignStatus.PAUSED, pause_reason("sms_waiting", count=sms_waiting)
    return CampaignStatus.FINISHED, None
