"""A ring around the control that has the keyboard, so Space, Enter and typing are seen to
act there.

Fusion marks a focused button with a 1 px outline in the highlight colour, the outline it
also gives the default button (Next, Start): a keyboard user could not tell where Space
would act (found by hand, doing a campaign by keyboard alone). A focused field or check
box got no more than a faint border or a dotted frame (found by hand too). A text box or
a table has its caret or current cell, and their viewport covers any ring inside the
frame: they get none."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QStyleOptionComplex, QWidget

#: The ring's width and its distance inside a button's edge (pixels).
RING_WIDTH, RING_INSET = 2, 3
#: Its distance inside the edge of a field or around a check box's text (pixels).
FIELD_INSET = 1

_Element = QStyle.ControlElement
_RINGED_CONTROLS = {_Element.CE_PushButton: RING_INSET, _Element.CE_CheckBox: 0, _Element.CE_RadioButton: 0}
_RINGED_COMPLEX = (QStyle.ComplexControl.CC_ComboBox, QStyle.ComplexControl.CC_SpinBox)


class FocusRingStyle(QProxyStyle):
    """The application's style, with a ring of :data:`RING_WIDTH` px in the highlight
    colour just inside the push button, field (line edit, combo box, spin box), check box
    or radio button that has the keyboard."""

    def drawControl(self, element: QStyle.ControlElement, option: QStyleOption, painter: QPainter,  # noqa: N802
                    widget: QWidget | None = None) -> None:
        super().drawControl(element, option, painter, widget)
        inset = _RINGED_CONTROLS.get(element)
        if inset is None or not _has_focus(option, widget):
            return
        _ring(painter, option, option.rect, inset)  # type: ignore[attr-defined]  # stubs lack it

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter,  # noqa: N802
                      widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        # A frameless line edit is a table cell's or a spin box's editor: the ring is its frame's.
        if element == QStyle.PrimitiveElement.PE_PanelLineEdit and getattr(option, "lineWidth", 1) > 0 \
                and _has_focus(option, widget):
            _ring(painter, option, option.rect, FIELD_INSET)  # type: ignore[attr-defined]  # stubs lack it

    def drawComplexControl(self, control: QStyle.ComplexControl, option: QStyleOptionComplex,  # noqa: N802
                           painter: QPainter, widget: QWidget | None = None) -> None:
        super().drawComplexControl(control, option, painter, widget)
        if control in _RINGED_COMPLEX and _has_focus(option, widget):
            _ring(painter, option, option.rect, FIELD_INSET)  # type: ignore[attr-defined]  # stubs lack it


def _has_focus(option: QStyleOption, widget: QWidget | None) -> bool:
    return bool(option.state & QStyle.StateFlag.State_HasFocus) or (  # type: ignore[attr-defined]  # stubs lack it
        widget is not None and widget.hasFocus())


def _ring(painter: QPainter, option: QStyleOption, rect: QRect, inset: int) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Highlight), RING_WIDTH))  # type: ignore[attr-defined]  # stubs lack it
    painter.setBrush(Qt.BrushStyle.NoBrush)
    edge = inset + RING_WIDTH / 2
    painter.drawRoundedRect(rect.toRectF().adjusted(edge, edge, -edge, -edge), 2, 2)
    painter.restore()


def install_focus_ring(app: QApplication) -> None:
    """Draw the window with :class:`FocusRingStyle` over the style it has (once)."""
    if not isinstance(app.style(), FocusRingStyle):
        app.setStyle(FocusRingStyle(app.style().name()))
