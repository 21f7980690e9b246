"""Every sentence the lower layers give a row reaches a Persian user in Persian: each
verdict reason, each service error code, each recipient state, verdict and campaign
status; and phones stay readable inside the right-to-left table."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication

from app.api import ERROR_BY_CODE
from app.campaign import CampaignStatus, RecipientState
from app.contacts.verdicts import Verdict
from app.reasons import (
    CAMPAIGN_NAMES,
    CONTENT_PROBLEMS,
    FILE_PROBLEMS,
    STORE_PROBLEMS,
    PAUSE_REASONS,
    REASONS,
    WAITING,
    Reason,
    pause_reason,
    reason_words,
    row_reason,
)
from app.ui.application import apply_language
from app.ui.models import ResultsModel
from app.ui.texts import SERVICE_ERRORS, describe, describe_reason

PERSIAN = re.compile("[\u0600-\u06ff]")


def latin(text: str) -> str:
    """``text`` with Persian digits as Latin ones (numbers are shown in Persian digits)."""
    return text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
SAMPLE = {"digits": "7", "campaign": "17", "status": "-9", "country": "44", "region": "GB", "row": "5", "detail": "text: the message text is empty",
          "value": "'soon'", "signal": "SIGTERM", "count": "12", "rounds": "3", "url": "https://safir.example", "seconds": "30",
          "answer": "the service rejected the request as invalid input (code 4: unknown template_id)",
          "kind": "RuntimeError", "error": "the account's balance is exhausted: payment required (code 20: x)",
          "kinds": "text, media", "limit": "100", "length": "500", "field": "{{name}}", "placeholder": "{{شهر}}", "start": "2026-11-23T09:00:00+03:30",
          "end": "08:00", "zone": "Asia/Tehran", "file": "مشتریان آبان.xlsx", "folder": "/home/u/.local/share/safir-campaign",
          "path": "/home/u/.local/share/safir-campaign/journal.sqlite3",
          "suffix": "'.pdf'", "sheet": "'Sheet1'", "sheets": "Sheet1, خلاصه", "line": "7", "odd": "UTF-8",
          "most": "Windows-1256", "column": "'mobile'", "columns": "نام, موبایل", "phone": "989121110001",
          "store": "postgresql://team@db.example:5432/safir", "user": "team", "database": "safir", "version": "9",
          "address": "mysql://x/y", "days": "7", "balance": "2", "owner": "safir_owner", "member": "alice",
          "name": "مشتریان.xlsx", "id": "12", "found": "6", "expected": "4", "note": "تخفیف اشتباه است",
          "table": "recipients", "setting": "approval"}


@pytest.fixture
def persian(qapp: QApplication) -> Iterator[QApplication]:
    apply_language(qapp, "fa")
    yield qapp
    apply_language(qapp, "en")


@pytest.mark.parametrize("code", sorted(set(REASONS) - {"message_over_limit", "message_problem"}))  # a code inside
def test_every_verdict_reason_is_shown_in_persian_with_its_numbers(persian: Any, code: str) -> None:
    names = [name for _, name, _, _ in string.Formatter().parse(REASONS[code]) if name]
    params = {name: SAMPLE[name] for name in names}
    stored = row_reason(code, **params)
    assert Reason.from_stored(stored) == Reason.of(code, **params)
    shown = describe(stored)
    assert PERSIAN.search(shown) and shown != reason_words(stored)
    for name, value in params.items():
        if (code, name) != ("foreign", "region"):  # a Latin region code says nothing in Persian: +44 does
            assert value in latin(shown)


def test_a_limit_of_the_services_is_shown_in_persian_with_its_field_and_numbers(persian: Any) -> None:
    stored = row_reason("message_over_limit", field="message_data.message.text", problem="text_too_long",
                        length="5,000", limit="4,096")
    assert reason_words(stored) == ("this row makes an invalid message: message_data.message.text: the text is "
                                    "5,000 characters long; it can be at most 4,096")
    shown = describe(stored)
    assert PERSIAN.search(shown) and not re.search(r"[0-9]|message_data", shown), shown
    assert "۵٬۰۰۰" in shown and "۴٬۰۹۶" in shown


def test_a_rows_value_the_message_cannot_hold_is_shown_in_persian(persian: Any) -> None:
    stored = row_reason("message_over_limit", field="message_data.otp", problem="otp_digits")
    assert reason_words(stored) == ("this row makes an invalid message: message_data.otp: the one-time password must "
                                    "be a number of 3 to 8 digits")
    assert "رمز یک‌بارمصرف باید عددی" in describe(stored)
    stored = row_reason("message_problem", problem="not_a_date", value="'soon'")
    assert reason_words(stored) == ("this row makes an invalid message: 'soon' is not a date (expected a date cell "
                                    "or YYYY-MM-DD)")
    shown = describe(stored)
    assert "'soon'" in shown and "تاریخ نیست" in shown


CATALOGUES = {"content": CONTENT_PROBLEMS, "waiting": WAITING, "file": FILE_PROBLEMS, "name": CAMPAIGN_NAMES,
              "store": STORE_PROBLEMS}


@pytest.mark.parametrize(("catalogue", "code"), [(c, code) for c in CATALOGUES for code in sorted(CATALOGUES[c])])
def test_every_content_file_waiting_and_name_sentence_is_shown_in_persian(persian: Any, catalogue: str,
                                                                         code: str) -> None:
    template = CATALOGUES[catalogue][code]
    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    reason = Reason.of(code, **{name: SAMPLE[name] for name in names})
    english = reason.text()
    assert english == template.format(**{name: SAMPLE[name] for name in names})
    shown = describe_reason(reason)
    assert PERSIAN.search(shown) and shown != english
    assert describe(english) == english  # a sentence is shown as it came, never parsed back
    for name in names:
        if (code, name) == ("file_not_workbook", "detail"):  # a reader library's English, not shown in Persian
            continue
        value = SAMPLE[name][:16].replace("T", " ") if name == "start" else SAMPLE[name]
        assert any(f"{mark}{value}\u2069" in shown for mark in ("\u2066", "\u2068")) or value in latin(shown)


def test_a_full_disk_is_told_in_persian(persian: Any) -> None:
    from app.reasons import file_problem

    shown = describe_reason(file_problem("file_cannot_write", file="/tmp/results.xlsx",
                                         detail="No space left on device"))
    assert "دیسک پر است" in shown and "No space" not in shown and "\u2068/tmp/results.xlsx\u2069" in shown


@pytest.mark.parametrize("code", sorted(PAUSE_REASONS))
def test_every_pause_reason_is_shown_in_persian_with_its_details(persian: Any, code: str) -> None:
    names = [name for _, name, _, _ in string.Formatter().parse(PAUSE_REASONS[code]) if name]
    codes = {"service_code": 20} if "error" in names else {"service_code": 4} if "answer" in names else {}
    shown = describe_reason(pause_reason(code, **{name: SAMPLE[name] for name in names}, **codes))
    assert PERSIAN.search(shown) and "code 20" not in shown and "code 4" not in shown
    for name in set(names) - {"error", "answer"}:  # those are themselves put into Persian
        assert SAMPLE[name] in latin(shown)
    if "url" in names:
        assert f"\u2066{SAMPLE['url']}\u2069" in shown  # the address reads left to right


def test_an_account_pause_quotes_the_cause_in_persian_by_its_code_not_its_words(persian: Any) -> None:
    from app.api.client import _error_from_v3
    from app.campaign.judge import said_by

    refused = _error_from_v3(httpx.Response(401, json={}), {})  # how the client reads a refused key
    assert refused is not None and refused.problem == "key_refused"
    shown = describe_reason(pause_reason("account", error=refused.message, **said_by(refused)))
    assert "کلید دسترسی API پذیرفته نشد" in shown and "refused" not in shown
    # Stored by an older version, without the code: its words as they came, never read back.
    assert refused.message in describe_reason(pause_reason("account", error=refused.message))


@pytest.mark.parametrize("code", sorted(ERROR_BY_CODE))
def test_every_service_error_code_is_shown_in_persian(persian: Any, code: int) -> None:
    assert code in SERVICE_ERRORS
    assert PERSIAN.search(describe(f"English from the service (code {code})", code))


STATES = sorted({*tuple(RecipientState), *(v.value for v in Verdict),
                 *(getattr(CampaignStatus, n) for n in ("READY", "RUNNING", "PAUSED", "FINISHED", "CANCELLED"))})


@pytest.mark.parametrize("state", STATES)
def test_every_state_verdict_and_status_has_a_persian_name(persian: Any, state: str) -> None:
    assert PERSIAN.search(QCoreApplication.translate("ResultsModel", state))


def test_the_persian_results_table_keeps_phones_left_to_right_and_reasons_in_persian(persian: Any) -> None:
    model = ResultsModel()
    model.set_rows([
        {"row": 2, "phone_input": "+98 912 111 0003", "phone": "989121110003", "status": "duplicate",
         "error_code": None, "error": row_reason("duplicate", row=4)},
        {"row": 3, "phone_input": "(0912) 111-0010", "phone": "989121110010", "status": "failed",
         "error_code": 17, "error": "this phone has no Bale account (code 17: user has no account in Bale)"},
    ])
    assert model.data(model.index(0, 1)) == "\u2066+98 912 111 0003\u2069"  # an isolated left-to-right run
    assert model.data(model.index(1, 1)) == "\u2066(0912) 111-0010\u2069"
    assert model.data(model.index(1, 1), Qt.ItemDataRole.UserRole) == "(0912) 111-0010"  # sorting and copying
    assert model.data(model.index(0, 4)) == "همان شمارهٔ ردیف ۴"
    assert model.data(model.index(1, 4)) == "این شماره در بله حساب ندارد"
    assert model.data(model.index(1, 4), 3) == model.data(model.index(1, 4))  # the tooltip says it whole
    assert PERSIAN.search(model.data(model.index(0, 3)))


def test_the_command_line_keeps_english() -> None:
    assert reason_words(row_reason("duplicate", row=4)) == "same number as row 4"
    assert describe("not from the catalogue") == "not from the catalogue"


def test_english_tables_show_phones_as_they_are(qapp: QApplication) -> None:
    apply_language(qapp, "en")
    model = ResultsModel()
    model.set_rows([{"row": 2, "phone_input": "+98 912 111 0003", "phone": "989121110003", "status": "sent"}])
    assert model.data(model.index(0, 1)) == "+98 912 111 0003"


def _ink_columns(image: Any) -> list[int]:
    """Dark pixels per column of ``image``, trimmed to the ink."""
    from PySide6.QtGui import QImage

    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    columns = [sum(1 for y in range(grey.height()) if grey.pixelColor(x, y).value() < 110)
               for x in range(grey.width())]
    while columns and not columns[0]:
        columns.pop(0)
    while columns and not columns[-1]:
        columns.pop()
    return columns


def _difference(a: list[int], b: list[int]) -> int:
    width = max(len(a), len(b))
    return sum((x - y) ** 2 for x, y in zip(a + [0] * (width - len(a)), b + [0] * (width - len(b))))


@pytest.mark.parametrize("isolated", [True, False])
def test_a_phone_in_the_persian_table_is_painted_left_to_right(persian: Any, isolated: bool,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured on the pixels, not on the string: the cell's ink matches the phone drawn
    left to right, not its groups in reverse (what right-to-left layout makes of a bare
    "+98 912 111 0003"). The bare run is the control that shows the check can fail."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    import app.ui.models as models
    from app.ui.tables import results_table

    if not isolated:
        monkeypatch.setattr(models, "ltr", str)
    phone = "+98 912 111 0003"
    model = ResultsModel()
    model.set_rows([{"row": 4, "phone_input": phone, "phone": "989121110003", "status": "sent", "error": None}])
    table, _ = results_table(model, "phones")
    table.resize(700, 150)
    table.resizeColumnsToContents()  # the whole phone shown, nothing elided
    table.show()
    persian.processEvents()
    cell = _ink_columns(table.viewport().grab(table.visualRect(model.index(0, 1)).adjusted(2, 2, -2, -2)).toImage())

    def drawn(text: str) -> list[int]:
        label = QLabel(text)
        label.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        label.setStyleSheet("background: white")
        label.adjustSize()
        label.show()
        persian.processEvents()
        return _ink_columns(label.grab().toImage())

    right, reversed_groups = drawn(phone), drawn("0003 111 912 +98")
    reads_right = _difference(cell, right) < _difference(cell, reversed_groups)
    assert reads_right is isolated


def _ink_span(image: Any, darker_than: int = 110) -> tuple[int, int]:
    """The ink's first and last column in ``image`` (pixels darker than ``darker_than``, 0-255)."""
    from PySide6.QtGui import QImage

    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    inked = [x for x in range(grey.width())
             if any(grey.pixelColor(x, y).value() < darker_than for y in range(grey.height()))]
    assert inked, "nothing drawn"
    return inked[0], inked[-1]


