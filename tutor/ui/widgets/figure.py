"""A lesson step's figure (``FigureView``): its trick and hand, laid out beside or above each
other as the width allows, its cards smaller while an exercise shows cards below it."""

from __future__ import annotations

from PySide6.QtCore import (
    QRect,
    QSize,
)
from PySide6.QtGui import (
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QWidget,
)

from tutor.content import Figure
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView

#: The trick of a figure is drawn a little smaller than its hand, as in the exercises.
TRICK_SCALE = 0.8
#: How far a figure's hand may close up its cards to stay beside the trick (share of its width).
HAND_CLOSE_UP = 0.7


class FigureView(QWidget):
    """A step's figure: the trump badge, the trick and the hand, side by side when the width
    allows, else one under the other (its height follows its width)."""

    GAP = 12

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("figure")
        self.figure: Figure | None = None
        self.badge = TrumpBadge(self)
        self.trick = TrickView(self)
        self.hand = HandView(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.hand.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_figure(self, figure: Figure | None, deck: str, card_height: int) -> None:
        self.figure = figure
        self.setVisible(figure is not None)
        if figure is None:
            return
        self.badge.set_deck(deck)
        self.badge.set_trump(figure.trump)
        self.badge.setVisible(figure.trump is not None)
        self.trick.set_deck(deck)
        self.trick.set_card_height(int(card_height * TRICK_SCALE))
        self.trick.set_trump(figure.trump)
        self.trick.set_trick(figure.trick, leader=figure.leader)
        self.trick.set_highlight(figure.highlight)
        self.trick.setVisible(bool(figure.trick))
        self.hand.set_deck(deck)
        self.hand.set_card_height(card_height)
        self.hand.set_trump(figure.trump)
        self.hand.set_cards(figure.hand)
        self.hand.set_highlight(figure.highlight)
        self.hand.set_legal(figure.legal)
        self.hand.setVisible(bool(figure.hand))
        self.updateGeometry()
        self._place()

    def parts(self) -> list[QWidget]:
        """The parts drawn: badge, trick, hand (those the figure has)."""
        if self.figure is None:
            return []
        shown = [(self.badge, self.figure.trump is not None), (self.trick, bool(self.figure.trick)),
                 (self.hand, bool(self.figure.hand))]
        return [widget for widget, on in shown if on]

    def _arrange(self, width: int) -> tuple[list[tuple[QWidget, QRect]], int]:
        """Where each part goes in ``width``, and the height used. In order of preference: all
        on one row; the badge above the trick and the hand on one row (the hand's cards may
        close up a little); one part per row (a hand squeezed only if it cannot fit)."""
        parts = self.parts()
        if not parts:
            return [], 0
        sizes = {id(w): w.sizeHint() for w in parts}
        hand_min = self.hand.minimumSizeHint().width() if self.hand in parts else 0
        closed_up = max(hand_min, round(sizes[id(self.hand)].width() * HAND_CLOSE_UP)
                        if self.hand in parts else 0)

        def row(widgets: list[QWidget], top: int) -> tuple[list[tuple[QWidget, QRect]], int]:
            x, placed, height = 0, [], 0
            for widget in widgets:
                size = sizes[id(widget)]
                w = size.width()
                if widget is self.hand:
                    w = max(min(w, width - x), min(hand_min, width))
                placed.append((widget, QRect(x, top, w, size.height())))
                x += w + self.GAP
                height = max(height, size.height())
            return placed, height

        def fits(widgets: list[QWidget], hand: int | None = None) -> bool:
            need = sum(hand if w is self.hand and hand is not None else sizes[id(w)].width()
                       for w in widgets)
            return need + self.GAP * (len(widgets) - 1) <= width

        cards = [w for w in parts if w is not self.badge]
        badge: list[QWidget] = [self.badge] if self.badge in parts else []
        if fits(parts):
            rows = [parts]
        elif fits(cards, closed_up):
            rows = [badge, cards] if badge else [cards]
        else:
            rows = ([badge] if badge else []) + [[w] for w in cards]
        placed: list[tuple[QWidget, QRect]] = []
        top = 0
        for widgets in rows:
            more, height = row(widgets, top)
            placed += more
            top += height + self.GAP // 2
        return placed, top - self.GAP // 2

    def stacked_width(self) -> int:
        """The width the figure needs with its parts one under the other."""
        return max((w.sizeHint().width() for w in self.parts()), default=0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(width)[1]

    def sizeHint(self) -> QSize:
        parts = self.parts()
        width = sum(w.sizeHint().width() for w in parts) + self.GAP * max(0, len(parts) - 1)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        parts = self.parts()
        if not parts:
            return QSize(0, 0)
        width = max(w.minimumSizeHint().width() for w in parts)
        return QSize(width, self.heightForWidth(width))

    def _place(self) -> None:
        for widget, rect in self._arrange(self.width())[0]:
            widget.setGeometry(rect)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def retranslate_ui(self) -> None:
        for widget in (self.badge, self.trick, self.hand):
            widget.retranslate_ui()
        self.updateGeometry()
        self._place()


__all__ = ["FigureView"]
