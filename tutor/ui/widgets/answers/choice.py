"""A multiple-choice question: choose one of the authored answers, then check."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QButtonGroup, QRadioButton, QVBoxLayout

from tutor.content.kinds.choice import SPEC
from tutor.content.tasks import ChoiceSolution, ChoiceTask
from tutor.i18n import _
from tutor.refs import content_plain
from tutor.ui.widgets.answers.base import Answer


class EnterChooses(QObject):
    """Enter on an answer of a choice chooses it, as Space does (and as Enter on a card)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (isinstance(watched, QRadioButton) and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            watched.setChecked(True)
            return True
        return super().eventFilter(watched, event)


class ChoiceAnswer(Answer[ChoiceTask, ChoiceSolution]):
    spec = SPEC
    by_check = True

    @staticmethod
    def prompt(task: ChoiceTask, context: str) -> str:
        return content_plain(task.prompt, context)  # the question is the task's own

    @staticmethod
    def answer_html(task: ChoiceTask, solution: ChoiceSolution, context: str) -> str:
        return html.escape(content_plain(task.options[task.answer], context))

    def asking_text(self) -> str:
        return _("Choose one of the answers, then check.")

    def build(self, layout: QVBoxLayout) -> None:
        self.choice_group = QButtonGroup(self.host.parent_object())
        enter = EnterChooses(self.choice_group)
        for index, option in enumerate(self.task.options):
            radio = QRadioButton(content_plain(option, self.host.context))
            radio.setObjectName(f"choice{index}")
            radio.installEventFilter(enter)
            self.choice_group.addButton(radio, index)
            layout.addWidget(radio)

    def check(self) -> None:
        if self.choice_group is None:
            return
        index = self.choice_group.checkedId()
        if index < 0:
            self.host.ask()
            return
        self.host.finish(index == self.task.answer, str(index))

    def retranslate(self) -> None:
        if self.choice_group is not None:
            for index, option in enumerate(self.task.options):  # the language or deck changed
                button = self.choice_group.button(index)
                if button is not None:
                    button.setText(content_plain(option, self.host.context))


ANSWER = ChoiceAnswer
