"""Saves screenshots of the window to docs/screenshots, offscreen, after a demo campaign.

Run: QT_QPA_PLATFORM=offscreen python docs/make_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SAFIR_CAMPAIGN_HOME", tempfile.mkdtemp(prefix="safir-shots-"))

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from app import paths  # noqa: E402
from app.campaign import Journal  # noqa: E402
from app.sandbox import DEMO_API_KEY, DEMO_BOT_ID, EmbeddedSandbox  # noqa: E402
from app.ui.main_window import Connection, MainWindow  # noqa: E402

OUT = REPO / "docs" / "screenshots"


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    with EmbeddedSandbox() as sandbox:
        window = MainWindow(Connection(sandbox.url, DEMO_API_KEY, DEMO_BOT_ID, demo=True), Journal(paths.journal_path()))
        window.resize(1200, 800)
        window.show()

        async def scenario() -> None:
            await window.open_sheet(REPO / "resources" / "samples" / "contacts.xlsx")
            window.text_edit.setPlainText("سلام {{نام}}، تخفیف ویژه امروز برای مشتریان {{شهر}}!")
            window.grab().save(str(OUT / "main-window-checked.png"))
            window.rate_spin.setValue(600)
            await window.send()
            window.grab().save(str(OUT / "main-window.png"))

        qasync.run(scenario())
    app.quit()


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    main()
