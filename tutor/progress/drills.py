"""A kept position re-dealt: the learner's decision asked again over fresh deals of the hidden
cards (issue 36, item 2; no Qt).

A drill must teach the reasoning, not where the cards happened to lie, so the hidden hands of
the game are never used (nor kept: ``tutor.progress.kept``). From the learner's view, the
strategy course's own measure (``tutor.content.strategy``) gives every legal choice its figure
over fresh deals consistent with what the learner saw: a card over up to ``CARD_DEALS`` deals
drawn by the expert's sampler (voids shown, announcements, who chose trump and whether it was
chibred, the partner's signal under the table's conventions), weighted by how well they
explain the opponents' plays (``engine.weighed_deals``) and solved by the expert's search; a
trump over ``TRUMP_DEALS`` deals of the unseen cards, each played out. The course's acceptance
rule (``problem``: ``MIN_POINTS`` and ``MIN_Z``) then says whether the best choice is
clear: a :class:`Drill` (the best choice, its margin over the runner-up with one standard
error, the learner's original choice), or else a :class:`CloseCall` (shown once, with why).

A position of Pomme (no course measures Pomme) is measured the same way by the Pomme expert's
own search at ``POMME_DRILL_BUDGET`` — four times the deals the expert plays with — whose
deals the expert's sampler draws from what the learner saw; each choice's figure is the value
the Pomme coach ranks by (the points expected at the end of the round, an apple counted
against them), and the course's acceptance rule applies to it unchanged.

The deals are drawn from a seed of the position and the day (``drill_seed``): the same drill all
day, fresh deals the next. ``prepare`` is slow (a fifth of a second to a few seconds) and pure:
the caller runs it off the UI thread, through the app's background helper.
"""

from __future__ import annotations

import dataclasses
import random
import zlib
from datetime import date
from typing import Final

from engine import (
    POMME_EXPERT_BUDGET,
    Card,
    GameView,
    Phase,
    PommeBudget,
    PommeView,
    difference_error,
    pomme_assess,
)
from tutor.content.strategy import (
    MAX_NEED,
    TRUMP_CODES,
    card_figures,
    card_rows,
    choice_code,
    problem,
    trump_solution,
)
from tutor.content.tasks import StrategySolution
from tutor.progress.kept import AnyChoice, Choice, KeptPosition, choice_of, choice_text

#: The Pomme expert's search for a drill: four times the deals it plays with.
POMME_DRILL_BUDGET: Final = POMME_EXPERT_BUDGET.times(4)


@dataclasses.dataclass(frozen=True)
class Drill:
    """A kept position whose best choice is clear on this re-deal: ``best`` gains ``margin``
    (± ``error``, one standard error of the paired difference) over the runner-up; ``chosen``
    is what the learner chose in the game."""

    position: KeptPosition
    best: AnyChoice
    margin: float
    error: float
    solution: StrategySolution
    seed: int

    @property
    def chosen(self) -> AnyChoice:
        return self.position.chosen

    @property
    def learner_was_right(self) -> bool:
        """Whether the game's choice is the best on this re-deal (the review may have been
        misled by where the cards lay)."""
        return self.best == self.position.chosen

    def is_right(self, choice: AnyChoice) -> bool:
        """Whether ``choice`` is the answer of the drill."""
        return choice == self.best


@dataclasses.dataclass(frozen=True)
class CloseCall:
    """A kept position whose best choice is not clear by the course's margin on this re-deal:
    it is shown once, with ``why`` (the figures, in the course's words), and leaves the queue."""

    position: KeptPosition
    why: str
    solution: StrategySolution
    seed: int


def drill_seed(position: KeptPosition, day: date) -> int:
    """The seed of the deals of ``position`` on ``day``: the same all day, new the next."""
    return zlib.crc32(f"{position.dumps()}|{day.isoformat()}".encode())


def measure(position: KeptPosition, seed: int) -> StrategySolution:
    """The course's figures for every legal choice of the position over fresh deals drawn from
    ``seed`` (see the module text). ``ValueError`` for a position no decision is made in."""
    view = position.view
    if isinstance(view, PommeView):
        return pomme_solution(view, seed)
    rng = random.Random(seed)
    if view.phase is Phase.TRUMP:
        return trump_solution(view, rng)
    if view.phase is not Phase.PLAY or view.trump is None:
        raise ValueError("a kept position is a choice of trump or of a card")
    rows = card_rows(view, rng, position.conventions)  # one search, whichever measure
    need = need_of(view)
    if need is not None:  # playing to the score, when the share of deals decides something
        solution = card_figures(view, rows, need)
        shares = {value for _code, value in solution.values}
        if shares != {0.0} and shares != {1.0}:
            return solution
    return card_figures(view, rows)  # every card makes it, or none: the points decide


def need_of(view: GameView) -> int | None:
    """Playing to the score: the points the seat's team needs this round to reach the
    game's target (the round's points so far counted), when a round's tricks can make them
    (``MAX_NEED``) and it has not made them yet; else ``None``."""
    before = view.scores[view.team] - view.round_points[view.team]
    need = view.rules.target - before
    if need > MAX_NEED or need <= view.round_points[view.team]:
        return None
    return need


def pomme_solution(view: PommeView, seed: int,
                   budget: PommeBudget = POMME_DRILL_BUDGET) -> StrategySolution:
    """Every legal choice of a Pomme position with its value over the deals the Pomme expert
    draws from ``seed`` (best first), and each other choice's standard error of the best one's
    gain over it, deal by deal (``choice_text`` codes: ``HA``, ``TAKE_ASIDE``)."""
    found = pomme_assess(view, budget, seed)
    if not found:
        raise ValueError("a kept position of Pomme is a choice of the seat to move")
    best = found[0]
    return StrategySolution(
        values=tuple((choice_text(a.action), a.value) for a in found),
        errors=tuple((choice_text(a.action), difference_error(best.deals, a.deals))
                     for a in found[1:]),
        deals=len(best.deals), unit="points")


def decoded(position: KeptPosition, code: str) -> AnyChoice:
    """The choice ``code`` of a solution of ``position``: the course's codes for Chibre
    (``choice_from_code``), the kept position's own for Pomme (``choice_of``)."""
    return choice_of(code) if isinstance(position.view, PommeView) else choice_from_code(code)


def prepare(position: KeptPosition, day: date) -> Drill | CloseCall:
    """The drill of ``position`` on ``day``, or a close call (slow and pure: off the UI
    thread)."""
    seed = drill_seed(position, day)
    solution = measure(position, seed)
    why = problem(solution)
    if why is not None:
        return CloseCall(position, why, solution, seed)
    (best, value), (runner, second) = solution.values[0], solution.values[1]
    error = dict(solution.errors)[runner]
    return Drill(position, decoded(position, best), value - second, error, solution, seed)


def choice_from_code(code: str) -> Choice:
    """The choice the course writes as ``code`` (``HA``, ``H``, ``chibre``)."""
    found = TRUMP_CODES.get(code)
    return found if found is not None else Card.parse(code)


__all__ = ["POMME_DRILL_BUDGET", "CloseCall", "Drill", "choice_code", "choice_from_code",
           "decoded", "drill_seed", "measure", "need_of", "pomme_solution", "prepare"]
