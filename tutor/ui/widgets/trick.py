"""The trick on the table: one base (``SeatedTrickView``) for every table, the seats round the
middle with a label each; ``TrickView`` for four (the partner across), ``PommeTrickView`` for
three or five (``tutor.ui.play.pomme``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from engine import Card, CardSet, Trump, trick_winner
from tutor.i18n import _
from tutor.names import seat_name
from tutor.table.pomme_words import seat_name as pomme_seat_name
from tutor.ui import theme
from tutor.ui.widgets.card import CardWidget, card_widget_size, move_focus
from tutor.ui.widgets.cardfaces import (
    card_outline,
)
from tutor.vocab import DEFAULT_DECK


class SeatedTrickView(QWidget):
    """What the trick of every game shows the same way (Chibre's ``TrickView``, Pomme's
    ``PommeTrickView``): card ``i`` lies at seat ``(leader + i) % seats``; each seat has its
    card widget (hidden until it played) and a small label; the trump, the highlighted cards
    and the card winning so far are marked. A game's view places the seats and names them."""

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 height: int = 110) -> None:
        super().__init__(parent)
        self._deck = deck
        self._height = height
        self._cards: list[Card] = []
        self._leader = 0
        self._leader_known = True  # False at a table with no game: nobody "leads" yet
        self._trump: Trump | None = None
        self._highlight = CardSet()
        self._meaning = "named"
        self._turn: int | None = None
        self._seats: list[CardWidget] = []
        self._labels: list[QLabel] = []
        self._on_felt = False  # on the Play page's felt: the seats' chips name the seats
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    # -- what each game gives

    def _seat_name(self, seat: int) -> str:
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """How the table names ``seat`` ("You", "Partner", "Top right")."""
        return self._seat_name(seat)

    def _winning(self) -> Card | None:
        """The card the marks say wins the trick so far (``None``: none is said)."""
        raise NotImplementedError

    def _label_text(self, seat: int) -> str:
        """The seat's name, with ``· leads`` for the leader and ``▶`` for the one to play."""
        text = self._seat_name(seat)
        if seat == self._leader and self._leader_known and self._says_leader():
            text = _("{seat} · leads").format(seat=text)
        if seat == self._turn:
            text = "▶ " + text
        return text

    def _says_leader(self) -> bool:
        return True

    def _bold(self, seat: int) -> bool:
        return seat == self._leader and self._leader_known

    def _place(self) -> None:
        raise NotImplementedError

    # -- content

    def set_on_felt(self, on: bool) -> None:
        """On the felt of the Play page (``tutor.ui.widgets.felt``) the seats' chips name the
        seats: the trick's own labels are hidden and take no room."""
        self._on_felt = on
        for label in self._labels:
            label.setVisible(not on)
        self.updateGeometry()
        self._place()

    def _caption_height(self) -> float:
        """The height of a seat's label (none on the felt)."""
        return 2.0 if self._on_felt else QFontMetricsF(self.font()).height() + 2

    def _make_seats(self, count: int) -> None:
        """``count`` seats, each a hidden card widget and a label (replacing any there were)."""
        for widget in (*self._seats, *self._labels):
            widget.hide()
            widget.deleteLater()
        self._seats = [CardWidget(None, self._deck, self._height, self) for _seat in range(count)]
        self._labels = [QLabel(self) for _seat in range(count)]
        for widget in self._seats:
            widget.hide()
        for label in self._labels:
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            label.setVisible(not self._on_felt)

    def set_trick(self, cards: Sequence[Card], leader: int | None = 0) -> None:
        """``cards`` lead first; card ``i`` is shown at seat ``(leader + i) % seats``; no
        ``leader`` (no game at the table): no seat is said to lead."""
        count = len(self._seats)
        if len(cards) > count:
            raise ValueError(f"a trick of {count} has at most {count} cards, not {len(cards)}")
        if leader is None and cards:
            raise ValueError("a trick with cards has a leader")
        self._cards = list(cards)
        self._leader_known = leader is not None
        self._leader = (leader or 0) % count
        for widget in self._seats:
            widget.hide()
        for i, card in enumerate(self._cards):
            widget = self._seats[(self._leader + i) % count]
            widget.set_card(card)
            widget.show()
            widget.raise_()
        self._refresh_marks()
        self.retranslate_ui()
        self.update()

    def seat_count(self) -> int:
        """How many seats the trick has (Pomme's change with its number of players)."""
        return len(self._seats)

    def seat_widget(self, seat: int) -> CardWidget:
        """The card widget of ``seat`` (hidden while that seat has not played)."""
        return self._seats[seat]

    def card_at(self, seat: int) -> Card | None:
        widget = self._seats[seat]
        return widget.card if widget.isVisibleTo(self) else None

    def set_trump(self, trump: Trump | None) -> None:
        self._trump = trump
        self._refresh_marks()

    def set_highlight(self, cards: CardSet, meaning: str = "named") -> None:
        """Highlight ``cards``; ``meaning`` (one of ``HIGHLIGHTS``) is said with them."""
        self._highlight, self._meaning = CardSet(cards), meaning
        self._refresh_marks()

    def set_deck(self, deck: str) -> None:
        self._deck = deck
        for widget in self._seats:
            widget.set_deck(deck)
        self.update()

    def set_card_height(self, h: int) -> None:
        self._height = int(h)
        for widget in self._seats:
            widget.set_height(self._height)
        self.updateGeometry()
        self._place()
        self.update()

    def card_height(self) -> int:
        return self._height

    def size_for(self, height: int) -> QSize:
        """The size the view needs with cards ``height`` high (each layout says its own)."""
        raise NotImplementedError

    def seat_center(self, seat: int) -> QPointF:
        """Where the centre of ``seat``'s card widget lies (each layout says its own)."""
        raise NotImplementedError

    def card_widgets(self) -> list[CardWidget]:
        """The widgets of the cards played, in order of play."""
        count = len(self._seats)
        return [self._seats[(self._leader + i) % count] for i in range(len(self._cards))]

    def set_turn(self, seat: int | None) -> None:
        """Mark ``seat`` as the one to play (a ▶ before its name); ``None``: nobody."""
        self._turn = seat
        self.retranslate_ui()

    def seat_label(self, seat: int) -> QLabel:
        """The small label naming ``seat`` (a page may give it a tooltip)."""
        return self._labels[seat]

    def retranslate_ui(self) -> None:
        for seat, label in enumerate(self._labels):
            label.setText(self._label_text(seat))
            font = label.font()
            font.setBold(self._bold(seat))
            label.setFont(font)
        for seat, widget in enumerate(self._seats):
            widget.set_owner(self._seat_name(seat))  # a card in the trick says who played it
        self.setAccessibleName(_("Trick on the table"))
        self.updateGeometry()
        self._place()

    def _refresh_marks(self) -> None:
        winning = self._winning()
        for widget in self._seats:
            shown = widget.card is not None and widget.card in self._cards
            widget.set_marks(highlighted=shown and widget.card in self._highlight,
                             trump=self._trump, meaning=self._meaning,
                             winning=shown and widget.card == winning)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_empty_seats(self, self._seats, on_felt=self._on_felt)


