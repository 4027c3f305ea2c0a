"""What the completion screen of a lesson says (``tutor.ui.pages.lesson.LessonView``): how the
session went, which lesson *Continue* opens, what is left of the course, and whether the guided
first game is offered."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from tutor.content import Lesson
from tutor.i18n import _, ngettext

#: The guided first game is offered on the completion screen of this lesson and those after it.
GUIDED_GAME_AFTER = "who-wins-a-trick"


def is_complete(lesson: Lesson, done: Collection[int]) -> bool:
    """Whether every exercise of ``lesson`` has been answered right (``done``: their indexes)."""
    return len(done) >= len(lesson.exercises)


def ending_texts(lesson: Lesson, done: Collection[int], answers: Mapping[int, bool],
                 earlier: Collection[int]) -> tuple[str, str]:
    """The completion screen's heading and message, from what this session saw: ``answers``,
    its first answer to each exercise (right or not); ``earlier``, the exercises done before
    it."""
    total = len(lesson.exercises)
    answered, right = len(answers), sum(answers.values())
    complete = is_complete(lesson, done)
    lines: list[str] = []
    if complete:
        heading = "✓ " + _("Lesson complete")
        if len(earlier) >= total:
            lines.append(_("You completed this lesson in an earlier session."))
    else:
        heading = _("End of the lesson")
    if complete and answered == total and right == 0:  # what was achieved, not "0 of 5"
        lines.append(ngettext("You worked the exercise out on a second try.",
                              "You worked every exercise out, each on a second try or later.",
                              total))
    elif answered == total:
        lines.append(ngettext("Right at the first try: {right} of {total} exercise.",
                              "Right at the first try: {right} of {total} exercises.",
                              total).format(right=right, total=total))
    elif answered:
        lines.append(ngettext(
            "In this session you answered {answered} of the {total} exercise, {right} of "
            "them right at the first try.",
            "In this session you answered {answered} of the {total} exercises, {right} of "
            "them right at the first try.", total).format(
                answered=answered, total=total, right=right))
    if complete and 0 < len(earlier) < total:
        lines.append(ngettext("{count} exercise was done in an earlier session.",
                              "{count} exercises were done in an earlier session.",
                              len(earlier)).format(count=len(earlier)))
    if not complete:
        left = total - len(done)
        lines.append(ngettext(
            "{left} of {total} exercises is still open: the lesson is complete once every "
            "exercise has been answered right.",
            "{left} of {total} exercises are still open: the lesson is complete once every "
            "exercise has been answered right.", left).format(left=left, total=total))
    return heading, " ".join(lines)


def next_lesson(lesson: Lesson, course: list[Lesson], completed: Collection[str],
                complete: bool) -> tuple[Lesson | None, str]:
    """The lesson *Continue* opens after ``lesson`` (``complete`` or not) in ``course`` (every
    lesson; ``completed``: the ids of those done), and the sentence about the course (on the
    last lesson)."""
    if not course:
        return None, ""
    later = [other for other in course if other.number > lesson.number]
    if later:
        return later[0], ""
    done = set(completed) | ({lesson.id} if complete else set())
    open_lessons = [other for other in course if other.id not in done]
    if not open_lessons:
        return None, _("That was the last lesson: you have completed the whole course.")
    return open_lessons[0], ngettext(
        "That was the last lesson of the course; {count} lesson is not complete yet.",
        "That was the last lesson of the course; {count} lessons are not complete yet.",
        len(open_lessons)).format(count=len(open_lessons))


def offers_guided_game(lesson: Lesson, course: list[Lesson]) -> bool:
    """After the first lessons (up to who wins a trick), the guided game is offered."""
    first = next((x for x in course if x.id == GUIDED_GAME_AFTER), None)
    return first is not None and lesson.number >= first.number
