"""The suits' shapes, painted with QPainter vector paths in a unit square: the French deck's
hearts, diamonds, clubs and spades, the Swiss German deck's roses, bells, acorns and shields,
and the arrows of the trick row; the colours of the cards. ``tutor.ui.widgets.cardfaces``
paints whole cards with them."""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
)

from engine import Suit
from tutor.vocab import DEFAULT_DECK

FACE = QColor("#fdfdfb")
BORDER = QColor("#a3a8ae")
RED = QColor("#c0392b")
BLACK = QColor("#23272d")
GOLD = QColor("#e2b23a")
GOLD_DARK = QColor("#8a6416")
GREEN = QColor("#5b8a3c")
BACK = QColor("#2d5b82")
BACK_LINE = QColor("#4a7aa3")
TRUMP_STAR = QColor("#e0a100")


# The colour of the index and of the court frame, per deck (``tutor.vocab.DECKS``) and suit.
INK: Final = {
    "french": {Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK, Suit.SPADES: BLACK},
    "german": {
        Suit.HEARTS: QColor("#b3312f"),
        Suit.DIAMONDS: QColor("#94680f"),
        Suit.CLUBS: QColor("#6a4a24"),
        Suit.SPADES: QColor("#2e4460"),
    },
}


# ---------------------------------------------------------------- shapes in a unit square


def pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def _ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), rx, rx if ry is None else ry)
    return path


@cache
def heart_path() -> QPainterPath:
    p = QPainterPath(QPointF(0.5, 0.94))
    p.cubicTo(0.38, 0.80, 0.04, 0.60, 0.04, 0.34)
    p.cubicTo(0.04, 0.16, 0.16, 0.06, 0.29, 0.06)
    p.cubicTo(0.40, 0.06, 0.47, 0.13, 0.5, 0.23)
    p.cubicTo(0.53, 0.13, 0.60, 0.06, 0.71, 0.06)
    p.cubicTo(0.84, 0.06, 0.96, 0.16, 0.96, 0.34)
    p.cubicTo(0.96, 0.60, 0.62, 0.80, 0.5, 0.94)
    p.closeSubpath()
    return p


@cache
def diamond_path() -> QPainterPath:
    p = QPainterPath(QPointF(0.5, 0.02))
    p.quadTo(0.64, 0.30, 0.88, 0.5)
    p.quadTo(0.64, 0.70, 0.5, 0.98)
    p.quadTo(0.36, 0.70, 0.12, 0.5)
    p.quadTo(0.36, 0.30, 0.5, 0.02)
    p.closeSubpath()
    return p


def _stem() -> QPainterPath:
    p = QPainterPath(QPointF(0.47, 0.62))
    p.cubicTo(0.46, 0.80, 0.40, 0.90, 0.30, 0.97)
    p.lineTo(0.70, 0.97)
    p.cubicTo(0.60, 0.90, 0.54, 0.80, 0.53, 0.62)
    p.closeSubpath()
    return p


@cache
def spade_path() -> QPainterPath:
    p = QPainterPath(QPointF(0.5, 0.03))
    p.cubicTo(0.62, 0.20, 0.96, 0.38, 0.96, 0.60)
    p.cubicTo(0.96, 0.75, 0.85, 0.83, 0.73, 0.83)
    p.cubicTo(0.62, 0.83, 0.55, 0.76, 0.5, 0.68)
    p.cubicTo(0.45, 0.76, 0.38, 0.83, 0.27, 0.83)
    p.cubicTo(0.15, 0.83, 0.04, 0.75, 0.04, 0.60)
    p.cubicTo(0.04, 0.38, 0.38, 0.20, 0.5, 0.03)
    p.closeSubpath()
    return p.united(_stem())


@cache
def club_path() -> QPainterPath:
    p = _ellipse(0.5, 0.26, 0.21)
    for shape in (_ellipse(0.26, 0.57, 0.21), _ellipse(0.74, 0.57, 0.21),
                  _ellipse(0.5, 0.50, 0.13), _stem()):
        p = p.united(shape)
    return p


