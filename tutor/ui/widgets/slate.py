"""The traditional Jass slate (Jasstafel) of R-SLATE, one for each team, painted with QPainter.

Each team's slate is a dark board in a wooden frame with three chalk lines: a stroke for each
100 on the top line (grouped in fives, the fifth crossing the other four), a half-cross "\\"
for each 50 on the middle line, a stroke for each 20 on the bottom line, and the rest written in
chalk at the side. Under the slate stand the team's name and its total in numbers.

Everything is painted in logical coordinates and scaled to the widget, so the slate stays crisp
at any size. The chalk wobbles a little, always the same way for the same mark: each mark's
irregularity is seeded from where it stands. The counts come from
:func:`engine.chibre.scoring.slate`; :func:`slate_sentence` says the same in words for screen
readers.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine import slate
from tutor.i18n import N_, _, format_number, ngettext

__all__ = ["SlateWidget", "slate_sentence", "slate_summary"]

DEFAULT_NAMES = (N_("Team A"), N_("Team B"))

# One team's cell in logical units: the framed slate, then the caption under it.
CELL_W, CELL_H = 260.0, 220.0
FRAME = QRectF(6, 4, 248, 176)
FRAME_WIDTH = 12.0
CAPTION_TOP = 186.0
LINES_X = (34.0, 184.0)  # where the three chalk lines start and end
LINE_Y = (54.0, 92.0, 130.0)  # top (100), middle (50), bottom (20)
SIDE = QRectF(188, 64, 50, 56)  # where the rest is written

STROKE_GAP = 8.0  # between strokes of a group
GROUP_GAP = 11.0  # between groups of five
STROKE_HALF = 13.0  # half the length of a stroke across its line

CHALK = QColor(246, 244, 232, 235)
BOARD_DARK, BOARD_LIGHT = QColor("#1f2827"), QColor("#36423f")
WOOD = (QColor("#a8743f"), QColor("#7b4f26"), QColor("#956233"))

# Handwritten digits as chalk strokes in a box 0.6 wide, 1 high (y down). Each stroke is a list
# of points drawn as one smooth line; a sharp corner starts a new stroke. Swiss hands write the
# 1 with a long flag and cross the 7.
DIGITS: dict[str, list[list[tuple[float, float]]]] = {
    "0": [[(0.3, 0), (0.5, 0.12), (0.56, 0.5), (0.5, 0.88), (0.3, 1), (0.1, 0.88), (0.04, 0.5),
           (0.1, 0.12), (0.3, 0), (0.36, 0.02)]],
    "1": [[(0.1, 0.3), (0.4, 0)], [(0.4, 0), (0.4, 1)]],
    "2": [[(0.06, 0.22), (0.18, 0.04), (0.34, 0), (0.5, 0.1), (0.52, 0.3), (0.4, 0.52),
           (0.04, 1)], [(0.04, 1), (0.58, 0.98)]],
    "3": [[(0.06, 0.1), (0.26, 0), (0.46, 0.06), (0.5, 0.24), (0.4, 0.42), (0.22, 0.48),
           (0.44, 0.56), (0.54, 0.76), (0.46, 0.94), (0.26, 1), (0.04, 0.9)]],
    "4": [[(0.36, 0), (0.04, 0.68)], [(0.04, 0.68), (0.58, 0.66)], [(0.44, 0.36), (0.44, 1)]],
    "5": [[(0.54, 0), (0.12, 0.02)], [(0.12, 0.02), (0.08, 0.46)],
          [(0.08, 0.46), (0.3, 0.4), (0.5, 0.5), (0.56, 0.72), (0.46, 0.93), (0.26, 1),
           (0.04, 0.9)]],
    "6": [[(0.5, 0.04), (0.3, 0), (0.12, 0.16), (0.04, 0.5), (0.08, 0.84), (0.28, 1),
           (0.48, 0.94), (0.56, 0.74), (0.46, 0.54), (0.26, 0.5), (0.06, 0.62)]],
    "7": [[(0.02, 0.02), (0.56, 0)], [(0.56, 0), (0.2, 1)], [(0.14, 0.52), (0.48, 0.5)]],
    "8": [[(0.3, 0.48), (0.1, 0.36), (0.1, 0.12), (0.3, 0), (0.5, 0.12), (0.5, 0.35),
           (0.3, 0.48), (0.06, 0.62), (0.06, 0.88), (0.3, 1), (0.54, 0.88), (0.54, 0.62),
           (0.3, 0.48)]],
    "9": [[(0.52, 0.34), (0.32, 0.5), (0.1, 0.42), (0.05, 0.2), (0.2, 0.02), (0.38, 0),
           (0.53, 0.16)], [(0.53, 0.16), (0.5, 0.55), (0.42, 0.82), (0.24, 1), (0.06, 0.94)]],
}


def slate_sentence(team: str, points: int) -> str:
    """What the slate of ``team`` shows, in words: the total, then each line and the side.

    >>> slate_sentence("Team A", 234)
    'Team A: 234 points — 2 strokes for 100, 0 half-crosses, 1 stroke for 20, 14 at the side'
    """
    hundreds, fifties, twenties, rest = slate(points)
    return _("{summary} — {hundreds}, {fifties}, {twenties}, {rest}").format(
        summary=slate_summary(team, points),
        hundreds=ngettext("{count} stroke for 100", "{count} strokes for 100",
                          hundreds).format(count=hundreds),
        fifties=ngettext("{count} half-cross", "{count} half-crosses",
                         fifties).format(count=fifties),
        twenties=ngettext("{count} stroke for 20", "{count} strokes for 20",
                          twenties).format(count=twenties),
        rest=ngettext("{count} at the side", "{count} at the side", rest).format(count=rest),
    )


def slate_summary(team: str, points: int) -> str:
    """The team and its total: "Team A: 157 points"."""
    return ngettext("{team}: {points} point", "{team}: {points} points", points).format(
        team=team, points=format_number(points))


class SlateWidget(QWidget):
    """The slates of both teams side by side; ``set_scores`` fills them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scores = (0, 0)
        self._names: tuple[str, str] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.retranslate_ui()

    def set_scores(self, team_a: int, team_b: int, *,
                   names: tuple[str, str] | None = None) -> None:
        """Show ``team_a`` and ``team_b`` points. ``names`` are shown as given; without them the
        slates are labelled "Team A" and "Team B" in the current language."""
        for points in (team_a, team_b):
            slate(points)  # raises ValueError for points below 0
        self._scores = (team_a, team_b)
        self._names = names
        self.retranslate_ui()
        self.update()

    def scores(self) -> tuple[int, int]:
        return self._scores

    def names(self) -> tuple[str, str]:
        """The names shown under the slates, in the current language."""
        if self._names is not None:
            return self._names
        return _(DEFAULT_NAMES[0]), _(DEFAULT_NAMES[1])

    def describe(self, team: int) -> str:
        """The slate of ``team`` (0 or 1) in words, as screen readers hear it."""
        return slate_sentence(self.names()[team], self._scores[team])

    def retranslate_ui(self) -> None:
        names = self.names()
        self.setAccessibleName(_("Score slate: {first}; {second}").format(
            first=slate_summary(names[0], self._scores[0]),
            second=slate_summary(names[1], self._scores[1])))
        description = "\n".join(self.describe(team) for team in (0, 1))
        self.setAccessibleDescription(description)
        self.setToolTip(description)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(520, 220)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, 86)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        """As high as the slates drawn ``width`` wide (no empty band above and below)."""
        return max(self.minimumSizeHint().height(), round(width * CELL_H / (2 * CELL_W)))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scale = min(self.width() / (2 * CELL_W), self.height() / CELL_H)
        painter.translate((self.width() - 2 * CELL_W * scale) / 2,
                          (self.height() - CELL_H * scale) / 2)
        painter.scale(scale, scale)
        text_color = self.palette().color(QPalette.ColorRole.WindowText)
        for team, (name, points) in enumerate(zip(self.names(), self._scores, strict=True)):
            painter.save()
            painter.translate(team * CELL_W, 0)
            paint_slate(painter, team, points)
            paint_caption(painter, name, points, text_color)
            painter.restore()
        painter.end()


