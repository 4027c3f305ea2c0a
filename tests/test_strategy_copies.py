"""A strategy puzzle is a position of its own: none asks again the question of a lesson
exercise (issue 33: 29 puzzles were copies of the strategy course's exercises, so a learner
met the same hand twice and was rated on an answer the lesson had just shown)."""

from __future__ import annotations

import dataclasses

from engine import Card, CardSet, Trump
from tutor.content import Content
from tutor.content.loader import Exercise, Lesson, Puzzle
from tutor.content.tasks import StrategyTask

#: What the learner is asked: their hand and the situation (who chose, chibre, trump, the cards
#: played, the points needed). The hidden hands are left out: a puzzle that deals them anew
#: around the same hand and play asks the same question.
Question = tuple[CardSet, int, bool, Trump | None, tuple[Card, ...], int | None]


def question(task: StrategyTask) -> Question:
    return (task.deal[0], task.chooser, task.chibred, task.trump, task.played, task.need)


def copies(content: Content) -> list[str]:
    """Each strategy puzzle that asks a lesson exercise's question, naming both."""
    asked: dict[Question, str] = {}
    for lesson in content.lessons:
        for number, exercise in enumerate(lesson.exercises, 1):
            if isinstance(exercise.task, StrategyTask):
                asked.setdefault(question(exercise.task),
                                 f"lesson {lesson.number} ({lesson.id}) exercise {number}")
    return [f"puzzle {puzzle.id} is the same position as {asked[question(puzzle.task)]}"
            for puzzle in content.puzzles if isinstance(puzzle.task, StrategyTask)
            and question(puzzle.task) in asked]


def test_no_strategy_puzzle_copies_a_lesson_exercise(content: Content) -> None:
    assert copies(content) == []


def test_a_copy_is_named_with_both_ids(content: Content) -> None:
    lesson: Lesson = next(lesson for lesson in content.lessons
                          if any(isinstance(e.task, StrategyTask) for e in lesson.exercises))
    number, exercise = next((n, e) for n, e in enumerate(lesson.exercises, 1)
                            if isinstance(e.task, StrategyTask))
    assert isinstance(exercise, Exercise) and isinstance(exercise.task, StrategyTask)
    puzzle: Puzzle = next(p for p in content.puzzles if isinstance(p.task, StrategyTask))
    copied = dataclasses.replace(puzzle, id="sg999", task=exercise.task)
    planted = Content(lessons=content.lessons, puzzles=[*content.puzzles, copied])
    assert copies(planted) == [f"puzzle sg999 is the same position as lesson {lesson.number} "
                               f"({lesson.id}) exercise {number}"]
