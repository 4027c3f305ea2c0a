"""One card (``CardWidget``): its face (painted by ``tutor.ui.widgets.cardfaces``) and the
marks around it: *legal* (a green outline), *dimmed* (not allowed), *selected* (raised, with an
accent outline), *highlighted* (an accent glow), *focus* (a dashed ring, visible without colour)
and *trump* (a star under the index). Every card is a focusable button with an accessible name
such as "Jack of hearts — trump — legal"; arrows move among cards, Enter or Space chooses."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from engine import Card, Suit, Trump
from tutor.i18n import _, pgettext
from tutor.names import card_name
from tutor.ui.widgets.cardfaces import (
    card_outline,
    card_pixmap,
    card_width,
    trump_card,
)
from tutor.vocab import DEFAULT_DECK, check_deck

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
SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
_COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                             | Qt.KeyboardModifier.MetaModifier)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def display_order(cards: Iterable[Card], trump: Trump | None = None) -> list[Card]:
    """``cards`` sorted for a hand: by suit (trump suit first, colours alternating), then from
    the highest rank down (from the six up under Undenufe)."""
    order = list(SUIT_ORDER)
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


def move_focus(widgets: Sequence[CardWidget], event: QKeyEvent, by_suit: bool = False) -> bool:
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
