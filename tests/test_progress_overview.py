"""The figures of the Progress page (tutor.progress.overview), without Qt: days practised in a
row, the daily goal, the puzzle of the day, lessons and puzzles done, the rating line, and the
exercise-answer log that feeds them."""

from __future__ import annotations

import doctest
import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.progress_profile import Clock, finish_lesson, prepare
from tests.store_helpers import user_version
from tutor.content import Kind, Lesson, Puzzle
from tutor.progress import SCHEMA_VERSION, Attempt, Progress, PuzzleRef, store
from tutor.progress.overview import (
    DEFAULT_GOAL,
    GOALS,
    Goal,
    daily_puzzle,
    days_in_a_row,
    goal_from_key,
    local_day,
    overview,
    prepared,
    puzzle_of_the_day,
    rating_history,
    resume_position,
)

TODAY = date(2026, 11, 21)
ZURICH = ZoneInfo("Europe/Zurich")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def progress(tmp_path: Path, clock: Clock):
    with Progress(tmp_path / "progress.sqlite3", clock=clock) as record:
        yield record


def ref(puzzle: Puzzle) -> PuzzleRef:
    return PuzzleRef(puzzle.id, puzzle.themes, puzzle.difficulty)


# --- days practised in a row -------------------------------------------------------------------

days = st.sets(st.integers(min_value=-60, max_value=5)).map(
    lambda offsets: {TODAY + timedelta(days=n) for n in offsets})


@given(days)
def test_days_in_a_row_is_the_unbroken_run_that_ends_today_or_yesterday(practised):
    count = days_in_a_row(practised, TODAY)
    end = TODAY if TODAY in practised else TODAY - timedelta(days=1)
    run = {end - timedelta(days=n) for n in range(count)}
    assert run <= practised
    assert end - timedelta(days=count) not in practised
    assert 0 <= count <= len({day for day in practised if day <= TODAY})


@given(days)
def test_a_run_is_zero_only_without_practice_today_and_yesterday(practised):
    yesterday = TODAY - timedelta(days=1)
    assert (days_in_a_row(practised, TODAY) == 0) == (not {TODAY, yesterday} & practised)


@given(days)
def test_practising_today_adds_one_day_to_the_run(practised):
    without = practised - {TODAY}
    assert days_in_a_row(without | {TODAY}, TODAY) == days_in_a_row(without, TODAY) + 1


@given(days, st.sets(st.integers(min_value=1, max_value=30)))
def test_later_days_duplicates_and_order_do_not_change_the_run(practised, later):
    future = {TODAY + timedelta(days=n) for n in later}
    listed = sorted(practised, reverse=True) * 2
    assert days_in_a_row(listed + sorted(future), TODAY) == days_in_a_row(practised, TODAY)


def test_days_are_counted_in_the_learners_time_zone():
    late = datetime(2026, 11, 20, 23, 30, tzinfo=UTC)  # 00:30 on the 21st in Zurich
    assert local_day(late, ZURICH) == TODAY
    assert local_day(late, UTC) == TODAY - timedelta(days=1)
    assert local_day(late, timezone(timedelta(hours=-5))) == TODAY - timedelta(days=1)


# --- the puzzle of the day ---------------------------------------------------------------------

IDS = [f"p{n:03d}" for n in range(50)]


def test_the_puzzle_of_the_day_is_the_same_on_a_date_whatever_the_order_of_the_ids():
    shuffled = IDS[::-1] + IDS[:10]
    assert puzzle_of_the_day(IDS, TODAY) == puzzle_of_the_day(shuffled, TODAY)
    assert puzzle_of_the_day(IDS, TODAY) in IDS


