"""The Learn page: the lessons in order with progress marks, and one lesson step at a time.

A lesson is walked as a list of screens: each step's text (with its figure), then each of the
step's exercises below that text. An exercise counts once answered right; the lesson is complete
when all its exercises have been answered right, and the record is saved at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tutor.content import Figure, Lesson
from tutor.content.tasks import ChoiceTask, SlateTask
from tutor.i18n import _, content_text
from tutor.markup import to_html
from tutor.progress import Progress
from tutor.ui.cards import HandView, TrickView, TrumpBadge
from tutor.ui.common import CONTENT_WIDTH, dim, label
from tutor.ui.exercise import ExerciseView
from tutor.ui.walkthrough import WalkthroughView


@dataclass(frozen=True)
class Screen:
    """One screen of a lesson: a step, and one of its exercises or none."""

    step: int
    exercise: int | None  # index among the lesson's exercises, counted over all steps


def screens_of(lesson: Lesson) -> list[Screen]:
    """The screens of ``lesson`` in order (a step with exercises shows the text on each)."""
    screens: list[Screen] = []
    count = 0
    for index, step in enumerate(lesson.steps):
        if not step.exercises:
            screens.append(Screen(index, None))
        for _exercise in step.exercises:
            screens.append(Screen(index, count))
            count += 1
    return screens


class LessonView(QWidget):
    """The screens of one lesson with Back and Next."""

    exercise_answered = Signal(str, int, bool)  # lesson id, exercise index, right

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lesson: Lesson | None = None
        self.screens: list[Screen] = []
        self.position = 0
        self.deck, self.card_height = "french", 110
        self.done: set[int] = set()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        self.title = label("lessonTitle", wrap=True, scale=1.6, bold=True)
        self.counter = dim(label("lessonCounter"))
        self.text = label("stepText", wrap=True, scale=1.08)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.figure = QWidget()
        self.figure_layout = QHBoxLayout(self.figure)
        self.figure_layout.setContentsMargins(0, 0, 0, 0)
        self.exercise_heading = label("exerciseHeading", bold=True)
        self.exercise = ExerciseView()
        self.exercise.answered.connect(self._answered)
        self.back = QPushButton()
        self.back.setObjectName("backButton")
        self.back.clicked.connect(self.go_back)
        self.next = QPushButton()
        self.next.setObjectName("nextButton")
        self.next.clicked.connect(self.go_next)
        QShortcut(QKeySequence("Alt+Right"), self, activated=self.go_next)
        QShortcut(QKeySequence("Alt+Left"), self, activated=self.go_back)
        column = QWidget()
        column.setMaximumWidth(CONTENT_WIDTH)
        inner = QVBoxLayout(column)
        for widget in (self.title, self.counter, self.text, self.figure,
                       self.exercise_heading, self.exercise):
            inner.addWidget(widget)
        inner.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(column)
        layout.addWidget(scroll, 1)
        nav = QHBoxLayout()
        nav.addWidget(self.back)
        nav.addStretch(1)
        nav.addWidget(self.next)
        layout.addLayout(nav)

    def show_lesson(self, lesson: Lesson, done: set[int], position: int = 0) -> None:
        self.lesson, self.done = lesson, set(done)
        self.screens = screens_of(lesson)
        self.position = max(0, min(position, len(self.screens) - 1))
        self._render()

    def go_next(self) -> None:
        if self.lesson is not None and self.position < len(self.screens) - 1:
            self.position += 1
            self._render()

    def go_back(self) -> None:
        if self.lesson is not None and self.position > 0:
            self.position -= 1
            self._render()

    def _render(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        screen = self.screens[self.position]
        step = lesson.steps[screen.step]
        exercise_cards = screen.exercise is not None and not isinstance(
            lesson.exercises[screen.exercise].task, (ChoiceTask, SlateTask))
        # an exercise that shows its own cards replaces the step's figure, so both fit
        self._render_figure(None if exercise_cards else step.figure)
        if step.round is not None:  # a recorded round, told trick by trick
            self.figure_layout.insertWidget(0, WalkthroughView(
                step.round, self.deck, self.card_height, lesson.id), 1)
            self.figure.setVisible(True)
        self.exercise_heading.setVisible(screen.exercise is not None)
        self.exercise.setVisible(screen.exercise is not None)
        if screen.exercise is not None:
            exercise = lesson.exercises[screen.exercise]
            self.exercise.set_look(self.deck, self.card_height)
            self.exercise.show_task(exercise.task, exercise.solution, prompt=exercise.prompt,
                                    hint=exercise.hint, context=lesson.id)
        self.retranslate_ui()
        self.next.setFocus() if screen.exercise is None else self.exercise.setFocus()

    def _render_figure(self, figure: Figure | None) -> None:
        while self.figure_layout.count():
            item = self.figure_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()  # at once: deletion waits for the event loop
                item.widget().deleteLater()
        self.figure.setVisible(figure is not None)
        if figure is None:
            return
        if figure.trump is not None:
            badge = TrumpBadge(deck=self.deck)
            badge.set_trump(figure.trump)
            self.figure_layout.addWidget(badge, 0, Qt.AlignmentFlag.AlignTop)
        if figure.trick:
            trick = TrickView(deck=self.deck, height=int(self.card_height * 0.8))
            trick.set_trump(figure.trump)
            trick.set_trick(figure.trick, leader=figure.leader)
            trick.set_highlight(figure.highlight)
            self.figure_layout.addWidget(trick)
        if figure.hand:
            hand = HandView(deck=self.deck, height=self.card_height)
            hand.set_trump(figure.trump)
            hand.set_cards(figure.hand)
            hand.set_highlight(figure.highlight)
            self.figure_layout.addWidget(hand)
        self.figure_layout.addStretch(1)

    def _answered(self, correct: bool, answer: str) -> None:
        screen = self.screens[self.position]
        if self.lesson is None or screen.exercise is None:
            return
        if correct:
            self.done.add(screen.exercise)
        self.exercise_answered.emit(self.lesson.id, screen.exercise, correct)
        self._update_counter()
        if correct:
            self.next.setFocus()

    def _update_counter(self) -> None:
        if self.lesson is None:
            return
        total = len(self.lesson.exercises)
        self.counter.setText(_("Step {step} of {steps} · exercises done: {done} of {total}")
                             .format(step=self.screens[self.position].step + 1,
                                     steps=len(self.lesson.steps), done=len(self.done),
                                     total=total))

    def retranslate_ui(self) -> None:
        self.back.setText(_("Back"))
        self.back.setToolTip(_("Previous step (Alt+Left)"))
        self.next.setText(_("Next"))
        self.next.setToolTip(_("Next step (Alt+Right)"))
        lesson = self.lesson
        if lesson is None:
            return
        screen = self.screens[self.position]
        self.title.setText(content_text(lesson.title, lesson.id))
        self.text.setText(to_html(content_text(lesson.steps[screen.step].text, lesson.id)))
        self._update_counter()
        if screen.exercise is not None:
            number = self._number_in_step(screen)
            self.exercise_heading.setText(_("Exercise {number}").format(number=number))
            self.exercise.retranslate_ui()
        self.back.setEnabled(self.position > 0)
        self.next.setEnabled(self.position < len(self.screens) - 1)
        for index in range(self.figure_layout.count()):
            widget = self.figure_layout.itemAt(index).widget()
            if widget is not None and hasattr(widget, "retranslate_ui"):
                widget.retranslate_ui()

    def _number_in_step(self, screen: Screen) -> int:
        same = [s for s in self.screens if s.step == screen.step and s.exercise is not None]
        return same.index(screen) + 1

    def set_look(self, deck: str, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        if self.lesson is not None:
            self._render()


class LearnPage(QWidget):
    """The list of lessons beside the lesson being read."""

    def __init__(self, progress: Progress, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("learnPage")
        self.progress = progress
        self.lessons: list[Lesson] = []
        self.list = QListWidget()
        self.list.setObjectName("lessonList")
        self.list.currentRowChanged.connect(self._open)
        self.list.setMinimumWidth(260)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSpacing(2)
        self.view = LessonView()
        self.view.exercise_answered.connect(self._record)
        self.empty = dim(label("noLessons", wrap=True))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(12, 12, 0, 12)
        self.heading = label("lessonsHeading", scale=1.2, bold=True)
        left_layout.addWidget(self.heading)
        left_layout.addWidget(self.list, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([280, 1000])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(splitter, 1)
        self.splitter = splitter
        self.retranslate_ui()

    def set_lessons(self, lessons: list[Lesson]) -> None:
        self.lessons = lessons
        self.list.blockSignals(True)
        self.list.clear()
        for _lesson in lessons:
            self.list.addItem(QListWidgetItem())
        self.list.blockSignals(False)
        self.empty.setVisible(not lessons)
        self.splitter.setVisible(bool(lessons))
        self._refresh_marks()
        if lessons:
            first_open = next((i for i, lesson in enumerate(lessons)
                               if lesson.id not in self.progress.completed_lessons()), 0)
            self.list.setCurrentRow(first_open)

    def _open(self, row: int) -> None:
        if 0 <= row < len(self.lessons):
            lesson = self.lessons[row]
            self.view.show_lesson(lesson, self.progress.exercises_done(lesson.id))

    def open_lesson(self, lesson_id: str, position: int = 0) -> None:
        for row, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                self.list.setCurrentRow(row)
                self.view.show_lesson(lesson, self.progress.exercises_done(lesson.id), position)

    def _record(self, lesson_id: str, index: int, correct: bool) -> None:
        self.progress.record_exercise(lesson_id, index, correct)
        lesson = next(lesson for lesson in self.lessons if lesson.id == lesson_id)
        done = self.progress.exercises_done(lesson_id)
        if len(done) >= len(lesson.exercises) and lesson_id not in \
                self.progress.completed_lessons():
            self.progress.complete_lesson(lesson_id)
        self._refresh_marks()

    def _refresh_marks(self) -> None:
        completed = self.progress.completed_lessons()
        for row, lesson in enumerate(self.lessons):
            item = self.list.item(row)
            done = len(self.progress.exercises_done(lesson.id))
            total = len(lesson.exercises)
            title = content_text(lesson.title, lesson.id)
            if lesson.id in completed:
                state = "✓ " + _("complete")
            else:
                state = _("{done} of {total} exercises done").format(done=done, total=total)
            item.setText(f"{lesson.number:02d}  {title}\n       {state}")
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}, {state}")
            item.setToolTip(state)

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Lessons"))
        self.empty.setText(_("No lessons could be loaded. See the notice above."))
        self._refresh_marks()
        self.view.retranslate_ui()

    def set_look(self, deck: str, card_height: int) -> None:
        self.view.set_look(deck, card_height)


__all__ = ["LearnPage", "LessonView", "screens_of"]
