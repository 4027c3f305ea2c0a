"""What every game's coach does first with its ranked choices (``assess``, best first): the best,
the learner's if given, the choices about as good as the best (within ``CLOSE``), the one to
compare the best with (the learner's, else the next that is clearly worse) and the learner's
choice's reasons against it. Chibre's and Pomme's ``advise`` build their words from it."""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine.points import CLOSE


class _Tag(Protocol):
    @property
    def supports(self) -> bool: ...


class _Ranked(Protocol):
    @property
    def action(self) -> Any: ...

    @property
    def tags(self) -> Sequence[_Tag]: ...


A = TypeVar("A", bound=_Ranked)


@dataclasses.dataclass(frozen=True)
class Compared(Generic[A]):
    """The choices of one decision, as the coach compares them (see the module text)."""

    best: A
    mine: A | None  # the learner's choice, if one was given
    is_learners: bool  # the learner chose other than the best
    equal: tuple[Any, ...]  # the actions about as good as the best (within CLOSE)
    other: A | None  # what the best is compared with
    against: tuple[Any, ...]  # the learner's choice's tags that speak against it


def compare(found: Sequence[A], chosen: object | None, score: Callable[[A], float]) -> Compared[A]:
    """The comparison of ``found`` (best first, ranked by ``score``) with ``chosen``;
    ``ValueError`` if ``found`` is empty or ``chosen`` is not one of its actions."""
    if not found:
        raise ValueError("nothing to advise: no choice was assessed")
    best = found[0]
    mine = None
    if chosen is not None:
        mine = next((a for a in found if a.action == chosen), None)
        if mine is None:
            raise ValueError(f"{chosen} is not one of the assessed choices")
    is_learners = mine is not None and mine.action != best.action
    rest = found[1:]
    equal = tuple(a.action for a in rest if score(best) - score(a) < CLOSE)
    worse = next((a for a in rest if score(best) - score(a) >= CLOSE), rest[0] if rest else None)
    other = mine if is_learners else worse
    against = (tuple(t for t in mine.tags if not t.supports)
               if is_learners and mine is not None else ())
    return Compared(best, mine, is_learners, equal, other, against)


def difference_error(best: Sequence[float], other: Sequence[float]) -> float:
    """One standard error of the mean difference between two choices measured over the same
    deals (``best`` and ``other``: their values deal by deal, in the same order): the spread
    of the differences over the root of their number. 0 when there are fewer than two deals
    or the two were not measured deal by deal (a trump choice is valued by a fitted model)."""
    if len(best) != len(other) or len(best) < 2:
        return 0.0
    return statistics.stdev(b - o for b, o in zip(best, other, strict=True)) / math.sqrt(len(best))


__all__ = ["Compared", "compare", "difference_error"]
