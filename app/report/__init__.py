"""A campaign's report, for the people who pay for it (docs/architecture.md, "Reports"):
:mod:`.model` reads the figures from the journal, :mod:`.words` says them in the reader's
language, :mod:`.pdf` and :mod:`.xlsx` lay them out. No Qt: the window and the CLI both
call :func:`save`."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from app.report.model import CampaignReport, Pause, SummaryReport, campaign_report, summary_report
from app.report.words import TEXTS, Words

__all__ = ["CampaignReport", "Pause", "ReportError", "SummaryReport", "TEXTS", "Words", "campaign_report", "save",
           "summary_report", "writer"]

#: What a report can be written as.
SUFFIXES = (".pdf", ".xlsx")


class ReportError(Exception):
    """The report cannot be written there, in one sentence (nothing is left half-written)."""


def writer(path: str | Path) -> Callable[[CampaignReport | SummaryReport, Path, Words], None]:
    """The function that writes a report as ``path``'s suffix says (.pdf: fpdf2, .xlsx:
    openpyxl, imported here). Raises ReportError for another suffix."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ReportError(f"cannot write {Path(path).name}: a report is a .pdf or .xlsx file")
    if suffix == ".pdf":
        from app.report.pdf import write_pdf

        return write_pdf
    from app.report.xlsx import write_xlsx

    return write_xlsx


def save(report: CampaignReport | SummaryReport, path: str | Path, words: Words = Words()) -> Path:
    """Write ``report`` to ``path`` (.pdf or .xlsx, by its suffix), whole or not at all:
    it is written beside it first, then moved into place. Raises ReportError."""
    out = Path(path)
    write = writer(out)
    if out.exists() and not out.is_file():  # moving the report into place would replace a pipe or a folder
        raise ReportError(f"cannot write {out}: it is not a regular file (a folder, a pipe or a device?)")
    try:
        handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=".report-", suffix=out.suffix.lower())
    except OSError as exc:
        raise ReportError(f"cannot write {out}: {exc.strerror or exc}") from None
    os.close(handle)
    try:
        write(report, Path(temporary), words)
        os.replace(temporary, out)
    except OSError as exc:
        raise ReportError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return out
