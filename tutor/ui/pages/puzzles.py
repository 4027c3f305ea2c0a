"""The Puzzles page: choose by kind, theme and difficulty, or "next for me", or review mistakes.

One puzzle at a time; the engine's solution is compared with the answer, the explanation follows
either way (scrolled into view), and the attempt goes into the progress record (rating, streak,
review schedule; a second try or an answer after the hint is kept but not rated).

"Next for me" serves only the puzzles the lessons done have opened (``set_lessons``;
``tutor.progress.choose.opening``); before any is open it says which lesson opens the first
ones, and ``lesson_requested`` asks the window to open it. The filters stay free. ``practise``
serves the puzzles of one lesson's (kind, theme) pairs. Which puzzle each mode serves next is
``tutor.ui.pages.puzzle_queue``'s.

Below ``NARROW`` pixels of width the record panel moves under the puzzle and the mode buttons
under the filters, so that nothing is cut off at the window's minimum size.
"""

from __future__ import annotations

import random
import time

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tutor import keys
from tutor.content import THEMES_BY_KEY, Kind, Lesson, Puzzle
from tutor.content.kinds import puzzle_kind
from tutor.design import LEAD
from tutor.i18n import _, format_number
from tutor.progress import AttemptResult, Progress, choose, drill_text
from tutor.progress.puzzle_text import (
    review_button_text,
)
from tutor.ui.pages.drill_panel import DrillPanel
from tutor.ui.pages.puzzle_queue import (
    empty_message,
    fill_filters,
    mode_title,
    next_puzzle,
    ref,
)
from tutor.ui.pages.puzzle_record import RecordPanel
from tutor.ui.theme import mark_primary, restyle
from tutor.ui.widgets.answers import answer_class
from tutor.ui.widgets.common import (
    CONTENT_WIDTH,
    announce,
    chain,
    choice_box,
    dim,
    label,
    land,
    landing,
)
from tutor.ui.widgets.exercise import ExerciseView
from tutor.ui.widgets.flow import FlowLayout

SIDE_WIDTH = 280  # the record panel beside the puzzle
NARROW = 840  # below this page width the record panel goes under the puzzle
def kind_name(kind: Kind) -> str:
    """The name of a puzzle kind, as the filter and the puzzle's line say it."""
    return answer_class(puzzle_kind(kind)).puzzle_name()


#: How often the review button's "next in …" is brought up to date while the page is shown.
REVIEW_REFRESH_MS = 30_000


