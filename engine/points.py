"""Card values and trick points (R-VALUES, R-POINTS): the same in every game of the engine
(Chibre, Pomme).

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
from engine.tables import POINTS

LAST_TRICK_BONUS: Final = 5
ROUND_POINTS: Final = 157
#: Card points from which a card counts as giving or winning points (a ten, an ace, the Buur…),
#: for the coach of every game.
RICH_CARD: Final = 10
#: Expected points (or value) under which two choices are about as good: every game's coach
#: rounds its figures so.
CLOSE: Final = 1.0


def card_points(card: Card, trump: Trump) -> int:
    """The value of ``card`` with ``trump`` (R-VALUES)."""
    return POINTS[check_trump(trump)][card.index]


def trick_points(trick: Iterable[Card], trump: Trump, last: bool = False) -> int:
    """The value of the cards of a trick, plus 5 for the last trick."""
    values = POINTS[check_trump(trump)]
    return sum(values[card.index] for card in trick) + (LAST_TRICK_BONUS if last else 0)