_FRENCH: Final = {
    Suit.HEARTS: heart_path, Suit.DIAMONDS: diamond_path,
    Suit.CLUBS: club_path, Suit.SPADES: spade_path,
}

# A German symbol is drawn in layers: (path, fill, outline colour or None).
Layer = tuple[QPainterPath, QColor, QColor | None]

_ROSE_RED = QColor("#c8363c")
_ROSE_DARK = QColor("#7e1f24")


@cache
def rose_layers() -> tuple[Layer, ...]:
    sepals = QPainterPath()
    for k in range(5):
        a = math.radians(-54 + 72 * k)
        tip = QPointF(0.5 + 0.47 * math.cos(a), 0.5 + 0.47 * math.sin(a))
        side = math.radians(90)
        base = [QPointF(0.5 + 0.2 * math.cos(a + s * side / 2),
                        0.5 + 0.2 * math.sin(a + s * side / 2)) for s in (-1, 1)]
        leaf = QPainterPath(base[0])
        leaf.quadTo(tip * 0.7 + base[0] * 0.3, tip)
        leaf.quadTo(tip * 0.7 + base[1] * 0.3, base[1])
        leaf.closeSubpath()
        sepals = sepals.united(leaf)
    petals = _ellipse(0.5, 0.5, 0.24)
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        petals = petals.united(_ellipse(0.5 + 0.2 * math.cos(a), 0.5 + 0.2 * math.sin(a), 0.2))
    inner = QPainterPath()
    for k in range(5):
        a = math.radians(-54 + 72 * k)
        inner.moveTo(0.5, 0.5)
        inner.lineTo(0.5 + 0.2 * math.cos(a), 0.5 + 0.2 * math.sin(a))
    heart = _ellipse(0.5, 0.5, 0.11)
    return (
        (sepals, GREEN, QColor("#35562a")),
        (petals, _ROSE_RED, _ROSE_DARK),
        (inner, QColor(0, 0, 0, 0), _ROSE_DARK),
        (heart, GOLD, GOLD_DARK),
    )


@cache
def bell_layers() -> tuple[Layer, ...]:
    loop = QPainterPath()
    loop.addEllipse(QPointF(0.5, 0.13), 0.08, 0.075)
    loop.addEllipse(QPointF(0.5, 0.13), 0.035, 0.03)
    loop.setFillRule(Qt.FillRule.OddEvenFill)
    ball = _ellipse(0.5, 0.56, 0.38, 0.37)
    band = QPainterPath()
    band.addRect(QRectF(0, 0.44, 1, 0.11))
    band = band.intersected(ball)
    slot = QPainterPath()
    slot.addEllipse(QPointF(0.5, 0.74), 0.055, 0.055)
    slot.addRect(QRectF(0.485, 0.74, 0.03, 0.2))
    slot = slot.simplified().intersected(ball)
    shine = _ellipse(0.36, 0.34, 0.07, 0.045)
    return (
        (loop, GOLD, GOLD_DARK),
        (ball, GOLD, GOLD_DARK),
        (band, _ROSE_RED, _ROSE_DARK),
        (slot, QColor("#3b2a0c"), None),
        (shine, QColor(255, 255, 255, 150), None),
    )


