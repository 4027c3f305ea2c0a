"""One lesson on the Learn page (``LessonView``): a list of screens — each step's text with its
figure, then each of the step's exercises below that text — and at the end a completion screen
(see ``tutor.ui.pages.learn``). How a lesson is cut into screens is in ``lesson_steps``, what
the completion screen says in ``lesson_end``."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tutor import keys
from tutor.content import Lesson
from tutor.content.kinds import shows_cards
from tutor.content.walkthrough import Walkthrough
from tutor.design import LEAD, TITLE
from tutor.i18n import _, content_text
from tutor.markup import to_html
from tutor.refs import content_plain
from tutor.result import Step
from tutor.ui.pages.lesson_end import (
    CONTINUE,
    GUIDED,
    OPEN_EXERCISE,
    PRACTISE,
    is_complete,
    lesson_card,
)
from tutor.ui.pages.lesson_steps import Screen, exercise_draws_figure, number_in_step, screens_of
from tutor.ui.pages.walkthrough import SUMMARY, WalkthroughView
from tutor.ui.theme import mark_primary
from tutor.ui.widgets.common import (
    CONTENT_WIDTH,
    QWIDGETSIZE_MAX,
    chain,
    dim,
    label,
    land,
    landing,
    push_button,
    spoken_text,
)
from tutor.ui.widgets.exercise import ExerciseView
from tutor.ui.widgets.figure import FigureView
from tutor.ui.widgets.result_card import ResultCardView
from tutor.vocab import DEFAULT_DECK

#: The figure's cards, as a share of the card height, while an exercise shows cards below it.
FIGURE_SCALE_BESIDE_EXERCISE = 0.62
#: The width an exercise keeps beside a figure (it may squeeze a long hand's cards together).
EXERCISE_ROOM = 480
#: The lesson's side margins, and the width below which they narrow.
WIDE_MARGIN, NARROW_MARGIN, NARROW = 24, 10, 640


class LessonView(QWidget):
    """The screens of one lesson with Back and Next, ending on a completion screen."""

    exercise_answered = Signal(str, int, bool)  # lesson id, exercise index, right
    continue_requested = Signal(str)  # the id of the lesson to open next
    practise_requested = Signal(object)  # frozenset[tuple[Kind, str]]: the lesson's prepares
    guided_requested = Signal()  # the learner wants the guided first game (on the Play page)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lesson: Lesson | None = None
        self.screens: list[Screen] = []
        self.position = 0
        self.deck: str = DEFAULT_DECK
        self.card_height = 110
        self.done: set[int] = set()
        #: This session's first answer to each exercise, by lesson id: right or not.
        self.first_answers: dict[str, dict[int, bool]] = {}
        #: The exercises already done when a lesson was first opened in this session.
        self.earlier: dict[str, frozenset[int]] = {}
        #: The course around this lesson (set by the page): every lesson, and those completed.
        self.course: list[Lesson] = []
        self.completed: set[str] = set()
        self._continue_to: Lesson | None = None
        self.side_by_side = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        self.outer = layout
        self.title = label("lessonTitle", wrap=True, scale=TITLE, bold=True)
        self.counter = dim(label("lessonCounter", wrap=True))
        # focus lands on the step's text when a step begins; it is read with where it is
        self.text = label("stepText", wrap=True, scale=LEAD)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        landing(self.text)  # after the flags: they set a focus policy of their own
        self.figure = FigureView()
        self.exercise_heading = label("exerciseHeading", bold=True)
        self.exercise = ExerciseView()
        self.exercise.rating_note = False  # lessons rate nothing: no "not rated" note
        self.exercise.answered.connect(self._answered)
        self.exercise.retried.connect(lambda: self._mark_next())  # Check again, not Next
        self.exercise.shown.connect(self._tab_order)
        self._small_figure = False
        # the figure and the exercise: side by side when the width allows, else one above
        self.body = QWidget()
        self.body.setObjectName("lessonBody")
        self.body_layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(16)
        exercise_box = QWidget()
        exercise_layout = QVBoxLayout(exercise_box)
        exercise_layout.setContentsMargins(0, 0, 0, 0)
        exercise_layout.addWidget(self.exercise_heading)
        exercise_layout.addWidget(self.exercise)
        self.exercise_box = exercise_box
        self.body_layout.addWidget(self.figure, 0, Qt.AlignmentFlag.AlignTop)
        self.body_layout.addWidget(exercise_box, 1)
        self.ending = self._build_ending()
        self.back = push_button("backButton", self.go_back)
        self.next = push_button("nextButton", self.go_next)
        QShortcut(QKeySequence(keys.NEXT_STEP), self).activated.connect(self.go_next)
        QShortcut(QKeySequence(keys.PREVIOUS_STEP), self).activated.connect(self.go_back)
        self.column = QWidget()
        self.column.setObjectName("lessonColumn")
        self.column.setMaximumWidth(CONTENT_WIDTH)
        inner = self.column_layout = QVBoxLayout(self.column)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(10)
        # a recorded round, told trick by trick (tutor.ui.pages.walkthrough), between text and body
        self.round_holder = QWidget()
        self.round_holder.setObjectName("roundHolder")
        self.round_layout = QVBoxLayout(self.round_holder)
        self.round_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, self.counter, self.text, self.round_holder, self.body,
                       self.ending):
            inner.addWidget(widget)
        inner.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("lessonScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scroll_area.setWidget(self.column)
        layout.addWidget(self.scroll_area, 1)
        nav = QHBoxLayout()
        nav.addWidget(self.back)
        nav.addStretch(1)
        nav.addWidget(self.next)
        layout.addLayout(nav)

    def _render_round(self, played: Walkthrough | None, context: str) -> None:
        """Show the step's recorded round, or nothing; a new view for each step and look."""
        while (item := self.round_layout.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.hide()  # at once: deletion waits for the event loop
                widget.deleteLater()
        self.round_holder.setVisible(played is not None)
        if played is not None:
            walk = WalkthroughView(played, self.deck, self.card_height, context)
            walk.position_changed.connect(lambda _position: self._update_nav())
            self.round_layout.addWidget(walk)

    def _build_ending(self) -> ResultCardView:
        """The completion screen: a result card (``lesson_end.lesson_card``)."""
        ending = ResultCardView()
        ending.chosen.connect(self._step_chosen)
        ending.hide()
        return ending

    # --- moving through the lesson ----------------------------------------------------------

    def show_lesson(self, lesson: Lesson, done: set[int], position: int = 0, *,
                    focus: bool = True) -> None:
        """Show ``lesson`` at screen ``position``; with ``focus``, the keyboard focus lands on
        the screen (its step's text, its question, or the completion); without, the lesson is
        only shown (the list of lessons is being browsed)."""
        self.lesson, self.done = lesson, set(done)
        self.earlier.setdefault(lesson.id, frozenset(done))
        self.screens = [*screens_of(lesson), Screen(len(lesson.steps) - 1, None, end=True)]
        self.position = max(0, min(position, len(self.screens) - 1))
        self._render(focus=focus, new_step=True)

    def set_course(self, lessons: list[Lesson], completed: set[str]) -> None:
        """The lessons of the course and those completed, for the completion screen."""
        self.course, self.completed = list(lessons), set(completed)
        if self.lesson is not None and self.current_screen().end:
            self._render_ending()

    def current_screen(self) -> Screen:
        return self.screens[self.position]

    def go_next(self) -> None:
        walk = self.walkthrough()
        if walk is not None and walk.position < SUMMARY:
            walk.go_next()  # a recorded round is stepped through first, trick by trick
            return
        if self.lesson is not None and self.position < len(self.screens) - 1:
            step = self.current_screen().step
            self.position += 1
            self._render(new_step=self.current_screen().step != step)

    def go_back(self) -> None:
        walk = self.walkthrough()
        if walk is not None and walk.position > 0:
            walk.go_previous()
            return
        if self.lesson is not None and self.position > 0:
            step = self.current_screen().step
            self.position -= 1
            self._render(new_step=self.current_screen().step != step)

    def walkthrough(self) -> WalkthroughView | None:
        """The recorded round on this screen, if there is one."""
        item = self.round_layout.itemAt(0) if not self.round_holder.isHidden() else None
        widget = item.widget() if item is not None else None
        return widget if isinstance(widget, WalkthroughView) else None

    def _update_nav(self) -> None:
        """Back and Next step through a recorded round before they leave it, and say so."""
        walk = self.walkthrough()
        in_round = walk is not None and walk.position < SUMMARY
        self.next.setText(_("Next trick") if in_round else _("Next"))
        self.next.setToolTip(_("Next trick (Alt+Right)") if in_round
                             else _("Next step (Alt+Right)"))
        self.back.setEnabled(self.position > 0 or (walk is not None and walk.position > 0))
        self.next.setEnabled(in_round or self.position < len(self.screens) - 1)
        self._mark_next()

    def _mark_next(self) -> None:
        """Next is the step's primary action, but while its exercise waits for an answer
        (then Check is)."""
        awaiting = not self.exercise_box.isHidden() and self.exercise.result is None
        mark_primary(self.next, self.next.isEnabled() and not awaiting)

    def go_to_open_exercise(self) -> None:
        """The first exercise not yet answered right."""
        for index, screen in enumerate(self.screens):
            if screen.exercise is not None and screen.exercise not in self.done:
                self.position = index
                self._render(new_step=True)
                return

    def _render(self, *, keep_scroll: bool = False, focus: bool = True,
                new_step: bool = False) -> None:
        """Show the current screen. With ``focus`` the keyboard focus lands on it: on the step's
        text when a step begins (``new_step``) or has no exercise, on the question of a further
        exercise of the same step, on the completion's next step; ``keep_scroll`` is a new look
        of the same screen (it keeps the focus where it is)."""
        lesson = self.lesson
        if lesson is None:
            return
        screen = self.current_screen()
        step = lesson.steps[screen.step]
        exercise = lesson.exercises[screen.exercise] if screen.exercise is not None else None
        for widget in (self.text, self.figure):
            widget.setVisible(not screen.end)
        self.exercise_box.setVisible(exercise is not None)
        self.ending.setVisible(screen.end)
        self.next.setVisible(not screen.end)
        figure = None if screen.end else step.figure
        height = self.card_height
        self._small_figure = False
        if figure is not None and exercise is not None and shows_cards(exercise.task):
            if exercise_draws_figure(figure, exercise.task):
                figure = None  # the exercise draws the very same cards
            else:
                height = round(self.card_height * FIGURE_SCALE_BESIDE_EXERCISE)
                self._small_figure = True
        self.figure.set_figure(figure, self.deck, height)
        self._render_round(None if screen.end else step.round, lesson.id)
        if exercise is not None:
            self.exercise.set_look(self.deck, self.card_height)
            self.exercise.show_task(exercise.task, exercise.solution, prompt=exercise.prompt,
                                    hint=exercise.hint, context=lesson.id)
        self.retranslate_ui()
        self._arrange_body()
        if not keep_scroll:
            self.scroll_area.verticalScrollBar().setValue(0)
        if exercise is None:
            self._tab_order()  # with an exercise, its ``shown`` has set it
        focus = focus and not keep_scroll  # a new look is not a new screen
        if screen.end:
            self._render_ending(focus=focus)
        elif focus and (exercise is None or new_step):
            land(self.text)
        elif focus:
            land(self.exercise.prompt)

    def _tab_order(self) -> None:
        """The step's text, its recorded round, the exercise (question first), the completion's
        buttons, then Next and Back."""
        walk = self.walkthrough()
        chain(self.text, *(walk.tab_order() if walk is not None else []),
              *self.exercise.tab_order(), *self.ending.tab_order(), self.next, self.back)

    def landing(self) -> QWidget:
        """Where focus lands when the page is opened: this screen's text, question or
        completion's next step."""
        screen = self.current_screen() if self.screens else None
        if screen is None or screen.end:
            return self.ending.landing()
        if screen.exercise is not None and self.exercise.result is not None:
            return self.exercise.verdict
        return self.text

    def _arrange_body(self) -> None:
        """The figure beside the exercise when both fit side by side (the exercise keeps room
        for its cards), else above it."""
        side = False
        figure_width = self.figure.stacked_width()
        if self._small_figure and self.figure.figure is not None:
            bar = self.scroll_area.verticalScrollBar().sizeHint().width()
            available = min(self.scroll_area.width() - bar, CONTENT_WIDTH)
            exercise = self.exercise.sizeHint().width()
            room = max(self.exercise.minimumSizeHint().width(), min(exercise, EXERCISE_ROOM))
            side = available >= figure_width + self.body_layout.spacing() + room
        direction = (QBoxLayout.Direction.LeftToRight if side
                     else QBoxLayout.Direction.TopToBottom)
        if self.body_layout.direction() != direction:
            self.body_layout.setDirection(direction)
        self.figure.setMaximumWidth(figure_width if side else QWIDGETSIZE_MAX)
        self.side_by_side = side

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        side = NARROW_MARGIN if self.width() < NARROW else WIDE_MARGIN  # narrow: room for cards
        if self.outer.contentsMargins().left() != side:
            self.outer.setContentsMargins(side, 16, side, 16)
        if self.lesson is not None:
            self._arrange_body()

    # --- the completion screen --------------------------------------------------------------

    def _render_ending(self, focus: bool = False) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        card, self._continue_to = lesson_card(
            lesson, self.done, self.first_answers.get(lesson.id, {}),
            self.earlier.get(lesson.id, frozenset()), self.course, self.completed)
        self.ending.show_card(card, arrive=focus)  # focus on the next step, the card said
        self._tab_order()

    def _step_chosen(self, step: Step) -> None:
        actions = {OPEN_EXERCISE: self.go_to_open_exercise, CONTINUE: self._continue,
                   PRACTISE: self._practise, GUIDED: self.guided_requested.emit}
        action = actions.get(step.action)
        if action is not None:
            action()

    def is_complete(self) -> bool:
        return self.lesson is not None and is_complete(self.lesson, self.done)

    def _continue(self) -> None:
        if self._continue_to is not None:
            self.continue_requested.emit(self._continue_to.id)

    def _practise(self) -> None:
        if self.lesson is not None and self.lesson.prepares:
            self.practise_requested.emit(self.lesson.prepares)

    # --- answers ----------------------------------------------------------------------------

    def _answered(self, correct: bool, answer: str) -> None:
        screen = self.current_screen()
        if self.lesson is None or screen.exercise is None:
            return
        # right at the first try: a first answer given without the hint
        first_try = correct and self.exercise.rated
        self.first_answers.setdefault(self.lesson.id, {}).setdefault(screen.exercise, first_try)
        if correct:
            self.done.add(screen.exercise)
        self.exercise_answered.emit(self.lesson.id, screen.exercise, correct)
        self._mark_next()
        self._update_counter()
        # focus is on the verdict (the exercise's); Tab goes on to Try again or Next
        # the explanation appears below the cards: bring it into view once it is laid out
        QTimer.singleShot(0, self.reveal_feedback)

    def reveal_feedback(self) -> None:
        """Scroll the explanation of the answer into view, keeping its verdict on screen."""
        feedback = self.exercise.feedback
        if not feedback.isVisible():
            return
        self.column_layout.activate()
        self.scroll_area.ensureWidgetVisible(feedback, 0, 12)

    def _update_counter(self) -> None:
        if self.lesson is None:
            return
        total = len(self.lesson.exercises)
        if self.current_screen().end:
            self.counter.setText(_("End of the lesson · exercises done: {done} of {total}")
                                 .format(done=len(self.done), total=total))
            return
        self.counter.setText(_("Step {step} of {steps} · exercises done: {done} of {total}")
                             .format(step=self.current_screen().step + 1,
                                     steps=len(self.lesson.steps), done=len(self.done),
                                     total=total))

    def retranslate_ui(self) -> None:
        self.back.setText(_("Back"))
        self.back.setToolTip(_("Previous step (Alt+Left)"))
        walk = self.walkthrough()
        if walk is not None:
            walk.retranslate_ui()
        self._update_nav()
        lesson = self.lesson
        if lesson is None:
            return
        screen = self.current_screen()
        title = content_plain(lesson.title, lesson.id)
        self.title.setText(title)
        self.text.setText(to_html(content_text(lesson.steps[screen.step].text, lesson.id)))
        where = _("Lesson {number}, {title}. Step {step} of {steps}.").format(
            number=lesson.number, title=title, step=screen.step + 1, steps=len(lesson.steps))
        # the scrolled lesson is in the Tab order (the arrows scroll it): it says which
        self.scroll_area.setAccessibleName(_("Lesson {number}, {title}").format(
            number=lesson.number, title=title))
        self.text.setAccessibleName(where + " " + spoken_text(self.text.text()))
        self._update_counter()
        if screen.exercise is not None:
            number = number_in_step(self.screens, screen)
            self.exercise_heading.setText(_("Exercise {number}").format(number=number))
            self.exercise.heading = self.exercise_heading.text()
            self.exercise.retranslate_ui()
        self._update_nav()
        self.figure.retranslate_ui()
        if screen.end:
            self._render_ending()

    def set_look(self, deck: str, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        if self.lesson is not None:
            self._render(keep_scroll=True)


__all__ = ["LessonView"]
