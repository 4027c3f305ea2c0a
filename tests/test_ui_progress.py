"""The Progress page, driven through real widgets offscreen: the start page, the figures from a
prepared progress file, Continue, the puzzle of the day, the rating chart's text alternative,
and the daily goal set in Settings."""

from __future__ import annotations

import shutil
from datetime import UTC, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from tests.progress_profile import Clock, finish_lesson, prepare
from tutor.i18n import format_number
from tutor.progress import Progress, PuzzleRef
from tutor.progress.overview import Goal, daily_puzzle, prepared
from tutor.ui.pages.progress import ProgressPage
from tutor.ui.window import MainWindow
from tutor.vocab import NAVIGATION


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def prepared_profile(tmp_path_factory: pytest.TempPathFactory, content) -> Path:
    """A progress file with six lessons done, a seventh begun, and 40 puzzle answers, built
    once for the module (its clock ends where a fresh ``Clock`` starts: ``TODAY``)."""
    clock = Clock()
    path = tmp_path_factory.mktemp("profile") / "progress.sqlite3"
    with Progress(path, clock=clock) as record:
        prepare(record, clock, content.lessons, content.puzzles)
    assert clock.now == Clock().now
    return path


@pytest.fixture
def profile(tmp_path: Path, prepared_profile: Path) -> Path:
    """Each test's own copy of the prepared progress file (a test may add to it)."""
    path = tmp_path / "progress.sqlite3"
    shutil.copy(prepared_profile, path)
    return path


@pytest.fixture
def make_window(qtbot, tmp_path, clock, content):
    def make(path: Path | None = None, ini: Path | None = None) -> MainWindow:
        progress = Progress(path or tmp_path / "fresh.sqlite3", clock=clock)
        settings = QSettings(str(ini or tmp_path / "s.ini"), QSettings.Format.IniFormat)
        empty = tmp_path / "no-content"
        for folder in ("lessons", "puzzles"):
            (empty / folder).mkdir(parents=True, exist_ok=True)
        window = MainWindow(load_now=True, content_root=empty, progress=progress,
                            settings=settings)
        window.progress_page.tz = UTC  # the days of the prepared profile are UTC days
        window.set_content(content)  # the real lessons and puzzles, loaded once for the module
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


def click(qtbot, button) -> None:
    QApplication.processEvents()
    assert button.isVisible() and button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_new_learner_opens_on_learn_at_lesson_one(make_window, content):
    window = make_window()
    assert window.current_page() == "learn"
    assert window.learn.view.lesson is not None
    assert window.learn.view.lesson.id == content.lessons[0].id


def test_a_returning_learner_opens_on_progress(make_window, profile):
    window = make_window(profile)
    assert window.current_page() == "progress"
    assert window.nav.currentRow() == NAVIGATION.index("progress") == 0
    assert window.nav.item(0).text() == "Progress" and window.progress_page.isVisible()


def test_the_page_shows_the_figures_of_the_progress_file(make_window, profile, content, clock):
    window = make_window(profile)
    page = window.progress_page
    attempts = window.progress.attempts()
    solved = {a.puzzle_id for a in attempts if a.correct}
    today = {a.puzzle_id for a in attempts if a.time.date() == clock.now.date()}
    best = run = 0
    for attempt in attempts:
        run = run + 1 if attempt.correct else 0
        best = max(best, run)
    assert page.days_value.text() == "5"
    assert page.days_caption.text() == "days practised in a row"
    assert page.lessons_text.text() == f"6 of {len(content.lessons)} lessons done"
    assert page.lessons_bar.value() == 6
    seventh = content.lessons[6]
    assert page.next_text.text() == (f"Next: lesson {seventh.number}, {seventh.title}, "
                                     "where you left it")
    assert page.goal_caption.text() == "Today's goal: 1 lesson step, 10 puzzles or 1 game"
    assert page.goal_steps.text() == "Lesson steps today: 2 of 1"
    assert page.goal_puzzles.text() == f"Puzzles today: {len(today)} of 10"
    assert page.goal_state.text() == "Goal reached ✓" and page.goal_bar.value() == 100
    assert page.best_value.text() == str(best) and best > 1
    assert page.solved_text.text() == (f"{len(solved)} of {len(content.puzzles)} "
                                       "puzzles solved")
    legal = [p for p in content.puzzles if p.kind.value == "legal"]
    count = page.findChild(type(page.solved_text), "kindCount_legal")
    assert count.text() == f"{sum(p.id in solved for p in legal)} of {len(legal)}"
    daily = daily_puzzle(content.puzzles, clock.now.date(),
                         prepared(content.lessons, window.progress.completed_lessons()))
    assert daily is not None and page.daily_meta.text().endswith(
        f"difficulty {daily.difficulty}")


def test_continue_opens_the_first_unfinished_lesson_where_it_was_left(qtbot, make_window,
                                                                      profile, content):
    window = make_window(profile)
    click(qtbot, window.progress_page.continue_button)
    assert window.current_page() == "learn"
    view = window.learn.view
    assert view.lesson is not None and view.lesson.id == content.lessons[6].id
    assert view.screens[view.position].exercise == 2  # the first of its exercises not done
    assert window.learn.list.currentRow() == 6


def test_continue_after_the_last_lesson_leads_to_the_puzzles(qtbot, make_window, tmp_path,
                                                             clock, content):
    path = tmp_path / "all.sqlite3"
    with Progress(path, clock=clock) as record:
        for lesson in content.lessons:
            finish_lesson(record, lesson)
    window = make_window(path)
    page = window.progress_page
    assert page.continue_button.text() == "Practise puzzles"
    click(qtbot, page.continue_button)
    assert window.current_page() == "puzzles" and window.puzzles.current is not None