@cache
def acorn_layers() -> tuple[Layer, ...]:
    stem = QPainterPath(QPointF(0.47, 0.34))
    stem.cubicTo(0.47, 0.22, 0.5, 0.12, 0.56, 0.06)
    stem.lineTo(0.6, 0.09)
    stem.cubicTo(0.55, 0.15, 0.53, 0.24, 0.53, 0.34)
    stem.closeSubpath()
    leaf = QPainterPath(QPointF(0.54, 0.2))
    leaf.quadTo(0.66, 0.02, 0.9, 0.08)
    leaf.quadTo(0.8, 0.3, 0.54, 0.2)
    leaf.closeSubpath()
    nut = _ellipse(0.5, 0.64, 0.25, 0.31)
    cap = QPainterPath(QPointF(0.2, 0.52))
    cap.cubicTo(0.2, 0.26, 0.8, 0.26, 0.8, 0.52)
    cap.quadTo(0.5, 0.6, 0.2, 0.52)
    cap.closeSubpath()
    hatch = QPainterPath()
    for i in range(1, 6):
        x = 0.2 + i * 0.1
        hatch.moveTo(x - 0.06, 0.36)
        hatch.lineTo(x + 0.06, 0.55)
        hatch.moveTo(x + 0.06, 0.36)
        hatch.lineTo(x - 0.06, 0.55)
    shine = _ellipse(0.4, 0.72, 0.05, 0.09)
    return (
        (stem, QColor("#6a4a24"), QColor("#3f2a12")),
        (leaf, GREEN, QColor("#35562a")),
        (nut, QColor("#d9a441"), QColor("#6e4a1e")),
        (shine, QColor(255, 255, 255, 110), None),
        (cap, QColor("#7a4e2a"), QColor("#3f2a12")),
        (_clip_stroke(hatch, cap), QColor("#5a3a1c"), None),
    )


def _clip_stroke(lines: QPainterPath, clip: QPainterPath) -> QPainterPath:
    """Thin lines ``lines`` turned into a filled outline and clipped to ``clip``."""
    stroker = QPainterPathStroker()
    stroker.setWidth(0.025)
    return stroker.createStroke(lines).intersected(clip)


@cache
def shield_layers() -> tuple[Layer, ...]:
    shield = QPainterPath(QPointF(0.14, 0.08))
    shield.lineTo(0.86, 0.08)
    shield.lineTo(0.86, 0.44)
    shield.cubicTo(0.86, 0.72, 0.68, 0.86, 0.5, 0.96)
    shield.cubicTo(0.32, 0.86, 0.14, 0.72, 0.14, 0.44)
    shield.closeSubpath()
    bend = QPainterPath(QPointF(0.0, 0.12))
    bend.lineTo(0.16, -0.04)
    bend.lineTo(1.0, 0.8)
    bend.lineTo(0.84, 0.96)
    bend.closeSubpath()
    boss = _ellipse(0.5, 0.45, 0.075)
    return (
        (shield, QColor("#3d5a80"), None),
        (bend.intersected(shield), GOLD, None),
        (boss, _ROSE_RED, _ROSE_DARK),
        (shield, QColor(0, 0, 0, 0), QColor("#232a33")),
    )


_GERMAN: Final = {
    Suit.HEARTS: rose_layers, Suit.DIAMONDS: bell_layers,
    Suit.CLUBS: acorn_layers, Suit.SPADES: shield_layers,
}


def paint_suit(painter: QPainter, rect: QRectF, suit: Suit, deck: str = DEFAULT_DECK,
               color: QColor | None = None) -> None:
    """The symbol of ``suit`` in ``deck`` fitted into the square centred in ``rect``.

    ``color`` overrides the fill of French symbols (for badges on a coloured ground).
    """
    side = min(rect.width(), rect.height())
    painter.save()
    painter.translate(rect.center().x() - side / 2, rect.center().y() - side / 2)
    painter.scale(side, side)
    if deck == "german":
        for path, fill, outline in _GERMAN[suit]():
            painter.setPen(pen(outline, 0.035) if outline is not None else Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawPath(path)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color if color is not None else INK["french"][suit])
        painter.drawPath(_FRENCH[suit]())
    painter.restore()


def paint_arrow(painter: QPainter, rect: QRectF, up: bool, color: QColor) -> None:
    """An arrow up (Obenabe) or down (Undenufe) in the square centred in ``rect``."""
    side = min(rect.width(), rect.height())
    p = QPainterPath(QPointF(0.5, 0.06))
    for x, y in ((0.9, 0.5), (0.64, 0.5), (0.64, 0.94), (0.36, 0.94), (0.36, 0.5), (0.1, 0.5)):
        p.lineTo(x, y)
    p.closeSubpath()
    painter.save()
    painter.translate(rect.center())
    painter.scale(side, side if up else -side)
    painter.translate(-0.5, -0.5)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(p)
    painter.restore()
