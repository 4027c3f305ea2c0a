"""Best card: every hand open around the trick; choose the best card of your hand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout

from engine import CardSet
from tutor.content.kinds.best import SPEC
from tutor.content.tasks import BestSolution, BestTask
from tutor.i18n import _
from tutor.markup import card_html
from tutor.names import seat_name
from tutor.ui.widgets.answers.base import SMALL, Answer
from tutor.ui.widgets.common import label
from tutor.ui.widgets.hand import HandView


class BestAnswer(Answer[BestTask, BestSolution]):
    spec = SPEC

    @staticmethod
    def prompt(task: BestTask, context: str) -> str:
        return _("Every hand is open. Which card is best for your team?")

    @staticmethod
    def answer_html(task: BestTask, solution: BestSolution, context: str) -> str:
        return card_html(solution.answer)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Best card")

    def build(self, layout: QVBoxLayout) -> None:
        """The four open hands around the trick: you at the bottom, your partner at the top,
        the opponents left and right; you pick a card of your hand."""
        task = self.task
        self.seat_labels: list[tuple[QLabel, int]] = []
        self.add_badge(layout, task.trump)
        small = int(self.host.card_height * SMALL)
        grid = QGridLayout()
        places = {2: (0, 1), 3: (1, 0), 1: (1, 2)}
        for seat, (row, column) in places.items():
            view = self.hand_view(small, task.trump)
            view.set_cards(task.hands[seat])
            self.seat_views.append(view)
            grid.addLayout(self._seat_box(seat, view), row, column)
        trick = self.trick_view(small, task.trump, task.trick, task.leader)
        grid.addWidget(trick, 1, 1, Qt.AlignmentFlag.AlignCenter)
        self.hand = self.hand_view(trump=task.trump)
        self.hand.set_cards(task.hands[0])
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self.card_chosen)
        grid.addLayout(self._seat_box(0, self.hand), 2, 0, 1, 3)
        layout.addLayout(grid)

    def _seat_box(self, seat: int, view: HandView) -> QVBoxLayout:
        box = QVBoxLayout()
        caption = label(f"seat{seat}", bold=seat == 0)
        caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.seat_labels.append((caption, seat))
        box.addWidget(caption)
        box.addWidget(view, 0, Qt.AlignmentFlag.AlignHCenter)
        return box

    def mark(self) -> None:
        if self.hand is not None:
            self.hand.set_highlight(CardSet([self.solution.answer]), "best")
            self.hand.set_selectable("none")

    def retranslate(self) -> None:
        for caption, seat in self.seat_labels:
            caption.setText(seat_name(seat))


ANSWER = BestAnswer
