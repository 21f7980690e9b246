"""The live chart of sent and failed messages while a campaign sends."""

from __future__ import annotations

from PySide6.QtCore import (
    QPointF,
    QRectF,
    Qt,
)
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QWidget,
)

from app.ui.formatting import figure


class RateChart(QWidget):
    """Sent and failed so far, over time: a small live line chart."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[tuple[float, int, int]] = []
        self.setMinimumHeight(120)
        self.setAccessibleName(self.tr("Sent and failed over time"))

    def clear(self) -> None:
        self.points = []
        self.update()

    def add(self, seconds: float, sent: int, failed: int) -> None:
        if self.points and seconds - self.points[-1][0] < 0.2:
            self.points[-1] = (self.points[-1][0], sent, failed)
        else:
            self.points.append((seconds, sent, failed))
        self.update()

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = self.fontMetrics()
        top = max(1, max((max(s, f) for _, s, f in self.points), default=1))
        # The left margin holds the highest count's figure whole, however wide ("۲۳٬۶۰۰").
        margin = max(36, metrics.horizontalAdvance(figure(top)) + 8)
        area = QRectF(self.rect()).adjusted(margin, 8, -8, -20)
        painter.fillRect(self.rect(), QColor("#fafafa"))
        painter.setPen(QPen(QColor("#bdbdbd")))
        painter.drawRect(area)
        if len(self.points) < 2:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("The chart fills as messages go out"))
            return
        t_end = max(self.points[-1][0], 1e-6)
        # Absolute: time runs left to right in either language; a plain AlignRight is mirrored.
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignAbsolute | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(QRectF(0, area.top() - 6, margin - 4, 14), right, figure(top))
        painter.drawText(QRectF(area.right() - 120, area.bottom() + 2, 120, 16), right,
                         self.tr("{0} s").format(figure(t_end)))
        # At most one point per three pixels: a long campaign's line costs no more to draw than a short one's.
        step = max(1, len(self.points) // max(1, int(area.width() / 3)))
        shown = self.points[::step] if step > 1 else self.points
        if shown[-1] is not self.points[-1]:
            shown = [*shown, self.points[-1]]
        for index, colour in ((1, "#2e7d32"), (2, "#c62828")):
            line = QPolygonF([QPointF(area.left() + area.width() * point[0] / t_end,
                                      area.bottom() - area.height() * point[index] / top) for point in shown])
            painter.setPen(QPen(QColor(colour), 1.5))  # antialiased 2 px lines cost twice as much to draw
            painter.drawPolyline(line)
        legend = [(self.tr("sent"), "#2e7d32"), (self.tr("failed"), "#c62828")]
        if self.layoutDirection() == Qt.LayoutDirection.RightToLeft:
            legend.reverse()  # read from the right: "sent" first
        x = area.left() + 6
        for word, colour in legend:
            width = metrics.horizontalAdvance(word)
            painter.setPen(QPen(QColor(colour)))
            painter.drawText(QRectF(x, area.top() + 2, width + 2, 16),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignAbsolute, word)
            x += width + 16
