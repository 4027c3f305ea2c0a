"""The learner's record beside the puzzles (``tutor.ui.pages.puzzles.PuzzlesPage``): the puzzle
rating with how sure it is, the change the last answer made, the streak, the mistakes waiting
for review, and the themes, weakest first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from tutor.content import THEMES_BY_KEY
from tutor.design import SUBHEADING, TITLE
from tutor.i18n import _, format_number
from tutor.progress import AttemptResult, Progress
from tutor.progress.puzzle_text import rating_change_text, review_line, streak_text
from tutor.refs import plain
from tutor.ui.widgets.common import dim, label


class RecordPanel(QFrame):
    """The record panel (see the module text); ``refresh`` draws it from the progress file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordPanel")
        layout = QVBoxLayout(self)
        self.record_heading = label("recordHeading", scale=SUBHEADING, bold=True)
        self.rating_label = label("ratingLabel", scale=TITLE, bold=True)
        self.rating_caption = dim(label("ratingCaption", wrap=True))
        self.change_label = label("ratingChange", wrap=True)
        self.streak_label = label("streakLabel", wrap=True)
        self.review_label = label("reviewLabel", wrap=True)
        self.themes_heading = label("themesHeading", bold=True)
        self.themes_grid = QGridLayout()
        for widget in (self.record_heading, self.rating_label, self.rating_caption,
                       self.change_label, self.streak_label, self.review_label,
                       self.themes_heading):
            layout.addWidget(widget)
        layout.addLayout(self.themes_grid)
        layout.addStretch(1)

    def refresh(self, progress: Progress, last: AttemptResult | None) -> None:
        """Draw the record from ``progress``; ``last``: the answer just given, if any."""
        rating = progress.rating()
        self.rating_label.setText(format_number(round(rating.value)))
        self.rating_caption.setText(_("Your puzzle rating, sure to within about {deviation} "
                                      "points either way").format(
            deviation=format_number(round(2 * rating.deviation))))
        if last is not None:
            delta = round(last.rating_after.value - last.rating_before.value)
            self.change_label.setText(rating_change_text(last.correct, delta, last.rated))
        else:
            self.change_label.setText("")
        self.change_label.setVisible(bool(self.change_label.text()))
        self.streak_label.setText(streak_text(progress.streak(), progress.best_streak()))
        now = progress.now()
        self.review_label.setText(review_line(progress.review_queue(now), now))
        self._refresh_themes(progress)

    def _refresh_themes(self, progress: Progress) -> None:
        while (item := self.themes_grid.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.hide()
                widget.deleteLater()
        stats = progress.theme_stats()
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

    def retranslate_ui(self) -> None:
        self.record_heading.setText(_("Your record"))
        self.themes_heading.setText(_("By theme, weakest first"))


__all__ = ["RecordPanel"]
