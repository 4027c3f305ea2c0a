"""The Learn page: figures on screen, the completion screen, feedback in view, and a layout
that holds at the minimum window size and with a large font. Real widgets, offscreen."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QApplication, QLabel, QRadioButton, QStyle, QWidget

from engine import Card, CardSet
from tests.shipped import preloaded, shipped_content
from tutor.content import Kind
from tutor.content.loader import ROOT
from tutor.content.tasks import StrategyTask
from tutor.design import SMALL
from tutor.progress import Progress
from tutor.ui.pages.learn import SHORT_ROLE, wrapped_text
from tutor.ui.pages.lesson import LessonView
from tutor.ui.pages.lesson_steps import exercise_draws_figure, screens_of
from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.common import font as scaled_font
from tutor.ui.window import MainWindow

FIRST = """\
id: first
title: A first lesson
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
puzzles: {legal: [follow-suit]}
steps:
  - text: In this trick your partner led the {SK}; the marked cards may be played.
    figure: {trump: H, hand: "S9 HA C7", trick: "SK", leader: 2, legal: "S9 HA"}
    exercises:
      - kind: pick_winner
        trump: H
        trick: "SK S6 H6 SA"
      - kind: choice
        prompt: How many cards are in the deck?
        options: ["32", "36"]
        answer: 1
  - text: Now the same trick as an exercise.
    figure: {trump: H, hand: "S9 HA C7 CT", trick: "SK S6", leader: 2}
    exercises:
      - kind: pick_legal
        trump: H
        hand: "S9 HA C7 CT"
        trick: "SK S6"
"""

SECOND = """\
id: second
title: A second lesson
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: Only questions here.
    exercises:
      - kind: choice
        prompt: How many players?
        options: ["3", "4"]
        answer: 1
      - kind: choice
        prompt: How many teams?
        options: ["2", "4"]
        answer: 0
      - kind: choice
        prompt: How many cards each?
        options: ["9", "12"]
        answer: 0
"""


def content_root(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "content"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    (root / "puzzles").mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture
def make_window(qtbot, tmp_path):
    def make(root: Path = ROOT, size: tuple[int, int] = (1280, 800),
             progress: Progress | None = None) -> MainWindow:
        progress = progress or Progress(tmp_path / "progress.sqlite3")
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(load_now=True, content_root=root, content=preloaded(root),
                            progress=progress, settings=settings)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def course(tmp_path) -> Path:
    return content_root(tmp_path, {"lessons/01-first.yaml": FIRST,
                                   "lessons/02-second.yaml": SECOND})


def settle() -> None:
    # widgets shown in a layout are placed on the next turns of the loop, and a wrapped text's
    # height for its width can take a few more passes of the scroll area's layout
    for _turn in range(10):
        QApplication.processEvents()


def visible_cards(widget: QWidget) -> dict[str, CardWidget]:
    settle()
    return {str(card.card): card for card in widget.findChildren(CardWidget)
            if card.isVisible() and card.card is not None}


def in_viewport(view: LessonView, widget: QWidget) -> bool:
    port = view.scroll_area.viewport()
    return port.rect().contains(QRect(widget.mapTo(port, QPoint(0, 0)), widget.size()))


def choice(view: LessonView, index: int) -> QRadioButton:
    """The shown radio button of choice ``index`` (those of earlier exercises may linger)."""
    settle()
    return next(radio for radio in view.exercise.findChildren(QRadioButton, f"choice{index}")
                if radio.isVisible())


def click(qtbot, widget: QWidget) -> None:
    settle()
    assert widget.isVisible(), widget.objectName()
    if isinstance(widget, QRadioButton):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


# --- figures -----------------------------------------------------------------------------------


def test_every_lesson_figure_is_on_screen_on_every_screen_of_its_step(make_window):
    """All the figure's cards are drawn and in view without scrolling, at 1280x800, on the
    step's text and beside each of its exercises (or drawn by an exercise of the same cards)."""
    window = make_window()
    view = window.learn.view
    figures = screens = 0
    missing = []
    for lesson in window.content.lessons:
        for position, screen in enumerate(screens_of(lesson)):
            figure = lesson.steps[screen.step].figure
            if figure is None:
                continue
            window.learn.open_lesson(lesson.id, position)
            shown = visible_cards(view)
            wanted = {str(card) for card in (*figure.hand, *figure.trick)}
            screens += 1
            if not wanted <= set(shown) or not all(in_viewport(view, shown[c]) for c in wanted):
                missing.append(f"{lesson.number:02d} step {screen.step + 1} screen {position + 1}")
        figures += sum(step.figure is not None for step in lesson.steps)
    print(f"{figures} figures, on screen on {screens - len(missing)} of their {screens} screens")
    assert missing == []


