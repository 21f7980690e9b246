"""Step 3: who gets the message, what it costs and how long it takes; the bot, the
rate, the start time and quiet hours; a test send to one's own phone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import qasync
from PySide6.QtCore import QCalendar, QDateTime, QLocale, Qt, QTime, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app.campaign import QuietHours
from app.ui.bidi import figures_at_the_start, ltr
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.repeat_picker import RepeatPicker
from app.ui.campaign.review_looks import ReviewLooks
from app.ui.campaign.review_text import ReviewFacts, ReviewText
from app.ui.campaign.sms_choice import SmsChoice
from app.ui.context import AppContext
from app.ui.texts import single_send_sentence
from app.ui.time_edits import iranian_weekend, reading_order_format
from app.ui.widgets import CountsRow, StatusLine, bot_id_of, fill_bots
from app.jobs.creating import RepeatedCampaign
from app.jobs.estimate import estimate
from app.jobs.single_send import SingleOutcome, send_one

TEHRAN = ZoneInfo("Asia/Tehran")


class ReviewStep(QWidget):
    """Writes the bot, rate, in-flight limit, start time and quiet hours into the draft
    and shows the estimate (:func:`app.jobs.estimate.estimate`)."""

    changed = Signal()

    def __init__(self, context: AppContext, draft: CampaignDraft, category: Callable[[], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.draft = draft
        self.category = category  # the message's price category, from the message step
        #: The preview row's values (column → text), from the message step; a test send uses them.
        self.preview_fields: Callable[[], dict[str, str]] = dict
        #: What this sheet's rows meet at Start (found off the GUI thread).
        self.looks = ReviewLooks(context, draft, self.update_review)
        form = QFormLayout()
        self._build_pace()
        form.addRow(self.tr("Bot:"), self.bot_combo)
        form.addRow(self.tr("Rate:"), self.rate_spin)
        form.addRow(self.tr("At the same time:"), self.in_flight_spin)
        form.addRow(self.tr("Start:"), self._build_start())
        form.addRow(self.tr("Quiet hours:"), self._build_quiet_hours())
        self.repeat_picker = RepeatPicker(jalali=context.settings.get("language") == "fa")
        self.repeat_picker.changed.connect(self._changed)
        self.sms_choice = SmsChoice()
        self.sms_choice.setChecked(draft.sms_fallback)
        self.sms_choice.toggled.connect(self._changed)
        form.addRow(self.tr("Repeat:"), self.repeat_picker)
        form.addRow(self.tr("SMS:"), self.sms_choice)
        self._load_quiet_hours(draft.quiet_hours)
        self.counts = CountsRow(with_cost=True)
        self.review_label = QLabel()
        self.text = ReviewText(self)
        self.review_label.setWordWrap(True)
        self.review_label.setTextFormat(Qt.TextFormat.RichText)
        self.status = StatusLine()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.counts)
        layout.addWidget(self.review_label)
        layout.addLayout(self._build_test_send())
        layout.addStretch(1)
        layout.addWidget(self.status)
        self._load_start(draft.start_at)  # a rebuilt window keeps a chosen start
        self.refresh_connection()

    def _build_pace(self) -> None:
        """The bot, the rate and the in-flight limit."""
        self.bot_combo = QComboBox()
        self.bot_combo.setEditable(True)
        self.bot_combo.setAccessibleName(self.tr("Sending bot"))
        self.bot_combo.currentTextChanged.connect(self._changed)
        self.rate_spin = QSpinBox()
        self.rate_spin.setRange(0, 100_000)
        self.rate_spin.setValue(int(self.draft.rate_per_minute))
        self.rate_spin.setSuffix(self.tr(" per minute"))
        self.rate_spin.setSpecialValueText(self.tr("as fast as allowed"))
        self.rate_spin.setAccessibleName(self.tr("Rate in messages per minute"))
        self.rate_spin.valueChanged.connect(self._changed)
        self.in_flight_spin = QSpinBox()
        self.in_flight_spin.setRange(1, 64)
        self.in_flight_spin.setValue(int(self.draft.in_flight))
        self.in_flight_spin.setAccessibleName(self.tr("Messages sent at the same time, at most"))
        self.in_flight_spin.setToolTip(self.tr("How many messages may be on their way at once; 8 suits most "
                                               "connections."))
        self.in_flight_spin.valueChanged.connect(self._changed)
        figures_at_the_start(self.in_flight_spin)


    def _build_start(self) -> QHBoxLayout:
        """Start now, or at a chosen time (Tehran time; the Jalali calendar in Persian)."""
        start = QHBoxLayout()
        self.start_later = QCheckBox(self.tr("Start at"))
        self.start_later.setAccessibleName(self.tr("Start later"))
        self.start_edit = QDateTimeEdit()
        self.start_edit.setCalendarPopup(True)
        self.start_edit.setAccessibleName(self.tr("Start date and time (Tehran time)"))
        if QLocale().language() == QLocale.Language.Persian:
            self.start_edit.setCalendar(QCalendar(QCalendar.System.Jalali))
            iranian_weekend(self.start_edit.calendarWidget())
        reading_order_format(self.start_edit, "yyyy/MM/dd HH:mm")
        self.start_edit.setDateTime(_tehran_now().addSecs(3600))
        self.start_edit.setEnabled(False)
        self.start_later.toggled.connect(self.start_edit.setEnabled)
        self.start_later.toggled.connect(self._changed)
        self.start_edit.dateTimeChanged.connect(self._changed)
        start.addWidget(self.start_later)
        start.addWidget(self.start_edit)
        start.addWidget(QLabel(self.tr("Tehran time; it starts with the window closed too")))
        start.addStretch(1)

        return start

    def _build_quiet_hours(self) -> QHBoxLayout:
        """A daily window with nothing sent."""
        quiet = QHBoxLayout()
        self.quiet_check = QCheckBox(self.tr("Send nothing from"))
        self.quiet_check.setAccessibleName(self.tr("Quiet hours"))
        self.quiet_from = QTimeEdit(QTime(22, 0))
        self.quiet_to = QTimeEdit(QTime(8, 0))
        for edit, name in ((self.quiet_from, self.tr("Quiet hours start")),
                           (self.quiet_to, self.tr("Quiet hours end"))):
            reading_order_format(edit, "HH:mm")
            edit.setAccessibleName(name)
            edit.setEnabled(False)
            edit.timeChanged.connect(self._changed)
            self.quiet_check.toggled.connect(edit.setEnabled)
        self.quiet_check.toggled.connect(self._changed)
        quiet.addWidget(self.quiet_check)
        quiet.addWidget(self.quiet_from)
        quiet.addWidget(QLabel(self.tr("to")))
        quiet.addWidget(self.quiet_to)
        quiet.addWidget(QLabel(self.tr("(Tehran time)")))
        quiet.addStretch(1)
        return quiet

    def _build_test_send(self) -> QHBoxLayout:
        """A phone and the test-send button."""
        test = QHBoxLayout()
        self.test_phone = QLineEdit(self.context.settings.get("own_phone"))
        self.test_phone.setPlaceholderText(self.tr("your own number, e.g. {0}").format(ltr("0912 123 4567")))
        self.test_phone.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.test_phone.setAccessibleName(self.tr("Phone for a test send"))
        self.test_button = QPushButton(self.tr("Send a test to this number"))
        self.test_button.clicked.connect(self._on_test_clicked)
        self.test_button.setShortcut(QKeySequence("Ctrl+T"))
        self.test_button.setToolTip("Ctrl+T")
        test.addWidget(self.test_phone, 1)
        test.addWidget(self.test_button)
        return test

    def reset(self) -> None:
        """A fresh campaign: start now, the saved rate and quiet hours, no repeat, nothing
        found of an earlier sheet (repeats, the cap), no test outcome."""
        self.repeat_picker.every.setCurrentIndex(0)
        self.looks.clear()
        self.rate_spin.setValue(int(self.draft.rate_per_minute))
        self.in_flight_spin.setValue(int(self.draft.in_flight))
        self._load_quiet_hours(self.draft.quiet_hours)
        self._load_start(self.draft.start_at)
        self.status.say("")
        self._changed()

    def _load_start(self, start_at: str) -> None:
        """Show a draft's start (an ISO instant; "" to start now) in Tehran time."""
        self.start_later.setChecked(bool(start_at))
        if start_at:
            local = datetime.fromisoformat(start_at).astimezone(TEHRAN)
            self.start_edit.setDateTime(QDateTime(local.year, local.month, local.day, local.hour, local.minute, 0))
        else:
            self.start_edit.setDateTime(_tehran_now().addSecs(3600))

    def _load_quiet_hours(self, text: str) -> None:
        try:
            quiet = QuietHours.parse(text) if text.strip() else None
        except ValueError:
            quiet = None
        self.quiet_check.setChecked(quiet is not None)
        if quiet is not None:
            self.quiet_from.setTime(QTime(quiet.start.hour, quiet.start.minute))
            self.quiet_to.setTime(QTime(quiet.end.hour, quiet.end.minute))

    def refresh_connection(self) -> None:
        """Refill the bot list from the current profile (the draft's bot kept)."""
        self.bot_combo.blockSignals(True)
        fill_bots(self.bot_combo, self.context.connection.bots)
        index = self.bot_combo.findData(self.draft.bot_id)
        if index >= 0:
            self.bot_combo.setCurrentIndex(index)
        self.bot_combo.blockSignals(False)
        self._changed()

    def _changed(self, *_args: object) -> None:
        self.draft.bot_id = bot_id_of(self.bot_combo)
        self.draft.rate_per_minute = self.rate_spin.value()
        self.draft.in_flight = self.in_flight_spin.value()
        self.draft.quiet_hours = (f"{self.quiet_from.time().toString('HH:mm')}-{self.quiet_to.time().toString('HH:mm')}"
                                  if self.quiet_check.isChecked() else "")
        self.draft.start_at = self.start_at() or ""
        self.draft.repeat = self.repeat_picker.rule()
        self.sms_choice.refresh(self.draft.content)
        self.draft.sms_fallback = self.sms_choice.isChecked()
        self.update_review()
        self.changed.emit()

    def start_at(self) -> str | None:
        """The chosen start as an ISO 8601 instant in Tehran time, or None to start now."""
        if not self.start_later.isChecked():
            return None
        chosen = self.start_edit.dateTime()
        date, time = chosen.date(), chosen.time()
        local = datetime(date.year(), date.month(), date.day(), time.hour(), time.minute(), tzinfo=TEHRAN)
        return local.isoformat()

    def problem(self) -> str | None:
        """Why the campaign cannot start with these settings, in the user's language."""
        self._changed()
        problem = self.draft.review_problem()
        if problem is None:
            return None
        if problem.code == "repeat_quiet":
            at, end, start = (ltr(QLocale().toString(moment, "HH:mm")) for moment in (
                QTime.fromString(problem.detail, "HH:mm"), self.quiet_to.time(), self.quiet_from.time()))
            return self.tr("The repeats would start at {0}, inside the quiet hours, and each wait until {1}: choose "
                           "a time from {1} to {2}.").format(at, end, start)
        return {"bot": self.tr("Choose the sending bot (its id is a whole number)."),
                "rate": self.tr("The rate must be 0 (as fast as allowed) or at least 1 message per minute."),
                "in_flight": self.tr("Messages at the same time must be from 1 to 256."),
                "quiet_hours": self.tr("Quiet hours need a start and an end, e.g. 22:00 to 08:00."),
                "start_past": self.tr("The start time is in the past: choose a later time, or clear “Start at” "
                                      "to start now.")}[problem.code]

    def update_review(self) -> None:
        checked = self.draft.checked
        if checked is None:
            self.review_label.setText("")
            self.counts.show_counts(recipients=None, sent=None, failed=None, left=None, cost=None)
            return
        category = self.category()
        prices = self.context.prices()
        invalid = self.looks.invalid.count if self.looks.invalid else 0  # rows whose message would be refused
        figures = estimate({**checked.counts, "valid": checked.counts["valid"] - invalid},
                           unit_price=prices.get(category, 0.0), rate_per_minute=float(self.rate_spin.value()))
        self.counts.show_counts(**self.planned_counts(), cost=figures.cost if figures.unit_price > 0 else None)
        quiet = None
        if self.draft.quiet_hours:
            locale = QLocale()
            quiet = (ltr(locale.toString(self.quiet_from.time(), "HH:mm")),
                     ltr(locale.toString(self.quiet_to.time(), "HH:mm")))
        facts = ReviewFacts(figures, checked.counts, category, quiet, bool(self.context.connection.api_key),
                            self.looks.capped, self.looks.repeats, self.looks.invalid,
                            self.sms_choice.facts(self.draft, self.preview_fields(), self.looks.known_without_account,
                                                  prices.get("sms_part", 0.0)))
        self.review_label.setText("<br>".join(self.text.lines(facts)))

    def planned_counts(self) -> dict[str, int | None]:
        """The recipients, sent, failed and left figures of the campaign as reviewed, before
        it is made (CountsRow.show_counts' names; None: not known, no sheet checked)."""
        checked = self.draft.checked
        if checked is None:
            return dict.fromkeys(("recipients", "sent", "failed", "left"))
        invalid = self.looks.invalid.count if self.looks.invalid else 0  # rows whose message would be refused
        recipients = max(0, checked.counts["valid"] - invalid)
        return {"recipients": recipients, "sent": 0, "failed": 0, "left": recipients}

    def check_repeats(self, made: int | None = None) -> None:
        """Start the review's looks (:class:`ReviewLooks`; ``made``: the campaign already
        made from this draft); the review shows what they found when they end. Needs a
        running event loop."""
        self.looks.start(made)

    async def repeats_found(self) -> RepeatedCampaign | None:
        """Wait for the looks :meth:`check_repeats` started; who already got this message."""
        await self.looks.done()
        return self.looks.repeats

    @qasync.asyncSlot()
    async def _on_test_clicked(self) -> None:
        await self.test_send(self.test_phone.text())

    async def test_send(self, phone: str) -> str:
        """Send the message, filled from the preview row (:attr:`preview_fields`), to
        ``phone``; returns the outcome in words (also shown). The one test-send path: the
        button and the wizard both come here."""
        fields = self.preview_fields()
        self.context.settings.set("own_phone", phone)
        self.test_button.setEnabled(False)
        self.status.say(self.tr("Sending a test to {0}…").format(ltr(phone)))
        try:
            async with self.context.client() as client:
                sent = await send_one(self.context.journal, client, phone_input=phone, content=self.draft.content,
                                      bot_id=self.draft.bot_id, base_url=self.context.connection.base_url,
                                      template_fields=self.draft.template_fields, fields=fields or {}, test=True)
        finally:
            self.test_button.setEnabled(True)
        outcome = single_send_sentence(sent, test=True)
        self.status.say(outcome, error=sent.outcome is not SingleOutcome.SENT)  # by the outcome, not its words
        return outcome


def _tehran_now() -> QDateTime:
    now = datetime.now(TEHRAN)
    return QDateTime(now.year, now.month, now.day, now.hour, now.minute, 0)
