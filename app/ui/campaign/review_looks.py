"""What the Review step looks up off the GUI thread before Start: the rows whose message
the service would refuse, the recipients the frequency cap would skip, those who already
got this message (the repeat guard), and those known to have no Bale account."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject

from app.campaign import JournalError
from app.jobs.creating import (
    CappedCount,
    InvalidMessages,
    RepeatedCampaign,
    count_capped,
    count_known_without_account,
    look_at_messages,
)
from app.jobs.inputs import CampaignInputError
from app.ui.campaign.draft import CampaignDraft
from app.ui.context import AppContext
from app.ui.formatting import figure
from app.ui.texts import message_problem_words


class ReviewLooks(QObject):
    """The looks for ``draft``'s sheet and message (each None until it ends, and when it
    finds nobody); ``found()`` is called on the GUI thread when they end."""

    def __init__(self, context: AppContext, draft: CampaignDraft, found: Callable[[], None]) -> None:
        super().__init__()
        self.context, self.draft, self._found = context, draft, found
        #: Who of this sheet already got this message recently.
        self.repeats: RepeatedCampaign | None = None
        self.capped: CappedCount | None = None  # recipients the frequency cap would skip
        self.invalid: InvalidMessages | None = None  # rows whose own values make a message the service refuses
        self.known_without_account: int | None = None  # of them, known to have no Bale account
        self._look: asyncio.Future[None] | None = None

    def clear(self) -> None:
        """Nothing found of an earlier sheet or message."""
        self.repeats = self.capped = self.invalid = self.known_without_account = None

    def start(self, made: int | None = None) -> None:
        """Look again (a look still going is cancelled); ``made``: the campaign already made
        from this draft, which is neither a repeat of itself nor counted by the cap. Needs a
        running event loop."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._look is not None and not self._look.done():
            self._look.cancel()
        self.repeats = self.capped = self.invalid = None
        self._look = asyncio.ensure_future(self._run(made))

    async def done(self) -> None:
        """Wait for the look :meth:`start` started."""
        if self._look is not None:
            await asyncio.wait([self._look])

    async def unsendable(self) -> str | None:
        """After the look: a sentence when no valid row makes a message the service
        accepts (a campaign would skip everyone), else None."""
        await self.done()
        checked, invalid = self.draft.checked, self.invalid
        if checked is None or invalid is None or invalid.count < int(checked.counts.get("valid", 0)):
            return None
        return self.tr("No row makes a message the service accepts, so nobody would get it; row {0}: {1}").format(
            figure(invalid.row, grouped=False), message_problem_words(invalid.reason))

    async def _run(self, made: int | None) -> None:
        checked, content, journal = self.draft.checked, self.draft.content, self.context.journal
        if checked is None:
            return
        try:
            # One rendering of the sheet for both looks at its messages: the longest look here.
            invalid, found = await asyncio.to_thread(look_at_messages, journal, checked, content=content,
                                                     bot_id=self.draft.bot_id,
                                                     base_url=self.context.connection.base_url, excluding=made)
            capped = await asyncio.to_thread(count_capped, journal, checked, kind=content.kind,
                                             bot_id=self.draft.bot_id, excluding=made)
            known = await asyncio.to_thread(count_known_without_account, journal, checked,
                                            self.context.connection.base_url)
        except (CampaignInputError, JournalError):
            return  # the message or the journal says its own problem elsewhere
        if shiboken6.isValid(self):  # a cancelled look never gets here: a newer one's finding stands
            self.repeats, self.capped, self.known_without_account, self.invalid = found, capped, known, invalid
            self._found()