def test_the_puzzle_of_the_day_opens_on_the_puzzles_page(qtbot, make_window, profile, content,
                                                        clock):
    window = make_window(profile)
    click(qtbot, window.progress_page.daily_button)
    assert window.current_page() == "puzzles"
    daily = daily_puzzle(content.puzzles, clock.now.date(),
                         prepared(content.lessons, window.progress.completed_lessons()))
    assert window.puzzles.current is daily


def test_the_rating_chart_has_a_text_alternative(make_window, profile):
    window = make_window(profile)
    page = window.progress_page
    values = [a.rating_after for a in window.progress.attempts()]
    start = window.progress.attempts()[0].rating_after - window.progress.attempts()[0].rating_delta
    chart = page.chart
    description = chart.accessibleDescription()
    assert chart.accessibleName() == "Chart of your puzzle rating over time"
    for figure in (start, values[-1], min([start, *values]), max([start, *values])):
        assert format_number(round(figure)) in description
    assert "over 40 rated puzzles" in description
    assert page.rating_text.text() == description and page.rating_text.isVisible()
    assert chart.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_the_rating_chart_draws_the_line(make_window, profile):
    window = make_window(profile)
    image = window.progress_page.chart.grab().toImage()
    line = window.progress_page.chart.palette().color(QPalette.ColorRole.Highlight)
    colors = {QColor(image.pixel(x, y)).rgb() for x in range(0, image.width(), 2)
              for y in range(0, image.height(), 2)}
    assert line.rgb() in colors


def test_a_fresh_chart_says_there_is_no_rating_yet(make_window):
    window = make_window()
    window.show_page("progress")
    chart = window.progress_page.chart
    assert chart.accessibleDescription() == (
        f"No rated puzzles yet: your puzzle rating starts at {format_number(1000)}.")


def test_the_daily_goal_set_in_settings_changes_the_goal_shown(make_window, profile, tmp_path):
    ini = tmp_path / "goal.ini"
    window = make_window(profile, ini)
    window.show_page("settings")
    box = window.settings_page.goal
    assert box.currentText() == "1 lesson step, 10 puzzles or 1 game"
    texts = [box.itemText(i) for i in range(box.count())]
    assert "2 lesson steps, 20 puzzles or 1 game" in texts
    assert "1 lesson step, 5 puzzles or 1 game" in texts
    box.setCurrentIndex(texts.index("3 lesson steps, 30 puzzles or 1 game"))
    window.show_page("progress")
    page = window.progress_page
    assert page.goal_caption.text() == "Today's goal: 3 lesson steps, 30 puzzles or 1 game"
    assert page.goal_steps.text() == "Lesson steps today: 2 of 3"
    assert page.goal_state.text() != "Goal reached ✓" and page.goal_bar.value() < 100
    window.settings.sync()
    window.close()
    again = make_window(profile, ini)
    assert again.progress_page.goal == Goal(3, 30)
    assert again.settings_page.goal.currentText() == "3 lesson steps, 30 puzzles or 1 game"


def test_the_page_refreshes_when_shown(make_window, profile, content, clock):
    window = make_window(profile)
    page = window.progress_page
    shown = page.goal_puzzles.text()
    played = {a.puzzle_id for a in window.progress.attempts()}
    fresh = next(p for p in content.puzzles if p.id not in played)
    window.show_page("puzzles")
    clock.now += timedelta(minutes=5)
    window.progress.record_attempt(PuzzleRef(fresh.id, fresh.themes, fresh.difficulty), "x",
                                   True, 3.0)
    window.show_page("progress")
    done = int(shown.split(": ")[1].split(" ")[0])
    assert page.goal_puzzles.text() == f"Puzzles today: {done + 1} of 10"


def test_the_page_waits_for_the_content_then_shows_it(qtbot, profile, clock, content):
    page = ProgressPage(Progress(profile, clock=clock), tz=UTC)
    qtbot.addWidget(page)
    assert page.lessons_text.text() == "Loading the lessons…"
    assert not page.continue_button.isVisibleTo(page)
    assert page.days_value.text() == "5"  # from the record alone
    page.set_content(content.lessons, content.puzzles)
    assert page.lessons_text.text() == f"6 of {len(content.lessons)} lessons done"
    assert page.continue_button.isVisibleTo(page)


def test_ctrl_1_shows_progress_and_every_place_has_a_shortcut(qtbot, make_window):
    window = make_window()
    assert [a.shortcut().toString() for a in window.page_actions] == [
        f"Ctrl+{n}" for n in range(1, len(NAVIGATION) + 1)]
    window.page_actions[0].trigger()
    assert window.current_page() == "progress"
    window.page_actions[NAVIGATION.index("learn")].trigger()
    assert window.current_page() == "learn"



def test_the_page_follows_a_language_switch(make_window, profile, tmp_path, monkeypatch):
    from tests.test_app import write_catalog
    from tutor import i18n

    write_catalog(tmp_path / "locale", "de", {
        "Your progress": "Dein Fortschritt",
        "Progress": "Fortschritt",
        "Puzzle of the day": "Rätsel des Tages",
    })
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    window = make_window(profile)
    window.change_language("de")
    page = window.progress_page
    assert page.heading.text() == "Dein Fortschritt"
    assert page.daily_caption.text() == "Rätsel des Tages"
    assert window.nav.item(0).text() == "Fortschritt"
    window.change_language("en")
    assert page.heading.text() == "Your progress"
