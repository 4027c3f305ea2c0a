"""The Chibre table on the Play page (``ChibreTableView``): four seats round the trick, the
partner across; the trump and weis buttons; trump, announcements, scores, the slate and the
legend of the card marks on the side. It draws ``tutor.table.controller.Table``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QPushButton, QVBoxLayout, QWidget

from engine import (
    CHIBRE,
    Dealt,
    GameView,
    Phase,
    StoeckScored,
    Suit,
    Trump,
    TrumpChosen,
    WeisChoice,
    WeisDeclared,
)
from tutor import keys
from tutor.i18n import _
from tutor.names import seat_name, suit_name, team_name
from tutor.table import words
from tutor.table.controller import Table
from tutor.table.flow import Stage
from tutor.ui.play.base import KEYS, TableView
from tutor.ui.widgets.card import card_widget_size
from tutor.ui.widgets.common import QWIDGETSIZE_MAX, dim, key_name, label, push_button
from tutor.ui.widgets.felt import TRICK_TO_HAND
from tutor.ui.widgets.marks import CardMarksLegend, TrumpBadge
from tutor.ui.widgets.slate import SlateWidget
from tutor.ui.widgets.trick import SeatedTrickView, TrickView
from tutor.vocab import VARIANT_PLAYERS, Deck, Player

TRICK_HEIGHT = 96  # the trick's cards until the table first fits itself (then: the felt's room)
TRICK_MIN_HEIGHT = 60  # the smallest the trick's cards become to fit a low window
MIN_HAND = 86  # the smallest the hand's cards become before the table scrolls


class ChibreTableView(TableView):
    """The felt with the seats and the trick, the actions, the hand and the coach's line on
    the left; trump, announcements, scores, the slate, the legend of the card marks and the log
    (one click away) on the right. In a scroll area: the trick's cards shrink to fit the height
    first (``arrange``), and only when that is not enough (a large font, large cards) does the
    table scroll."""

    hint_key = keys.TABLE_HINT
    has_course = True

    def __init__(self, table: Table, parent: QWidget | None = None) -> None:
        self._log_trump: Trump | None = None  # the trump of the last log item's round
        self.wide = True  # the side panel beside the table (see ``arrange``)
        super().__init__(table, "play", parent)
        self.chibre_table = table

    def _make_trick(self) -> SeatedTrickView:
        trick = TrickView(height=TRICK_HEIGHT)
        trick.say_winning(True)  # at the table, the card winning so far says so
        return trick

    def _own_buttons(self) -> tuple[QPushButton, ...]:
        self.trump_buttons: list[QPushButton] = []
        for index in range(4):
            button = QPushButton()
            button.setObjectName(f"trump{index}")
            button.clicked.connect(lambda _c=False, i=index: self.action.emit(Trump(i)))
            self.trump_buttons.append(button)
        self.chibre_button = push_button("chibreButton", lambda: self.action.emit(CHIBRE))
        self.announce_button = push_button("announceButton",
                                           lambda: self.action.emit(WeisChoice.ANNOUNCE))
        self.withhold_button = push_button("withholdButton",
                                           lambda: self.action.emit(WeisChoice.WITHHOLD))
        return (*self.trump_buttons, self.chibre_button, self.announce_button,
                self.withhold_button)

    def _fill_side(self, side: QVBoxLayout) -> None:
        super()._fill_side(side)
        self.badge = TrumpBadge()
        self.trump_info = dim(label("trumpInfo", wrap=True))
        self.weis_info = label("weisInfo", wrap=True)
        self.score_info = label("scoreInfo", wrap=True)
        self.slate = SlateWidget()
        self.legend = CardMarksLegend()
        side.addWidget(self.badge)
        for widget in (self.trump_info, self.weis_info, self.score_info):
            side.addWidget(widget)
        side.addStretch(1)
        side.addWidget(self.slate)
        side.addWidget(self.legend)

    def _own_buttons_shown(self, view: Any, stage: Stage) -> Mapping[QPushButton, bool]:
        phase = view.phase if view is not None else None
        shown = {self.chibre_button: phase is Phase.TRUMP and CHIBRE in view.legal_actions,
                 self.announce_button: phase is Phase.WEIS,
                 self.withhold_button: phase is Phase.WEIS}
        for button in self.trump_buttons:
            shown[button] = phase is Phase.TRUMP
        return shown

    def _paint_own(self, view: GameView, stage: Stage) -> None:
        table = self.chibre_table
        between = stage is Stage.ROUND_OVER  # the next round is dealt: not shown before Next
        trump = table.shown_trump if between else view.trump
        self.trick.set_trump(table.shown_trump if table.shown_trick is not None else view.trump)
        self.badge.set_trump(trump)
        self.legend.set_trump(trump)
        self.trump_info.setText("" if between else words.trump_info_text(view))
        self.weis_info.setText("" if between else "\n".join(words.weis_lines(view)))
        self.score_info.setText(words.score_text(view, round_over=between))
        self.slate.set_scores(view.scores[0], view.scores[1],
                              names=(team_name(0), team_name(1)))

    def _paint_empty(self) -> None:
        # the slates are the learner's team's and the opponents', game or not (issue 35: they
        # said "Team A" and "Team B" before the first game)
        self.slate.set_scores(0, 0, names=(team_name(0), team_name(1)))

    # --- words ------------------------------------------------------------------------------------

    def status(self) -> str:
        return words.status_text(self.chibre_table)

    def coach_line(self) -> str:
        return words.coach_line_text(self.chibre_table.line)

    def narrate(self, item: Any) -> str | None:
        self._log_trump = _trump_of(item, self._log_trump)  # the trump of the item's round
        return words.log_text(item, guided=self.chibre_table.guided, trump=self._log_trump)

    def said(self, item: Any) -> bool:
        return words.said_at_table(item, self.speech)

    def _log_restart(self) -> None:
        self._log_trump = None

    def reading(self, name: str) -> str | None:
        view = self.chibre_table.view()
        if view is None:
            return None
        read = {"cards": words.table_cards_text, "led_suit": words.led_suit_text,
                "scores": words.scores_text, "last_trick": words.last_trick_text,
                "turn": lambda _view: words.status_text(self.chibre_table),
                "trump": words.trump_said}
        return read[name](view)

    def players(self) -> int:
        return VARIANT_PLAYERS["chibre"]

    def review_words(self) -> Any:
        return words

    def seat_tooltip(self, seat: int, level: Player) -> str:
        return _("{seat}: {level}").format(seat=seat_name(seat), level=words.level_name(level))

    def _own_decision(self, view: Any) -> QWidget | None:
        if view.phase is Phase.TRUMP:
            return self.trump_buttons[0]
        if view.phase is Phase.WEIS:
            return self.announce_button
        return None

    def described_buttons(self, status: str) -> dict[QPushButton, str]:
        said = super().described_buttons(status)
        said[self.announce_button] = self.coach_text.text()
        said[self.trump_buttons[0]] = " ".join(t for t in (status, self.coach_text.text()) if t)
        return said

    # --- the seats ------------------------------------------------------------------------------

    def _team(self, seat: int) -> int | None:
        return seat % 2  # the learner's team is 0, the partner across

    def _chose(self, view: Any, seat: int, stage: Stage) -> Trump | None:
        if view is None or view.trump is None or stage is Stage.ROUND_OVER:
            return None
        return view.trump if view.trump_declarer == seat else None

    def _logged_new(self, new: list[Any]) -> None:
        """An announcement or Stöck is said by its seat's chip for the length of the trick."""
        for item in new:
            if isinstance(item, WeisDeclared):
                self.say_at_seat(item.seat, _("Announces {points}").format(points=item.points))
            elif isinstance(item, StoeckScored):
                self.say_at_seat(item.seat, _("Stöck"))

    # --- fitting ----------------------------------------------------------------------------------

    def arrange(self) -> None:
        """Fit the table to the space it has.

        The side panel sits beside the table when both fit side by side, else below it (a
        narrow window with a large font). The felt takes the height the hand, the buttons and
        the coach's line leave, and its trick's cards are as large as it allows (between
        ``TRICK_MIN_HEIGHT`` and the hand's, ``TRICK_TO_HAND``). When the table fits the
        height, only the side panel scrolls (a round with many announcements, the log shown);
        when it does not, the whole table scrolls, once.
        """
        viewport = self.table_scroll.viewport()
        side = self.side
        bar = self.side_scroll.verticalScrollBar().sizeHint().width()
        side_width = side.minimumSizeHint().width() + bar
        wide = viewport.width() >= self.left.minimumSize().width() + self.row.spacing() + side_width
        self.row.setDirection(QBoxLayout.Direction.LeftToRight if wide
                              else QBoxLayout.Direction.TopToBottom)
        self.side_scroll.setMinimumWidth(side_width if wide else 0)
        # in a low window the hand's cards get smaller (down to MIN_HAND) before the table
        # scrolls: a long word of the coach's, the buttons of a warning
        hand = self.card_height
        while hand - 8 >= MIN_HAND and self._left_height(hand) > viewport.height():
            hand -= 8
        if hand != self.hand.card_height():
            self.hand.set_card_height(hand)
        self.felt.set_card_limits(TRICK_MIN_HEIGHT,
                                  max(TRICK_MIN_HEIGHT, round(hand * TRICK_TO_HAND)))
        fits = self._left_height(hand) <= viewport.height()
        if wide and fits:
            self.side_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            self.side_scroll.setMinimumHeight(0)
            self.side_scroll.setMaximumHeight(QWIDGETSIZE_MAX)
        else:
            self.side_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            width = self.side_scroll.width() if wide else viewport.width()
            height = side.heightForWidth(width)
            self.side_scroll.setFixedHeight(height if height >= 0 else side.sizeHint().height())
        self.wide = wide

    def _left_height(self, hand: int) -> int:
        """The least height of the felt, the buttons, the hand (cards ``hand`` high) and the
        coach's line."""
        spacing = max(0, self.left.spacing())
        width = max(1, self.hand.width())
        total = self.felt.size_for(TRICK_MIN_HEIGHT).height()
        total += card_widget_size(hand).height() + spacing
        for widget in (self.action_bar, self.coach_text):
            if widget.isHidden():
                continue
            height = (widget.heightForWidth(width) if widget.hasHeightForWidth()
                      else widget.minimumSizeHint().height())
            total += max(0, height) + spacing
        return total

    # --- look and language ------------------------------------------------------------------------

    def set_look(self, deck: Deck, card_height: int) -> None:
        super().set_look(deck, card_height)
        self.badge.set_deck(deck)
        self.legend.set_deck(deck)

    def retranslate_ui(self) -> None:
        super().retranslate_ui()
        for index, button in enumerate(self.trump_buttons):
            button.setText(suit_name(Suit(index)))  # the button of Trump(index), that suit
        self.chibre_button.setText(_("Chibre"))
        self.chibre_button.setToolTip(_("Let your partner choose trump"))
        for name, button, text in (("announce", self.announce_button, _("Announce")),
                                   ("withhold", self.withhold_button, _("Keep quiet"))):
            button.setText(_("{action} ({key})").format(action=text, key=key_name(KEYS[name])))
        self.side_scroll.setAccessibleName(_("Scores and announcements"))
        self.badge.retranslate_ui()
        self.slate.retranslate_ui()
        self.legend.retranslate_ui()


def _trump_of(item: object, trump: Trump | None) -> Trump | None:
    """The trump in force after log item ``item``, ``trump`` before it."""
    if isinstance(item, TrumpChosen):
        return item.trump
    if isinstance(item, Dealt):
        return None
    return trump


__all__: Sequence[str] = ["TRICK_HEIGHT", "TRICK_MIN_HEIGHT", "ChibreTableView"]
