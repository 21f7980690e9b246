"""A report's words and figures in the reader's language: the English texts (the window's
translation, context "Report", puts them into Persian), numbers with Persian digits and
dates in the Jalali calendar for Persian readers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

import jdatetime

from app.reasons import SAID, SERVICE_ERRORS, Reason
from app.report.model import REPORT_TIME_ZONE, Bucket

#: Every English text a report shows (build.py puts them into the translation file).
TEXTS = (
    "Campaign report", "Campaign {0}: {1}", "Made by", "Started by", "Created", "Message", "Kind",
    "Bot", "Status", "Report made", "So far: the campaign is still being sent (figures of {0}).",
    "Recipients", "Imported rows", "With a message", "Sent", "Failed", "Unknown (answer lost)", "Not sent yet",
    "Not sent (cancelled)",
    "Skipped: {0}", "Delivery funnel", "Sends per hour (Tehran time)",
    "Sends per minute (Tehran time)", "Sends per day (Tehran time)", "Minute", "Day", "No message was sent yet.",
    "Errors by code", "No errors.", "Code {0}", "Cost and balance", "Estimated cost", "No prices are set.",
    "Balance before", "Balance after", "not reported", "Duration", "Average rate", "{0} messages a minute",
    "{0} messages a second",
    "Pauses", "No pauses.", "{0} by {1}", "Campaigns from {0} to {1}", "Campaign", "Name", "Total",
    "{0} h {1} min", "{0} min", "{0} s", "—", "Figures", "Hour", "Messages", "Count", "Reason", "When", "What", "Who",
    "invalid", "duplicate", "empty", "suppressed", "repeat", "capped", "paused", "cancelled", "pause asked",
    "cancel asked", "ready", "running", "finished", "text", "media", "otp", "buttons", "template",
    "By channel", "Sent by Bale", "Failed by Bale", "Sent by SMS", "SMS delivered", "SMS not delivered",
    "SMS delivery not known yet", "Failed by SMS", "SMS cost (rials)",
    *SERVICE_ERRORS.values(),
)

_PERSIAN_DIGITS = str.maketrans("0123456789,.", "۰۱۲۳۴۵۶۷۸۹٬٫")


@dataclass(frozen=True)
class Words:
    """How one report reads: ``tr`` translates an English text of :data:`TEXTS`;
    ``reason`` writes why a campaign paused (app.reasons.Reason: English unless told);
    ``persian`` switches digits, dates and direction."""

    tr: Callable[[str], str] = lambda text: text
    persian: bool = False
    reason: Callable[[Reason], str] = Reason.text

    def digits(self, value: object) -> str:
        """An id or a code as it is, in Persian digits for Persian readers (no grouping)."""
        return str(value).translate(_PERSIAN_DIGITS) if self.persian else str(value)

    def number(self, value: float, decimals: int = 0) -> str:
        text = f"{value:,.{decimals}f}"
        return text.translate(_PERSIAN_DIGITS) if self.persian else text

    def moment(self, value: str | float | None) -> str:
        """An instant (ISO text or Unix seconds) as Tehran time: Jalali for Persian."""
        if value is None or value == "":
            return ""
        when = (datetime.fromisoformat(value).astimezone(REPORT_TIME_ZONE) if isinstance(value, str)
                else datetime.fromtimestamp(value, REPORT_TIME_ZONE))
        if self.persian:
            return jdatetime.datetime.fromgregorian(datetime=when).strftime("%Y/%m/%d %H:%M").translate(_PERSIAN_DIGITS)
        return when.strftime("%Y-%m-%d %H:%M")

    def day(self, value: str) -> str:
        """A day (ISO text, ``YYYY-MM-DD`` or an instant: its first ten characters) as
        written: Jalali with Persian digits for Persian (``۱۴۰۵/۰۸/۱۱``)."""
        day = date.fromisoformat(value[:10])
        if self.persian:
            return jdatetime.date.fromgregorian(date=day).strftime("%Y/%m/%d").translate(_PERSIAN_DIGITS)
        return day.isoformat()

    def bar(self, value: str, bucket: Bucket) -> str:
        """A bar of the sends-over-time chart (a label in ``bucket``'s format) as written."""
        if bucket is Bucket.DAY:
            return self.day(value)
        return self.moment(datetime.strptime(value, bucket).replace(tzinfo=REPORT_TIME_ZONE).isoformat())

    def over_time(self, bucket: Bucket) -> tuple[str, str]:
        """The sends-over-time chart's heading and its bars' unit, in the reader's language."""
        return {Bucket.MINUTE: (self.tr("Sends per minute (Tehran time)"), self.tr("Minute")),
                Bucket.HOUR: (self.tr("Sends per hour (Tehran time)"), self.tr("Hour")),
                Bucket.DAY: (self.tr("Sends per day (Tehran time)"), self.tr("Day"))}[bucket]

    def duration(self, seconds: float) -> str:
        if seconds < 60:
            return self.tr("{0} s").format(self.number(seconds))
        minutes = int(round(seconds / 60))
        if minutes >= 60:
            return self.tr("{0} h {1} min").format(self.number(minutes // 60), self.number(minutes % 60))
        return self.tr("{0} min").format(self.number(minutes))

    def rate(self, per_minute: float, seconds: float) -> str:
        """An average rate: per minute, or per second for a run shorter than a minute; a
        dash for a run with no length."""
        if seconds <= 0:
            return self.tr("—")
        if seconds < 60:
            return self.tr("{0} messages a second").format(self.number(per_minute / 60.0, 1))
        return self.tr("{0} messages a minute").format(self.number(per_minute, 1))

    def name(self, stored: str) -> str:
        """A campaign's name as stored: one the app gave (app.reasons.campaign_name) in
        the reader's language, a sheet's file name as it is."""
        reason = Reason.from_stored(stored)
        return stored if reason is None or reason.code == SAID else self.reason(reason)

    def error(self, code: int) -> str:
        words = SERVICE_ERRORS.get(code)
        return self.tr("Code {0}").format(self.number(code)) + (f": {self.tr(words)}" if words else "")
