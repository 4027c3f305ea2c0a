"""Chibre's scoring beyond the cards' values (``engine.points``): the match (R-MATCH), the
multiplier of pique double (R-PIQUE-DOUBLE), the rubicon (R-RUBICON) and the slate (R-SLATE).

>>> from engine.cards import Trump
>>> multiplier(Trump.SPADES, Rules(pique_double=True)), slate(234)
(2, (2, 0, 1, 14))
"""

from __future__ import annotations

from typing import Final

from engine.cards import Trump
from engine.rules import Rules

MATCH_BONUS: Final = 100


def multiplier(trump: Trump, rules: Rules) -> int:
    """2 when spades are trump and ``pique_double`` is on, else 1."""
    return 2 if rules.pique_double and trump == Trump.SPADES else 1


def rubicon(scores: tuple[int, int], target: int) -> tuple[int, ...]:
    """The teams in the Rubicon (R-RUBICON): below half the target when the game ends.

    >>> rubicon((1010, 480), 1000)
    (1,)
    >>> rubicon((1010, 500), 1000)
    ()
    """
    return tuple(team for team, points in enumerate(scores) if 2 * points < target)


def slate(points: int) -> tuple[int, int, int, int]:
    """The traditional slate of R-SLATE: (strokes of 100, half-crosses of 50,
    strokes of 20, remainder written at the side).

    >>> slate(95)
    (0, 1, 2, 5)
    >>> slate(1257)
    (12, 1, 0, 7)
    """
    if points < 0:
        raise ValueError(f"a slate holds points from 0 up, not {points}")
    hundreds, rest = divmod(points, 100)
    fifties, rest = divmod(rest, 50)
    twenties, rest = divmod(rest, 20)
    return hundreds, fifties, twenties, rest
