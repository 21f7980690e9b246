"""A team store server that stops answering is told, not waited for (docs/team.md, "When
the server is down or frozen").

A stopped server refuses connections at once, but a frozen one (SIGSTOP, a hung VM, a
full disk under it) keeps accepting TCP and never answers, and the operating system
answers its keepalives: a statement would wait forever. The server's own timeouts cannot
help a server that does not run, so the client watches: a statement that has waited
:data:`ANSWER_SECONDS` makes the watch try a new connection; when that gets no answer
within :data:`PROBE_SECONDS` either, the waiting connection is cut, and the statement
fails as a lost connection (the same sentence and pause as a stopped server; sending goes
on by itself once the server answers). A statement that is merely long, on a server that
answers, is left alone.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import psycopg

from app.campaign.journal.team.database import TeamDatabase

log = logging.getLogger(__name__)

#: Seconds a statement waits before the watch asks whether the server answers at all.
ANSWER_SECONDS = 6.0
#: Seconds a new connection gets to answer that question.
PROBE_SECONDS = 3
#: Seconds between looks.
LOOK_SECONDS = 1.0


class FrozenServerWatch:
    """A daemon thread that cuts the ``connections()`` whose statement the server at
    ``url`` (``password``) does not answer (see the module), telling ``on_frozen`` why
    first. :meth:`stop` ends it."""

    def __init__(self, url: str, password: str | None, connections: Callable[[], list[TeamDatabase]],
                 on_frozen: Callable[[str], None]) -> None:
        self._url = url
        self._on_frozen = on_frozen
        self._password = password
        self._connections = connections
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="team-store-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()

    def _watch(self) -> None:
        while not self._stopping.wait(LOOK_SECONDS):
            now = time.monotonic()
            waiting = [db for db in self._connections()
                       if db.busy_since is not None and now - db.busy_since >= ANSWER_SECONDS]
            if waiting and not self._answers():
                log.warning("the team store did not answer for %.0f s, nor a new connection in %d s: cutting %d "
                            "waiting connection(s)", ANSWER_SECONDS, PROBE_SECONDS, len(waiting))
                self._on_frozen(f"no answer for {ANSWER_SECONDS:.0f} s")
                for db in waiting:
                    db.cut()

    def _answers(self) -> bool:
        """True when a new connection to the server is answered within :data:`PROBE_SECONDS`."""
        try:
            with psycopg.connect(self._url, password=self._password, connect_timeout=PROBE_SECONDS,
                                 application_name="safir-campaign probe") as probe:
                probe.execute("SELECT 1")
            return True
        except psycopg.OperationalError as error:
            return bool(error.sqlstate)  # an answer that refuses (too many connections) is still an answer
        except psycopg.Error:
            return True