def test_a_figure_stays_above_a_card_less_exercise_and_beside_one_with_cards(make_window,
                                                                             course):
    window = make_window(course)
    view = window.learn.view
    assert view.figure.isVisible() and view.exercise.isVisible()  # the winner exercise
    assert view.side_by_side
    assert view.figure.hand.card_widgets()[0].card_height() < view.card_height
    assert view.figure.geometry().right() < view.exercise_box.geometry().left()
    view.go_next()  # the choice exercise: the figure full size, above it
    settle()
    assert view.figure.isVisible() and not view.side_by_side
    assert view.figure.hand.card_widgets()[0].card_height() == view.card_height
    assert view.figure.geometry().bottom() < view.exercise_box.geometry().top()


def test_a_screens_layout_does_not_depend_on_the_screen_seen_before_it(make_window):
    """Figure beside the exercise or above it: the same on every visit, whichever screen came
    before (the new exercise's widgets are shown before the page measures them)."""
    window = make_window()
    view = window.learn.view
    screens = [(lesson.id, position) for lesson in window.content.lessons
               for position, screen in enumerate(screens_of(lesson))
               if screen.exercise is not None and lesson.steps[screen.step].figure is not None]

    def layouts(order: list[tuple[str, int]]) -> dict[tuple[str, int], bool]:
        seen = {}
        for lesson_id, position in order:
            window.learn.open_lesson(lesson_id, position)
            settle()  # as between a learner's clicks
            seen[lesson_id, position] = view.side_by_side
        return seen

    forward, backward = layouts(screens), layouts(screens[::-1])
    assert True in forward.values() and False in forward.values()
    assert [screen for screen in screens if forward[screen] != backward[screen]] == []


def test_an_exercise_of_the_figures_own_position_is_the_figure(make_window, course):
    window = make_window(course)
    view = window.learn.view
    lesson = window.learn.lessons[0]
    figure = lesson.steps[1].figure
    assert figure is not None and exercise_draws_figure(figure, lesson.exercises[2].task)
    view.go_next()
    view.go_next()
    settle()
    assert not view.figure.isVisible()
    cards = [str(card.card) for card in view.findChildren(CardWidget)
             if card.isVisible() and card.card is not None]
    assert sorted(cards) == ["C7", "CT", "HA", "S6", "S9", "SK"]  # each card drawn once


def test_a_strategy_exercise_of_the_figures_own_position_is_the_figure():
    """A card decision draws the trump, the trick and your hand as the figure does: the figure
    (and its highlighted answer) is not drawn a second time beside it; another hand is."""
    lesson = next(one for one in shipped_content().lessons
                  if one.id == "playing-with-your-partner")
    figure = lesson.steps[0].figure
    first, second = lesson.steps[0].exercises
    assert figure is not None and isinstance(first.task, StrategyTask)
    assert exercise_draws_figure(figure, first.task)
    assert not exercise_draws_figure(figure, second.task)  # another round, another hand
    assert not exercise_draws_figure(replace(figure, leader=0), first.task)
    fewer = figure.hand - CardSet([Card.parse("HT")])
    assert not exercise_draws_figure(replace(figure, hand=fewer), first.task)


