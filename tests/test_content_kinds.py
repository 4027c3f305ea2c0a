"""The registry of content kinds: every kind is handled by every dispatch, none falls into a
default, and the two YAML vocabularies (lessons, puzzles) name the same entries.

``SAMPLES`` holds one small position of each kind as it is written in YAML: a kind added to
the registry without a sample here fails ``test_every_kind_has_a_sample``; with one, every test
below runs it through reading, solving, checking, explaining, the stored answer and, for a
puzzle kind, difficulty, generator and YAML.
"""

from __future__ import annotations

import random
import textwrap
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml

from tutor.content import Kind, load_content
from tutor.content.kinds import (
    KINDS,
    LESSON_KINDS,
    PUZZLE_KINDS,
    KindSpec,
    check_registry,
    estimate_difficulty,
    explain,
    in_task_order,
    puzzle_kind,
    shows_cards,
    solve,
    spec_of,
)
from tutor.content.reader import Reader
from tutor.content.source import parse_yaml
from tutor.content.tasks import Solution, Task
from tutor.content.themes import THEMES_BY_KEY, applies
from tutor.refs import problems as ref_problems

#: One position of each kind, with its stored answer and (for a puzzle kind) a theme that
#: applies to it.
SAMPLES: dict[str, tuple[str, str | None]] = {
    "legal": ("""
        trump: H
        hand: "SA S7 HK D6"
        trick: "SK"
        answer: "SA S7 HK"
        """, "follow-suit"),
    "winner": ("""
        trump: H
        trick: "SK SA H6 S9"
        answer: H6
        """, "trump-in"),
    "weis": ("""
        trump: H
        players: ["H6 H7 H8", "", "SJ CJ DJ HJ", ""]
        answer: 2
        """, "four-of-a-kind"),
    "points": ("""
        trump: H
        tricks: ["SA ST SK S6"]
        last: true
        answer: 30
        """, "last-trick"),
    "slate": ("""
        points: 257
        answer: [2, 1, 0, 7]
        """, None),
    "choice": ("""
        prompt: How many cards does each player hold at the start of a round?
        options: ["Eight", "Nine", "Twelve"]
        answer: 1
        """, None),
    "best": ("""
        trump: H
        hands: ["HJ SA", "H6 S7", "SK D6", "C6 C7"]
        trick: ""
        leader: 0
        answer: HJ
        """, "trump-control"),
    "marks": ("""
        points: [100, 20, 17]
        answer: [2, -1, -1]
        """, "more-apples"),
    "aside": ("""
        hand: "C6 C7 C8 D6 D7 D8 S6 S7 DQ"
        top: HA
        answer: take
        """, None),
    "strategy": ("""
        deal: ["H6 D8 D9 C9 CT S6 S7 S8 SA", "D6 C7 C8 CK CA S9 ST SQ SK",
               "HT HJ HK D7 DK DA C6 CQ SJ", "H7 H8 H9 HQ HA DT DJ DQ CJ"]
        chooser: 1
        trump: S
        played: "CA SJ CJ CT DA DJ D8 SQ S9 C6 DT S6 CK CQ H7 S7 C9 SK D7 HA D6 DK DQ D9 HK H8
          SA C7"
        answer: H6
        """, "last-tricks"),
}


def sample(spec: KindSpec[Any, Any]) -> dict[str, Any]:
    data = yaml.safe_load(textwrap.dedent(SAMPLES[spec.name][0]))
    assert isinstance(data, dict)
    return data


def read(spec: KindSpec[Any, Any], data: dict[str, Any]) -> tuple[Task, Reader]:
    source = parse_yaml(yaml.safe_dump(data), Path("sample.yaml"), "sample.yaml")
    r = Reader(source, spec.name, puzzle=spec.puzzle is not None)
    task = spec.read(r, source.data, (), frozenset({"answer"}))
    assert r.problems == []
    assert task is not None
    return task, r


def solved(spec: KindSpec[Any, Any]) -> tuple[Task, Solution]:
    task, _r = read(spec, sample(spec))
    return task, solve(task)


BY_NAME = pytest.mark.parametrize("spec", KINDS, ids=[spec.name for spec in KINDS])
PUZZLES_BY_NAME = pytest.mark.parametrize("spec", PUZZLE_KINDS,
                                          ids=[spec.name for spec in PUZZLE_KINDS])


def test_every_task_and_solution_type_has_exactly_one_entry() -> None:
    assert sorted(spec.task.__name__ for spec in KINDS) == sorted(
        t.__name__ for t in typing.get_args(Task))
    assert sorted(spec.solution.__name__ for spec in KINDS) == sorted(
        s.__name__ for s in typing.get_args(Solution))
    assert len({spec.name for spec in KINDS}) == len(KINDS)


def test_the_registry_finds_one_module_per_kind_in_the_order_of_the_task_union() -> None:
    assert check_registry() == []
    assert [spec.name for spec in KINDS] == ["legal", "winner", "weis", "points", "slate",
                                             "choice", "best", "marks", "aside", "strategy"]


def test_a_task_type_without_its_kind_module_or_with_two_is_refused() -> None:
    with pytest.raises(TypeError, match="StrategyTask"):
        in_task_order(list(KINDS[:-1]))
    with pytest.raises(TypeError):
        in_task_order([*KINDS, KINDS[0]])


