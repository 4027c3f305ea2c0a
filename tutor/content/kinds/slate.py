"""The slate (R-SLATE): how a number of points is drawn with strokes."""

from __future__ import annotations

from typing import Any

from engine import slate
from tutor.content.kinds.base import KindSpec
from tutor.content.reader import Reader, accept
from tutor.content.source import KeyPath
from tutor.content.tasks import SlateSolution, SlateTask
from tutor.i18n import _, ngettext


def read_slate(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> SlateTask | None:
    if not r.mapping(data, keys, {"points"}, extra):
        return None
    points = r.integer(data["points"], (*keys, "points"), 0, 10000)
    return None if points is None else SlateTask(points)


def strokes_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """The strokes of the slate: hundreds, fifties, twenties, rest."""
    if not isinstance(value, list) or len(value) != 4:
        r.fail(keys, "must be a list of 4 whole numbers: hundreds, fifties, twenties, rest")
        return False, None
    numbers = [r.integer(v, (*keys, i), 0, 10000) for i, v in enumerate(value)]
    ok = all(n is not None for n in numbers)
    return ok, tuple(numbers) if ok else None


def solve_slate(task: SlateTask) -> SlateSolution:
    return SlateSolution(slate(task.points))


def explain_slate(task: SlateTask, solution: SlateSolution) -> list[str]:
    hundreds, fifties, twenties, rest = solution.strokes
    return [_("{hundreds}, {fifties}, {twenties}, and {rest} written at the side.").format(
        hundreds=ngettext("{count} stroke for 100 on the top line",
                          "{count} strokes for 100 on the top line", hundreds).format(
                              count=hundreds),
        fifties=ngettext("{count} half-cross for 50 in the middle",
                         "{count} half-crosses for 50 in the middle", fifties).format(
                             count=fifties),
        twenties=ngettext("{count} stroke for 20 on the bottom line",
                          "{count} strokes for 20 on the bottom line", twenties).format(
                              count=twenties),
        rest=rest)]


SPEC = KindSpec(
    name="slate", lesson="slate", puzzle=None,
    task=SlateTask, solution=SlateSolution, reader=read_slate, answer=strokes_answer,
    solver=solve_slate, checker=accept, explainer=explain_slate, shows_cards=False,
)
