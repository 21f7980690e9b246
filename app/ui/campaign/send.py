"""Step 4: one campaign's sending, shown from the run controller: start, pause, resume
and cancel, progress, the rate chart across resumes and a log of what went wrong."""

from __future__ import annotations

import time
from dataclasses import dataclass

import qasync
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.api import SafirError
from app.campaign import (
    CampaignLocked,
    CampaignStatus,
    Journal,
    JournalError,
    Progress,
    RecipientState,
    RunResult,
)
from app.campaign.approval import Approval, NotApproved
from app.campaign.journal.records import Counts
from app.reasons import pause_reason
from app.jobs.runner import RunnerFailed
from app.ui.bidi import ltr, reads_as_interface
from app.ui.campaign.rate_chart import RateChart
from app.ui.campaign.runs import RunController
from app.ui.campaign.sent_elsewhere import SentElsewhereWatch
from app.ui.context import AppContext
from app.ui.dialogs import confirm
from app.ui.formatting import clock, duration_text, figure
from app.ui.models import ResultsModel
from app.ui.texts import describe, describe_failure, describe_reason, state_name
from app.ui.widgets import CountsRow, FlatProgressBar, StatusLine, SteadyLabel

#: The send step's buttons and their keys (also listed by Help → Keyboard shortcuts).
SEND_SHORTCUTS = {"start_button": "Ctrl+Return", "pause_button": "Ctrl+P", "resume_button": "Ctrl+R",
                  "cancel_button": "Ctrl+Shift+X"}
#: How often the rate chart is drawn again while a campaign sends (seconds): it shows the
#: trend (the figures and the bar move four times a second), and each drawing is 1-2 ms of
#: the window's loop on a slow machine.
CHART_SECONDS = 1.0


@dataclass(frozen=True)
class ShownCampaign:
    """What the send step shows of a campaign from the journal: its ``status`` and
    ``counts`` (recipients per state); ``left``: recipients with no final outcome yet."""

    campaign_id: int
    status: str
    counts: Counts

    @property
    def left(self) -> int:
        return self.counts.to_send


def read_shown(journal: Journal, campaign_id: int) -> ShownCampaign:
    """Campaign ``campaign_id``'s status and counts (it scans its rows: in a worker thread)."""
    return ShownCampaign(campaign_id, journal.campaigns.get(campaign_id).status, journal.recipients.counts(campaign_id))


