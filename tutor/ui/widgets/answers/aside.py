"""Pomme for 3: take the aside or keep the hand, with its button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from tutor.content.explain import card_ref
from tutor.content.kinds.aside import SPEC
from tutor.content.tasks import AsideSolution, AsideTask
from tutor.i18n import _
from tutor.refs import plain
from tutor.ui.widgets.answers.base import Answer
from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.common import label


def aside_choice_text(take: bool) -> str:
    """The two answers of an aside exercise."""
    return _("Take the aside") if take else _("Keep my hand")


class AsideAnswer(Answer[AsideTask, AsideSolution]):
    spec = SPEC

    @staticmethod
    def prompt(task: AsideTask, context: str) -> str:
        return _("Pomme for 3: it is your turn before your first card, and nobody has "
                 "taken the aside. Take it, or keep your hand?")

    @staticmethod
    def answer_html(task: AsideTask, solution: AsideSolution, context: str) -> str:
        return aside_choice_text(solution.take_aside)

    def build(self, layout: QVBoxLayout) -> None:
        """Your hand, the aside (its face-up top card on a face-down pile), the trick so far,
        and the two choices as buttons."""
        task, height = self.task, self.host.card_height
        self.add_badge(layout, task.trump)
        if task.trick:
            self.pomme_trick(layout, task.trump, task.trick, int(height * 0.8))
        row = QHBoxLayout()
        self.aside_view = self.hand_view(int(height * 0.8), task.trump)
        self.aside_view.set_cards([task.top])
        back = CardWidget(None, self.host.deck, int(height * 0.8))
        back.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        back.set_interactive(False)
        self.aside_label: QLabel = label("asideLabel", wrap=True)
        row.addWidget(back)
        row.addWidget(self.aside_view)
        row.addWidget(self.aside_label, 1)
        layout.addLayout(row)
        self.hand_label: QLabel = label("handLabel")
        layout.addWidget(self.hand_label)
        self.hand = self.hand_view(trump=task.trump)
        self.hand.set_cards(task.hand)
        layout.addWidget(self.hand)
        buttons = QHBoxLayout()
        for take in (True, False):
            button = QPushButton()
            button.setObjectName("takeAside" if take else "keepHand")
            button.clicked.connect(lambda _checked=False, t=take: self.chosen(t))
            self.choice_buttons.append(button)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def chosen(self, take: bool) -> None:
        answer = "take" if take else "keep"
        self.host.finish(answer == self.solution.answer, answer)

    def mark(self) -> None:
        for button in self.choice_buttons:
            button.setEnabled(False)

    def retranslate(self) -> None:
        self.aside_label.setText(plain(
            _("The aside: nine cards, the {top} face up on top; you have seen none of "
              "the others.").format(top=card_ref(self.task.top))))
        for button, take in zip(self.choice_buttons, (True, False), strict=True):
            button.setText(aside_choice_text(take))
        self.hand_label.setText(_("Your hand:"))


ANSWER = AsideAnswer