class TrickView(SeatedTrickView):
    """The trick on the table: card ``i`` lies at seat ``(leader + i) % 4``.

    Seats: 0 you (bottom), 1 right, 2 partner (top), 3 left; play goes counter-clockwise, so the
    next seat is to the right. Each seat has a small label; the leader's says so.
    """

    card_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 height: int = 110) -> None:
        super().__init__(parent, deck=deck, height=height)
        self._says_winning = False  # the table says which card wins the trick so far
        self._selectable = False
        self._make_seats(4)
        for widget in self._seats:
            widget.activated.connect(self._on_activated)
        self.set_selectable(False)
        self.retranslate_ui()

    def say_winning(self, on: bool) -> None:
        """Whether the card winning the trick so far says so ("— winning"): at the table, not
        in a puzzle that asks which card wins."""
        self._says_winning = on
        self._refresh_marks()

    def set_selectable(self, on: bool) -> None:
        """For "which card wins": the cards become focusable and clickable."""
        self._selectable = on
        policy = Qt.FocusPolicy.StrongFocus if on else Qt.FocusPolicy.NoFocus
        for widget in self._seats:
            widget.setFocusPolicy(policy)
            widget.set_interactive(on)

    def _seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def _winning(self) -> Card | None:
        if self._says_winning and self._cards and self._trump is not None:
            return self._cards[trick_winner(self._cards, self._trump)]
        return None

    # -- internals

    def _on_activated(self, card: Card) -> None:
        if self._selectable:
            self.card_chosen.emit(card)

    def _label_size(self, seat: int, card_size: QSize | None = None) -> tuple[QSize, bool]:
        """A seat's label size and whether it wraps: one line, but a side seat's wraps when it
        is much wider than a card, so that the trick stays narrow (the side cards move out just
        far enough for their labels to clear the middle column)."""
        label = self._labels[seat]
        if self._on_felt:
            return QSize(0, 0), False
        metrics = QFontMetrics(label.font())
        text = label.text()
        natural = QSize(metrics.horizontalAdvance(text) + 2, metrics.height())
        card_w = (card_size or card_widget_size(self._height)).width()
        limit = max(round(card_w * 1.7), round(metrics.height() * 5.5))
        if seat not in (1, 3) or natural.width() <= limit:
            return natural, False
        longest = max(metrics.horizontalAdvance(word) for word in text.split()) + 2
        width = max(limit, longest)
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        wrapped = metrics.boundingRect(QRect(0, 0, width, 10000), flags, text)
        return QSize(width, wrapped.height()), True

    def _geometry(self, height: int | None = None) -> tuple[QSize, float, float, float]:
        """Card widget size, label height, and the side and top seats' distance from the
        middle, for cards ``height`` high (default: the current height)."""
        size = card_widget_size(self._height if height is None else height)
        label_h = self._caption_height()
        side = max(self._label_size(s, size)[0].width() for s in (1, 3))
        # the side cards sit far enough out for their labels to clear the middle column
        dx = max(size.width() * 0.98, size.width() / 2 + side / 2 + 6)
        return size, label_h, dx, size.height() * 0.42

    def seat_center(self, seat: int) -> QPointF:
        """Where the centre of ``seat``'s card widget lies."""
        size, label_h, dx, dy = self._geometry()
        cx = self.width() / 2
        cy = label_h + dy + size.height() / 2  # below the partner's label
        return [QPointF(cx, cy + dy), QPointF(cx + dx, cy), QPointF(cx, cy - dy),
                QPointF(cx - dx, cy)][seat]

    def _place(self) -> None:
        size, label_h, _dx, _dy = self._geometry()
        for seat, (widget, label) in enumerate(zip(self._seats, self._labels, strict=True)):
            c = self.seat_center(seat)
            widget.move(round(c.x() - size.width() / 2), round(c.y() - size.height() / 2))
            size_needed, wraps = self._label_size(seat)
            if label.wordWrap() != wraps:
                label.setWordWrap(wraps)
            label.resize(size_needed)
            lw = label.width()
            if seat == 2:
                y = c.y() - size.height() / 2 - label_h + widget.margin()
            else:
                y = c.y() + size.height() / 2 - widget.margin() + 1
            x = min(max(0.0, c.x() - lw / 2), self.width() - lw)  # never cut at an edge
            label.move(round(x), round(y))

    def size_for(self, height: int) -> QSize:
        """The size the trick needs with cards ``height`` high (its labels as they are now)."""
        size, label_h, dx, dy = self._geometry(height)
        side = max(self._label_size(s, size)[0].width() for s in (1, 3))
        # the top and bottom labels ("Partner · leads") may be wider than the whole trick
        middle = max(self._label_size(s)[0].width() for s in (0, 2))
        width = max(2 * dx + max(size.width(), side) + 8, middle + 2)
        # under the bottom card its label; the side labels (maybe two lines) hang lower
        below = max(label_h, self._label_size(0)[0].height() + 2,
                    *(self._label_size(s, size)[0].height() + 2 - dy for s in (1, 3)))
        return QSize(round(width), round(label_h + 2 * dy + size.height() + below))

    def sizeHint(self) -> QSize:
        return self.size_for(self._height)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not move_focus(self.card_widgets(), event):
            super().keyPressEvent(event)