def test_every_kind_has_a_sample() -> None:
    assert set(SAMPLES) == {spec.name for spec in KINDS}
    for spec in KINDS:
        assert (SAMPLES[spec.name][1] is None) == (spec.puzzle is None), spec.name


def test_the_lesson_and_puzzle_names_are_fields_of_one_entry() -> None:
    """``pick_legal`` in a lesson and ``legal`` in a puzzle file are one kind, one entry."""
    assert list(LESSON_KINDS) == ["pick_legal", "pick_winner", "pick_weis", "count_points",
                                  "slate", "choice", "count_marks", "take_aside", "best_play"]
    assert LESSON_KINDS["pick_legal"] is puzzle_kind(Kind.LEGAL)
    assert [spec.as_puzzle().kind for spec in PUZZLE_KINDS] == list(Kind)
    for kind in Kind:
        assert puzzle_kind(kind).as_puzzle().kind is kind
    prefixes = [spec.as_puzzle().prefix for spec in PUZZLE_KINDS]
    assert prefixes == ["lg", "wn", "ws", "pt", "bs", "mk", "sg"]
    every = [spec for spec in KINDS if spec.lesson is not None or spec.puzzle is not None]
    assert every == list(KINDS)  # no kind is in neither vocabulary


@BY_NAME
def test_each_kind_is_read_solved_checked_and_explained(spec: KindSpec[Any, Any]) -> None:
    data = sample(spec)
    task, r = read(spec, data)
    assert isinstance(task, spec.task)
    assert spec_of(task) is spec
    solution = solve(task)
    assert isinstance(solution, spec.solution)
    assert spec.check(r, (), solution) and r.problems == []
    lines = explain(task, solution)
    assert lines and all(isinstance(line, str) and line for line in lines)
    assert [p for line in lines for p in ref_problems(line)] == []
    assert shows_cards(task) is spec.shows_cards
    if spec.answer is not None:  # the stored answer reads as the engine's
        ok, stored = spec.answer(r, data["answer"], ("answer",))
        assert ok and stored == solution.answer
    else:  # the authored answer is the task's own
        assert solution.answer == data["answer"]


@BY_NAME
def test_a_task_of_another_kind_raises_instead_of_falling_into_a_default(
        spec: KindSpec[Any, Any]) -> None:
    other = next(s for s in KINDS if s is not spec)
    task, solution = solved(other)
    with pytest.raises(TypeError, match=spec.name):
        spec.solve(task)
    with pytest.raises(TypeError, match=spec.name):
        spec.explain(task, solution)
    with pytest.raises(TypeError, match=spec.name):
        spec.check(Reader(parse_yaml("{}", Path("x"), "x"), "x"), (), solution)


@PUZZLES_BY_NAME
def test_each_puzzle_kind_has_its_difficulty_generator_and_yaml(
        spec: KindSpec[Any, Any]) -> None:
    kind = spec.as_puzzle().kind
    task, solution = solved(spec)
    assert 1 <= estimate_difficulty(kind, task, solution) <= 5
    theme = SAMPLES[spec.name][1]
    assert theme is not None and applies(THEMES_BY_KEY[theme], kind, task, solution)
    # The generator's YAML of the sample reads back as the same position and answer
    lines = spec.yaml(task, solution)
    data = yaml.safe_load("\n".join(line[2:] for line in lines))
    again, r = read(spec, data)
    assert again == task
    assert spec.answer is not None
    assert spec.answer(r, data["answer"], ("answer",)) == (True, solution.answer)
    assert spec.keeps(solution) in (True, False)
    drawn = next(spec.positions(random.Random(1), theme))
    assert spec_of(drawn) is spec


def test_every_kind_loads_from_a_lesson_or_a_puzzle_file(tmp_path: Path) -> None:
    """The loader's dispatch: one lesson with an exercise of each lesson kind, and one puzzle
    file of each puzzle kind, load without a problem."""
    exercises = []
    for name, spec in LESSON_KINDS.items():
        exercises.append({"kind": name, **sample(spec)})
    lesson = {"id": "sample", "title": "A sample lesson", "rules": ["R-FOLLOW"],
              "sources": ["000_eff31e455dd8c5c0.txt"],
              "steps": [{"text": "Practice.", "exercises": exercises}],
              "puzzles": {spec.as_puzzle().kind.value: [SAMPLES[spec.name][1]]
                          for spec in PUZZLE_KINDS}}
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01-sample.yaml").write_text(yaml.safe_dump(lesson),
                                                         encoding="utf-8")
    (tmp_path / "puzzles").mkdir()
    for spec in PUZZLE_KINDS:
        kind = spec.as_puzzle().kind
        task, solution = solved(spec)
        puzzle = {"id": f"{spec.as_puzzle().prefix}001", "kind": kind.value,
                  "themes": [SAMPLES[spec.name][1]],
                  "difficulty": estimate_difficulty(kind, task, solution), **sample(spec)}
        (tmp_path / "puzzles" / f"{kind.value}.yaml").write_text(yaml.safe_dump([puzzle]),
                                                                 encoding="utf-8")
    content = load_content(tmp_path)
    assert content.problems == []
    [loaded] = content.lessons
    assert [e.kind for e in loaded.exercises] == list(LESSON_KINDS)
    assert [type(e.task) for e in loaded.exercises] == [s.task for s in LESSON_KINDS.values()]
    assert sorted(p.kind.value for p in content.puzzles) == sorted(k.value for k in Kind)
