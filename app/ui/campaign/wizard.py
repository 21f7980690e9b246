"""The campaign wizard: recipients → message → review → send → results. It only moves
between the steps (each answers problem()) and makes the campaign from the draft; the
running campaigns belong to the run controller."""

from __future__ import annotations

import asyncio
from typing import Any

import qasync
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.campaign import CampaignStatus, Journal, RunResult, campaign_is_sending
from app.ui.campaign.creation import create_and_tell, make_series_and_tell
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.message import MessageStep
from app.ui.campaign.recipients import RecipientsStep
from app.ui.campaign.results import ReadResults, ResultsStep, read_results
from app.ui.campaign.review import ReviewStep
from app.ui.campaign.runs import RunController
from app.ui.campaign.send import SendStep, read_shown
from app.ui.campaign.step_controls import StepControls
from app.ui.campaign.stoppable import StoppableWork
from app.ui.context import AppContext
from app.ui.dialogs import confirm
from app.ui.formatting import figure
from app.ui.keyboard import focus_first_field
from app.ui.models import RowSet, row_set
from app.ui.widgets import StatusLine

RECIPIENTS, MESSAGE, REVIEW, SEND, RESULTS = range(5)


def read_outcome(journal: Journal, campaign_id: int, own_rows: bool) -> tuple[ReadResults, RowSet | None]:
    """A run's results and, with ``own_rows`` (the recipients step shows the campaign's
    rows), a copy of its rows for that table: each model changes its own. It reads the
    journal: in a worker thread."""
    rows = journal.recipients.result_rows(campaign_id)
    return read_results(journal, campaign_id, row_set(rows, copy=False)), row_set(rows) if own_rows else None


