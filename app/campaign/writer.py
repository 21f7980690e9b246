"""The journal's send-path writes, batched: many calls, one commit.

A campaign writes twice per recipient (in flight, then the outcome). Committing each one
on its own costs a millisecond or so per message and, unpaced, lets the write-ahead log
outgrow every checkpoint. Here the calls of one event-loop iteration (on the loop writer,
of a few) are gathered and run in one transaction with one commit; the log is
checkpointed by whoever commits (SQLite's automatic checkpoint) and cut back to
``WAL_SIZE_LIMIT``. Callers ``await`` a call's
result, so a write is durable before the caller goes on (an in-flight mark is committed
before its request leaves).

Two ways to run the commits (docs/architecture.md, "Threads and the journal"):

- :class:`JournalWriter`, a thread of its own, for a loop that must never wait for a
  commit: the window's (the engine on the window's loop) and every team store's (a commit
  is a round trip to the server).
- :class:`LoopJournalWriter`, on the event loop itself, for a process that only sends
  (``run-campaign``, the CLI) on the embedded store, where a commit is a write to a local
  file without a sync: no thread hand-over, no wake-up of another thread and back, no
  contention for the GIL (CPU per message, docs/benchmarks.md). A journal another program
  holds is waited for without blocking the loop.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Protocol

from app.campaign.caps import CapScope
from app.campaign.journal import Journal, JournalError, JournalFault, Recipient
from app.campaign.journal.records import Outcome

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MarkInFlight:
    """A request for ``recipient`` is about to leave (:meth:`Outcomes.mark_many_in_flight`):
    the result is the attempt's id, a Capped, or None when ``owner`` lost its lease."""

    recipient: Recipient
    kind: str
    now: float  # Unix seconds
    owner: str = ""
    scope: CapScope | None = None


@dataclass(frozen=True)
class RecordOutcome(Outcome):
    """A recipient's outcome (:meth:`Outcomes.record_outcome`, :class:`Outcome`): the result
    is whether it was recorded (False: ``owner`` no longer holds it)."""


@dataclass(frozen=True)
class MarkSkipped:
    """A send-time rule holds a recipient back (:meth:`Outcomes.mark_skipped`)."""

    campaign_id: int
    row: int
    verdict: str
    reason: str
    owner: str = ""
    lease_epoch: int = 0


@dataclass(frozen=True)
class SetPace:
    """The pace the sender keeps now (:meth:`CampaignControl.set_pace`)."""

    campaign_id: int
    pace_per_minute: float
    slowed: bool
    limit: float | None = None
    sharing: int = 0


#: What the send path writes through a writer.
WriterCommand = MarkInFlight | RecordOutcome | MarkSkipped | SetPace

_Call = tuple[WriterCommand, asyncio.AbstractEventLoop, asyncio.Future[Any]]
_Result = tuple[asyncio.Future[Any], Any, BaseException | None]

#: How long a batch waits for a journal another program holds before its callers hear
#: "locked" (seconds); each try itself waits the connection's busy timeout.
BUSY_PATIENCE_SECONDS = 300.0
BUSY_RETRY_SECONDS = 0.2
#: The loop writer's busy timeout (seconds): a try gives up this soon and is tried again
#: later, so the loop goes on answering meanwhile.
LOOP_BUSY_TIMEOUT_SECONDS = 0.02
#: Turns of the event loop the loop writer lets pass before it writes a batch: answers
#: read meanwhile join its commit. A commit costs as much as several messages' writes, and
#: a turn with nothing to do takes microseconds (CPU per message, docs/benchmarks.md).
LOOP_TURNS_PER_BATCH = 4


class SendPathWriter(Protocol):
    """What the engine needs of a writer: :meth:`call` a command, batched, and
    :meth:`close` once every call was made."""

    def call(self, command: WriterCommand) -> asyncio.Future[Any]: ...

    def close(self) -> None: ...


