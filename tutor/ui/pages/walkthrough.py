"""A recorded round told trick by trick: the trick on the table, your hand, what each player
played and why the rules allow it, who takes the trick and the running points.

The screens are the deal (0), the nine tricks (1 to 9) and the round's summary (10). *Previous
trick* and *Next trick* move between them, as do ``Ctrl+Left`` / ``Ctrl+Right`` anywhere on the
page, and the arrow keys, ``Home`` and ``End`` while the focus is on those buttons. Every
sentence comes from :mod:`tutor.content.walkthrough`, rendered in the language and deck in force.
"""

from __future__ import annotations

import html
from typing import ClassVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from engine import CardSet
from tutor import keys
from tutor.content.walkthrough import (
    TRICKS,
    Walkthrough,
    deal_lines,
    points_text,
    score_text,
    summary_lines,
    told_lines,
    winner_text,
)
from tutor.i18n import _, content_text
from tutor.markup import to_html
from tutor.ui.widgets.common import announce, dim, label, push_button
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView
from tutor.vocab import DEFAULT_DECK, LEARNER_SEAT

#: Below this width the narration and the trick are stacked, the narration first, instead of
#: side by side.
NARROW = 620
SUMMARY = TRICKS + 1


def _paragraphs(lines: list[str]) -> str:
    return "".join(f"<p>{html.escape(line)}</p>" for line in lines)


