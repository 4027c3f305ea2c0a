"""Legal cards: select every card of the hand that may be played, then check."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from tutor.content import Figure
from tutor.content.kinds.legal import SPEC
from tutor.content.tasks import CHIBRE_PLAYERS, LegalSolution, LegalTask
from tutor.i18n import _, ngettext
from tutor.markup import card_html
from tutor.ui.widgets.answers.base import Answer


class LegalAnswer(Answer[LegalTask, LegalSolution]):
    spec = SPEC
    by_check = True

    @staticmethod
    def prompt(task: LegalTask, context: str) -> str:
        if task.players != CHIBRE_PLAYERS:
            return ngettext("Pomme for {count} player: which cards may you play? Select "
                            "every legal card, then check.",
                            "Pomme for {count} players: which cards may you play? Select "
                            "every legal card, then check.", task.players).format(
                                count=task.players)
        return _("Which cards may you play? Select every legal card, then check.")

    @staticmethod
    def answer_html(task: LegalTask, solution: LegalSolution, context: str) -> str:
        return ", ".join(card_html(card) for card in solution.legal)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Legal cards")

    @staticmethod
    def draws_figure(figure: Figure, task: LegalTask) -> bool:
        return (task.players == CHIBRE_PLAYERS and figure.trump == task.trump
                and figure.hand == task.hand and figure.trick == task.trick
                and figure.leader == (4 - len(task.trick)) % 4)

    def asking_text(self) -> str:
        return _("Select every card you may play, then check.")

    def build(self, layout: QVBoxLayout) -> None:
        task, height = self.task, self.host.card_height
        self.add_badge(layout, task.trump)
        if task.trick and task.players != CHIBRE_PLAYERS:
            self.pomme_trick(layout, task.trump, task.trick, int(height * 0.8))
        elif task.trick:
            layout.addWidget(self.trick_view(int(height * 0.8), task.trump, task.trick,
                                             (4 - len(task.trick)) % 4))
        self.hand = self.hand_view(trump=task.trump)
        self.hand.set_cards(task.hand)
        self.hand.set_selectable("multi")
        layout.addWidget(self.hand)

    def check(self) -> None:
        if self.hand is None:
            return
        chosen = self.hand.selected()
        if not chosen:
            self.host.ask()
            return
        self.host.finish(chosen == self.solution.answer, " ".join(map(str, chosen)))

    def mark(self) -> None:
        if self.hand is not None:
            self.hand.set_legal(self.solution.legal)


ANSWER = LegalAnswer
