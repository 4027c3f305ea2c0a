"""Precomputed tables per trump mode, shared by the checked API and the search path.

Everything is indexed by the trump mode ``t`` (``int(Trump)``, 0-5) and by the
card index (0-35, ``suit * 9 + rank``). No objects live in these tables: the hot
loops of search and simulation read plain ints from tuples.
"""

from __future__ import annotations

from typing import Final

from engine.cardset import SUIT_MASKS

#: Trump order of the ranks 6 7 8 9 T J Q K A (R-ORDER-TRUMP: J 9 A K Q 10 8 7 6).
TRUMP_POWER: Final = (0, 1, 2, 7, 3, 8, 4, 5, 6)
#: Plain values of the ranks 6 7 8 9 T J Q K A (R-VALUES).
PLAIN_VALUE: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
#: Trump values of the ranks (Buur 20, Nell 14).
TRUMP_VALUE: Final = (0, 0, 0, 14, 10, 20, 3, 4, 11)
#: Obenabe and Undenufe values (schieber profile): 8 worth 8; Undenufe 6 worth 11, A 0.
OBENABE_VALUE: Final = (0, 0, 8, 0, 10, 2, 3, 4, 11)
UNDENUFE_VALUE: Final = (11, 0, 8, 0, 10, 2, 3, 4, 0)

NO_TRUMP: Final = 36  # index into ABOVE for "no trump in the trick yet"


def _trump_suit(t: int) -> int:
    return t if t < 4 else -1


def _points(t: int) -> tuple[int, ...]:
    values = []
    for card in range(36):
        suit, rank = divmod(card, 9)
        if t == 4:
            values.append(OBENABE_VALUE[rank])
        elif t == 5:
            values.append(UNDENUFE_VALUE[rank])
        else:
            values.append(TRUMP_VALUE[rank] if suit == t else PLAIN_VALUE[rank])
    return tuple(values)


def _keys(t: int, led: int) -> tuple[int, ...]:
    """Trick strength of each card when suit ``led`` was led; -1 cannot win."""
    keys = []
    for card in range(36):
        suit, rank = divmod(card, 9)
        if suit == _trump_suit(t):
            keys.append(100 + TRUMP_POWER[rank])
        elif suit == led:
            keys.append(8 - rank if t == 5 else rank)
        else:
            keys.append(-1)
    return tuple(keys)


def _above(t: int) -> tuple[int, ...]:
    """For each trump card, the mask of stronger trumps; index 36: every trump."""
    suit = _trump_suit(t)
    if suit < 0:
        return (0,) * 37
    result = []
    for card in range(36):
        mask = 0
        if card // 9 == suit:
            for other in range(9):
                if TRUMP_POWER[other] > TRUMP_POWER[card % 9]:
                    mask |= 1 << (suit * 9 + other)
        result.append(mask)
    result.append(SUIT_MASKS[suit])
    return tuple(result)


TRUMP_SUIT: Final = tuple(_trump_suit(t) for t in range(6))
TRUMP_MASK: Final = tuple(SUIT_MASKS[s] if s >= 0 else 0 for s in TRUMP_SUIT)
BUUR_BIT: Final = tuple(1 << (s * 9 + 5) if s >= 0 else 0 for s in TRUMP_SUIT)
STOECK_MASK: Final = tuple(
    (1 << (s * 9 + 6)) | (1 << (s * 9 + 7)) if s >= 0 else 0 for s in TRUMP_SUIT
)
POINTS: Final = tuple(_points(t) for t in range(6))
KEYS: Final = tuple(tuple(_keys(t, led) for led in range(4)) for t in range(6))
ABOVE: Final = tuple(_above(t) for t in range(6))
SUIT_OF: Final = tuple(card // 9 for card in range(36))
