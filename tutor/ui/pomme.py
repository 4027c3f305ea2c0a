"""The Pomme table's widgets: a trick for three or five seats, and the table itself.

:class:`PommeTrickView` lays the seats of a table of three or five round the middle (the
learner at the bottom, the others in order of play to the right: R-POMME has no partner across);
:class:`PommeTableView` is the Play page's table for a game of Pomme: the trick, the actions
(take the aside, exchange or keep the 6, next round, try again), the hand, the coach's line and
the log on the left; the trump, the shown card, the aside (face down, with who took it) and
every player's score with apples and Putz points on the right. It only draws what
``tutor.table.pomme.PommeTable`` holds; the Play page (``tutor.ui.play``) owns it and its keys.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet, PommeChoice, trick_winner
from tutor.table.pomme_words import seat_name
from tutor.ui.cards import (
    CardWidget,
    HandView,
    SeatedTrickView,
    TrumpBadge,
    card_widget_size,
)
from tutor.ui.common import dim, label, push_button
from tutor.ui.flow import FlowLayout
from tutor.vocab import DEFAULT_DECK

#: Where each seat's card lies, in units of the card widget's width and height from the middle
#: of the table: the learner at the bottom, then round to the right in order of play.
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    3: ((0.0, 0.5), (1.25, -0.3), (-1.25, -0.3)),
    5: ((0.0, 0.55), (2.1, 0.0), (1.0, -0.55), (-1.0, -0.55), (-2.1, 0.0)),
}


class PommeTrickView(SeatedTrickView):
    """The trick of a table of 3 or 5: card ``i`` lies at seat ``(leader + i) % players``;
    each seat has a small label (the leader's and the one to play say so)."""

    def __init__(self, players: int = 3, parent: QWidget | None = None, *,
                 deck: str = DEFAULT_DECK, height: int = 90) -> None:
        super().__init__(parent, deck=deck, height=height)
        self.set_players(players)

    def set_players(self, players: int) -> None:
        if players not in LAYOUTS:
            raise ValueError(f"a Pomme table has 3 or 5 seats, not {players}")
        if players == self.players:
            return
        self._make_seats(players)
        for widget in self._seats:
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            widget.set_interactive(False)
        for seat_label in self._labels:
            seat_label.show()
        self._cards, self._leader, self._turn = [], 0, None
        self.retranslate_ui()

    @property
    def players(self) -> int:
        return len(self._seats)

    def set_highlight(self, cards: CardSet, meaning: str = "") -> None:
        """Highlight ``cards``: in Pomme, the winner of the trick (``meaning`` follows)."""
        super().set_highlight(cards, meaning or ("winner" if cards else "named"))

    def _seat_name(self, seat: int) -> str:
        return seat_name(seat, self.players)

    def _says_leader(self) -> bool:
        return bool(self._cards)

    def _bold(self, seat: int) -> bool:
        return seat == self._turn

    def _winning(self) -> Card | None:
        if self._cards and self._trump is not None:
            return self._cards[trick_winner(self._cards, self._trump, players=self.players)]
        return None

    # -- geometry: the seats round the middle, each card with its label under it (above it
    # for the seats at the top)

    def _blocks(self, height: int) -> tuple[QSize, float, list[QPointF]]:
        size = card_widget_size(height)
        label_h = QFontMetricsF(self.font()).height() + 2
        widest = max((QFontMetricsF(lbl.font()).horizontalAdvance(lbl.text()) + 6
                      for lbl in self._labels), default=0.0)
        unit_x = max(size.width() * 0.95, widest * (0.55 if self.players == 5 else 0.8))
        centres = [QPointF(x * unit_x, y * size.height()) for x, y in LAYOUTS[self.players]]
        return size, label_h, centres

    def _box(self, height: int) -> tuple[float, float, float, float]:
        """The bounding box (left, top, right, bottom) of every card and label."""
        size, label_h, centres = self._blocks(height)
        left = top = 1e9
        right = bottom = -1e9
        for seat, c in enumerate(centres):
            lw = max(size.width(), self._labels[seat].sizeHint().width())
            above = c.y() < 0
            left, right = min(left, c.x() - lw / 2), max(right, c.x() + lw / 2)
            top = min(top, c.y() - size.height() / 2 - (label_h if above else 0))
            bottom = max(bottom, c.y() + size.height() / 2 + (0 if above else label_h))
        return left, top, right, bottom

    def size_for(self, height: int) -> QSize:
        left, top, right, bottom = self._box(height)
        return QSize(round(right - left) + 8, round(bottom - top) + 4)

    def sizeHint(self) -> QSize:
        return self.size_for(self._height)

    def _origin(self) -> QPointF:
        left, top, right, _bottom = self._box(self._height)
        return QPointF(self.width() / 2 - (left + right) / 2, 2 - top)

    def seat_center(self, seat: int) -> QPointF:
        _size, _label_h, centres = self._blocks(self._height)
        return centres[seat] + self._origin()

    def _place(self) -> None:
        if not self._seats:
            return
        size, label_h, centres = self._blocks(self._height)
        origin = self._origin()
        for seat, (widget, seat_label) in enumerate(zip(self._seats, self._labels,
                                                        strict=True)):
            c = centres[seat] + origin
            widget.move(round(c.x() - size.width() / 2), round(c.y() - size.height() / 2))
            seat_label.adjustSize()
            lw = seat_label.width()
            if centres[seat].y() < 0:
                y = c.y() - size.height() / 2 - label_h + widget.margin()
            else:
                y = c.y() + size.height() / 2 - widget.margin() + 1
            x = min(max(0.0, c.x() - lw / 2), self.width() - lw)
            seat_label.move(round(x), round(y))


class PommeTableView(QWidget):
    """The table of a game of Pomme (see the module text). Its buttons emit ``action`` with
    the ``PommeChoice``; the hand emits ``action`` with the card."""

    action = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pommeTable")
        self.trick = PommeTrickView(3)
        self.badge = TrumpBadge()
        self.shown_card = CardWidget(None, DEFAULT_DECK, 64)
        self.shown_card.setObjectName("pommeShown")
        self.aside_card = CardWidget(None, DEFAULT_DECK, 64)
        self.aside_card.setObjectName("pommeAside")
        for widget in (self.shown_card, self.aside_card):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            widget.set_interactive(False)
        self.shown_caption = dim(label("pommeShownCaption", wrap=True))
        self.aside_caption = dim(label("pommeAsideCaption", wrap=True))
        self.trump_info = label("pommeTrumpInfo", wrap=True)
        self.aside_info = label("pommeAsideInfo", wrap=True)
        self.score_info = label("pommeScores", wrap=True)
        self.aside_button = push_button("takeAside",
                                        lambda: self.action.emit(PommeChoice.TAKE_ASIDE))
        self.exchange_button = push_button("exchangeSix",
                                           lambda: self.action.emit(PommeChoice.EXCHANGE_SIX))
        self.keep_button = push_button("keepSix", lambda: self.action.emit(PommeChoice.KEEP_SIX))
        self.take_back_button = QPushButton()
        self.take_back_button.setObjectName("pommeTakeBack")
        self.play_anyway_button = QPushButton()
        self.play_anyway_button.setObjectName("pommePlayAnyway")
        self.next_round_button = QPushButton()
        self.next_round_button.setObjectName("pommeNextRound")
        self.retry_button = QPushButton()
        self.retry_button.setObjectName("pommeRetry")
        self.action_bar = QWidget()
        self.action_bar.setObjectName("pommeActions")
        actions = FlowLayout(self.action_bar)
        for button in (self.exchange_button, self.keep_button, self.aside_button,
                       self.take_back_button, self.play_anyway_button,
                       self.next_round_button, self.retry_button):
            actions.addWidget(button)
            button.hide()
        self.card_height = 110  # the card size chosen in Settings (``set_deck``)
        self._hand_height = 110
        self.hand = HandView(height=110)
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self.action.emit)
        self.coach_text = label("pommeCoachText", wrap=True)
        self.coach_text.setTextFormat(Qt.TextFormat.PlainText)
        self.log = QListWidget()
        self.log.setObjectName("pommeLog")
        self.log.setWordWrap(True)
        self.log.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setMaximumHeight(120)
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)
        # the side: trump, the shown card and the aside, the scores
        side = QWidget()
        side.setObjectName("pommeSide")
        info = QVBoxLayout(side)
        info.setContentsMargins(0, 0, 0, 0)
        info.addWidget(self.badge)
        cards = QGridLayout()
        centre = Qt.AlignmentFlag.AlignHCenter
        cards.addWidget(self.shown_card, 0, 0, centre)
        cards.addWidget(self.aside_card, 0, 1, centre)
        cards.addWidget(self.shown_caption, 1, 0, centre)
        cards.addWidget(self.aside_caption, 1, 1, centre)
        cards.setColumnStretch(2, 1)
        info.addLayout(cards)
        for text in (self.trump_info, self.aside_info, self.score_info):
            info.addWidget(text)
        info.addStretch(1)
        self.side = side
        self.left = QVBoxLayout()
        self.left.setContentsMargins(0, 0, 0, 0)
        self.left.addWidget(self.trick, 1, Qt.AlignmentFlag.AlignCenter)
        self.left.addWidget(self.action_bar)
        self.left.addWidget(self.hand)
        self.left.addWidget(self.coach_text)
        self.left.addWidget(self.log)
        table = QWidget()
        self.row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight, table)
        row.setContentsMargins(0, 0, 0, 0)
        self.side_scroll = QScrollArea()
        self.side_scroll.setObjectName("pommeSideScroll")
        self.side_scroll.setWidgetResizable(True)
        self.side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.side_scroll.setWidget(side)
        row.addLayout(self.left, 3)
        row.addWidget(self.side_scroll, 2)
        self.table_scroll = QScrollArea()
        self.table_scroll.setObjectName("pommeTableScroll")
        self.table_scroll.setWidgetResizable(True)
        self.table_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.table_scroll.setWidget(table)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.table_scroll)

    def set_players(self, players: int) -> None:
        self.trick.set_players(players)
        self.aside_card.setVisible(players == 3)
        self.aside_caption.setVisible(players == 3)
        self.aside_info.setVisible(players == 3)

    def set_deck(self, deck: str, card_height: int) -> None:
        for widget in (self.shown_card, self.aside_card):
            widget.set_deck(deck)
        self.trick.set_deck(deck)
        self.hand.set_deck(deck)
        self.card_height = card_height
        self.badge.set_deck(deck)
        self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """The trick's cards as large as the height allows (from 44 up to a little smaller
        than the hand's); in a low window the hand's cards get smaller too (down to 72, never
        larger than the card size chosen in Settings), so that the whole table is in view."""
        viewport = self.table_scroll.viewport().height()
        spacing = max(0, self.left.spacing())
        texts = sum(w.sizeHint().height() + spacing for w in (self.action_bar, self.coach_text)
                    if not w.isHidden())
        texts += self.log.minimumHeight() + spacing
        hands = [self.card_height, *range(self.card_height - 8, MIN_HAND - 1, -8)]
        for hand in hands:
            other = texts + card_widget_size(hand).height() + spacing
            for height in range(max(MIN_TRICK, round(hand * 0.8)), MIN_TRICK - 1, -4):
                if self.trick.size_for(height).height() + other <= viewport:
                    self._set_heights(hand, height)
                    return
        self._set_heights(MIN_HAND, MIN_TRICK)  # the table scrolls

    def _set_heights(self, hand: int, trick: int) -> None:
        if hand != self._hand_height:
            self._hand_height = hand
            self.hand.set_card_height(hand)
        if trick != self.trick.card_height():
            self.trick.set_card_height(trick)


MIN_TRICK = 44  # the smallest the trick's cards become in a low window
MIN_HAND = 72  # the smallest the hand's cards become


__all__ = ["LAYOUTS", "PommeTableView", "PommeTrickView"]
