"""Small charts painted with QPainter (no chart library): what every chart shares (``Chart``:
a text alternative a screen reader reads, a focus ring, the words shown when there is nothing
to draw, a value axis with round steps) and a bar chart (``BarChart``: a bar per game, or a
bar per theme across). The puzzle rating's line is ``tutor.ui.widgets.rating_chart``.

Colours come from the palette of the appearance in force (``tutor.ui.theme``), read at paint
time, so a chart follows a switch between light, dark and high contrast."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from tutor import design
from tutor.i18n import format_number
from tutor.ui.theme import colour

STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)


def chart_scale(low: float, high: float, lines: int = 5,
                steps: Sequence[int] = STEPS) -> tuple[int, int, int]:
    """A round range and step for a value axis, with at most ``lines`` steps from the bottom
    to the top; a flat line gets a step above and below.

    >>> chart_scale(1420, 1660, steps=(25, 50, 100))
    (1400, 1700, 100)
    >>> chart_scale(1500, 1500, steps=(25, 50, 100))
    (1475, 1525, 25)
    >>> chart_scale(0, 37)
    (0, 40, 10)
    """
    for step in steps:
        bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
        if top == bottom:
            bottom, top = bottom - step, top + step
        if (top - bottom) / step <= lines or step == steps[-1]:
            break
    return bottom, top, step


class Chart(QWidget):
    """A chart that Tab reaches and a screen reader reads: its accessible name says what it
    is, its description what it shows (``set_text``). ``has_data`` says whether there is
    something to draw; else ``empty`` is written in its middle."""

    HEIGHT = 170

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setMinimumHeight(self.HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.empty = ""

    def set_text(self, name: str, summary: str, empty: str = "") -> None:
        """What the chart is, what it shows in one sentence, and what it says with no data."""
        self.setAccessibleName(name)
        self.setAccessibleDescription(summary)
        self.setToolTip(summary)
        self.empty = empty
        self.update()

    def has_data(self) -> bool:
        raise NotImplementedError

    def paint_chart(self, painter: QPainter) -> None:
        """Draw the data (there is some)."""
        raise NotImplementedError

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.hasFocus():
            painter.setPen(QPen(colour("focus"), 2))
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if not self.has_data():
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(QRectF(self.rect()).adjusted(8, 0, -8, 0),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             self.empty)
        else:
            self.paint_chart(painter)
        painter.end()

    def axis_width(self, widest: float) -> int:
        """The room the value axis's labels take, for values up to ``widest``."""
        return self.fontMetrics().horizontalAdvance(format_number(round(widest))) + 12

    def paint_grid(self, painter: QPainter, plot: QRectF, bottom: int, top: int, step: int,
                   y_of: Callable[[float], float]) -> None:
        """A line across at each step of the value axis, its value on the left."""
        palette = self.palette()
        grid = QPen(palette.color(QPalette.ColorRole.Midlight), 1)
        text = palette.color(QPalette.ColorRole.PlaceholderText)
        height = self.fontMetrics().height()
        for value in range(bottom, top + 1, step):
            y = y_of(value)
            painter.setPen(grid)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(text)
            painter.drawText(QRectF(0, y - height / 2, plot.left() - 8, height),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             format_number(value))


class BarChart(Chart):
    """A bar for each value: upright over a value axis (one per game, oldest left, with
    ``labels`` below where there is room), or across (``across``: one per theme, its label on
    the left and its value at its end)."""

    def __init__(self, name: str, *, across: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(name, parent)
        self.across = across
        self.values: list[float] = []
        self.labels: list[str] = []
        self.role = "highlight"

    def set_bars(self, values: Sequence[float], labels: Sequence[str] = (),
                 role: str = "highlight") -> None:
        """The bars' values (0 or more), their labels, and the palette role they are in."""
        self.values, self.labels, self.role = list(values), list(labels), role
        if self.across:
            line = self.fontMetrics().height() + design.SPACE_S
            self.setMinimumHeight(max(40, line * len(self.values) + design.SPACE_S))
        self.update()

    def has_data(self) -> bool:
        return bool(self.values)

    def paint_chart(self, painter: QPainter) -> None:
        if self.across:
            self._paint_across(painter)
        else:
            self._paint_upright(painter)

    def _paint_upright(self, painter: QPainter) -> None:
        metrics = self.fontMetrics()
        bottom, top, step = chart_scale(0, max(max(self.values), 1))
        plot = QRectF(self.rect()).adjusted(self.axis_width(top), 10, -14,
                                            -metrics.height() - 10)

        def y_of(value: float) -> float:
            return plot.bottom() - (value - bottom) / (top - bottom) * plot.height()

        self.paint_grid(painter, plot, bottom, top, step, y_of)
        slot = plot.width() / len(self.values)
        width = max(2.0, min(28.0, slot * 0.6))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour(self.role))
        for index, value in enumerate(self.values):
            x = plot.left() + slot * index + (slot - width) / 2
            painter.drawRect(QRectF(x, y_of(value), width, plot.bottom() - y_of(value)))
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        free_from = -math.inf
        for index, text in enumerate(self.labels[:len(self.values)]):
            wide = metrics.horizontalAdvance(text)
            x = plot.left() + slot * index + slot / 2 - wide / 2
            if x >= free_from:
                painter.drawText(QPointF(x, plot.bottom() + metrics.ascent() + 6), text)
                free_from = x + wide + 8

    def _paint_across(self, painter: QPainter) -> None:
        metrics = self.fontMetrics()
        line = metrics.height() + design.SPACE_S
        names = max((metrics.horizontalAdvance(t) for t in self.labels), default=0)
        left = min(names + design.SPACE_M, self.width() * 3 // 5)  # names first, bars after
        room = self.width() - left - metrics.horizontalAdvance("8888") - design.SPACE_M
        most = max(max(self.values), 1)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        for index, value in enumerate(self.values):
            y = design.SPACE_XS + index * line
            label = self.labels[index] if index < len(self.labels) else ""
            painter.setPen(text)
            painter.drawText(QRectF(0, y, left - design.SPACE_S, line),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(label, Qt.TextElideMode.ElideRight,
                                                left - design.SPACE_S))
            length = max(2.0, room * value / most)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour(self.role))
            painter.drawRect(QRectF(left, y + 3, length, line - 6 - design.SPACE_XS))
            painter.setPen(text)
            painter.drawText(QRectF(left + length + 6, y, 60, line),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             format_number(round(value)))


__all__ = ["STEPS", "BarChart", "Chart", "chart_scale"]
