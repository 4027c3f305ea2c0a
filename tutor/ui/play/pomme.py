"""The Pomme table on the Play page (``PommeTableView``): a trick for three or five seats
(``PommeTrickView``: the learner at the bottom, the others in order of play to the right;
R-POMME has no partner across), the actions of Pomme (take the aside, exchange or keep the 6),
and on the side the trump, the shown card, the aside (face down, with who took it) and every
player's score with apples and Putz points. It draws ``tutor.table.pomme.PommeTable``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QPushButton, QVBoxLayout, QWidget

from engine import PommeChoice, PommeView
from tutor import keys
from tutor.i18n import _
from tutor.table import pomme_words
from tutor.table.flow import Stage
from tutor.table.pomme import PommeTable
from tutor.ui.play.base import KEYS, TableView
from tutor.ui.widgets.card import CardWidget, card_widget_size
from tutor.ui.widgets.common import dim, key_name, label, push_button
from tutor.ui.widgets.felt import TRICK_TO_HAND
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import PommeTrickView, SeatedTrickView
from tutor.vocab import DEFAULT_DECK, Deck, Player

MIN_TRICK = 44  # the smallest the trick's cards become in a low window
MIN_HAND = 72  # the smallest the hand's cards become


class PommeTableView(TableView):
    """The table of a game of Pomme (see the module text)."""

    #: the click on Take the aside: the page asks before the hand is given up for good
    aside_requested = Signal()

    hint_key = keys.TABLE_POMME_HINT

    def __init__(self, table: PommeTable, parent: QWidget | None = None) -> None:
        self._hand_height = 110
        super().__init__(table, "pomme", parent)
        self.pomme_table = table
        self.row.setStretch(1, 2)

    def _make_trick(self) -> SeatedTrickView:
        return PommeTrickView(3)

    def _own_buttons(self) -> tuple[QPushButton, ...]:
        self.aside_button = push_button("takeAside", self.aside_requested.emit)
        self.exchange_button = push_button("exchangeSix",
                                           lambda: self.action.emit(PommeChoice.EXCHANGE_SIX))
        self.keep_button = push_button("keepSix", lambda: self.action.emit(PommeChoice.KEEP_SIX))
        # two players: keep one's hand or exchange three cards for one's blind (R-POMME-TWO)
        self.exchange_blind_button = push_button(
            "exchangeBlind", lambda: self.action.emit(PommeChoice.EXCHANGE_BLIND))
        self.keep_blind_button = push_button(
            "keepBlind", lambda: self.action.emit(PommeChoice.KEEP_BLIND))
        return (self.exchange_blind_button, self.keep_blind_button, self.exchange_button,
                self.keep_button, self.aside_button)

    def _fill_side(self, side: QVBoxLayout) -> None:
        super()._fill_side(side)
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
        self.blind_info = label("pommeBlindInfo", wrap=True)
        self.score_info = label("pommeScores", wrap=True)
        side.addWidget(self.badge)
        cards = QGridLayout()
        centre = Qt.AlignmentFlag.AlignHCenter
        cards.addWidget(self.shown_card, 0, 0, centre)
        cards.addWidget(self.aside_card, 0, 1, centre)
        cards.addWidget(self.shown_caption, 1, 0, centre)
        cards.addWidget(self.aside_caption, 1, 1, centre)
        cards.setColumnStretch(2, 1)
        side.addLayout(cards)
        for text in (self.trump_info, self.aside_info, self.blind_info, self.score_info):
            side.addWidget(text)
        side.addStretch(1)

    def set_players(self, players: int) -> None:
        assert isinstance(self.trick, PommeTrickView)
        self.trick.set_players(players)
        self.aside_card.setVisible(players == 3)
        self.aside_caption.setVisible(players == 3)
        self.aside_info.setVisible(players == 3)
        self.blind_info.setVisible(players == 2)
        self._name_side(players)

    def _name_side(self, players: int) -> None:
        self.side_scroll.setAccessibleName(_("Scores, the shown card and the blinds")
                                           if players == 2 else
                                           _("Scores, the shown card and the aside"))

    def _own_buttons_shown(self, view: Any, stage: Stage) -> Mapping[QPushButton, bool]:
        actions = view.legal_actions if view is not None else ()
        return {self.exchange_blind_button: PommeChoice.EXCHANGE_BLIND in actions,
                self.keep_blind_button: PommeChoice.KEEP_BLIND in actions,
                self.exchange_button: PommeChoice.EXCHANGE_SIX in actions,
                self.keep_button: PommeChoice.KEEP_SIX in actions,
                self.aside_button: PommeChoice.TAKE_ASIDE in actions}

    def shown_view(self) -> PommeView | None:
        return self.pomme_table.table_view()

    def paint(self) -> list[str]:
        view = self.shown_view()
        if view is not None:
            self.set_players(view.players)
        return super().paint()

    def _paint_own(self, view: PommeView, stage: Stage) -> None:
        self.trick.set_trump(view.trump)
        self.badge.set_trump(view.trump)
        if view.six_holder_exchanged is None:
            self.shown_card.set_card(view.shown)
            self.shown_caption.setText(_("Shown card"))
        else:  # the shown card went to the holder of the 6, whose 6 lies in its place
            self.shown_card.set_card(pomme_words.six_of(view.trump))
            self.shown_caption.setText(_("The trump 6, exchanged for the shown card"))
        self.shown_card.set_marks(trump=view.trump)
        self.aside_card.set_card(None)
        self.aside_caption.setText(_("Aside"))
        self.aside_card.setAccessibleName(pomme_words.aside_text(view))
        self.trump_info.setText(pomme_words.trump_info_text(view))
        self.aside_info.setText(pomme_words.aside_text(view))
        self.blind_info.setText(pomme_words.blind_text(view))
        self.score_info.setText(pomme_words.score_text(self.pomme_table))
        self.fit()  # the coach's line and the buttons come and go: the cards' sizes follow

    # --- words ------------------------------------------------------------------------------------

    def status(self) -> str:
        return pomme_words.status_text(self.pomme_table)

    def coach_line(self) -> str:
        return pomme_words.coach_line_text(self.pomme_table.line)

    def narrate(self, item: Any) -> str | None:
        return pomme_words.narrate(item, self.pomme_table.players)

    def narrate_at(self, log: Any, index: int) -> str | None:
        """In the guided game each trick is told with why it was taken."""
        table = self.pomme_table
        return pomme_words.log_text(log, index, table.players, guided=table.guided)

    def said(self, item: Any) -> bool:
        return pomme_words.said_at_table(item, self.speech)

    def _log_limit(self) -> int:
        return self.pomme_table.log_shown()  # between two rounds, not the next deal yet

    def reading(self, name: str) -> str | None:
        view = self.pomme_table.view()
        if view is None:
            return None
        read = {"cards": pomme_words.table_cards_text, "led_suit": pomme_words.led_suit_text,
                "scores": lambda _view: pomme_words.scores_text(self.pomme_table),
                "last_trick": pomme_words.last_trick_text,
                "turn": lambda _view: pomme_words.status_text(self.pomme_table),
                "trump": pomme_words.trump_said}
        return read[name](view)

    def seat_tooltip(self, seat: int, level: Player) -> str:
        return pomme_words.seat_tooltip(seat, self.pomme_table.players, level)

    def players(self) -> int:
        return self.pomme_table.players

    def review_words(self) -> Any:
        return pomme_words

    def _own_decision(self, view: Any) -> QWidget | None:
        if PommeChoice.EXCHANGE_BLIND in view.legal_actions:
            return self.exchange_blind_button
        return self.exchange_button if PommeChoice.EXCHANGE_SIX in view.legal_actions else None

    def described_buttons(self, status: str) -> dict[QPushButton, str]:
        said = super().described_buttons(status)
        said[self.exchange_button] = status
        said[self.aside_button] = status
        said[self.exchange_blind_button] = status
        return said

    # --- fitting ----------------------------------------------------------------------------------

    def arrange(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The trick's cards as large as the felt allows (from ``MIN_TRICK`` up to the hand's,
        ``TRICK_TO_HAND``); in a low window the hand's cards get smaller too (down to
        ``MIN_HAND``, never larger than the card size chosen in Settings), so that the whole
        table is in view."""
        viewport = self.table_scroll.viewport().height()
        spacing = max(0, self.left.spacing())
        texts = sum(w.sizeHint().height() + spacing for w in (self.action_bar, self.coach_text)
                    if not w.isHidden())
        felt = self.felt.size_for(MIN_TRICK).height() + spacing
        hands = [self.card_height, *range(self.card_height - 8, MIN_HAND - 1, -8)]
        chosen = next((hand for hand in hands
                       if texts + felt + card_widget_size(hand).height() <= viewport), MIN_HAND)
        self._set_heights(chosen)  # else the table scrolls

    def _set_heights(self, hand: int) -> None:
        if hand != self._hand_height:
            self._hand_height = hand
            self.hand.set_card_height(hand)
        self.felt.set_card_limits(MIN_TRICK, max(MIN_TRICK, round(hand * TRICK_TO_HAND)))

    # --- look and language ------------------------------------------------------------------------

    def set_look(self, deck: Deck, card_height: int) -> None:
        super().set_look(deck, card_height)
        self._hand_height = card_height  # the hand is at the size chosen until ``fit``
        for widget in (self.shown_card, self.aside_card):
            widget.set_deck(deck)
        self.badge.set_deck(deck)
        self.fit()

    def retranslate_ui(self) -> None:
        super().retranslate_ui()
        self.aside_button.setText(_("{action} ({key})").format(
            action=_("Take the aside"), key=key_name(keys.TABLE_ASIDE)))
        self.aside_button.setToolTip(_("Play the 9 cards of the aside instead of your hand"))
        self.exchange_button.setText(_("{action} ({key})").format(
            action=_("Exchange the 6"), key=key_name(keys.TABLE_SIX)))
        self.exchange_button.setToolTip(_("Take the shown card into your hand for your 6 of "
                                          "trump"))
        self.keep_button.setText(_("Keep the 6"))
        self.exchange_blind_button.setText(_("Exchange three cards for my blind"))
        self.exchange_blind_button.setToolTip(_(
            "Give up three cards of your choice and take your three blind cards, unseen"))
        self.keep_blind_button.setText(_("Keep my hand"))
        self._name_side(self.pomme_table.players)
        self.badge.retranslate_ui()


__all__ = ["KEYS", "PommeTableView"]
