"""Numbers, durations and times as the interface's language writes them."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from PySide6.QtCore import (
    QCalendar,
    QCoreApplication,
    QDate,
    QDateTime,
    QLocale,
    QTime,
)

#: The service's and the report's time zone: every time the window shows is in it.
TEHRAN = ZoneInfo("Asia/Tehran")


def figure(value: float, decimals: int = 0, grouped: bool = True) -> str:
    """A count or an amount in the interface's digits and grouping (Persian digits in
    the Persian interface, through QLocale's default); ``grouped=False`` for a row
    number or an id, which are never grouped."""
    locale = QLocale()
    if not grouped:
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    return locale.toString(int(round(value))) if decimals == 0 else locale.toString(float(value), "f", decimals)


# -- bot chooser ---------------------------------------------------------------------------

def tehran_time(iso: str, language: str) -> str:
    """An ISO time (with its offset; UTC without one) in Tehran's time, as the report and
    the service's day show it: the Jalali calendar and Persian digits in Persian. The
    headers that show it name the zone."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    local = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(TEHRAN)
    if language == "fa":
        shown = QDateTime(QDate(local.year, local.month, local.day), QTime(local.hour, local.minute))
        jalali = shown.toString("yyyy/MM/dd HH:mm", QCalendar(QCalendar.System.Jalali))
        return jalali.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return local.strftime("%Y-%m-%d %H:%M")

def duration_text(seconds: float) -> str:
    """A duration as people say it, in the interface's language and digits: "40 s",
    "12 min", "6 h 34 min" (never thousands of seconds)."""
    seconds = max(0, int(round(seconds)))
    if seconds < 90:
        return QCoreApplication.translate("Durations", "{0} s").format(figure(seconds))
    minutes = (seconds + 30) // 60
    if minutes < 60:
        return QCoreApplication.translate("Durations", "{0} min").format(figure(minutes))
    return QCoreApplication.translate("Durations", "{0} h {1} min").format(figure(minutes // 60),
                                                                       figure(minutes % 60))


def clock(moment: datetime | None = None) -> str:
    """A time of day (HH:MM:SS) in Tehran's time, as every time the window shows, in the
    interface's digits; now when ``moment`` is None (a naive moment is taken as UTC)."""
    moment = (moment or datetime.now(timezone.utc))
    moment = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(TEHRAN)
    return QLocale().toString(QTime(moment.hour, moment.minute, moment.second), "HH:mm:ss")


#: A run of this many characters with no space gets a place to wrap (a link, a long code).
WRAP_RUN = 40
_LONG_RUN = re.compile(r"\S{%d}(?=\S)" % WRAP_RUN)


def wrappable(text: str, run: int = WRAP_RUN) -> str:
    """``text`` with a zero-width space after every ``run`` characters of a run with no
    space: a label that wraps words cannot break a long link, and one would make the
    window wider than the screen (found by hand: 4,578 px)."""
    pattern = _LONG_RUN if run == WRAP_RUN else re.compile(r"\S{%d}(?=\S)" % run)
    return pattern.sub(lambda found: found.group(0) + "\u200b", text)
