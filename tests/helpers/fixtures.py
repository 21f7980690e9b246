"""Fixtures more than one test module uses, loaded by tests/conftest.py as a plugin."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from app.ui.context import Connection
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.ui.main_window import MainWindow
from tests.helpers import fast_settings
from tests.helpers.qt import shown_window


@pytest.fixture
def httpx_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    """respx checks exact wire shapes by standing in for httpx's own transport."""
    monkeypatch.setenv("SAFIR_HTTP_TRANSPORT", "httpx")


@pytest.fixture
def slow_sandbox() -> Iterator[EmbeddedSandbox]:
    """A sandbox that answers after 30 ms, so a campaign takes long enough to stop."""
    with EmbeddedSandbox(fast_settings(latency_ms=30)) as running:
        yield running


@pytest.fixture
def window_sandbox(sandbox: EmbeddedSandbox) -> EmbeddedSandbox:
    """The sandbox :func:`window` is shown on (a module overrides this fixture for another)."""
    return sandbox


@pytest.fixture
def window(qtbot: Any, qapp: QApplication, window_sandbox: EmbeddedSandbox) -> Iterator[MainWindow]:
    """The main window on :func:`window_sandbox`, in English. As the app does, the Qt
    application does not quit when its last window closes: the loop ends when the
    campaigns sent have settled."""
    qapp.setQuitOnLastWindowClosed(False)
    try:
        with shown_window(qtbot, qapp, window_sandbox.url) as main:
            yield main
    finally:
        qapp.setQuitOnLastWindowClosed(True)


@pytest.fixture
def office(qtbot: Any, qapp: QApplication, slow_sandbox: EmbeddedSandbox) -> Iterator[MainWindow]:
    """The window on a real (not built-in) service: the sandbox outlives the window."""
    qapp.setQuitOnLastWindowClosed(False)
    try:
        with shown_window(qtbot, qapp, slow_sandbox.url) as main:
            main.context.connection = Connection("office", slow_sandbox.url, DEMO_API_KEY, bots={1001: "shop"})
            main.campaign.refresh_connection()
            yield main
    finally:
        qapp.setQuitOnLastWindowClosed(True)
