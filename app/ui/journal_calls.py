"""The window's one way to the journal: every call runs in a worker thread, so the
window's loop keeps drawing while SQLite scans a big campaign or a team store's server
answers (docs/architecture.md, "Processes"). tests/test_code_health.py fails when app/ui
calls the journal, or hands it to a function that reads it, outside such a thread.

Before the window's loop runs (start-up, nothing drawn yet) there is no loop to wait on:
:meth:`WindowJournal.soon` then does its work in place."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from app.campaign import Campaign, Journal, JournalError
from app.campaign.journal.records import Counts
from app.reasons import Reason

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Writes started by :meth:`WindowJournal.soon`, kept until done (a task nobody holds
#: may be collected before it ends).
_WRITES: set[asyncio.Task[Any]] = set()


class WindowJournal:
    """The journal of ``journal_of()`` (the window's, which a store change replaces),
    each call awaited off the window's thread. Raises what the journal raises
    (JournalError and its kinds)."""

    def __init__(self, journal_of: Callable[[], Journal]) -> None:
        self._journal_of = journal_of

    async def in_thread(self, read: Callable[[Journal], T]) -> T:
        """``read(journal)`` (several journal calls, or a function that takes the
        journal) in a worker thread; its result."""
        journal = self._journal_of()
        return await asyncio.to_thread(_whole_then, read, journal)

    def at_start_up(self, read: Callable[[Journal], T]) -> T:
        """``read(journal)`` in place, before the window's loop runs (nothing is drawn
        yet, nothing waits). Raises RuntimeError when a loop runs: use :meth:`in_thread`."""
        if _loop_runs():
            raise RuntimeError("the window's loop runs: read the journal in a worker thread")
        return _whole_then(read, self._journal_of())

    def soon(self, write: Callable[[Journal], object], what: str,
             failed: Callable[[JournalError], object] | None = None) -> None:
        """Start ``write(journal)`` in a worker thread and go on; a failure is logged as
        ``what`` could not be saved, and given to ``failed`` on the window's loop (to tell
        the user). With no loop running it is done in place."""
        journal = self._journal_of()
        if not _loop_runs():
            error = _logged(write, journal, what)
            if error is not None and failed is not None:
                failed(error)
            return

        async def write_then_tell() -> None:
            error = await asyncio.to_thread(_logged, write, journal, what)
            if error is not None and failed is not None:
                failed(error)

        run_soon(write_then_tell())

    def read_then(self, read: Callable[[Journal], T], show: Callable[[T], object]) -> None:
        """``show(read(journal))``: the read in a worker thread, the show on the window's
        loop when it has run (a Qt slot goes on at once); with no loop running (the
        window being made at start-up) both in place. A failed read is logged."""
        if not _loop_runs():
            show(_whole_then(read, self._journal_of()))
            return

        async def read_and_show() -> None:
            try:
                found = await self.in_thread(read)
            except JournalError as exc:
                log.warning("the journal could not be read: %s", exc)
                return
            show(found)

        run_soon(read_and_show())

    async def campaign(self, campaign_id: int) -> Campaign:
        return await self.in_thread(lambda journal: journal.campaigns.get(campaign_id))

    async def counts(self, campaign_id: int) -> Counts:
        """Recipients per state of ``campaign_id`` (it scans every row)."""
        return await self.in_thread(lambda journal: journal.recipients.counts(campaign_id))

    async def sends_to(self, phone: str) -> list[dict[str, Any]]:
        return await self.in_thread(lambda journal: journal.recipients.sends_to(phone))

    async def create_retry_campaign(self, parent_id: int, *, include_unknown: bool = False) -> int:
        return await self.in_thread(lambda journal: journal.creation.retry(parent_id, include_unknown=include_unknown))

    async def create_rest_campaign(self, parent_id: int) -> int:
        return await self.in_thread(lambda journal: journal.creation.rest(parent_id))

    async def set_status(self, campaign_id: int, status: str, reason: Reason | None = None) -> bool:
        return await self.in_thread(lambda journal: journal.control.set_status(campaign_id, status, reason))



def _whole_then(call: Callable[[Journal], T], journal: Journal) -> T:
    """``call(journal)`` once the journal is whole (Journal.check_whole: a file or log
    deleted under the window is told, never read stale or written into)."""
    journal.check_whole()
    return call(journal)


def _logged(write: Callable[[Journal], object], journal: Journal, what: str) -> JournalError | None:
    try:
        _whole_then(write, journal)
    except JournalError as exc:
        log.warning("%s could not be saved: %s", what, exc)
        return exc
    return None


def run_soon(coroutine: Coroutine[Any, Any, object]) -> None:
    """Start ``coroutine`` on the running loop from a Qt slot and keep it until done;
    without a running loop (Qt's timers also fire while none runs) it is closed unrun."""
    if not _loop_runs():
        coroutine.close()
        return
    task = asyncio.ensure_future(coroutine)
    _WRITES.add(task)
    task.add_done_callback(_WRITES.discard)


def _loop_runs() -> bool:
    """Whether an asyncio loop runs on this thread (Qt's timers also fire while none does)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