@pytest.mark.parametrize("language", ["fa", "en"])
def test_each_inbox_message_sits_on_the_side_its_text_starts_from(qapp: QApplication, qtbot: Any,
                                                                  sandbox: Any, language: str) -> None:
    """A Persian message against the right edge and a Latin one against the left, as a
    chat shows them, whatever the interface's language (Qt mirrors a plain AlignRight
    in a right-to-left interface)."""
    from app.api import MessageData, SafirClient
    from app.sandbox import DEMO_API_KEY
    from tests.helpers.qt import run_in_qt_loop, shown_window

    with shown_window(qtbot, qapp, sandbox.url, language) as window:
        inbox = window.inbox
        assert inbox is not None
        inbox.timer.stop()
        window.resize(1100, 700)  # the dock as wide as on a laptop's screen

        async def scenario() -> int:
            async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
                for number, text in enumerate(("سلام علی، کد شما ۱۲۳۴ است", "Hello there",
                                               "سلام علی، کد شما ۱۲۳۴ است.", "Hello there.", "Promo for کیان",
                                               "Promo for")):
                    await client.send_message(bot_id=1001, phone_number=f"98912700{number + 1:04d}",
                                              message_data=MessageData.text(text))
            return await inbox.refresh()

        assert run_in_qt_loop(qapp, scenario) == 6
        qapp.processEvents()
        view = inbox.list
        width = view.viewport().width()
        spans, lines, starts = {}, {}, {}
        for row in range(view.count()):
            item = view.item(row)
            rect = view.visualItemRect(item).adjusted(0, 1, 0, -1)
            image = view.viewport().grab(rect).toImage()
            text = item.text().splitlines()[-1].strip("\u200e\u200f")
            spans[text], lines[text] = _ink_span(image), _ink_lines(image)
            starts[text] = _message_start(image, "right" if text.startswith("س") else "left")
    # Who and when, then the message: both drawn (isolates once left only the first, elided).
    assert lines == {"سلام علی، کد شما ۱۲۳۴ است": 2, "Hello there": 2, "سلام علی، کد شما ۱۲۳۴ است.": 2,
                     "Hello there.": 2, "Promo for کیان": 2, "Promo for": 2}
    # A full stop at the message's end, whatever the interface's direction: its start is
    # drawn as without it (found by hand: ".سلام" in English, "Hello there." as ".Hello there" in Persian).
    assert starts["سلام علی، کد شما ۱۲۳۴ است."] == starts["سلام علی، کد شما ۱۲۳۴ است"]
    assert starts["Hello there."] == starts["Hello there"]
    # A message that starts in Latin reads in its own order (found by hand: "کیان Promo for" in Persian).
    assert starts["Promo for کیان"] == starts["Promo for"]
    persian_start, persian_end = spans["سلام علی، کد شما ۱۲۳۴ است"]
    latin_start, latin_end = spans["Hello there"]
    assert persian_end > width - 12 and persian_start > 12, spans  # against the right edge
    assert latin_start < 12 and latin_end < width - 12, spans  # against the left edge