def paint_empty_seats(table: QWidget, seats: Sequence[CardWidget], *,
                      on_felt: bool = False) -> None:
    """A faint outline on ``table`` where a seat (a hidden card widget) has not played yet:
    the trick of Chibre and of Pomme alike (``on_felt``: in the felt's text colour)."""
    painter = QPainter(table)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    color = (theme.colour("felt_text") if on_felt
             else QColor(table.palette().color(QPalette.ColorRole.WindowText)))
    color.setAlphaF(0.35 if on_felt else 0.18)
    pen = QPen(color, 1.2)
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for widget in seats:
        if not widget.isVisibleTo(table):
            rect = widget.card_rect().translated(QPointF(widget.pos()))
            painter.drawPath(card_outline(rect.adjusted(2, 2, -2, -2)))
    painter.end()


#: Where each seat's card lies, in units of the card widget's width and height from the middle
#: of the table: the learner at the bottom, then round to the right in order of play.
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.0, 0.5), (0.0, -0.55)),
    3: ((0.0, 0.5), (1.25, -0.3), (-1.25, -0.3)),
    5: ((0.0, 0.55), (2.1, 0.0), (1.0, -0.55), (-1.0, -0.55), (-2.1, 0.0)),
}


class PommeTrickView(SeatedTrickView):
    """The trick of a table of 2, 3 or 5: card ``i`` lies at seat ``(leader + i) % players``;
    each seat has a small label (the leader's and the one to play say so)."""

    def __init__(self, players: int = 3, parent: QWidget | None = None, *,
                 deck: str = DEFAULT_DECK, height: int = 90) -> None:
        super().__init__(parent, deck=deck, height=height)
        self.set_players(players)

    def set_players(self, players: int) -> None:
        if players not in LAYOUTS:
            raise ValueError(f"a Pomme table has 2, 3 or 5 seats, not {players}")
        if players == self.players:
            return
        self._make_seats(players)
        for widget in self._seats:
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            widget.set_interactive(False)
        for seat_label in self._labels:
            seat_label.setVisible(not self._on_felt)
        self._cards, self._leader, self._turn = [], 0, None
        self.retranslate_ui()

    @property
    def players(self) -> int:
        return len(self._seats)

    def set_highlight(self, cards: CardSet, meaning: str = "") -> None:
        """Highlight ``cards``: in Pomme, the winner of the trick (``meaning`` follows)."""
        super().set_highlight(cards, meaning or ("winner" if cards else "named"))

    def _seat_name(self, seat: int) -> str:
        return pomme_seat_name(seat, self.players)

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
        label_h = self._caption_height()
        widest = 0.0 if self._on_felt else max(
            (QFontMetricsF(lbl.font()).horizontalAdvance(lbl.text()) + 6
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
            lw = max(size.width(), 0 if self._on_felt else self._labels[seat].sizeHint().width())
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
