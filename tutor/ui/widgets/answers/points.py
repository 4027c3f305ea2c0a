"""Points: count what a team scores, in a spin box, then check."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout

from engine import CardSet
from tutor.content.kinds.points import SPEC
from tutor.content.tasks import PointsSolution, PointsTask
from tutor.i18n import _
from tutor.ui.widgets.answers.base import SMALL, Answer
from tutor.ui.widgets.common import label


class PointsAnswer(Answer[PointsTask, PointsSolution]):
    spec = SPEC
    by_check = True

    @staticmethod
    def prompt(task: PointsTask, context: str) -> str:
        return _("How many points does this team score?")

    @staticmethod
    def answer_html(task: PointsTask, solution: PointsSolution, context: str) -> str:
        return str(solution.total)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Points")

    def build(self, layout: QVBoxLayout) -> None:
        task = self.task
        self.info: list[tuple[QLabel, str]] = []  # the facts beside the cards
        self.add_badge(layout, task.trump)
        height = int(self.host.card_height * SMALL)
        piles = [CardSet(trick) for trick in task.tricks] if task.tricks else [task.cards]
        grid = QGridLayout()
        columns = 3 if len(piles) > 2 else len(piles)
        for index, pile in enumerate(piles):
            view = self.hand_view(height, task.trump)
            view.set_cards(pile)
            grid.addWidget(view, index // columns, index % columns, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(grid)
        facts = []
        if task.last or task.match:
            facts.append("last")
        if task.weis:
            facts.append("weis")
        if task.stoeck:
            facts.append("stoeck")
        if task.rules.pique_double:
            facts.append("pique")
        for fact in facts:
            info = label(f"fact_{fact}", wrap=True)
            self.info.append((info, fact))
            layout.addWidget(info)
        self.spin_row(layout, [(_("Points"), 2000)])

    def check(self) -> None:
        value = self.spins[0].value()
        self.host.finish(value == self.solution.answer, str(value))

    def retranslate(self) -> None:
        facts = {
            "last": _("One of these tricks was the last trick of the round."),
            "weis": _("The team also scores its announcements: {list}."),
            "stoeck": _("The team also scores Stöck."),
            "pique": _("Pique double is in force."),
        }
        shown = ", ".join(" ".join(str(c) for c in w) for w in self.task.weis)
        for info, fact in self.info:
            info.setText(facts[fact].format(list=shown))


ANSWER = PointsAnswer
