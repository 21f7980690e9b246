"""Report…: a campaign's report written from the window (Results step and History), in the
interface's language, off the GUI thread."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from app.campaign import JournalError
from app.report import ReportError, campaign_report, save
from app.report.model import unit_price
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.dialogs import save_in_last_folder
from app.ui.report_words import report_words
from app.ui.texts import describe


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
    campaign = context.journal.campaign(campaign_id)
    price = unit_price(campaign, context.templates(), context.prices())
    balances = context.balance_history()

    def make() -> Path:
        report = campaign_report(context.journal, campaign_id, unit_price=price, balances=balances)
        return save(report, path, words)

    try:
        with report_words(persian=context.settings.get("language") == "fa") as words:
            written = await asyncio.to_thread(make)
        context.journal.audit("report", campaign_id, str(written))
    except (ReportError, JournalError) as exc:
        return describe(str(exc))
    return QCoreApplication.translate("ReportAction", "Report written to {0}").format(ltr(written))