def paint_slate(painter: QPainter, team: int, points: int) -> None:
    """One team's framed slate with its marks, in the cell's logical coordinates."""
    hundreds, fifties, twenties, rest = slate(points)
    _paint_frame(painter)
    board = FRAME.adjusted(FRAME_WIDTH, FRAME_WIDTH, -FRAME_WIDTH, -FRAME_WIDTH)
    _paint_board(painter, board, team)
    for line, y in enumerate(LINE_Y):
        _chalk_line(painter, QPointF(LINES_X[0] - 8, y), QPointF(LINES_X[1], y),
                    f"{team}-line-{line}", width=1.6, alpha=190)
    _paint_tally(painter, hundreds, LINE_Y[0], f"{team}-100")
    _paint_half_crosses(painter, fifties, f"{team}-50")
    _paint_tally(painter, twenties, LINE_Y[2], f"{team}-20")
    if rest:
        _paint_number(painter, str(rest), SIDE, f"{team}-rest")


def paint_caption(painter: QPainter, name: str, points: int, color: QColor) -> None:
    """The team's name on the left and its total on the right, under the slate."""
    area = QRectF(FRAME.left() + 4, CAPTION_TOP, FRAME.width() - 8, CELL_H - CAPTION_TOP - 4)
    painter.setPen(color)
    painter.setFont(_pixel_font(16, bold=False))
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    elided = painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight,
                                              round(area.width() * 0.62))
    painter.drawText(area, left, elided)
    painter.setFont(_pixel_font(19, bold=True))
    painter.drawText(area, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                     format_number(points))