class WalkthroughView(QWidget):
    """One recorded round, shown one trick at a time."""

    position_changed = Signal(int)

    #: The screen last shown for each lesson, so a redraw (a deck change) keeps the place.
    _remembered: ClassVar[dict[str, int]] = {}

    def __init__(self, walk: Walkthrough, deck: str = DEFAULT_DECK, card_height: int = 110,
                 context: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("walkthrough")
        self.walk = walk
        self.context = context  # the lesson id: the notes are translated in its context
        self.position = self._remembered.get(context, 0)
        height = max(60, int(card_height * 0.8))
        self.previous_button = push_button("previousTrick", self.go_previous)
        self.next_button = push_button("nextTrick", self.go_next)
        self.counter = label("trickCounter", bold=True)
        self.counter.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badge = TrumpBadge(deck=deck, trump=walk.trump)
        self.trick = TrickView(deck=deck, height=height)
        self.trick.set_trump(walk.trump)
        self.narration = self._rich_label("trickNarration")
        self.note = self._rich_label("trickNote")
        italic = self.note.font()
        italic.setItalic(True)
        self.note.setFont(italic)
        self.score = label("trickScore", wrap=True, bold=True)
        self.hand_caption = dim(label("handCaption", wrap=True))
        self.hand = HandView(deck=deck, height=height)
        self.hand.set_trump(walk.trump)
        self._build()
        QShortcut(QKeySequence(keys.NEXT_TRICK), self).activated.connect(self.go_next)
        QShortcut(QKeySequence(keys.PREVIOUS_TRICK), self).activated.connect(self.go_previous)
        # the arrows step through the round while the focus is on its buttons (in the hand
        # below they move among the cards, as everywhere)
        inside = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for arrow, slot in (("Right", self.go_next), ("Down", self.go_next),
                           ("Left", self.go_previous), ("Up", self.go_previous),
                           ("Home", self.go_first), ("End", self.go_last)):
            QShortcut(QKeySequence(arrow), self.nav_bar, context=inside).activated.connect(slot)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFocusProxy(self.next_button)
        self.show_position(self.position)

    def tab_order(self) -> list[QWidget]:
        """Its part of the page's Tab order: the buttons, then the cards of the hand."""
        return [self.previous_button, self.next_button, *self.hand.card_widgets()]

    @staticmethod
    def _rich_label(name: str) -> QLabel:
        widget = label(name, wrap=True)
        widget.setTextFormat(Qt.TextFormat.RichText)
        widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        return widget

    def _build(self) -> None:
        self.nav_bar = QWidget()
        nav = QHBoxLayout(self.nav_bar)
        nav.setContentsMargins(0, 0, 0, 0)
        nav.addWidget(self.previous_button)
        nav.addWidget(self.counter, 1)
        nav.addWidget(self.next_button)
        table = QVBoxLayout()
        table.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)
        table.addWidget(self.trick, 0, Qt.AlignmentFlag.AlignHCenter)
        table.addStretch(1)
        words = QVBoxLayout()
        for widget in (self.narration, self.note, self.score):
            words.addWidget(widget)
        words.addStretch(1)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.body.addLayout(table)
        self.body.addLayout(words, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.addWidget(self.nav_bar)
        layout.addLayout(self.body)
        layout.addWidget(self.hand_caption)
        layout.addWidget(self.hand)

    # -- moving

    def go_next(self) -> None:
        if self.position < SUMMARY:
            self.show_position(self.position + 1)

    def go_previous(self) -> None:
        if self.position > 0:
            self.show_position(self.position - 1)

    def go_first(self) -> None:
        self.show_position(0)

    def go_last(self) -> None:
        self.show_position(SUMMARY)

    def show_position(self, position: int) -> None:
        """Show the deal (0), trick ``position`` (1 to 9) or the summary (10)."""
        self.position = max(0, min(position, SUMMARY))
        self._remembered[self.context] = self.position
        trick = self.walk.tricks[self.position - 1] if 1 <= self.position <= TRICKS else None
        last = self.walk.tricks[-1]
        if trick is not None:
            self.trick.set_trick(trick.cards, leader=trick.leader)
            self.trick.set_highlight(CardSet([trick.winning.card]), "winner")
        elif self.position == SUMMARY:
            self.trick.set_trick(last.cards, leader=last.leader)
            self.trick.set_highlight(CardSet([last.winning.card]), "winner")
        else:
            self.trick.set_trick([], leader=self.walk.chooser)
            self.trick.set_highlight(CardSet())
        number = min(self.position, TRICKS) if self.position else 1
        hand = self.walk.hand_before(0, number)
        self.hand.set_cards(hand if self.position < SUMMARY else [])
        mine = [play for play in trick.plays if play.seat == LEARNER_SEAT] if trick else []
        self.hand.set_highlight(CardSet(play.card for play in mine), "played")
        self.hand.set_legal(mine[0].legal if mine else None)  # what the rules let you play
        self.hand.setVisible(self.position < SUMMARY)
        self.hand_caption.setVisible(self.position < SUMMARY)
        self.retranslate_ui()
        announce(self.counter, self._spoken())
        self.position_changed.emit(self.position)

    # -- words

    def retranslate_ui(self) -> None:
        self.previous_button.setText(_("Previous trick"))
        self.previous_button.setToolTip(_("Previous trick (Ctrl+Left)"))
        self.next_button.setText(_("Next trick"))
        self.next_button.setToolTip(_("Next trick (Ctrl+Right)"))
        self.previous_button.setEnabled(self.position > 0)
        self.next_button.setEnabled(self.position < SUMMARY)
        self.counter.setText(self._counter_text())
        self.narration.setText(self._narration())
        note = self._note()
        self.note.setText(to_html(note) if note else "")
        self.note.setVisible(bool(note))
        totals = self._totals()
        self.score.setText(score_text(totals))
        self.hand_caption.setText(
            _("Your hand before this trick: the cards the rules allowed you are outlined, the "
              "one you played glows.") if self.position else _("Your hand"))
        self.badge.retranslate_ui()
        self.trick.retranslate_ui()
        self.hand.retranslate_ui()
        self.setAccessibleName(_("A round played out trick by trick"))

    def _counter_text(self) -> str:
        if self.position == 0:
            return _("The deal")
        if self.position == SUMMARY:
            return _("The end of the round")
        return _("Trick {number} of {count}").format(number=self.position, count=TRICKS)

    def _narration(self) -> str:
        if self.position == 0:
            return _paragraphs(deal_lines(self.walk))
        if self.position == SUMMARY:
            return _paragraphs(summary_lines(self.walk))
        trick = self.walk.tricks[self.position - 1]
        played, why_won = told_lines(self.walk, self.position)  # each rule the first time only
        cards = "".join(f"<p><b>{html.escape(action)}</b> {html.escape(why)}</p>" if why
                        else f"<p>{html.escape(action)}</p>" for action, why in played)
        result = " ".join(html.escape(part) for part in (why_won, points_text(trick)) if part)
        return cards + f"<p><b>{html.escape(winner_text(trick))}</b> {result}</p>"

    def _note(self) -> str:
        if not 1 <= self.position <= TRICKS:
            return ""
        note = self.walk.tricks[self.position - 1].note
        return content_text(note, self.context) if note else ""

    def _totals(self) -> tuple[int, int]:
        if self.position == 0:
            return (0, 0)
        return self.walk.tricks[min(self.position, TRICKS) - 1].totals

    def _spoken(self) -> str:
        """What a screen reader hears on arriving at a screen."""
        if 1 <= self.position <= TRICKS:
            trick = self.walk.tricks[self.position - 1]
            return f"{self._counter_text()}. {winner_text(trick)}"
        return self._counter_text()

    # -- size

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # narrow: the narration first, above the trick, so that it is in view at 800×560
        direction = (QBoxLayout.Direction.BottomToTop if self.width() < NARROW
                     else QBoxLayout.Direction.LeftToRight)
        if self.body.direction() != direction:
            self.body.setDirection(direction)


__all__ = ["NARROW", "SUMMARY", "WalkthroughView"]
