"""Card faces painted with QPainter vector paths: no bitmaps, crisp at any size and on HiDPI.

Two decks: ``french`` (♥ ♦ ♣ ♠, red and black) and ``german`` (the Swiss German-suited deck:
roses, bells, acorns, shields; Banner, Under, Ober). Every shape is a path in a unit square,
scaled to the card; the rank index is turned into a path too, drawn with the font the app
ships (``resources/JassTutorIndex-Bold.ttf``: DejaVu Sans Condensed Bold cut to digits and
capitals, under its own license beside it), so a card looks the same on every screen. All the
other art here is our own.

Widgets live in :mod:`tutor.ui.widgets.card`; this module only paints.
"""

from __future__ import annotations

import math
import sys
from collections import OrderedDict
from functools import cache
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)

from engine import Card, Rank, Trump
from tutor.data import INDEX_FONT, resource
from tutor.ui.widgets.suits import (
    BACK,
    BACK_LINE,
    BORDER,
    FACE,
    GOLD,
    GOLD_DARK,
    INK,
    TRUMP_STAR,
    paint_arrow,
    paint_suit,
    pen,
)
from tutor.vocab import DEFAULT_DECK, check_deck

ASPECT: Final = 0.66  # card width / height


INDEX: Final = {
    "french": {
        Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
        Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
    },
    "german": {
        Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "B",
        Rank.JACK: "U", Rank.QUEEN: "O", Rank.KING: "K", Rank.ACE: "A",
    },
}

# Pip centres as fractions of the card (x, y); pips below the middle are drawn upside down.
_L, _C, _R = 0.345, 0.5, 0.655
_ROWS4 = (0.2, 0.4, 0.6, 0.8)
_ROWS3 = (0.2, 0.5, 0.8)
PIPS: Final = {
    Rank.SIX: [(x, y) for y in _ROWS3 for x in (_L, _R)],
    Rank.SEVEN: [(x, y) for y in _ROWS3 for x in (_L, _R)] + [(_C, 0.35)],
    Rank.EIGHT: [(x, y) for y in _ROWS3 for x in (_L, _R)] + [(_C, 0.35), (_C, 0.65)],
    Rank.NINE: [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 0.5)],
    Rank.TEN: [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 0.3), (_C, 0.7)],
}


# ---------------------------------------------------------------- text as paths


@cache
def _index_font() -> QFont:
    """The shipped index font; should it be missing, the system's bold sans serif (and a line
    on stderr naming the file: the cards are still drawn, a little differently)."""
    path = resource(INDEX_FONT)
    loaded = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(loaded) if loaded >= 0 else []
    if families:
        font = QFont(families[0])
    else:
        print(f"jass-tutor: the card index font {path} could not be loaded; the cards use the "
              "system's sans serif", file=sys.stderr)
        font = QFont()
        font.setStyleHint(QFont.StyleHint.SansSerif)
        font.setStretch(QFont.Stretch.SemiCondensed)
    font.setPixelSize(100)
    font.setWeight(QFont.Weight.Bold)
    return font


@cache
def _cap_height() -> float:
    path = QPainterPath()
    path.addText(0, 0, _index_font(), "K")
    return path.boundingRect().height()


@cache
def _text_path(text: str) -> QPainterPath:
    path = QPainterPath()
    path.addText(0, 0, _index_font(), text)
    return path


def paint_text(painter: QPainter, center_x: float, top: float, cap: float, text: str,
               color: QColor, max_width: float | None = None) -> float:
    """``text`` with capital height ``cap`` centred on ``center_x`` under ``top``; its bottom."""
    path = _text_path(text)
    box = path.boundingRect()
    scale = cap / _cap_height()
    sx = scale
    if max_width is not None and box.width() * scale > max_width:
        sx = max_width / box.width()
    painter.save()
    painter.translate(center_x, top)
    painter.scale(sx, scale)
    painter.translate(-box.center().x(), -box.top())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()
    return top + box.height() * scale


# ---------------------------------------------------------------- whole cards


