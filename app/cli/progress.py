"""What a running campaign prints on the terminal, and the signals that pause it."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.campaign import CampaignEngine, Progress
    from app.reasons import Reason

#: Signals that pause a campaign sent from the terminal (resumable).
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


#: Seconds between two progress lines that say the same counts (the campaign goes on).
UNCHANGED_LINE_SECONDS = 30.0


class ProgressPrinter:
    """Prints a campaign's progress at most once a second when its counts change, and
    every :data:`UNCHANGED_LINE_SECONDS` when they do not; every new reason it waits,
    and the service's limit as learned whenever it holds the pace under the set rate or
    is shared with other campaigns and changes. Call it with each :class:`Progress`."""

    def __init__(self) -> None:
        self._last_print = 0.0
        self._last_counts: dict[str, int] | None = None
        self._last_waiting: Reason | None = None
        self._last_limit: tuple[int, int] | None = None

    def __call__(self, progress: Progress) -> None:
        if progress.waiting and progress.waiting != self._last_waiting:
            print(f"waiting: {progress.waiting.text()}", flush=True)
        self._last_waiting = progress.waiting
        if progress.limit is not None and (progress.slowed or progress.sharing):
            told = (round(progress.limit), progress.sharing)
            if told != self._last_limit:
                others = progress.sharing
                shared = "" if not others else f"; sharing it with {others} other campaign{'s' if others > 1 else ''}"
                print(f"the service allows about {told[0]} a minute{shared}: pacing at "
                      f"{progress.pace_per_minute:.0f} per minute", flush=True)
                self._last_limit = told
        now = time.monotonic()
        c = progress.counts
        from app.campaign.journal import CampaignStatus  # here: building the parser needs no journal

        if progress.status == CampaignStatus.RUNNING and (
                now - self._last_print < 1.0 or progress.waiting
                or c == self._last_counts and now - self._last_print < UNCHANGED_LINE_SECONDS):
            return
        self._last_print, self._last_counts = now, dict(c)
        done = c["sent"] + c["failed"]
        print(f"progress: {done}/{done + c['pending'] + c['in_flight'] + c['unknown']} sent {c['sent']} "
              f"failed {c['failed']} unknown {c['unknown']} ({progress.rate_per_minute:.0f}/min)", flush=True)


@contextlib.contextmanager
def pause_on_signals(engine: CampaignEngine) -> Iterator[list[signal.Signals]]:
    """While inside, SIGINT, SIGTERM and SIGHUP pause ``engine``'s campaign (a second one
    raises KeyboardInterrupt: stop waiting for requests already out). Yields the list of
    signals received."""
    from app.reasons import pause_reason

    received: list[signal.Signals] = []
    loop = asyncio.get_running_loop()

    def stop(signum: signal.Signals) -> None:
        received.append(signum)
        if len(received) > 1:
            raise KeyboardInterrupt
        print(f"{signum.name}: pausing the campaign (requests already out get a second to finish)",
              file=sys.stderr, flush=True)
        engine.pause(pause_reason("signal", signal=signum.name))

    handled: list[signal.Signals] = []
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, stop, signum)
            handled.append(signum)
    try:
        yield received
    finally:
        for signum in handled:
            loop.remove_signal_handler(signum)
