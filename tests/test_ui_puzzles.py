"""The Puzzles page and the exercise view, driven through real widgets offscreen: unrated second
tries and hints, *Check* with nothing chosen, the review button, puzzles that follow the lessons,
and the explanation in view at 1280×800 and 800×560."""

from __future__ import annotations

import itertools
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QRadioButton, QWidget

from tests.shipped import preloaded
from tests.test_ui_pages import (
    LEGAL,
    LESSON,
    PUZZLES,
    Clock,
    cards_in,
    click,
    content_root,
    verdict,
)
from tutor.content import Kind
from tutor.content.loader import ROOT
from tutor.progress import Progress
from tutor.ui.pages.puzzles import PuzzlesPage
from tutor.ui.window import MainWindow

RULES_LINE = "rules: [R-FOLLOW]"
FIRST_LESSON = LESSON.replace(RULES_LINE, RULES_LINE + "\npuzzles: {winner: [trump-in]}")
SECOND_LESSON = (LESSON.replace("id: first", "id: second")
                 .replace(RULES_LINE, RULES_LINE + "\npuzzles: {legal: [follow-suit]}"))
COURSE = {"lessons/01-first.yaml": FIRST_LESSON, "lessons/02-second.yaml": SECOND_LESSON,
          "puzzles/winner.yaml": PUZZLES, "puzzles/legal.yaml": LEGAL}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make_window(qtbot, tmp_path, clock):
    """A main window on ``root``'s content with a fresh record on ``clock``, as in
    test_ui_pages."""
    def make(root: Path) -> MainWindow:
        progress = Progress(tmp_path / "progress.sqlite3", clock=clock)
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(load_now=True, content_root=root, content=preloaded(root),
                            progress=progress, settings=settings)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


def settle() -> None:
    """Let the layout and the posted scroll run (no waiting on time)."""
    for _ in range(3):
        QApplication.processEvents()


def rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def winner_page(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES}))
    window.show_page("puzzles")
    return window, window.puzzles


# --- unrated answers ---------------------------------------------------------------------------


def test_a_second_try_after_a_wrong_answer_is_stored_but_not_rated(qtbot, make_window,
                                                                   tmp_path):
    window, page = winner_page(qtbot, make_window, tmp_path)
    assert page.exercise.rated
    click(qtbot, cards_in(page.exercise.trick)["SA"])
    assert verdict(window, page) == "Not quite."
    assert not page.exercise.rated  # the answer is on screen now
    after_miss = window.progress.rating()
    assert after_miss.value < 1000 and page.side.change_label.text().startswith("Wrong: -")
    click(qtbot, page.exercise.retry_button)
    assert not page.exercise.rated
    assert "not rated" in page.exercise.unrated_label.text()
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    assert verdict(window, page) == "Right."
    assert window.progress.rating() == after_miss
    assert window.progress.streak() == 0 and window.progress.best_streak() == 0
    assert [a.rated for a in window.progress.attempts()] == [True, False]
    assert page.side.change_label.text() == "Right, not rated"
    assert window.progress.review_queue().later == 1  # the miss still comes back


def test_a_hint_before_answering_makes_the_answer_unrated(qtbot, make_window, tmp_path):
    window, page = winner_page(qtbot, make_window, tmp_path)
    exercise = page.exercise
    assert exercise.hint_button.isVisible() and exercise.hint_button.text() == "Hint"
    assert not exercise.hint_box.isVisible()
    click(qtbot, exercise.hint_button)
    assert exercise.hint_label.isVisible()
    assert "smallest trump beats the ace" in exercise.hint_label.text()
    assert exercise.unrated_label.text() == "Hint used: this answer is not rated."
    assert not exercise.hint_button.isVisible() and not exercise.rated
    click(qtbot, cards_in(exercise.trick)["H6"])
    assert verdict(window, page) == "Right."
    assert "smallest trump beats the ace" in exercise.explanation.text()  # as before
    assert not exercise.hint_box.isVisible()
    assert window.progress.rating().value == 1000 and window.progress.streak() == 0
    assert [a.rated for a in window.progress.attempts()] == [False]
    assert window.progress.solved_puzzles() == set()


