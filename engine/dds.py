"""Double-dummy search of Chibre: the best play when every hand is known (all four open).

Chibre's use of the one search of every game (``engine.search.TrickSolver``: alpha-beta
over the internal bitmask path, hands as 36-bit ints, cards as indexes 0-35). The value
of a position is the card points one team takes from it to the end of the round (the
cards of the trick in progress and the 5 of the last trick included; the match bonus,
Weis and Stöck are not part of card play and are left out). The two teams are the sides
of the search: seats 0 and 2 against 1 and 3.

- With ``sweep`` the match bonus counts (R-MATCH): the value is then the
  team's points plus 100 if it takes every trick, minus 100 if the opponents do
  (still zero-sum, so one search serves both sides).
- With ``depth`` the search stops after that many tricks (the one in progress
  counts) and ``estimate`` scores the rest; ``depth=None`` solves exactly.

>>> from engine.cardset import CardSet
>>> hands = [CardSet.parse(h).mask for h in ("HA", "H6", "HK", "S6")]
>>> Solver(trump=3, team=0).value(hands, leader=0)  # spade 6 trumps the ace
0
>>> Solver(trump=0, team=0).value(hands, leader=0)  # hearts trump: 11 + 4 + 5
20
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.chibre.scoring import MATCH_BONUS
from engine.points import LAST_TRICK_BONUS
from engine.search import (
    PLAIN_POINTS,
    SWEEP_ANY,
    SWEEP_BROKEN,
    SWEEP_OFF,
    TRUMP_POINTS,
    TRUMP_WEIGHTS,
    Estimate,
    TrickSolver,
    card_power,
    equal_below,
)
from engine.search import last_trick as _last_trick  # noqa: F401  (tests/test_dds.py)
from engine.tables import TRUMP_SUIT

#: The side of each seat: the two teams.
TEAMS: Final = (0, 1, 0, 1)


def _top_two(t: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each suit and 9-bit pattern of live cards: the two strongest (or -1)."""
    table = []
    for suit in range(4):
        order = sorted(range(9), key=lambda r: -card_power(t, suit * 9 + r))
        row = []
        for pattern in range(512):
            live = [suit * 9 + r for r in order if pattern >> r & 1] + [-1, -1]
            row.append((live[0], live[1]))
        table.append(tuple(row))
    return tuple(table)


_TOP_TWO: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _top_table(t: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    if t not in _TOP_TWO:
        _TOP_TWO[t] = _top_two(t)
    return _TOP_TWO[t]


def estimate(hands: Sequence[int], leader: int, t: int, team: int, tricks_left: int) -> int:
    """A quick guess of the points ``team`` takes from a trick start to the end.

    The points left are shared in proportion to each team's trick-taking
    material: its trumps (by rank), and in every other suit the strongest
    and second strongest cards still in play. The leader gets a small edge.
    """
    ours = hands[team] | hands[team + 2]
    theirs = hands[1 - team] | hands[3 - team]
    tsuit = TRUMP_SUIT[t]
    tops = _top_table(t)
    left = LAST_TRICK_BONUS
    mine = 3 if leader & 1 == team else 1
    other = 4 - mine
    for suit in range(4):
        shift = 9 * suit
        a = ours >> shift & 511
        b = theirs >> shift & 511
        if suit == tsuit:
            left += TRUMP_POINTS[a | b]
            mine += TRUMP_WEIGHTS[a]
            other += TRUMP_WEIGHTS[b]
        elif a | b:
            left += PLAIN_POINTS[a | b]
            first, second = tops[suit][a | b]
            if ours >> first & 1:
                mine += 8
            else:
                other += 8
            if second >= 0:
                if ours >> second & 1:
                    mine += 3
                else:
                    other += 3
    return left * mine // (mine + other)


class Solver(TrickSolver):
    """Double-dummy values for one trump mode, from the side of ``team`` (0 or 1).

    ``depth``: tricks to search (the trick in progress counts as one) before
    ``estimate`` scores the rest; ``None`` searches to the end. A solver keeps
    its transposition table between calls with the same hands and depth; make
    a new one for another deal. ``sweep`` (of ``value`` and ``move_values``):
    ``SWEEP_OFF``, or who has won every trick so far (a team, ``SWEEP_ANY``
    before the first trick, ``SWEEP_BROKEN``).
    """

    def __init__(
        self, trump: int, team: int, depth: int | None = None, estimate: Estimate = estimate
    ) -> None:
        super().__init__(trump, TEAMS, team, depth, estimate, MATCH_BONUS)
        self.team = team


__all__ = ["SWEEP_ANY", "SWEEP_BROKEN", "SWEEP_OFF", "TEAMS", "Estimate", "Solver",
           "equal_below", "estimate"]