def _message_start(image: Any, side: str) -> list[tuple[int, ...]]:
    """The ink of the message line's first 4 columns at ``side`` ("right" or "left"):
    for each, the rows inked, counted from the line's top."""
    from PySide6.QtGui import QImage

    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    inked = [y for y in range(grey.height()) if any(grey.pixelColor(x, y).value() < 110 for x in range(grey.width()))]
    top = max(y for n, y in enumerate(inked) if n == 0 or y - inked[n - 1] > 2)  # the last line's first row
    rows = [y for y in inked if y >= top]
    columns = [x for x in range(grey.width()) if any(grey.pixelColor(x, y).value() < 110 for y in rows)]
    edge = columns[-4:][::-1] if side == "right" else columns[:4]
    return [tuple(y - top for y in rows if grey.pixelColor(x, y).value() < 110) for x in edge]


def _ink_lines(image: Any) -> int:
    """How many lines of text ``image`` holds: bands of rows with dark ink, apart."""
    inked = [y for y in range(image.height())
             if any(image.pixelColor(x, y).lightness() < 100 for x in range(image.width()))]
    return sum(1 for n, y in enumerate(inked) if n == 0 or y - inked[n - 1] > 2)


def _columns_of(image: Any, colour: str) -> list[int]:
    """The columns of ``image`` holding a pixel near ``colour`` (a legend word's ink)."""
    from PySide6.QtGui import QColor

    wanted = QColor(colour)
    return [x for x in range(image.width())
            if any(abs(image.pixelColor(x, y).red() - wanted.red()) + abs(image.pixelColor(x, y).green() - wanted.green())
                   + abs(image.pixelColor(x, y).blue() - wanted.blue()) < 90 for y in range(image.height()))]