class _Batching:
    """Gathers commands per event-loop iteration and runs a batch in one transaction on
    ``journal``'s own connection; every command of a batch shares one commit, and a
    failed batch fails each of its commands. At most ``max_batch`` commands per commit."""

    def __init__(self, journal: Journal, max_batch: int) -> None:
        self._journal = journal
        self._max_batch = max_batch
        self._tick: list[_Call] = []
        self._closing = False

    def call(self, command: WriterCommand) -> asyncio.Future[Any]:
        """Queue ``command``; the future holds its result or its JournalError."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if self._stopped():
            future.set_exception(JournalError("the journal writer has stopped", JournalFault.OTHER, self._journal.path))
            return future
        if not self._tick:
            self._schedule(loop)
        self._tick.append((command, loop, future))
        return future

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        """A batch has begun: end it (:meth:`_end_of_tick`) once this turn of ``loop`` is over."""
        loop.call_soon(self._end_of_tick)

    def _stopped(self) -> bool:
        return False

    def _end_of_tick(self) -> None:
        raise NotImplementedError

    def _attempt(self, batch: list[_Call]) -> list[_Result]:
        try:
            with self._journal.transaction():
                values = self._run_commands([command for command, _, _ in batch])
            return [(future, value, None) for (_, _, future), value in zip(batch, values)]
        except Exception as error:  # noqa: BLE001 - JournalError, or a bug: every caller must hear of it
            # A database error of the commit itself (a full disk shows here) as a sentence.
            failure: BaseException = self._journal.database_error(error) or error
            return [(future, None, failure) for *_, future in batch]

    def _run_commands(self, commands: list[WriterCommand]) -> list[Any]:
        """Each command's result, in order: the in-flight marks of one owner and cap in one
        statement per table, the outcomes in one, the rest one by one (a batch's marks and
        outcomes concern different recipients, so their order between kinds does not matter)."""
        journal = self._journal
        values: list[Any] = [None] * len(commands)
        marks: defaultdict[tuple[str, CapScope | None], list[int]] = defaultdict(list)
        outcomes: list[int] = []
        for i, command in enumerate(commands):
            if isinstance(command, MarkInFlight):
                marks[command.owner, command.scope].append(i)
            elif isinstance(command, RecordOutcome):
                outcomes.append(i)
        for (owner, scope), indexes in marks.items():
            batch = [commands[i] for i in indexes]
            results = journal.outcomes.mark_many_in_flight([(m.recipient, m.kind, m.now) for m in batch
                                                            if isinstance(m, MarkInFlight)], owner, scope)
            for i, result in zip(indexes, results):
                values[i] = result
        if outcomes:
            recorded = journal.outcomes.record_many_outcomes([c for i in outcomes
                                                              if isinstance(c := commands[i], RecordOutcome)])
            for i, done in zip(outcomes, recorded):
                values[i] = done
        for i, command in enumerate(commands):
            if isinstance(command, MarkSkipped):
                values[i] = journal.outcomes.mark_skipped(command.campaign_id, command.row, command.verdict,
                                                          command.reason, owner=command.owner,
                                                          lease_epoch=command.lease_epoch)
            elif isinstance(command, SetPace):
                journal.control.set_pace(command.campaign_id, command.pace_per_minute, command.slowed,
                                         command.limit, command.sharing)
        return values


class JournalWriter(_Batching):
    """A thread that runs :class:`Journal` methods for the event loop, batched.

    ``await writer.call(RecordOutcome(campaign_id, row, state, ...))`` runs the command on
    the writer's own connection to ``journal``'s store and returns its result, or raises
    its JournalError. Raises JournalError when the store cannot be opened.
    Close with :meth:`close` (waits for the queue to drain).
    """

    def __init__(self, journal: Journal, max_batch: int = 512) -> None:
        super().__init__(journal.reopen(), max_batch)
        self._queue: queue.SimpleQueue[list[_Call] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="journal-writer", daemon=True)
        self._thread.start()

    def _stopped(self) -> bool:
        return not self._thread.is_alive()

    def _end_of_tick(self) -> None:
        # Handed to the thread once per event-loop iteration, not call by call: each
        # hand-over costs a wake-up and a GIL switch on both sides.
        if self._tick:
            self._queue.put(self._tick)
            self._tick = []

    def close(self) -> None:
        """Finish every queued call, then stop the thread and close the connection (a
        batch waiting for a busy journal is given up: its callers hear "locked")."""
        self._closing = True
        self._end_of_tick()
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
        by_loop: dict[asyncio.AbstractEventLoop, list[_Result]] = {}
        for (_, loop, _future), result in zip(batch, results):
            by_loop.setdefault(loop, []).append(result)
        for loop, settled in by_loop.items():
            if not loop.is_closed():
                loop.call_soon_threadsafe(_settle, settled)


class LoopJournalWriter(_Batching):
    """Runs the calls of :data:`LOOP_TURNS_PER_BATCH` turns of the event loop as one batch
    on the loop itself, on a connection of its own to ``journal``'s (embedded) store.

    A journal another program holds: the try gives up after
    :data:`LOOP_BUSY_TIMEOUT_SECONDS`, the batch (and every call made meanwhile) is tried
    again :data:`BUSY_RETRY_SECONDS` later, for up to :data:`BUSY_PATIENCE_SECONDS`,
    while the loop goes on. Raises JournalError when the store cannot be opened. Call
    :meth:`close` on the loop's thread.
    """

    def __init__(self, journal: Journal, max_batch: int = 512) -> None:
        super().__init__(journal.reopen(), max_batch)
        self._journal.set_busy_timeout(LOOP_BUSY_TIMEOUT_SECONDS)
        self._waiting: list[_Call] = []
        self._waiting_since = 0.0

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        """End the batch :data:`LOOP_TURNS_PER_BATCH` turns of ``loop`` later."""
        loop.call_soon(self._after_turns, loop, LOOP_TURNS_PER_BATCH - 1)

    def _after_turns(self, loop: asyncio.AbstractEventLoop, left: int) -> None:
        if left > 0 and not self._closing:
            loop.call_soon(self._after_turns, loop, left - 1)
        else:
            self._end_of_tick()

    def _end_of_tick(self) -> None:
        if self._waiting:
            return  # the retry takes this tick's calls along
        batch, self._tick = self._tick, []
        self._write(batch, time.monotonic())

    def _write(self, batch: list[_Call], since: float) -> None:
        """Write ``batch`` in parts of at most ``max_batch``; when the journal is busy, the
        rest waits for a retry, until :data:`BUSY_PATIENCE_SECONDS` after ``since``."""
        for start in range(0, len(batch), self._max_batch):
            results = self._attempt(batch[start:start + self._max_batch])
            if (_locked(results) and not self._closing
                    and time.monotonic() - since < BUSY_PATIENCE_SECONDS):
                if since != self._waiting_since:  # a new wait, not a retry
                    log.info("the journal is busy with another program; waiting to write %d changes",
                             len(batch) - start)
                self._waiting, self._waiting_since = batch[start:], since
                asyncio.get_running_loop().call_later(BUSY_RETRY_SECONDS, self._retry)
                return
            _settle(results)

    def _retry(self) -> None:
        batch, self._waiting, self._tick = self._waiting + self._tick, [], []
        self._write(batch, self._waiting_since)

    def close(self) -> None:
        """Write every call still waiting (once more, if the journal is busy: then its
        callers hear "locked"), then close the connection."""
        self._closing = True
        batch, self._waiting, self._tick = self._waiting + self._tick, [], []
        if batch:
            self._journal.set_busy_timeout(self._journal.BUSY_TIMEOUT_SECONDS)
            self._write(batch, time.monotonic())
        self._journal.close()



def _locked(results: list[_Result]) -> bool:
    return any(isinstance(error, JournalError) and error.kind is JournalFault.LOCKED for *_, error in results)


def _settle(results: list[_Result]) -> None:
    for future, value, error in results:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)
