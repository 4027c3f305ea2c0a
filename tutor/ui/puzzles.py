"""The Puzzles page: choose by kind, theme and difficulty, or "next for me", or review mistakes.

One puzzle at a time; the engine's solution is compared with the answer, the explanation follows
either way, and the attempt goes into the progress record (rating, streak, review schedule).
"""

from __future__ import annotations

import random
import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tutor.content import THEMES, THEMES_BY_KEY, Kind, Puzzle
from tutor.i18n import _, format_number, ngettext
from tutor.progress import AttemptResult, Progress, PuzzleRef
from tutor.refs import plain
from tutor.ui.common import CONTENT_WIDTH, announce, dim, label
from tutor.ui.exercise import ExerciseView


def kind_name(kind: Kind) -> str:
    names = {
        Kind.LEGAL: _("Legal cards"),
        Kind.WINNER: _("Trick winner"),
        Kind.WEIS: _("Announcements"),
        Kind.POINTS: _("Points"),
        Kind.BEST: _("Best card"),
    }
    return names[kind]


def ref(puzzle: Puzzle) -> PuzzleRef:
    return PuzzleRef(puzzle.id, puzzle.themes, puzzle.difficulty)


class PuzzlesPage(QWidget):
    """Filters and modes on top, the puzzle in the middle, the learner's record at the side."""

    def __init__(self, progress: Progress, parent: QWidget | None = None, *,
                 seed: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("puzzlesPage")
        self.progress = progress
        self.rng = random.Random(seed)
        self.puzzles: list[Puzzle] = []
        self.current: Puzzle | None = None
        self.mode = "filter"  # "filter", "for-me" or "review"
        self.started = 0.0
        self.last: AttemptResult | None = None
        self._build()
        self.retranslate_ui()

    # --- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("kindFilter")
        self.theme_box = QComboBox()
        self.theme_box.setObjectName("themeFilter")
        self.level_box = QComboBox()
        self.level_box.setObjectName("difficultyFilter")
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextPuzzle")
        self.next_button.clicked.connect(lambda: self.start("filter"))
        self.for_me_button = QPushButton()
        self.for_me_button.setObjectName("nextForMe")
        self.for_me_button.clicked.connect(lambda: self.start("for-me"))
        self.review_button = QPushButton()
        self.review_button.setObjectName("reviewMistakes")
        self.review_button.clicked.connect(lambda: self.start("review"))
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.next_in_mode)
        bar = QHBoxLayout()
        for widget in (self.kind_box, self.theme_box, self.level_box, self.next_button):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.for_me_button)
        bar.addWidget(self.review_button)
        self.mode_label = label("modeLabel", bold=True)
        self.meta = dim(label("puzzleMeta", wrap=True))
        self.exercise = ExerciseView()
        self.exercise.answered.connect(self._answered)
        self.after = QPushButton()
        self.after.setObjectName("continueButton")
        self.after.clicked.connect(self.next_in_mode)
        self.after.hide()
        self.message = dim(label("puzzleMessage", wrap=True, scale=1.1))
        column = QWidget()
        column.setMaximumWidth(CONTENT_WIDTH)
        inner = QVBoxLayout(column)
        for widget in (self.mode_label, self.meta, self.message, self.exercise):
            inner.addWidget(widget)
        inner.addWidget(self.after, 0, Qt.AlignmentFlag.AlignLeft)
        inner.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(column)
        middle = QHBoxLayout()
        middle.addWidget(scroll, 1)
        middle.addWidget(self._side())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addLayout(bar)
        layout.addLayout(middle, 1)

    def _side(self) -> QWidget:
        side = QFrame()
        side.setObjectName("recordPanel")
        side.setFixedWidth(280)
        layout = QVBoxLayout(side)
        self.record_heading = label("recordHeading", scale=1.15, bold=True)
        self.rating_label = label("ratingLabel", scale=1.6, bold=True)
        self.rating_caption = dim(label("ratingCaption"))
        self.change_label = label("ratingChange")
        self.streak_label = label("streakLabel")
        self.review_label = label("reviewLabel", wrap=True)
        self.themes_heading = label("themesHeading", bold=True)
        self.themes_grid = QGridLayout()
        for widget in (self.record_heading, self.rating_label, self.rating_caption,
                       self.change_label, self.streak_label, self.review_label,
                       self.themes_heading):
            layout.addWidget(widget)
        layout.addLayout(self.themes_grid)
        layout.addStretch(1)
        return side

    # --- choosing a puzzle ----------------------------------------------------------------------

    def set_puzzles(self, puzzles: list[Puzzle]) -> None:
        self.puzzles = puzzles
        self._refresh_record()
        if puzzles and self.current is None:
            self.start("for-me")
        elif not puzzles:
            self.exercise.hide()
            self.message.setText(_("No puzzles could be loaded. See the notice above."))

    def _filtered(self) -> list[Puzzle]:
        kind, theme, level = (self.kind_box.currentData(), self.theme_box.currentData(),
                              self.level_box.currentData())
        return [p for p in self.puzzles
                if (kind is None or p.kind.value == kind)
                and (theme is None or theme in p.themes)
                and (level is None or p.difficulty == level)]

    def start(self, mode: str) -> None:
        """Enter ``mode`` and show its first puzzle."""
        self.mode = mode
        self.next_in_mode()

    def next_in_mode(self) -> None:
        puzzle = self._pick()
        self._refresh_mode()
        if puzzle is None:
            self.current = None
            self.exercise.hide()
            self.after.hide()
            self.meta.setText("")
            self.message.setText(self._empty_message())
            announce(self.message, self.message.text())
            return
        self.show_puzzle(puzzle)

    def _pick(self) -> Puzzle | None:
        by_id = {p.id: p for p in self.puzzles}
        previous = self.current.id if self.current else None
        if self.mode == "review":
            due = [by_id[i] for i in self.progress.due_reviews() if i in by_id]
            return due[0] if due else None
        if self.mode == "for-me":
            chosen = self.progress.next_for_me([ref(p) for p in self.puzzles], self.rng)
            if chosen in by_id:
                return by_id[chosen]
        pool = [p for p in self._filtered() if p.id != previous] or self._filtered()
        played = {a.puzzle_id for a in self.progress.attempts()}
        fresh = [p for p in pool if p.id not in played]
        return self.rng.choice(fresh or pool) if pool else None

    def _empty_message(self) -> str:
        if self.mode == "review":
            later = self.progress.review_count()
            if later:
                return ngettext("Nothing to review now. {count} puzzle comes back later.",
                                "Nothing to review now. {count} puzzles come back later.",
                                later).format(count=later)
            return _("Nothing to review: no mistakes waiting.")
        return _("No puzzle matches these filters.")

    def show_puzzle(self, puzzle: Puzzle) -> None:
        self.current = puzzle
        self.last = None
        self.message.setText("")
        self.exercise.show()
        self.after.hide()
        self.exercise.show_task(puzzle.task, puzzle.solution, prompt=puzzle.prompt,
                                hint=puzzle.hint, context=puzzle.id)
        self.started = time.monotonic()
        self._refresh_meta()
        self.exercise.setFocus()

    def _answered(self, correct: bool, answer: str) -> None:
        if self.current is None:
            return
        seconds = time.monotonic() - self.started
        self.last = self.progress.record_attempt(ref(self.current), answer, correct, seconds)
        self.after.show()
        self.after.setFocus()
        self._refresh_record()
        self._refresh_mode()

    # --- text -----------------------------------------------------------------------------------

    def _refresh_meta(self) -> None:
        puzzle = self.current
        if puzzle is None:
            return
        themes = ", ".join(_(THEMES_BY_KEY[t].name) for t in puzzle.themes)
        rating = self.progress.puzzle_rating(ref(puzzle)).value
        self.meta.setText(_("Puzzle {id} · {kind} · {themes} · difficulty {level} · rating "
                            "{rating}").format(id=puzzle.id, kind=kind_name(puzzle.kind),
                                               themes=themes, level=puzzle.difficulty,
                                               rating=format_number(round(rating))))

    def _refresh_mode(self) -> None:
        due = len(self.progress.due_reviews())
        self.review_button.setText(_("Review my mistakes ({count})").format(count=due))
        titles = {"filter": _("Practice"), "for-me": _("Next for me"),
                  "review": _("Review my mistakes")}
        self.mode_label.setText(titles[self.mode])

    def _refresh_record(self) -> None:
        rating = self.progress.rating()
        self.rating_label.setText(format_number(round(rating.value)))
        self.rating_caption.setText(_("Your puzzle rating (± {deviation})").format(
            deviation=round(2 * rating.deviation)))
        if self.last is not None:
            delta = round(self.last.rating_after.value - self.last.rating_before.value)
            verdict = _("Right") if self.last.correct else _("Wrong")
            self.change_label.setText(_("{verdict}: {delta:+d}").format(verdict=verdict,
                                                                        delta=delta))
        else:
            self.change_label.setText("")
        streak = self.progress.streak()
        self.streak_label.setText(ngettext("Streak: {count} right in a row",
                                           "Streak: {count} right in a row", streak)
                                  .format(count=streak))
        scheduled = self.progress.review_count()
        self.review_label.setText(ngettext("{count} mistake scheduled for review",
                                           "{count} mistakes scheduled for review", scheduled)
                                  .format(count=scheduled))
        self._refresh_themes()

    def _refresh_themes(self) -> None:
        while self.themes_grid.count():
            item = self.themes_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        stats = self.progress.theme_stats()
        rows = sorted(stats.items(), key=lambda kv: (kv[1][1] / kv[1][0] if kv[1][0] else 1))
        for row, (key, (attempts, right)) in enumerate(rows[:10]):
            theme = THEMES_BY_KEY.get(key)
            name = QLabel(_(theme.name) if theme else key)
            name.setToolTip(plain(_(theme.description)) if theme else "")
            score = QLabel(f"{right}/{attempts}")
            score.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.themes_grid.addWidget(name, row, 0)
            self.themes_grid.addWidget(score, row, 1)
        self.themes_heading.setVisible(bool(rows))

    def _fill_filters(self) -> None:
        for box in (self.kind_box, self.theme_box, self.level_box):
            box.blockSignals(True)
        selected = (self.kind_box.currentData(), self.theme_box.currentData(),
                    self.level_box.currentData())
        self.kind_box.clear()
        self.kind_box.addItem(_("All kinds"), None)
        for kind in Kind:
            self.kind_box.addItem(kind_name(kind), kind.value)
        self.theme_box.clear()
        self.theme_box.addItem(_("All themes"), None)
        for theme in sorted(THEMES, key=lambda t: _(t.name)):
            self.theme_box.addItem(_(theme.name), theme.key)
            self.theme_box.setItemData(self.theme_box.count() - 1, plain(_(theme.description)),
                                       Qt.ItemDataRole.ToolTipRole)
        self.level_box.clear()
        self.level_box.addItem(_("All difficulties"), None)
        for level in range(1, 6):
            self.level_box.addItem(_("Difficulty {level}").format(level=level), level)
        for box, value in zip((self.kind_box, self.theme_box, self.level_box), selected,
                              strict=True):
            index = box.findData(value)
            box.setCurrentIndex(max(index, 0))
            box.blockSignals(False)

    def retranslate_ui(self) -> None:
        self._fill_filters()
        self.kind_box.setAccessibleName(_("Kind of puzzle"))
        self.theme_box.setAccessibleName(_("Theme"))
        self.level_box.setAccessibleName(_("Difficulty"))
        self.next_button.setText(_("Next puzzle"))
        self.next_button.setToolTip(_("A puzzle matching the filters (Ctrl+N)"))
        self.for_me_button.setText(_("Next for me"))
        self.for_me_button.setToolTip(_("Weak themes first, new puzzles mixed in"))
        self.after.setText(_("Next"))
        self.after.setToolTip(_("Next puzzle (Ctrl+N)"))
        self.record_heading.setText(_("Your record"))
        self.themes_heading.setText(_("By theme, weakest first"))
        self._refresh_mode()
        self._refresh_record()
        self._refresh_meta()
        self.exercise.retranslate_ui()
        if self.current is None and self.puzzles:
            self.message.setText(self._empty_message())

    def set_look(self, deck: str, card_height: int) -> None:
        self.exercise.set_look(deck, card_height)
