"""The wizard's frame: the five steps' names over the page (the current one marked) with
New campaign, and Stop, Back and Next under it, with their keys."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class StepControls(QObject):
    """Builds ``header`` and ``nav`` (layouts) for ``page``: ``go(step)`` shows a step
    (index from 0), ``current()`` says which is shown, ``new_campaign()`` starts another."""

    def __init__(self, page: QWidget, go: Callable[[int], None], current: Callable[[], int],
                 new_campaign: Callable[[], None]) -> None:
        super().__init__(page)
        self.stop_work_button = QPushButton(self.tr("Stop"))
        self.stop_work_button.setToolTip(self.tr("Stop the import, upload or export in progress"))
        self.step_labels: list[QLabel] = []
        self.header = QHBoxLayout()
        names = (self.tr("1. Recipients"), self.tr("2. Message"), self.tr("3. Review"), self.tr("4. Send"),
                 self.tr("5. Results"))
        for name in names:
            label = QLabel(name)
            label.setMargin(4)
            self.step_labels.append(label)
            self.header.addWidget(label)
        self.header.addStretch(1)
        self.new_button = QPushButton(self.tr("New campaign"))
        self.new_button.setToolTip(self.tr("Start composing another campaign; one being sent goes on"))
        self.new_button.clicked.connect(new_campaign)
        self.header.addWidget(self.new_button)
        self.back_button = QPushButton(self.tr("Back"))
        self.next_button = QPushButton(self.tr("Next"))
        self.next_button.setDefault(True)
        self.back_button.setToolTip(self.tr("Previous step (Alt+Left)"))
        self.next_button.setToolTip(self.tr("Next step (Enter or Alt+Right)"))
        for keys, step in (("Alt+Right", 1), ("Alt+Left", -1)):
            shortcut = QShortcut(QKeySequence(keys), page)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            # Right to left, Next sits on the left: the arrow points the way the steps go.
            shortcut.activated.connect(lambda step=step: go(current() + (
                step if page.layoutDirection() == Qt.LayoutDirection.LeftToRight else -step)))
        self.back_button.clicked.connect(lambda: go(current() - 1))
        self.next_button.clicked.connect(lambda: go(current() + 1))
        self.nav = QHBoxLayout()
        self.nav.addWidget(self.stop_work_button)
        self.nav.addStretch(1)
        self.nav.addWidget(self.back_button)
        self.nav.addWidget(self.next_button)

    def mark(self, shown: int) -> None:
        """Step ``shown`` marked in the header; Back and Next where there is a step to go to."""
        for index, label in enumerate(self.step_labels):
            label.setStyleSheet("font-weight: bold; border-bottom: 2px solid #1565c0" if index == shown else "")
        self.back_button.setEnabled(shown > 0)
        self.next_button.setEnabled(shown < len(self.step_labels) - 1)