class CampaignPage(QWidget):
    """The five steps of a campaign, one page each, with Back and Next; ``draft`` is
    what is being composed, ``runs`` the campaigns being sent (shared with the window,
    so they outlive this page)."""

    campaign_changed = Signal(int)

    def __init__(self, context: AppContext, runs: RunController | None = None, draft: CampaignDraft | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.runs = runs if runs is not None else RunController(context, self)
        self.draft = draft if draft is not None else self.new_draft()
        self.steps = QStackedWidget()
        self.controls = StepControls(self, self.go, self.steps.currentIndex, self.new_campaign)
        self.stop_work_button, self.step_labels = self.controls.stop_work_button, self.controls.step_labels
        self.stoppable = StoppableWork(self.stop_work_button)
        self.recipients = RecipientsStep(context, self.draft, self.stoppable)
        self.message = MessageStep(context, self.draft, self.stoppable)
        self.review = ReviewStep(context, self.draft, self.message.template_category)
        self.review.preview_fields = self.message.row_fields
        self.send_step = SendStep(context, self.runs, self.recipients.model)
        self._showing: asyncio.Future[None] | None = None  # a run's outcome on its way to the tables
        self._opening: int | None = None  # the campaign History or the tray opened last
        self.results = ResultsStep(context, self.draft, self.stoppable)
        self.step_widgets = (self.recipients, self.message, self.review, self.send_step, self.results)
        for step in self.step_widgets:
            self.steps.addWidget(step)
        self.recipients.sheet_opened.connect(self._sheet_opened)
        self.send_step.start_requested.connect(self._on_start_clicked)
        self.send_step.finished.connect(self._run_finished)
        self.results.retry_requested.connect(self._on_retry)
        self.send_step.rest_requested.connect(self._on_rest)
        layout = QVBoxLayout(self)
        layout.addLayout(self.controls.header)
        layout.addWidget(self.steps, 1)
        layout.addLayout(self.controls.nav)
        self.go(RECIPIENTS)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter that no field used (a line, a number, a list) presses Next, as in a
        dialog; the message text keeps Enter for its new lines."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            if self.controls.next_button.isEnabled() and self.steps.currentIndex() < SEND:
                self.go(self.steps.currentIndex() + 1)
                event.accept()
                return
        super().keyPressEvent(event)

    def new_draft(self) -> CampaignDraft:
        settings = self.context.settings
        return CampaignDraft(rate_per_minute=int(settings.get("rate_per_minute")),
                             in_flight=int(settings.get("in_flight")), quiet_hours=settings.get("quiet_hours") or "")

    # -- what tests and the window read ------------------------------------------------------

    @property
    def message_line(self) -> StatusLine:
        """The status line of the step shown."""
        return self.step_widgets[self.steps.currentIndex()].status

    @property
    def campaign_id(self) -> int | None:
        """The campaign the send step shows (None before Start)."""
        return self.send_step.campaign_id

    def refresh_connection(self) -> None:
        self.review.refresh_connection()

    def say(self, text: str, error: bool = False) -> None:
        self.message_line.say(text, error)

    # -- work off the GUI thread, stoppable ----------------------------------------------

    # -- moving between steps ---------------------------------------------------------------

    def problem_before(self, step: int) -> str | None:
        """The first step before ``step`` that is not complete, in a sentence (a stored
        campaign's results need no draft: one opened from History or a window reopened)."""
        if step == RESULTS:
            return self.results.problem() if self.results.campaign_id is None and self.campaign_id is None else None
        return next(filter(None, (w.problem() for w in (self.recipients, self.message, self.review)[:min(step, SEND)])),
                    None)

    def go(self, step: int) -> None:
        """Show step ``step`` (0-4) if the steps before it are complete; the step's own
        status line starts empty."""
        if not 0 <= step < self.steps.count():
            return
        if step > self.steps.currentIndex():
            if problem := self.problem_before(step):
                self.say(problem, error=True)
                return
        if step == REVIEW:
            self.review.update_review()
            self.review.check_repeats(self.campaign_id)
        if step == RESULTS and self.results.campaign_id != self.campaign_id and self.campaign_id is not None:
            self.results.show_campaign(self.campaign_id)
        if step == SEND and self.campaign_id is None:  # before Start: the campaign as reviewed
            self.send_step.counts.show_counts(**self.review.planned_counts())
        widget = self.step_widgets[step]
        if step != self.steps.currentIndex() and not widget.status.is_error:
            widget.status.say("")
        focus = QApplication.focusWidget()
        keyboard_here = focus is not None and self.isAncestorOf(focus)
        self.steps.setCurrentIndex(step)
        self.controls.mark(self.steps.currentIndex())
        if keyboard_here:  # the keyboard goes on in the step shown, not on a hidden one's field
            entry = getattr(widget, "entry_field", None)
            field = entry() if callable(entry) else None
            if isinstance(field, QWidget) and field.isVisible() and field.isEnabled():
                field.setFocus(Qt.FocusReason.OtherFocusReason)
            else:
                focus_first_field(widget)

    def new_campaign(self) -> None:
        """Start a new draft; a campaign being sent goes on (History shows it)."""
        self.draft.__dict__.update(self.new_draft().__dict__)
        for step in (self.recipients, self.message, self.review):
            step.reset()
        self.message.columns_changed()
        self.send_step.rows_campaign = None
        self.send_step.reset()
        self.results.campaign_id = None
        self.results.results_filter.setCurrentIndex(0)  # every row of the next campaign's results
        self.go(RECIPIENTS)

    def take_over(self, old: CampaignPage) -> None:
        """Show what ``old`` (the page of the window this one replaces, after a language
        switch) showed: its step, the campaign on its send step with its log, its results."""
        if old.send_step.campaign_id is not None:
            self.send_step.attach(old.send_step.campaign_id)
            self.send_step.rows_campaign = old.send_step.rows_campaign
        self.send_step.log.setPlainText(old.send_step.log.toPlainText())
        if old.results.campaign_id is not None:
            self.results.show_campaign(old.results.campaign_id)
        self.steps.setCurrentIndex(old.steps.currentIndex())
        self.controls.mark(self.steps.currentIndex())

    def _sheet_opened(self) -> None:
        self.message.columns_changed()
        # A new sheet is a new campaign: the send step forgets the last one (one still
        # being sent goes on; History shows it again).
        self.send_step.rows_campaign = None
        self.send_step.reset()

    # -- sending --------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_start_clicked(self) -> None:
        await self.send()

    async def send(self) -> RunResult | None:
        """Create the campaign from the draft and send it; None if it cannot start."""
        problem = self.problem_before(SEND)
        if problem:
            self.say(problem, error=True)
            return None
        if not self.context.connection.api_key:
            self.say(self.tr("This profile has no API access key: add one in Profiles, or start with --demo."),
                     error=True)
            return None
        draft = self.draft
        if self.send_step.series_made is not None:  # Start is done once
            self.say(self.tr("Repeating campaign {0} is made from this draft; New campaign starts another.").format(
                figure(self.send_step.series_made, grouped=False)), error=True)
            return None
        if draft.repeat is not None:
            return await self._make_series()
        self.send_step.park_focus(self.send_step.start_button)  # Pause, once it is there, has the keyboard
        self.send_step.start_button.setEnabled(False)
        try:
            campaign_id = await create_and_tell(self, self.context, draft, self.say, self.review.looks)
        finally:
            self.send_step.start_button.setEnabled(self.send_step.campaign_id is None)
        if campaign_id is None:
            return None
        self.campaign_changed.emit(campaign_id)
        self.send_step.rows_campaign = campaign_id  # the recipients table shows its rows
        self.send_step.log_line(self.tr("Campaign {0} created.").format(figure(campaign_id)))
        return await self.run(campaign_id)

    async def run(self, campaign_id: int) -> RunResult | None:
        """Show the send step for ``campaign_id`` and send (or resume) it; a campaign
        this window already sends is shown, not started twice."""
        self.go_to_send(campaign_id)
        result = await self.send_step.run(campaign_id)
        if self._showing is not None:
            await self._showing  # the results on screen before the caller goes on
        return result

    def open_campaign(self, campaign_id: int) -> None:
        """Open a campaign from History or the tray: one that is sending (here or by
        another process) on its Send step with Pause and Cancel, any other on its results."""
        self._opening = campaign_id
        if self.runs.is_sending(campaign_id):
            return self.go_to_send(campaign_id)
        self.context.store.read_then(lambda journal: campaign_is_sending(journal, campaign_id),
                                     lambda elsewhere: self._open_as(campaign_id, elsewhere))

    def _open_as(self, campaign_id: int, sending_elsewhere: bool) -> None:
        if self._opening != campaign_id:
            return  # another campaign was opened meanwhile
        if not sending_elsewhere:  # nor one left "running" by a dead sender
            return self.show_results(campaign_id)
        self.go_to_send(campaign_id)
        self.runs.adopt_later(campaign_id)

    async def show_sent_elsewhere(self) -> list[int]:
        """At start-up: follow every campaign another process sends now, and show the
        first on its Send step unless a draft is under way; their ids."""
        journal = self.context.journal
        found = await asyncio.to_thread(lambda: [c.id for c in journal.campaigns.all()
                                                 if c.status == CampaignStatus.RUNNING
                                                 and campaign_is_sending(journal, c.id)])
        for campaign_id in found:
            if campaign_id == found[0] and self.steps.currentIndex() == RECIPIENTS and self.draft.checked is None:
                self.go_to_send(campaign_id)
            self.runs.adopt_later(campaign_id)
        return found

    def go_to_send(self, campaign_id: int) -> None:
        """Show the send step attached to ``campaign_id`` (from History, too)."""
        self.send_step.attach(campaign_id)
        self.steps.setCurrentIndex(SEND)
        self.controls.mark(self.steps.currentIndex())

    def _run_finished(self, result: RunResult) -> None:
        self.campaign_changed.emit(result.campaign_id)
        self._showing = asyncio.ensure_future(self._show_outcome(result))

    async def _show_outcome(self, result: RunResult) -> None:
        """Every row's outcome in the tables, and the results step for a finished
        campaign; the rows are read in a worker thread (a big campaign's take a while)."""
        campaign_id = result.campaign_id
        own_rows = campaign_id == self.send_step.rows_campaign  # the recipients step shows its rows too
        read, recipients_rows = await self.context.store.in_thread(
            lambda journal: read_outcome(journal, campaign_id, own_rows))
        # Each part in its own turn of the loop, so the window draws in between.
        if recipients_rows is not None and campaign_id == self.send_step.rows_campaign:
            self.recipients.model.set_rows(recipients_rows)
            await asyncio.sleep(0)
        if result.status == CampaignStatus.FINISHED and self.steps.currentIndex() == SEND:
            self.results.show_rows(read, size_columns=False)
            await asyncio.sleep(0)
            self.results.size_columns()
            await asyncio.sleep(0)
            if self.steps.currentIndex() == SEND:  # nobody went elsewhere meanwhile
                self.results.show_summary(read)
                self.steps.setCurrentIndex(RESULTS)
                self.controls.mark(self.steps.currentIndex())

    def show_results(self, campaign_id: int, rows: list[dict[str, Any]] | None = None) -> None:
        """Show a stored campaign's results (from History, or at the end of a run); Back
        shows its Send step."""
        if self.send_step.campaign_id != campaign_id and not self.send_step.sending():
            self.send_step.attach(campaign_id)
        self.results.show_campaign(campaign_id, rows)
        self.steps.setCurrentIndex(RESULTS)
        self.controls.mark(self.steps.currentIndex())

    @qasync.asyncSlot(int)
    async def _on_retry(self, retry_id: int) -> None:
        self.campaign_changed.emit(retry_id)
        self.send_step.log_line(self.tr("Retry campaign {0} of campaign {1}.").format(
            figure(retry_id), figure(self.results.campaign_id or 0)))
        await self.run(retry_id)

    @qasync.asyncSlot(int)
    async def _on_rest(self, parent_id: int) -> None:
        await self.send_rest(parent_id)

    async def _make_series(self) -> None:
        """A repeating campaign instead of one send: made once (Start stays off until a
        new campaign), and its runner started."""
        self.send_step.start_button.setEnabled(False)
        self.send_step.series_made = await make_series_and_tell(self.context, self.draft, self.say)
        self.send_step.start_button.setEnabled(self.send_step.series_made is None)

    async def send_rest(self, parent_id: int) -> RunResult | None:
        """Send what cancelled campaign ``parent_id`` never reached, as a new campaign, once
        the user confirms."""
        rest_id = await _confirmed_rest(self, parent_id)
        if rest_id is None:
            return None
        self.campaign_changed.emit(rest_id)
        self.send_step.log_line(self.tr("Campaign {0}: the rest of campaign {1}.").format(
            figure(rest_id, grouped=False), figure(parent_id, grouped=False)))
        return await self.run(rest_id)

    async def test_send(self, phone: str) -> str:
        """Send the message, filled from the preview row, to ``phone``; the outcome in words."""
        return await self.review.test_send(phone)

    async def retry_failed(self) -> RunResult | None:
        """Send a follow-up campaign to the retryable failures of the results shown."""
        retry_id = await self.results.retry_failed()
        return None if retry_id is None else await self.run(retry_id)


async def _confirmed_rest(page: CampaignPage, parent_id: int) -> int | None:
    """The new campaign of the recipients cancelled campaign ``parent_id`` never reached,
    made once the user confirms (told to how many it goes now, as a cancel tells how many
    stay unsent); None when declined or nobody is left. Its words are in CampaignPage's
    context, where lupdate files them (a function's own ``page.tr`` looked them up elsewhere)."""
    left = (await page.context.store.in_thread(lambda journal: read_shown(journal, parent_id))).left
    if left:
        question = QCoreApplication.translate(
            "CampaignPage", "Send campaign {0}'s message now to the {1} recipients it never reached, as a new "
            "campaign?").format(figure(parent_id, grouped=False), figure(left))
        title = QCoreApplication.translate("CampaignPage", "Send the rest?")
        if not await confirm(page, title, question, safe_default=True):
            return None
        try:
            return await page.context.store.create_rest_campaign(parent_id)
        except ValueError:
            pass
    page.say(QCoreApplication.translate("CampaignPage", "Campaign {0} has nobody left to send to.").format(
        figure(parent_id, grouped=False)))
    return None
