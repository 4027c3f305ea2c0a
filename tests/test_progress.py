"""The learner's record: lessons, attempts, ratings, the review ladder, "next for me", and a
progress file that is never silently lost (DESIGN.md, "Data the learner owns")."""

from __future__ import annotations

import doctest
import importlib
import math
import random
import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.store_helpers import user_version
from tutor.progress import (
    LADDER,
    SCHEMA_VERSION,
    Progress,
    PuzzleRef,
    Rating,
    ReviewQueue,
    choose,
    data_dir,
    glicko,
    store,
)
from tutor.progress.paths import platform_data_dir

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
DAMAGED_NAME = re.compile(r"^progress\.sqlite3\.damaged-\d{8}-\d{6}(-\d+)?$")


class Clock:
    """A clock the test moves by hand: no sleeping."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def progress(db_path: Path, clock: Clock):
    with Progress(db_path, clock=clock) as record:
        yield record


def puzzle(puzzle_id: str, *themes: str, difficulty: int = 3) -> PuzzleRef:
    return PuzzleRef(puzzle_id, themes or ("plain",), difficulty)



# --- a fresh record, lessons -------------------------------------------------------------------


def test_fresh_database_is_empty_and_current(progress: Progress, db_path: Path):
    assert progress.notice is None and progress.moved_to is None
    assert progress.rating() == Rating(1000.0, 150.0, 0.06)
    assert progress.streak() == 0 and progress.best_streak() == 0
    assert progress.attempts() == [] and progress.theme_stats() == {}
    assert progress.completed_lessons() == set() and progress.exercises_done("01") == set()
    assert progress.review_count() == 0 and progress.next_review_at() is None
    assert user_version(db_path) == SCHEMA_VERSION


def test_lesson_progress_survives_reopening(db_path: Path, clock: Clock):
    with Progress(db_path, clock=clock) as record:
        record.record_exercise("01-deck", 0, True)
        record.record_exercise("01-deck", 1, False)
        record.record_exercise("01-deck", 2, False)
        record.record_exercise("01-deck", 2, True)
        record.complete_lesson("01-deck")
        record.complete_lesson("01-deck")
    with Progress(db_path, clock=clock) as record:
        assert record.notice is None
        assert record.exercises_done("01-deck") == {0, 2}
        assert record.exercises_done("02-trumps") == set()
        assert record.completed_lessons() == {"01-deck"}


def test_a_later_wrong_answer_does_not_undo_a_done_exercise(progress: Progress):
    progress.record_exercise("03", 4, True)
    progress.record_exercise("03", 4, False)
    assert progress.exercises_done("03") == {4}


# --- attempts, ratings, streak, themes ---------------------------------------------------------


def test_attempts_are_recorded_with_time_answer_and_rating_change(progress: Progress, clock):
    first = progress.record_attempt(puzzle("lg001", "follow-suit"), "HJ", True, 12.5)
    clock.advance(timedelta(minutes=1))
    progress.record_attempt(puzzle("wn002", "trump-wins"), "seat 2", False, 3.0)
    attempts = progress.attempts()
    assert [(a.puzzle_id, a.answer, a.correct, a.seconds) for a in attempts] == [
        ("lg001", "HJ", True, 12.5),
        ("wn002", "seat 2", False, 3.0),
    ]
    assert attempts[0].time == START and attempts[1].time == START + timedelta(minutes=1)
    assert attempts[0].rating_delta == pytest.approx(
        first.rating_after.value - first.rating_before.value
    )
    assert attempts[0].rating_delta > 0 > attempts[1].rating_delta
    assert [a.puzzle_id for a in progress.attempts("wn002")] == ["wn002"]


def test_ratings_move_the_right_way(progress: Progress):
    a, b = puzzle("lg001"), puzzle("lg002")
    right = progress.record_attempt(a, "HJ", True, 5)
    assert right.rating_after.value > right.rating_before.value
    assert right.puzzle_rating_after.value < glicko.Rating.for_difficulty(3).value
    assert progress.puzzle_rating(a) == right.puzzle_rating_after
    wrong = progress.record_attempt(b, "S6", False, 5)
    assert wrong.rating_before == right.rating_after
    assert wrong.rating_after.value < wrong.rating_before.value
    assert wrong.puzzle_rating_after.value > glicko.Rating.for_difficulty(3).value
    assert progress.rating() == wrong.rating_after


@pytest.mark.parametrize(("difficulty", "value"), [(1, 1000), (2, 1250), (3, 1500), (5, 2000)])
def test_puzzle_rating_starts_from_difficulty(progress: Progress, difficulty: int, value: int):
    assert progress.puzzle_rating(puzzle("pt001", difficulty=difficulty)).value == value


def test_streak_resets_on_a_wrong_answer(progress: Progress):
    results = [True, True, True, False, True, True]
    streaks = [
        progress.record_attempt(puzzle(f"lg{i:03}"), "x", ok, 1).streak
        for i, ok in enumerate(results)
    ]
    assert streaks == [1, 2, 3, 0, 1, 2]
    assert progress.streak() == 2 and progress.best_streak() == 3


def test_theme_stats_count_attempts_per_theme(progress: Progress):
    progress.record_attempt(puzzle("lg001", "undertrump", "buur"), "x", False, 1)
    progress.record_attempt(puzzle("lg002", "undertrump"), "x", True, 1)
    progress.record_attempt(puzzle("lg001", "undertrump", "buur"), "x", True, 1)
    assert progress.theme_stats() == {"undertrump": (3, 2), "buur": (2, 1)}


def test_negative_or_nan_seconds_are_refused(progress: Progress):
    for seconds in (-1.0, math.nan):
        with pytest.raises(ValueError):
            progress.record_attempt(puzzle("lg001"), "x", True, seconds)
    assert progress.attempts() == []


# --- a fresh learner's start, unrated answers ---------------------------------------------------


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("rights_before", [0, 1, 2, 3])
def test_a_fresh_profiles_single_early_miss_moves_the_rating_by_at_most_150(
    progress: Progress, difficulty: int, rights_before: int
):
    for i in range(rights_before):
        progress.record_attempt(puzzle(f"lg{i:03}", difficulty=1), "x", True, 1)
    miss = progress.record_attempt(puzzle("wn001", difficulty=difficulty), "x", False, 1)
    assert 0 < miss.rating_before.value - miss.rating_after.value <= 150


def test_a_fresh_learner_is_rated_like_the_easiest_puzzles():
    start = Rating.initial()
    assert start.value == Rating.for_difficulty(1).value
    assert abs(start.value - Rating.for_difficulty(2).value) < abs(
        start.value - Rating.for_difficulty(3).value)


def test_an_unrated_answer_is_stored_and_changes_nothing_else(progress: Progress, clock):
    p = puzzle("lg001", "follow-suit", difficulty=1)
    wrong = progress.record_attempt(p, "S6", False, 4)
    rating, puzzle_rating = progress.rating(), progress.puzzle_rating(p)
    clock.advance(LADDER[0])  # the review is due: an unrated right answer must not climb
    retry = progress.record_attempt(p, "HJ", True, 2, rated=False)
    assert not retry.rated and retry.correct
    assert retry.rating_before == retry.rating_after == rating == progress.rating()
    assert retry.puzzle_rating_after == puzzle_rating == progress.puzzle_rating(p)
    assert retry.streak == 0 and progress.best_streak() == 0
    assert retry.next_review == wrong.next_review and progress.due_reviews() == ["lg001"]
    assert progress.theme_stats() == {"follow-suit": (1, 0)}
    assert progress.solved_puzzles() == set()
    attempts = progress.attempts()
    assert [(a.answer, a.correct, a.rated) for a in attempts] == [("S6", False, True),
                                                                  ("HJ", True, False)]
    assert attempts[1].rating_delta == 0


def test_unrated_answers_neither_extend_nor_break_a_streak(progress: Progress):
    answers = [(True, True), (False, False), (True, True), (True, False), (False, False),
               (True, True)]
    streaks = [progress.record_attempt(puzzle(f"lg{i:03}"), "x", ok, 1, rated=rated).streak
               for i, (ok, rated) in enumerate(answers)]
    assert streaks == [1, 1, 2, 2, 2, 3]
    assert progress.streak() == 3 and progress.best_streak() == 3


def test_an_old_file_gets_the_rated_column_with_every_attempt_rated(db_path: Path, clock):
    conn = sqlite3.connect(db_path)
    for statement in store.MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("INSERT INTO puzzles VALUES ('lg001', 1)")
    conn.execute("INSERT INTO attempts (at, puzzle_id, answer, correct, seconds, rating_before,"
                 " rating_after) VALUES ('2025-01-01T00:00:00.000000+00:00', 'lg001', 'x', 1, 2,"
                 " 1500, 1600)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with Progress(db_path, clock=clock) as record:
        assert record.notice is None
        assert [(a.puzzle_id, a.rated) for a in record.attempts()] == [("lg001", True)]
        assert record.streak() == 1
    assert user_version(db_path) == SCHEMA_VERSION


def test_the_rated_column_accepts_only_0_and_1(progress: Progress):
    progress.record_attempt(puzzle("lg001"), "x", True, 1)
    with pytest.raises(sqlite3.IntegrityError):
        progress._conn.execute("UPDATE attempts SET rated = 2")


def test_the_review_queue_says_what_is_due_and_when_the_rest_comes(progress: Progress, clock):
    assert progress.review_queue() == ReviewQueue(0, 0, None)
    progress.record_attempt(puzzle("lg001"), "x", False, 1)
    clock.advance(timedelta(minutes=4))
    progress.record_attempt(puzzle("lg002"), "x", False, 1)
    assert progress.review_queue() == ReviewQueue(0, 2, START + LADDER[0])
    clock.advance(timedelta(minutes=7))
    assert progress.review_queue() == ReviewQueue(1, 1, clock.now + timedelta(minutes=3))
    assert progress.now() == clock.now


# --- the review ladder -------------------------------------------------------------------------


def test_failed_puzzle_returns_when_due_and_leaves_after_the_ladder(progress: Progress, clock):
    p = puzzle("lg007")
    result = progress.record_attempt(p, "S6", False, 4)
    assert result.next_review == START + LADDER[0]
    assert progress.review_count() == 1
    assert progress.due_reviews() == []
    clock.advance(LADDER[0] - timedelta(seconds=1))
    assert progress.due_reviews() == []
    for rung, interval in enumerate(LADDER):
        clock.now = result.next_review if rung else START + interval
        assert progress.due_reviews() == ["lg007"], f"rung {rung}"
        result = progress.record_attempt(p, "HJ", True, 4)
        if rung + 1 < len(LADDER):
            assert result.next_review == clock.now + LADDER[rung + 1]
            assert progress.due_reviews() == []
    assert result.next_review is None
    assert progress.review_count() == 0
    clock.advance(timedelta(days=365))
    assert progress.due_reviews() == []


def test_a_wrong_review_starts_the_ladder_over(progress: Progress, clock):
    p = puzzle("wn010")
    progress.record_attempt(p, "0", False, 1)
    clock.advance(LADDER[0])
    progress.record_attempt(p, "1", True, 1)
    clock.advance(LADDER[1])
    result = progress.record_attempt(p, "0", False, 1)
    assert result.next_review == clock.now + LADDER[0]
    clock.advance(LADDER[0])
    assert progress.record_attempt(p, "1", True, 1).next_review == clock.now + LADDER[1]


def test_a_correct_answer_before_the_review_is_due_keeps_its_place(progress: Progress, clock):
    p = puzzle("lg003")
    failed = progress.record_attempt(p, "x", False, 1)
    clock.advance(timedelta(minutes=2))
    early = progress.record_attempt(p, "y", True, 1)
    assert early.next_review == failed.next_review
    assert progress.review_count() == 1


def test_due_reviews_come_oldest_first(progress: Progress, clock):
    for puzzle_id in ("lg002", "lg001", "lg003"):
        progress.record_attempt(puzzle(puzzle_id), "x", False, 1)
        clock.advance(timedelta(minutes=1))
    assert progress.due_reviews(START + timedelta(minutes=11)) == ["lg002", "lg001"]
    clock.advance(timedelta(hours=1))
    assert progress.due_reviews() == ["lg002", "lg001", "lg003"]
    assert progress.next_review_at() == START + LADDER[0]


# --- next for me -------------------------------------------------------------------------------


def themed_set() -> list[PuzzleRef]:
    """Eight easy puzzles, within reach of a fresh learner, four of theme a and four of b."""
    return ([puzzle(f"a{i}", "a", difficulty=1) for i in range(1, 5)]
            + [puzzle(f"b{i}", "b", difficulty=1) for i in range(1, 5)])


def test_next_for_me_prefers_due_reviews(progress: Progress, clock):
    puzzles = themed_set()
    progress.record_attempt(puzzles[4], "x", False, 1)  # b1, due first
    clock.advance(timedelta(minutes=1))
    progress.record_attempt(puzzles[0], "x", False, 1)  # a1
    clock.advance(timedelta(minutes=1))
    progress.record_attempt(puzzles[1], "x", True, 1)
    clock.advance(timedelta(minutes=30))
    for seed in range(20):
        assert progress.next_for_me(puzzles, random.Random(seed)) == "b1"
        assert progress.next_for_me(puzzles, random.Random(seed), mode="review") == "b1"
    assert progress.next_for_me(puzzles[:4], random.Random(0)) == "a1"  # b1 is not offered


def weak_a_strong_b(progress: Progress, clock: Clock) -> list[PuzzleRef]:
    """Theme a failed twice, theme b solved twice; no review due yet."""
    puzzles = themed_set()
    for p, ok in ((puzzles[0], False), (puzzles[4], True), (puzzles[1], False), (puzzles[5], True)):
        progress.record_attempt(p, "x", ok, 1)
        clock.advance(timedelta(minutes=1))
    return puzzles


def test_next_for_me_prefers_weak_themes(progress: Progress, clock):
    puzzles = weak_a_strong_b(progress, clock)
    weak = {progress.next_for_me(puzzles, random.Random(seed), mode="weak") for seed in range(50)}
    assert weak == {"a3", "a4"}  # a1, a2 wait in the review queue
    rng = random.Random(7)
    mixed = [progress.next_for_me(puzzles, rng) for _ in range(300)]
    assert sum(pick in ("a3", "a4") for pick in mixed) > 200


def test_next_for_me_mixes_in_new_puzzles(progress: Progress, clock):
    puzzles = weak_a_strong_b(progress, clock)
    rng = random.Random(11)
    picks = [progress.next_for_me(puzzles, rng) for _ in range(600)]
    from_strong_theme = sum(pick in ("b3", "b4") for pick in picks) / len(picks)
    assert 0.05 < from_strong_theme < 0.35  # new share 1/3, half of it theme b: about 1/6
    assert set(picks) <= {"a3", "a4", "b3", "b4"}
    assert progress.next_for_me(puzzles, random.Random(0), mode="new") in {"a3", "a4", "b3", "b4"}


def test_next_for_me_prefers_ratings_near_the_learners(progress: Progress):
    puzzles = [puzzle(f"d{d}-{i}", difficulty=d) for d in range(1, 6) for i in range(3)]
    picks = {progress.next_for_me(puzzles, random.Random(seed)) for seed in range(40)}
    assert picks == {"d1-0", "d1-1", "d1-2"}  # 1000, the learner's start: the easiest first


def test_next_for_me_is_reproducible_for_a_seed(progress: Progress, clock):
    puzzles = weak_a_strong_b(progress, clock)

    def run(seed: int) -> list[str | None]:
        rng = random.Random(seed)
        return [progress.next_for_me(puzzles, rng) for _ in range(30)]

    assert run(3) == run(3)
    assert any(run(3) != run(seed) for seed in range(4, 10))


def test_next_for_me_never_picks_the_puzzle_just_played(progress: Progress, clock):
    puzzles = [puzzle("lg001", "a"), puzzle("lg002", "b")]
    progress.record_attempt(puzzles[0], "x", True, 1)
    for seed in range(30):
        assert progress.next_for_me(puzzles, random.Random(seed)) == "lg002"
    assert progress.next_for_me(puzzles[:1], random.Random(0)) is None
    assert progress.next_for_me([], random.Random(0)) is None


def test_next_for_me_in_review_mode_waits_for_due_reviews(progress: Progress, clock):
    puzzles = themed_set()
    progress.record_attempt(puzzles[0], "x", False, 1)
    progress.record_attempt(puzzles[1], "x", True, 1)
    assert progress.next_for_me(puzzles, random.Random(0), mode="review") is None
    clock.advance(LADDER[0])
    assert progress.next_for_me(puzzles, random.Random(0), mode="review") == "a1"
    with pytest.raises(ValueError, match="mode"):
        progress.next_for_me(puzzles, random.Random(0), mode="hardest")


def test_next_for_me_offers_queued_puzzles_when_nothing_else_is_left(progress: Progress):
    puzzles = [puzzle("lg001"), puzzle("lg002"), puzzle("lg003")]
    for p in puzzles:
        progress.record_attempt(p, "x", False, 1)
    assert progress.next_for_me(puzzles, random.Random(0)) in {"lg001", "lg002"}


def test_a_weak_theme_does_not_pull_in_puzzles_out_of_reach(progress: Progress, clock):
    easy = [puzzle(f"e{i}", "easy", difficulty=1) for i in range(4)]
    hard = [puzzle(f"h{i}", "hard", difficulty=5) for i in range(3)]
    reachable = puzzle("m1", "hard", "easy", difficulty=1)
    progress.record_attempt(hard[0], "x", False, 1)  # "hard" is now the weakest theme
    clock.advance(timedelta(minutes=1))
    progress.record_attempt(easy[0], "x", True, 1)
    pool = [*easy, *hard, reachable]
    picks = {progress.next_for_me(pool, random.Random(seed), mode="weak") for seed in range(30)}
    assert picks == {"m1"}  # weakest theme, within reach; h1, h2 are 1000 points above


# --- what the course has opened ----------------------------------------------------------------


COURSE = [
    choose.LessonPlan("deck", 1, frozenset()),
    choose.LessonPlan("follow", 2, frozenset({("legal", "follow-suit")})),
    choose.LessonPlan("winner", 3, frozenset({("winner", "trump-in"), ("winner", "buur")})),
]


def test_nothing_is_open_before_a_lesson_that_prepares_puzzles_is_done():
    opening = choose.opening(COURSE, {"deck"})
    assert opening.empty and not opening.admits("legal", ["follow-suit"])
    assert choose.first_unlocking(COURSE, {"deck"}) == COURSE[1]
    assert choose.first_unlocking(COURSE, set()) == COURSE[1]


def test_a_puzzle_is_open_when_every_theme_is_prepared_for_its_kind():
    opening = choose.opening(COURSE, {"deck", "winner"})
    assert opening.admits("winner", ["trump-in", "buur"])
    assert not opening.admits("winner", ["trump-in", "nell"])  # nell: no lesson done
    assert not opening.admits("legal", ["buur"])  # buur is prepared for winner puzzles only
    assert choose.first_unlocking(COURSE, {"deck", "winner"}) == COURSE[1]


def test_every_puzzle_is_open_once_the_course_is_done():
    opening = choose.opening(COURSE, {"deck", "follow", "winner"})
    assert opening.everything and opening.admits("best", ["endgame"])
    assert choose.first_unlocking(COURSE, {"deck", "follow", "winner"}) is None
    assert choose.opening([], set()).everything  # puzzles without a course


def test_practise_takes_puzzles_with_one_of_the_lessons_pairs():
    pairs = COURSE[2].prepares
    assert choose.practises("winner", ["nell", "buur"], pairs)
    assert not choose.practises("legal", ["buur"], pairs)
    assert not choose.practises("winner", ["nell"], pairs)


# --- the file is never silently lost -----------------------------------------------------------


def real_database(path: Path, clock: Clock) -> bytes:
    with Progress(path, clock=clock) as record:
        for i in range(60):
            record.record_attempt(puzzle(f"lg{i:03}", "a", "b"), "HJ" * 20, i % 3 == 0, 2.0)
            record.record_exercise("01", i, True)
    return path.read_bytes()


def assert_moved_aside(record: Progress, db_path: Path, original: bytes) -> None:
    assert record.moved_to is not None and record.notice is not None
    assert record.moved_to.parent == db_path.parent
    assert DAMAGED_NAME.match(record.moved_to.name), record.moved_to.name
    assert record.moved_to.read_bytes() == original
    assert str(db_path) in record.notice and str(record.moved_to) in record.notice
    record.record_exercise("01", 0, True)  # the fresh file works
    assert record.exercises_done("01") == {0}
    assert user_version(db_path) == SCHEMA_VERSION


@pytest.mark.parametrize("damage", ["random bytes", "truncated", "half a page", "bad page"])
def test_a_corrupted_file_is_moved_aside_and_a_fresh_one_made(db_path, clock, damage):
    data = real_database(db_path, clock)
    damaged = {
        "random bytes": random.Random(1).randbytes(20_000),
        "truncated": data[: len(data) // 2],
        "half a page": data[:2000],
        "bad page": data[:8192] + random.Random(2).randbytes(4096) + data[12288:],
    }[damage]
    db_path.write_bytes(damaged)
    with Progress(db_path, clock=clock) as record:
        assert_moved_aside(record, db_path, damaged)
        assert record.attempts() == []


def test_a_newer_schema_is_moved_aside_not_downgraded(db_path, clock):
    real_database(db_path, clock)
    conn = sqlite3.connect(db_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    newer = db_path.read_bytes()
    with Progress(db_path, clock=clock) as record:
        assert_moved_aside(record, db_path, newer)
        assert "newer" in (record.notice or "")
    assert user_version(record.moved_to) == SCHEMA_VERSION + 1


def test_a_foreign_sqlite_file_is_moved_aside(db_path, clock):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE lessons (name TEXT)")
    conn.commit()
    conn.close()
    original = db_path.read_bytes()
    with Progress(db_path, clock=clock) as record:
        assert_moved_aside(record, db_path, original)


def test_journal_files_move_aside_with_their_database(db_path):
    """A journal left beside the fresh file would be replayed into it: it goes along."""
    db_path.write_bytes(b"not a database at all")
    for suffix in ("-journal", "-wal"):
        Path(f"{db_path}{suffix}").write_bytes(suffix.encode())
    moved = store.move_aside(db_path, START)
    assert DAMAGED_NAME.match(moved.name)
    assert sorted(p.name for p in db_path.parent.iterdir()) == sorted(
        [moved.name, f"{moved.name}-journal", f"{moved.name}-wal"]
    )
    assert Path(f"{moved}-journal").read_bytes() == b"-journal"


def test_two_damaged_files_in_the_same_second_keep_both(db_path, clock):
    moved = []
    for content in (b"first damaged file", b"second damaged file"):
        db_path.write_bytes(content)
        with Progress(db_path, clock=clock) as record:
            moved.append(record.moved_to)
    assert moved[0] != moved[1]
    assert [m.read_bytes() for m in moved] == [b"first damaged file", b"second damaged file"]


def test_a_file_busy_in_another_program_is_left_alone(db_path, clock, monkeypatch):
    real_database(db_path, clock)
    monkeypatch.setattr(store, "BUSY_TIMEOUT", 0.0)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with Progress(db_path, clock=clock) as record:
            assert record.moved_to is None and "in use" in (record.notice or "")
            record.record_exercise("01", 0, True)  # kept in memory for this session
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["progress.sqlite3"]
    with Progress(db_path, clock=clock) as record:
        assert record.notice is None and len(record.attempts()) == 60


def test_a_failed_write_leaves_nothing_behind(progress: Progress, db_path: Path):
    conn = sqlite3.connect(db_path, isolation_level=None)
    with pytest.raises(RuntimeError), store.transaction(conn):
        conn.execute("INSERT INTO lessons VALUES ('01', 'now')")
        raise RuntimeError("power cut")
    conn.close()
    assert progress.completed_lessons() == set()


def test_foreign_keys_are_enforced(progress: Progress):
    with pytest.raises(sqlite3.IntegrityError):
        progress._conn.execute(  # an attempt at a puzzle the record does not know
            "INSERT INTO attempts (at, puzzle_id, answer, correct, seconds, rating_before, "
            "rating_after) VALUES ('t', 'nope', 'x', 1, 1, 1500, 1500)"
        )


# --- where the file lives ----------------------------------------------------------------------


def test_jass_tutor_home_is_honoured(tmp_path, monkeypatch, clock):
    home = tmp_path / "portable" / "jass"
    monkeypatch.setenv("JASS_TUTOR_HOME", str(home))
    assert data_dir() == home and home.is_dir()
    with Progress(clock=clock) as record:
        record.complete_lesson("01")
    assert (home / "progress.sqlite3").is_file()


def test_without_jass_tutor_home_the_platform_folder_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv("JASS_TUTOR_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert data_dir() == tmp_path / "xdg" / "jass-tutor"


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {}, "/home/u/.local/share/jass-tutor"),
        ("linux", {"XDG_DATA_HOME": "/data"}, "/data/jass-tutor"),
        ("linux", {"XDG_DATA_HOME": "relative"}, "/home/u/.local/share/jass-tutor"),
        ("darwin", {}, "/home/u/Library/Application Support/Jass Tutor"),
        ("win32", {"APPDATA": "/roaming"}, "/roaming/Jass Tutor"),
        ("win32", {}, "/home/u/AppData/Roaming/Jass Tutor"),
    ],
)
def test_platform_data_folders(platform, env, expected):
    assert platform_data_dir(platform, env, Path("/home/u")).as_posix() == expected


# --- Glicko-2 ----------------------------------------------------------------------------------

ratings = st.builds(
    Rating,
    value=st.floats(600, 3000),
    deviation=st.floats(glicko.MIN_DEVIATION, glicko.MAX_DEVIATION),
    volatility=st.floats(0.03, glicko.MAX_VOLATILITY),
)


@given(ratings, ratings, st.booleans())
def test_rating_goes_up_on_a_correct_answer_and_down_on_a_wrong_one(learner, puzzle_, won):
    after, puzzle_after = glicko.play(learner, puzzle_, won=won)
    if won:
        assert after.value >= learner.value and puzzle_after.value <= puzzle_.value
    else:
        assert after.value <= learner.value and puzzle_after.value >= puzzle_.value
    if abs(learner.value - puzzle_.value) < 800:
        assert after.value != learner.value


@given(ratings, st.floats(-400, 400), st.booleans())
def test_deviation_shrinks_with_play(learner, gap, won):
    puzzle_ = Rating(learner.value + gap, glicko.PUZZLE_DEVIATION, 0.06)
    after, _ = glicko.play(learner, puzzle_, won=won)
    if learner.deviation >= 150:
        assert after.deviation < learner.deviation


@given(st.lists(st.tuples(st.integers(1, 5), st.booleans()), min_size=1, max_size=200))
def test_ratings_stay_finite_and_in_bounds(games):
    learner = Rating.initial()
    for difficulty, won in games:
        learner, puzzle_after = glicko.play(learner, Rating.for_difficulty(difficulty), won=won)
        for r in (learner, puzzle_after):
            assert all(math.isfinite(x) for x in (r.value, r.deviation, r.volatility))
            assert glicko.MIN_RATING <= r.value <= glicko.MAX_RATING
            assert glicko.MIN_DEVIATION <= r.deviation <= glicko.MAX_DEVIATION
            assert 0 < r.volatility <= glicko.MAX_VOLATILITY
    if len(games) >= 20:
        assert learner.deviation < 200


@given(ratings, ratings, st.booleans())
def test_ratings_are_deterministic(learner, puzzle_, won):
    assert glicko.play(learner, puzzle_, won=won) == glicko.play(learner, puzzle_, won=won)


@pytest.mark.parametrize("name", ["glicko", "schedule", "choose", "paths"])  # those with examples
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(f"tutor.progress.{name}"))
    assert result.attempted > 0, f"tutor.progress.{name} has no example left: take it off the list"
    assert result.failed == 0


def test_progress_imports_no_qt():
    imports = re.compile(r"^\s*(?:from|import)\s+(\S+)", re.MULTILINE)
    for path in Path(store.__file__).parent.glob("*.py"):
        for module in imports.findall(path.read_text()):
            assert not module.startswith(("PySide", "shiboken", "tutor.ui")), (path, module)