def test_the_puzzle_of_the_day_changes_from_day_to_day():
    cycle_start = date.fromordinal(TODAY.toordinal() // len(IDS) * len(IDS))
    cycle = [puzzle_of_the_day(IDS, cycle_start + timedelta(days=n)) for n in range(len(IDS))]
    assert sorted(cycle) == IDS  # every puzzle once in a cycle: no repeat from day to day
    month = [puzzle_of_the_day(IDS, TODAY + timedelta(days=n)) for n in range(31)]
    assert len(set(month)) >= 25


def test_the_puzzle_of_the_day_is_the_same_in_every_process():
    dates = [TODAY + timedelta(days=n) for n in range(10)]
    here = [puzzle_of_the_day(IDS, day) for day in dates]
    code = ("import json, sys\nfrom datetime import date\n"
            "from tutor.progress.overview import puzzle_of_the_day\n"
            "ids, dates = json.loads(sys.argv[1])\n"
            "print(json.dumps([puzzle_of_the_day(ids, date.fromisoformat(d)) for d in dates]))")
    argument = json.dumps([IDS, [day.isoformat() for day in dates]])
    for seed in ("1", "2"):  # str hashing differs between these processes
        env = dict(os.environ, PYTHONHASHSEED=seed)
        result = subprocess.run([sys.executable, "-c", code, argument], env=env, check=True,
                                capture_output=True, text=True, timeout=60)
        assert json.loads(result.stdout) == here
    assert here[0] == puzzle_of_the_day(IDS, TODAY) == "p038"  # fixed for ever: every learner


def test_the_puzzle_of_the_day_is_an_easy_one_when_there_are_easy_ones(content):
    for n in range(60):
        chosen = daily_puzzle(content.puzzles, TODAY + timedelta(days=n))
        assert chosen is not None and chosen.difficulty <= 3
    hard = [p for p in content.puzzles if p.difficulty >= 4]
    chosen = daily_puzzle(hard, TODAY)
    assert chosen is not None and chosen in hard
    assert daily_puzzle([], TODAY) is None and puzzle_of_the_day([], TODAY) is None


# --- the daily goal ----------------------------------------------------------------------------


def test_the_goal_is_read_back_from_its_key_and_a_bad_key_gives_the_default():
    assert Goal(1, 10) == DEFAULT_GOAL and DEFAULT_GOAL in GOALS
    for goal in GOALS:
        assert goal_from_key(goal.key) == goal
    for bad in (None, "", "7/70", "lots", 3):
        assert goal_from_key(bad) == DEFAULT_GOAL


def test_lesson_steps_today_count_each_exercise_answered_right_once(progress, clock):
    clock.now = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)  # the 20th, late, in Zurich too
    progress.record_exercise("trumps", 0, True)
    clock.now = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
    progress.record_exercise("trumps", 1, False)
    progress.record_exercise("trumps", 1, True)
    progress.record_exercise("trumps", 1, True)  # the same exercise again: still one step
    progress.record_exercise("trumps", 2, False)
    figures = overview(progress, [], [], tz=ZURICH)
    assert figures.steps_today == 1 and figures.puzzles_today == 0
    assert figures.goal_met and figures.goal_fraction == 1.0
    assert figures.days_in_a_row == 2 and figures.practised_today


def test_puzzles_today_count_each_puzzle_answered_once_right_or_wrong(progress, clock, content):
    puzzles = content.puzzles[:6]
    clock.now = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
    for puzzle in puzzles[:4]:
        progress.record_attempt(ref(puzzle), "x", False, 5.0)
    progress.record_attempt(ref(puzzles[0]), "x", True, 5.0)
    figures = overview(progress, [], puzzles, Goal(2, 5), tz=ZURICH)
    assert figures.puzzles_today == 4 and figures.steps_today == 0
    assert not figures.goal_met and figures.goal_fraction == pytest.approx(0.8)
    progress.record_attempt(ref(puzzles[4]), "x", True, 5.0)
    assert overview(progress, [], puzzles, Goal(2, 5), tz=ZURICH).goal_met


def test_yesterdays_practice_keeps_the_run_but_not_todays_goal(progress, clock):
    clock.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    progress.record_exercise("trumps", 0, True)
    clock.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    figures = overview(progress, [], [], tz=ZURICH)
    assert figures.days_in_a_row == 1 and not figures.practised_today
    assert figures.steps_today == 0 and not figures.goal_met
    clock.now += timedelta(days=1)
    assert overview(progress, [], [], tz=ZURICH).days_in_a_row == 0


def test_a_finished_round_counts_as_a_day_practised_and_a_finished_game_meets_the_goal(
        progress, clock):
    clock.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    progress.record_round("g1", 1)  # yesterday: one round of a game left unfinished
    clock.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    figures = overview(progress, [], [], tz=ZURICH)
    assert figures.days_in_a_row == 1 and not figures.practised_today
    assert progress.has_practised() and figures.games_today == 0 and not figures.goal_met
    progress.record_round("g2", 1)
    progress.record_round("g2", 1)  # shown again when the game is resumed: counted once
    figures = overview(progress, [], [], tz=ZURICH)
    assert figures.days_in_a_row == 2 and figures.practised_today
    assert len(progress.practice_times()) == 2
    assert figures.games_today == 0 and not figures.goal_met and figures.goal_fraction == 0.0
    progress.record_round("g2", 2, last=True)  # the last round: the game is finished
    figures = overview(progress, [], [], tz=ZURICH)
    assert figures.games_today == 1 and figures.steps_today == 0 == figures.puzzles_today
    assert figures.goal_met and figures.goal_fraction == 1.0