class PuzzlesPage(QWidget):
    """Filters and modes on top, the puzzle in the middle, the learner's record at the side."""

    lesson_requested = Signal(str)  # a lesson id: the learner wants to open it (in Learn)

    def __init__(self, progress: Progress, parent: QWidget | None = None, *,
                 seed: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("puzzlesPage")
        self.progress = progress
        self.rng = random.Random(seed)
        self.puzzles: list[Puzzle] = []
        self.lessons: list[Lesson] = []
        self.current: Puzzle | None = None
        self.mode = "filter"  # "filter", "for-me", "review", "practise", "daily" or "games"
        self.practice: frozenset[tuple[str, str]] = frozenset()  # (kind value, theme)
        self.practice_ids: frozenset[str] = frozenset()  # only these puzzles (a review's link)
        self.practice_title = ""
        self.practice_context = ""
        self.locked_by: choose.LessonPlan | None = None  # "finish this lesson" is shown
        self.started = 0.0
        self.last: AttemptResult | None = None
        self.wide: bool | None = None
        self._build()
        # "next in 9 min" counts down while the page is open: refresh it each half minute
        self.clock = QTimer(self)
        self.clock.setInterval(REVIEW_REFRESH_MS)
        self.clock.timeout.connect(self._tick)
        self.retranslate_ui()

    # --- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.kind_box = choice_box("kindFilter")
        self.theme_box = choice_box("themeFilter")
        self.level_box = choice_box("difficultyFilter")
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextPuzzle")
        self.next_button.clicked.connect(lambda: self.start("filter"))
        self.for_me_button = QPushButton()
        self.for_me_button.setObjectName("nextForMe")
        self.for_me_button.clicked.connect(lambda: self.start("for-me"))
        self.review_button = QPushButton()
        self.review_button.setObjectName("reviewMistakes")
        self.review_button.clicked.connect(lambda: self.start("review"))
        self.games_button = QPushButton()  # positions from the learner's games (issue 36)
        self.games_button.setObjectName("fromYourGames")
        self.games_button.clicked.connect(lambda: self.start("games"))
        QShortcut(QKeySequence(keys.NEXT_PUZZLE), self).activated.connect(
            lambda: self.next_in_mode())
        filters = FlowLayout()
        for widget in (self.kind_box, self.theme_box, self.level_box, self.next_button):
            filters.addWidget(widget)
        modes = FlowLayout()
        modes.addWidget(self.for_me_button)
        modes.addWidget(self.review_button)
        modes.addWidget(self.games_button)
        self.bar = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.bar.addLayout(filters, 1)
        self.bar.addLayout(modes)
        self.filters_row, self.modes_row = filters, modes
        self.mode_label = label("modeLabel", bold=True, wrap=True)
        self.meta = dim(label("puzzleMeta", wrap=True))
        self.exercise = ExerciseView()
        self.exercise.answered.connect(self._answered)
        self.exercise.shown.connect(self._tab_order)
        self.exercise.retried.connect(lambda: self.after.hide())  # Next waits for an answer
        self.exercise.hint_shown.connect(
            lambda: QTimer.singleShot(0, lambda: self._into_view(self.exercise.check_button,
                                                                 self.exercise.hint_box)))
        self.after: QPushButton = QPushButton()  # typed: the lambda above reads it first
        self.after.setObjectName("continueButton")
        self.after.clicked.connect(lambda: self.next_in_mode())
        self.after.hide()
        self.message = landing(dim(label("puzzleMessage", wrap=True, scale=LEAD)))
        self.open_lesson_button = QPushButton()
        self.open_lesson_button.setObjectName("openLessonButton")
        mark_primary(self.open_lesson_button)  # shown when no puzzle is open: the way on
        self.open_lesson_button.clicked.connect(self._open_locking_lesson)
        self.open_lesson_button.hide()
        self.column = QWidget()
        self.column.setObjectName("puzzleColumn")
        self.column.setMaximumWidth(CONTENT_WIDTH)
        self.inner = QVBoxLayout(self.column)
        self.inner.setContentsMargins(0, 0, 8, 0)
        for part in (self.mode_label, self.meta, self.message):
            self.inner.addWidget(part)
        self.inner.addWidget(self.open_lesson_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.inner.addWidget(self.exercise)
        self.drills = DrillPanel(self.progress)
        self.drills.answered.connect(lambda: QTimer.singleShot(0, self._drill_answered))
        self.drills.shown.connect(self._tab_order)
        self.drills.hide()
        self.inner.addWidget(self.drills)
        self.inner.addWidget(self.after, 0, Qt.AlignmentFlag.AlignLeft)
        self.inner.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("puzzleScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(self.column)
        self.side = RecordPanel()
        self.middle = QHBoxLayout()
        self.middle.addWidget(self.scroll_area, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addLayout(self.bar)
        layout.addLayout(self.middle, 1)
        self._arrange(True)

    def _arrange(self, wide: bool) -> None:
        """Record panel beside the puzzle (wide) or under it, in the scrolled column (narrow);
        the mode buttons beside the filters or under them."""
        if wide == self.wide:
            return
        self.wide = wide
        if wide:
            self.inner.removeWidget(self.side)
            self.side.setFixedWidth(SIDE_WIDTH)
            self.side.setProperty("below", False)
            restyle(self.side)
            self.middle.addWidget(self.side)
        else:
            self.middle.removeWidget(self.side)
            self.side.setMinimumWidth(0)
            self.side.setMaximumWidth(CONTENT_WIDTH)
            self.side.setProperty("below", True)
            restyle(self.side)
            self.inner.insertWidget(self.inner.indexOf(self.after) + 1, self.side)
        self.side.show()
        self._arrange_bar()

    def _arrange_bar(self) -> None:
        room = self.width() - 32
        needed = (self.filters_row.sizeHint().width() + self.modes_row.sizeHint().width()
                  + self.bar.spacing())
        self.bar.setDirection(QBoxLayout.Direction.LeftToRight if needed <= room
                              else QBoxLayout.Direction.TopToBottom)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width() >= NARROW)
        self._arrange_bar()

    def showEvent(self, event: QShowEvent) -> None:
        """Back on the page: a lesson may have been done meanwhile, a review may be due."""
        super().showEvent(event)
        self.clock.start()
        if self.puzzles and self.current is None and self.mode in ("for-me", "review",
                                                                   "practise"):
            self.next_in_mode(focus=False)  # the page shown: the window lands the focus
        self._refresh_mode()
        self._refresh_record()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.clock.stop()

    def _tick(self) -> None:
        """The review button and line say when the next review is: keep them true."""
        self._refresh_mode()
        self._refresh_record()

    # --- choosing a puzzle ----------------------------------------------------------------------

    def set_lessons(self, lessons: list[Lesson]) -> None:
        """The course: which lessons open which puzzles for "Next for me". Without lessons
        every puzzle is open. Call before ``set_puzzles``, or the first puzzle is chosen among
        all of them."""
        self.lessons = list(lessons)
        if self.puzzles and self.mode == "for-me" and self.current is None:
            self.next_in_mode(focus=False)

    def set_puzzles(self, puzzles: list[Puzzle]) -> None:
        self.puzzles = puzzles
        self._refresh_record()
        if puzzles and self.current is None:
            self.start("for-me", focus=False)
        elif not puzzles:
            self.exercise.hide()
            self.message.setText(_("No puzzles could be loaded. See the notice above."))

    def practise(self, prepares: frozenset[tuple[Kind, str]], title: str = "",
                 context: str = "", ids: tuple[str, ...] = ()) -> None:
        """Serve the puzzles of these (kind, theme) pairs, a lesson's ``prepares``: the open
        ones if any (they all are once that lesson is done), chosen as "Next for me" chooses.
        ``title`` (e.g. the lesson's title, as written in its file, and its ``context``, the
        lesson id) names the mode above the puzzle, in the language in force. ``ids``: only
        these puzzles (the two a game's review offers for a mistake's theme)."""
        self.practice = frozenset((kind.value, theme) for kind, theme in prepares)
        self.practice_ids = frozenset(ids)
        self.practice_title, self.practice_context = title, context
        self.start("practise")

    def start(self, mode: str, focus: bool = True) -> None:
        """Enter ``mode`` and show its first puzzle (``focus``: see ``next_in_mode``)."""
        self.mode = mode
        self.next_in_mode(focus=focus)

    def show_daily(self, puzzle: Puzzle) -> None:
        """The puzzle of the day, named as such; Next goes on with "Next for me"."""
        self.mode = "daily"
        self.show_puzzle(puzzle)
        self._refresh_mode()

    def next_in_mode(self, focus: bool = True) -> None:
        """The next puzzle of the mode; with ``focus``, focus lands on its question (or on the
        message saying why there is none)."""
        if self.mode == "daily":
            self.mode = "for-me"
        self.drills.setVisible(self.mode == "games")
        self.meta.setVisible(self.mode != "games")
        self.message.setVisible(self.mode != "games")
        if self.mode == "games":
            self._show_drills(focus)
            return
        filters = (self.kind_box.currentData(), self.theme_box.currentData(),
                   self.level_box.currentData())
        puzzle, self.locked_by = next_puzzle(
            self.mode, self.puzzles, self.progress, self.rng, lessons=self.lessons,
            practice=self.practice, practice_ids=self.practice_ids, filters=filters,
            previous=self.current.id if self.current else None)
        self._refresh_mode()
        if puzzle is None:
            self.current = None
            self.exercise.hide()
            self.after.hide()
            self.meta.setText("")
            self.message.setText(self._empty_message())
            self.open_lesson_button.setVisible(self.locked_by is not None)
            self._retranslate_open_lesson()
            announce(self.message, self.message.text(), focus=focus)
            return
        self.show_puzzle(puzzle, focus=focus)

    def _show_drills(self, focus: bool) -> None:
        """"From your games": the drill panel in the puzzle's place."""
        self.current = None
        for widget in (self.exercise, self.after, self.open_lesson_button, self.meta,
                       self.message):
            widget.hide()
        self._refresh_mode()
        self.drills.start()
        if focus and self.drills.status.isVisible():
            land(self.drills.status)

    def _drill_answered(self) -> None:
        """An answer recorded: the counts again, and the verdict scrolled to the top."""
        self._refresh_mode()
        self.inner.activate()
        top = self.drills.verdict.mapTo(self.column, QPoint(0, 0)).y()
        self.scroll_area.verticalScrollBar().setValue(top - 12)

    def _empty_message(self) -> str:
        return empty_message(self.mode, self.progress, self.lessons, self.locked_by)

    def _open_locking_lesson(self) -> None:
        if self.locked_by is not None:
            self.lesson_requested.emit(self.locked_by.id)

    def _retranslate_open_lesson(self) -> None:
        if self.locked_by is not None:
            self.open_lesson_button.setText(_("Go to lesson {number}").format(
                number=self.locked_by.number))

    def show_puzzle(self, puzzle: Puzzle, focus: bool = True) -> None:
        self.current = puzzle
        self.last = None
        self.locked_by = None
        self.message.setText("")
        self.open_lesson_button.hide()
        self.exercise.show()
        self.drills.hide()
        self.meta.show()
        self.message.show()
        self.after.hide()
        self.exercise.show_task(puzzle.task, puzzle.solution, prompt=puzzle.prompt,
                                hint=puzzle.hint, context=puzzle.id)
        self.started = time.monotonic()
        self._refresh_meta()
        self._refresh_record()
        self.scroll_area.verticalScrollBar().setValue(0)
        if focus and self.isVisible():  # on the question ("Puzzle: Which card …?")
            land(self.exercise.prompt)

    def _tab_order(self) -> None:
        """Filters and modes, then the puzzle (its question first), then Next."""
        chain(self.kind_box, self.theme_box, self.level_box, self.next_button,
              self.for_me_button, self.review_button, self.games_button, self.message,
              self.open_lesson_button,
              *self.exercise.tab_order(), self.after, *self.drills.tab_order())

    def landing(self) -> QWidget:
        """Where focus lands when the page is opened: the puzzle's question, or the message
        that says why there is none."""
        return self.exercise.prompt if self.current is not None else self.message

    def _answered(self, correct: bool, answer: str) -> None:
        if self.current is None:
            return
        seconds = time.monotonic() - self.started
        self.last = self.progress.record_attempt(ref(self.current), answer, correct, seconds,
                                                 rated=self.exercise.rated)
        self.after.show()  # focus stays on the verdict; Tab (after Try again) reaches Next
        mark_primary(self.after)
        self._refresh_record()
        self._refresh_mode()
        QTimer.singleShot(0, self.feedback_into_view)

    def feedback_into_view(self) -> None:
        """Scroll so that the explanation and the Next button are on screen, the verdict first
        when they do not fit together."""
        self._into_view(self.after, self.exercise.verdict)

    def _into_view(self, *widgets: QWidget) -> None:
        """Lay the column out now, then scroll each of ``widgets`` into view in turn (the last
        one wins when they do not fit together)."""
        self.inner.activate()
        for widget in widgets:
            if widget.isVisible():
                self.scroll_area.ensureWidgetVisible(widget, 0, 12)

    # --- text -----------------------------------------------------------------------------------

    def _refresh_meta(self) -> None:
        puzzle = self.current
        if puzzle is None:
            return
        themes = ", ".join(_(THEMES_BY_KEY[t].name) for t in puzzle.themes)
        rating = self.progress.puzzle_rating(ref(puzzle)).value
        # no id on screen (issue 35): a learner reads what the puzzle is; the id is in the
        # tooltip, for a report
        self.meta.setText(_("{kind} · {themes} · difficulty {level} · rating {rating}").format(
            kind=kind_name(puzzle.kind), themes=themes, level=puzzle.difficulty,
            rating=format_number(round(rating))))
        self.meta.setToolTip(puzzle.id)

    def _refresh_mode(self) -> None:
        now = self.progress.now()
        self.review_button.setText(review_button_text(self.progress.review_queue(now), now))
        self.games_button.setText(drill_text.button_text(self.progress.drill_queue(now)))
        self.mode_label.setText(mode_title(self.mode, self.practice_title,
                                           self.practice_context))
        self._arrange_bar()

    def _refresh_record(self) -> None:
        self.side.refresh(self.progress, self.last)

    def _fill_filters(self) -> None:
        fill_filters(self.kind_box, self.theme_box, self.level_box, kind_name)

    def retranslate_ui(self) -> None:
        self._fill_filters()
        self.exercise.heading = _("Puzzle")
        self.scroll_area.setAccessibleName(_("Puzzle"))  # in the Tab order: the arrows scroll
        self.kind_box.setAccessibleName(_("Kind of puzzle"))
        self.theme_box.setAccessibleName(_("Theme"))
        self.level_box.setAccessibleName(_("Difficulty"))
        self.next_button.setText(_("Next puzzle"))
        self.next_button.setToolTip(_("A puzzle matching the filters (Ctrl+N)"))
        self.for_me_button.setText(_("Next for me"))
        self.for_me_button.setToolTip(_("Puzzles of the lessons you have done: the easiest "
                                        "first, then weak themes, new puzzles mixed in"))
        self.review_button.setToolTip(_("Puzzles you missed come back after 10 minutes, an "
                                        "hour, a day, 3, 7 and 21 days"))
        self.games_button.setToolTip(_("Positions of your costly choices at the table, dealt "
                                       "afresh: they come back on the same schedule"))
        self.after.setText(_("Next"))
        self.after.setToolTip(_("Next puzzle (Ctrl+N)"))
        self.side.retranslate_ui()
        self._refresh_mode()
        self._refresh_record()
        self._refresh_meta()
        self.exercise.retranslate_ui()
        self.drills.retranslate_ui()
        if self.current is None and self.puzzles and self.mode != "games":
            self.message.setText(self._empty_message())
            self._retranslate_open_lesson()

    def set_look(self, deck: str, card_height: int) -> None:
        self.exercise.set_look(deck, card_height)
        self.drills.set_look(deck, card_height)
