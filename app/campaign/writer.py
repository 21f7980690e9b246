"""The journal's writer thread: the send path's writes leave the event loop and are
committed in batches.

A campaign writes twice per recipient (in flight, then the outcome). Committing each on
the event loop costs the loop a millisecond or so per message and, unpaced, lets the
write-ahead log outgrow every checkpoint. Here one thread owns a connection of its own,
takes every call waiting in its queue, runs them in one transaction and commits once;
the log is checkpointed on that thread too (SQLite's automatic checkpoint), and cut back
to ``WAL_SIZE_LIMIT``. Callers ``await`` a call's result, so a write is durable before
the caller goes on (an in-flight mark is committed before its request leaves).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, cast

from app.campaign.journal import Journal, JournalError, JournalFault, Recipient

log = logging.getLogger(__name__)

_Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], asyncio.AbstractEventLoop, asyncio.Future[Any]]
#: Calls are handed to the thread once per event-loop tick, not one by one: each hand-over
#: costs a wake-up and a GIL switch on both sides.


class JournalWriter:
    """One thread that runs :class:`Journal` methods for the event loop, batched.

    ``await writer.call(Journal.record_outcome, campaign_id, row, state, ...)`` runs the
    method (by name: a team store's own override is the one that runs) on the writer's
    own connection to ``journal``'s store and returns its result, or raises its
    JournalError; every call of a batch shares one commit, and a failed batch fails each
    of its calls. At most ``max_batch`` calls per commit. Raises JournalError when the
    store cannot be opened. Close with :meth:`close` (waits for the queue to drain).
    """

    def __init__(self, journal: Journal, max_batch: int = 512) -> None:
        self._journal = journal.reopen()
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[list[_Call] | None] = queue.SimpleQueue()
        self._tick: list[_Call] = []
        self._closing = False
        self._thread = threading.Thread(target=self._work, name="journal-writer", daemon=True)
        self._thread.start()

    def call(self, method: Callable[..., Any], *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
        """Queue ``method(journal, *args, **kwargs)``; the future holds its result."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self._thread.is_alive():
            future.set_exception(JournalError("the journal writer has stopped", JournalFault.OTHER, self._journal.path))
            return future
        if not self._tick:
            loop.call_soon(self._hand_over)
        self._tick.append((method, args, kwargs, loop, future))
        return future

    def _hand_over(self) -> None:
        if self._tick:
            self._queue.put(self._tick)
            self._tick = []

    def close(self) -> None:
        """Finish every queued call, then stop the thread and close the connection (a
        batch waiting for a busy journal is given up: its callers hear "locked")."""
        self._closing = True
        self._hand_over()
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        self._journal.close()

    def _work(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = list(first)
            stop = False
            while len(batch) < self._max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.extend(more)
            self._run(batch)
            if stop:
                return

    def _run(self, batch: list[_Call]) -> None:
        results = self._attempt(batch)
        waiting_since = time.monotonic()
        # Another program holding the journal (a big creation, a DB browser) is a wait, not
        # a fault: the whole batch was rolled back, so it is simply tried again.
        while (_locked(results) and not self._closing
               and time.monotonic() - waiting_since < BUSY_PATIENCE_SECONDS):
            log.info("the journal is busy with another program; waiting to write %d changes", len(batch))
            time.sleep(BUSY_RETRY_SECONDS)
            results = self._attempt(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
        for (*_, loop, _future), result in zip(batch, results):
            by_loop.setdefault(loop, []).append(result)
        for loop, settled in by_loop.items():
            if not loop.is_closed():
                loop.call_soon_threadsafe(_settle, settled)

    def _attempt(self, batch: list[_Call]) -> list[tuple[asyncio.Future[Any], Any, BaseException | None]]:
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        try:
            with self._journal.transaction():
                values = self._many(batch)
                for (method, args, kwargs, _, future), value in zip(batch, values):
                    if value is _NOT_YET:
                        value = getattr(self._journal, method.__name__)(*args, **kwargs)
                    results.append((future, value, None))
        except Exception as error:  # noqa: BLE001 - JournalError, or a bug: every caller must hear of it
            # A database error of the commit itself (a full disk shows here) as a sentence.
            failure: BaseException = self._journal.database_error(error) or error
            results = [(future, None, failure) for *_, future in batch]
        return results

    def _many(self, batch: list[_Call]) -> list[Any]:
        """The send path's two writes, each kind in one executemany (the in-flight marks
        and the outcomes of one batch concern different recipients, so their order
        between kinds does not matter); other calls are left for one by one."""
        values: list[Any] = [_NOT_YET] * len(batch)
        marks = [i for i, call in enumerate(batch) if call[0].__name__ == "mark_in_flight" and not call[2]]
        if marks:
            # Each is mark_in_flight's positional arguments: (recipient, kind, now).
            ids = self._journal.mark_many_in_flight(
                [cast(tuple[Recipient, str, float], batch[i][1]) for i in marks])
            for i, attempt_id in zip(marks, ids):
                values[i] = attempt_id
        outcomes = [i for i, call in enumerate(batch) if call[0].__name__ == "record_outcome"]
        if outcomes:
            self._journal.record_many_outcomes(
                [dict(zip(("campaign_id", "row", "state"), batch[i][1]), **batch[i][2]) for i in outcomes])
            for i in outcomes:
                values[i] = None
        return values


_NOT_YET = object()
#: How long a batch waits for a journal another program holds before its callers hear
#: "locked" (seconds); each try itself waits the connection's busy timeout.
BUSY_PATIENCE_SECONDS = 300.0
BUSY_RETRY_SECONDS = 0.2


def _locked(results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> bool:
    return any(isinstance(error, JournalError) and error.kind is JournalFault.LOCKED for *_, error in results)


def _settle(results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, value, error in results:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)
