"""A hand of cards (``HandView``): sorted by suit, chosen with the mouse or the keyboard."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine import Card, CardSet, Trump
from tutor.ui.widgets.card import (
    SELECTION_MODES,
    CardWidget,
    card_widget_size,
    display_order,
    move_focus,
)
from tutor.ui.widgets.cardfaces import (
    card_width,
)
from tutor.vocab import DEFAULT_DECK


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

    def card_height(self) -> int:
        return self._height

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
        if not move_focus(self._widgets, event, by_suit=True):
            super().keyPressEvent(event)
