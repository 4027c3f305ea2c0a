"""The puzzle rating over time (``RatingChart``), drawn as a line over the days with its grid,
and its summary in words (``rating_summary``), for the Progress page."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import date, tzinfo

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QWidget,
)

from tutor.i18n import LOCALES, _, current_language, format_number, ngettext
from tutor.progress.glicko import Rating
from tutor.progress.overview import (
    RatingHistory,
    local_day,
)


def rating_summary(history: RatingHistory, rating_now: float) -> str:
    """The rating line in one sentence: start, now, lowest, highest, rated puzzles."""
    def number(value: float) -> str:
        return format_number(round(value))

    if not history.rated:
        return _("No rated puzzles yet: your puzzle rating starts at {rating}.").format(
            rating=number(rating_now))
    return ngettext(
        "Puzzle rating: {start} at the start, {now} now; lowest {lowest}, highest {highest}, "
        "over {count} rated puzzle.",
        "Puzzle rating: {start} at the start, {now} now; lowest {lowest}, highest {highest}, "
        "over {count} rated puzzles.",
        history.rated,
    ).format(start=number(history.start), now=number(history.now),
             lowest=number(history.lowest), highest=number(history.highest),
             count=format_number(history.rated))


def format_day(day: date) -> str:
    """A short date in the current language: ``21 Nov``, ``21. Nov.``."""
    from babel.dates import format_skeleton

    return str(format_skeleton("MMMd", day, locale=LOCALES[current_language()]))


CHART_HEIGHT = 170
STEPS = (25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)  # rating axis steps


def chart_scale(low: float, high: float, lines: int = 5) -> tuple[int, int, int]:
    """A round range and step for the rating axis, with at most ``lines`` steps from the bottom
    to the top; a flat line gets a step above and below.

    >>> chart_scale(1420, 1660)
    (1400, 1700, 100)
    >>> chart_scale(1500, 1500)
    (1475, 1525, 25)
    """
    for step in STEPS:
        bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
        if top == bottom:
            bottom, top = bottom - step, top + step
        if (top - bottom) / step <= lines or step == STEPS[-1]:
            break
    return bottom, top, step


class RatingChart(QWidget):
    """The puzzle rating after each rated answer, left to right, with the days marked below.

    Painted with QPainter. The accessible name says what it is and the accessible description
    says what it shows (``rating_summary``); it takes focus with Tab so a screen reader reads it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ratingChart")
        self.setMinimumHeight(CHART_HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.history = RatingHistory(())
        self.rating_now = Rating.initial().value
        self.tz: tzinfo | None = None

    def set_history(self, history: RatingHistory, rating_now: float,
                    tz: tzinfo | None = None) -> None:
        self.history, self.rating_now, self.tz = history, rating_now, tz
        self.setMinimumHeight(CHART_HEIGHT if history.rated else 40)
        self.retranslate_ui()
        self.update()

    def retranslate_ui(self) -> None:
        self.setAccessibleName(_("Chart of your puzzle rating over time"))
        self.setAccessibleDescription(rating_summary(self.history, self.rating_now))
        self.setToolTip(self.accessibleDescription())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        faint = palette.color(QPalette.ColorRole.PlaceholderText)
        if self.hasFocus():
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 1))
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        if not self.history.rated:
            painter.setPen(faint)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             _("Your rating line starts with your first puzzle."))
            return
        width = self.fontMetrics().horizontalAdvance(format_number(8888)) + 12
        plot = QRectF(self.rect()).adjusted(width, 10, -14, -self.fontMetrics().height() - 10)
        bottom, top, step = chart_scale(self.history.lowest, self.history.highest)

        def y_of(value: float) -> float:
            return plot.bottom() - (value - bottom) / (top - bottom) * plot.height()

        self._paint_grid(painter, plot, bottom, top, step, y_of)
        points = self.history.points
        gap = plot.width() / max(1, len(points) - 1)
        spots = [QPointF(plot.left() + i * gap, y_of(p.value)) for i, p in enumerate(points)]
        self._paint_days(painter, plot, spots)
        line = QPainterPath(spots[0])
        for spot in spots[1:]:
            line.lineTo(spot)
        color = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(color, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(line)
        painter.setBrush(color)
        radius = 3.0 if gap >= 8 else 0.0
        for spot in spots[:-1] if radius else []:
            painter.drawEllipse(spot, radius, radius)
        painter.drawEllipse(spots[-1], 4.5, 4.5)
        painter.end()

    def _paint_grid(self, painter: QPainter, plot: QRectF, bottom: int, top: int, step: int,
                    y_of: Callable[[float], float]) -> None:
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

    def _paint_days(self, painter: QPainter, plot: QRectF, spots: Sequence[QPointF]) -> None:
        """A dotted line where a new day begins, with the date below where there is room."""
        palette = self.palette()
        metrics = self.fontMetrics()
        free_from = -math.inf
        previous: date | None = None
        for spot, point in zip(spots, self.history.points, strict=True):
            day = local_day(point.time, self.tz)
            if day == previous:
                continue
            previous = day
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(spot.x(), plot.top()), QPointF(spot.x(), plot.bottom()))
            text = format_day(day)
            wide = metrics.horizontalAdvance(text)
            x = min(max(spot.x() - wide / 2, 0.0), self.width() - wide)
            if x >= free_from:
                painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
                painter.drawText(QPointF(x, plot.bottom() + metrics.ascent() + 6), text)
                free_from = x + wide + 12


__all__ = ["RatingChart", "chart_scale", "format_day", "rating_summary"]
