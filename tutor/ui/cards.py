"""Card widgets: one card, a hand, the trick on the table, the trump badge and the legend of
the card marks.

The faces are painted by :mod:`tutor.ui.cardfaces`. A card shows marks around it: *legal*
(a green outline), *dimmed* (not allowed), *selected* (raised, with an accent outline),
*highlighted* (an accent glow), *focus* (a dashed ring, visible without colour) and *trump* (a
star under the index); ``CardMarksLegend`` shows and names them. Every card is a focusable
button with an accessible name such as "Jack of hearts — trump — legal"; arrows move among
cards, Enter or Space chooses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFontMetrics,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractButton, QGridLayout, QLabel, QSizePolicy, QWidget

from engine import Card, CardSet, Rank, Suit, Trump, trick_winner
from tutor.i18n import _, pgettext
from tutor.names import card_name, seat_name, trump_text
from tutor.ui.cardfaces import (
    card_outline,
    card_pixmap,
    card_width,
    paint_arrow,
    paint_card,
    paint_suit,
    trump_card,
)
from tutor.vocab import DEFAULT_DECK, check_deck

__all__ = [
    "CardMarksLegend", "CardWidget", "HandView", "TrickView", "TrumpBadge", "card_pixmap",
    "paint_card",
]

LEGAL = QColor("#2e9d6a")
SELECTION_MODES = ("none", "single", "multi")
_NAV_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End,
             Qt.Key.Key_Up, Qt.Key.Key_Down)
_CHOOSE_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Select)
#: What a highlight means where it is shown, said with the card ("— takes the trick"): a
#: figure's highlight marks the cards its text names; an answer's, the card that wins or is best;
#: the table's, the coach's hint or the card that took the trick. Words at render time.
HIGHLIGHTS = ("named", "winner", "best", "hint", "played")


def _highlight_words(meaning: str) -> str:
    words = {"named": pgettext("card mark", "named in the text"),
             "winner": pgettext("card mark", "takes the trick"),
             "best": pgettext("card mark", "the best card"),
             "hint": pgettext("card mark", "the coach's choice"),
             "played": pgettext("card mark", "played by you")}
    return words[meaning]


# Display order of suits: colours alternate (red, black, red, black), trump first.
_SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
_COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                             | Qt.KeyboardModifier.MetaModifier)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def display_order(cards: Iterable[Card], trump: Trump | None = None) -> list[Card]:
    """``cards`` sorted for a hand: by suit (trump suit first, colours alternating), then from
    the highest rank down (from the six up under Undenufe)."""
    order = list(_SUIT_ORDER)
    if trump is not None and trump.suit is not None:
        start = order.index(trump.suit)
        order = order[start:] + order[:start]
    rank_sign = 1 if trump == Trump.UNDENUFE else -1
    return sorted(cards, key=lambda c: (order.index(c.suit), rank_sign * int(c.rank)))


def card_widget_size(height: int) -> QSize:
    """The size of a ``CardWidget`` showing cards ``height`` high (margin and lift included)."""
    margin = max(5, round(height * 0.06))
    lift = max(4, round(height * 0.08))
    return QSize(card_width(height) + 2 * margin, height + 2 * margin + lift)


class CardWidget(QAbstractButton):
    """One card as a focusable button. Clicking it, Enter or Space emit ``activated(card)``."""

    activated = Signal(object)

    def __init__(self, card: Card | None, deck: str = DEFAULT_DECK, height: int = 120,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self._deck = deck
        self._height = height
        self._legal: bool | None = None
        self._selected = False
        self._highlighted = False
        self._meaning = "named"  # what the highlight means (``HIGHLIGHTS``)
        self._winning = False  # winning the trick in progress (the table says so)
        self._trump: Trump | None = None
        self._interactive = True
        self._owner = ""  # who played it, for a card in a trick
        self._keyboard_focus = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.clicked.connect(self._emit_activated)
        self._resize()
        self.retranslate_ui()

    # -- state

    @property
    def deck(self) -> str:
        return self._deck

    @property
    def legal(self) -> bool | None:
        return self._legal

    @property
    def selected(self) -> bool:
        return self._selected

    @property
    def highlighted(self) -> bool:
        return self._highlighted

    @property
    def is_trump(self) -> bool:
        return trump_card(self.card, self._trump)

    @property
    def dimmed(self) -> bool:
        return self._legal is False

    def set_card(self, card: Card | None) -> None:
        self.card = card
        self.retranslate_ui()
        self.update()

    def set_deck(self, deck: str) -> None:
        self._deck = check_deck(deck)
        self.retranslate_ui()
        self.update()

    def set_height(self, height: int) -> None:
        """Card height in logical pixels; the width is ``height * 0.66``."""
        self._height = int(height)
        self._resize()
        self.update()

    def card_height(self) -> int:
        return self._height

    def set_marks(self, *, legal: bool | None = None, selected: bool = False,
                  highlighted: bool = False, trump: Trump | None = None,
                  meaning: str = "named", winning: bool = False) -> None:
        """``legal``: ``None`` shows no legality, ``False`` dims the card; ``trump``: the trump
        in force (a trump card gets a star); ``meaning``: what the highlight means, said with
        the card (one of ``HIGHLIGHTS``); ``winning``: it wins the trick so far (said only)."""
        if meaning not in HIGHLIGHTS:
            raise ValueError(f"unknown highlight {meaning!r}: {', '.join(HIGHLIGHTS)}")
        self._legal = legal
        self._selected = selected
        self._highlighted = highlighted
        self._meaning = meaning
        self._winning = winning
        self._trump = trump
        self.retranslate_ui()
        self.update()

    def set_interactive(self, on: bool) -> None:
        """Whether clicks and keys choose the card (focus stays possible either way)."""
        self._interactive = on
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)

    def retranslate_ui(self) -> None:
        self.setAccessibleName(self.describe())
        self.setToolTip(self.describe())

    def set_owner(self, seat: str) -> None:
        """Who played the card (a card in a trick): its name begins with it."""
        self._owner = seat
        self.retranslate_ui()

    def describe(self) -> str:
        """The accessible name: ``Jack of hearts — trump — legal``; in a trick ``Left: Jack of
        hearts — trump — winning``; a highlight says what it means (``— takes the trick``)."""
        if self.card is None:
            return _("Face-down card")
        parts = [_capitalised(card_name(self.card))]
        if self._owner:
            parts[0] = _("{seat}: {card}").format(seat=self._owner, card=parts[0])
        if self.is_trump:
            parts.append(pgettext("card mark", "trump"))
        if self._legal is True:
            parts.append(pgettext("card mark", "legal"))
        elif self._legal is False:
            parts.append(pgettext("card mark", "not allowed"))
        if self._selected:
            parts.append(pgettext("card mark", "selected"))
        if self._winning and not (self._highlighted and self._meaning == "winner"):
            parts.append(pgettext("card mark", "winning"))
        if self._highlighted:
            parts.append(_highlight_words(self._meaning))
        return " — ".join(parts)

    # -- geometry

    def margin(self) -> int:
        """Room around the card for the outline, the glow and the focus ring."""
        return max(5, round(self._height * 0.06))

    def lift(self) -> int:
        """How far a selected card rises."""
        return max(4, round(self._height * 0.08))

    def card_rect(self) -> QRectF:
        m = self.margin()
        top = m + (0 if self._selected else self.lift())
        return QRectF(m, top, card_width(self._height), self._height)

    def _resize(self) -> None:
        self.setFixedSize(self.sizeHint())
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        m = self.margin()
        return QSize(card_width(self._height) + 2 * m, self._height + 2 * m + self.lift())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hitButton(self, pos: QPoint) -> bool:
        return self.card_rect().adjusted(-2, -2, 2, 2).contains(QPointF(pos))

    # -- painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = self.card_rect()
        accent = self.palette().color(QPalette.ColorRole.Highlight)
        if self._highlighted:
            self._paint_glow(painter, rect, accent)
        if self.dimmed:
            painter.setOpacity(0.42)
        ratio = self.devicePixelRatioF()
        pixmap = card_pixmap(self.card, self._deck, self._height, ratio, trump=self.is_trump)
        painter.drawPixmap(rect.topLeft(), pixmap)
        painter.setOpacity(1.0)
        if self._legal is True:
            self._paint_ring(painter, rect, 1.0, LEGAL, 2.0)
        if self._selected:
            self._paint_ring(painter, rect, 1.5, accent, 3.0)
        if self.hasFocus() and self._keyboard_focus:
            pen = QPen(self.palette().color(QPalette.ColorRole.WindowText), 1.6)
            pen.setStyle(Qt.PenStyle.DashLine)
            self._paint_ring(painter, rect, self.margin() - 1.5, pen.color(), 1.6, pen)
        painter.end()

    @staticmethod
    def _paint_ring(painter: QPainter, rect: QRectF, grow: float, color: QColor, width: float,
                    pen: QPen | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen if pen is not None else QPen(color, width))
        painter.drawPath(card_outline(rect.adjusted(-grow, -grow, grow, grow)))

    def _paint_glow(self, painter: QPainter, rect: QRectF, accent: QColor) -> None:
        steps = self.margin()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for i in range(steps, 0, -1):
            color = QColor(accent)
            color.setAlphaF(0.85 * (1 - i / (steps + 1)) ** 1.2)
            painter.setPen(QPen(color, 2.0))
            painter.drawPath(card_outline(rect.adjusted(-i, -i, i, i)))

    # -- input

    def _emit_activated(self) -> None:
        if self._interactive and self.card is not None:
            self.activated.emit(self.card)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._keyboard_focus = True
        plain = not event.modifiers() & _COMMAND_MODIFIERS  # Ctrl+Return is a shortcut
        if event.key() in _CHOOSE_KEYS and plain and not event.isAutoRepeat():
            self.update()
            self.click()
            event.accept()
        elif event.key() in _NAV_KEYS:
            event.ignore()  # the hand or the trick moves the focus
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() in _CHOOSE_KEYS and not event.modifiers() & _COMMAND_MODIFIERS:
            event.accept()
        else:
            super().keyReleaseEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._keyboard_focus = event.reason() != Qt.FocusReason.MouseFocusReason
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()


def _move_focus(widgets: Sequence[CardWidget], event: QKeyEvent, by_suit: bool = False) -> bool:
    """Move the focus among ``widgets`` for an arrow, Home or End key; whether it did. With
    ``by_suit`` (a hand, grouped by suit), Down and Up jump to the first card of the next or
    the previous suit, as blind card players' tables do."""
    shown = [w for w in widgets if w.isVisible() and w.focusPolicy() != Qt.FocusPolicy.NoFocus]
    if not shown:
        return False
    current = next((i for i, w in enumerate(shown) if w.hasFocus()), None)
    key = event.key()
    if by_suit and current is not None and key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
        target = _suit_jump(shown, current, forward=key == Qt.Key.Key_Down)
    elif key == Qt.Key.Key_Home:
        target = 0
    elif key == Qt.Key.Key_End:
        target = len(shown) - 1
    elif current is None:
        target = 0
    elif key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
        target = min(current + 1, len(shown) - 1)
    elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
        target = max(current - 1, 0)
    else:
        return False
    shown[target].setFocus(Qt.FocusReason.TabFocusReason)
    return True


