"""The registry of content kinds: one entry for each kind of exercise and puzzle (no Qt).

Each entry (``KindSpec``) says everything the content layer knows of its kind:

- its names in YAML: ``lesson``, the ``kind:`` of a lesson's exercise (``pick_legal``), and for a
  kind that is also a puzzle, ``puzzle.kind`` (``Kind.LEGAL``: ``kind: legal`` in
  ``puzzles/legal.yaml``); ``None`` where the kind is not used there;
- its ``task`` and ``solution`` types (``tutor.content.tasks``);
- how it is read (``reader``; ``answer``, how a stored ``answer:`` is read, ``None`` when the
  answer is part of the task), solved by the engine (``solver``), checked beyond that
  (``checker``), explained after an answer (``explainer``), and whether it draws cards
  (``shows_cards``: a step whose text points at a picture needs one);
- for a puzzle kind (``PuzzleSpec``): its id prefix, how many puzzles the set needs at least,
  its difficulty steps, and the random positions and YAML of the candidate generator.

Every dispatch goes through ``spec_of(task)`` or ``puzzle_kind(kind)``: exhaustive ``match``
statements ending in ``assert_never``. A task type added to the ``Task`` union, or a member added
to ``Kind``, without its entry fails ``mypy --strict``; so does an entry that lacks a part or
whose part takes another kind's task. Nothing falls into a default: a task handed to the wrong
entry raises ``TypeError``.

Adding a kind: its task and solution types (``tasks.py``, with their place in the ``Task`` and
``Solution`` unions) and its functions where their like live (reader, solver, explainer; for a
puzzle the difficulty steps, positions and YAML); then its entry here, with its line in
``spec_of`` (and ``puzzle_kind``); then its view: ``tutor/ui/exercise.py`` (how it is shown and
answered; mypy points at each ``match`` there) and, for a puzzle, its name in
``tutor/ui/puzzles.py`` (and ``exercise_draws_figure`` in ``tutor/ui/learn.py``).
``tests/test_content_kinds.py`` asks for a sample of it and runs it through every dispatch;
``tests/test_ui_exercise_kinds.py`` asks how a learner answers it and does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, assert_never

from tutor.content.aside import check_aside, solve_aside
from tutor.content.difficulty import (
    best_steps,
    legal_steps,
    level,
    marks_steps,
    points_steps,
    weis_steps,
    winner_steps,
)
from tutor.content.explain import (
    explain_aside,
    explain_best,
    explain_choice,
    explain_legal,
    explain_marks,
    explain_points,
    explain_slate,
    explain_strategy,
    explain_weis,
    explain_winner,
)
from tutor.content.positions import (
    best_positions,
    best_yaml,
    keep_all,
    legal_positions,
    legal_yaml,
    marks_positions,
    marks_yaml,
    points_positions,
    points_yaml,
    weis_positions,
    weis_yaml,
    winner_positions,
    winner_yaml,
    worth_solving,
)
from tutor.content.reader import (
    Reader,
    accept,
    card_answer,
    cards_answer,
    check_best,
    choice_answer,
    marks_answer,
    player_answer,
    points_answer,
    read_aside,
    read_best,
    read_choice,
    read_legal,
    read_marks,
    read_points,
    read_slate,
    read_weis,
    read_winner,
    strokes_answer,
)
from tutor.content.source import KeyPath
from tutor.content.strategy import (
    check_strategy,
    read_strategy,
    solve_strategy,
    strategy_answer,
    strategy_positions,
    strategy_steps,
    strategy_yaml,
    worth_keeping,
)
from tutor.content.tasks import (
    AsideSolution,
    AsideTask,
    BestSolution,
    BestTask,
    ChoiceSolution,
    ChoiceTask,
    LegalSolution,
    LegalTask,
    MarksSolution,
    MarksTask,
    PointsSolution,
    PointsTask,
    SlateSolution,
    SlateTask,
    Solution,
    StrategySolution,
    StrategyTask,
    Task,
    WeisSolution,
    WeisTask,
    WinnerSolution,
    WinnerTask,
    solve_best,
    solve_choice,
    solve_legal,
    solve_marks,
    solve_points,
    solve_slate,
    solve_weis,
    solve_winner,
)
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


LEGAL = KindSpec(
    name="legal", lesson="pick_legal",
    puzzle=PuzzleSpec(Kind.LEGAL, prefix="lg", minimum=70, steps=legal_steps,
                      positions=legal_positions, keep=keep_all, yaml=legal_yaml),
    task=LegalTask, solution=LegalSolution, reader=read_legal, answer=cards_answer,
    solver=solve_legal, checker=accept, explainer=explain_legal, shows_cards=True,
)
WINNER = KindSpec(
    name="winner", lesson="pick_winner",
    puzzle=PuzzleSpec(Kind.WINNER, prefix="wn", minimum=50, steps=winner_steps,
                      positions=winner_positions, keep=keep_all, yaml=winner_yaml),
    task=WinnerTask, solution=WinnerSolution, reader=read_winner, answer=card_answer,
    solver=solve_winner, checker=accept, explainer=explain_winner, shows_cards=True,
)
WEIS = KindSpec(
    name="weis", lesson="pick_weis",
    puzzle=PuzzleSpec(Kind.WEIS, prefix="ws", minimum=40, steps=weis_steps,
                      positions=weis_positions, keep=keep_all, yaml=weis_yaml),
    task=WeisTask, solution=WeisSolution, reader=read_weis, answer=player_answer,
    solver=solve_weis, checker=accept, explainer=explain_weis, shows_cards=True,
)
POINTS = KindSpec(
    name="points", lesson="count_points",
    puzzle=PuzzleSpec(Kind.POINTS, prefix="pt", minimum=40, steps=points_steps,
                      positions=points_positions, keep=keep_all, yaml=points_yaml),
    task=PointsTask, solution=PointsSolution, reader=read_points, answer=points_answer,
    solver=solve_points, checker=accept, explainer=explain_points, shows_cards=True,
)
SLATE = KindSpec(
    name="slate", lesson="slate", puzzle=None,
    task=SlateTask, solution=SlateSolution, reader=read_slate, answer=strokes_answer,
    solver=solve_slate, checker=accept, explainer=explain_slate, shows_cards=False,
)
#: The one kind whose answer is authored: it is part of the task, so there is nothing to agree.
CHOICE = KindSpec(
    name="choice", lesson="choice", puzzle=None,
    task=ChoiceTask, solution=ChoiceSolution, reader=read_choice, answer=None,
    solver=solve_choice, checker=accept, explainer=explain_choice, shows_cards=False,
)
#: Puzzles only: an open-hand ending needs the whole table, which a lesson step does not draw.
BEST = KindSpec(
    name="best", lesson=None,
    puzzle=PuzzleSpec(Kind.BEST, prefix="bs", minimum=40, steps=best_steps,
                      positions=best_positions, keep=worth_solving, yaml=best_yaml),
    task=BestTask, solution=BestSolution, reader=read_best, answer=card_answer,
    solver=solve_best, checker=check_best, explainer=explain_best, shows_cards=True,
)

#: Pomme (R-POMME): each player's mark for the round's points (apples and Putz points).
MARKS = KindSpec(
    name="marks", lesson="count_marks",
    puzzle=PuzzleSpec(Kind.MARKS, prefix="mk", minimum=8, steps=marks_steps,
                      positions=marks_positions, keep=keep_all, yaml=marks_yaml),
    task=MarksTask, solution=MarksSolution, reader=read_marks, answer=marks_answer,
    solver=solve_marks, checker=accept, explainer=explain_marks, shows_cards=False,
)
#: Lessons only: Pomme for 3, take the aside or keep the hand, measured by playouts
#: (``tutor.content.aside``), too slow to check by the hundred as puzzles.
ASIDE = KindSpec(
    name="aside", lesson="take_aside", puzzle=None,
    task=AsideTask, solution=AsideSolution, reader=read_aside, answer=choice_answer,
    solver=solve_aside, checker=check_aside, explainer=explain_aside, shows_cards=True,
)

#: What a strong player would do, with the other hands hidden: the best card or the best trump,
#: defended by the expert's search over seeded deals (``tutor.content.strategy``).
STRATEGY = KindSpec(
    name="strategy", lesson="best_play",
    puzzle=PuzzleSpec(Kind.STRATEGY, prefix="sg", minimum=120, steps=strategy_steps,
                      positions=strategy_positions, keep=worth_keeping, yaml=strategy_yaml),
    task=StrategyTask, solution=StrategySolution, reader=read_strategy, answer=strategy_answer,
    solver=solve_strategy, checker=check_strategy, explainer=explain_strategy, shows_cards=True,
)

#: Every kind, in the order the checker and the format list them.
KINDS: tuple[KindSpec[Any, Any], ...] = (LEGAL, WINNER, WEIS, POINTS, SLATE, CHOICE, BEST, MARKS,
                                         ASIDE, STRATEGY)


def spec_of(task: Task) -> KindSpec[Any, Any]:
    """The entry of ``task``'s kind."""
    match task:
        case LegalTask():
            return LEGAL
        case WinnerTask():
            return WINNER
        case WeisTask():
            return WEIS
        case PointsTask():
            return POINTS
        case SlateTask():
            return SLATE
        case ChoiceTask():
            return CHOICE
        case BestTask():
            return BEST
        case MarksTask():
            return MARKS
        case AsideTask():
            return ASIDE
        case StrategyTask():
            return STRATEGY
        case _:
            assert_never(task)


def puzzle_kind(kind: Kind) -> KindSpec[Any, Any]:
    """The entry of a puzzle kind."""
    match kind:
        case Kind.LEGAL:
            return LEGAL
        case Kind.WINNER:
            return WINNER
        case Kind.WEIS:
            return WEIS
        case Kind.POINTS:
            return POINTS
        case Kind.BEST:
            return BEST
        case Kind.MARKS:
            return MARKS
        case Kind.STRATEGY:
            return STRATEGY
        case _:
            assert_never(kind)


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
