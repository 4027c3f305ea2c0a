"""What the completion screen of a lesson says (``tutor.ui.pages.lesson.LessonView``): how the
session went, which lesson *Continue* opens, what is left of the course, and whether the guided
first game is offered; all of it as a result card (``lesson_card``, drawn by
``tutor.ui.widgets.result_card``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from tutor.content import Lesson
from tutor.i18n import _, ngettext
from tutor.refs import content_plain
from tutor.result import Figure, ResultCard, Step

#: The actions of the completion's next steps (``tutor.result.Step``).
OPEN_EXERCISE, CONTINUE, PRACTISE, GUIDED = "open-exercise", "continue", "practise", "guided"

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
    elif answered and right == 0:  # what was done, not "0 of them right at the first try"
        lines.append(ngettext(
            "In this session you worked on {answered} of the {total} exercise.",
            "In this session you worked on {answered} of the {total} exercises.",
            total).format(answered=answered, total=total))
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


def lesson_card(lesson: Lesson, done: Collection[int], answers: Mapping[int, bool],
                earlier: Collection[int], course: list[Lesson],
                completed: Collection[str]) -> tuple[ResultCard, Lesson | None]:
    """The completion screen as a result card, and the lesson *Continue* opens: the heading
    and message of ``ending_texts``, what was achieved, the exercises done, and the next step —
    the first open exercise of a lesson not complete, else the next lesson (practice and the
    guided game beside it only when the lesson offers them)."""
    complete = is_complete(lesson, done)
    heading, message = ending_texts(lesson, done, answers, earlier)
    title = content_plain(lesson.title, lesson.id)
    if complete:
        achieved = _("You have completed lesson {number}, “{title}”.").format(
            number=lesson.number, title=title)
    else:
        achieved = ngettext("Lesson {number}, “{title}”: you have {done} exercise right so far.",
                            "Lesson {number}, “{title}”: you have {done} exercises right so "
                            "far.", len(done)).format(number=lesson.number, title=title,
                                                       done=len(done))
    total = len(lesson.exercises)
    figures = (Figure(_("Exercises done"), _("{done} of {total}").format(
        done=min(len(done), total), total=total)),) if total else ()
    following, course_text = next_lesson(lesson, course, completed, complete)
    steps: list[Step] = []
    if not complete:
        steps.append(Step(OPEN_EXERCISE, _("Go to the first open exercise")))
    if following is not None:
        steps.append(Step(CONTINUE, _("Continue to lesson {number}").format(
            number=following.number), target=following.id,
            detail=_("Next: {title}").format(title=content_plain(following.title,
                                                                 following.id))))
    if lesson.prepares:
        steps.append(Step(PRACTISE, _("Practise this lesson's puzzles"),
                          detail=_("Puzzles on what this lesson taught, on the Puzzles page")))
    if offers_guided_game(lesson, course):
        steps.append(Step(GUIDED, _("Play a guided first game"), detail=_(
            "A short game against the bots: before each of your decisions the coach says "
            "what the rules allow, and after each trick who took it and why.")))
    note = " ".join(part for part in (message, course_text) if part)
    card = ResultCard(heading, achieved, figures, note=note,
                      primary=steps[0] if steps else None, secondary=tuple(steps[1:]))
    return card, following
