"""Pomme for 2 (R-POMME-TWO): which 3 cards to give up for the blind, and what the hand is
expected to be worth kept or exchanged; the rules of thumb the heuristic bot decides by, the
expert values and the coach explains (``engine.pomme.bots``, ``expert``, ``coach``)."""

from __future__ import annotations

from engine.pomme.game import BLIND_SIZE, PommeView
from engine.pomme.knowledge import PommeKnowledge
from engine.pomme.position import bits, card_strength, expected_strength, hand_strength
from engine.tables import KEYS, POINTS, SUIT_OF


def blind_discards(view: PommeView) -> list[int]:
    """2 players: the cards the seat gives up for its blind, weakest first (no trump, no
    ace, fewest points, lowest rank); in phase ``DISCARD`` the ones still to give up."""
    t = int(view.trump)
    hand = bits(view.hand.mask)
    weakest = sorted(hand, key=lambda c: (card_strength(c, t), POINTS[t][c],
                                          KEYS[t][SUIT_OF[c]][c]))
    return weakest[:BLIND_SIZE - len(view.given_up)]


def blind_strengths(view: PommeView) -> tuple[float, float]:
    """2 players: (the hand's strength kept, its expected strength with ``blind_discards``
    exchanged for 3 cards drawn from the unseen ones, the shown card not among them)."""
    t = int(view.trump)
    hand = view.hand.mask
    kept = hand
    for card in blind_discards(view):
        kept &= ~(1 << card)
    pool = PommeKnowledge.of(view).unseen & ~(1 << view.shown.index)
    return float(hand_strength(hand, t)), expected_strength(kept, pool, BLIND_SIZE, t)


__all__ = ["blind_discards", "blind_strengths"]