def _pixel_font(size: float, bold: bool) -> QFont:
    font = QFont()
    font.setPixelSize(round(size))
    font.setBold(bold)
    return font


def _paint_frame(painter: QPainter) -> None:
    """The wooden frame: a warm gradient, a few grain lines and mitred corners."""
    gradient = QLinearGradient(FRAME.topLeft(), FRAME.bottomRight())
    for stop, color in zip((0.0, 0.55, 1.0), WOOD, strict=True):
        gradient.setColorAt(stop, color)
    painter.setPen(QPen(QColor("#4a2e14"), 1.2))
    painter.setBrush(gradient)
    painter.drawRoundedRect(FRAME, 5, 5)
    rng = random.Random("frame")
    inner = FRAME.adjusted(FRAME_WIDTH, FRAME_WIDTH, -FRAME_WIDTH, -FRAME_WIDTH)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for _index in range(10):
        _grain(painter, rng, inner)
    painter.setPen(QPen(QColor(60, 35, 15, 150), 0.9))
    edge = FRAME.adjusted(1.8, 1.8, -1.8, -1.8)
    for outer, corner in ((edge.topLeft(), inner.topLeft()),
                          (edge.topRight(), inner.topRight()),
                          (edge.bottomLeft(), inner.bottomLeft()),
                          (edge.bottomRight(), inner.bottomRight())):
        painter.drawLine(outer, corner)


def _grain(painter: QPainter, rng: random.Random, inner: QRectF) -> None:
    """One thin grain line along a side of the frame."""
    painter.setPen(QPen(QColor(70, 40, 15, rng.randint(40, 90)), rng.uniform(0.5, 1.0)))
    horizontal = rng.random() < 0.6
    if horizontal:
        y = rng.choice((FRAME.top(), inner.bottom())) + rng.uniform(2, FRAME_WIDTH - 2)
        x0 = FRAME.left() + rng.uniform(8, 60)
        x1 = FRAME.right() - rng.uniform(8, 60)
        path = QPainterPath(QPointF(x0, y))
        path.quadTo(QPointF((x0 + x1) / 2, y + rng.uniform(-2, 2)), QPointF(x1, y))
    else:
        x = rng.choice((FRAME.left(), inner.right())) + rng.uniform(2, FRAME_WIDTH - 2)
        y0, y1 = FRAME.top() + rng.uniform(8, 40), FRAME.bottom() - rng.uniform(8, 40)
        path = QPainterPath(QPointF(x, y0))
        path.quadTo(QPointF(x + rng.uniform(-2, 2), (y0 + y1) / 2), QPointF(x, y1))
    painter.drawPath(path)


def _paint_board(painter: QPainter, board: QRectF, team: int) -> None:
    """The dark slate with an inner shadow and faint smudges of old chalk wiped away."""
    gradient = QLinearGradient(board.topLeft(), board.bottomRight())
    gradient.setColorAt(0, BOARD_LIGHT)
    gradient.setColorAt(1, BOARD_DARK)
    painter.setPen(QPen(QColor(0, 0, 0, 170), 1.5))
    painter.setBrush(gradient)
    painter.drawRect(board)
    rng = random.Random(f"{team}-smudges")
    painter.setPen(Qt.PenStyle.NoPen)
    for _index in range(5):
        center = QPointF(rng.uniform(board.left() + 20, board.right() - 20),
                         rng.uniform(board.top() + 15, board.bottom() - 15))
        radius = rng.uniform(18, 40)
        smudge = QRadialGradient(center, radius)
        smudge.setColorAt(0, QColor(255, 255, 255, rng.randint(8, 16)))
        smudge.setColorAt(1, QColor(255, 255, 255, 0))
        painter.setBrush(smudge)
        painter.drawEllipse(center, radius * 1.6, radius)


def _tally_spacing(count: int) -> tuple[float, float]:
    """Stroke and group gaps for ``count`` strokes, narrowed so that they fit on the line."""
    groups, _single = divmod(count, 5)
    width = (count - 1) * STROKE_GAP + groups * GROUP_GAP if count else 0.0
    available = LINES_X[1] - LINES_X[0] - 6
    factor = min(1.0, available / width) if width else 1.0
    return STROKE_GAP * factor, GROUP_GAP * factor


