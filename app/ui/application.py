"""Application start-up: the QApplication and its names and icon, the interface
language (translations, direction, the Persian font), crash logging, the shared context,
and the qasync loop that runs the main window until it closes."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import traceback
from types import TracebackType

os.environ.setdefault("QT_API", "pyside6")

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtGui import QFont, QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from app import APP_ID, APP_NAME, DISPLAY_NAME, __version__
from app.desktop import paths
from app.campaign import Journal
from app.desktop.profiles import SecretStore
from app.ui.context import DEMO_PROFILE, AppContext, Connection
from app.ui.event_loop import run_on_window_loop
from app.ui.focus_ring import install_focus_ring
from app.ui.settings import UiSettings

log = logging.getLogger(__name__)

RESOURCES = paths.resources_dir()


_translator: QTranslator | None = None
_qt_translator: QTranslator | None = None


def app_icon() -> QIcon:
    """The app's icon in every shipped size (resources/icons, drawn from safir-campaign.svg)."""
    icon = QIcon()
    for file in sorted((RESOURCES / "icons").glob("safir-campaign-*.png")):
        icon.addFile(str(file))
    return icon


def identify_app(app: QApplication) -> None:
    """Names, icon and ids the desktop uses to group and show the app's windows."""
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(DISPLAY_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationDomain(APP_ID.rsplit(".", 1)[0])
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    if sys.platform == "win32":  # taskbar grouping and the pinned icon
        import ctypes

        ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_ID)  # type: ignore[attr-defined]  # Windows only


def apply_language(app: QApplication, code: str) -> None:
    """Load the translation of ``code`` (``en`` or ``fa``), set the layout direction
    and, for Persian, the Vazirmatn font when the system has no Persian font."""
    global _translator, _qt_translator
    for installed in (_translator, _qt_translator):
        if installed is not None:
            app.removeTranslator(installed)
    _translator = _qt_translator = None
    if code == "fa":
        # Qt's own words (file dialogs' "Look in", "Open", context menus) from Qt's catalogue;
        # the app's installed after it, so it is asked first and can fill in or correct Qt's
        # (the Enter key's name: Qt's Persian says "بازگشت", "back").
        qt_words = QTranslator(app)
        if qt_words.load(QLocale(QLocale.Language.Persian, QLocale.Country.Iran), "qtbase", "_",
                         QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt_words)
            _qt_translator = qt_words
        translator = QTranslator(app)
        if translator.load(str(RESOURCES / "translations" / "safir_fa.qm")):
            app.installTranslator(translator)
            _translator = translator
        QLocale.setDefault(QLocale(QLocale.Language.Persian, QLocale.Country.Iran))
        app.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    else:
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        app.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    app.setFont(QFont(_persian_family(), app.font().pointSize()))


def _persian_family() -> str:
    """Vazirmatn (shipped in resources/fonts, OFL) unless the system has it already."""
    if "Vazirmatn" not in QFontDatabase.families():
        for file in sorted((RESOURCES / "fonts").glob("*.ttf")):
            QFontDatabase.addApplicationFont(str(file))
    return "Vazirmatn" if "Vazirmatn" in QFontDatabase.families() else QApplication.font().family()


_open_dialogs: list[QMessageBox] = []


