"""Report…: a campaign's report written from the window (Results step and History), in the
interface's language, off the GUI thread."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from app.campaign import Journal, JournalError
from app.report import ReportError, campaign_report, save
from app.report.model import unit_price
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.dialogs import save_in_last_folder
from app.ui.report_words import report_words
from app.ui.texts import describe_failure


async def write_report(parent: QWidget, context: AppContext, campaign_id: int, path: Path | None = None) -> str:
    """Ask where (unless ``path`` is given), then write the report of ``campaign_id``
    there (PDF or XLSX, by the name); the outcome in a sentence."""
    if path is None:
        chosen = await save_in_last_folder(
            parent, QCoreApplication.translate("ReportAction", "Save the report"), f"report-{campaign_id}.pdf",
            QCoreApplication.translate("ReportAction", "PDF (*.pdf);;Excel workbook (*.xlsx)"), context.settings)
        if chosen is None:
            return ""
        path = chosen
    templates, prices, balances = context.templates(), context.prices(), context.balance_history()

    def make(journal: Journal) -> Path:
        price = unit_price(journal.campaigns.get(campaign_id), templates, prices)
        report = campaign_report(journal, campaign_id, unit_price=price, balances=balances)
        written = save(report, path, words)
        journal.audit_trail.add("report", campaign_id, str(written))
        return written

    try:
        with report_words(persian=context.settings.get("language") == "fa") as words:
            written = await context.store.in_thread(make)
    except (ReportError, JournalError) as exc:
        return describe_failure(exc)
    return QCoreApplication.translate("ReportAction", "Report written to {0}").format(ltr(written))
