"""Judging an error answer: the recipient's new state, and whether the campaign must pause
(docs/architecture.md, "Errors")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from app.api import (
    Category,
    ConnectFailed,
    ConnectionDropped,
    InvalidInputError,
    RateLimitError,
    RequestTimeout,
    SafirError,
    classify,
)
from app.campaign.journal import Recipient, RecipientState
from app.reasons import Reason, pause_reason

#: Requests in a row that got no answer before the campaign pauses.
NO_ANSWER_LIMIT = 5
#: Seconds a once-a-second look may come late before this process counts as stopped meanwhile.
STALL_SECONDS = 2.0
#: Identical code-4 refusals in a row that make it a campaign error (unknown template, bot).
INVALID_INPUT_STREAK = 5


def said_by(error: SafirError) -> dict[str, object]:
    """The codes beside a pause reason that quotes ``error``'s words, so the window words
    them itself: ``service_code`` (spec 7.2, 7.3) and ``client_problem`` (SafirError.problem),
    each only when known."""
    codes: dict[str, object] = {}
    code = getattr(error, "code", None)
    if isinstance(code, int):
        codes["service_code"] = code
    if error.problem is not None:
        codes["client_problem"] = error.problem
    return codes


class AnswerJudge:
    """Turns one recipient's error into its new state, calling ``pause(reason)`` where the
    error is the campaign's and ``rate_limited(error)`` when the service asks to slow
    down. Account-wide errors and an unreachable service keep the recipient pending; a
    rate limit that outlived the client's retries re-queues it (pending); a lost answer
    makes it ``unknown`` (re-sent later under the same request_id); everything else is
    this recipient's failure. Rows that an identical refusal streak turned out to be the
    campaign's are listed in :attr:`back_to_pending` for the engine to journal.
    ``clock`` gives monotonic seconds."""

    def __init__(self, base_url: str, pause: Callable[[Reason], None], rate_limited: Callable[[RateLimitError], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._base_url = base_url
        self._pause = pause
        self._rate_limited = rate_limited
        self._clock = clock
        #: When the service last answered (monotonic seconds).
        self.last_answer = clock()
        self._no_answer = 0
        self._invalid_streak: list[tuple[int, str]] = []
        self._refused_answer: str | None = None
        self.back_to_pending: list[int] = []
        self._out_since: dict[int, float] = {}  # row -> when its request left

    def answered(self) -> None:
        """The service answered (whatever it said)."""
        self.last_answer = self._clock()
        self._no_answer = 0

    def out(self, row: int) -> None:
        """Row ``row``'s request left."""
        self._out_since[row] = self._clock()

    def back(self, row: int) -> None:
        """Row ``row``'s request ended (answered or not)."""
        self._out_since.pop(row, None)

    async def watch_silence(self, limit_seconds: float, stopping: Callable[[], bool]) -> None:
        """Pause when requests are out and nothing has answered for ``limit_seconds``
        (checked every second; runs until cancelled). A look that comes late (this
        process was stopped, or starved of the CPU) moves every clock on by the delay: the
        service cannot have answered a process that was not running."""
        while True:
            before = self._clock()
            await asyncio.sleep(1.0)
            late = self._clock() - before - 1.0
            if late > STALL_SECONDS:
                self.last_answer += late
                self._out_since = {row: since + late for row, since in self._out_since.items()}
            if stopping() or not self._out_since:
                continue
            silent = self._clock() - max(self.last_answer, min(self._out_since.values()))
            if silent >= limit_seconds:
                self._pause(pause_reason("silent", url=self._base_url, seconds=f"{silent:.0f}"))

    def accepted(self) -> None:
        """The service accepted a message."""
        self.answered()
        self._invalid_streak.clear()

    def judge(self, recipient: Recipient, error: SafirError) -> str:
        """The recipient's new state (a RecipientState value) after ``error``."""
        category = classify(error)
        if isinstance(error, ConnectionDropped):
            self.answered()  # the service is up; this one answer was lost
            return RecipientState.UNKNOWN
        if isinstance(error, RequestTimeout) or category is Category.UNKNOWN:
            self._no_answer += 1
            if self._no_answer >= NO_ANSWER_LIMIT:
                self._pause(pause_reason("not_answering", url=self._base_url, count=self._no_answer))
            return RecipientState.UNKNOWN
        if isinstance(error, ConnectFailed):
            self._pause(pause_reason("network", error=error.message, **said_by(error)))
            return RecipientState.PENDING
        self.answered()
        if category is Category.ACCOUNT:
            self._pause(pause_reason("account", error=error.message, **said_by(error)))
            return RecipientState.PENDING
        if isinstance(error, RateLimitError):
            self._rate_limited(error)
            return RecipientState.PENDING
        if isinstance(error, InvalidInputError):
            return self._invalid_input(recipient, error)
        self._invalid_streak.clear()
        return RecipientState.FAILED

    def _invalid_input(self, recipient: Recipient, error: InvalidInputError) -> str:
        """Code 4 for one row is that row's failure; the same code 4 for
        :data:`INVALID_INPUT_STREAK` rows in a row is the campaign's (an unknown
        template or bot): it pauses, and those rows go back to pending."""
        if error.message == self._refused_answer:
            return RecipientState.PENDING  # out before the pause: the campaign's error, not this row's
        if self._invalid_streak and self._invalid_streak[-1][1] != error.message:
            self._invalid_streak.clear()
        self._invalid_streak.append((recipient.row, error.message))
        if len(self._invalid_streak) < INVALID_INPUT_STREAK:
            return RecipientState.FAILED
        self._pause(pause_reason("same_refusal", count=len(self._invalid_streak), answer=error.message,
                                 **said_by(error)))
        self._refused_answer = error.message
        self.back_to_pending.extend(row for row, _ in self._invalid_streak[:-1])
        self._invalid_streak.clear()
        return RecipientState.PENDING
