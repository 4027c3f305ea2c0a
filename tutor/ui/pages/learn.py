"""The Learn page: the lessons in order with progress marks, and one lesson step at a time.

A lesson is walked as a list of screens: each step's text with its figure, then each of the
step's exercises below that text, and at the end a completion screen. A step's figure stays on
screen on every screen of its step: above the exercise (its cards smaller while the exercise
shows cards of its own), unless the exercise draws the very same position, which then is the
figure. An exercise counts once answered right; the lesson is complete when all its exercises
have been answered right, and the record is saved at once.

The completion screen says how many exercises were right at the first try in this session
(first answers are counted by the view, for the session; the database keeps only whether and
when each was answered right), and leads on: *Continue to lesson N+1* (``continue_requested``,
handled by the page) and *Practise this lesson's puzzles* (``practise_requested`` with the
lesson's (kind, theme) pairs, for the main window to hand to the Puzzles page).
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFont,
    QPainter,
    QPalette,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QApplication,
    QListView,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tutor.content import Lesson
from tutor.design import SMALL, SUBHEADING
from tutor.i18n import _
from tutor.progress import Progress
from tutor.refs import content_plain
from tutor.ui.pages.lesson import LessonView
from tutor.ui.widgets.common import (
    dim,
    label,
)
from tutor.ui.widgets.common import font as scaled_font


def wrapped_text(text: str, font: QFont, width: int) -> tuple[QTextLayout, int]:
    """``text`` laid out in lines of ``width``: broken between words, and inside a word only
    when the word alone is wider than the line (a long German word at a large font); with the
    height it takes."""
    layout = QTextLayout(text.replace("\n", "\u2028"), font)  # a line break, not a paragraph
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    height = 0.0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1, width))
        line.setPosition(QPointF(0, height))
        height += line.height()
    layout.endLayout()
    return layout, math.ceil(height)


#: Above and below a row's lines together, in pixels (the style's own row hint measures the
#: two lines at full size, and wraps the progress line the row says short).
ROW_PADDING: Final = 6
#: Where a row keeps its progress said short, for a list too narrow for the whole line.
SHORT_ROLE: Final = Qt.ItemDataRole.UserRole + 1


class LessonItemDelegate(QStyledItemDelegate):
    """Rows of the lesson list: the title on its first line, then how far the learner is on a
    second, smaller and muted; each as tall as its text wrapped at the list's width, so a long
    title never pushes its progress line out of the row, and a word wider than the row is
    broken rather than cut."""

    def _text_width(self, view: QWidget, row_width: int) -> int:
        """The width of a row's text: the style keeps a margin at each side."""
        margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
        return row_width - 2 * margin

    @staticmethod
    def _layouts(text: str, font: QFont, width: int,
                 short: str = "") -> list[tuple[QTextLayout, int, bool]]:
        """The row's lines laid out: the title, then the progress line (small), said
        ``short`` ("3 of 7") when the whole of it would take more than one line."""
        # the style's option gives the line break as U+2028, the model as "\n"
        title, _newline, state = text.replace("\u2028", "\n").partition("\n")
        small = scaled_font(SMALL, base=font)
        if state and short and wrapped_text(state, small, width)[0].lineCount() > 1:
            state = short
        parts = [(title, font, False)] + ([(state, small, True)] if state else [])
        return [(*wrapped_text(part, part_font, width), muted)
                for part, part_font, muted in parts]

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex,
                 ) -> QSize:
        size = super().sizeHint(option, index)
        view = self.parent()
        if not isinstance(view, QListWidget):
            return size
        width = view.viewport().width() - 2 * view.spacing()
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        needed = sum(height for _layout, height, _muted
                     in self._layouts(text, option.font, self._text_width(view, width),
                                      str(index.data(SHORT_ROLE) or "")))
        return QSize(width, needed + ROW_PADDING)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The row's background, selection and focus as the style draws them; its lines
        wrapped as ``sizeHint`` measured them."""
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        item.text = ""  # drawn below, from the model's text as sizeHint measured it
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        view = self.parent()
        style = view.style() if isinstance(view, QWidget) else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter,
                          view if isinstance(view, QWidget) else None)
        width = (self._text_width(view, item.rect.width()) if isinstance(view, QWidget)
                 else item.rect.width())
        layouts = self._layouts(text, item.font, width, str(index.data(SHORT_ROLE) or ""))
        selected = bool(item.state & QStyle.StateFlag.State_Selected)
        group = (QPalette.ColorGroup.Disabled if not item.state & QStyle.StateFlag.State_Enabled
                 else QPalette.ColorGroup.Active if item.state & QStyle.StateFlag.State_Active
                 else QPalette.ColorGroup.Inactive)
        left = item.rect.left() + (item.rect.width() - width) // 2
        top = item.rect.top() + (item.rect.height() - sum(h for _l, h, _m in layouts)) / 2
        painter.save()
        for layout, height, muted in layouts:
            role = (QPalette.ColorRole.HighlightedText if selected
                    else QPalette.ColorRole.PlaceholderText if muted
                    else QPalette.ColorRole.Text)
            painter.setPen(item.palette.color(group, role))
            layout.draw(painter, QPointF(left, top))
            top += height
        painter.restore()


class LearnPage(QWidget):
    """The list of lessons beside the lesson being read."""

    practise_requested = Signal(object)  # frozenset[tuple[Kind, str]]: puzzles to practise
    guided_requested = Signal()

    def __init__(self, progress: Progress, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("learnPage")
        self.progress = progress
        self.lessons: list[Lesson] = []
        self.list = QListWidget()
        self.list.setObjectName("lessonList")
        # the arrows browse the lessons (each is shown; focus stays in the list, which reads
        # it); Enter opens the one chosen: focus lands on its screen
        self.list.currentRowChanged.connect(self._open)
        self.list.itemActivated.connect(lambda _item: self.landing().setFocus(
            Qt.FocusReason.OtherFocusReason))
        self.list.setMinimumWidth(150)  # at the minimum window size the lesson needs the room
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # wrapped rows follow the width
        self.list.setUniformItemSizes(False)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setSpacing(2)
        self.list.setItemDelegate(LessonItemDelegate(self.list))
        self.view = LessonView()
        self.view.exercise_answered.connect(self._record)
        self.view.continue_requested.connect(self.open_lesson)
        self.view.practise_requested.connect(self.practise_requested)
        self.view.guided_requested.connect(self.guided_requested)
        self.empty = dim(label("noLessons", wrap=True))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(12, 12, 0, 12)
        self.heading = label("lessonsHeading", scale=SUBHEADING, bold=True)
        left_layout.addWidget(self.heading)
        left_layout.addWidget(self.list, 1)
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
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
            self.view.show_lesson(lesson, self.progress.exercises_done(lesson.id), focus=False)

    def landing(self) -> QWidget:
        """Where focus lands when the page is opened: the lesson's screen, or the list when no
        lesson is shown."""
        return self.view.landing() if self.view.lesson is not None else self.list

    def open_lesson(self, lesson_id: str, position: int = 0) -> None:
        for row, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                self.list.blockSignals(True)
                self.list.setCurrentRow(row)
                self.list.blockSignals(False)
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
            title = content_plain(lesson.title, lesson.id)
            if lesson.id in completed:
                state = "✓\u00a0" + _("complete")
            else:
                state = _("{done} of {total} exercises done").format(done=done, total=total)
            item.setText(f"{lesson.number:02d}  {title}\n{state}")
            item.setData(SHORT_ROLE, "" if lesson.id in completed else
                         _("{done} of {total}").format(done=done, total=total))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}, {state}")
            item.setToolTip(state)
        self.view.set_course(self.lessons, completed)

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Lessons"))
        self.list.setAccessibleName(_("Lessons"))
        self.empty.setText(_("No lessons could be loaded. See the notice above."))
        self._refresh_marks()
        self.view.retranslate_ui()

    def set_look(self, deck: str, card_height: int) -> None:
        self.view.set_look(deck, card_height)


__all__ = ["LearnPage", "wrapped_text"]
