"""Trick winner: choose the card that takes the trick."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from engine import CardSet
from tutor.content import Figure
from tutor.content.kinds.winner import SPEC
from tutor.content.tasks import CHIBRE_PLAYERS, WinnerSolution, WinnerTask
from tutor.i18n import _, ngettext
from tutor.markup import card_html
from tutor.ui.widgets.answers.base import Answer


class WinnerAnswer(Answer[WinnerTask, WinnerSolution]):
    spec = SPEC

    @staticmethod
    def prompt(task: WinnerTask, context: str) -> str:
        if task.players != CHIBRE_PLAYERS:
            return ngettext("Pomme for {count} player: which card takes this trick?",
                            "Pomme for {count} players: which card takes this trick?",
                            task.players).format(count=task.players)
        return _("Which card takes this trick?")

    @staticmethod
    def answer_html(task: WinnerTask, solution: WinnerSolution, context: str) -> str:
        return card_html(solution.card)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Trick winner")

    @staticmethod
    def draws_figure(figure: Figure, task: WinnerTask) -> bool:
        return (task.players == CHIBRE_PLAYERS and figure.trump == task.trump
                and not figure.hand and figure.trick == task.trick
                and figure.leader == 0)

    def build(self, layout: QVBoxLayout) -> None:
        task = self.task
        self.add_badge(layout, task.trump)
        if task.players != CHIBRE_PLAYERS:
            row = self.pomme_trick(layout, task.trump, task.trick, self.host.card_height)
            row.set_selectable(True)
            row.card_chosen.connect(self.card_chosen)
            return
        trick = self.trick_view(self.host.card_height, task.trump, task.trick, 0)
        trick.set_selectable(True)
        trick.card_chosen.connect(self.card_chosen)
        layout.addWidget(trick)

    def mark(self) -> None:
        won = CardSet([self.solution.card])
        if self.trick is not None:
            self.trick.set_highlight(won, "winner")
        if self.trick_row is not None:
            self.trick_row.set_highlight(won, "winner")
            self.trick_row.set_selectable(False)


ANSWER = WinnerAnswer
