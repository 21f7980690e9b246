"""Saves screenshots of every panel, in English and in Persian, to docs/screenshots,
offscreen, around a demo campaign on a built-in sandbox.

Run: python docs/make_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SAFIR_CAMPAIGN_HOME"] = tempfile.mkdtemp(prefix="safir-shots-")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import asyncio  # noqa: E402

import httpx  # noqa: E402
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.sandbox import EmbeddedSandbox  # noqa: E402
from app.ui.application import apply_language, make_context  # noqa: E402
from app.ui.main_window import MainWindow  # noqa: E402

OUT = REPO / "docs" / "screenshots"
SAMPLE = REPO / "resources" / "samples" / "contacts.xlsx"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    with EmbeddedSandbox() as sandbox:
        context = make_context(sandbox.url)
        for language in ("en", "fa"):
            context.settings.set("language", language)
            apply_language(app, language)
            window = MainWindow(context, sandbox.url)
            window.resize(1366, 740)  # what a 1366×768 laptop leaves for the window
            window.show()

            async def shot(name: str) -> None:
                # Let the loop deliver what is queued (never processEvents() inside a task: it
                # would run other tasks' steps inside this one).
                await asyncio.sleep(0.15)
                window.grab().save(str(OUT / f"{name}-{language}.png"))

            async def scenario() -> None:
                page = window.campaign
                await page.recipients.open_sheet(SAMPLE)
                await shot("1-recipients")
                page.go(1)
                # A different message per pass: the same one twice would (rightly) ask "send again?"
                offer = "تخفیف ویژه امروز" if language == "en" else "تخفیف ویژهٔ آخر هفته"
                page.message.text_edit.setPlainText(f"سلام {{{{نام}}}}، {offer} برای مشتریان {{{{شهر}}}}!")
                page.message.kind_combo.setCurrentIndex(3)  # buttons
                editor = page.message.button_editor
                editor.set_rows(())
                editor.add_button(0, "خرید", "url", "https://example.com/shop")
                editor.add_button(0, "کد تخفیف", "copy_text", "OFF-{{نام}}")
                editor.add_button(1, "", "web_app", "")  # an incomplete button, marked
                await shot("2-message-buttons")
                editor.set_rows(editor.rows()[:1])
                page.message.kind_combo.setCurrentIndex(4)  # template
                page.message.template_mapper.combos["name"].setCurrentText("{{نام}}")
                page.message.template_mapper.combos["shop"].setCurrentText("فروشگاه نمونه")
                await shot("2-message-template")
                page.message.kind_combo.setCurrentIndex(3)
                page.go(2)
                page.review.rate_spin.setValue(600)
                page.review.quiet_check.setChecked(True)  # the pickers, as a user sets them
                await shot("3-review")
                page.review.quiet_check.setChecked(False)
                page.go(3)
                sending = asyncio.ensure_future(page.send())
                while page.campaign_id is None or context.journal.recipients.counts(page.campaign_id).sent < 4:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                await shot("4-send")
                await sending
                page.go(4)
                await shot("5-results")
                window.quick.phone_edit.setText("0912 111 0001")
                window.quick.text_edit.setPlainText("سفارش شما ارسال شد.")
                await window.quick.send()
                window.nav.setCurrentRow(1)
                await shot("6-quick-send")
                window.balance.phone_edit.setText("09121110099")
                await window.balance.check_now()
                window.nav.setCurrentRow(2)
                await shot("7-balance")
                window.nav.setCurrentRow(3)
                await shot("8-history")
                window.nav.setCurrentRow(window.pages.indexOf(window.series))
                await shot("12-repeating")
                window.suppression.numbers_edit.setPlainText("0912 111 0003\n+98 935 222 0011, 0912")
                await window.suppression.add_typed()  # one cut short: named with why
                window.nav.setCurrentRow(window.pages.indexOf(window.suppression))
                await window.suppression.refresh()
                await shot("13-suppression")
                for phone, text in (("09121110004", "لغو ۱۱"), ("09352220012", "ممنون، کد تخفیف را گرفتم")):
                    httpx.post(f"{sandbox.url}/sandbox/sms/replies", json={"phone": phone, "text": text})
                window.nav.setCurrentRow(window.pages.indexOf(window.replies))
                await window.replies.read()
                await shot("14-sms-replies")
                window.nav.setCurrentRow(window.pages.indexOf(window.templates))
                await shot("9-templates")
                window.nav.setCurrentRow(window.pages.indexOf(window.profiles))
                await shot("10-profiles")
                if window.inbox is not None:
                    await window.inbox.refresh()
                    window.nav.setCurrentRow(0)
                    await shot("11-inbox")

            qasync.run(scenario())
            if window.inbox is not None:
                window.inbox.timer.stop()
            window.close()
    app.quit()


if __name__ == "__main__":
    main()
