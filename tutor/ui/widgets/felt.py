"""The card table of the Play page (``FeltView``): a felt with a rim, the trick in the middle
and a chip per seat round it (``SeatChip``): the seat's name in its team's colour (Chibre) or
neutral (Pomme), a mark for the dealer and for who chose trump (the trump's suit), a ring round
the seat whose turn it is, and for the length of a trick what the seat announced (its
announcement, Stöck). The chip says all of it in its accessible name too.

The felt sizes the trick's cards to the room it has, between the limits a table view sets
(``set_card_limits``); the chips sit in a band round the trick, along the line from the middle
through each seat's card, so they never lie over a card. Motion (a card from its seat, or the
learner's from the hand, to the trick, a trick to its taker) is ``tutor.ui.widgets.motion``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine import Trump
from tutor import design
from tutor.i18n import _, pgettext
from tutor.ui import theme
from tutor.ui.widgets.suits import paint_suit
from tutor.ui.widgets.trick import SeatedTrickView
from tutor.vocab import DEFAULT_DECK, Deck

RIM = 8  # the rim's width
PAD = design.SPACE_XS  # between the rim and the chips
GAP = 2  # between the chips and the trick


#: The trick's cards at most as large as the hand's: as large as the felt allows up to that.
TRICK_TO_HAND = 1.0


@dataclasses.dataclass(frozen=True)
class SeatInfo:
    """What a seat's chip shows: ``team`` 0 is the learner's, 1 the opponents', ``None`` a
    game without teams; ``chose`` the trump this seat chose; ``said`` what it announced in the
    trick going on (shown beside its name); ``tooltip`` the bot's level."""

    name: str
    team: int | None = None
    dealer: bool = False
    chose: Trump | None = None
    turn: bool = False
    leads: bool = False
    said: str = ""
    tooltip: str = ""


def seat_words(info: SeatInfo) -> str:
    """The chip in words, for a screen reader: "Left, opponents, dealer, to play"."""
    parts = [info.name]
    if info.team is not None:
        parts.append(_("your team") if info.team == 0 else _("opponents"))
    if info.dealer:
        parts.append(_("dealer"))
    if info.chose is not None:
        parts.append(_("chose trump"))
    if info.leads:
        parts.append(_("leads"))
    if info.turn:
        parts.append(_("to play"))
    if info.said:
        parts.append(info.said)
    return ", ".join(parts)


