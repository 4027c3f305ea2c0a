"""A learner's record made by answering real lessons and puzzles over several days: for the
Progress page's tests and screenshots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from tutor.content import Lesson, Puzzle
from tutor.progress import Progress, PuzzleRef

TODAY = datetime(2026, 11, 21, 15, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = TODAY) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def finish_lesson(progress: Progress, lesson: Lesson, upto: int | None = None) -> None:
    """Answer the lesson's exercises right (the first ``upto`` of them), completing it if all."""
    exercises = len(lesson.exercises)
    for index in range(exercises if upto is None else upto):
        progress.record_exercise(lesson.id, index, True)
    if upto is None or upto >= exercises:
        progress.complete_lesson(lesson.id)


def prepare(progress: Progress, clock: Clock, lessons: Sequence[Lesson],
            puzzles: Sequence[Puzzle], *, seed: int = 1) -> None:
    """Six lessons done and a seventh begun, and 40 puzzle answers (about 70 % right) over the
    days 6, 4, 3, 2 and 1 before ``clock.now`` and today: 5 days in a row."""
    rng = random.Random(seed)
    today = clock.now
    days = [today - timedelta(days=n) for n in (6, 4, 3, 2, 1, 0)]
    per_day = [6, 8, 7, 9, 6, 4]
    lesson_days = {0: lessons[0:2], 1: lessons[2:4], 3: lessons[4:6]}
    pool = sorted(puzzles, key=lambda p: (p.difficulty, p.id))[:120]
    for number, (day, count) in enumerate(zip(days, per_day, strict=True)):
        clock.now = day.replace(hour=9)
        for lesson in lesson_days.get(number, ()):
            finish_lesson(progress, lesson)
            clock.now += timedelta(minutes=7)
        for _ in range(count):
            puzzle = rng.choice(pool)
            right = rng.random() < 0.7
            progress.record_attempt(PuzzleRef(puzzle.id, puzzle.themes, puzzle.difficulty),
                                    "answer", right, rng.uniform(5, 40))
            clock.now += timedelta(minutes=3)
    if len(lessons) > 6:
        clock.now = today.replace(hour=8)
        finish_lesson(progress, lessons[6], upto=2)
    clock.now = today
