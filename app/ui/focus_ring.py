"""A ring around the button that has the keyboard, so Space and Enter are seen to act there.

Fusion marks a focused button with a 1 px outline in the highlight colour, the outline it
also gives the default button (Next, Start): a keyboard user could not tell where Space
would act (found by hand, doing a campaign by keyboard alone)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

#: The ring's width and its distance inside the button's edge (pixels).
RING_WIDTH, RING_INSET = 2, 3


class FocusRingStyle(QProxyStyle):
    """The application's style, with a ring of :data:`RING_WIDTH` px in the highlight
    colour just inside a push button that has the keyboard."""

    def drawControl(self, element: QStyle.ControlElement, option: QStyleOption, painter: QPainter,  # noqa: N802
                    widget: QWidget | None = None) -> None:
        super().drawControl(element, option, painter, widget)
        if element != QStyle.ControlElement.CE_PushButton or not option.state & QStyle.StateFlag.State_HasFocus:  # type: ignore[attr-defined]  # PySide6 stubs lack it
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Highlight), RING_WIDTH))  # type: ignore[attr-defined]  # stubs lack it
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = RING_INSET + RING_WIDTH / 2
        painter.drawRoundedRect(option.rect.toRectF().adjusted(inset, inset, -inset, -inset), 2, 2)  # type: ignore[attr-defined]  # stubs lack it
        painter.restore()


def install_focus_ring(app: QApplication) -> None:
    """Draw the window with :class:`FocusRingStyle` over the style it has (once)."""
    if not isinstance(app.style(), FocusRingStyle):
        app.setStyle(FocusRingStyle(app.style().name()))