class SeatChip(QWidget):
    """One seat's chip on the felt (see the module text)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = SeatInfo("")
        self.deck: Deck = DEFAULT_DECK
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_info(self, info: SeatInfo, deck: Deck) -> None:
        changed = info != self.info or deck != self.deck
        self.info, self.deck = info, deck
        if changed:
            self.setAccessibleName(seat_words(info))
            self.setToolTip(info.tooltip)
            self.resize(self.sizeHint())
            self.update()

    def _mark_size(self) -> float:
        return QFontMetricsF(self.font()).height()

    def sizeHint(self) -> QSize:
        metrics = QFontMetricsF(self.font())
        mark = self._mark_size()
        width = metrics.horizontalAdvance(self.info.name) + 2 * design.SPACE_M
        chose = self.info.chose is not None and self.info.chose.suit is not None
        width += sum(mark + design.SPACE_XS for shown in (self.info.dealer, chose) if shown)
        height = metrics.height() + 2 * 2 + 6  # the text, its margins, the ring
        if self.info.said:
            width = max(width, metrics.horizontalAdvance(self.info.said) + 2 * design.SPACE_M)
            height += metrics.height()
        return QSize(round(width) + 1, round(height))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        info = self.info
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        ring = 3.0
        body = QRectF(self.rect()).adjusted(ring, ring, -ring, -ring)
        ground = ("surface" if info.team is None else
                  "team_us" if info.team == 0 else "team_them")
        ink = theme.colour("text" if info.team is None else "team_text")
        radius = min(body.height() / 2, design.RADIUS * 1.5)
        if info.turn:
            painter.setPen(QPen(theme.colour("turn"), ring))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5),
                                    radius + 1.5, radius + 1.5)
        painter.setPen(QPen(theme.colour("felt_edge"), 1))
        painter.setBrush(theme.colour(ground))
        painter.drawRoundedRect(body, radius, radius)
        metrics = QFontMetricsF(self.font())
        line = metrics.height()
        mark = self._mark_size()
        chose = info.chose.suit if info.chose is not None else None
        marks = [m for m, shown in (("dealer", info.dealer), ("chose", chose is not None))
                 if shown]
        name_w = metrics.horizontalAdvance(info.name)
        row_w = name_w + sum(mark + design.SPACE_XS for _m in marks)
        x = body.center().x() - row_w / 2
        top = body.top() + 2
        painter.setPen(ink)
        font = self.font()
        font.setBold(info.turn)
        painter.setFont(font)
        painter.drawText(QRectF(x, top, name_w + 4, line), Qt.AlignmentFlag.AlignLeft, info.name)
        x += name_w + design.SPACE_XS
        for kind in marks:
            box = QRectF(x, top + (line - mark) / 2, mark, mark)
            if kind == "dealer":
                self._paint_dealer(painter, box, ink)
            elif chose is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(theme.colour("surface"))
                painter.drawEllipse(box)
                paint_suit(painter, box.adjusted(2, 2, -2, -2), chose, self.deck)
            x += mark + design.SPACE_XS
        if info.said:
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(ink)
            painter.drawText(QRectF(body.left(), top + line, body.width(), line),
                             Qt.AlignmentFlag.AlignHCenter, info.said)
        painter.end()

    def _paint_dealer(self, painter: QPainter, box: QRectF, ink: QColor) -> None:
        """The dealer's button: a disc with the dealer's initial (translated)."""
        painter.setPen(QPen(ink, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(box.adjusted(0.6, 0.6, -0.6, -0.6))
        font = self.font()
        font.setBold(True)
        font.setPointSizeF(max(5.0, font.pointSizeF() * 0.7))
        painter.setFont(font)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                         pgettext("the dealer's mark on the table, one letter", "D"))


class FeltView(QWidget):
    """The felt, the trick in its middle and the seats' chips (see the module text)."""

    def __init__(self, trick: SeatedTrickView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("felt")
        self.trick = trick
        trick.setParent(self)
        trick.set_on_felt(True)
        self.chips: list[SeatChip] = []
        self.deck: Deck = DEFAULT_DECK
        self._limits = (44, 110)
        self._least = QSize()  # the least size last given to the layout
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    # --- content ----------------------------------------------------------------------------------

    def set_seats(self, seats: Sequence[SeatInfo]) -> None:
        """One chip per seat, in seat order (the learner first)."""
        while len(self.chips) < len(seats):
            chip = SeatChip(self)
            chip.setObjectName(f"seatChip{len(self.chips)}")
            chip.show()
            self.chips.append(chip)
        while len(self.chips) > len(seats):
            self.chips.pop().deleteLater()
        for chip, info in zip(self.chips, seats, strict=True):
            chip.set_info(info, self.deck)
        self._ask_room()
        self._place()

    def set_deck(self, deck: Deck) -> None:
        self.deck = deck
        for chip in self.chips:
            chip.set_info(chip.info, deck)
            chip.update()
        self._ask_room()
        self._place()

    def set_card_limits(self, smallest: int, largest: int) -> None:
        """The trick's cards are between ``smallest`` and ``largest`` high, as large as the felt
        allows."""
        self._limits = (smallest, max(smallest, largest))
        self._ask_room()
        self._place()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._ask_room()

    def _ask_room(self) -> None:
        """Ask the layout for room only when the least size changed (the chips' words or marks,
        the smallest trick, the font): the table fits itself on every layout request, and
        asking each time never let it rest."""
        least = self.minimumSizeHint()
        if least != self._least:
            self._least = least
            self.updateGeometry()

    # --- geometry ---------------------------------------------------------------------------------

    def _seats(self) -> range:
        """The seats with a chip and a place in the trick: for a moment, while the number of
        players changes, the two may differ."""
        return range(min(len(self.chips), self.trick.seat_count()))

    def _bands(self, trick_width: int) -> tuple[float, float]:
        """The widths of the bands the chips sit in, round a trick ``trick_width`` wide: at the
        sides and at the top and bottom. A chip straight above or below the trick needs no room
        at its sides (the learner's, widened by its marks, would otherwise make the felt too
        wide for a small window), only as much as it is wider than the trick."""
        seats = self._seats()
        if not seats:
            return 0.0, 0.0
        middle = self.trick.width() / 2  # a seat's offset from it does not depend on the width
        beside: list[int] = []
        above: list[int] = []
        for seat in seats:
            (beside if abs(self.trick.seat_center(seat).x() - middle) > 1 else above).append(
                self.chips[seat].sizeHint().width())
        width = max(max(beside, default=0), (max(above, default=0) - trick_width) / 2)
        height = max(self.chips[seat].sizeHint().height() for seat in seats)
        return width + GAP, height + GAP

    def size_for(self, card_height: int) -> QSize:
        """The size the felt needs with the trick's cards ``card_height`` high."""
        trick = self.trick.size_for(card_height)
        side, band = self._bands(trick.width())
        frame = 2 * (RIM + PAD)
        return QSize(round(trick.width() + 2 * side + frame),
                     round(trick.height() + 2 * band + frame))

    def sizeHint(self) -> QSize:
        # as small as it may be: the felt grows into the room there is (a larger hint would
        # make a scroll area round it taller than its window when a text wraps beside it)
        return self.size_for(self._limits[0])

    def minimumSizeHint(self) -> QSize:
        return self.size_for(self._limits[0])

    def _card_height_for(self, width: int, height: int) -> int:
        smallest, largest = self._limits
        for card in range(largest, smallest - 1, -2):
            need = self.size_for(card)
            if need.width() <= width and need.height() <= height:
                return card
        return smallest

    def _place(self) -> None:
        card = self._card_height_for(self.width(), self.height())
        if card != self.trick.card_height():
            self.trick.set_card_height(card)
        size = self.trick.size_for(card)
        middle = QPointF(self.width() / 2, self.height() / 2)
        self.trick.setGeometry(round(middle.x() - size.width() / 2),
                               round(middle.y() - size.height() / 2),
                               size.width(), size.height())
        for seat in self._seats():
            chip = self.chips[seat]
            chip.resize(chip.sizeHint())
            centre = self.chip_centre(seat)
            chip.move(round(centre.x() - chip.width() / 2), round(centre.y() - chip.height() / 2))

    def chip_centre(self, seat: int) -> QPointF:
        """Where ``seat``'s chip lies: on the band round the trick, on the line from the
        middle of the table through the seat's card."""
        chip = self.chips[seat].sizeHint()
        middle = QPointF(self.width() / 2, self.height() / 2)
        card = self.trick.mapTo(self, self.trick.seat_center(seat).toPoint())
        dx, dy = card.x() - middle.x(), card.y() - middle.y()
        inset = RIM + PAD
        half_w = max(1.0, self.width() / 2 - inset - chip.width() / 2)
        half_h = max(1.0, self.height() / 2 - inset - chip.height() / 2)
        if abs(dx) < 1e-6 and abs(dy) < 1e-6:
            dy = 1.0
        scale = min(half_w / abs(dx) if abs(dx) > 1e-6 else 1e9,
                    half_h / abs(dy) if abs(dy) > 1e-6 else 1e9)
        return QPointF(middle.x() + dx * scale, middle.y() + dy * scale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    # --- painting ---------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        outer = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        radius = min(outer.height() / 3, design.RADIUS * 5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.colour("felt_edge"))
        painter.drawRoundedRect(outer, radius, radius)
        inner = outer.adjusted(RIM, RIM, -RIM, -RIM)
        felt = theme.colour("felt")
        glow = QRadialGradient(inner.center(), max(inner.width(), inner.height()) * 0.6)
        glow.setColorAt(0.0, felt.lighter(112))
        glow.setColorAt(1.0, felt)
        painter.setBrush(QBrush(glow))
        painter.drawRoundedRect(inner, radius - RIM / 2, radius - RIM / 2)
        line = QColor(theme.colour("felt_text"))
        line.setAlphaF(0.12)
        painter.setPen(QPen(line, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner.adjusted(4, 4, -4, -4), radius - RIM, radius - RIM)
        painter.end()


__all__ = ["FeltView", "SeatChip", "SeatInfo", "seat_words"]