def _paint_tally(painter: QPainter, count: int, y: float, key: str) -> None:
    """``count`` strokes across the line at ``y``, four upright and a fifth crossing them."""
    gap, group_gap = _tally_spacing(count)
    x = LINES_X[0]
    for index in range(count):
        seed = f"{key}-{index}"
        if index % 5 == 4:
            start = x - 4 * gap
            _chalk_line(painter, QPointF(start - 3, y + STROKE_HALF * 0.55),
                        QPointF(x - gap + 3, y - STROKE_HALF * 0.55), seed)
            x += group_gap
            continue
        _chalk_line(painter, QPointF(x, y + STROKE_HALF), QPointF(x, y - STROKE_HALF), seed)
        x += gap


def _paint_half_crosses(painter: QPainter, count: int, key: str) -> None:
    """``count`` strokes "\\" across the middle line, each half of a cross worth 100."""
    y = LINE_Y[1]
    for index in range(count):
        x = LINES_X[0] + 6 + index * 2 * STROKE_GAP
        _chalk_line(painter, QPointF(x - 8, y - STROKE_HALF), QPointF(x + 8, y + STROKE_HALF),
                    f"{key}-{index}")


def _paint_number(painter: QPainter, text: str, area: QRectF, key: str) -> None:
    """``text`` (digits) handwritten in chalk, centred in ``area``."""
    height = area.height() * 0.62
    width = 0.6 * height
    left = area.center().x() - width * len(text) / 2
    top = area.center().y() - height / 2
    for position, digit in enumerate(text):
        origin = QPointF(left + position * width * 1.05, top)
        for part, points in enumerate(DIGITS[digit]):
            rng = random.Random(f"{key}-{position}-{part}")
            path = _smooth_path([
                QPointF(origin.x() + px * height + rng.uniform(-0.6, 0.6),
                        origin.y() + py * height + rng.uniform(-0.6, 0.6))
                for px, py in points])
            _chalk_path(painter, path, rng, width=2.6)


def _smooth_path(points: Sequence[QPointF]) -> QPainterPath:
    """A curve through the midpoints of ``points`` that starts and ends at the end points."""
    path = QPainterPath(points[0])
    for index in range(1, len(points) - 1):
        middle = (points[index] + points[index + 1]) / 2
        path.quadTo(points[index], middle)
    path.lineTo(points[-1])
    return path


def _chalk_line(painter: QPainter, start: QPointF, end: QPointF, seed: str,
                width: float = 2.6, alpha: int = 235) -> None:
    """A slightly bent, uneven chalk stroke from ``start`` to ``end``, the same for ``seed``."""
    rng = random.Random(seed)
    start = start + QPointF(rng.uniform(-1, 1), rng.uniform(-1, 1))
    end = end + QPointF(rng.uniform(-1, 1), rng.uniform(-1, 1))
    direction = end - start
    length = max((direction.x() ** 2 + direction.y() ** 2) ** 0.5, 1e-6)
    normal = QPointF(-direction.y() / length, direction.x() / length)
    bend = min(length * 0.03, 2.5) * rng.uniform(-1, 1)
    path = QPainterPath(start)
    path.quadTo((start + end) / 2 + normal * bend, end)
    _chalk_path(painter, path, rng, width, alpha)


def _chalk_path(painter: QPainter, path: QPainterPath, rng: random.Random,
                width: float, alpha: int = 235) -> None:
    """Chalk along ``path``: a faint dusty halo, then the stroke in grainy chalk."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    halo = QColor(CHALK)
    halo.setAlpha(alpha * 30 // 235)
    painter.setPen(_round_pen(QBrush(halo), width * 1.8))
    painter.drawPath(path)
    painter.setOpacity(alpha / 255)
    painter.setPen(_round_pen(_chalk_brush(), width * rng.uniform(0.9, 1.1)))
    painter.drawPath(path)
    painter.setOpacity(1.0)


def _chalk_brush() -> QBrush:
    """Chalk as a brush: white with a fine grain of fainter specks, the same every time."""
    brush = QBrush(_chalk_texture())
    brush.setTransform(QTransform.fromScale(0.35, 0.35))
    return brush


@functools.cache
def _chalk_texture() -> QImage:
    rng = random.Random("chalk")
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    for y in range(64):
        for x in range(64):
            grain = rng.random()
            alpha = 255 if grain > 0.3 else 90 + int(grain * 400)
            image.setPixelColor(x, y, QColor(246, 244, 232, alpha))
    return image


def _round_pen(brush: QBrush, width: float) -> QPen:
    pen = QPen(brush, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen
