"""The Progress page: what the learner has done, today's goal, the puzzle of the day, and the
puzzle rating over time.

Every figure comes from ``tutor.progress.overview`` (the progress database and the content
loaded); the page computes them again each time it is shown, after the content loads, and when
the daily goal or the language changes. The rating chart is painted with QPainter; its
accessible name and description, and the visible line above it, say what it shows in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import tzinfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tutor.content import THEMES, THEMES_BY_KEY, Kind, Lesson, Puzzle
from tutor.design import DISPLAY, SUBHEADING, TITLE
from tutor.i18n import _, format_number, ngettext
from tutor.progress import Progress, drill_text
from tutor.progress.overview import (
    DEFAULT_GOAL,
    Goal,
    Overview,
    overview,
    prepared,
)
from tutor.refs import content_plain, plain
from tutor.ui.pages.puzzles import kind_name
from tutor.ui.theme import mark_primary
from tutor.ui.widgets.common import (
    CONTENT_WIDTH,
    PAGE_MARGIN,
    center_column,
    dim,
    label,
    landing,
    push_button,
)
from tutor.ui.widgets.rating_chart import RatingChart, rating_summary


def goal_text(goal: Goal) -> str:
    """``1 lesson step, 10 puzzles or 1 game``, in the current language."""
    return _("{lesson_steps}, {puzzles} or {games}").format(
        lesson_steps=ngettext("{count} lesson step", "{count} lesson steps", goal.steps)
        .format(count=format_number(goal.steps)),
        puzzles=ngettext("{count} puzzle", "{count} puzzles", goal.puzzles)
        .format(count=format_number(goal.puzzles)),
        games=ngettext("{count} game", "{count} games", goal.games)
        .format(count=format_number(goal.games)))


def _card(*widgets: QWidget) -> tuple[QFrame, QVBoxLayout]:
    """A card of the page with ``widgets`` one under the other (its layout, to add more)."""
    frame = QFrame()
    frame.setObjectName("progressCard")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(16, 12, 16, 14)
    layout.setSpacing(4)
    for widget in widgets:
        layout.addWidget(widget)
    return frame, layout


def _figure_card(value: str, caption: str, note: str) -> tuple[QFrame, QLabel, QLabel, QLabel]:
    """A card of one figure: the number, large, what it counts, and a note (labels named
    ``value``, ``caption``, ``note``)."""
    labels = (label(value, scale=DISPLAY, bold=True), label(caption, wrap=True, bold=True),
              dim(label(note, wrap=True)))
    card, layout = _card(*labels)
    layout.addStretch(1)
    return (card, *labels)


def _bar(name: str) -> QProgressBar:
    bar = QProgressBar()
    bar.setObjectName(name)
    bar.setTextVisible(False)
    bar.setFixedHeight(8)
    return bar


class ProgressPage(QScrollArea):
    """Lessons done with Continue, today's goal, days in a row, the best streak, the puzzle of
    the day, the rating chart, and the puzzles solved by kind and by theme."""

    continue_lesson = Signal(str, int)  # lesson id, screen
    open_puzzle = Signal(str)  # puzzle id
    practise_puzzles = Signal()  # every lesson is done: on to the puzzles

    def __init__(self, progress: Progress, goal: Goal = DEFAULT_GOAL,
                 parent: QWidget | None = None, *, tz: tzinfo | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("progressPage")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.progress = progress
        self.goal = goal
        self.tz = tz
        self.lessons: list[Lesson] = []
        self.puzzles: list[Puzzle] = []
        self.loaded = False
        self.figures: Overview | None = None
        self.theme_columns = 2  # one in a narrow window or with a large font
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 24, 0, 24)
        layout.setSpacing(12)
        self.heading = landing(label("progressHeading", scale=TITLE, bold=True))
        layout.addWidget(self.heading)
        self.rows = [self._today_row(), self._course_row()]
        for row_layout in self.rows:
            layout.addLayout(row_layout)
        layout.addWidget(self._rating_card())
        layout.addWidget(self._solved_card())
        layout.addStretch(1)
        page = QWidget()
        self.page_row = center_column(page, column)
        self.setWidget(page)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Cards side by side while they fit, one under the other in a narrow window or with a
        large font, so the page never scrolls sideways."""
        width = self.viewport().width()
        margin = PAGE_MARGIN if width >= 700 else 8
        self.page_row.setContentsMargins(margin, 0, margin, 0)
        available = min(width - 2 * margin, CONTENT_WIDTH)
        for row_layout in self.rows:
            cards = [item.widget() for i in range(row_layout.count())
                     if (item := row_layout.itemAt(i)) is not None]
            need = sum(card.minimumSizeHint().width() for card in cards if card is not None)
            need += row_layout.spacing() * (len(cards) - 1)
            row_layout.setDirection(QBoxLayout.Direction.LeftToRight if need <= available
                                    else QBoxLayout.Direction.TopToBottom)
        columns = 2 if self._two_theme_columns_width() <= available else 1
        if columns != self.theme_columns:
            self.theme_columns = columns
            if self.figures is not None:
                self._fill_themes(self.figures)

    def _two_theme_columns_width(self) -> int:
        """The width the themes need in two columns of name and count, with the card's margins."""
        metrics = self.fontMetrics()
        name = max((metrics.horizontalAdvance(_(theme.name)) for theme in THEMES), default=0)
        count = metrics.horizontalAdvance(self._of(888, 888) + " ✓")
        return 2 * (name + count) + 3 * 24 + 48

    # --- layout ---------------------------------------------------------------------------------

    def _today_row(self) -> QBoxLayout:
        row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        row.setSpacing(12)
        days, self.days_value, self.days_caption, self.days_note = _figure_card(
            "daysValue", "daysCaption", "daysNote")
        self.goal_caption = label("goalCaption", wrap=True, bold=True)
        self.goal_bar = _bar("goalBar")
        self.goal_bar.setRange(0, 100)
        self.goal_steps = label("goalSteps", wrap=True)
        self.goal_puzzles = label("goalPuzzles", wrap=True)
        self.goal_games = label("goalGames", wrap=True)
        self.goal_state = dim(label("goalState", wrap=True))
        goal, goal_layout = _card(self.goal_caption, self.goal_bar, self.goal_steps,
                                  self.goal_puzzles, self.goal_games, self.goal_state)
        goal_layout.addStretch(1)
        best, self.best_value, self.best_caption, self.streak_note = _figure_card(
            "bestStreakValue", "bestStreakCaption", "streakNote")
        row.addWidget(days, 1)
        row.addWidget(goal, 2)
        row.addWidget(best, 1)
        return row

    def _course_row(self) -> QBoxLayout:
        row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        row.setSpacing(12)
        self.lessons_caption = label("progressLessonsCaption", bold=True, scale=SUBHEADING)
        self.lessons_text = label("progressLessonsText", wrap=True)
        self.lessons_bar = _bar("progressLessonsBar")
        self.next_text = label("nextLessonText", wrap=True)
        self.continue_button = push_button("continueLesson", self._continue)
        mark_primary(self.continue_button)  # the page's one next step
        lessons, lessons_layout = _card(self.lessons_caption, self.lessons_text,
                                        self.lessons_bar, self.next_text)
        lessons_layout.addStretch(1)
        lessons_layout.addWidget(self.continue_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.daily_caption = label("dailyCaption", bold=True, scale=SUBHEADING)
        self.daily_meta = label("dailyMeta", wrap=True)
        self.daily_state = dim(label("dailyState", wrap=True))
        self.daily_button = push_button("dailyPuzzle", self._open_daily)
        daily, daily_layout = _card(self.daily_caption, self.daily_meta, self.daily_state)
        daily_layout.addStretch(1)
        daily_layout.addWidget(self.daily_button, 0, Qt.AlignmentFlag.AlignLeft)
        row.addWidget(lessons, 1)
        row.addWidget(daily, 1)
        return row

    def _rating_card(self) -> QFrame:
        self.rating_caption = label("ratingChartCaption", bold=True, scale=SUBHEADING)
        self.rating_text = label("ratingSummary", wrap=True)
        self.chart = RatingChart()
        return _card(self.rating_caption, self.rating_text, self.chart)[0]

    def _solved_card(self) -> QFrame:
        card, layout = _card()
        self.solved_caption = label("solvedCaption", bold=True, scale=SUBHEADING)
        self.solved_text = label("solvedText", wrap=True)
        self.drills_caption = label("drillsCaption", bold=True)  # issue 36
        self.drills_caption.setContentsMargins(0, 10, 0, 0)
        self.drills_line = label("drillsLine", wrap=True)
        self.kinds_grid = QGridLayout()
        self.kinds_grid.setHorizontalSpacing(12)
        self.kinds_grid.setColumnStretch(1, 1)
        self.kind_rows: dict[str, tuple[QLabel, QProgressBar, QLabel]] = {}
        for row, kind in enumerate(Kind):
            name = label(f"kind_{kind.value}")
            bar = _bar(f"kindBar_{kind.value}")
            count = label(f"kindCount_{kind.value}")
            count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.kinds_grid.addWidget(name, row, 0)
            self.kinds_grid.addWidget(bar, row, 1)
            self.kinds_grid.addWidget(count, row, 2)
            self.kind_rows[kind.value] = (name, bar, count)
        self.themes_caption = label("themesCaption", bold=True)
        self.themes_caption.setContentsMargins(0, 10, 0, 0)
        self.themes_grid = QGridLayout()
        self.themes_grid.setHorizontalSpacing(12)
        self.themes_grid.setColumnStretch(0, 1)
        self.themes_grid.setColumnStretch(3, 1)
        self.themes_grid.setColumnMinimumWidth(2, 16)
        for widget in (self.solved_caption, self.solved_text):
            layout.addWidget(widget)
        layout.addLayout(self.kinds_grid)
        layout.addWidget(self.drills_caption)
        layout.addWidget(self.drills_line)
        layout.addWidget(self.themes_caption)
        layout.addLayout(self.themes_grid)
        return card

    # --- data -----------------------------------------------------------------------------------

    def set_content(self, lessons: Sequence[Lesson], puzzles: Sequence[Puzzle]) -> None:
        self.lessons, self.puzzles, self.loaded = list(lessons), list(puzzles), True
        self.refresh()

    def set_goal(self, goal: Goal) -> None:
        self.goal = goal
        self.refresh()

    def refresh(self) -> None:
        """Compute every figure again from the record and show it."""
        self.figures = overview(self.progress, self.lessons, self.puzzles, self.goal, tz=self.tz)
        self.retranslate_ui()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    def _continue(self) -> None:
        figures = self.figures
        if figures is None or not self.loaded:
            return
        if figures.next_lesson is None:
            self.practise_puzzles.emit()
        else:
            self.continue_lesson.emit(figures.next_lesson, figures.next_position)

    def _open_daily(self) -> None:
        if self.figures is not None and self.figures.daily_puzzle is not None:
            self.open_puzzle.emit(self.figures.daily_puzzle)

    # --- text -----------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        figures = self.figures
        if figures is None:
            return
        self.heading.setText(_("Your progress"))
        self._show_days(figures)
        self._show_goal(figures)
        self._show_streak(figures)
        self._show_lessons(figures)
        self._show_daily(figures)
        self.rating_caption.setText(_("Puzzle rating over time"))
        self.rating_text.setText(rating_summary(figures.rating, figures.rating_now))
        self.chart.set_history(figures.rating, figures.rating_now, self.tz)
        self._show_solved(figures)
        self.drills_caption.setText(_("From your games"))
        now = self.progress.now()
        self.drills_line.setText(drill_text.queue_line(self.progress.drill_queue(now), now))

    def _show_days(self, figures: Overview) -> None:
        days = figures.days_in_a_row
        self.days_value.setText(format_number(days))
        self.days_caption.setText(ngettext("day practised in a row", "days practised in a row",
                                           days))
        if figures.practised_today:
            note = _("You practised today.")
        elif days:
            note = _("Practise today to keep the run going.")
        else:
            note = _("Answer an exercise or a puzzle, or play a round, to start a run.")
        self.days_note.setText(note)

    def _show_goal(self, figures: Overview) -> None:
        goal = figures.goal
        self.goal_caption.setText(_("Today's goal: {goal}").format(goal=goal_text(goal)))
        self.goal_bar.setValue(round(100 * figures.goal_fraction))
        self.goal_bar.setAccessibleName(_("Progress toward today's goal"))
        self.goal_steps.setText(_("Lesson steps today: {done} of {goal}").format(
            done=format_number(figures.steps_today), goal=format_number(goal.steps)))
        self.goal_puzzles.setText(_("Puzzles today: {done} of {goal}").format(
            done=format_number(figures.puzzles_today), goal=format_number(goal.puzzles)))
        self.goal_games.setText(_("Games finished today: {done} of {goal}")
                                .format(done=format_number(figures.games_today),
                                        goal=format_number(goal.games)))
        self.goal_state.setText(_("Goal reached ✓") if figures.goal_met else
                                _("You can change the goal in Settings."))

    def _show_streak(self, figures: Overview) -> None:
        self.best_value.setText(format_number(figures.best_streak))
        self.best_caption.setText(ngettext("puzzle right in a row: your best streak",
                                           "puzzles right in a row: your best streak",
                                           figures.best_streak))
        self.streak_note.setText(ngettext("Now: {count} right in a row",
                                          "Now: {count} right in a row", figures.streak)
                                 .format(count=format_number(figures.streak)))

    def _show_lessons(self, figures: Overview) -> None:
        self.lessons_caption.setText(_("Lessons"))
        self.continue_button.setVisible(self.loaded and figures.lessons_total > 0)
        self.lessons_bar.setVisible(self.loaded)
        if not self.loaded:
            self.lessons_text.setText(_("Loading the lessons…"))
            self.next_text.setText("")
            return
        self.lessons_text.setText(ngettext("{done} of {total} lesson done",
                                           "{done} of {total} lessons done",
                                           figures.lessons_total).format(
            done=format_number(figures.lessons_done), total=format_number(figures.lessons_total)))
        self.lessons_bar.setRange(0, max(1, figures.lessons_total))
        self.lessons_bar.setValue(figures.lessons_done)
        self.lessons_bar.setAccessibleName(self.lessons_text.text())
        lesson = next((item for item in self.lessons if item.id == figures.next_lesson), None)
        if lesson is None:
            self.next_text.setText(_("Every lesson is done. Keep your skills sharp with puzzles."))
            self.continue_button.setText(_("Practise puzzles"))
            return
        title = content_plain(lesson.title, lesson.id)
        started = figures.next_position > 0 or bool(self.progress.exercises_done(lesson.id))
        self.next_text.setText((_("Next: lesson {number}, {title}, where you left it") if started
                                else _("Next: lesson {number}, {title}"))
                               .format(number=lesson.number, title=title))
        self.continue_button.setText(_("Continue"))
        self.continue_button.setAccessibleName(_("Continue with lesson {number}, {title}")
                                               .format(number=lesson.number, title=title))

    def _show_daily(self, figures: Overview) -> None:
        self.daily_caption.setText(_("Puzzle of the day"))
        puzzle = next((p for p in self.puzzles if p.id == figures.daily_puzzle), None)
        self.daily_button.setVisible(puzzle is not None)
        if puzzle is None:
            opens = self._first_daily_lesson() if self.loaded and self.puzzles else None
            if opens is not None:  # no lesson done has prepared a puzzle yet
                self.daily_meta.setText(_(
                    "Your first puzzle of the day comes with lesson {number}, {title}: it is "
                    "drawn from what your lessons have prepared.").format(
                        number=opens.number, title=content_plain(opens.title, opens.id)))
            else:
                self.daily_meta.setText(_("Loading the puzzles…") if not self.loaded else
                                        _("No puzzles could be loaded."))
            self.daily_state.setText("")
            return
        themes = ", ".join(_(THEMES_BY_KEY[t].name) for t in puzzle.themes if t in THEMES_BY_KEY)
        self.daily_meta.setText(_("{kind} · {themes} · difficulty {level}").format(
            kind=kind_name(puzzle.kind), themes=themes, level=puzzle.difficulty))
        self.daily_state.setText(_("Solved today ✓") if figures.daily_solved else
                                 _("From what your lessons have prepared: the same puzzle "
                                   "today for every learner who has done the same lessons."))
        self.daily_button.setText(_("Solve the puzzle of the day") if not figures.daily_solved
                                  else _("See it again"))

    def _first_daily_lesson(self) -> Lesson | None:
        """The first lesson not done that prepares a puzzle of the day."""
        done = self.progress.completed_lessons()
        for lesson in self.lessons:
            if lesson.id not in done:
                opened = prepared(self.lessons, {*done, lesson.id})
                if any(opened.admits(p.kind.value, p.themes) for p in self.puzzles):
                    return lesson
        return None

    def _show_solved(self, figures: Overview) -> None:
        self.solved_caption.setText(_("Puzzles solved"))
        self.solved_text.setText(
            ngettext("{solved} of {total} puzzle solved", "{solved} of {total} puzzles solved",
                     figures.puzzles_total).format(solved=format_number(figures.puzzles_solved),
                                                   total=format_number(figures.puzzles_total))
            if self.loaded else _("Loading the puzzles…"))
        tallies = {tally.key: tally for tally in figures.by_kind}
        for key, (name, bar, count) in self.kind_rows.items():
            tally = tallies.get(key)
            for widget in (name, bar, count):
                widget.setVisible(tally is not None)
            if tally is None:
                continue
            name.setText(kind_name(Kind(key)))
            bar.setRange(0, tally.total)
            bar.setValue(tally.solved)
            count.setText(self._of(tally.solved, tally.total))
            bar.setAccessibleName(_("{name}: {count}").format(name=name.text(),
                                                             count=count.text()))
        self.themes_caption.setText(_("By theme"))
        self.themes_caption.setVisible(bool(figures.by_theme))
        self._fill_themes(figures)

    def _fill_themes(self, figures: Overview) -> None:
        while self.themes_grid.count():
            item = self.themes_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deletion waits for the event loop
                widget.deleteLater()
        tallies = sorted(figures.by_theme, key=lambda t: _(THEMES_BY_KEY[t.key].name).lower()
                         if t.key in THEMES_BY_KEY else t.key)
        half = (len(tallies) + 1) // 2 if self.theme_columns == 2 else len(tallies)
        for index, tally in enumerate(tallies):
            theme = THEMES_BY_KEY.get(tally.key)
            name = QLabel(_(theme.name) if theme else tally.key)
            name.setToolTip(plain(_(theme.description)) if theme else "")
            count = QLabel(self._of(tally.solved, tally.total))
            count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if tally.solved == tally.total:
                count.setText(count.text() + " ✓")
            column = 0 if index < half else 3
            self.themes_grid.addWidget(name, index % half, column)
            self.themes_grid.addWidget(count, index % half, column + 1)

    @staticmethod
    def _of(solved: int, total: int) -> str:
        return _("{solved} of {total}").format(solved=format_number(solved),
                                               total=format_number(total))