@pytest.mark.parametrize("language", ["fa", "en"])
def test_the_rate_charts_words_neither_touch_nor_lose_a_digit(qapp: QApplication, language: str) -> None:
    """The legend's two words stand apart and the highest count's figure is whole, in
    both languages (Persian words are wider; a plain alignment is mirrored there)."""
    from PySide6.QtCore import QRect

    from app.ui.campaign.rate_chart import RateChart
    from app.ui.formatting import figure

    apply_language(qapp, language)
    try:
        chart = RateChart()
        chart.resize(500, 160)
        for second in range(60):
            chart.add(float(second), second * 400, second)  # up to 23,600 sent: a wide figure
        chart.show()
        qapp.processEvents()
        image = chart.grab().toImage()
        needed = chart.fontMetrics().horizontalAdvance(figure(23_600))
    finally:
        apply_language(qapp, "en")
    legend = image.copy(QRect(0, 6, 300, 20))  # the legend's line, above where the lines rise
    sent, failed = _columns_of(legend, "#2e7d32"), _columns_of(legend, "#c62828")
    assert sent and failed
    gap = max(failed[0] - sent[-1], sent[0] - failed[-1])
    assert gap >= 8, (sent[0], sent[-1], failed[0], failed[-1])
    axis = next(x for x in range(image.width()) if image.pixelColor(x, 40).value() < 235)  # the plot's left edge
    first, last = _ink_span(image.copy(QRect(0, 0, axis - 1, 16)), darker_than=235)  # the grey figure beside it
    assert first >= 2 and last - first >= needed - 3, (first, last, needed)  # all of "23,600" ("۲۳٬۶۰۰"), none cut


