"""The Repeating panel: the repeating campaigns (series), when each runs next and why one
waits; pause, resume or stop one. A series is made on the review step ("Repeat")."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign import Campaign, Journal, JournalError
from app.campaign.approval import Approval
from app.campaign.repeat import Series, SeriesStatus, all_series, change_series, last_runs
from app.campaign.shown import ShownStatus, shown_status
from app.report.words import Words
from app.ui.campaign.repeat_picker import describe_rule
from app.ui.context import AppContext
from app.ui.formatting import figure
from app.ui.journal_calls import run_soon
from app.ui.texts import describe, describe_failure, describe_reason, state_name
from app.ui.widgets import title


#: The series of a journal, and each one's newest run with the status shown for it.
SeriesRead = tuple[list[Series], dict[int, tuple[Campaign, ShownStatus]]]


def read_series(journal: Journal) -> SeriesRead | str:
    """Every series of ``journal`` and its newest run, or why they cannot be read (its
    error's reason, as stored). It reads the journal: in a worker thread."""
    try:
        found = all_series(journal)
        last = {}
        for series_id, campaign_id in last_runs(journal).items():
            campaign = journal.campaigns.get(campaign_id)
            last[series_id] = (campaign, shown_status(journal, campaign))
    except JournalError as exc:
        return exc.reason.stored()
    return found, last


class SeriesPanel(QWidget):
    """Every series of the journal (a team store's: the team's), refreshed when shown."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.table = QTableWidget(0, 6)
        self.table.setHorizontalHeaderLabels([self.tr("Series"), self.tr("Name"), self.tr("When"),
                                              self.tr("Next run (Tehran time)"), self.tr("Status"),
                                              self.tr("Last run")])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName(self.tr("Repeating campaigns"))
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        bar = QHBoxLayout()
        self.buttons = {}
        for status, label in ((SeriesStatus.PAUSED, self.tr("Pause")), (SeriesStatus.ACTIVE, self.tr("Resume")),
                              (SeriesStatus.STOPPED, self.tr("Stop"))):
            button = QPushButton(label)
            button.clicked.connect(lambda _checked=False, s=status: run_soon(self.change(s)))
            bar.addWidget(button)
            self.buttons[status] = button
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Repeating campaigns")))
        layout.addWidget(QLabel(self.tr("Each run reads its sheet again and is sent in the background, also with the "
                                        "window closed. Make one on the review step: Repeat.")))
        layout.addLayout(bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.table, 1)
        self._ids: list[int] = []

    def refresh_soon(self) -> None:
        """Read the series again in a worker thread and show them when read."""
        self.context.store.read_then(read_series, self._show)

    async def refresh(self) -> None:
        """Read the series again in a worker thread and show them."""
        self._show(await self.context.store.in_thread(read_series))

    def _show(self, read: SeriesRead | str) -> None:
        if isinstance(read, str):
            self.notice.setText(describe(read))
            return
        found, last = read
        words = Words(persian=self.context.settings.get("language") == "fa")  # Tehran time, as the rule is
        self._ids = [s.id for s in found]
        self.table.setRowCount(len(found))
        for row, series in enumerate(found):
            status = state_name(series.status)
            if series.note:
                status += " — " + describe_reason(series.note)
            cells = [figure(series.id, grouped=False), series.name, describe_rule(series.rule),
                     words.moment(series.next_run) if series.next_run and series.status is SeriesStatus.ACTIVE
                     else "", status, self._last_run(last.get(series.id))]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))

    def _last_run(self, run: tuple[Campaign, ShownStatus] | None) -> str:
        """The series' newest run: its campaign and how it stands (awaiting approval,
        rejected and why, finished…), or that none has run yet."""
        if run is None:
            return self.tr("none yet")
        campaign, status = run
        shown = state_name(status)
        if campaign.approval == Approval.REJECTED and campaign.approval_note:
            shown += " — " + campaign.approval_note
        return self.tr("campaign {0}: {1}").format(figure(campaign.id, grouped=False), shown)

    async def change(self, status: SeriesStatus) -> str:
        """Pause, resume or stop the chosen series (in a worker thread); the outcome in a
        sentence (shown)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            self.notice.setText(self.tr("Choose a series in the list first."))
            return self.notice.text()
        series_id = self._ids[rows[0].row()]
        try:
            await self.context.store.in_thread(lambda journal: change_series(journal, series_id, status=status))
        except (ValueError, KeyError, JournalError) as exc:
            self.notice.setText(describe_failure(exc))
            return self.notice.text()
        await self.refresh()
        self.notice.setText(self.tr("Series {0}: {1}.").format(figure(series_id, grouped=False), state_name(status)))
        return self.notice.text()

    def showEvent(self, event: Any) -> None:
        self.refresh_soon()
        super().showEvent(event)
