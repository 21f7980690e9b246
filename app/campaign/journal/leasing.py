"""How long a sender may still act on what it claimed, by its own clock, with no round trip
(docs/architecture.md, "Leases and fencing").

A team store's lease runs out on the server ``seconds`` after the server renewed it. The
sender starts its own timer *before* it sends a renewal, so its deadline (that moment +
``seconds`` − a margin) always comes before the server's: a sender that checks
:meth:`LeaseTerm.good` before each request never sends a recipient whose lease another
sender could already have taken over, however long it was frozen (SIGSTOP, a suspended
laptop) or cut off. The timer is a clock that keeps counting while the machine sleeps.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable


def lease_clock() -> float:
    """Seconds from an arbitrary start that keep counting while the process is stopped and
    while the machine sleeps (Linux: CLOCK_BOOTTIME; macOS: CLOCK_MONOTONIC, which counts
    sleep there); elsewhere the monotonic clock."""
    if sys.platform.startswith("linux"):
        return time.clock_gettime(time.CLOCK_BOOTTIME)
    if sys.platform == "darwin":
        return time.clock_gettime(time.CLOCK_MONOTONIC)
    return time.monotonic()


class LeaseLost(Exception):
    """This sender no longer holds its leases of campaign ``campaign_id`` (they ran out
    while it was stopped or cut off, or another sender took some over): it must drop what
    it holds in memory, give back the rest and claim again."""

    def __init__(self, campaign_id: int) -> None:
        super().__init__(f"campaign {campaign_id}: this sender's leases ran out or were taken over")
        self.campaign_id = campaign_id


class LeaseTerm:
    """The local deadline of a sender's leases of ``seconds``: renewed by each renewal that
    kept every lease (:meth:`renewed`), lost for good by one that did not, until
    :meth:`reset`. ``margin`` (seconds) is kept back for the time between a check and the
    request leaving. Safe to share between the heartbeat thread and the event loop."""

    def __init__(self, seconds: float, clock: Callable[[], float] = lease_clock) -> None:
        self.seconds = seconds
        self.margin = max(1.0, 0.1 * seconds)
        self._clock = clock
        self._until = -math.inf
        self.lost = False

    def now(self) -> float:
        """The lease clock now: take it before sending a renewal."""
        return self._clock()

    def renewed(self, sent_at: float, whole: bool) -> None:
        """A renewal sent at ``sent_at`` (:meth:`now`) came back: ``whole`` when every lease
        held was still live and none was taken over (then the deadline moves on),
        otherwise the leases are lost."""
        if whole:
            self._until = max(self._until, sent_at + self.seconds - self.margin)
        else:
            self.lost = True

    def fresh(self) -> bool:
        """True while no renewal has started the term (nothing held yet, or since :meth:`reset`)."""
        return self._until == -math.inf and not self.lost

    def good(self) -> bool:
        """True while this sender may act on its leases: none was lost, and the deadline
        of the last whole renewal has not passed."""
        return not self.lost and self._clock() < self._until

    def left(self) -> float:
        """Seconds until the deadline (negative once passed)."""
        return self._until - self._clock()

    def reset(self) -> None:
        """Everything held was given back: start again with nothing."""
        self.lost = False
        self._until = -math.inf