def test_a_figure_shows_the_table_marks(make_window, course):
    """Legal cards outlined, the others dimmed, trumps starred: as at the table."""
    window = make_window(course)
    hand = window.learn.view.figure.hand
    marks = {str(w.card): (w.legal, w.dimmed, w.is_trump) for w in hand.card_widgets()}
    assert marks == {"S9": (True, False, False), "HA": (True, False, True),
                     "C7": (False, True, False)}
    assert "not allowed" in hand.widget_for(next(c for c in hand.cards()
                                                 if str(c) == "C7")).accessibleName()


# --- answers and the completion screen ---------------------------------------------------------


def test_the_explanation_scrolls_into_view_after_an_answer(qtbot, make_window):
    window = make_window()
    window.learn.open_lesson("no-undertrumping", 0)
    view = window.learn.view
    settle()
    click(qtbot, visible_cards(view.exercise.hand)["D9"])
    click(qtbot, view.exercise.check_button)  # wrong: the answer and why follow below
    qtbot.waitUntil(lambda: in_viewport(view, view.exercise.feedback))
    assert view.exercise.verdict.text() == "Not quite."


def answer_lesson_one(qtbot, view: LessonView, *, first_wrong: bool) -> None:
    """Answer the three exercises of FIRST, the first one wrong first if asked."""
    trick = view.exercise.trick
    if first_wrong:
        click(qtbot, visible_cards(trick)["SA"])
        click(qtbot, view.exercise.retry_button)
        trick = view.exercise.trick
    click(qtbot, visible_cards(trick)["H6"])
    click(qtbot, view.next)
    click(qtbot, choice(view, 1))
    click(qtbot, view.exercise.check_button)
    click(qtbot, view.next)
    hand = view.exercise.hand
    for code in ("S9", "HA"):
        click(qtbot, visible_cards(hand)[code])
    click(qtbot, view.exercise.check_button)
    click(qtbot, view.next)


def test_a_finished_lesson_ends_on_a_completion_screen_that_leads_on(qtbot, make_window, course):
    window = make_window(course)
    view = window.learn.view
    answer_lesson_one(qtbot, view, first_wrong=True)
    settle()
    assert view.current_screen().end and view.ending.isVisible()
    assert not view.next.isVisible() and view.back.isEnabled()
    card = view.ending
    assert card.objectName() == "resultCard"
    assert card.title.text() == "✓ Lesson complete"
    assert card.achieved.text() == "You have completed lesson 1, “A first lesson”."
    assert card.note.text() == "Right at the first try: 2 of 3 exercises."
    # focus lands on the one primary step, Continue, described by the whole card
    go_on = card.primary()
    assert go_on is card.button("continue") and go_on.hasFocus()
    assert go_on.property("primary") is True
    assert go_on.text() == "Continue to lesson 2"
    assert go_on.accessibleDescription().startswith(
        "✓ Lesson complete. You have completed lesson 1, “A first lesson”. Exercises done: 3 "
        "of 3. Right at the first try: 2 of 3 exercises. Next: Continue to lesson 2.")
    assert card.detail.text() == "Next: A second lesson"
    assert window.progress.completed_lessons() == {"first"}
    click(qtbot, go_on)
    assert view.lesson.id == "second" and view.position == 0
    assert window.learn.list.currentRow() == 1


def test_practise_opens_the_puzzles_page_with_the_lessons_themes(qtbot, make_window, course):
    window = make_window(course)
    view = window.learn.view
    asked = []
    window.learn.practise_requested.connect(asked.append)
    view.show_lesson(view.lesson, set(), len(view.screens) - 1)
    settle()
    practise = view.ending.button("practise")
    assert practise is not None and practise.isEnabled()
    assert practise.property("primary") is not True  # Continue is the one primary step
    click(qtbot, practise)
    assert asked == [frozenset({(Kind.LEGAL, "follow-suit")})]
    assert window.current_page() == "puzzles"


def test_a_lesson_without_puzzles_offers_none(make_window, course):
    window = make_window(course)
    window.learn.open_lesson("second", 3)
    view = window.learn.view
    assert view.current_screen().end
    assert view.ending.button("practise") is None  # none offered, not a disabled button


