"""The Play page's question before what cannot be undone (``ConfirmBar``): a new game replacing
the one in progress (kept as abandoned), or in Pomme the hand given up for the aside. Enter
answers yes where yes is the safe answer's opposite only when asked for the aside; Esc (the
table's key) keeps playing."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from tutor.i18n import _
from tutor.ui.play.base import KEYS
from tutor.ui.widgets.common import announce, key_name, label, push_button

#: What the bar asks: a new game over the one in progress, or the aside for the hand.
QUESTIONS = ("new game", "aside")


class ConfirmBar(QFrame):
    """A line of text and two buttons over the table; ``question`` says what it asks while it
    is shown (``None`` otherwise). ``answered(question)`` is called on yes, ``kept()`` on no."""

    def __init__(self, answered: Callable[[str | None], None], kept: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confirmNewGame")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._answered, self._kept = answered, kept
        row = QHBoxLayout(self)
        self.text = label("confirmText", wrap=True)
        self.yes = push_button("confirmYes", self._yes)
        self.no = push_button("confirmNo", self._no)
        row.addWidget(self.text, 1)
        row.addWidget(self.yes)
        row.addWidget(self.no)
        self.hide()
        self.question: str | None = None  # "new game", "aside" while the bar asks

    def ask(self, question: str, text: str, focus: QPushButton) -> None:
        """Ask ``question`` in ``text``; focus on ``focus`` (``yes`` or ``no``); said at once."""
        self.question = question
        self.text.setText(text)
        self.retranslate_ui()
        self.show()
        focus.setFocus()
        announce(self.text, text)

    def close_question(self) -> str | None:
        """Hide the bar; the question it asked."""
        self.hide()
        question, self.question = self.question, None
        return question

    def _yes(self) -> None:
        self._answered(self.close_question())

    def _no(self) -> None:
        self.close_question()
        self._kept()

    def retranslate_ui(self) -> None:
        if self.question == "aside":
            self.yes.setText(_("{action} ({key})").format(
                action=_("Take the aside"), key=key_name("Return")))
            self.no.setText(_("{action} ({key})").format(
                action=_("Keep my hand"), key=key_name(KEYS["take_back"])))
        else:
            self.yes.setText(_("Start a new game"))
            self.no.setText(_("Keep playing"))


__all__ = ["QUESTIONS", "ConfirmBar"]
