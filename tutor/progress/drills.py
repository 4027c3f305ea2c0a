"""A kept position re-dealt: the learner's decision asked again over fresh deals of the hidden
cards (issue 36, item 2; no Qt).

A drill must teach the reasoning, not where the cards happened to lie, so the hidden hands of
the game are never used (nor kept: ``tutor.progress.kept``). From the learner's view, the
strategy course's own measure (``tutor.content.strategy``) gives every legal choice its figure
over fresh deals consistent with what the learner saw: a card over ``CARD_DEALS`` deals drawn
by the expert's sampler (voids shown, announcements, who chose trump and whether it was
chibred, the partner's signal under the table's conventions) and solved by the expert's
search; a trump over ``TRUMP_DEALS`` deals of the unseen cards, each played out. The course's
acceptance rule (``problem``: ``MIN_POINTS`` and ``MIN_Z``) then says whether the best choice is
clear: a :class:`Drill` (the best choice, its margin over the runner-up with one standard
error, the learner's original choice), or else a :class:`CloseCall` (shown once, with why).

The deals are drawn from a seed of the position and the day (``drill_seed``): the same drill all
day, fresh deals the next. ``prepare`` is slow (a fifth of a second to a few seconds) and pure:
the caller runs it off the UI thread, through the app's background helper.
"""

from __future__ import annotations

import dataclasses
import random
import zlib
from datetime import date

from engine import Card, GameView, Phase
from tutor.content.strategy import (
    TRUMP_CODES,
    card_solution,
    choice_code,
    problem,
    trump_solution,
)
from tutor.content.tasks import StrategySolution
from tutor.progress.kept import AnyChoice, Choice, KeptPosition


@dataclasses.dataclass(frozen=True)
class Drill:
    """A kept position whose best choice is clear on this re-deal: ``best`` gains ``margin``
    (± ``error``, one standard error of the paired difference) over the runner-up; ``chosen``
    is what the learner chose in the game."""

    position: KeptPosition
    best: Choice
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
    if not isinstance(view, GameView):
        raise ValueError("a position of Pomme has no re-deal yet (no course measures Pomme)")
    rng = random.Random(seed)
    if view.phase is Phase.TRUMP:
        return trump_solution(view, rng)
    if view.phase is not Phase.PLAY or view.trump is None:
        raise ValueError("a kept position is a choice of trump or of a card")
    return card_solution(view, rng, conventions=position.conventions)


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
    return Drill(position, choice_from_code(best), value - second, error, solution, seed)


def choice_from_code(code: str) -> Choice:
    """The choice the course writes as ``code`` (``HA``, ``H``, ``chibre``)."""
    found = TRUMP_CODES.get(code)
    return found if found is not None else Card.parse(code)


__all__ = ["CloseCall", "Drill", "choice_code", "choice_from_code", "drill_seed", "measure",
           "prepare"]