def test_a_lesson_whose_first_tries_all_missed_ends_on_what_was_achieved(content):
    """Not "Right at the first try: 0 of 3 exercises" (issue 35)."""
    from tutor.ui.pages.lesson_end import ending_texts

    lesson = next(les for les in content.lessons if len(les.exercises) >= 2)
    total = len(lesson.exercises)
    every = range(total)
    _heading, text = ending_texts(lesson, every, dict.fromkeys(every, False), ())
    assert "0 of" not in text and "worked every exercise out" in text
    _heading, text = ending_texts(lesson, every, dict.fromkeys(every, True), ())
    assert text.startswith(f"Right at the first try: {total} of {total}")
    # a session that answered some, none at the first try: what was done, without a 0
    _heading, text = ending_texts(lesson, {0}, {0: False}, ())
    assert "0 of them" not in text
    assert text.startswith(f"In this session you worked on 1 of the {total} exercises.")


def test_an_unfinished_lesson_ends_by_leading_to_its_open_exercise(qtbot, make_window, course):
    window = make_window(course)
    view = window.learn.view
    view.show_lesson(view.lesson, set(), len(view.screens) - 1)
    settle()
    card = view.ending
    assert card.title.text() == "End of the lesson"
    assert card.note.text() == ("3 of 3 exercises are still open: the lesson is complete "
                                "once every exercise has been answered right.")
    open_exercise = card.button("open-exercise")
    assert open_exercise is card.primary() and open_exercise.hasFocus()
    click(qtbot, open_exercise)
    assert view.position == 0 and view.exercise.isVisible()


def test_a_lesson_completed_in_an_earlier_session_says_so_without_figures(make_window, course,
                                                                          tmp_path):
    progress = Progress(tmp_path / "progress.sqlite3")
    for index in range(3):
        progress.record_exercise("first", index, True)
    progress.complete_lesson("first")
    window = make_window(course, progress=progress)
    window.learn.open_lesson("first", 4)
    view = window.learn.view
    assert view.ending.title.text() == "✓ Lesson complete"
    assert view.ending.note.text().startswith("You completed this lesson in an earlier session.")
    assert "of 3" not in view.ending.note.text()


def test_the_last_lesson_says_when_the_course_is_done(qtbot, make_window, course, tmp_path):
    progress = Progress(tmp_path / "progress.sqlite3")
    for index in range(3):
        progress.record_exercise("first", index, True)
    progress.complete_lesson("first")
    window = make_window(course, progress=progress)
    window.show_page("learn")  # a learner with progress opens on the Progress page
    view = window.learn.view
    assert view.lesson.id == "second"
    for right in (1, 0, 0):
        click(qtbot, choice(view, right))
        click(qtbot, view.exercise.check_button)
        click(qtbot, view.next)
    assert view.current_screen().end
    card = view.ending
    assert card.note.text() == ("Right at the first try: 3 of 3 exercises. That was the last "
                                "lesson: you have completed the whole course.")
    assert card.button("continue") is None
    # no next lesson nor puzzles to practise: focus on the title, read with the card
    assert card.primary() is None and card.title.hasFocus()
    assert card.title.accessibleName().startswith("✓ Lesson complete. You have completed")
    qtbot.keyClick(card.title, Qt.Key.Key_Tab)
    assert view.back.hasFocus()


# --- the layout at the minimum size and with a large font ---------------------------------------


@pytest.fixture(params=[1.0, 1.5], ids=["font-1x", "font-1.5x"])
def font_scale(request) -> Iterator[float]:
    app = QApplication.instance()
    original = QFont(app.font())
    if request.param != 1.0:
        bigger = QFont(original)
        bigger.setPointSizeF(original.pointSizeF() * request.param)
        app.setFont(bigger)
    yield request.param
    app.setFont(original)


def window_rect(widget: QWidget, visible_only: bool = True) -> QRect:
    """The part of ``widget`` the learner sees, in window coordinates."""
    part = widget.visibleRegion().boundingRect() if visible_only else widget.rect()
    return QRect(widget.mapTo(widget.window(), part.topLeft()), part.size())


