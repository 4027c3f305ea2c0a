"""The registry of content kinds: one module for each kind of exercise and puzzle (no Qt).

Each kind lives in one module, ``tutor.content.kinds.<kind>``: how it is read, solved by the
engine, checked beyond that, explained after an answer, and, for a puzzle kind, its difficulty
steps, random candidate positions and YAML. The module ends with its entry, ``SPEC``
(``KindSpec``, ``tutor.content.kinds.base``), which says:

- its names in YAML: ``lesson``, the ``kind:`` of a lesson's exercise (``pick_legal``), and for a
  kind that is also a puzzle, ``puzzle.kind`` (``Kind.LEGAL``: ``kind: legal`` in
  ``puzzles/legal.yaml``); ``None`` where the kind is not used there;
- its ``task`` and ``solution`` types (``tutor.content.tasks``, one place for every kind's types:
  ``tutor.content.strategy`` and ``tutor.content.themes`` read them below this package);
- how it is read (``reader``; ``answer``, how a stored ``answer:`` is read, ``None`` when the
  answer is part of the task), solved (``solver``), checked beyond that (``checker``), explained
  (``explainer``), and whether it draws cards (``shows_cards``: a step whose text points at a
  picture needs one);
- for a puzzle kind (``PuzzleSpec``): its id prefix, how many puzzles the set needs at least,
  its difficulty steps, and the random positions and YAML of the candidate generator.

This registry finds the modules of the package itself and orders them as the ``Task`` union
does (the order the checker and the format list them); ``spec_of(task)`` and
``puzzle_kind(kind)`` are the dispatch. ``check_registry`` (run at import, and by
``tests/test_content_kinds.py``) fails when a member of ``Task`` or of ``Kind`` has no entry,
or two, or an entry takes another kind's types. Nothing falls into a default: a task handed to
the wrong entry raises ``TypeError``.

Adding a kind touches three files (``docs/content-format.md``, "Adding a kind"): its task and
solution types in ``tutor/content/tasks.py`` (with their place in ``Task`` and ``Solution``),
its module here, and its answer widget, ``tutor/ui/widgets/answers/<kind>.py``.
"""

from __future__ import annotations

import importlib
import pkgutil
import typing
from typing import Any

from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.tasks import Solution, Task
from tutor.content.themes import Kind

#: The modules of this package that are no kind.
NOT_KINDS = frozenset({"base"})


def _found() -> list[KindSpec[Any, Any]]:
    """The ``SPEC`` of every kind module of this package."""
    specs = []
    for module in pkgutil.iter_modules(__path__):
        if module.name not in NOT_KINDS:
            spec = importlib.import_module(f"{__name__}.{module.name}").SPEC
            if not isinstance(spec, KindSpec) or spec.name != module.name:
                raise TypeError(f"{__name__}.{module.name}.SPEC is no KindSpec named so")
            specs.append(spec)
    return specs


def in_task_order(specs: list[KindSpec[Any, Any]]) -> tuple[KindSpec[Any, Any], ...]:
    """``specs`` in the order of the ``Task`` union, one for each of its members."""
    members = typing.get_args(Task)
    by_task = {spec.task: spec for spec in specs}
    missing = [task.__name__ for task in members if task not in by_task]
    if missing or len(by_task) != len(specs) or len(specs) != len(members):
        raise TypeError(f"a kind module for each task type, once: missing {missing}")
    return tuple(by_task[task] for task in members)


#: Every kind, in the order the checker and the format list them.
KINDS: tuple[KindSpec[Any, Any], ...] = in_task_order(_found())
_BY_TASK: dict[type, KindSpec[Any, Any]] = {spec.task: spec for spec in KINDS}
_BY_PUZZLE: dict[Kind, KindSpec[Any, Any]] = {
    spec.puzzle.kind: spec for spec in KINDS if spec.puzzle is not None
}


def check_registry() -> list[str]:
    """What the registry lacks: a puzzle kind without its entry, or an entry whose solution is
    not one of ``Solution``'s members (empty when whole)."""
    problems = [f"no kind module for puzzle kind {kind.value}" for kind in Kind
                if kind not in _BY_PUZZLE]
    solutions = typing.get_args(Solution)
    problems += [f"{spec.name}: {spec.solution.__name__} is not in Solution" for spec in KINDS
                 if spec.solution not in solutions]
    if len(_BY_PUZZLE) != sum(spec.puzzle is not None for spec in KINDS):
        problems.append("two kind modules name the same puzzle kind")
    return problems


if check_registry():
    raise TypeError("; ".join(check_registry()))


def spec_of(task: Task) -> KindSpec[Any, Any]:
    """The entry of ``task``'s kind."""
    return _BY_TASK[type(task)]


def puzzle_kind(kind: Kind) -> KindSpec[Any, Any]:
    """The entry of a puzzle kind."""
    return _BY_PUZZLE[kind]


#: The puzzle kinds in the order of ``Kind``.
PUZZLE_KINDS: tuple[KindSpec[Any, Any], ...] = tuple(puzzle_kind(kind) for kind in Kind)
#: The exercise kinds of lessons by their YAML name, in the order of ``KINDS``.
LESSON_KINDS: dict[str, KindSpec[Any, Any]] = {
    spec.lesson: spec for spec in KINDS if spec.lesson is not None
}


def solve(task: Task) -> Solution:
    """The engine's answer to ``task``, with what explains it."""
    return spec_of(task).solve(task)


def explain(task: Task, solution: Solution) -> list[str]:
    """Sentences that say why the engine's answer is right, with references for the names
    (``tutor.content.explain``)."""
    return spec_of(task).explain(task, solution)


def shows_cards(task: Task) -> bool:
    """Whether an exercise draws cards (choice and slate exercises draw none)."""
    return spec_of(task).shows_cards


def estimate_difficulty(kind: Kind, task: Task, solution: Solution) -> int:
    """The difficulty 1 to 5 of a puzzle of ``kind`` from its position and the engine's
    solution, by the steps of ``tutor.content.difficulty``."""
    return puzzle_kind(kind).difficulty(task, solution)


__all__ = ["KINDS", "LESSON_KINDS", "PUZZLE_KINDS", "KindSpec", "PuzzleSpec", "estimate_difficulty",
           "explain", "puzzle_kind", "shows_cards", "solve", "spec_of"]
