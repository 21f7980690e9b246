"""The window as a test drives it: its own qasync loop, a shown main window on a sandbox,
a wait on a condition, a campaign composed through the wizard."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.ui.application import apply_language, make_context
from app.ui.event_loop import WindowLoop
from app.ui.main_window import MainWindow
from tests.helpers import SAMPLES

#: Every test's qasync loop, kept: a closed loop's Qt objects may still be the target of
#: an event a worker thread queued while it closed; deleting them would crash Qt later.
_LOOPS: list[Any] = []


def keep_alive(loop: Any) -> None:
    """Keep ``loop`` (a qasync loop a test made) until the test session ends (see :data:`_LOOPS`)."""
    _LOOPS.append(loop)


def run_in_qt_loop(qapp: Any, scenario: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``scenario`` on the window's loop, as the app does (never a blocking wait inside)."""
    loop = WindowLoop(qapp)
    keep_alive(loop)
    with asyncio.Runner(loop_factory=lambda: loop) as runner:
        result = runner.run(scenario())
    qapp.processEvents()  # what was queued while the loop closed, delivered while its objects live
    return result


@contextlib.contextmanager
def shown_window(qtbot: Any, qapp: QApplication, url: str, language: str = "en") -> Iterator[MainWindow]:
    """The main window on the sandbox at ``url``, shown in ``language``; afterwards its
    inbox (and a replacement window's, after a language switch) stops polling, the
    interface is English again and the journal is closed."""
    context = make_context(url)
    context.settings.set("language", language)
    apply_language(qapp, language)
    main = MainWindow(context, url)
    qtbot.addWidget(main)
    main.show()
    try:
        yield main
    finally:
        for shown in {main, qapp.property("main_window")} - {None}:
            if shown.inbox is not None:
                shown.inbox.timer.stop()
        apply_language(qapp, "en")
        context.journal.close()


async def until(condition: Callable[[], Any], seconds: float = 60.0) -> None:
    """Wait on the running loop until ``condition()`` is true, looking every 20 ms.
    Raises AssertionError after ``seconds``."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


async def compose(window: MainWindow, sheet: str, text: str, rate: int) -> None:
    """Open ``sheet`` (a file of resources/samples), write ``text`` and set ``rate``
    (messages per minute) through the wizard, up to its review step."""
    page = window.campaign
    assert await page.recipients.open_sheet(SAMPLES / sheet)
    page.go(1)
    page.message.text_edit.setPlainText(text)
    page.go(2)
    page.review.rate_spin.setValue(rate)
    assert page.steps.currentIndex() == 2, page.message_line.text()


def answer_next_question(qapp: QApplication, button: QMessageBox.StandardButton) -> list[str]:
    """Press ``button`` on the next question box that opens; the list gets its text and
    its default button's."""
    seen: list[str] = []

    def press() -> None:
        boxes = [w for w in qapp.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            QTimer.singleShot(20, press)
            return
        seen.append(boxes[0].text())
        default = boxes[0].defaultButton()
        seen.append(default.text() if default is not None else "")
        boxes[0].button(button).click()

    QTimer.singleShot(20, press)
    return seen