def _install_excepthook() -> None:
    """Log unexpected errors to the state dir and show a plain dialog, never a traceback."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        log.error("unexpected error:\n%s", "".join(traceback.format_exception(kind, error, tb)))
        app = QApplication.instance()
        if app is not None:
            parent = app.property("main_window") or QApplication.activeWindow()
            box = QMessageBox(QMessageBox.Icon.Critical, APP_NAME, QCoreApplication.translate(
                "MainWindow", "Something went wrong and the action stopped. Nothing was sent twice. The details "
                "are in the log file in {0}.").format(paths.log_dir()), parent=parent)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            _open_dialogs.append(box)  # a parentless box with no reference would vanish at once
            box.finished.connect(lambda _=0, b=box: _open_dialogs.remove(b) if b in _open_dialogs else None)
            box.open()

    sys.excepthook = hook

    def loop_hook(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        error = context.get("exception")
        if error is not None:
            hook(type(error), error, error.__traceback__)
        else:
            log.error("event loop: %s", context.get("message"))

    try:
        asyncio.get_event_loop().set_exception_handler(loop_hook)
    except RuntimeError:
        pass


_crash_log = None


def _log_crashes() -> None:
    """A hard crash (a fault in Qt, say) leaves its Python stack in logs/crash.log."""
    global _crash_log
    import faulthandler

    try:
        _crash_log = (paths.log_dir() / "crash.log").open("a", encoding="utf-8")
    except OSError:
        return
    faulthandler.enable(_crash_log)


#: How long (seconds) a thread of the window's process runs Python before it must let
#: another have the interpreter (Python's default: 0.005). A worker thread reading a big
#: campaign's rows otherwise keeps the window's loop from the interpreter for 5 ms at a
#: time, several times in a row: 20-40 ms pauses when a run ends (docs/benchmarks.md).
WINDOW_SWITCH_INTERVAL = 0.001


def tune_window_process() -> None:
    """What the window's process sets for itself before the window opens (run_window;
    benchmarks/ui_stall.py does the same): :data:`WINDOW_SWITCH_INTERVAL`."""
    sys.setswitchinterval(WINDOW_SWITCH_INTERVAL)


def make_context(demo_url: str | None = None, base_url: str | None = None) -> AppContext:
    """The shared context: journal, settings, secrets and the starting connection."""
    from app.sandbox import (
        DEMO_API_KEY,
        DEMO_BOT_ID,
        DEMO_CLIENT_ID,
        DEMO_CLIENT_SECRET,
    )

    settings = UiSettings()
    journal, store_problem = open_window_store(demo=demo_url is not None)
    secrets = SecretStore()
    connection = None
    if demo_url:
        connection = Connection(DEMO_PROFILE, demo_url, DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET,
                                {DEMO_BOT_ID: "فروشگاه نمونه"}, demo=True)
        if not settings.get("templates"):
            settings.set("templates", [
                {"template_id": "welcome", "body": "سلام {{name}}، به {{shop}} خوش آمدید", "category": "service"},
                {"template_id": "sale", "body": "{{name}} عزیز، تخفیف {{percent}} درصدی {{shop}} تا {{date}}",
                 "category": "promotional"},
            ])
    context = AppContext(journal, settings, secrets, connection)
    context.store_problem = store_problem
    context.load_team()  # at start-up: the window's loop does not run yet
    if base_url and not demo_url:
        context.connection.base_url = base_url
    return context


def open_window_store(*, demo: bool) -> tuple[Journal, str | None]:
    """The store the window uses: this desktop's team store (app.jobs.store), or its own
    journal (always, on the built-in sandbox). A team store that cannot be opened leaves
    the window on its own journal, with why (a reason, as stored)."""
    from app.campaign import JournalError
    from app.jobs.store import open_store, store_location

    location = None if demo else store_location()
    if location is not None:
        try:
            return open_store(location), None
        except JournalError as exc:
            log.warning("the team store could not be opened: %s", exc)
            return Journal(paths.journal_path()), exc.reason.stored()
    return Journal(paths.journal_path()), None


def apply_start_at_login(on: bool) -> bool:
    """Add (or write again, for this window's state folder and store) or remove the
    desktop's login entry that runs ``resume-due``; False (logged) when it cannot be changed."""
    from app.desktop import autostart

    try:
        if on:
            autostart.install()
        elif autostart.installed():
            autostart.remove()
    except OSError as exc:
        log.warning("the login entry %s could not be changed: %s", autostart.entry_path(), exc)
        return False
    return True


def qt_application() -> QApplication:
    """The process's QApplication, made on first use (a QCoreApplication is not enough)."""
    existing = QApplication.instance()
    if existing is None:
        return QApplication(sys.argv)
    if not isinstance(existing, QApplication):
        raise RuntimeError("a QCoreApplication exists already; the window needs a QApplication")
    return existing


def run_window(*, demo: bool = False, base_url: str | None = None) -> int:
    """Open the main window and run until it closes. With ``demo``, on a sandbox
    started for this session. Returns the exit status."""
    from app.sandbox import EmbeddedSandbox
    from app.ui.main_window import MainWindow

    app = qt_application()
    identify_app(app)
    install_focus_ring(app)
    _log_crashes()
    tune_window_process()
    sandbox = EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files").start() if demo else None
    context = make_context(sandbox.url if sandbox else None, base_url)
    apply_language(app, context.settings.get("language"))
    asked = context.settings.get("asked_start_at_login")
    if not demo and asked:  # a trial on the built-in sandbox leaves nothing behind at login
        apply_start_at_login(bool(context.settings.get("start_at_login")))
    window = MainWindow(context, sandbox.url if sandbox else None)
    app.setProperty("main_window", window)

    # The loop must outlive the last window: "Pause and quit" waits for the runs to settle.
    app.setQuitOnLastWindowClosed(False)

    async def until_closed() -> None:
        _install_excepthook()
        window.show()
        if not demo and not asked:  # the login entry is written only when the user says so
            asyncio.ensure_future(window.menu.ask_start_at_login())
        # A campaign kept sending after the window closed, or sent from a terminal or another
        # desktop of the team: shown with its progress, Pause and Cancel.
        await window.campaign.show_sent_elsewhere()
        # The window that is current (a language switch replaces it) says when it is done;
        # a window hidden in the system tray is not done.
        while not app.property("main_window").finished:
            await asyncio.sleep(0.2)
        # "Pause and quit": let the runs record what is on its way before the journal closes.
        for _ in range(100):
            if not window.runs.active():
                break
            await asyncio.sleep(0.1)

    try:
        run_on_window_loop(app, until_closed())
    finally:
        context.journal.close()
        if sandbox is not None:
            sandbox.stop()
    return 0