def column_rect(view: LessonView, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(view.column, QPoint(0, 0)), widget.size())


def test_nothing_on_the_learn_page_is_clipped_or_overlapping_at_the_minimum_size(
        make_window, font_scale):
    window = make_window(size=(800, 560))
    assert window.size().width() == 800 and window.size().height() == 560
    view = window.learn.view
    frame = window.rect()
    problems: list[str] = []
    for lesson in shipped_content().lessons:
        position = next(i for i, s in enumerate(screens_of(lesson)) if s.exercise is not None)
        window.learn.open_lesson(lesson.id, position)
        settle()
        screen = view.current_screen()
        figure = lesson.steps[screen.step].figure
        column = [view.title, view.counter, view.text]
        if view.figure.isVisible():
            column.append(view.figure)
        else:
            assert figure is None or exercise_draws_figure(
                figure, lesson.exercises[screen.exercise].task), lesson.id
        column.append(view.exercise.prompt)
        where = f"{lesson.number:02d}"
        # one after the other down the column, none on another, none cut at the sides
        for upper, lower in pairwise(column):
            if view.side_by_side and upper is view.figure:  # the exercise beside it
                if column_rect(view, upper).intersects(column_rect(view, lower)):
                    problems.append(f"{where}: {lower.objectName()} overlaps the figure")
                continue
            top = lower.mapTo(view.column, QPoint(0, 0)).y()
            bottom = upper.mapTo(view.column, QPoint(0, upper.height())).y()
            if top < bottom:
                problems.append(f"{where}: {lower.objectName()} overlaps {upper.objectName()}")
        for widget in column:
            left = widget.mapTo(view.scroll_area.viewport(), QPoint(0, 0)).x()
            if left < 0 or left + widget.width() > view.scroll_area.viewport().width():
                problems.append(f"{where}: {widget.objectName()} is cut at a side")
            if isinstance(widget, QLabel) and widget.wordWrap() and \
                    widget.height() < widget.heightForWidth(widget.width()):
                problems.append(f"{where}: {widget.objectName()} is cut at the bottom")
        if view.scroll_area.horizontalScrollBar().isVisible():
            problems.append(f"{where}: the lesson needs a horizontal scroll bar")
        # each can be seen (scrolled to), and the fixed parts lie in the window, apart
        for widget in column:
            view.scroll_area.ensureWidgetVisible(widget, 0, 0)
            settle()
            if widget.visibleRegion().isEmpty():
                problems.append(f"{where}: {widget.objectName()} cannot be seen")
        view.scroll_area.verticalScrollBar().setValue(0)
        settle()
        fixed = [window.learn.list, view.scroll_area, view.back, view.next]
        for widget in [*fixed, view.title, view.counter]:
            rect = window_rect(widget, visible_only=widget not in fixed)
            if rect.isEmpty() or not frame.contains(rect):
                problems.append(f"{where}: {widget.objectName() or type(widget).__name__} "
                                f"{rect.getRect()} is not inside the window {frame.getRect()}")
        for index, one in enumerate(fixed):
            for other in fixed[index + 1:]:
                if window_rect(one, False).intersects(window_rect(other, False)):
                    problems.append(f"{where}: {one.objectName()} overlaps {other.objectName()}")
    problems += clipped_list_rows(window)
    assert problems == [], "\n".join(problems)


