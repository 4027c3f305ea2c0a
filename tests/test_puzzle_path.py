"""A fresh learner's first puzzles, with the real lessons and puzzles: "Next for me" follows the
lessons done and starts with the easiest (issue 14, "Puzzles follow the learner").

``pytest -s tests/test_puzzle_path.py`` prints each simulated learner's first ten puzzles.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tutor.content import Content, Puzzle
from tutor.progress import Progress, PuzzleRef, choose

LEARNERS = 30
FIRST = 10
LESSONS_DONE = range(1, 10)  # the lessons numbered 1 to 9
#: A simulated learner answers right with a probability of its own (drawn once, seeded) for a
#: difficulty-1 puzzle, less for harder ones.
SKILL = (0.55, 0.95)
PER_LEVEL = 0.1


def plans(content: Content) -> list[choose.LessonPlan]:
    return [choose.LessonPlan(lesson.id, lesson.number,
                              frozenset((kind.value, theme) for kind, theme in lesson.prepares))
            for lesson in content.lessons]


def ref(puzzle: Puzzle) -> PuzzleRef:
    return PuzzleRef(puzzle.id, puzzle.themes, puzzle.difficulty)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def first_puzzles(content: Content, done: set[str], seed: int, path: Path) -> list[Puzzle]:
    """The first ``FIRST`` puzzles "Next for me" gives a fresh learner who has done ``done``,
    answering as a seeded learner would, a minute apart (as the Puzzles page offers them)."""
    opening = choose.opening(plans(content), done)
    pool = [p for p in content.puzzles if opening.admits(p.kind.value, p.themes)]
    by_id = {p.id: p for p in pool}
    rng, answers, clock = random.Random(seed), random.Random(10_000 + seed), Clock()
    skill = answers.uniform(*SKILL)
    served: list[Puzzle] = []
    with Progress(path, clock=clock) as record:
        for _ in range(FIRST):
            chosen = record.next_for_me([ref(p) for p in pool], rng)
            assert chosen is not None
            puzzle = by_id[chosen]
            right = answers.random() < skill - PER_LEVEL * (puzzle.difficulty - 1)
            record.record_attempt(ref(puzzle), "simulated", right, 20.0)
            served.append(puzzle)
            clock.now += timedelta(minutes=1)
    return served


def test_fresh_learners_after_lessons_1_to_9_get_easy_puzzles_of_the_lessons_done(
    content: Content, tmp_path: Path
):
    done_lessons = [lesson for lesson in content.lessons if lesson.number in LESSONS_DONE]
    assert [lesson.number for lesson in done_lessons] == list(LESSONS_DONE)
    done = {lesson.id for lesson in done_lessons}
    prepared = {(kind.value, theme) for lesson in done_lessons for kind, theme in lesson.prepares}
    kinds_done = {kind for kind, _theme in prepared}
    levels: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    firsts: Counter[str] = Counter()
    print(f"\nfirst {FIRST} puzzles of {LEARNERS} fresh learners who did lessons 1-9 "
          "(kind:difficulty)")
    for seed in range(LEARNERS):
        served = first_puzzles(content, done, seed, tmp_path / f"learner{seed}.sqlite3")
        print(f"learner {seed + 1:2}: " + " ".join(f"{p.kind.value}:{p.difficulty}"
                                                   for p in served))
        levels.update(p.difficulty for p in served)
        kinds.update(p.kind.value for p in served)
        firsts[served[0].kind.value] += 1
        for puzzle in served:
            assert puzzle.difficulty <= 2, (seed, puzzle.id, puzzle.difficulty)
            assert puzzle.kind.value in kinds_done, (seed, puzzle.id)
            assert all((puzzle.kind.value, theme) in prepared for theme in puzzle.themes), (
                seed, puzzle.id, puzzle.themes)
    print("difficulties:", dict(sorted(levels.items())), "kinds:", dict(sorted(kinds.items())),
          "first puzzle's kind:", dict(sorted(firsts.items())))
    assert sum(levels.values()) == LEARNERS * FIRST
    assert len(kinds) >= 2  # both kinds the lessons opened (legal cards, trick winner) come up


def test_before_any_puzzle_lesson_nothing_is_served_and_the_lesson_to_do_is_named(
    content: Content,
):
    early = {lesson.id for lesson in content.lessons if lesson.number <= 4}
    assert choose.opening(plans(content), early).empty
    unlocking = choose.first_unlocking(plans(content), early)
    assert unlocking is not None and unlocking.prepares
    assert unlocking.number == min(lesson.number for lesson in content.lessons
                                   if lesson.prepares and lesson.id not in early)


def test_once_the_course_is_done_every_puzzle_is_open(content: Content):
    everything = {lesson.id for lesson in content.lessons}
    opening = choose.opening(plans(content), everything)
    assert all(opening.admits(p.kind.value, p.themes) for p in content.puzzles)
