"""Card values and trick points (R-VALUES, R-POINTS, R-MATCH, R-PIQUE-DOUBLE).

>>> from engine.cards import Trump, HJ, H9, SA
>>> card_points(HJ, Trump.HEARTS), card_points(HJ, Trump.SPADES)
(20, 2)
>>> trick_points([HJ, H9, SA], Trump.HEARTS, last=True)
50
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import Card, Trump, check_trump
from engine.rules import Rules
from engine.tables import POINTS

LAST_TRICK_BONUS: Final = 5
MATCH_BONUS: Final = 100
ROUND_POINTS: Final = 157


def card_points(card: Card, trump: Trump) -> int:
    """The value of ``card`` with ``trump`` (R-VALUES)."""
    return POINTS[check_trump(trump)][card.index]


def trick_points(trick: Iterable[Card], trump: Trump, last: bool = False) -> int:
    """The value of the cards of a trick, plus 5 for the last trick."""
    values = POINTS[check_trump(trump)]
    return sum(values[card.index] for card in trick) + (LAST_TRICK_BONUS if last else 0)


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
