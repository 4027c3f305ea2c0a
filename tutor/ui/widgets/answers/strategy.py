"""Strategy: with the other hands hidden, choose a card, or a trump with its button."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from engine import Card, CardSet
from tutor.content import Figure
from tutor.content.kinds.strategy import SPEC, one_deal, one_deal_caption, strategy_situation
from tutor.content.strategy import TRUMP_CODES, answer_choice, view_of
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.i18n import _
from tutor.markup import card_html, to_html
from tutor.names import seat_name
from tutor.refs import plain
from tutor.ui.widgets.answers.base import SMALL, Answer
from tutor.ui.widgets.common import label
from tutor.ui.widgets.flow import FlowLayout


def strategy_choice_text(code: str) -> str:
    """A trump decision's answer in words: the suit as trump, or chibre."""
    if code == "chibre":
        return _("Chibre")
    return plain("{suit:" + code + "}")


def strategy_choice_html(code: str) -> str:
    """A strategy answer for the feedback: the card drawn as a name, the suit, or chibre."""
    choice = answer_choice(code)
    if isinstance(choice, Card):
        return card_html(choice)
    return html.escape(strategy_choice_text(code))


class StrategyAnswer(Answer[StrategyTask, StrategySolution]):
    spec = SPEC
    figures_behind = True

    @staticmethod
    def prompt(task: StrategyTask, context: str) -> str:
        if task.trump is None:
            return _("Which trump would a strong player name with this hand?")
        if task.need is not None:
            return _("Which card gives your team the best chance of the points it needs?")
        return _("The other hands are hidden. Which card would a strong player play?")

    @staticmethod
    def answer_html(task: StrategyTask, solution: StrategySolution, context: str) -> str:
        return strategy_choice_html(solution.answer)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Strategy")

    @staticmethod
    def draws_figure(figure: Figure, task: StrategyTask) -> bool:
        if task.trump is None:  # the trump decision: your hand alone
            return figure.trump is None and not figure.trick and figure.hand == task.deal[0]
        view = view_of(task)
        return (figure.trump == task.trump and figure.hand == view.hand
                and figure.trick == tuple(view.trick)
                and (not figure.trick or figure.leader == view.leader))

    def build(self, layout: QVBoxLayout) -> None:
        """What you know (who named trump, the tricks so far, the announcements, the score),
        the trick in progress, your hand; you pick a legal card, or a trump with its button."""
        task = self.task
        if task.trump is not None:
            self.add_badge(layout, task.trump)
        self.situation: QLabel = label("situation", wrap=True)
        layout.addWidget(self.situation)
        if task.trump is None:
            self.hand = self.hand_view()
            self.hand.set_cards(task.deal[0])
            layout.addWidget(self.hand)
            buttons = FlowLayout()  # wraps at the minimum size or with a large font
            codes = [code for code in TRUMP_CODES if code != "chibre" or not task.chibred]
            for code in codes:
                button = QPushButton()
                button.setObjectName(f"strategy_{code}")
                button.clicked.connect(lambda _checked=False, c=code: self.chosen(c))
                self.choice_buttons.append(button)
                self.strategy_codes.append(code)
                buttons.addWidget(button)
            layout.addLayout(buttons)
            return
        view = view_of(task)
        if view.trick:
            trick = self.trick_view(int(self.host.card_height * SMALL), task.trump, view.trick,
                                    view.leader)
            layout.addWidget(trick, 0, Qt.AlignmentFlag.AlignHCenter)
        self.hand = self.hand_view(trump=task.trump)
        self.hand.set_cards(view.hand)
        self.hand.set_legal(CardSet([a for a in view.legal_actions if isinstance(a, Card)]))
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(lambda card: self.chosen(str(card)))
        layout.addWidget(self.hand)

    def chosen(self, code: str) -> None:
        self.host.finish(code == self.solution.answer, code)

    def mark(self) -> None:
        for button in self.choice_buttons:
            button.setEnabled(False)
        answer = answer_choice(self.solution.answer)
        if self.hand is not None and isinstance(answer, Card):
            self.hand.set_highlight(CardSet([answer]), "best")
            self.hand.set_selectable("none")

    def build_figures(self, layout: QVBoxLayout) -> None:
        """For a card decision, one of the deals, drawn as small cards: each hidden hand with
        its seat (none for a trump choice)."""
        self.deal_labels: list[tuple[QLabel, int]] = []
        deal = one_deal(self.task)
        if not deal:
            return
        self.deal_caption = label("oneDealCaption", wrap=True)
        layout.addWidget(self.deal_caption)
        small = int(self.host.card_height * SMALL * 0.8)
        for seat, cards in deal:
            row = QHBoxLayout()
            caption = label(f"dealSeat{seat}")
            caption.setMinimumWidth(small)
            self.deal_labels.append((caption, seat))
            view = self.hand_view(small, self.task.trump)
            view.set_cards(cards)
            view.setAccessibleName(seat_name(seat))
            row.addWidget(caption)
            row.addWidget(view, 1)
            layout.addLayout(row)
        self.retranslate_deal()

    def retranslate_deal(self) -> None:
        if getattr(self, "deal_labels", None):
            self.deal_caption.setText(one_deal_caption())
            for caption, seat in self.deal_labels:
                caption.setText(seat_name(seat))
                caption.setAccessibleName(seat_name(seat))

    def retranslate(self) -> None:
        self.retranslate_deal()
        self.situation.setText("<br>".join(
            to_html(line)[3:-4] if to_html(line).startswith("<p>") else to_html(line)
            for line in strategy_situation(self.task)))
        for button, code in zip(self.choice_buttons, self.strategy_codes, strict=True):
            button.setText(strategy_choice_text(code))


ANSWER = StrategyAnswer
