"""How a lesson is cut into screens for ``tutor.ui.pages.lesson.LessonView``: each step's text
with its figure, once per exercise of the step (or once when it has none), and whether an
exercise draws the step's figure itself."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.content import Figure, Lesson
from tutor.content.tasks import Task
from tutor.ui.widgets.answers import answer_for


@dataclass(frozen=True)
class Screen:
    """One screen of a lesson: a step, and one of its exercises or none; or the lesson's end."""

    step: int
    exercise: int | None  # index among the lesson's exercises, counted over all steps
    end: bool = False


def screens_of(lesson: Lesson) -> list[Screen]:
    """The screens of ``lesson`` in order (a step with exercises shows the text on each); the
    completion screen is not among them (``LessonView`` adds it)."""
    screens: list[Screen] = []
    count = 0
    for index, step in enumerate(lesson.steps):
        if not step.exercises:
            screens.append(Screen(index, None))
        for _exercise in step.exercises:
            screens.append(Screen(index, count))
            count += 1
    return screens


def number_in_step(screens: list[Screen], screen: Screen) -> int:
    """The exercise of ``screen`` counted within its step, from 1 ("Exercise 2")."""
    same = [s for s in screens if s.step == screen.step and s.exercise is not None]
    return same.index(screen) + 1


def exercise_draws_figure(figure: Figure, task: Task) -> bool:
    """Whether the exercise draws exactly the figure's position (trump, hand, trick and its
    leader), so the figure is not drawn a second time above it. A figure with marks the
    exercise does not draw (legal outlines) is always drawn."""
    if figure.legal is not None:
        return False
    return answer_for(task).draws_figure(figure, task)
