"""The review step's "Repeat": never, every day, every week on a day, every month on a day
(of the Jalali month in the Persian interface), at a time of day in Tehran; and a repeat
rule told in the user's language (also in the Repeating panel)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTime, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QTimeEdit, QWidget

from app.campaign.repeat import Every, RepeatRule
from app.ui.bidi import figures_at_the_start
from app.ui.formatting import figure
from app.ui.time_edits import reading_order_format

#: The days of the week in the order a Persian week runs (Saturday first), Python's numbers.
WEEK_ORDER = (5, 6, 0, 1, 2, 3, 4)
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _tr(text: str) -> str:
    return QCoreApplication.translate("RepeatPicker", text)


def day_name(weekday: int) -> str:
    """A day of the week (0 Monday) in the user's language."""
    return QCoreApplication.translate("RepeatPicker", _DAY_NAMES[weekday])


def describe_rule(rule: RepeatRule) -> str:
    """A repeat rule in the user's language ("every Saturday at 10:00")."""
    hours, minutes = rule.at.split(":")
    zero = figure(0)
    at = f"{figure(int(hours), grouped=False).rjust(2, zero)}:{figure(int(minutes), grouped=False).rjust(2, zero)}"
    if rule.every is Every.DAY:
        return _tr("every day at {0}").format(at)
    if rule.every is Every.WEEK:
        return _tr("every {0} at {1}").format(day_name(rule.weekday or 0), at)
    month = _tr("every Jalali month") if rule.jalali else _tr("every month")
    return _tr("on day {0} of {1} at {2}").format(figure(rule.day or 1), month, at)


class RepeatPicker(QWidget):
    """Never / every day / every week on [day] / every month on day [N], at [time];
    :meth:`rule` is the chosen RepeatRule (None: never). ``changed`` on every change."""

    changed = Signal()

    def __init__(self, jalali: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.jalali = jalali
        self.every = QComboBox()
        self.every.setAccessibleName(self.tr("Repeat"))
        for label, value in ((self.tr("Never"), ""), (self.tr("Every day"), Every.DAY),
                             (self.tr("Every week on"), Every.WEEK), (self.tr("Every month on day"), Every.MONTH)):
            self.every.addItem(label, value)
        self.weekday = QComboBox()
        self.weekday.setAccessibleName(self.tr("Day of the week"))
        for number in WEEK_ORDER:
            self.weekday.addItem(day_name(number), number)
        self.day = QSpinBox()
        self.day.setRange(1, 31)
        self.day.setAccessibleName(self.tr("Day of the month"))
        figures_at_the_start(self.day)
        self.at = QTimeEdit(QTime(10, 0))
        reading_order_format(self.at, "HH:mm")
        self.at.setAccessibleName(self.tr("Repeat at"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.every)
        layout.addWidget(self.weekday)
        layout.addWidget(self.day)
        self.at_label = QLabel(self.tr("at"))
        layout.addWidget(self.at_label)
        layout.addWidget(self.at)
        layout.addWidget(QLabel(self.tr("(Tehran time)")))
        layout.addStretch(1)
        self.every.currentIndexChanged.connect(self._shown)
        for signal in (self.every.currentIndexChanged, self.weekday.currentIndexChanged, self.day.valueChanged,
                       self.at.timeChanged):
            signal.connect(lambda *_: self.changed.emit())
        self._shown()

    def _shown(self) -> None:
        every = self.every.currentData()
        self.weekday.setVisible(every == Every.WEEK)
        self.day.setVisible(every == Every.MONTH)
        for widget in (self.at, self.at_label):
            widget.setVisible(bool(every))

    def rule(self) -> RepeatRule | None:
        every = self.every.currentData()
        if not every:
            return None
        return RepeatRule(Every(every), self.at.time().toString("HH:mm"),
                          weekday=int(self.weekday.currentData()) if every == Every.WEEK else None,
                          day=self.day.value() if every == Every.MONTH else None,
                          jalali=self.jalali and every == Every.MONTH)