def test_every_goal_offers_one_game_and_a_goal_of_two_games_keeps_its_key():
    assert all(goal.games == 1 for goal in GOALS)
    assert Goal(1, 10).key == "1/10" and Goal(1, 10, 2).key == "1/10/2"
    assert goal_from_key("1/10/2") == DEFAULT_GOAL  # not one of the goals offered


def test_a_finished_round_is_kept_with_the_record(tmp_path, clock):
    path = tmp_path / "rounds.sqlite3"
    with Progress(path, clock=clock) as record:
        record.record_round("g1", 3, last=True)
    with Progress(path, clock=clock) as record:
        assert record.notice is None and record.practice_times() == [clock.now]
        assert overview(record, [], [], tz=UTC).games_today == 1


# --- lessons, puzzles, rating ------------------------------------------------------------------


def screens_of(lesson: Lesson) -> list[int | None]:
    """The exercise of each screen, as tutor.ui.pages.lesson_steps.screens_of lays a lesson out."""
    from tutor.ui.pages.lesson_steps import screens_of as ui_screens

    return [screen.exercise for screen in ui_screens(lesson)]


def test_continue_opens_the_first_unfinished_lesson_at_its_first_exercise_not_done(
        progress, content):
    lessons = content.lessons
    figures = overview(progress, lessons, [])
    assert (figures.next_lesson, figures.next_position) == (lessons[0].id, 0)
    finish_lesson(progress, lessons[0])
    finish_lesson(progress, lessons[1], upto=3)
    figures = overview(progress, lessons, [])
    assert (figures.lessons_done, figures.lessons_total) == (1, len(lessons))
    assert figures.next_lesson == lessons[1].id
    assert screens_of(lessons[1])[figures.next_position] == 3
    for lesson in lessons:
        finish_lesson(progress, lesson)
    figures = overview(progress, lessons, [])
    assert figures.next_lesson is None and figures.lessons_done == len(lessons)


def test_resume_position_matches_the_learn_pages_screens(content):
    for lesson in content.lessons:
        screens = screens_of(lesson)
        assert resume_position(lesson, set()) == 0
        for done in range(1, len(lesson.exercises)):
            assert screens[resume_position(lesson, set(range(done)))] == done, lesson.id
        missing = len(lesson.exercises) - 1
        everything_but = set(range(missing))
        assert screens[resume_position(lesson, everything_but)] == missing


def test_puzzles_solved_by_kind_and_theme(progress, content):
    legal = [p for p in content.puzzles if p.kind is Kind.LEGAL][:3]
    winner = [p for p in content.puzzles if p.kind is Kind.WINNER][:2]
    for puzzle in legal:
        progress.record_attempt(ref(puzzle), "x", True, 3.0)
    progress.record_attempt(ref(winner[0]), "x", False, 3.0)
    progress.record_attempt(ref(winner[1]), "x", False, 3.0)
    progress.record_attempt(ref(winner[1]), "x", True, 3.0)
    figures = overview(progress, [], content.puzzles)
    kinds = {t.key: (t.solved, t.total) for t in figures.by_kind}
    totals = {kind.value: sum(p.kind is kind for p in content.puzzles) for kind in Kind}
    assert kinds == {"legal": (3, totals["legal"]), "winner": (1, totals["winner"]),
                     "weis": (0, totals["weis"]), "points": (0, totals["points"]),
                     "best": (0, totals["best"]), "marks": (0, totals["marks"]),
                     "strategy": (0, totals["strategy"])}
    assert (figures.puzzles_solved, figures.puzzles_total) == (4, len(content.puzzles))
    themes = {t.key: (t.solved, t.total) for t in figures.by_theme}
    for theme in {t for p in content.puzzles for t in p.themes}:
        solved = {p.id for p in (*legal, winner[1]) if theme in p.themes}
        assert themes[theme] == (len(solved), sum(theme in p.themes for p in content.puzzles))
    assert figures.streak == 1 and figures.best_streak == 3