def test_the_hint_has_a_keyboard_shortcut(qtbot, make_window, tmp_path):
    window, page = winner_page(qtbot, make_window, tmp_path)
    window.activateWindow()
    qtbot.waitActive(window)
    card = cards_in(page.exercise.trick)["SK"]
    card.setFocus()
    assert QApplication.focusWidget() is card
    qtbot.keyClick(card, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert page.exercise.hint_used and page.exercise.hint_label.isVisible()


def test_a_new_puzzle_is_rated_again(qtbot, make_window, tmp_path):
    window, page = winner_page(qtbot, make_window, tmp_path)
    click(qtbot, page.exercise.hint_button)
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    click(qtbot, page.after)
    assert page.exercise.rated and page.exercise.hint_button.isVisible()
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    assert window.progress.streak() == 1
    assert page.side.streak_label.text() == "Streak: 1 right in a row (best: 1)"


# --- Check with nothing chosen -----------------------------------------------------------------


def test_check_with_no_card_selected_says_what_to_do_and_records_nothing(qtbot, make_window,
                                                                         tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/legal.yaml": LEGAL}))
    window.show_page("puzzles")
    page = window.puzzles
    click(qtbot, page.exercise.check_button)
    assert page.exercise.feedback.isVisible()
    assert page.exercise.explanation.text() == "Select every card you may play, then check."
    assert verdict(window, page) == ""
    assert window.progress.attempts() == [] and page.exercise.rated
    assert not page.after.isVisible()
    for code in ("S9", "HA"):
        click(qtbot, cards_in(page.exercise.hand)[code])
    click(qtbot, page.exercise.check_button)
    assert verdict(window, page) == "Right."
    assert [a.rated for a in window.progress.attempts()] == [True]
    assert window.progress.streak() == 1


def test_check_with_no_option_chosen_in_a_lesson_says_what_to_do(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"lessons/01-first.yaml": LESSON}))
    view = window.learn.view
    window.learn.open_lesson("first", 3)  # the third exercise: a choice
    settle()
    assert view.exercise.findChild(QRadioButton, "choice1").isVisible()
    click(qtbot, view.exercise.check_button)
    assert view.exercise.explanation.text() == "Choose one of the answers, then check."
    assert window.progress.exercises_done("first") == set()
    click(qtbot, view.exercise.findChild(QRadioButton, "choice1"))
    click(qtbot, view.exercise.check_button)
    assert verdict(window, view) == "Right."


# --- the review button and the record panel ----------------------------------------------------


def test_the_review_button_says_how_many_are_due_and_when_the_next_comes(qtbot, make_window,
                                                                         tmp_path, clock):
    _window, page = winner_page(qtbot, make_window, tmp_path)
    assert page.review_button.text() == "Review my mistakes (0)"
    assert page.side.review_label.text() == "No mistakes waiting for review."
    click(qtbot, cards_in(page.exercise.trick)["SA"])  # wrong: back in 10 minutes
    assert page.review_button.text() == "Review my mistakes (next in 10 min)"
    assert page.side.review_label.text() == "1 mistake comes back for review in 10 min."
    clock.now += timedelta(minutes=11)
    click(qtbot, page.after)
    assert page.review_button.text() == "Review my mistakes (1)"
    assert page.side.review_label.text() == "1 mistake is ready for review now."


# --- puzzles follow the lessons ----------------------------------------------------------------


def test_before_a_lesson_that_opens_puzzles_the_page_leads_to_it(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, COURSE))
    window.show_page("puzzles")
    page = window.puzzles
    assert page.current is None and not page.exercise.isVisible()
    assert page.message.text().startswith("Finish lesson 1, “A first lesson”, to unlock your "
                                          "first puzzles.")
    assert page.open_lesson_button.text() == "Go to lesson 1"
    click(qtbot, page.open_lesson_button)
    assert window.current_page() == "learn" and window.learn.view.lesson.id == "first"
    window.progress.complete_lesson("first")
    window.show_page("puzzles")
    assert page.current is not None and page.current.id == "wn001"  # winner: lesson 1 done
    assert not page.open_lesson_button.isVisible()


def test_the_filters_stay_free_while_nothing_is_open(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, COURSE))
    window.show_page("puzzles")
    page = window.puzzles
    click(qtbot, page.next_button)
    assert page.current is not None and page.mode == "filter"


def test_next_for_me_serves_only_the_kinds_of_the_lessons_done(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, COURSE))
    window.progress.complete_lesson("second")  # legal cards, follow-suit
    window.show_page("puzzles")
    page = window.puzzles
    page.start("for-me")
    for _ in range(4):
        assert page.current is not None and page.current.id == "lg001"
        page.start("for-me")


def test_practise_serves_the_puzzles_of_a_lessons_pairs(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, COURSE))
    window.show_page("puzzles")
    page = window.puzzles
    page.practise(frozenset({(Kind.WINNER, "trump-in")}), "A first lesson")
    assert page.mode == "practise" and page.current is not None and page.current.id == "wn001"
    assert page.mode_label.text() == "This lesson's puzzles: A first lesson"
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    click(qtbot, page.after)
    assert page.current is not None and page.current.id == "wn001"  # the only one there is


# --- the explanation in view, nothing cut off --------------------------------------------------


