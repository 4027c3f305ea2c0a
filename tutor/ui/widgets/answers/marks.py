"""Pomme: set each player's mark for the round's points, then check."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QSpinBox, QVBoxLayout

from tutor.content.explain import player_name
from tutor.content.kinds.marks import SPEC
from tutor.content.tasks import MarksSolution, MarksTask
from tutor.i18n import _, ngettext
from tutor.ui.widgets.answers.base import Answer


def mark_text(mark: int) -> str:
    """A mark as the score shows it: +2, 0, −1."""
    return f"+{mark}" if mark > 0 else f"−{-mark}" if mark < 0 else "0"


class MarksAnswer(Answer[MarksTask, MarksSolution]):
    spec = SPEC
    by_check = True

    @staticmethod
    def prompt(task: MarksTask, context: str) -> str:
        return _("Pomme: what does each player mark for these round points? Set each "
                 "mark, then check.")

    @staticmethod
    def answer_html(task: MarksTask, solution: MarksSolution, context: str) -> str:
        return ", ".join(_("{player}: {mark}").format(player=player_name(i),
                                                    mark=mark_text(mark))
                         for i, mark in enumerate(solution.marks))

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Apples and Putz points")

    def build(self, layout: QVBoxLayout) -> None:
        """Each player's round points and a spin box for their mark (−1 to 3)."""
        grid = QGridLayout()
        for index, points in enumerate(self.task.points):
            caption = QLabel()
            spin = QSpinBox()
            spin.setObjectName(f"answerSpin{index}")
            spin.setRange(-1, 3)
            caption.setBuddy(spin)
            self.mark_labels.append((caption, index, points))
            self.spins.append(spin)
            grid.addWidget(caption, index, 0)
            grid.addWidget(spin, index, 1)
        grid.setColumnStretch(2, 1)
        layout.addLayout(grid)

    def check(self) -> None:
        self.spins_checked()

    def retranslate(self) -> None:
        for caption, player, points in self.mark_labels:
            caption.setText(ngettext("{player}: {points} point", "{player}: {points} points",
                                     points).format(player=player_name(player), points=points))


ANSWER = MarksAnswer
