"""Numbers, durations and times as the interface's language writes them."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import (
    QCalendar,
    QCoreApplication,
    QDateTime,
    QLocale,
    QTime,
)


def figure(value: float, decimals: int = 0, grouped: bool = True) -> str:
    """A count or an amount in the interface's digits and grouping (Persian digits in
    the Persian interface, through QLocale's default); ``grouped=False`` for a row
    number or an id, which are never grouped."""
    locale = QLocale()
    if not grouped:
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    return locale.toString(int(round(value))) if decimals == 0 else locale.toString(float(value), "f", decimals)


# -- bot chooser ---------------------------------------------------------------------------

def local_time(iso: str, language: str) -> str:
    """An ISO time as the user reads it: Jalali calendar and Persian digits in Persian."""
    moment = QDateTime.fromString(iso[:19], "yyyy-MM-ddTHH:mm:ss")
    moment.setTimeZone(QDateTime.currentDateTimeUtc().timeZone())
    moment = moment.toLocalTime()
    if language == "fa":
        jalali = moment.toString("yyyy/MM/dd HH:mm", QCalendar(QCalendar.System.Jalali))
        return jalali.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return moment.toString("yyyy-MM-dd HH:mm")

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
    """A time of day (HH:MM:SS) in the interface's digits; now when ``moment`` is None."""
    moment = moment or datetime.now()
    return QLocale().toString(QTime(moment.hour, moment.minute, moment.second), "HH:mm:ss")
