"""Announcements: choose the player whose announcement wins, or nobody."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QPushButton, QVBoxLayout

from tutor.content.kinds.weis import SPEC, announcer_label, announcer_name, order_text
from tutor.content.tasks import WeisSolution, WeisTask
from tutor.i18n import _
from tutor.ui.widgets.answers.base import SMALL, Answer


class WeisAnswer(Answer[WeisTask, WeisSolution]):
    spec = SPEC

    @staticmethod
    def prompt(task: WeisTask, context: str) -> str:
        return _("Whose announcement wins?")

    @staticmethod
    def answer_html(task: WeisTask, solution: WeisSolution, context: str) -> str:
        winner = solution.winner
        return _("nobody") if winner is None else announcer_name(winner)

    @classmethod
    def puzzle_name(cls) -> str:
        return _("Announcements")

    def build(self, layout: QVBoxLayout) -> None:
        task = self.task
        self.add_badge(layout, task.trump)
        grid = QGridLayout()
        height = int(self.host.card_height * SMALL)
        for index, cards in enumerate(task.players):
            button = QPushButton()
            button.setObjectName(f"player{index}")
            button.clicked.connect(lambda _checked=False, i=index: self.chosen(i))
            view = self.hand_view(height, task.trump)
            view.set_cards(cards)
            self.player_buttons.append(button)
            grid.addWidget(button, index, 0)
            grid.addWidget(view, index, 1, Qt.AlignmentFlag.AlignLeft)
        nobody = QPushButton()
        nobody.setObjectName("nobody")
        nobody.clicked.connect(lambda: self.chosen(None))
        self.player_buttons.append(nobody)
        grid.addWidget(nobody, 4, 0)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)

    def chosen(self, index: int | None) -> None:
        self.host.finish(index == self.solution.answer, "none" if index is None else str(index))

    def retranslate(self) -> None:
        for index, button in enumerate(self.player_buttons):
            button.setText(announcer_label(index) if index < 4 else _("Nobody"))
            button.setToolTip(order_text())  # who is who (the figure above keeps its room)
            button.setAccessibleDescription(order_text())


ANSWER = WeisAnswer
