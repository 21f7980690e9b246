"""The history panel: past campaigns, their results, resume and countdowns."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import qasync
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.campaign import Campaign, CampaignStatus, Journal
from app.campaign.journal.team import TeamJournal
from app.campaign.journal.records import Counts
from app.campaign.schedule import seconds_until
from app.campaign.shown import ShownStatus, shown_status
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.formatting import figure, tehran_time
from app.ui.models import HistoryModel
from app.ui.panels.approval import ApprovalBar
from app.ui.report_action import write_report
from app.ui.texts import campaign_title, state_name
from app.ui.widgets import title

#: How often History reads a team store's campaigns again while it is shown (milliseconds).
TEAM_REFRESH_MS = 2000


def read_history(journal: Journal) -> list[tuple[Campaign, Counts, ShownStatus]]:
    """Every campaign of ``journal`` with its counts and the status shown for it (it
    reads the journal: in a worker thread)."""
    now = datetime.now(timezone.utc)
    return [(campaign, journal.recipients.counts(campaign.id), shown_status(journal, campaign, now))
            for campaign in journal.campaigns.all()]


class HistoryPanel(QWidget):
    """Past campaigns from the journal: open their results, resume paused ones, retry
    failures."""

    open_results = Signal(int)
    resume_campaign = Signal(int)
    send_step_of = Signal(int)  # show a campaign's Send step without sending it

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        language = context.settings.get("language")
        self.model = HistoryModel(self, format_time=lambda iso: tehran_time(iso, language))
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName(self.tr("Past campaigns"))
        self.table.activated.connect(lambda index: self._open(index.row()))  # Enter, or a double click
        self.open_button = QPushButton(self.tr("Open results"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.report_button = QPushButton(self.tr("Report…"))
        self.report_button.clicked.connect(self._on_report_clicked)
        self.open_button.clicked.connect(lambda: self._open(self._row()))
        self.resume_button.clicked.connect(self._resume)
        self.refresh_button.clicked.connect(self.refresh_soon)
        bar = QHBoxLayout()
        for b in (self.open_button, self.resume_button, self.report_button, self.refresh_button):
            bar.addWidget(b)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("History")))
        layout.addLayout(bar)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        layout.addWidget(self.notice)
        self.approval = ApprovalBar(context, lambda: self.model.campaign_id(self._row()), self.notice.setText,
                                    self.refresh_soon)
        layout.addWidget(self.approval)
        layout.addWidget(self.table, 1)
        # Scheduled campaigns count down while History is shown; a team store's campaigns,
        # sent from other desktops too, are read again every TEAM_REFRESH_MS.
        self._reads = 0  # reads of the campaigns started: only the latest is shown
        self.countdown_timer = QTimer(self)
        self.countdown_timer.setInterval(TEAM_REFRESH_MS if isinstance(context.journal, TeamJournal) else 30_000)
        self.countdown_timer.timeout.connect(self.refresh_soon)
        self.refresh_soon()

    def refresh_soon(self) -> None:
        """Read the campaigns again in a worker thread and show them when read (a timer,
        a button, a campaign changed); a read that ends after a later one is not shown."""
        self._reads += 1
        this = self._reads
        self.context.store.read_then(read_history, lambda read: self._show(read) if this == self._reads else None)

    async def refresh(self) -> None:
        """Read the campaigns and whether they need approval again in a worker thread, and
        show them."""
        self._reads += 1
        this = self._reads
        read = await self.context.store.in_thread(read_history)
        if this == self._reads:
            self._show(read)
        await self.approval.read()

    def _show(self, read: list[tuple[Campaign, Counts, ShownStatus]]) -> None:
        rows = []
        now = datetime.now(timezone.utc)
        for campaign, c, status in read:
            rows.append({"id": campaign.id, "created": campaign.created_at, "name": campaign_title(campaign.name),
                         # user@machine: names of the user's own, left to right inside Persian text
                         "owner": ltr(f"{campaign.created_by}@{campaign.created_on}") if campaign.created_by else "",
                         "kind": campaign.kind, "status": str(status),
                         "status_note": self._rejection(campaign) if status == ShownStatus.REJECTED else None,
                         "sent": c.sent,
                         "failed": c.failed,
                         "unknown": c.unknown,  # the answer lost: resent under the same request_id
                         # a cancelled campaign's never-sent rows: counted, and said to be not sent
                         "left": c.not_sent, "left_note": state_name("not_sent")
                         if campaign.status == CampaignStatus.CANCELLED and c.not_sent else None,
                         "starts": self.countdown(campaign.start_at, campaign.status, now)})
        chosen = self.model.campaign_id(self._row())
        self.model.set_rows(rows)
        # The refresh (every 2 s on a team store) keeps the campaign chosen; none chosen yet,
        # the newest is, so Resume, Report or Enter act on it rather than ask for a choice.
        again = next((r for r in range(self.model.rowCount()) if self.model.campaign_id(r) == chosen), None)
        if again is not None or self.model.rowCount():
            self.table.selectRow(0 if again is None else again)

    def _rejection(self, campaign: Campaign) -> str:
        """Who rejected ``campaign`` and why, as its maker reads it in the status column."""
        return self.tr("by {0}: {1}").format(ltr(campaign.approved_by or "?"), campaign.approval_note or "")

    def countdown(self, start_at: str | None, status: str, now: datetime) -> str:
        """"in 2 h 5 min" for a campaign scheduled later that has not ended, else ""."""
        if status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
            return ""
        seconds = seconds_until(start_at, now)
        if seconds <= 0:
            return ""
        hours, minutes = int(seconds // 3600), int(seconds % 3600 // 60) + (1 if seconds % 60 else 0)
        if minutes == 60:
            hours, minutes = hours + 1, 0
        if hours:
            return self.tr("in {0} h {1} min").format(figure(hours), figure(minutes))
        return self.tr("in {0} min").format(figure(max(1, minutes)))

    def showEvent(self, event: Any) -> None:
        self.approval.refresh()
        self.countdown_timer.start()
        super().showEvent(event)

    def hideEvent(self, event: Any) -> None:
        self.countdown_timer.stop()
        super().hideEvent(event)

    @qasync.asyncSlot()
    async def _on_report_clicked(self) -> None:
        campaign_id = self.model.campaign_id(self._row())
        if campaign_id is None:
            self.notice.setText(self.tr("Choose a campaign in the list first."))
            return
        said = await write_report(self, self.context, campaign_id)
        if said:
            self.notice.setText(said)

    def _row(self) -> int:
        selected = self.table.selectionModel().selectedRows()
        return selected[0].row() if selected else -1

    def _open(self, row: int) -> None:
        campaign_id = self.model.campaign_id(row)
        if campaign_id is not None:
            self.open_results.emit(campaign_id)

    def _resume(self) -> None:
        row = self._row()
        campaign_id = self.model.campaign_id(row)
        if campaign_id is None:
            self.notice.setText(self.tr("Choose a campaign in the list first."))
            return
        status = self.model.status(row)
        if status == CampaignStatus.CANCELLED:
            self.notice.setText(self.tr("Campaign {0} was cancelled, so it cannot be resumed. The recipients it "
                                        "never reached can be sent as a new campaign: “Send the rest as a new "
                                        "campaign” on its Send step.").format(figure(campaign_id, grouped=False)))
            self.send_step_of.emit(campaign_id)
        elif status == CampaignStatus.FINISHED:
            self.notice.setText(self.tr("Campaign {0} is finished: every recipient has an outcome.").format(
                figure(campaign_id, grouped=False)))
        else:
            self.notice.setText("")
            self.resume_campaign.emit(campaign_id)
