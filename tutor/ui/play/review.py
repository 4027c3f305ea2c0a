"""The Play page's review of a round, trick by trick, with its par and the strategy lesson of
each mistake (``ReviewPanel``; the learner's games over time are ``tutor.ui.play.stats``). The
review reads the table at the page (any game whose table reviews), through its view's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QListWidgetItem, QSplitter, QVBoxLayout, QWidget

from engine import Card, CardSet
from tutor.course import CourseLink, advice_theme
from tutor.design import HEADING
from tutor.i18n import _
from tutor.refs import content_plain
from tutor.table import words
from tutor.ui.play.base import KEYS, TableView, scroll, wrapping_list
from tutor.ui.widgets.common import key_name, label, push_button
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import REVIEW_MARKS, CardMarksLegend
from tutor.ui.widgets.trick import PommeTrickView, SeatedTrickView, TrickView


def course_sentence(link: CourseLink) -> str:
    """The review's word on a mistake's strategy lesson."""
    title = content_plain(link.lesson.title, link.lesson.id)
    if not link.reached:
        return _("Lesson {number}, “{title}”, later in the course, teaches this theme.").format(
            number=link.lesson.number, title=title)
    if not link.puzzles:
        return _("This is the theme of lesson {number}, “{title}”: read it again.").format(
            number=link.lesson.number, title=title)
    return _("This is the theme of lesson {number}, “{title}”: read it again, or practise "
             "with two puzzles on it.").format(number=link.lesson.number, title=title)


class ReviewPanel(QWidget):
    """The learner's costly choices of one round, best first, each with the trick, the hand,
    the coach's choice beside the learner's, and a link to the lesson of its theme."""

    back = Signal()
    #: The link to the strategy course: a lesson id; two puzzle ids and their theme.
    lesson_requested = Signal(str)
    puzzles_requested = Signal(tuple, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.heading = label("reviewHeading", wrap=True, scale=HEADING, bold=True)
        self.par = label("reviewPar", wrap=True)
        self.list = wrapping_list("reviewList")
        self.list.currentRowChanged.connect(self._show_reviewed)
        #: the trick as it was: a table of four, or Pomme's of two, three or five
        self.tricks: tuple[SeatedTrickView, PommeTrickView] = (TrickView(height=90),
                                                              PommeTrickView(3, height=90))
        self.trick: SeatedTrickView = self.tricks[0]
        self.tricks[1].hide()
        self.hand = HandView(height=80)
        self.legend = CardMarksLegend(marks=REVIEW_MARKS, columns=2)
        self.text = label("reviewText", wrap=True)
        self.course_text = label("courseText", wrap=True)
        self.course_lesson = push_button("courseLesson", self._open_course_lesson)
        self.course_puzzles = push_button("coursePuzzles", self._open_course_puzzles)
        course_row = QHBoxLayout()
        course_row.addWidget(self.course_lesson)
        course_row.addWidget(self.course_puzzles)
        course_row.addStretch(1)
        #: Where the review sends the learner for a theme (the window gives it its content).
        self.course: Callable[[str | None], CourseLink | None] = lambda theme: None
        self.course_shown: CourseLink | None = None
        self.back_button = push_button("reviewBack", self.back.emit)
        right = QVBoxLayout()
        for widget in (*self.tricks, self.hand, self.legend, self.text, self.course_text):
            right.addWidget(widget)
        right.addLayout(course_row)
        right.addStretch(1)
        holder = QWidget()
        holder.setLayout(right)
        split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(self.list)
        self.decision = scroll(holder, "reviewScroll")
        split.addWidget(self.decision)  # a low window scrolls the decision
        split.setSizes([460, 660])
        layout.addWidget(self.heading)
        layout.addWidget(self.par)
        layout.addWidget(split, 1)
        layout.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.view: TableView | None = None
        self.reviewing = -1  # the round shown
        self.reviews: list[Any] = []
        self.links: list[CourseLink | None] = []  # beside ``reviews``, row by row

    def show_round(self, view: TableView, number: int) -> None:
        self.view, self.reviewing = view, number
        players = view.players()
        pomme = self.tricks[1]
        if players != 4:
            pomme.set_players(players)
        self.trick = pomme if players != 4 else self.tricks[0]
        for trick in self.tricks:
            trick.setVisible(trick is self.trick)
        self.reviews = []
        self.fill()
        self.list.setFocus()

    def fill(self) -> None:
        view = self.view
        if view is None or self.reviewing < 0:
            return
        number, table, said = self.reviewing, view.table, view.review_words()
        found = table.review_of(number)
        par = table.pars.get(number)
        self.par.setText(said.par_text(par) if par is not None else "")
        self.par.setVisible(par is not None)
        if found is None:
            failure = table.review_failed(number)
            self.heading.setText(words.failure_text(failure) if failure is not None
                                 else _("The coach is reviewing the round…"))
            self.list.clear()
            self.reviews, self.links = [], []
            return
        listed = words.costly(found)
        if listed == self.reviews and self.list.count() == len(listed) and listed:
            return
        self.reviews = listed
        # each mistake's strategy lesson and puzzles, found once for the list and its detail
        self.links = [self._course_of(item) for item in listed]
        self.heading.setText(said.review_heading(found, number))
        row = max(0, self.list.currentRow())
        self.list.clear()
        for item, link in zip(listed, self.links, strict=True):
            line = QListWidgetItem(said.review_line(item))
            # A screen reader says the row and then its description: the detail and the course
            # link, which a sighted learner reads beside the list.
            detail = said.review_detail(item)
            if link is not None:
                detail = f"{detail} {course_sentence(link)}"
            line.setData(Qt.ItemDataRole.AccessibleDescriptionRole, detail)
            self.list.addItem(line)
        if listed:
            self.list.setCurrentRow(min(row, len(listed) - 1))
        else:
            self.trick.set_trick([])
            self.hand.set_cards([])
            self.legend.hide()
            self._show_course(None)
            self.text.setText(_(
                "Every choice you made this round was as good as the coach's, within a point."))

    def _show_reviewed(self, row: int) -> None:
        if not 0 <= row < len(self.reviews) or self.view is None:
            return
        item = self.reviews[row]
        seen = item.decision.view
        self.trick.set_trump(seen.trump)
        session = self.view.table.session
        won = (session.trick_of(seen.round, item.decision.trick)
               if session is not None and item.decision.trick else None)
        if won is not None:  # the whole trick as it was played
            self.trick.set_trick(won.cards, leader=won.leader)
        else:
            self.trick.set_trick(seen.trick, leader=seen.leader)
        self.hand.set_trump(seen.trump)
        self.hand.set_cards(seen.hand)
        chosen, best = item.decision.action, item.advice.action
        self.hand.set_selected(CardSet([chosen]) if isinstance(chosen, Card) else CardSet())
        self.hand.set_highlight(CardSet([best]) if isinstance(best, Card) and
                                best != chosen else CardSet(), "best")
        self.legend.setVisible(isinstance(chosen, Card))
        self.legend.set_trump(seen.trump)
        self.text.setText(self.view.review_words().review_detail(item))
        self._show_course(self.links[row])

    def _course_of(self, item: Any) -> CourseLink | None:
        """The strategy lesson and puzzles a reviewed mistake of Chibre links to, if any (the
        strategy course is Chibre's)."""
        if not item.is_mistake or self.view is None or not self.view.has_course:
            return None
        return self.course(advice_theme(item.decision.view, item.advice))

    def _show_course(self, link: CourseLink | None) -> None:
        """The strategy lesson and two puzzles of a mistake's theme, or nothing."""
        self.course_shown = link
        for widget in (self.course_text, self.course_lesson, self.course_puzzles):
            widget.setVisible(link is not None)
        if link is None:
            return
        self.course_text.setText(course_sentence(link))
        self.course_lesson.setText(_("Open lesson {number}").format(number=link.lesson.number))
        self.course_puzzles.setText(_("Two puzzles on it"))
        self.course_puzzles.setVisible(bool(link.puzzles))  # locked puzzles are not offered

    def _open_course_lesson(self) -> None:
        if self.course_shown is not None:
            self.lesson_requested.emit(self.course_shown.lesson.id)

    def _open_course_puzzles(self) -> None:
        if self.course_shown is not None:
            link = self.course_shown
            self.puzzles_requested.emit(tuple(p.id for p in link.puzzles), link.theme)

    def set_deck(self, deck: str) -> None:
        for widget in (*self.tricks, self.hand, self.legend):
            widget.set_deck(deck)

    def retranslate_ui(self) -> None:
        self.back_button.setText(_("{action} ({key})").format(
            action=_("Back to the table"), key=key_name(KEYS["take_back"])))
        self.list.setAccessibleName(_("Your choices that cost points"))
        self.decision.setAccessibleName(_("The decision"))
        for widget in (*self.tricks, self.hand, self.legend):
            widget.retranslate_ui()
        self.reviews = []


__all__ = ["ReviewPanel", "course_sentence"]
