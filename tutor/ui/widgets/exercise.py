"""One exercise or puzzle on screen: the position, the way to answer, and the feedback.

The engine's solution is known before the learner answers; the view only compares and explains
(``tutor.content.kinds.explain``). What differs by kind (the question, the answer widget, how
the answer is checked, marked and said) is the kind's ``Answer`` (``tutor.ui.widgets.answers``); the
view holds what every kind shares: the question, Check, the hint, the verdict, Try again.

Every kind is answered with the keyboard alone: cards take focus and Enter or Space, buttons and
spin boxes are in the tab order, Ctrl+Return checks, Ctrl+H shows the authored hint before
answering.

``rated`` says whether an answer given now counts, as on Lichess: a task just shown is rated; a
second try, an answer after the hint was shown, and an answer once the solution was shown are
not. While ``answered`` is emitted, ``rated`` still describes the answer being reported (and
``answer_rated`` keeps it afterwards); once the feedback is shown, the solution is revealed and
``rated`` is False. *Check* with nothing chosen (no card selected, no option chosen) says what
to do in the feedback area and emits nothing: it is no answer.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet
from tutor import keys
from tutor.content.kinds import explain
from tutor.content.tasks import ChoiceTask, Solution, Task
from tutor.design import LEAD, SUBHEADING
from tutor.i18n import _, content_text
from tutor.markup import to_html
from tutor.refs import content_plain
from tutor.ui.theme import mark_primary
from tutor.ui.widgets.answers import Answer, answer_for
from tutor.ui.widgets.common import announce, label, land, landing, spoken_text
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView
from tutor.ui.widgets.trick_row import TrickRow
from tutor.vocab import DEFAULT_DECK


#: The answers' group is named with the question for screen readers and draws nothing itself.
def answer_html(task: Task, solution: Solution, context: str = "") -> str:
    """The right answer in words, for the feedback after a wrong one."""
    return answer_for(task).answer_html(task, solution, context)


V = TypeVar("V")


class Part(Generic[V]):
    """A part of the answer on screen, read through the view (``view.hand``: its answer's hand,
    ``None`` or empty without a task)."""

    def __init__(self, empty: V) -> None:
        self.empty = empty

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, view: ExerciseView | None, owner: type) -> V:
        answer = None if view is None else view.answer
        return self.empty if answer is None else getattr(answer, self.name)


class ExerciseView(QWidget):
    """Shows one task; emits ``answered(correct, answer_text)`` once the learner answers."""

    answered = Signal(bool, str)
    hint_shown = Signal()
    retried = Signal()  # the answer was cleared for another try: it is open again
    shown = Signal()  # a task (or the same one again) is on screen: the Tab order is new
    HINT_KEY = keys.EXERCISE_HINT
    # The parts of the answer on screen (``tutor.ui.widgets.answers.base.Answer``)
    hand: Part[HandView | None] = Part(None)
    trick: Part[TrickView | None] = Part(None)
    trick_row: Part[TrickRow | None] = Part(None)
    badge: Part[TrumpBadge | None] = Part(None)
    spins: Part[list[QSpinBox]] = Part([])
    choice_group: Part[QButtonGroup | None] = Part(None)
    player_buttons: Part[list[QPushButton]] = Part([])
    choice_buttons: Part[list[QPushButton]] = Part([])
    strategy_codes: Part[list[str]] = Part([])
    seat_views: Part[list[HandView]] = Part([])
    mark_labels: Part[list[tuple[QLabel, int, int]]] = Part([])
    aside_view: Part[HandView | None] = Part(None)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exercise")
        self.deck: str = DEFAULT_DECK
        self.card_height = 110
        self.task: Task | None = None
        self.solution: Solution | None = None
        self.prompt_text: str | None = None
        self.hint_text: str | None = None
        self.context = ""
        #: Said before the question when focus lands on it ("Exercise 2", "Puzzle"): the page's.
        self.heading = ""
        self.result: bool | None = None
        self.hint_used = False  # the hint was shown before this answer
        self.retrying = False  # a second try after a wrong answer
        self.answer_rated: bool | None = None  # whether the last answer counted
        self.rating_note = True  # say "this answer is not rated" (puzzles; lessons do not)
        self.answer: Answer[Any, Any] | None = None  # the task's answer widget
        self._asking = False  # Check was pressed with no answer
        self._reporting = False  # ``answered`` is being emitted
        self._build()
        QShortcut(QKeySequence(keys.CHECK), self).activated.connect(self.check)
        QShortcut(QKeySequence(self.HINT_KEY), self).activated.connect(self.show_hint)

    @property
    def rated(self) -> bool:
        """Whether an answer given now is rated (see the module doc)."""
        if self._reporting:
            return bool(self.answer_rated)
        return self.result is None and not self.hint_used and not self.retrying

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        # Focus lands on the question (``setFocus`` on the view goes there); the answers are a
        # group named with it, so a screen reader says the question with the first answer.
        self.prompt = landing(label("exercisePrompt", wrap=True, scale=LEAD, bold=True))
        self.setFocusProxy(self.prompt)
        self.body = QGroupBox()
        self.body.setObjectName("answers")
        self.body.setFlat(True)
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.check_button = QPushButton()
        self.check_button.setObjectName("checkButton")
        self.check_button.clicked.connect(self.check)
        self.retry_button = QPushButton()
        self.retry_button.setObjectName("retryButton")
        self.retry_button.clicked.connect(self.try_again)
        self.hint_button = QPushButton()
        self.hint_button.setObjectName("hintButton")
        self.hint_button.clicked.connect(self.show_hint)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.retry_button)
        buttons.addWidget(self.hint_button)
        buttons.addStretch(1)
        self.hint_box = QFrame()
        self.hint_box.setObjectName("hintBox")
        hint_layout = QVBoxLayout(self.hint_box)
        hint_layout.setContentsMargins(12, 6, 12, 6)
        self.hint_label = label("hintText", wrap=True)
        self.hint_label.setTextFormat(Qt.TextFormat.RichText)
        self.unrated_label = label("unratedNote", wrap=True)
        hint_layout.addWidget(self.hint_label)
        hint_layout.addWidget(self.unrated_label)
        self.feedback = QFrame()
        self.feedback.setObjectName("feedback")
        feedback_layout = QVBoxLayout(self.feedback)
        # After an answer, focus lands on the verdict, named with the whole feedback
        self.verdict = landing(label("verdict", scale=SUBHEADING, bold=True))
        self.explanation = label("explanation", wrap=True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        feedback_layout.addWidget(self.verdict)
        feedback_layout.addWidget(self.explanation)
        # A kind whose explanation is figures keeps them behind a disclosure, closed: the
        # reason is read first, and a screen reader hears it with the verdict
        self.figures_button = QToolButton()
        self.figures_button.setObjectName("figuresButton")
        self.figures_button.setCheckable(True)
        self.figures_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.figures_button.setAutoRaise(True)
        self.figures_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.figures_button.toggled.connect(self._show_figures)
        self.figures_box = QFrame()
        self.figures_box.setObjectName("figuresBox")
        self.figures_layout = QVBoxLayout(self.figures_box)
        self.figures_layout.setContentsMargins(0, 0, 0, 0)
        self.figures_label = landing(label("figuresText", wrap=True))  # Tab reads the figures
        self.figures_label.setTextFormat(Qt.TextFormat.RichText)
        self.figures_layout.addWidget(self.figures_label)
        self.figures_cards = QWidget()
        QVBoxLayout(self.figures_cards).setContentsMargins(0, 0, 0, 0)
        self.figures_layout.addWidget(self.figures_cards)
        feedback_layout.addWidget(self.figures_button, 0, Qt.AlignmentFlag.AlignLeft)
        feedback_layout.addWidget(self.figures_box)
        self.figures_button.hide()
        self.figures_box.hide()
        self._figures_drawn = False
        for widget in (self.prompt, self.body, self.hint_box):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addWidget(self.feedback)
        self.feedback.hide()
        self.retry_button.hide()
        self.hint_box.hide()

    # --- showing a task -------------------------------------------------------------------------

    def show_task(self, task: Task, solution: Solution, *, prompt: str | None = None,
                  hint: str | None = None, context: str = "") -> None:
        self.task, self.solution = task, solution
        self.prompt_text, self.hint_text, self.context = prompt, hint, context
        self.result = None
        self.hint_used = self.retrying = False
        self.answer_rated = None
        self._asking = False
        self._rebuild_body()
        self.verdict.clear()
        self.verdict.setAccessibleName("")  # the last verdict's words go with it
        self.explanation.clear()
        self.feedback.hide()
        self.figures_button.setChecked(False)  # a new answer's figures start closed
        self.figures_button.hide()
        self.figures_box.hide()
        self.retry_button.hide()
        self._show_hint_state()
        self.retranslate_ui()
        self.shown.emit()

    def tab_order(self) -> list[QWidget]:
        """The view's part of the Tab order: the question, the answers, Check, Hint, the
        verdict, the engine's figures (the button, then
        the figures once open), Try again (hidden ones are skipped by Tab)."""
        answers = [w for w in self.body.findChildren(QWidget)
                   if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        return [self.prompt, *answers, self.check_button, self.hint_button, self.verdict,
                self.figures_button, self.figures_label, self.retry_button]

    def _clear_body(self) -> None:
        while (item := self.body_layout.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None:
                widget.hide()  # at once: deletion waits for the event loop
                widget.deleteLater()
            elif (layout := item.layout()) is not None:
                QWidget().setLayout(layout)  # reparent the layout so it is deleted

    def _clear_figures(self) -> None:
        """The cards drawn with the last figures go (a new container takes their place)."""
        self.figures_cards.hide()
        self.figures_cards.deleteLater()
        self.figures_cards = QWidget()
        QVBoxLayout(self.figures_cards).setContentsMargins(0, 0, 0, 0)
        self.figures_layout.addWidget(self.figures_cards)
        self._figures_drawn = False

    def _rebuild_body(self) -> None:
        self._clear_body()
        self._clear_figures()
        self.answer = None
        task, solution = self.task, self.solution
        if task is None or solution is None:
            return
        self.answer = answer_for(task)(task, solution, self)
        self.answer.build(self.body_layout)
        # answered with Check, or by choosing a card, a player or a button
        self.check_button.setVisible(self.answer.by_check)
        self.check_button.setEnabled(True)
        mark_primary(self.check_button)  # the page's one next step until it is answered
        # Qt shows widgets added to a shown layout on the next turn of the event loop; until
        # then the page would lay out by the last exercise's size (the figure beside this one
        # or above it), so they are shown now
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for child in self.body.findChildren(QWidget, options=direct):
            if child.isHidden() and not child.testAttribute(
                    Qt.WidgetAttribute.WA_WState_ExplicitShowHide):
                child.show()

    # --- answering ------------------------------------------------------------------------------

    def check(self) -> None:
        """Check the answer given with the selection, spin boxes or choices."""
        if self.answer is not None and self.result is None:
            self.answer.check()

    def ask(self) -> None:
        """*Check* with nothing chosen: say what to do, in the feedback area; no answer."""
        self._asking = True
        self.verdict.clear()
        self.verdict.hide()
        self.feedback.setProperty("right", None)
        self.feedback.style().unpolish(self.feedback)
        self.feedback.style().polish(self.feedback)
        self.explanation.setText(self._asking_text())
        self.feedback.show()
        announce(self.feedback, self.explanation.text())

    def _asking_text(self) -> str:
        return "" if self.answer is None else self.answer.asking_text()

    def show_hint(self) -> None:
        """Show the authored hint before answering; the answer is then not rated."""
        if self.task is None or not self.hint_text or self.result is not None or self.hint_used:
            return
        self.hint_used = True
        self._show_hint_state()
        self.hint_shown.emit()
        announce(self.hint_box, self.hint_label.text() + " " + self.unrated_label.text())

    def parent_object(self) -> QObject:
        return self

    def finish(self, correct: bool, answer: str) -> None:
        """The learner answered (the first answer only counts)."""
        if self.result is not None:
            return
        self.answer_rated = self.rated
        self._asking = False
        self.verdict.show()
        self.result = correct
        if self.answer is not None:
            self.answer.mark()  # the cards show the answer
        self.check_button.setEnabled(False)
        mark_primary(self.check_button, False)
        self.retry_button.setVisible(not correct)
        self._show_hint_state()
        self._show_feedback(speak=True)
        self._reporting = True  # ``rated`` describes this answer while the signal is out
        try:
            self.answered.emit(correct, answer)
        finally:
            self._reporting = False

    def try_again(self) -> None:
        """Clear the answer and let the learner answer once more; that answer is not rated."""
        if self.task is not None and self.solution is not None:
            hint_used = self.hint_used
            self.show_task(self.task, self.solution, prompt=self.prompt_text, hint=self.hint_text,
                           context=self.context)
            self.retrying, self.hint_used = True, hint_used
            self._show_hint_state()
            self.retried.emit()
            land(self.prompt)  # the question, once more

    def _show_hint_state(self) -> None:
        """The Hint button before the hint is used; the hint and the note once it is; neither
        after answering (the hint is then part of the explanation). A second try says it is
        not rated either."""
        open_task = self.task is not None and self.result is None
        self.hint_button.setVisible(open_task and bool(self.hint_text) and not self.hint_used)
        shown = open_task and self.hint_used and bool(self.hint_text)
        self.hint_label.setVisible(shown)
        if shown and self.hint_text:
            rich = to_html(content_text(self.hint_text, self.context))
            lead = "<b>" + _("Hint:") + "</b> "
            self.hint_label.setText("<p>" + lead + rich[3:] if rich.startswith("<p>")
                                    else lead + rich)
        note = ""
        if open_task and self.rating_note:
            if self.hint_used:
                note = _("Hint used: this answer is not rated.")
            elif self.retrying:
                note = _("Second try: this answer is not rated.")
        self.unrated_label.setText(note)
        self.unrated_label.setVisible(bool(note))
        self.hint_box.setVisible(shown or bool(note))

    def _show_feedback(self, speak: bool = False) -> None:
        """The verdict and explanation; with ``speak`` (a new answer, not a new language or
        look), focus lands on the verdict, which a screen reader reads with the explanation."""
        if self.task is None or self.solution is None or self.result is None:
            return
        right = self.result
        self.verdict.setText(_("Right.") if right else _("Not quite."))
        self.feedback.setProperty("right", right)
        lines = []
        behind = self.answer is not None and self.answer.figures_behind
        if behind:  # the reason first, in words from the position; then the answer
            if self.hint_text:
                lines.append(to_html(content_text(self.hint_text, self.context)))
            lines.append("<p>" + _("The answer: {answer}").format(
                answer=answer_html(self.task, self.solution, self.context)) + "</p>")
            self.figures_label.setText("".join(
                to_html(line) for line in explain(self.task, self.solution)))
            if not self._figures_drawn and self.answer is not None:
                cards = self.figures_cards.layout()
                assert isinstance(cards, QVBoxLayout)
                self.answer.build_figures(cards)
                self._figures_drawn = True
        else:
            if not right:
                lines.append(_("The answer: {answer}").format(
                    answer=answer_html(self.task, self.solution, self.context)))
            if not isinstance(self.task, ChoiceTask):
                lines += [to_html(line) for line in explain(self.task, self.solution)]
            if self.hint_text:
                lines.append("<i>" + to_html(content_text(self.hint_text, self.context))
                             + "</i>")
        self.figures_button.setVisible(behind)
        self._show_figures(self.figures_button.isChecked())
        for widget in (self.feedback, *self.feedback.findChildren(QLabel)):
            widget.style().unpolish(widget)  # the colours of the verdict, on every line
            widget.style().polish(widget)
        self.explanation.setText("".join(lines))
        self.feedback.show()
        said = self.verdict.text() + " " + self.explanation.text()
        if speak:
            announce(self.verdict, said, focus=True)
        else:
            self.verdict.setAccessibleName(spoken_text(said))

    def _show_figures(self, shown: bool) -> None:
        """Open or close the engine's figures (they stay as the learner left them)."""
        self.figures_box.setVisible(shown and not self.figures_button.isHidden())
        self.figures_button.setArrowType(Qt.ArrowType.DownArrow if shown
                                         else Qt.ArrowType.RightArrow)
        self.figures_button.setText(_("Hide the engine's figures") if shown
                                    else _("Show the engine's figures"))

    def retranslate_ui(self) -> None:
        prompt = self.prompt_text
        self.prompt.setText(content_plain(prompt, self.context) if prompt
                            else answer_for(self.task).prompt(self.task, self.context) if self.task
                            else "")
        question = self.prompt.text()
        self.prompt.setAccessibleName(f"{self.heading}: {question}" if self.heading
                                      else question)
        self.body.setAccessibleName(question)  # the answers' group is named by its question
        self.check_button.setText(_("Check"))
        self.check_button.setToolTip(_("Check the answer (Ctrl+Return)"))
        self.retry_button.setText(_("Try again"))
        self.retry_button.setToolTip(_("Answer once more; a second try is not rated"))
        self.hint_button.setText(_("Hint"))
        self.hint_button.setToolTip(_("Show the hint ({key}); the answer is then not rated")
                                    .format(key=self.HINT_KEY))
        self._show_hint_state()
        if self._asking:
            self.explanation.setText(self._asking_text())
        if self.answer is not None:
            self.answer.retranslate()
            for view in self.answer.views:
                view.retranslate_ui()
            if self.answer.badge is not None:
                self.answer.badge.retranslate_ui()
        if self.result is not None:
            self._show_feedback()

    def set_look(self, deck: str, card_height: int) -> None:
        """Show cards of ``deck`` at ``card_height`` pixels, keeping the answer state: every
        card is drawn again, an answered exercise's too (its choices, its marks and its
        feedback stay as they were)."""
        self.deck, self.card_height = deck, card_height
        if self.task is None or self.solution is None:
            return
        kept = self._answer_state()
        self._rebuild_body()
        self._restore_answer_state(kept)
        if self.result is not None and self.answer is not None:
            self.answer.mark()
            self.check_button.setEnabled(False)
        self.retranslate_ui()

    def _answer_state(self) -> tuple[list[int], list[Card], int]:
        """What the learner set in the answer: the spin boxes, the chosen cards, the option."""
        group = self.choice_group
        return ([spin.value() for spin in self.spins],
                list(self.hand.selected()) if self.hand is not None else [],
                group.checkedId() if group is not None else -1)

    def _restore_answer_state(self, kept: tuple[list[int], list[Card], int]) -> None:
        values, selected, checked = kept
        for spin, value in zip(self.spins, values, strict=False):
            spin.setValue(value)
        if self.hand is not None and selected:
            self.hand.set_selected(CardSet(selected))
        group = self.choice_group
        if group is not None and checked >= 0 and (button := group.button(checked)) is not None:
            button.setChecked(True)


__all__ = ["ExerciseView", "answer_html"]