def real_window(qtbot, make_window, width: int, height: int, language: str = "en") -> MainWindow:
    window = make_window(ROOT)
    if language != "en":
        window.change_language(language)
    window.resize(width, height)
    window.show_page("puzzles")
    settle()
    return window


def answer_best_wrong(qtbot, window: MainWindow, puzzle_id: str = "bs001") -> None:
    page = window.puzzles
    page.show_puzzle(next(p for p in page.puzzles if p.id == puzzle_id))
    settle()
    solution = page.exercise.solution.answer
    wrong = next(code for code in cards_in(page.exercise.hand) if code != str(solution))
    click(qtbot, cards_in(page.exercise.hand)[wrong])
    settle()


def test_after_a_wrong_answer_the_explanation_scrolls_into_view_at_1280x800(qtbot, make_window):
    window = real_window(qtbot, make_window, 1280, 800)
    answer_best_wrong(qtbot, window)
    page = window.puzzles
    viewport = page.scroll_area.viewport()
    assert page.scroll_area.verticalScrollBar().value() > 0  # it had to scroll
    for widget in (page.exercise.verdict, page.exercise.explanation, page.after):
        assert viewport.rect().contains(rect_in(widget, viewport)), widget.objectName()


@pytest.fixture
def font_scale(request):
    """The application font scaled by the test's parameter, restored afterwards."""
    app = QApplication.instance()
    original = app.font()
    scaled = app.font()
    scaled.setPointSizeF(original.pointSizeF() * request.param)
    app.setFont(scaled)
    yield request.param
    app.setFont(original)


@pytest.mark.parametrize(("language", "font_scale"), [("en", 1.0), ("de", 1.0), ("de", 1.5)],
                         indirect=["font_scale"])
def test_nothing_on_the_puzzles_page_is_cut_off_or_overlapping_at_800x560(qtbot, make_window,
                                                                          language, font_scale):
    window = real_window(qtbot, make_window, 800, 560, language)
    assert (window.width(), window.height()) == (800, 560)
    answer_best_wrong(qtbot, window)
    page = window.puzzles
    assert not page.wide  # the record panel went under the puzzle
    top = [page.kind_box, page.theme_box, page.level_box, page.next_button,
           page.for_me_button, page.review_button, page.scroll_area]
    rects = {w.objectName() or w.accessibleName(): rect_in(w, page) for w in top}
    for name, rect in rects.items():
        assert page.rect().contains(rect), (name, rect, page.rect())
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.intersects(rb), (a, b)
    column, viewport = page.column, page.scroll_area.viewport()
    assert column.width() <= viewport.width()  # no part of the puzzle beyond the right edge
    inner = [page.mode_label, page.meta, page.exercise, page.after, page.side]
    parts = {w.objectName(): rect_in(w, column) for w in inner if w.isVisible()}
    for name, rect in parts.items():
        assert rect.left() >= 0 and rect.right() < column.width(), name
    for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2):
        assert not ra.intersects(rb), (a, b)
    assert viewport.rect().contains(rect_in(page.exercise.verdict, viewport))


def test_at_1280x800_the_record_panel_stands_beside_the_puzzle(qtbot, make_window):
    window = real_window(qtbot, make_window, 1280, 800)
    page = window.puzzles
    assert page.wide and page.side.width() == 280
    assert rect_in(page.side, page).left() > rect_in(page.scroll_area, page).right()


def test_next_waits_while_a_second_try_is_open(qtbot, tmp_path, content) -> None:
    """Nothing stays on screen after it stopped being true: once the learner asks for another
    try, the Next button of the answered puzzle goes until the new answer."""
    page = PuzzlesPage(Progress(tmp_path / "progress.sqlite3"), seed=1)
    qtbot.addWidget(page)
    page.set_puzzles(content.puzzles)
    page.show()
    puzzle = next(p for p in content.puzzles if p.kind is Kind.WINNER)
    page.show_puzzle(puzzle)
    wrong = next(c for c in puzzle.task.trick if c != puzzle.solution.answer)
    page.exercise.answer.card_chosen(wrong)
    assert page.after.isVisible()
    page.exercise.retry_button.click()
    assert not page.after.isVisible()
    page.exercise.answer.card_chosen(puzzle.solution.answer)
    assert page.after.isVisible()


def test_the_puzzle_of_the_day_is_named_and_next_goes_on_with_next_for_me(
        qtbot, tmp_path, content) -> None:
    page = PuzzlesPage(Progress(tmp_path / "progress.sqlite3"), seed=1)
    qtbot.addWidget(page)
    page.set_puzzles(content.puzzles)
    daily = content.puzzles[0]
    page.show_daily(daily)
    assert page.current is daily and page.mode_label.text() == "Puzzle of the day"
    page.next_in_mode()
    assert page.mode == "for-me" and page.mode_label.text() == "Next for me"