def card_outline(rect: QRectF) -> QPainterPath:
    """The rounded shape of a card filling ``rect``."""
    radius = rect.width() * 0.07
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def paint_card(painter: QPainter, rect: QRectF, card: Card | None, deck: str = DEFAULT_DECK,
               *, trump: bool = False) -> None:
    """Paint ``card`` (``None``: the back) of ``deck`` into ``rect`` in logical coordinates.

    ``trump`` adds a small star under the top left index, the mark of a trump card.
    """
    check_deck(deck)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    outline = card_outline(rect)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(FACE)
    painter.drawPath(outline)
    painter.translate(rect.topLeft())
    w, h = rect.width(), rect.height()
    if card is None:
        _paint_back(painter, w, h)
    else:
        _paint_face(painter, w, h, card, deck)
        if trump:  # under the top index, so it shows in an overlapping hand
            _paint_star(painter, QPointF(w * 0.115, h * 0.33), w * 0.07)
    painter.restore()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(BORDER, max(1.0, w * 0.012)))
    inset = max(1.0, w * 0.012) / 2
    painter.drawPath(card_outline(rect.adjusted(inset, inset, -inset, -inset)))
    painter.restore()


def _paint_face(painter: QPainter, w: float, h: float, card: Card, deck: str) -> None:
    ink = INK[deck][card.suit]
    _paint_corner(painter, w, h, card, deck, ink)
    painter.save()
    painter.translate(w, h)
    painter.rotate(180)
    _paint_corner(painter, w, h, card, deck, ink)
    painter.restore()
    if card.rank in PIPS and not (deck == "german" and card.rank == Rank.TEN):
        _paint_pips(painter, w, h, card, deck)
    elif card.rank == Rank.ACE:
        _paint_ace(painter, w, h, card, deck, ink)
    elif card.rank == Rank.TEN:
        _paint_banner(painter, w, h, card, ink)
    else:
        _paint_court(painter, w, h, card, deck, ink)


#: Where the top-left index lies, in parts of the card's width (x, widths) and height (top,
#: rank height, gap): the rank centred on ``INDEX_X``, the suit under it.
INDEX_X, INDEX_TOP, INDEX_RANK, INDEX_RANK_WIDTH, INDEX_GAP, INDEX_SUIT = (
    0.115, 0.055, 0.105, 0.19, 0.02, 0.15)


def _paint_corner(painter: QPainter, w: float, h: float, card: Card, deck: str,
                  ink: QColor) -> None:
    x = w * INDEX_X
    bottom = paint_text(painter, x, h * INDEX_TOP, h * INDEX_RANK, INDEX[deck][card.rank], ink,
                        max_width=w * INDEX_RANK_WIDTH)
    size = w * INDEX_SUIT
    paint_suit(painter, QRectF(x - size / 2, bottom + h * INDEX_GAP, size, size), card.suit,
               deck)


def index_rect(card: QRectF) -> QRectF:
    """The box of the top-left index (rank and suit) of a card painted in ``card``: what must
    stay in sight when cards overlap in a hand. The rank may be narrower than its box (a
    narrow digit) and is at most as high (a letter with no descender)."""
    w, h = card.width(), card.height()
    half = max(INDEX_RANK_WIDTH, INDEX_SUIT) * w / 2
    top = h * INDEX_TOP
    bottom = top + h * (INDEX_RANK + INDEX_GAP) + w * INDEX_SUIT
    return QRectF(card.left() + w * INDEX_X - half, card.top() + top, 2 * half, bottom - top)


def _paint_pips(painter: QPainter, w: float, h: float, card: Card, deck: str) -> None:
    size = w * (0.19 if deck == "french" else 0.21)
    for fx, fy in PIPS[card.rank]:
        rect = QRectF(fx * w - size / 2, fy * h - size / 2, size, size)
        if fy > 0.5:
            painter.save()
            painter.translate(rect.center())
            painter.rotate(180)
            painter.translate(-rect.center())
            paint_suit(painter, rect, card.suit, deck)
            painter.restore()
        else:
            paint_suit(painter, rect, card.suit, deck)


def _paint_ace(painter: QPainter, w: float, h: float, card: Card, deck: str, ink: QColor) -> None:
    size = w * 0.5
    center = QPointF(w / 2, h / 2)
    ring = QColor(ink)
    ring.setAlpha(70)
    painter.setPen(QPen(ring, w * 0.012))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(center, w * 0.34, w * 0.34)
    paint_suit(painter, QRectF(center.x() - size / 2, center.y() - size / 2, size, size),
               card.suit, deck)


