"""Par for every game: what the learner's decisions of one round cost against the expert's, the
luck of the cards left out (issue 15, item 9; issue 34, item 3).

At each decision of the learner's seat, the coach's search measures every choice over the same
deals drawn to agree with what the seat had seen (each deal played out with every hand open) and
ranks them (``engine.chibre.coach.assess``, ``engine.pomme.coach.assess``); the expert's choice
is the best of them. What the learner's choice gave away at that decision is the difference
between the two, the learner's choice and the expert's measured over the *same* deals, so the
hidden cards weigh the same on both sides: the review's "points lost" (``Advice.lost``), with
one standard error of it (``Advice.lost_error``). A round's par is minus their sum: 0 when every
choice was as good as the expert's, −13 when the choices gave away about 13 points, with the
standard error of the sum (the decisions' searches draw their deals apart, so their errors add
as independent ones). A trump choice is valued by the fitted hand model, not deal by deal: it
adds its difference but no error.

Before, the par replayed the round with the expert in the learner's seat and the other seats
playing on. That measure carried the luck of the other seats' and the expert's own deals: over
50 club-table rounds its part that the review did not explain had a spread of 23 points, more
than the mistake threshold, and it disagreed in sign with the review in 6 of 37 rounds where
either was beyond the threshold (``scripts/par_agreement.py`` at 53153d6). This par is the
review's own measure summed, so the two agree by construction, and it costs no search of its own.

>>> par = RoundPar.of(2, [(12.4, 3.0), (0.0, 0.0), (1.2, 0.4)])
>>> par.par, par.lost, par.error, par.decisions
(-14, 13.6, 3.0, 3)
>>> RoundPar.from_row(par.row()) == par
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence


@dataclasses.dataclass(frozen=True)
class RoundPar:
    """The par of round ``round``: ``lost``, the expected points the learner's ``decisions``
    (those with a choice) gave away against the expert's choices, and ``error``, one standard
    error of it, both to a tenth of a point."""

    round: int
    lost: float
    error: float
    decisions: int

    @classmethod
    def of(cls, round_number: int, losses: Iterable[tuple[float, float]]) -> RoundPar:
        """The par of a round from each decision's ``(lost, error)``."""
        found = list(losses)
        if any(lost < 0 or error < 0 for lost, error in found):
            raise ValueError("a decision cannot lose less than nothing, nor have a negative error")
        # to a tenth of a point, as a game saves it (``row``): a par read back is the same
        lost = round(sum(lost for lost, _ in found) * 10) / 10
        error = round(math.sqrt(sum(error * error for _, error in found)) * 10) / 10
        return cls(round_number, lost, error, len(found))

    @property
    def par(self) -> int:
        """Minus the points lost, to the whole point (0: played as the expert would)."""
        return -round(self.lost) if self.lost >= 0.5 else 0

    def row(self) -> tuple[int, int, int, int]:
        """The par as saved with a game: the round, the points lost and their error in tenths
        of a point, the number of decisions."""
        return (self.round, round(self.lost * 10), round(self.error * 10), self.decisions)

    @classmethod
    def from_row(cls, row: Sequence[int]) -> RoundPar:
        """The par saved as ``row()`` gave it (to a tenth of a point)."""
        number, lost, error, decisions = row
        return cls(number, lost / 10, error / 10, decisions)


__all__ = ["RoundPar"]
