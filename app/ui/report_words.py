"""A report's words in the interface's language: the Persian translation (context
"Report", and the reasons' sentences) that the window has loaded, or that this loads for
the length of one report (the command line) and takes away again."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, QTranslator

from app.desktop import paths
from app.report import Words


@contextlib.contextmanager
def report_words(persian: bool) -> Iterator[Words]:
    """``with report_words(persian) as words:`` Words for a report in Persian (translated,
    Persian digits, Jalali dates) or English. Where no Persian translation is installed
    (no window, or an English one), it is installed only while inside."""
    if not persian:
        yield Words()
        return
    from app.ui.texts import describe_reason

    app = QCoreApplication.instance() or QCoreApplication([])
    installed: QTranslator | None = None
    if QCoreApplication.translate("Report", "Campaign report") == "Campaign report":
        installed = QTranslator()
        if installed.load(str(paths.resources_dir() / "translations" / "safir_fa.qm")):
            app.installTranslator(installed)
        else:
            installed = None
    try:
        yield Words(lambda text: QCoreApplication.translate("Report", text), persian=True, reason=describe_reason)
    finally:
        if installed is not None:
            app.removeTranslator(installed)