class SendStep(QWidget):
    """Shows the campaign ``campaign_id`` (attach()); Start asks the wizard to create
    the campaign from the draft (``start_requested``), the other buttons act on the
    run controller, so leaving the page never strands a running campaign."""

    start_requested = Signal()
    finished = Signal(object)  # RunResult of the campaign shown
    rest_requested = Signal(int)  # a new campaign of what this cancelled one never sent

    def __init__(self, context: AppContext, runs: RunController, rows: ResultsModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.runs = runs
        self.rows = rows  # the recipients step's table: statuses change as outcomes arrive
        #: The campaign whose rows that table shows (None once another sheet is opened).
        self.rows_campaign: int | None = None
        self.campaign_id: int | None = None
        self._read: ShownCampaign | None = None  # its status and counts as last read
        #: The repeating campaign Start made from this draft (Start is done once).
        self.series_made: int | None = None
        self._last_refresh = self._last_chart = 0.0
        #: The button the keyboard was parked away from (onto the log) while it is disabled.
        self._parked_from: QPushButton | None = None
        buttons = QHBoxLayout()
        self.start_button, self.pause_button, self.resume_button, self.cancel_button = (
            QPushButton(self.tr("Start")), QPushButton(self.tr("Pause")), QPushButton(self.tr("Resume")),
            QPushButton(self.tr("Cancel")))
        for button, slot in ((self.start_button, self.start_requested), (self.pause_button, self._on_pause_clicked),
                             (self.resume_button, self._on_resume_clicked),
                             (self.cancel_button, self._on_cancel_clicked)):
            button.clicked.connect(slot)
        self.rest_button = QPushButton(self.tr("Send the rest as a new campaign"))
        self.rest_button.setToolTip(self.tr("A new campaign of the recipients this cancelled one never reached, "
                                            "each under its own request_id (nobody gets it twice)"))
        self.rest_button.clicked.connect(lambda: self.rest_requested.emit(self.campaign_id))
        # Every action by keyboard too (a button's shortcut works while its page is shown).
        for button, keys in SEND_SHORTCUTS.items():
            getattr(self, button).setShortcut(QKeySequence(keys))
            getattr(self, button).setToolTip(keys)
        for b in (self.start_button, self.pause_button, self.resume_button, self.cancel_button, self.rest_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.counts = CountsRow()
        self.progress = FlatProgressBar()
        self.progress.setAccessibleName(self.tr("Sending progress"))
        self.progress.setTextVisible(True)
        self.speed_label = SteadyLabel(word_wrap=True)
        self.chart = RateChart()
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        reads_as_interface(self.log)
        self.log.setMaximumBlockCount(2000)
        self.log.setAccessibleName(self.tr("Sending log"))
        self.status = StatusLine()
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        for widget, stretch in ((self.counts, 0), (self.progress, 0), (self.speed_label, 0), (self.chart, 1),
                                (self.log, 1), (self.status, 0)):
            layout.addWidget(widget, stretch)
        for signal, slot in ((runs.progress, self._on_progress), (runs.starting, self._on_starting),
                             (runs.started, self._on_started),
                             (runs.finished, self._on_finished), (runs.refused, self._on_refused)):
            signal.connect(slot)
        self.elsewhere = SentElsewhereWatch(context, runs, lambda: self.campaign_id if self.isVisible() else None,
                                            self)
        self.elsewhere.found.connect(self._on_sent_elsewhere)
        self.reset()

    # -- which campaign -------------------------------------------------------------------

    def reset(self) -> None:
        """Nothing created yet: Start is the only way on."""
        self.campaign_id = None
        self.series_made = None
        self.progress.reset()
        self.progress.setRange(0, 1)
        self.chart.clear()
        self.log.clear()
        self.speed_label.clear()
        self.status.say("")
        self.counts.show_counts(recipients=None, sent=None, failed=None, left=None, cost=None)
        self._update_buttons()

    def attach(self, campaign_id: int) -> None:
        """Show campaign ``campaign_id``: its counts and status (read in a worker thread),
        its chart so far, and the buttons its state allows."""
        if campaign_id != self.campaign_id:
            self.log.clear()
            self.speed_label.clear()
            self.status.say("")
            self._read = None
        self.campaign_id = campaign_id
        run = self.runs.run_of(campaign_id)
        self.chart.points = list(run.points) if run is not None else []
        self.chart.update()
        self._update_buttons()

    def _show_read(self, read: ShownCampaign) -> None:
        if read.campaign_id != self.campaign_id:
            return  # another campaign was attached meanwhile
        self._read = read
        if not self.sending():  # while it sends, its progress shows the counts
            show_counts(self, read.counts)
        self._show_buttons()

    def park_focus(self, button: QPushButton) -> None:
        """The keyboard off ``button``, about to be disabled, onto the log (Qt would move it
        to Cancel beside it) until the button that acts next is enabled."""
        if button.hasFocus():
            self._parked_from = button  # until another button acts: Pause stays enabled while it lands
            self.log.setFocus(Qt.FocusReason.OtherFocusReason)

    def entry_field(self) -> QWidget:
        """Where the keyboard goes when this step is shown: the first button that acts now."""
        return next((b for b in (self.start_button, self.pause_button, self.resume_button) if b.isEnabled()), self.log)

    def sending(self) -> bool:
        return self.campaign_id is not None and self.runs.is_sending(self.campaign_id)

    def _update_buttons(self) -> None:
        """The buttons as last read, then as the campaign stands now (read in a worker thread)."""
        self._show_buttons()
        if (campaign_id := self.campaign_id) is not None:
            self.context.store.read_then(lambda journal: read_shown(journal, campaign_id), self._show_read)

    def _show_buttons(self) -> None:
        sending = self.sending()
        read = self._read if self._read is not None and self._read.campaign_id == self.campaign_id else None
        status = read and read.status
        resumable = status in (CampaignStatus.PAUSED, CampaignStatus.RUNNING, CampaignStatus.READY)
        self.start_button.setEnabled(self.campaign_id is None and self.series_made is None)
        starting = self.campaign_id is not None and self.runs.is_starting(self.campaign_id)
        # A process of its own takes seconds to start: Pause, asked of it once it runs, is there at once.
        self.pause_button.setEnabled(sending or self.runs.stoppable_while_starting(self.campaign_id or 0))
        self.cancel_button.setEnabled(sending or resumable)  # a paused campaign can be cancelled too
        self.resume_button.setEnabled(not sending and resumable and not starting)
        self.rest_button.setVisible(status == CampaignStatus.CANCELLED and read is not None and read.left > 0)
        if self._parked_from is not None and self.log.hasFocus() and self.entry_field() not in (self.log,
                                                                                                   self._parked_from):
            self._parked_from = None  # Pause then Space: Resume; Resume then Space: Pause; never Cancel
            self.entry_field().setFocus(Qt.FocusReason.OtherFocusReason)

    # -- running ----------------------------------------------------------------------------

    async def run(self, campaign_id: int) -> RunResult | None:
        """Send (or resume) ``campaign_id`` and show it; None if it is sent elsewhere or
        already sending here (then it is shown)."""
        self.attach(campaign_id)
        if self.runs.owns(campaign_id):
            self.status.say(self.tr("Campaign {0} is being sent; its controls are here.").format(figure(campaign_id)))
            return None
        self.log_line(self.tr("Sending campaign {0}…").format(figure(campaign_id)))
        self.status.say(self.tr("Sending…"))
        self.park_focus(self.resume_button)
        self.resume_button.setEnabled(False)  # until it sends (or fails to start): one press, one sender
        try:
            return await self.runs.run(campaign_id)
        except CampaignLocked:
            self.status.say(self.tr("Campaign {0} is being sent by another copy of the app (or the command line); "
                                    "it can be resumed here once that stops.").format(figure(campaign_id)),
                            error=True)
            self._update_buttons()
            return None
        except NotApproved:
            campaign = await self.context.store.campaign(campaign_id)
            if campaign.approval == Approval.REJECTED:
                self.status.say(self.tr("Campaign {0} was rejected by {1}: {2}").format(
                    figure(campaign_id), ltr(campaign.approved_by or "?"), campaign.approval_note or ""), error=True)
            else:
                self.status.say(self.tr("Campaign {0} awaits approval: nothing is sent until an approver approves "
                                        "it in History; then Resume sends it.").format(figure(campaign_id)),
                                error=True)
            self._update_buttons()
            return None
        except RunnerFailed as exc:  # the program that sends could not start: nothing was sent
            self.status.say(self.tr("The campaign cannot start: {0}").format(describe_reason(exc.reason)), error=True)
            self._update_buttons()
            return None
        except SafirError as exc:  # the profile cannot make a client (its address, say): nothing was sent
            self.status.say(self.tr("The campaign cannot start: {0}").format(describe_failure(exc)), error=True)
            self._update_buttons()
            return None

    def _on_sent_elsewhere(self, campaign_id: int) -> None:
        self.log_line(self.tr("Campaign {0} is being sent again (from another desktop or the command line); "
                              "its progress and controls are here.").format(figure(campaign_id)))
        self.status.say("")
        self.runs.adopt_later(campaign_id)

    def _on_refused(self, campaign_id: int, why: str) -> None:
        if campaign_id == self.campaign_id:
            self.status.say(self.tr("The campaign could not be asked to stop: {0}").format(why), error=True)

    def _on_starting(self, campaign_id: int) -> None:
        if campaign_id == self.campaign_id:
            self._show_buttons()  # Pause may be there at once (see there)

    def _on_started(self, campaign_id: int) -> None:
        if campaign_id == self.campaign_id:
            self._update_buttons()

    def _on_finished(self, result: RunResult) -> None:
        if result.campaign_id != self.campaign_id:
            return
        self._update_buttons()
        c = result.counts
        show_counts(self, c)
        summary = self.tr("Campaign {0} {1}: {2} sent, {3} failed, {4} unknown, {5} not sent.").format(
            figure(result.campaign_id), state_name(result.status), figure(c.sent), figure(c.failed),
            figure(c.unknown), figure(c.not_sent))
        if result.reason:
            why = describe_reason(result.reason)
            summary += " " + why[:1].upper() + why[1:]  # a sentence of its own after the counts
        self.log_line(summary)
        asked = result.reason is not None and result.reason.code == "user_paused"  # as asked: no error
        self.status.say(summary, error=result.status == CampaignStatus.PAUSED and not asked)
        self.speed_label.clear()
        run = self.runs.run_of(result.campaign_id)
        if run is not None:  # the chart's last stretch
            self.chart.points = run.points
            self.chart.update()
        self.finished.emit(result)

    def log_line(self, text: str) -> None:
        self.log.appendPlainText(f"{clock()}  {text}")

    def _on_progress(self, progress: Progress) -> None:
        if progress.campaign_id != self.campaign_id:
            return
        changes = progress.row_changes()
        if changes and progress.campaign_id == self.rows_campaign:
            self.rows.update_statuses(changes)
        for row, state, error, error_code in () if progress.earlier else changes:  # the log tells news only
            if state not in (RecipientState.SENT, RecipientState.IN_FLIGHT, RecipientState.PENDING):
                self.log_line(self.tr("Row {0}: {1} — {2}").format(
                    figure(row), state_name(state), describe(error, error_code)))
        now = time.monotonic()
        if now - self._last_refresh < 0.1 and progress.waiting is None:
            return  # the rest of the screen at most ten times a second
        self._last_refresh = now
        if self.pause_button.isEnabled() != self.sending():  # shown before the page knew it sends: its buttons too
            self._show_buttons()
        if not self.status.is_error:  # what the run is doing now: waiting (for its start, say) or sending
            self.status.say(describe_reason(progress.waiting) if progress.waiting else self.tr("Sending…"))
        c = Counts.of(progress.counts)
        show_counts(self, c)
        self.speed_label.setText(pace_words(progress, self.progress.maximum() - (c.sent + c.failed + c.unknown)))
        run = self.runs.run_of(progress.campaign_id)
        if run is not None and now - self._last_chart >= CHART_SECONDS:
            self._last_chart = now
            self.chart.points = run.points
            self.chart.update()

    def _on_pause_clicked(self) -> None:
        if self.campaign_id is not None and self.runs.pause(self.campaign_id):
            self.park_focus(self.pause_button)
            self.log_line(self.tr("Pausing after the messages on their way…"))

    @qasync.asyncSlot()
    async def _on_cancel_clicked(self) -> None:
        await self.cancel()

    async def cancel(self) -> bool:
        """Cancel the campaign shown once the user confirms (saying how many are left);
        a paused one is cancelled at once, a sending one after its requests in flight.
        True if it was cancelled."""
        campaign_id = self.campaign_id
        if campaign_id is None:
            return False
        left = (await self.context.store.in_thread(lambda journal: read_shown(journal, campaign_id))).left
        question = self.tr("Cancel campaign {0}? {1} recipients have not been sent yet. A cancelled campaign "
                           "cannot be resumed; its rest can be sent later as a new campaign.").format(
                               figure(campaign_id, grouped=False), figure(left))
        if not await confirm(self, self.tr("Cancel the campaign?"), question, safe_default=True):
            return False
        if self.runs.cancel(campaign_id):
            self.log_line(self.tr("Cancelling after the messages on their way…"))
        else:
            try:
                if not await self.context.store.set_status(campaign_id, CampaignStatus.CANCELLED,
                                                           pause_reason("user_cancelled")):
                    return False  # it is no longer there
            except JournalError as exc:  # the team store keeps it from this member (another's, unapproved)
                self.status.say(self.tr("The campaign cannot be cancelled: {0}").format(describe_failure(exc)),
                                error=True)
                return False
            self.log_line(self.tr("Campaign {0} cancelled.").format(figure(campaign_id, grouped=False)))
            self.status.say(self.tr("Campaign {0} cancelled.").format(figure(campaign_id, grouped=False)))  # not paused
            self._show_read(await self.context.store.in_thread(lambda journal: read_shown(journal, campaign_id)))
        return True

    @qasync.asyncSlot()
    async def _on_resume_clicked(self) -> None:
        if self.campaign_id is not None:
            await self.run(self.campaign_id)


def show_counts(step: SendStep, c: Counts) -> None:
    """The send step's bar and figures for the counts ``c``."""
    done = c.sent + c.failed + c.unknown
    # The bar's length from the counts themselves: a campaign already sending when this
    # page took it up gets its length from its first progress, not from a read it skips.
    step.progress.setRange(0, max(1, c.total - c.skipped))
    step.progress.show_value(min(done, step.progress.maximum()))
    # Qt's %v and %m are Latin digits: the figures are written in the interface's digits.
    step.progress.setFormat(QCoreApplication.translate("SendStep", "{0} of {1}").format(
        figure(step.progress.value()), figure(step.progress.maximum())))
    todo = c.total - c.skipped
    step.counts.show_counts(recipients=todo, sent=c.sent, failed=c.failed, left=max(0, todo - done), cost=None)


def pace_words(progress: Progress, left: int) -> str:
    """The send step's line under its progress bar: the rate (messages per minute), the
    time ``left`` recipients take at the pace the run can keep, and why it waits or is
    slower (its SMS, the service's limit and who shares it)."""
    translate = QCoreApplication.translate
    # Time left at the pace the run can keep: the pacer's (learned) rate when it is lower.
    pace = progress.rate_per_minute
    if progress.pace_per_minute > 0:
        pace = min(pace, progress.pace_per_minute) if pace > 0 else progress.pace_per_minute
    rate = figure(progress.rate_per_minute)
    if pace > 0 and left > 0:  # never "about 0 s left" while someone is still to send
        time_left = translate("SendStep", "about {0} left").format(duration_text(max(1.0, left * 60 / pace)))
        speed = translate("SendStep", "{0} per minute; {1}").format(rate, time_left)
    else:
        speed = translate("SendStep", "{0} per minute").format(rate)
    reasons = [describe_reason(progress.waiting)] if progress.waiting else []
    if progress.by_sms:
        reasons.append(translate("SendStep", "{0} of them by SMS").format(figure(progress.by_sms)))
    if progress.limit is not None and (progress.slowed or progress.sharing):
        allows = translate("SendStep", "the service allows about {0} a minute").format(figure(round(progress.limit)))
        if progress.sharing == 1:
            allows += translate("SendStep", "; sharing it with 1 other campaign")
        elif progress.sharing:
            allows += translate("SendStep", "; sharing it with {0} other campaigns").format(figure(progress.sharing))
        reasons.append(allows)
    return speed + "".join(f" — {r}" for r in reasons)