def test_the_file_dialogs_words_are_persian(persian: Any) -> None:
    """Qt's own catalogue (qtbase_fa) lacks two of the file dialog's labels; ours has them."""
    from PySide6.QtWidgets import QFileDialog, QLabel

    dialog = QFileDialog()
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    try:
        labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
    finally:
        dialog.deleteLater()
    assert set(labels) >= {"lookInLabel", "fileNameLabel", "fileTypeLabel"}
    assert not any(re.search("[A-Za-z]", text) for text in labels.values()), labels


def test_no_table_of_the_window_shows_latin_row_numbers(qapp: QApplication, qtbot: Any, sandbox: Any) -> None:
    """A table's row numbers are drawn in Latin digits whatever the language: none shows them."""
    from PySide6.QtWidgets import QTableView

    from tests.helpers.qt import shown_window

    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        numbered = [table.accessibleName() or table.objectName() for table in window.findChildren(QTableView)
                    if not table.verticalHeader().isHidden()]
    assert numbered == []


@pytest.mark.parametrize(("code", "params"), [
    ("capped", {"count": "2", "days": "7"}),
    ("repeat", {"campaign": "1234"}),
])
def test_every_figure_of_a_reason_is_in_persian_digits(persian: Any, code: str, params: dict[str, str]) -> None:
    shown = describe(row_reason(code, **params))
    assert not re.search(r"[0-9]", shown), shown  # "در 7 روز" was left in Latin digits
    assert "۱۲۳۴" in shown or "۷" in shown  # an id is never grouped: not "۱٬۲۳۴"


