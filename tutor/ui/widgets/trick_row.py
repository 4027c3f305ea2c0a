"""A trick of Pomme (3 or 5 players, R-POMME) in an exercise: its cards in a row, in order of
play, each under the name of its player ("Player 1 · leads", "Player 2", ...).

The Chibre table's ``TrickView`` lays four seats around a cross (you, right, partner, left); a
Pomme table has no partner and no fixed seat for the learner in a puzzle, so a trick of 3 or 5
cards reads left to right, lead first. It answers like ``TrickView`` where an exercise uses it:
``set_trump``, ``set_highlight``, ``set_selectable`` and ``card_chosen`` for "which card takes
this trick?", each card a focusable ``CardWidget`` that says who played it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from engine import Card, CardSet, Trump
from tutor.content.explain import player_name
from tutor.i18n import _
from tutor.ui.widgets.card import CardWidget, card_widget_size, move_focus
from tutor.vocab import DEFAULT_DECK


class TrickRow(QWidget):
    """The cards of a trick in order of play, lead first, each under its player's name. In a
    narrow column the cards are drawn smaller (down to ``SMALLEST`` of their height) so that
    five of them still fit side by side; a player's name wraps under its card's width."""

    card_chosen = Signal(object)
    SMALLEST = 0.55
    GAP = 6

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 height: int = 110) -> None:
        super().__init__(parent)
        self._deck = deck
        self._height = height  # the cards' height when there is room
        self._shown_height = height
        self._cards: list[Card] = []
        self._trump: Trump | None = None
        self._highlight = CardSet()
        self._meaning = "named"
        self._selectable = False
        self._widgets: list[CardWidget] = []
        self._labels: list[QLabel] = []
        self._names: list[str] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.retranslate_ui()

    def set_trick(self, cards: Sequence[Card], names: Sequence[str] | None = None) -> None:
        """``cards`` in the order played, the lead first, each under its player's name:
        ``names`` (a table of Pomme's seats), else Chibre's seats from the learner on."""
        self._names = list(names) if names is not None else None
        for widget in (*self._widgets, *self._labels):
            widget.hide()
            widget.deleteLater()
        self._cards = list(cards)
        self._widgets, self._labels = [], []
        for card in self._cards:
            caption = QLabel(self)
            caption.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom)
            caption.setWordWrap(True)
            caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            widget = CardWidget(card, self._deck, self._height, self)
            widget.activated.connect(self._on_activated)
            caption.show()
            widget.show()
            self._labels.append(caption)
            self._widgets.append(widget)
        self.set_selectable(self._selectable)
        self._refresh_marks()
        self.retranslate_ui()
        self.updateGeometry()
        self._place()

    def cards(self) -> list[Card]:
        return list(self._cards)

    def card_widgets(self) -> list[CardWidget]:
        """The widgets of the cards, in order of play."""
        return list(self._widgets)

    def caption(self, index: int) -> QLabel:
        """The label naming the player of card ``index``."""
        return self._labels[index]

    def shown_height(self) -> int:
        """The height the cards are drawn at, for the width the row has."""
        return self._shown_height

    def set_look(self, deck: str, height: int) -> None:
        """Draw the cards of ``deck`` at ``height`` (when there is room)."""
        self._deck, self._height = deck, height
        self.set_trick(self._cards, self._names)

    def set_trump(self, trump: Trump | None) -> None:
        self._trump = trump
        self._refresh_marks()

    def set_highlight(self, cards: CardSet, meaning: str = "named") -> None:
        """Highlight ``cards``; ``meaning`` (one of ``cards.HIGHLIGHTS``) is said with them."""
        self._highlight, self._meaning = CardSet(cards), meaning
        self._refresh_marks()

    def set_selectable(self, on: bool) -> None:
        """For "which card takes this trick?": the cards become focusable and clickable."""
        self._selectable = on
        policy = Qt.FocusPolicy.StrongFocus if on else Qt.FocusPolicy.NoFocus
        for widget in self._widgets:
            widget.setFocusPolicy(policy)
            widget.set_interactive(on)

    def retranslate_ui(self) -> None:
        for index, (caption, widget) in enumerate(zip(self._labels, self._widgets,
                                                      strict=True)):
            name = self._names[index] if self._names is not None else player_name(index)
            caption.setText(_("{seat} · leads").format(seat=name) if index == 0 else name)
            font = caption.font()
            font.setBold(index == 0)
            caption.setFont(font)
            widget.set_owner(name)
        self.setAccessibleName(_("Trick on the table"))
        self._place()

    # -- geometry

    def _row_width(self, height: int) -> int:
        n = max(1, len(self._cards))
        return n * card_widget_size(height).width() + (n - 1) * self.GAP

    def _caption_height(self) -> int:
        return 2 * self.fontMetrics().lineSpacing() + 2

    def sizeHint(self) -> QSize:
        return QSize(self._row_width(self._height),
                     self._caption_height() + card_widget_size(self._height).height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self._row_width(round(self._height * self.SMALLEST)),
                     self.sizeHint().height())

    def _fitting_height(self, width: int) -> int:
        height = self._height
        least = round(self._height * self.SMALLEST)
        while height > least and self._row_width(height) > width:
            height -= 2
        return max(height, least)

    def _place(self) -> None:
        height = self._fitting_height(self.width())
        self._shown_height = height
        column = card_widget_size(height).width()
        top = self._caption_height()
        for index, (caption, widget) in enumerate(zip(self._labels, self._widgets,
                                                      strict=True)):
            if widget.card_height() != height:
                widget.set_height(height)
            left = index * (column + self.GAP)
            caption.setGeometry(left, 0, column, top)
            widget.move(left, top)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _refresh_marks(self) -> None:
        for widget in self._widgets:
            widget.set_marks(highlighted=widget.card in self._highlight, trump=self._trump,
                             meaning=self._meaning)

    def _on_activated(self, card: Card) -> None:
        if self._selectable:
            self.card_chosen.emit(card)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The arrows, Home and End move among the cards, as in the Chibre trick."""
        if not move_focus(self._widgets, event):
            super().keyPressEvent(event)
