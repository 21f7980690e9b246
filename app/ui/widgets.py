"""Small widgets shared by the wizard's steps and the panels: a status line, the counts
row, a page title, the bot chooser."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
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

class CountsRow(QWidget):
    """A row of figures: recipients, sent, failed, left and the estimated cost."""

    NAMES = ("recipients", "sent", "failed", "left", "cost")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        titles = (self.tr("Recipients"), self.tr("Sent"), self.tr("Failed"), self.tr("Left"),
                  self.tr("Estimated cost"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.values: dict[str, QLabel] = {}
        for name, title in zip(self.NAMES, titles):
            box = QVBoxLayout()
            value = QLabel("–")
            value.setStyleSheet("font-size: 18px; font-weight: bold")
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
        """Set any of recipients, sent, failed, left, cost; None shows a dash."""
        for name, value in figures.items():
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
    """The bot chosen in an editable bot list ("1001 — name", or an id typed in); 0 if none."""
    data = combo.currentData()
    if isinstance(data, int):
        return data
    text = combo.currentText().split("—")[0].strip()
    return int(text) if text.isdigit() else 0
