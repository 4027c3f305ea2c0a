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
from engine.cardset import SUIT_MASKS
from engine.tables import KEYS, POINTS, SUIT_OF

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


def touching(t: int, cards: Iterable[int], unseen: int) -> bool:
    """Whether ``cards`` (indexes) are of one suit with no card of ``unseen`` (a mask) between
    them in the order of trump ``t``: for a player, playing one is as playing another. Both
    games' coaches say so when two cards are equally good."""
    chosen = list(cards)
    suit = SUIT_OF[chosen[0]]
    if any(SUIT_OF[c] != suit for c in chosen):
        return False
    keys = KEYS[t][suit]
    low, high = min(keys[c] for c in chosen), max(keys[c] for c in chosen)
    out = unseen & SUIT_MASKS[suit]
    return not any(low < keys[c] < high for c in range(36) if out >> c & 1)


def points_alike(values: Iterable[int]) -> str | None:
    """``"same"`` if the cards are worth the same, ``"low"`` if none is a rich card
    (``RICH_CARD``), else ``None``: what both games' coaches say of equally good cards."""
    worth = set(values)
    if len(worth) == 1:
        return "same"
    return "low" if max(worth) < RICH_CARD else None
