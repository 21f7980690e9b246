"""Step 5: a campaign's per-row results, a summary per status and per error code,
export (a copy of the source sheet with the results beside each row) and retry."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import qasync
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.campaign import Campaign, CampaignStatus, Journal, RecipientState
from app.campaign.journal.sms import ChannelCounts
from app.campaign.journal.records import Counts
from app.campaign.sms_fallback import channel_counts
from app.contacts import ExportError, Sheet, SheetLook, write_results
from app.ui.bidi import ltr
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.stoppable import Stoppable
from app.ui.context import AppContext
from app.ui.dialogs import save_in_last_folder
from app.ui.formatting import figure
from app.ui.models import ResultsModel, RowSet
from app.ui.report_action import write_report
from app.ui.tables import results_table
from app.ui.texts import SERVICE_ERRORS, campaign_title, describe, describe_failure, state_name
from app.ui.widgets import CountsRow, StatusLine, WorkStopped
from app.jobs.inputs import CampaignInputError
from app.jobs.sheet import campaign_source

#: The recipient states the summary counts, in this order.
SHOWN_STATES = (RecipientState.SENT, RecipientState.FAILED, RecipientState.UNKNOWN, RecipientState.PENDING,
                RecipientState.SKIPPED)


@dataclass
class ReadResults:
    """What the results step shows of a campaign, read from the journal at once."""

    campaign: Campaign
    rows: list[dict[str, Any]] | RowSet  # a RowSet when read for the end of a run (the model takes it over)
    counts: Counts
    errors: dict[int, int]
    channels: ChannelCounts | None = None  # a campaign with an SMS fallback: per channel


def read_results(journal: Journal, campaign_id: int,
                 rows: list[dict[str, Any]] | RowSet | None = None) -> ReadResults:
    """Read what :class:`ResultsStep` shows of ``campaign_id`` (``rows`` when already
    read): from any thread (raises JournalError, KeyError for no such campaign)."""
    campaign = journal.campaigns.get(campaign_id)
    return ReadResults(campaign, rows if rows is not None else journal.recipients.result_rows(campaign_id),
                       journal.recipients.counts(campaign_id), journal.recipients.error_counts(campaign_id),
                       channel_counts(journal, campaign_id) if campaign.sms_fallback is not None else None)


class ResultsStep(QWidget):
    """Shows the results of ``campaign_id`` (show()); ``retry_requested(int)`` carries
    the id of a new follow-up campaign to send."""

    retry_requested = Signal(int)

    def __init__(self, context: AppContext, draft: CampaignDraft, stoppable: Stoppable,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.draft = draft
        self.stoppable = stoppable
        self.campaign_id: int | None = None
        self.results_model = ResultsModel(self)
        self.results_table, self.results_filter = results_table(
            self.results_model, self.tr("Per-row results"))
        self.counts = CountsRow()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Show:")))
        bar.addWidget(self.results_filter)
        bar.addStretch(1)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.clicked.connect(self._on_export_clicked)
        self.retry_button = QPushButton(self.tr("Retry failed"))
        self.retry_button.clicked.connect(self._on_retry_clicked)
        self.report_button = QPushButton(self.tr("Report…"))
        self.report_button.clicked.connect(self._on_report_clicked)
        bar.addWidget(self.export_button)
        bar.addWidget(self.report_button)
        bar.addWidget(self.retry_button)
        self.status = StatusLine()
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts)
        layout.addWidget(self.summary)
        layout.addLayout(bar)
        layout.addWidget(self.results_table, 1)
        layout.addWidget(self.status)

    def show_campaign(self, campaign_id: int, rows: list[dict[str, Any]] | None = None) -> None:
        """Show a stored campaign's results and its summary, read in a worker thread (the
        end of a run reads them itself and calls :meth:`show_read`)."""
        self.campaign_id = campaign_id
        self.context.store.read_then(lambda journal: read_results(journal, campaign_id, rows), self._show_if_still)

    def _show_if_still(self, read: ReadResults) -> None:
        if read.campaign.id == self.campaign_id:  # nobody chose another campaign meanwhile
            self.show_read(read)

    def show_read(self, read: ReadResults) -> None:
        """Show results :func:`read_results` read."""
        self.show_rows(read)
        self.show_summary(read)

    def show_rows(self, read: ReadResults, size_columns: bool = True) -> None:
        """The table of :meth:`show_read` (the longer part, for a big campaign); its
        columns sized to their contents unless the caller does it later
        (:meth:`size_columns`, in a turn of the loop of its own)."""
        self.campaign_id = read.campaign.id
        self.results_model.set_rows(read.rows)
        if size_columns:
            self.size_columns()

    def size_columns(self) -> None:
        """Each column as wide as its contents in the rows measured (tables.RESIZE_ROWS)."""
        self.results_table.resizeColumnsToContents()

    def show_summary(self, read: ReadResults) -> None:
        """The counts and the summary lines of :meth:`show_read`."""
        counts, campaign = read.counts, read.campaign
        campaign_id = self.campaign_id = campaign.id
        todo = counts.total - counts.skipped
        done = counts.sent + counts.failed + counts.unknown
        self.counts.show_counts(recipients=todo, sent=counts.sent, failed=counts.failed,
                                left=max(0, todo - done), cost=None)
        per_state = counts.per_state()
        # A cancelled campaign's pending rows will never be sent: said so, as its results file says.
        cancelled = campaign.status == CampaignStatus.CANCELLED
        per_status = [self.tr("{0} {1}").format(figure(per_state[state]), state_name(
                          "not_sent" if cancelled and state == RecipientState.PENDING else state))
                      for state in SHOWN_STATES if per_state.get(state)]
        lines = [self.tr("Campaign {0} ({1}) is {2}: {3}.").format(
            figure(campaign_id), campaign_title(campaign.name), state_name(campaign.status),
            self.tr(", ").join(per_status))]
        errors = read.errors
        if errors:
            lines.append(self.tr("Errors: {0}").format("; ".join(
                self.tr("{0} × {1} (code {2})").format(figure(n), describe(None, code) if code in SERVICE_ERRORS
                                                       else self.tr("other error"), figure(code))
                for code, n in errors.items())))
        if read.channels is not None:
            lines.append(self.channel_line(read.channels))
        self.summary.setText("\n".join(lines))
        self.status.say("")

    def channel_line(self, c: ChannelCounts) -> str:
        """The split by channel of a campaign with an SMS fallback, its SMS's delivery and cost."""
        return self.tr("By Bale: {0} sent, {1} failed. By SMS: {2} sent ({3} delivered, {4} not delivered, {5} not "
                       "known yet), {6} failed, {7} to send; SMS cost {8} rials.").format(
            *(figure(n) for n in (c.bale_sent, c.bale_failed, c.sms_sent, c.delivered, c.undelivered, c.waiting,
                                  c.sms_failed, c.sms_left, c.cost)))

    def problem(self) -> str | None:
        return None if self.campaign_id is not None else self.tr("Send the campaign first.")

    # -- export ---------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_export_clicked(self) -> None:
        path = await save_in_last_folder(self, self.tr("Export results"), f"campaign-{self.campaign_id}-results.xlsx",
                                         self.tr("Excel (*.xlsx);;CSV (*.csv)"), self.context.settings)
        if path is not None:
            await self.export_results(path)

    def _source(self, campaign: Campaign, rows: list[dict[str, Any]]) -> tuple[Sheet | None, str]:
        """The campaign's own sheet for a results copy (the open one when it is the
        same file, else read again), or None and why not."""
        checked = self.draft.checked
        if checked is not None and campaign.source_path and Path(campaign.source_path) == checked.sheet.path:
            return checked.sheet, ""
        try:
            return campaign_source(campaign, rows), ""
        except CampaignInputError as exc:
            return None, describe_failure(exc)

    def column_names(self) -> dict[str, str]:
        """Result column headers in the user's language."""
        english = {"row": self.tr("Row"), "phone_input": self.tr("Phone as typed"), "phone": self.tr("Phone"),
                   "status": self.tr("Status"), "error_code": self.tr("Error code"), "error": self.tr("Details"),
                   "message_id": self.tr("Message id"), "request_id": self.tr("Request id"),
                   "channel": self.tr("Channel"), "delivery": self.tr("SMS delivery")}
        names = dict(english)
        names.update({f"result_{key}": self.tr("Result: {0}").format(value) for key, value in english.items()})
        return names

    async def export_results(self, path: Path) -> bool:
        """Write the campaign's per-row results to ``path`` off the GUI thread: a copy of
        the campaign's sheet with the result columns appended when that sheet can be
        read, statuses and details in the user's language."""
        if self.campaign_id is None:
            self.status.say(self.tr("There are no results to export yet."), error=True)
            return False
        campaign_id, names = self.campaign_id, self.column_names()
        look = SheetLook(self.tr("Results"), self.layoutDirection() == Qt.LayoutDirection.RightToLeft)

        def export(journal: Journal) -> tuple[Sheet | None, str]:
            # Off the GUI thread: a big campaign has many rows, and few distinct words to translate.
            rows = journal.recipients.result_rows(campaign_id)
            status_of, error_of = functools.cache(state_name), functools.cache(describe)
            shown = [{**row, "status": status_of(str(row["status"])) if row["status"] else row["status"],
                      "error": error_of(row["error"], row["error_code"]) or None} for row in rows]
            source, why_not = self._source(journal.campaigns.get(campaign_id), rows)
            write_results(path, shown, source, names, look)
            return source, why_not

        self.export_button.setEnabled(False)
        try:
            source, why_not = await self.stoppable(self.context.store.in_thread(export))
        except ExportError as exc:
            self.status.say(describe_failure(exc), error=True)
            return False
        except WorkStopped:
            self.status.say(self.tr("The export was stopped."))
            return False
        finally:
            self.export_button.setEnabled(True)
        done = self.tr("Results written to {0}").format(ltr(path))
        if source is None:
            done += " " + self.tr("(results only: {0})").format(why_not)
        self.status.say(done)
        return True

    @qasync.asyncSlot()
    async def _on_report_clicked(self) -> None:
        if self.campaign_id is None:
            self.status.say(self.tr("There are no results to export yet."), error=True)
            return
        said = await write_report(self, self.context, self.campaign_id)
        if said:
            self.status.say(said)

    # -- retry ----------------------------------------------------------------------------

    @qasync.asyncSlot()
    async def _on_retry_clicked(self) -> None:
        retry_id = await self.retry_failed()
        if retry_id is not None:
            self.retry_requested.emit(retry_id)

    async def retry_failed(self) -> int | None:
        """Make a follow-up campaign of this one's retryable failures (in a worker thread);
        its id, or None when there is nothing worth retrying (said on the status line)."""
        if self.campaign_id is None:
            return None
        try:
            retry_id = await self.context.store.create_retry_campaign(self.campaign_id, include_unknown=True)
        except ValueError:
            self.status.say(self.tr("No failures worth retrying: every failure here would fail again "
                                    "(no Bale account, an invalid number...)."), error=True)
            return None
        return retry_id

