"""Every kind of the registry on screen: the exercise view shows it, asks its question, takes
the right answer the way a learner gives it, and says the answer in words.

``ANSWER`` says how a learner answers each kind; a kind added to the registry without a way to
answer it here fails ``test_every_kind_has_a_way_to_answer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.test_content_kinds import solved
from tests.test_ui_pages import cards_in, click
from tutor.content.kinds import KINDS, KindSpec
from tutor.content.kinds.choice import SPEC as CHOICE
from tutor.content.tasks import Solution, Task
from tutor.ui.widgets.answers import answer_class
from tutor.ui.widgets.exercise import ExerciseView, answer_html


def _legal(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    hand = cards_in(view.hand)
    for card in solution.legal:
        click(qtbot, hand[str(card)])
    click(qtbot, view.check_button)


def _winner(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    click(qtbot, cards_in(view.trick)[str(solution.card)])


def _weis(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    click(qtbot, view.player_buttons[4 if solution.winner is None else solution.winner])


def _points(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    view.spins[0].setValue(solution.total)
    click(qtbot, view.check_button)


def _slate(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    for spin, strokes in zip(view.spins, solution.strokes, strict=True):
        spin.setValue(strokes)
    click(qtbot, view.check_button)


def _choice(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    assert view.choice_group is not None
    click(qtbot, view.choice_group.button(solution.index))
    click(qtbot, view.check_button)


def _best(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    click(qtbot, cards_in(view.hand)[str(solution.answer)])


def _marks(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    for spin, mark in zip(view.spins, solution.marks, strict=True):
        spin.setValue(mark)
    click(qtbot, view.check_button)


def _aside(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    click(qtbot, view.choice_buttons[0 if solution.take_aside else 1])


def _strategy(qtbot: Any, view: ExerciseView, solution: Any) -> None:
    if solution.answer in view.strategy_codes:  # a trump decision: its button
        click(qtbot, view.choice_buttons[view.strategy_codes.index(solution.answer)])
    else:
        click(qtbot, cards_in(view.hand)[solution.answer])


#: How a learner gives the right answer of each kind, and whether Check is part of it.
ANSWER: dict[str, tuple[Callable[[Any, ExerciseView, Any], None], bool]] = {
    "legal": (_legal, True),
    "winner": (_winner, False),
    "weis": (_weis, False),
    "points": (_points, True),
    "slate": (_slate, True),
    "choice": (_choice, True),
    "best": (_best, False),
    "marks": (_marks, True),
    "aside": (_aside, False),
    "strategy": (_strategy, False),
}


def show(qtbot: Any, task: Task, solution: Solution) -> ExerciseView:
    view = ExerciseView()
    qtbot.addWidget(view)
    view.resize(900, 760)
    view.show_task(task, solution, context="sample")
    view.show()
    qtbot.waitExposed(view)
    return view


def test_every_kind_has_a_way_to_answer() -> None:
    assert set(ANSWER) == {spec.name for spec in KINDS}


@pytest.mark.parametrize("spec", KINDS, ids=[spec.name for spec in KINDS])
def test_each_kind_has_one_answer_class_of_its_own(spec: KindSpec[Any, Any]) -> None:
    """Its module in ``tutor/ui/widgets/answers/``, named as the kind; a puzzle kind has a name."""
    answer = answer_class(spec)
    assert answer.spec is spec
    assert answer.__module__ == f"tutor.ui.widgets.answers.{spec.name}"
    if spec.puzzle is not None:
        assert answer.puzzle_name()
    else:
        with pytest.raises(NotImplementedError):
            answer.puzzle_name()


@pytest.mark.parametrize("spec", KINDS, ids=[spec.name for spec in KINDS])
def test_each_kind_is_shown_asked_and_answered(qtbot: Any, spec: KindSpec[Any, Any]) -> None:
    task, solution = solved(spec)
    view = show(qtbot, task, solution)
    assert view.prompt.text()  # its default question, or the choice's own
    answer, by_check = ANSWER[spec.name]
    assert view.check_button.isVisible() is by_check
    with qtbot.waitSignal(view.answered) as blocker:
        answer(qtbot, view, solution)
    assert blocker.args[0] is True
    assert view.verdict.text() == "Right."
    # why, from the engine's solution; a right choice needs none (its answer is a fact)
    assert bool(view.explanation.text()) is (spec is not CHOICE)
    assert answer_html(task, solution, "sample")
