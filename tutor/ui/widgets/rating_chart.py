"""The puzzle rating over time (``RatingChart``), drawn as a line over the days with its grid,
and its summary in words (``rating_summary``), for the Progress page."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date, tzinfo

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QPainter,
    QPainterPath,
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
from tutor.ui.widgets.chart import Chart, chart_scale


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


CHART_HEIGHT = Chart.HEIGHT
STEPS = (25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)  # rating axis steps


class RatingChart(Chart):
    """The puzzle rating after each rated answer, left to right, with the days marked below.

    Painted with QPainter. The accessible name says what it is and the accessible description
    says what it shows (``rating_summary``); it takes focus with Tab so a screen reader reads it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("ratingChart", parent)
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
        self.set_text(_("Chart of your puzzle rating over time"),
                      rating_summary(self.history, self.rating_now),
                      _("Your rating line starts with your first puzzle."))

    def has_data(self) -> bool:
        return bool(self.history.rated)

    def paint_chart(self, painter: QPainter) -> None:
        plot = QRectF(self.rect()).adjusted(self.axis_width(8888), 10, -14,
                                            -self.fontMetrics().height() - 10)
        bottom, top, step = chart_scale(self.history.lowest, self.history.highest, steps=STEPS)

        def y_of(value: float) -> float:
            return plot.bottom() - (value - bottom) / (top - bottom) * plot.height()

        self.paint_grid(painter, plot, bottom, top, step, y_of)
        points = self.history.points
        gap = plot.width() / max(1, len(points) - 1)
        spots = [QPointF(plot.left() + i * gap, y_of(p.value)) for i, p in enumerate(points)]
        self._paint_days(painter, plot, spots)
        line = QPainterPath(spots[0])
        for spot in spots[1:]:
            line.lineTo(spot)
        color = self.palette().color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(color, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(line)
        painter.setBrush(color)
        radius = 3.0 if gap >= 8 else 0.0
        for spot in spots[:-1] if radius else []:
            painter.drawEllipse(spot, radius, radius)
        painter.drawEllipse(spots[-1], 4.5, 4.5)

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
