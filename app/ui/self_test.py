"""``safir-campaign --self-test``: the installed app proves it works on this machine.

Opens the window offscreen on a fresh, throw-away state dir, sends the sample sheet as
a campaign to the embedded sandbox, exports the results as XLSX, reads them back and
checks every row; prints what it checked and which keyring backend it would use.
Exit status 0 when all is well, 1 with a sentence otherwise.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

EXPECTED = {"rows": 20, "sent": 13, "failed": 1}


def run_self_test() -> int:
    """Run the check; returns the exit status (prints one line per step)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="safir-self-test-") as home:
        os.environ["SAFIR_CAMPAIGN_HOME"] = home
        try:
            problem = _run(Path(home))
        except Exception as exc:  # noqa: BLE001 - the self-test reports, never crashes
            problem = f"{type(exc).__name__}: {exc}"
    if problem:
        print(f"self-test FAILED: {problem}", file=sys.stderr)
        return 1
    print("self-test passed")
    return 0


def _run(home: Path) -> str | None:
    import keyring

    from app import __version__
    from app.desktop import paths
    from app.campaign import CampaignStatus
    from app.sandbox import EmbeddedSandbox
    from app.ui.application import apply_language, identify_app, make_context, qt_application
    from app.ui.event_loop import run_on_window_loop
    from app.ui.main_window import MainWindow

    print(f"safir-campaign {__version__}; resources in {paths.resources_dir()}")
    print(f"keyring backend: {type(keyring.get_keyring()).__module__}.{type(keyring.get_keyring()).__name__}")
    sample = paths.resources_dir() / "samples" / "contacts.xlsx"
    if not sample.is_file():
        return f"the sample sheet {sample} is missing from the installation"
    app = qt_application()
    identify_app(app)
    if app.windowIcon().isNull():
        return "the app's icon is missing from the installation"
    with EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files") as sandbox:
        context = make_context(sandbox.url)
        apply_language(app, "en")
        window = MainWindow(context, sandbox.url)
        window.show()
        page = window.campaign
        out = home / "results.xlsx"

        async def scenario() -> str | None:
            if not await page.recipients.open_sheet(sample):
                return f"the sample sheet could not be read: {page.message_line.text()}"
            page.message.text_edit.setPlainText("سلام {{نام}}")
            page.review.rate_spin.setValue(0)
            page.go(2)
            result = await page.send()
            if result is None or result.status != CampaignStatus.FINISHED:
                return f"the demo campaign did not finish: {page.message_line.text()}"
            print(f"campaign sent: {result.counts.sent} sent, {result.counts.failed} failed")
            if not await page.results.export_results(out):
                return f"the results could not be exported: {page.message_line.text()}"
            return None

        try:
            problem = run_on_window_loop(app, scenario())
        finally:
            if window.inbox is not None:
                window.inbox.timer.stop()
            window.close()
            context.journal.close()
    return problem or _check_export(out)


def _check_export(out: Path) -> str | None:
    """What is wrong with the exported results file, or None."""
    import openpyxl

    sheet = openpyxl.load_workbook(out, read_only=True).active
    if sheet is None:
        return f"the export {out} has no sheet"
    table = list(sheet.iter_rows(values_only=True))
    rows, status = table[1:], table[0].index("Result: Status")  # headers in the interface language
    statuses = [row[status] for row in rows]
    found = {"rows": len(rows), "sent": statuses.count("sent"), "failed": statuses.count("failed")}
    if found != EXPECTED:
        return f"the exported results are not what was sent: {found}, expected {EXPECTED}"
    print(f"results exported and read back: {found['rows']} rows, {found['sent']} sent, {found['failed']} failed")
    return None