def clipped_list_rows(window: MainWindow) -> list[str]:
    """Rows of the lesson list too short for their wrapped text (a long title would push the
    progress line out)."""
    rows = window.learn.list
    # the style draws an item's text inside this margin on each side (QCommonStyle's item text)
    margin = rows.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, rows) + 1
    found = []
    for row in range(rows.count()):
        item = rows.item(row)
        rect = rows.visualItemRect(item)
        bounds = QRect(0, 0, rect.width() - 2 * margin, 1 << 20)
        title, _newline, state = item.text().partition("\n")  # the progress line is smaller
        small_font = scaled_font(SMALL, base=rows.font())
        small = QFontMetrics(small_font)
        short = item.data(SHORT_ROLE)
        if short and small.boundingRect(bounds, int(Qt.TextFlag.TextWordWrap),
                                        state).height() > small.lineSpacing() + 1:
            state = short  # said short when the whole line would wrap
        needed = sum(QFontMetrics(font).boundingRect(bounds, int(Qt.TextFlag.TextWordWrap),
                                                     part).height()
                     for part, font in ((title, rows.font()), (state, small_font)))
        if rect.height() < needed:
            found.append(f"lesson list row {row + 1} is cut: {rect.height()} < {needed} px")
    return found


def test_a_word_wider_than_a_lesson_list_row_is_broken_and_not_cut(qapp):
    """At a large font "Bildschirmleser" is wider than the list: it is broken, the other words
    stay whole, and the row is as tall as the lines."""
    font = QApplication.font()
    word = "Bildschirmleser"
    width = QFontMetricsF(font).horizontalAdvance(word) * 2 / 3
    text = f"20  Mit Tastatur und {word} spielen\n0 von 12 Übungen gelöst"
    layout, height = wrapped_text(text, font, round(width))
    lines = [layout.lineAt(number) for number in range(layout.lineCount())]
    assert all(line.naturalTextWidth() <= round(width) for line in lines)
    pieces = [text[line.textStart():line.textStart() + line.textLength()].strip()
              for line in lines]
    assert word not in " ".join(pieces) and "Tastatur" in " ".join(pieces)
    assert "".join(pieces).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    assert height >= sum(line.height() for line in lines) > 0
    one_line = wrapped_text(text, font, 10_000)[0]
    assert one_line.lineCount() == 2  # the title, and the progress after the line break


def test_no_lesson_list_row_is_cut_at_1280x800(make_window):
    assert clipped_list_rows(make_window()) == []


@pytest.mark.parametrize("list_width", [None, 330], ids=["default", "list-dragged-wider"])
def test_a_wrapped_title_keeps_its_progress_line(make_window, font_scale, list_width):
    window = make_window(size=(800, 560))
    if list_width is not None:  # the learner drags the splitter: the title wraps to 3 lines
        window.learn.splitter.setSizes([list_width, 800])
    window.learn.open_lesson("choosing-trump", 0)
    view = window.learn.view
    settle()
    lines = round(view.title.height() / view.title.fontMetrics().lineSpacing())
    if list_width is not None or font_scale > 1:
        assert lines >= 2  # the title wraps at this width
    assert view.title.height() >= view.title.heightForWidth(view.title.width())
    assert view.counter.text().startswith("Step 1 of")
    counter = window_rect(view.counter)
    assert counter.height() >= view.counter.fontMetrics().height()
    assert counter.top() >= window_rect(view.title).bottom()
    assert counter.bottom() < window_rect(view.text).top()


@pytest.mark.parametrize(("language", "size", "short"),
                         [("de", (800, 560), True), ("en", (1280, 800), False)])
def test_a_narrow_lesson_list_says_its_progress_short_and_a_reader_hears_it_whole(
        make_window, language, size, short):
    """"0 von 5 Übungen gelöst" would wrap at 800×560: the row says "0 von 5"; a screen
    reader hears the whole line either way."""
    window = make_window(size=size)
    window.change_language(language)
    settle()
    rows = window.learn.list
    item = rows.item(0)
    state = item.text().partition("\n")[2]
    assert item.data(SHORT_ROLE) and len(item.data(SHORT_ROLE)) < len(state)
    delegate = rows.itemDelegate()
    width = delegate._text_width(rows, rows.visualItemRect(item).width())
    lines = delegate._layouts(item.text(), rows.font(), width, item.data(SHORT_ROLE))
    assert lines[1][0].text() == (item.data(SHORT_ROLE) if short else state)
    assert state in item.data(Qt.ItemDataRole.AccessibleTextRole)  # the words, in full
