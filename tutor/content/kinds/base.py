"""What the registry knows of a kind: ``KindSpec``, and ``PuzzleSpec`` for a puzzle kind (no Qt).

Each kind's module (``tutor.content.kinds.<kind>``) ends with its ``SPEC``; the registry
(``tutor.content.kinds``) collects them. See the registry's docstring for each part.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tutor.content.difficulty import level
from tutor.content.reader import Reader
from tutor.content.source import KeyPath
from tutor.content.tasks import Solution, Task
from tutor.content.themes import Kind

T = TypeVar("T", bound=Task)
S = TypeVar("S", bound=Solution)

#: Reads a task out of its YAML mapping (``extra``: the fields around it that are not the
#: task's, such as ``id`` or ``hint``), reporting every problem; ``None`` if it cannot be read.
TaskReader = Callable[[Reader, dict[str, Any], KeyPath, frozenset[str]], T | None]
#: Reads a stored ``answer:`` into the engine's form (``Solution.answer``): ``(read, value)``.
AnswerReader = Callable[[Reader, Any, KeyPath], tuple[bool, object]]


@dataclass(frozen=True)
class PuzzleSpec(Generic[T, S]):
    """What makes a kind a puzzle kind: one file ``puzzles/<kind>.yaml``."""

    kind: Kind
    prefix: str  # of every id: two letters, then 3 or 4 digits
    minimum: int  # puzzles the set needs at least (``python -m tutor.content check``)
    steps: Callable[[T, S], int]  # the steps of difficulty (``tutor.content.difficulty``)
    positions: Callable[[random.Random, str], Iterator[T]]  # random candidates, for a theme
    keep: Callable[[S], bool]  # whether a solved candidate is worth proposing
    yaml: Callable[[T, S], list[str]]  # the lines after id, kind, themes and difficulty


@dataclass(frozen=True)
class KindSpec(Generic[T, S]):
    """One kind of exercise or puzzle: see the module docstring for each part."""

    name: str  # what the code and the tests call it
    lesson: str | None
    puzzle: PuzzleSpec[T, S] | None
    task: type[T]
    solution: type[S]
    reader: TaskReader[T]
    answer: AnswerReader | None
    solver: Callable[[T], S]
    checker: Callable[[Reader, KeyPath, S], bool]
    explainer: Callable[[T, S], list[str]]
    shows_cards: bool

    def own(self, task: Task) -> T:
        """``task``, which must be of this kind."""
        if isinstance(task, self.task):
            return task
        raise TypeError(f"a {type(task).__name__} is not a task of kind {self.name}")

    def own_solution(self, solution: Solution) -> S:
        """``solution``, which must be of this kind."""
        if isinstance(solution, self.solution):
            return solution
        raise TypeError(f"a {type(solution).__name__} is not a solution of kind {self.name}")

    def read(self, r: Reader, data: dict[str, Any], keys: KeyPath,
             extra: frozenset[str]) -> Task | None:
        return self.reader(r, data, keys, extra)

    def solve(self, task: Task) -> Solution:
        return self.solver(self.own(task))

    def check(self, r: Reader, keys: KeyPath, solution: Solution) -> bool:
        """Whether the solved position makes a question (the problems are reported)."""
        return self.checker(r, keys, self.own_solution(solution))

    def explain(self, task: Task, solution: Solution) -> list[str]:
        return self.explainer(self.own(task), self.own_solution(solution))

    def as_puzzle(self) -> PuzzleSpec[T, S]:
        if self.puzzle is None:
            raise ValueError(f"{self.name} is not a puzzle kind")
        return self.puzzle

    def difficulty(self, task: Task, solution: Solution) -> int:
        """The difficulty 1 to 5 of a puzzle of this kind (``tutor.content.difficulty``)."""
        return level(self.as_puzzle().steps(self.own(task), self.own_solution(solution)))

    def positions(self, rng: random.Random, theme: str) -> Iterator[Task]:
        return self.as_puzzle().positions(rng, theme)

    def keeps(self, solution: Solution) -> bool:
        return self.as_puzzle().keep(self.own_solution(solution))

    def yaml(self, task: Task, solution: Solution) -> list[str]:
        return self.as_puzzle().yaml(self.own(task), self.own_solution(solution))
