"""Date and time pickers that read as Persian readers write them.

Qt lays a QDateTimeEdit's sections out in reverse for a right-to-left locale, so with
the Persian locale "HH:mm" shows 17:44 as "۴۴:۱۷" and "yyyy/MM/dd" starts with the day.
Giving such an edit its display format in reverse order makes it read "۱۷:۴۴" and
"۱۴۰۵/۰۹/۰۲", as the app writes dates and times everywhere else.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat
from PySide6.QtWidgets import QCalendarWidget, QDateTimeEdit

#: A run of one format letter (a section: yyyy, MM, dd, HH, mm, ss) or one separator.
_TOKENS = re.compile(r"(y+|M+|d+|H+|h+|m+|s+|a+|A+|[^yMdHhmsaA])")


def reversed_sections(display_format: str) -> str:
    """``display_format`` with its sections and separators in reverse order
    ("yyyy/MM/dd HH:mm" → "mm:HH dd/MM/yyyy")."""
    return "".join(reversed(_TOKENS.findall(display_format)))


def reading_order_format(edit: QDateTimeEdit, display_format: str) -> None:
    """Show ``edit`` in ``display_format``, left to right, in the edit's locale's digits,
    whatever the locale's direction (the format is reversed for a right-to-left one)."""
    right_to_left = edit.locale().textDirection() == Qt.LayoutDirection.RightToLeft
    edit.setDisplayFormat(reversed_sections(display_format) if right_to_left else display_format)
    edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)


def iranian_weekend(calendar: QCalendarWidget) -> None:
    """Mark Friday as the weekend in a calendar popup, the week starting on Saturday (as
    Iranian calendars print it), instead of Qt's Saturday and Sunday."""
    calendar.setFirstDayOfWeek(Qt.DayOfWeek.Saturday)
    plain, weekend = QTextCharFormat(), QTextCharFormat()
    weekend.setForeground(QColor("#b71c1c"))
    for day in (Qt.DayOfWeek.Saturday, Qt.DayOfWeek.Sunday):
        calendar.setWeekdayTextFormat(day, plain)
    calendar.setWeekdayTextFormat(Qt.DayOfWeek.Friday, weekend)


__all__ = ["iranian_weekend", "reading_order_format", "reversed_sections"]
