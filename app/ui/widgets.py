"""Small widgets shared by the wizard's steps and the panels: a status line, the counts
row, a page title, the bot chooser."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.ui.formatting import figure


class WorkStopped(Exception):
    """The user pressed Stop on an import, upload or export (see CampaignPage.stoppable)."""


# -- questions and file dialogs without a nested event loop --------------------------------

class StatusLine(QLabel):
    """A step's one line of news: plain, or red for a problem; it belongs to its step
    and is cleared when the step is entered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.is_error = False

    def say(self, text: str, error: bool = False) -> None:
        self.is_error = error
        self.setStyleSheet("color: #b71c1c" if error else "")
        self.setText(text)

class SteadyLabel(QWidget):
    """A line of text that changes often (a figure, a speed) without laying the window
    out again.

    A QLabel in a layout asks every layout up to the window's to recompute on each new
    text: 5-6 ms of the window's loop per change on a slow machine, four times a second
    while a campaign sends (docs/benchmarks.md, issue 19). This widget holds its label
    without a layout, so a new text only repaints; it asks its layout for more room
    only when a text needs more than it has (and never gives room back while it lives,
    so figures that grow and shrink do not make the row jump). ``word_wrap`` labels take
    the width their layout gives and grow in height only."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, word_wrap: bool = False) -> None:
        super().__init__(parent)
        self.label = QLabel(text, self)
        self.label.setWordWrap(word_wrap)
        self._room = QSize(0, 0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding if word_wrap else QSizePolicy.Policy.Fixed,
                           QSizePolicy.Policy.Fixed)
        self._fit()

    def setText(self, text: str) -> None:  # noqa: N802 - QLabel's name
        self.label.setText(text)
        self._fit()

    def text(self) -> str:
        return self.label.text()

    def clear(self) -> None:
        self.setText("")

    def setAccessibleName(self, name: str) -> None:  # noqa: N802 - Qt's name
        self.label.setAccessibleName(name)

    def sizeHint(self) -> QSize:
        return self._room

    def minimumSizeHint(self) -> QSize:
        return self._room

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.label.setGeometry(self.rect())
        self._fit()
        super().resizeEvent(event)

    def _fit(self) -> None:
        self.label.ensurePolished()  # a style sheet's font counts
        if self.label.wordWrap():
            width = self.width() if self.width() > 0 else 400
            need = QSize(0, self.label.heightForWidth(width) if self.label.text() else self.label.sizeHint().height())
        else:
            need = self.label.sizeHint()
        if need.width() > self._room.width() or need.height() > self._room.height():
            self._room = self._room.expandedTo(need)
            self.updateGeometry()


class FlatProgressBar(QProgressBar):
    """A progress bar that is cheap to move and to draw, for one that moves several
    times a second (a sending campaign, an upload).

    The Fusion style draws a bar's groove and striped gradient in about 1 ms per paint
    here, a style sheet's flat box and chunk in 0.12 ms; and QProgressBar.setValue
    paints the bar and the window's backing store at once when the value moves by more
    than a chunk (3 ms of the window's loop each time here). :meth:`show_value` only
    keeps the value; the bar is painted with the rest of the window (docs/benchmarks.md)."""

    STYLE = ("QProgressBar { border: 1px solid palette(mid); border-radius: 3px; text-align: center;"
             " background: palette(base); min-height: 20px; }"
             " QProgressBar::chunk { background-color: #a5d6a7; border-radius: 2px; }")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(self.STYLE)

    def show_value(self, value: int) -> None:
        """Set the value (clamped by QProgressBar to its range) without painting now."""
        self.setUpdatesEnabled(False)
        self.setValue(value)
        self.setUpdatesEnabled(True)


class CountsRow(QWidget):
    """A row of figures: recipients, sent, failed, left and, ``with_cost`` (the review,
    the one step that can estimate it), the estimated cost."""

    NAMES = ("recipients", "sent", "failed", "left", "cost")

    def __init__(self, parent: QWidget | None = None, *, with_cost: bool = False) -> None:
        super().__init__(parent)
        titles = (self.tr("Recipients"), self.tr("Sent"), self.tr("Failed"), self.tr("Left"),
                  self.tr("Estimated cost"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.values: dict[str, SteadyLabel] = {}
        for name, title in zip(self.NAMES if with_cost else self.NAMES[:-1], titles):
            box = QVBoxLayout()
            value = SteadyLabel("–")
            value.label.setStyleSheet("font-size: 18px; font-weight: bold")
            value.setText("–")  # fitted again, in the style sheet's font
            value.setAccessibleName(title)
            caption = QLabel(title)
            caption.setStyleSheet("color: #616161")
            box.addWidget(value)
            box.addWidget(caption)
            layout.addLayout(box)
            layout.addSpacing(18)
            self.values[name] = value
        layout.addStretch(1)

    def show_counts(self, **figures: float | None) -> None:
        """Set any of recipients, sent, failed, left, cost (a row without it ignores it);
        None shows a dash: not known."""
        for name, value in figures.items():
            if name in self.values:
                self.values[name].setText("–" if value is None else figure(value))

    def text(self, name: str) -> str:
        return self.values[name].text()

def title(text: str) -> QLabel:
    """A panel's title line."""
    label = QLabel(text)
    label.setStyleSheet("font-size: 16px; font-weight: bold")
    return label

def fill_bots(combo: QComboBox, bots: dict[int, str]) -> None:
    """Fill an editable bot list with the profile's bots ("1001 — name"), keeping the
    chosen bot when it is still there."""
    chosen = bot_id_of(combo)
    combo.clear()
    for bot_id, name in bots.items():
        combo.addItem(f"{bot_id} — {name}", bot_id)
    index = combo.findData(chosen)
    if index >= 0:
        combo.setCurrentIndex(index)

def bot_id_of(combo: QComboBox) -> int:
    """The bot chosen in an editable bot list, read from the text shown ("1001 — name", or
    an id typed in, in Latin or Persian digits); 0 when that is not an id. Not the current
    item's data: an id typed without Enter leaves the item chosen before, whose bot would
    then send while the field shows another."""
    text = combo.currentText().split("—")[0].strip()
    return int(text) if text.isdecimal() else 0