def _paint_banner(painter: QPainter, w: float, h: float, card: Card, ink: QColor) -> None:
    """The German ten: a banner on a pole, the suit on the cloth."""
    pole_x, top, bottom = w * 0.3, h * 0.2, h * 0.8
    painter.setPen(pen(QColor("#6a4a24"), w * 0.03))
    painter.drawLine(QPointF(pole_x, top), QPointF(pole_x, bottom))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(GOLD)
    painter.drawEllipse(QPointF(pole_x, top - w * 0.02), w * 0.035, w * 0.035)
    cloth = QPainterPath(QPointF(pole_x, h * 0.24))
    cloth.cubicTo(w * 0.45, h * 0.21, w * 0.6, h * 0.28, w * 0.78, h * 0.24)
    cloth.lineTo(w * 0.78, h * 0.58)
    cloth.cubicTo(w * 0.6, h * 0.62, w * 0.45, h * 0.55, pole_x, h * 0.58)
    cloth.closeSubpath()
    tint = QColor(ink)
    tint.setAlpha(28)
    painter.setBrush(QColor("#f7f1e3"))
    painter.setPen(pen(ink, w * 0.014))
    painter.drawPath(cloth)
    painter.setBrush(tint)
    painter.drawPath(cloth)
    size = w * 0.3
    paint_suit(painter, QRectF(w * 0.545 - size / 2, h * 0.41 - size / 2, size, size),
               card.suit, "german")


def _paint_court(painter: QPainter, w: float, h: float, card: Card, deck: str,
                 ink: QColor) -> None:
    frame = QRectF(w * 0.22, h * 0.1, w * 0.56, h * 0.8)
    tint = QColor(ink)
    tint.setAlpha(22)
    edge = QColor(ink)
    edge.setAlpha(150)
    painter.setBrush(tint)
    painter.setPen(QPen(edge, w * 0.012))
    painter.drawRoundedRect(frame, w * 0.04, w * 0.04)
    for turn in (0, 180):
        painter.save()
        painter.translate(w / 2, h / 2)
        painter.rotate(turn)
        painter.translate(-w / 2, -h / 2)
        _paint_court_half(painter, w, h, card, deck, ink)
        painter.restore()
    size = h * 0.07
    paint_suit(painter, QRectF(w / 2 - size / 2, h / 2 - size / 2, size, size), card.suit, deck)


def _paint_court_half(painter: QPainter, w: float, h: float, card: Card, deck: str,
                      ink: QColor) -> None:
    motif = QRectF(w * 0.32, h * 0.13, w * 0.36, w * 0.27)
    _paint_motif(painter, motif, card.rank, ink)
    paint_text(painter, w / 2, motif.bottom() + h * 0.02, h * 0.085, INDEX[deck][card.rank], ink)


def _paint_motif(painter: QPainter, rect: QRectF, rank: Rank, ink: QColor) -> None:
    """A crown (king), a diadem (queen, Ober) or a feathered cap (jack, Under)."""
    painter.save()
    painter.translate(rect.topLeft())
    painter.scale(rect.width(), rect.height())
    outline = pen(GOLD_DARK, 0.035)
    painter.setPen(outline)
    if rank == Rank.KING:
        crown = QPainterPath(QPointF(0.12, 0.9))
        for x, y in ((0.08, 0.3), (0.3, 0.55), (0.5, 0.15), (0.7, 0.55), (0.92, 0.3), (0.88, 0.9)):
            crown.lineTo(x, y)
        crown.closeSubpath()
        painter.setBrush(GOLD)
        painter.drawPath(crown)
        for x, y in ((0.08, 0.3), (0.5, 0.15), (0.92, 0.3)):
            painter.drawEllipse(QPointF(x, y), 0.07, 0.09)
        painter.setBrush(ink)
        painter.drawRect(QRectF(0.13, 0.72, 0.74, 0.12))
    elif rank == Rank.QUEEN:
        diadem = QPainterPath(QPointF(0.14, 0.9))
        diadem.lineTo(0.14, 0.55)
        diadem.quadTo(0.32, 0.62, 0.32, 0.4)
        diadem.quadTo(0.41, 0.5, 0.5, 0.22)
        diadem.quadTo(0.59, 0.5, 0.68, 0.4)
        diadem.quadTo(0.68, 0.62, 0.86, 0.55)
        diadem.lineTo(0.86, 0.9)
        diadem.closeSubpath()
        painter.setBrush(GOLD)
        painter.drawPath(diadem)
        painter.setBrush(ink)
        painter.drawEllipse(QPointF(0.5, 0.66), 0.09, 0.12)
    else:
        feather = QPainterPath(QPointF(0.6, 0.55))
        feather.cubicTo(0.62, 0.3, 0.8, 0.1, 0.98, 0.06)
        feather.cubicTo(0.9, 0.25, 0.8, 0.45, 0.68, 0.6)
        feather.closeSubpath()
        painter.setBrush(GOLD)
        painter.drawPath(feather)
        cap = QPainterPath(QPointF(0.12, 0.82))
        cap.cubicTo(0.1, 0.35, 0.78, 0.3, 0.86, 0.78)
        cap.closeSubpath()
        painter.setBrush(ink)
        painter.drawPath(cap)
        painter.setBrush(GOLD)
        painter.drawRoundedRect(QRectF(0.06, 0.76, 0.86, 0.14), 0.06, 0.06)
    painter.restore()


