"""One pace per API key kept in a store (app/campaign/pacer.py): the processes of one
desktop share it through the embedded journal, the desktops of a team through the team
store. The key's row holds the learned limit and the schedule, ``pace_starts`` the starts
of the last minute per tick, ``pace_users`` who sent with the key lately (to say how many
campaigns share it). API keys are never stored: a pace is keyed by a hash of the key."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from app.campaign.pacer import FLOOR, MAX_HOLD, SHARING_SECONDS, TICK, WINDOW, PaceState

if TYPE_CHECKING:
    from app.campaign.journal.store import Journal

#: The record of starts is trimmed of ticks older than this (seconds), now and then.
KEEP_SECONDS = WINDOW + 10.0


def _time(value: Any) -> float:
    return -math.inf if value is None else float(value)


def _stored(value: float) -> float | None:
    return None if math.isinf(value) else value


class StoreBook:
    """The pace of key ``key`` in ``journal`` (its own connection on the calling thread),
    for the sender ``who``. :meth:`open` is one transaction: the key's row is held until
    it commits, so senders of the key book from one schedule, one after the other."""

    def __init__(self, journal: Journal, key: str, who: str) -> None:
        self._journal = journal
        self._key = key
        self._who = who
        self._opened = 0

    @contextlib.contextmanager
    def open(self) -> Generator[tuple[PaceState, float], None, None]:
        """The key's pace and the store's clock, saved when the block ends; a database
        error is the store's JournalError sentence (a run pauses with it), as every
        journal method's is."""
        try:
            with self._opened_row() as opened:
                yield opened
        except Exception as exc:  # the store's sentence when it is the store's, else raised as is
            explained = self._journal.database_error(exc)
            if explained is None:
                raise
            raise explained from None

    @contextlib.contextmanager
    def _opened_row(self) -> Generator[tuple[PaceState, float], None, None]:
        journal, key = self._journal, self._key
        with journal.transaction():
            journal.db.execute("INSERT INTO pace (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", (key,))
            row = journal.db.execute(
                "SELECT rate, next_slot, hold_until, learned_at, refused_at, probe_at, probe_step, proven, peak"
                " FROM pace WHERE key = $1" + journal.FOR_UPDATE, (key,)).fetchone()
            now = journal.pace_clock()
            first = math.floor((now - WINDOW - 1.0) / TICK)
            recorded = {int(t): int(n) for t, n in journal.db.execute(
                "SELECT tick, count FROM pace_starts WHERE key = $1 AND tick >= $2", (key, first))}
            sharing = int(journal.db.execute(
                "SELECT COUNT(*) FROM pace_users WHERE key = $1 AND who <> $2 AND seen > $3",
                (key, self._who, now - SHARING_SECONDS)).fetchone()[0])
            # Held within what the rule itself could have written: a member writing the row by
            # hand stalls nobody for longer than a Retry-After could.
            state = PaceState(limit=None if row[0] is None else max(FLOOR, float(row[0])),
                              next_slot=min(float(row[1]), now + WINDOW), hold_until=min(float(row[2]), now + MAX_HOLD),
                              learned_at=_time(row[3]), refused_at=_time(row[4]),
                              probe_at=_time(row[5]), probe_step=float(row[6]), proven=max(0.0, float(row[7])),
                              peak=max(0.0, float(row[8])), starts=dict(recorded),
                              sharing=sharing)
            yield state, now
            self._save(state, recorded, now)

    def _save(self, state: PaceState, recorded: dict[int, int], now: float) -> None:
        journal, key = self._journal, self._key
        journal.db.execute(
            "UPDATE pace SET rate = $1, next_slot = $2, hold_until = $3, learned_at = $4, refused_at = $5,"
            " probe_at = $6, probe_step = $7, proven = $8, peak = $9 WHERE key = $10",
            (state.limit, state.next_slot, state.hold_until, _stored(state.learned_at), _stored(state.refused_at),
             _stored(state.probe_at), state.probe_step, state.proven, state.peak, key))
        changed = [(key, tick, n) for tick, n in state.starts.items() if recorded.get(tick) != n]
        if changed:
            journal.db.executemany(
                "INSERT INTO pace_starts (key, tick, count) VALUES ($1, $2, $3)"
                " ON CONFLICT (key, tick) DO UPDATE SET count = excluded.count", changed)
        journal.db.execute("INSERT INTO pace_users (key, who, seen) VALUES ($1, $2, $3)"
                           " ON CONFLICT (key, who) DO UPDATE SET seen = excluded.seen", (key, self._who, now))
        self._opened += 1
        if self._opened % 100 == 1:
            journal.trim_pace(key, now)
