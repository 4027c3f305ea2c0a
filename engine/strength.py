"""A hand's strength for a trump suit, by rule of thumb: what the heuristic bots of every game
(Chibre's trump choice, Pomme's hand evaluation) weigh a hand by."""

from __future__ import annotations

from typing import Final

#: Strength of holding each rank (6 7 8 9 T J Q K A) in the trump suit.
TRUMP_RANK_SCORE: Final = (4, 4, 4, 11, 5, 15, 5, 6, 8)
#: A side ace, and a side king beside its ace.
SIDE_ACE: Final = 6
SIDE_KING: Final = 2


def suit_strength(hand: int, suit: int) -> int:
    """How well ``hand`` plays with ``suit`` as trump (a rule of thumb)."""
    score = 0
    for rank in range(9):
        if hand >> (suit * 9 + rank) & 1:
            score += TRUMP_RANK_SCORE[rank]
    for side in range(4):
        if side != suit and hand >> (side * 9 + 8) & 1:
            score += SIDE_ACE
            if hand >> (side * 9 + 7) & 1:
                score += SIDE_KING
    return score