def _suit_jump(shown: Sequence[CardWidget], current: int, forward: bool) -> int:
    """The first card of the suit after (or before) the current card's; where it is if none."""
    def suit(index: int) -> object:
        card = shown[index].card
        return None if card is None else card.suit

    starts = [i for i in range(len(shown)) if i == 0 or suit(i) != suit(i - 1)]
    mine = max(i for i in starts if i <= current)
    if forward:
        return next((i for i in starts if i > mine), current)
    return max((i for i in starts if i < mine), default=current)


class HandView(QWidget):
    """A row of cards, overlapping when space is short.

    Selection modes: ``none`` (cards are only shown), ``single`` (a click, Enter or Space
    chooses a card: it is raised and ``card_chosen`` is emitted), ``multi`` (each choice toggles
    the card in the selection and ``selection_changed`` is emitted with the ``CardSet``).
    """

    card_chosen = Signal(object)
    selection_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 height: int = 120) -> None:
        super().__init__(parent)
        self._deck = deck
        self._height = height
        self._cards: list[Card] = []
        self._widgets: list[CardWidget] = []
        self._trump: Trump | None = None
        self._legal: CardSet | None = None
        self._highlight = CardSet()
        self._meaning = "named"
        self._selected = CardSet()
        self._mode = "none"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- content

    def set_cards(self, cards: Iterable[Card]) -> None:
        """Show ``cards``, sorted by suit (trump first) then rank; the selection is kept for
        cards still shown."""
        self._cards = list(cards)
        self._selected = CardSet(c for c in self._selected if c in self._cards)
        self._rebuild()

    def cards(self) -> list[Card]:
        """The cards in display order."""
        return [w.card for w in self._widgets if w.card is not None]

    def set_trump(self, trump: Trump | None) -> None:
        self._trump = trump
        self._rebuild()

    def set_legal(self, legal: CardSet | None) -> None:
        """Mark the cards of ``legal`` and dim the others; ``None`` shows no legality."""
        self._legal = legal
        self._refresh_marks()

    def set_highlight(self, cards: CardSet, meaning: str = "named") -> None:
        """Highlight ``cards``; ``meaning`` (one of ``HIGHLIGHTS``) is said with them."""
        self._highlight, self._meaning = CardSet(cards), meaning
        self._refresh_marks()

    def set_selectable(self, mode: str) -> None:
        """``none``, ``single`` or ``multi``."""
        if mode not in SELECTION_MODES:
            raise ValueError(f"unknown selection mode {mode!r}: {', '.join(SELECTION_MODES)}")
        self._mode = mode
        for widget in self._widgets:
            widget.set_interactive(mode != "none")

    def selection_mode(self) -> str:
        return self._mode

    def selected(self) -> CardSet:
        return self._selected

    def clear_selection(self) -> None:
        self._selected = CardSet()
        self._refresh_marks()

    def set_selected(self, cards: CardSet) -> None:
        """Mark ``cards`` as chosen (the raised, outlined look), without emitting anything."""
        self._selected = CardSet(c for c in cards if c in self._cards)
        self._refresh_marks()

    def set_deck(self, deck: str) -> None:
        self._deck = deck
        for widget in self._widgets:
            widget.set_deck(deck)

    def set_card_height(self, h: int) -> None:
        self._height = int(h)
        for widget in self._widgets:
            widget.set_height(self._height)
        self.updateGeometry()
        self._place()

    def retranslate_ui(self) -> None:
        for widget in self._widgets:
            widget.retranslate_ui()

    def card_widgets(self) -> list[CardWidget]:
        return list(self._widgets)

    def widget_for(self, card: Card) -> CardWidget | None:
        return next((w for w in self._widgets if w.card == card), None)

    # -- internals

    def _rebuild(self) -> None:
        """One widget per card, kept while its card stays (a screen reader does not hear the
        hand again when a card leaves it); when the focused card leaves, its neighbour takes
        the focus, so focus never drops out of the hand to somewhere else on the page."""
        focused = next((i for i, w in enumerate(self._widgets) if w.hasFocus()), None)
        focused_card = self._widgets[focused].card if focused is not None else None
        ordered = display_order(self._cards, self._trump)
        kept: dict[Card | None, CardWidget] = {w.card: w for w in self._widgets
                                               if w.card in ordered}
        for old in self._widgets:
            if kept.get(old.card) is not old:
                old.hide()
                old.deleteLater()
        widgets = []
        for card in ordered:
            widget = kept.get(card)
            if widget is None:
                widget = CardWidget(card, self._deck, self._height, self)
                widget.activated.connect(self._on_activated)
                widget.show()
            widget.set_interactive(self._mode != "none")
            widget.raise_()
            widgets.append(widget)
        self._widgets = widgets
        self._refresh_marks()
        self.updateGeometry()
        self._place()
        if focused is not None and widgets and focused_card not in ordered:
            widgets[min(focused, len(widgets) - 1)].setFocus(Qt.FocusReason.OtherFocusReason)

    def _refresh_marks(self) -> None:
        for widget in self._widgets:
            card = widget.card
            widget.set_marks(
                legal=None if self._legal is None else card in self._legal,
                selected=card in self._selected,
                highlighted=card in self._highlight,
                trump=self._trump,
                meaning=self._meaning,
            )

    def _on_activated(self, card: Card) -> None:
        if self._mode == "single":
            self._selected = CardSet([card])
            self._refresh_marks()
            self.card_chosen.emit(card)
        elif self._mode == "multi":
            self._selected = (self._selected.remove(card) if card in self._selected
                              else self._selected.add(card))
            self._refresh_marks()
            self.selection_changed.emit(self._selected)

    def _step(self, available: int) -> float:
        """Horizontal distance between neighbouring cards."""
        n = len(self._widgets)
        if n < 2:
            return 0
        cw = card_width(self._height)
        natural = cw + self._gap()
        fitting = (available - self._card_widget_size().width()) / (n - 1)
        return max(cw * 0.28, min(natural, fitting))

    def _gap(self) -> float:
        return max(4, round(self._height * 0.05))

    def _place(self) -> None:
        if not self._widgets:
            return
        step = self._step(self.width())
        total = step * (len(self._widgets) - 1) + self._card_widget_size().width()
        left = max(0.0, (self.width() - total) / 2)
        for i, widget in enumerate(self._widgets):
            widget.move(round(left + i * step), 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def sizeHint(self) -> QSize:
        size = self._card_widget_size()
        n = max(1, len(self._cards))
        width = size.width() + (n - 1) * (card_width(self._height) + self._gap())
        return QSize(round(width), size.height())

    def minimumSizeHint(self) -> QSize:
        size = self._card_widget_size()
        n = max(1, len(self._cards))
        return QSize(round(size.width() + (n - 1) * card_width(self._height) * 0.28),
                     size.height())

    def _card_widget_size(self) -> QSize:
        return card_widget_size(self._height)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not _move_focus(self._widgets, event, by_suit=True):
            super().keyPressEvent(event)


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
        self._trump: Trump | None = None
        self._highlight = CardSet()
        self._meaning = "named"
        self._turn: int | None = None
        self._seats: list[CardWidget] = []
        self._labels: list[QLabel] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    # -- what each game gives

    def _seat_name(self, seat: int) -> str:
        raise NotImplementedError

    def _winning(self) -> Card | None:
        """The card the marks say wins the trick so far (``None``: none is said)."""
        raise NotImplementedError

    def _label_text(self, seat: int) -> str:
        """The seat's name, with ``· leads`` for the leader and ``▶`` for the one to play."""
        text = self._seat_name(seat)
        if seat == self._leader and self._says_leader():
            text = _("{seat} · leads").format(seat=text)
        if seat == self._turn:
            text = "▶ " + text
        return text

    def _says_leader(self) -> bool:
        return True

    def _bold(self, seat: int) -> bool:
        return seat == self._leader

    def _place(self) -> None:
        raise NotImplementedError

    # -- content

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

    def set_trick(self, cards: Sequence[Card], leader: int = 0) -> None:
        """``cards`` lead first; card ``i`` is shown at seat ``(leader + i) % seats``."""
        count = len(self._seats)
        if len(cards) > count:
            raise ValueError(f"a trick of {count} has at most {count} cards, not {len(cards)}")
        self._cards = list(cards)
        self._leader = leader % count
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
        paint_empty_seats(self, self._seats)


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
        label_h = QFontMetricsF(self._labels[0].font()).height() + 2
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
        if not _move_focus(self.card_widgets(), event):
            super().keyPressEvent(event)


def paint_empty_seats(table: QWidget, seats: Sequence[CardWidget]) -> None:
    """A faint outline on ``table`` where a seat (a hidden card widget) has not played yet:
    the trick of Chibre and of Pomme alike."""
    painter = QPainter(table)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    color = QColor(table.palette().color(QPalette.ColorRole.WindowText))
    color.setAlphaF(0.18)
    pen = QPen(color, 1.2)
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for widget in seats:
        if not widget.isVisibleTo(table):
            rect = widget.card_rect().translated(QPointF(widget.pos()))
            painter.drawPath(card_outline(rect.adjusted(2, 2, -2, -2)))
    painter.end()


class TrumpBadge(QWidget):
    """"Trump: ♥ hearts" with the suit drawn as on the cards."""

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 trump: Trump | None = None) -> None:
        super().__init__(parent)
        self._deck = deck
        self._trump = trump
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.retranslate_ui()

    def trump(self) -> Trump | None:
        return self._trump

    def text(self) -> str:
        return self._text

    def set_trump(self, trump: Trump | None) -> None:
        self._trump = trump
        self.retranslate_ui()

    def set_deck(self, deck: str) -> None:
        self._deck = deck
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self._text = trump_text(self._trump)
        self.setAccessibleName(self._text)
        self.updateGeometry()
        self.adjustSize()
        self.update()

    def _metrics(self) -> tuple[float, float, float]:
        fm = QFontMetricsF(self.font())
        icon = fm.height() * 1.15 if self._trump is not None else 0.0
        pad = fm.height() * 0.5
        return fm.height(), icon, pad

    def sizeHint(self) -> QSize:
        line, icon, pad = self._metrics()
        text_w = QFontMetricsF(self.font()).horizontalAdvance(self._text)
        gap = pad * 0.6 if icon else 0.0
        return QSize(round(2 * pad + icon + gap + text_w + 1), round(line * 1.7))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        _line, icon, pad = self._metrics()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        x = pad
        if self._trump is not None:
            chip = QRectF(x, (self.height() - icon) / 2, icon, icon)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#fdfdfb"))
            painter.drawEllipse(chip.adjusted(-2, -2, 2, 2))
            inner = chip.adjusted(icon * 0.12, icon * 0.12, -icon * 0.12, -icon * 0.12)
            if self._trump.suit is not None:
                paint_suit(painter, inner, self._trump.suit, self._deck)
            else:
                paint_arrow(painter, inner, self._trump == Trump.OBENABE, QColor("#23272d"))
            x += icon + pad * 0.6
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(QRectF(x, 0, self.width() - x, self.height()),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         self._text)
        painter.end()


