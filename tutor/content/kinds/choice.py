"""A multiple-choice question on a fact: the one kind whose answer is authored."""

from __future__ import annotations

from typing import Any

from tutor.content.kinds.base import KindSpec
from tutor.content.reader import Reader, accept
from tutor.content.source import KeyPath
from tutor.content.tasks import ChoiceSolution, ChoiceTask
from tutor.i18n import _


def read_choice(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> ChoiceTask | None:
    if not r.mapping(data, keys, {"prompt", "options", "answer"}, extra):
        return None
    prompt = r.text(data["prompt"], (*keys, "prompt"))
    options = data["options"]
    if not isinstance(options, list) or not 2 <= len(options) <= 5:
        r.fail((*keys, "options"), "must be a list of 2 to 5 choices")
        return None
    texts = [r.text(o, (*keys, "options", i)) for i, o in enumerate(options)]
    if len(set(texts)) != len(texts):
        r.fail((*keys, "options"), "two choices are the same")
    answer = r.integer(data["answer"], (*keys, "answer"), 0, len(options) - 1)
    if prompt is None or answer is None or any(t is None for t in texts):
        return None
    return ChoiceTask(prompt, tuple(t for t in texts if t is not None), answer)


def solve_choice(task: ChoiceTask) -> ChoiceSolution:
    """The one answer the engine does not compute: the authored fact."""
    return ChoiceSolution(task.answer)


def explain_choice(task: ChoiceTask, solution: ChoiceSolution) -> list[str]:
    return [_("The answer: {choice}").format(choice=task.options[solution.index])]


#: The one kind whose answer is authored: it is part of the task, so there is nothing to agree.
SPEC = KindSpec(
    name="choice", lesson="choice", puzzle=None,
    task=ChoiceTask, solution=ChoiceSolution, reader=read_choice, answer=None,
    solver=solve_choice, checker=accept, explainer=explain_choice, shows_cards=False,
)