def test_the_rating_line_starts_before_the_first_rated_answer_and_skips_unrated_ones():
    moment = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

    def attempt(before: float, after: float, rated: bool = True) -> Attempt:
        return Attempt(moment, "lg001", "x", after > before, 4.0, after - before, after, rated)

    history = rating_history([attempt(1500, 1620), attempt(1620, 1620, rated=False),
                              attempt(1620, 1450), attempt(1450, 1450), attempt(1450, 1530)])
    # a rated answer that left the rating where it was (at the floor, say) is still a point
    assert [point.value for point in history.points] == [1500, 1620, 1450, 1450, 1530]
    assert (history.start, history.now, history.lowest, history.highest, history.rated) == (
        1500, 1530, 1450, 1620, 4)
    assert rating_history([]).rated == 0


def test_the_overview_of_a_prepared_profile(progress, clock, content):
    prepare(progress, clock, content.lessons, content.puzzles)
    figures = overview(progress, content.lessons, content.puzzles, tz=UTC)
    attempts = progress.attempts()
    assert len(attempts) == 40 and figures.rating.rated == 40
    assert figures.rating.points[-1].value == pytest.approx(progress.rating().value)
    assert figures.lessons_done == 6 and figures.next_lesson == content.lessons[6].id
    assert figures.days_in_a_row == 5 and figures.practised_today
    assert figures.steps_today == 2
    assert figures.puzzles_today == len({a.puzzle_id for a in attempts
                                         if a.time.date() == clock.now.date()})
    opened = prepared(content.lessons, progress.completed_lessons())
    daily = daily_puzzle(content.puzzles, clock.now.date(), opened)
    assert daily is not None and figures.daily_puzzle == daily.id
    assert opened.admits(daily.kind.value, daily.themes) and not opened.everything


# --- the log of exercise answers ---------------------------------------------------------------


def test_every_exercise_answer_is_logged_with_its_time(progress, clock, tmp_path):
    progress.record_exercise("trumps", 0, False)
    clock.now += timedelta(minutes=2)
    progress.record_exercise("trumps", 0, True)
    assert progress.practice_times() == [Clock().now, Clock().now + timedelta(minutes=2)]
    assert progress.has_practised()


def test_a_fresh_record_has_not_practised(progress):
    assert not progress.has_practised() and progress.practice_times() == []


def test_the_migration_carries_the_first_right_answers_of_an_older_file_over(tmp_path, clock):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in store.MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    yesterday = store.encode_time(clock.now - timedelta(days=1))
    conn.execute("INSERT INTO exercises VALUES ('trumps', 0, 2, ?), ('trumps', 1, 1, NULL)",
                 (yesterday,))
    conn.close()
    with Progress(path, clock=clock) as record:
        assert record.notice is None
        assert record.practice_times() == [clock.now - timedelta(days=1)]
        assert overview(record, [], [], tz=UTC).days_in_a_row == 1
    assert user_version(path) == SCHEMA_VERSION


def test_doctests():
    import tutor.progress.overview as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_the_puzzle_of_the_day_comes_from_what_the_lessons_have_prepared(progress, content):
    """Before any lesson prepares a puzzle there is none (not an announcements puzzle before
    lesson 1); after, it is one the lessons done have opened, the same for two learners at the
    same stage, whatever else their records hold (issue 34)."""
    lessons = content.lessons
    assert overview(progress, lessons, content.puzzles, tz=UTC).daily_puzzle is None
    first = next(i for i, lesson in enumerate(lessons) if lesson.prepares)
    for lesson in lessons[:first + 1]:
        finish_lesson(progress, lesson)
    opened = prepared(lessons, progress.completed_lessons())
    for n in range(30):
        daily = daily_puzzle(content.puzzles, TODAY + timedelta(days=n), opened)
        assert daily is not None and opened.admits(daily.kind.value, daily.themes)
    figures = overview(progress, lessons, content.puzzles, tz=UTC)
    stage = {lesson.id for lesson in lessons[:first + 1]}
    same = daily_puzzle(content.puzzles, progress.now().date(), prepared(lessons, stage))
    assert same is not None and figures.daily_puzzle == same.id
    assert daily_puzzle(content.puzzles, TODAY, prepared(lessons, set())) is None
