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

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from engine import Card, CardSet, Trump
from tutor.content.explain import player_name
from tutor.i18n import _
from tutor.ui.cards import CardWidget, _move_focus
from tutor.vocab import DEFAULT_DECK


class TrickRow(QWidget):
    """The cards of a trick in order of play, lead first, each under its player's name."""

    card_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 height: int = 110) -> None:
        super().__init__(parent)
        self._deck = deck
        self._height = height
        self._cards: list[Card] = []
        self._trump: Trump | None = None
        self._highlight = CardSet()
        self._meaning = "named"
        self._selectable = False
        self._widgets: list[CardWidget] = []
        self._labels: list[QLabel] = []
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(4)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.retranslate_ui()

    def set_trick(self, cards: Sequence[Card]) -> None:
        """``cards`` in the order played, the lead first."""
        for widget in (*self._widgets, *self._labels):
            self._grid.removeWidget(widget)
            widget.hide()
            widget.deleteLater()
        self._cards = list(cards)
        self._widgets, self._labels = [], []
        for index, card in enumerate(self._cards):
            caption = QLabel(self)
            caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
            caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            widget = CardWidget(card, self._deck, self._height, self)
            widget.activated.connect(self._on_activated)
            self._grid.addWidget(caption, 0, index)
            self._grid.addWidget(widget, 1, index, Qt.AlignmentFlag.AlignHCenter)
            self._labels.append(caption)
            self._widgets.append(widget)
        self._grid.setColumnStretch(len(self._cards), 1)
        self.set_selectable(self._selectable)
        self._refresh_marks()
        self.retranslate_ui()

    def cards(self) -> list[Card]:
        return list(self._cards)

    def card_widgets(self) -> list[CardWidget]:
        """The widgets of the cards, in order of play."""
        return list(self._widgets)

    def caption(self, index: int) -> QLabel:
        """The label naming the player of card ``index``."""
        return self._labels[index]

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
            name = player_name(index)
            caption.setText(_("{seat} · leads").format(seat=name) if index == 0 else name)
            font = caption.font()
            font.setBold(index == 0)
            caption.setFont(font)
            widget.set_owner(name)
        self.setAccessibleName(_("Trick on the table"))

    def _refresh_marks(self) -> None:
        for widget in self._widgets:
            widget.set_marks(highlighted=widget.card in self._highlight, trump=self._trump,
                             meaning=self._meaning)

    def _on_activated(self, card: Card) -> None:
        if self._selectable:
            self.card_chosen.emit(card)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The arrows, Home and End move among the cards, as in the Chibre trick."""
        if not _move_focus(self._widgets, event):
            super().keyPressEvent(event)
