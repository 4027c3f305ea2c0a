"""The slate: set the strokes that draw a number of points, then check."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from tutor.content.kinds.slate import SPEC
from tutor.content.tasks import SlateSolution, SlateTask
from tutor.i18n import _
from tutor.ui.widgets.answers.base import Answer


class SlateAnswer(Answer[SlateTask, SlateSolution]):
    spec = SPEC
    by_check = True

    @staticmethod
    def prompt(task: SlateTask, context: str) -> str:
        return _("How are {points} points drawn on the slate?").format(points=task.points)

    @staticmethod
    def answer_html(task: SlateTask, solution: SlateSolution, context: str) -> str:
        return " · ".join(str(n) for n in solution.strokes)

    def build(self, layout: QVBoxLayout) -> None:
        self.spin_row(layout, [(_("Strokes for 100"), 100), (_("Half-crosses for 50"), 1),
                               (_("Strokes for 20"), 4), (_("At the side"), 19)])

    def check(self) -> None:
        self.spins_checked()


ANSWER = SlateAnswer