# The marks the legend explains, in its order. The trump sample is of the trump suit, the others
# of another suit, so that no other sample shows a star.
_MARKS = ("trump", "legal", "illegal", "hint")
#: The marks of the round review: the learner's choice and the coach's.
REVIEW_MARKS = ("chosen", "coach")


class _MarkSample(CardWidget):
    """A small card showing one mark, painted by ``CardWidget`` itself; not clickable."""

    def __init__(self, mark: str, parent: QWidget | None = None) -> None:
        self.mark = mark
        self._meaning = ""
        super().__init__(None, DEFAULT_DECK, 44, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.set_interactive(False)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def lift(self) -> int:
        return 0  # never selected: no room to rise into

    def set_meaning(self, text: str) -> None:
        self._meaning = text
        self.retranslate_ui()

    def describe(self) -> str:
        return self._meaning


class CardMarksLegend(QWidget):
    """What the marks on the cards mean: a small sample card for each, drawn by the card widget
    itself, named beside it ("Trump", "You may play it", "You may not play it", "The coach's
    hint"). The samples follow the deck (``set_deck``) and the trump (``set_trump``) in force.
    """

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 columns: int = 2, card_height: int = 44,
                 marks: tuple[str, ...] = _MARKS) -> None:
        super().__init__(parent)
        self.setObjectName("cardMarksLegend")
        self.marks = marks
        self._deck = deck
        self._trump = Trump.HEARTS
        self.heading = QLabel(self)
        self.heading.setObjectName("cardMarksHeading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.samples: list[_MarkSample] = []
        self.names: list[QLabel] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.heading, 0, 0, 1, 2 * columns)
        for index, mark in enumerate(marks):
            sample = _MarkSample(mark, self)
            sample.set_height(card_height)
            name = QLabel(self)
            name.setObjectName(f"cardMark_{mark}")
            name.setWordWrap(True)
            name.setBuddy(sample)
            row, column = 1 + index // columns, 2 * (index % columns)
            grid.addWidget(sample, row, column)
            grid.addWidget(name, row, column + 1)
            grid.setColumnStretch(column + 1, 1)
            self.samples.append(sample)
            self.names.append(name)
        self._show_samples()
        self.retranslate_ui()

    def set_deck(self, deck: str) -> None:
        self._deck = check_deck(deck)
        self._show_samples()

    def deck(self) -> str:
        return self._deck

    def set_trump(self, trump: Trump | None) -> None:
        """The trump in force; the trump sample is a card of its suit (hearts without one)."""
        self._trump = trump if trump is not None and trump.suit is not None else Trump.HEARTS
        self._show_samples()

    def _show_samples(self) -> None:
        suit = self._trump.suit
        assert suit is not None
        other = next(s for s in _SUIT_ORDER if s != suit)
        cards = {"trump": Card(suit, Rank.NINE), "legal": Card(other, Rank.KING),
                 "illegal": Card(other, Rank.EIGHT), "hint": Card(other, Rank.ACE),
                 "chosen": Card(other, Rank.SEVEN), "coach": Card(other, Rank.ACE)}
        for sample in self.samples:
            sample.set_deck(self._deck)
            sample.set_card(cards[sample.mark])
            sample.set_marks(legal={"legal": True, "illegal": False}.get(sample.mark),
                             highlighted=sample.mark in ("hint", "coach"),
                             meaning="hint" if sample.mark in ("hint", "coach") else "named",
                             selected=sample.mark == "chosen", trump=self._trump)

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Card marks"))
        names = {"trump": _("Trump"), "legal": _("You may play it"),
                 "illegal": _("You may not play it"),
                 "hint": _("The coach's hint, or the winning card"),
                 "chosen": _("Your choice"), "coach": _("The coach's choice")}
        meanings = {
            "trump": _("A star below the index: trump"),
            "legal": _("A green outline: you may play it"),
            "illegal": _("A faded card: you may not play it"),
            "hint": _("A glow around the card: in your hand the coach's hint, on the table the "
                      "card that wins the trick"),
            "chosen": _("A coloured outline: your choice"),
            "coach": _("A glow around the card: the coach's choice"),
        }
        for sample, name in zip(self.samples, self.names, strict=True):
            name.setText(names[sample.mark])
            sample.set_meaning(meanings[sample.mark])
            name.setAccessibleName(meanings[sample.mark])
        self.setAccessibleName(_("Card marks"))
        self.setAccessibleDescription("; ".join(meanings[m] for m in self.marks))
