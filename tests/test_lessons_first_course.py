"""Lessons 1 to 9 (the first course): their prose follows the deck and the table in force."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from engine import Rules
from tests.shipped import shipped_content
from tutor import refs
from tutor.content import Lesson
from tutor.content.tasks import ChoiceTask

FIRST_COURSE = range(1, 10)


@cache
def lessons() -> list[Lesson]:
    found = [lesson for lesson in shipped_content().lessons if lesson.number in FIRST_COURSE]
    assert sorted(lesson.number for lesson in found) == list(FIRST_COURSE)
    return found


def prose(lesson: Lesson) -> Iterator[tuple[str, str]]:
    """Every text of ``lesson`` a learner reads, with where it is."""
    yield "title", lesson.title
    for i, step in enumerate(lesson.steps):
        yield f"steps[{i}].text", step.text
        for j, exercise in enumerate(step.exercises):
            where = f"steps[{i}].exercises[{j}]"
            for name, text in (("prompt", exercise.prompt), ("hint", exercise.hint)):
                if text:
                    yield f"{where}.{name}", text
            if isinstance(exercise.task, ChoiceTask):
                for k, option in enumerate(exercise.task.options):
                    yield f"{where}.options[{k}]", option


def test_first_lessons_name_no_suit_or_rank_in_words() -> None:
    found = {f"{lesson.path} {where}": words for lesson in lessons()
             for where, text in prose(lesson) if (words := refs.suit_rank_words(text))}
    assert found == {}


def test_first_lessons_name_table_options_only_by_reference() -> None:
    codes = sorted(set(Rules.__dataclass_fields__) - {"profile", "target"})
    bare = re.compile(r"\b(" + "|".join(codes) + r")\b")
    found = {f"{lesson.path} {where}": bare.findall(refs.REF.sub(" ", text))
             for lesson in lessons() for where, text in prose(lesson)
             if bare.search(refs.REF.sub(" ", text))}
    assert found == {}