def test_the_file_dialog_draws_paths_and_sizes_left_to_right_and_names_a_folder_in_persian(
        persian: Any, tmp_path: Path) -> None:
    """Qt's own file dialog in a right-to-left interface drew "/tmp/a" as "tmp/a/" and
    "5 KiB" as "KiB 5": the path's first character is drawn at the combo's left now."""
    import asyncio

    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QComboBox, QFileDialog, QTreeView

    from app.ui.dialogs import open_file

    assert QCoreApplication.translate("QAbstractFileIconProvider", "Folder") == "پوشه"
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        chosen = open_file(None, "x", str(tmp_path))  # type: ignore[arg-type]
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QFileDialog) and w.isVisible())
        combo = dialog.findChild(QComboBox, "lookInCombo")
        tree = dialog.findChild(QTreeView, "treeView")
        assert combo is not None and tree is not None and combo.currentText() == str(tmp_path)
        assert tree.layoutDirection() == Qt.LayoutDirection.LeftToRight
        combo.resize(600, combo.height())
        drawn = combo.grab().toImage()
        QApplication.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # as an English interface draws it
        try:
            expected = combo.grab().toImage()
        finally:
            QApplication.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
        assert drawn == expected
        dialog.reject()
        assert loop.run_until_complete(chosen) == ""
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_a_failure_is_worded_by_its_codes_and_other_words_are_kept_as_they_came(persian: Any) -> None:
    from app.api import ConnectFailed
    from app.contacts import SheetError
    from app.reasons import file_problem
    from app.ui.texts import describe_failure

    assert describe_failure(ValueError("words of a bug")) == "words of a bug"
    unreachable = describe_failure(ConnectFailed("could not connect to https://safir.example: ConnectError"))
    assert PERSIAN.search(unreachable) and "connect" not in unreachable
    missing = describe_failure(SheetError(file_problem("file_not_found", file="a.csv")))
    assert PERSIAN.search(missing) and "\u2068a.csv\u2069" in missing


def test_the_shortcuts_box_names_the_keys_as_the_persian_menus_do(persian: Any) -> None:
    """Found by hand: the menus said «کنترل+N» and the box "Ctrl+N"."""
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QWidget

    from app.ui.help_boxes import shortcuts_box

    parent = QWidget()
    parent.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    box = shortcuts_box(parent, ["کارزار"])
    text = box.text().replace("\u2066", "").replace("\u2069", "")
    box.close()
    menu_words = QKeySequence("Ctrl+N").toString(QKeySequence.SequenceFormat.NativeText)
    assert PERSIAN.search(menu_words) and f"<b>{menu_words}</b>" in text and "Ctrl" not in text
    # Found by hand: Qt's own Persian named Return "بازگشت" (back) and Enter "ورود" (login),
    # and a Latin comma stood between a step's two keys.
    assert "بازگشت" not in text and "ورود" not in text
    assert "<b>اینتر، " in text and "کنترل+اینتر" in text and ", " not in text


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_window_title_names_the_app_once_in_the_language_shown(qapp: QApplication, qtbot: Any, sandbox: Any,
                                                                    language: str) -> None:
    """X11, Wayland and Windows append the application's display name to a window title
    that does not end with it (QPlatformWindow::formatWindowTitle)."""
    from tests.helpers.qt import shown_window

    with shown_window(qtbot, qapp, sandbox.url, language) as window:
        title, name = window.windowTitle(), QApplication.applicationDisplayName()
    assert name == {"en": "Safir campaign", "fa": "کارزار سفیر"}[language]
    assert title.endswith(name) and title.count(name) == 1, title


