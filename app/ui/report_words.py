"""A report's words in the interface's language: the Persian translation (context
"Report") that the window loaded, or that this loads for the command line."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator

from app.report import Words
from app.ui.application import RESOURCES

_loaded: list[QTranslator] = []


def report_words(persian: bool) -> Words:
    """Words for a report in Persian (translated, Persian digits, Jalali dates) or
    English. Without a running window, the translation is loaded here."""
    if not persian:
        return Words()
    app = QCoreApplication.instance() or QCoreApplication([])
    if QCoreApplication.translate("Report", "Campaign report") == "Campaign report" and not _loaded:
        translator = QTranslator(app)
        if translator.load(str(RESOURCES / "translations" / "safir_fa.qm")):
            app.installTranslator(translator)
            _loaded.append(translator)
    from app.ui.texts import describe

    return Words(lambda text: QCoreApplication.translate("Report", text), persian=True, reason=describe)
