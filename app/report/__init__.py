"""A campaign's report, for the people who pay for it (docs/architecture.md, "Reports"):
:mod:`.model` reads the figures from the journal, :mod:`.words` says them in the reader's
language, :mod:`.pdf` and :mod:`.xlsx` lay them out. No Qt: the window and the CLI both
call :func:`save`."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from app.report.model import CampaignReport, Pause, SummaryReport, campaign_report, summary_report
from app.report.words import TEXTS, Words

__all__ = ["CampaignReport", "Pause", "ReportError", "SummaryReport", "TEXTS", "Words", "campaign_report", "save",
           "summary_report"]

#: What a report can be written as.
SUFFIXES = (".pdf", ".xlsx")


class ReportError(Exception):
    """The report cannot be written there, in one sentence (nothing is left half-written)."""


def save(report: CampaignReport | SummaryReport, path: str | Path, words: Words = Words()) -> Path:
    """Write ``report`` to ``path`` (.pdf or .xlsx, by its suffix), whole or not at all:
    it is written beside it first, then moved into place. Raises ReportError."""
    from app.report.pdf import write_pdf
    from app.report.xlsx import write_xlsx

    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise ReportError(f"cannot write {out.name}: a report is a .pdf or .xlsx file")
    if out.exists() and not out.is_file():  # moving the report into place would replace a pipe or a folder
        raise ReportError(f"cannot write {out}: it is not a regular file (a folder, a pipe or a device?)")
    try:
        handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=".report-", suffix=suffix)
    except OSError as exc:
        raise ReportError(f"cannot write {out}: {exc.strerror or exc}") from None
    os.close(handle)
    try:
        (write_pdf if suffix == ".pdf" else write_xlsx)(report, Path(temporary), words)
        os.replace(temporary, out)
    except OSError as exc:
        raise ReportError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return out