def test_the_file_dialogs_patterns_read_left_to_right_and_still_choose_the_files(persian: Any, qtbot: Any,
                                                                                 tmp_path: Path) -> None:
    """A right-to-left interface drew "(*.csv *.ods)" as "(csv *.ods.*)"; Qt reads a filter's
    patterns only when it ends in ")"."""
    from PySide6.QtWidgets import QFileDialog, QListView

    from app.ui.dialogs import patterns_left_to_right

    filters = patterns_left_to_right("صفحه‌گسترده‌ها (*.csv *.ods);;همهٔ پرونده‌ها (*)")
    assert filters == "صفحه‌گسترده‌ها \u2066(*.csv *.ods);;همهٔ پرونده‌ها \u2066(*)"
    (tmp_path / "a.csv").write_text("x")
    (tmp_path / "b.png").write_bytes(b"x")
    dialog = QFileDialog(None, "t", str(tmp_path), filters)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    view = dialog.findChild(QListView, "listView")
    assert view is not None

    def shown() -> set[str]:
        model, root = view.model(), view.rootIndex()
        return {model.index(i, 0, root).data() for i in range(model.rowCount(root))
                if model.flags(model.index(i, 0, root)) & Qt.ItemFlag.ItemIsEnabled}

    qtbot.waitUntil(lambda: "a.csv" in shown())
    assert shown() == {"a.csv"}
    dialog.selectNameFilter(filters.split(";;")[1])
    qtbot.waitUntil(lambda: shown() == {"a.csv", "b.png"})


def test_a_field_of_figures_alone_shows_them_at_its_start_in_persian(qapp: QApplication, qtbot: Any,
                                                                     sandbox: Any) -> None:
    """Persian digits with no letter read as a left-to-right run: the in-flight field drew "۸"
    at its left while "۱۲۰ در دقیقه" sat at the rate field's right."""
    from tests.helpers.qt import shown_window

    with shown_window(qtbot, qapp, sandbox.url, "fa") as window:
        review = window.campaign.review
        window.campaign.go(2)
        qapp.processEvents()
        fields = {"rate": review.rate_spin, "in flight": review.in_flight_spin}
        edges = {}
        for name, field in fields.items():
            edit = field.lineEdit()
            image = edit.grab().toImage()
            edges[name] = (_ink_span(image)[1], image.width())
    assert all(last > width * 0.8 for last, width in edges.values()), edges


def test_a_sheets_columns_are_listed_with_the_persian_comma_each_in_its_own_direction(persian: Any,
                                                                                     tmp_path: Path) -> None:
    """A list of a sheet's columns in a reason: English joins it with a comma; the Persian
    window with the Persian comma, each name isolated in its own direction."""
    from app.contacts.sheets import SheetError, read_sheet, resolve_phone_column
    from app.reasons import LIST_SEPARATOR

    sheet = tmp_path / "مشتریان.csv"
    sheet.write_text("نام,city,توضیح\nعلی,Tehran,x\n", encoding="utf-8")
    with pytest.raises(SheetError) as raised:
        resolve_phone_column(read_sheet(sheet), None)
    reason = raised.value.reason
    assert "columns: نام, city, توضیح" in reason.text()
    shown = describe_reason(reason)
    assert "\u2068نام\u2069، \u2068city\u2069، \u2068توضیح\u2069" in shown and LIST_SEPARATOR not in shown
    assert ", " not in shown
    stored = Reason.from_stored(reason.stored())  # as the journal or a follower reads it back
    assert stored == reason and describe_reason(stored) == shown


def test_the_apps_own_profile_names_are_persian_and_a_named_profile_stays_as_named(persian: Any) -> None:
    """The status bar's profile: the built-in sandbox and the service used while no
    profile is saved in Persian; a profile someone named "production" keeps its name."""
    from types import SimpleNamespace

    from app.ui.context import DEFAULT_PROFILE, DEMO_PROFILE
    from app.ui.main_window import profile_title

    def context(name: str, saved: list[str]) -> Any:
        return SimpleNamespace(connection=SimpleNamespace(name=name),
                               profiles=lambda: [SimpleNamespace(name=n) for n in saved])

    assert profile_title(context(DEFAULT_PROFILE, [])) == "سرویس اصلی"
    assert profile_title(context(DEMO_PROFILE, [])) == "محیط آزمایشی (نمایشی)"
    assert DEFAULT_PROFILE in profile_title(context(DEFAULT_PROFILE, [DEFAULT_PROFILE]))
    assert "office" in profile_title(context("office", ["office"]))