def _paint_star(painter: QPainter, center: QPointF, radius: float) -> None:
    star = QPainterPath()
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = math.radians(-90 + 36 * k)
        point = QPointF(center.x() + r * math.cos(a), center.y() + r * math.sin(a))
        if k == 0:
            star.moveTo(point)
        else:
            star.lineTo(point)
    star.closeSubpath()
    painter.setPen(pen(GOLD_DARK, radius * 0.16))
    painter.setBrush(TRUMP_STAR)
    painter.drawPath(star)


def _paint_back(painter: QPainter, w: float, h: float) -> None:
    """A calm blue back: a white margin, a fine lattice and a small Swiss cross."""
    inner = QRectF(w * 0.06, w * 0.06, w * 0.88, h - w * 0.12)
    shape = QPainterPath()
    shape.addRoundedRect(inner, w * 0.04, w * 0.04)
    gradient = QLinearGradient(inner.topLeft(), inner.bottomRight())
    gradient.setColorAt(0, BACK.lighter(112))
    gradient.setColorAt(1, BACK.darker(108))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(gradient))
    painter.drawPath(shape)
    painter.save()
    painter.setClipPath(shape)
    painter.setPen(QPen(BACK_LINE, max(0.6, w * 0.01)))
    step = w * 0.09
    n = int((w + h) / step) + 2
    for i in range(-n, n):
        x = i * step
        painter.drawLine(QPointF(x, 0), QPointF(x + h, h))
        painter.drawLine(QPointF(x, 0), QPointF(x - h, h))
    painter.restore()
    c = QPointF(w / 2, h / 2)
    r = w * 0.17
    painter.setPen(QPen(QColor("#f4f1ea"), w * 0.02))
    painter.setBrush(QColor("#c0392b"))
    painter.drawEllipse(c, r, r)
    arm, half = r * 0.62, r * 0.19
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f4f1ea"))
    painter.drawRect(QRectF(c.x() - half, c.y() - arm, 2 * half, 2 * arm))
    painter.drawRect(QRectF(c.x() - arm, c.y() - half, 2 * arm, 2 * half))


# ---------------------------------------------------------------- pixmaps


_PIXMAPS: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_PIXMAP_LIMIT: Final = 256


def card_pixmap(card: Card | None, deck: str, height: int, device_pixel_ratio: float = 1.0,
                *, trump: bool = False) -> QPixmap:
    """A transparent pixmap of ``card`` ``height`` logical pixels high (width ``height * 0.66``),
    sharp at ``device_pixel_ratio``. Recently used pixmaps are kept, so repainting is cheap."""
    check_deck(deck)
    key = (card, deck, height, device_pixel_ratio, trump)
    pixmap = _PIXMAPS.get(key)
    if pixmap is not None:
        _PIXMAPS.move_to_end(key)
        return pixmap
    width = card_width(height)
    pixmap = QPixmap(math.ceil(width * device_pixel_ratio), math.ceil(height * device_pixel_ratio))
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_card(painter, QRectF(0, 0, width, height), card, deck, trump=trump)
    painter.end()
    _PIXMAPS[key] = pixmap
    if len(_PIXMAPS) > _PIXMAP_LIMIT:
        _PIXMAPS.popitem(last=False)
    return pixmap


def card_width(height: float) -> int:
    """The width of a card ``height`` high."""
    return round(height * ASPECT)


def trump_card(card: Card | None, trump: Trump | None) -> bool:
    """Whether ``card`` belongs to the trump suit."""
    return card is not None and trump is not None and trump.suit == card.suit


__all__ = [
    "ASPECT", "INDEX", "INK", "card_outline", "card_pixmap", "card_width", "index_rect",
    "paint_arrow", "paint_card", "paint_suit", "paint_text", "trump_card",
]
