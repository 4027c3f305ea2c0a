"""The Pomme trick in progress as one seat sees it, and the strength of a hand.

Shared by the heuristic Pomme bot and the Pomme coach: who wins so far, can a
card win, can a seat still to play beat it (from ``PommeKnowledge``: what the
seat may hold), and ``hand_strength``, the rule of thumb that compares a hand
with the aside (R-POMME: take the aside, keep the hand, exchange the 6).
"""

from __future__ import annotations

from engine.cardset import mask_indexes as bits
from engine.play import legal_mask
from engine.pomme.game import APPLE_BELOW, HAND_SIZE, PommeView
from engine.pomme.knowledge import PommeKnowledge, six_of
from engine.position import NELL_RANK, TrickPosition
from engine.search import TrickState
from engine.strength import SIDE_ACE, SIDE_KING, TRUMP_RANK_SCORE, suit_strength
from engine.tables import BUUR_BIT, TRUMP_MASK


def hand_strength(hand: int, trump: int) -> int:
    """How well ``hand`` plays with ``trump``: its trumps by rank, side aces, side kings
    beside their ace (the heuristic Chibre bot's ``suit_strength`` for the trump suit)."""
    return suit_strength(hand, trump)


def card_strength(card: int, trump: int) -> int:
    """The part of ``hand_strength`` one card brings alone (a side king's bonus needs
    its ace, so it is not counted here)."""
    suit, rank = divmod(card, 9)
    if suit == trump:
        return TRUMP_RANK_SCORE[rank]
    return SIDE_ACE if rank == 8 else 0


def expected_strength(known: int, pool: int, draws: int, trump: int) -> float:
    """The mean ``hand_strength`` of the cards ``known`` plus ``draws`` cards drawn at
    random from ``pool`` (exact: every card of the pool is drawn with the same chance)."""
    size = pool.bit_count()
    if draws <= 0 or size == 0:
        return float(hand_strength(known, trump))
    p1 = draws / size
    p2 = draws * (draws - 1) / (size * (size - 1)) if size > 1 else 0.0
    total = float(sum(card_strength(c, trump) for c in bits(known)))
    total += p1 * sum(card_strength(c, trump) for c in bits(pool))
    for suit in range(4):
        if suit == trump:
            continue
        ace, king = 1 << (9 * suit + 8), 1 << (9 * suit + 7)
        chance = [1.0 if known & card else p1 if pool & card else 0.0 for card in (ace, king)]
        both = p2 if pool & ace and pool & king else chance[0] * chance[1]
        total += SIDE_KING * both
    return total


class PommePosition(TrickPosition):
    """The seat to move in Pomme during card play; every seat still to play is its rival."""

    know: PommeKnowledge

    def __init__(self, view: PommeView, knowledge: PommeKnowledge | None = None) -> None:
        self.view = view
        self.n = n = view.players
        self.t = self.tsuit = t = int(view.trump)
        self.seat = view.seat
        self.know = knowledge if knowledge is not None else PommeKnowledge.of(view)
        self.hand = view.hand.mask
        self.trick = [c.index for c in view.trick]
        self.k = len(self.trick)
        state = TrickState.of(self.trick, view.leader, t, n)
        self.led, self.win_key, self.win_card, self.win_seat, self.points = state
        self.legal = legal_mask(self.hand, state.led, state.high, t)
        self.tricks_left = HAND_SIZE[n] - len(view.tricks)
        self.later = self.rivals = [(view.seat + i) % n for i in range(1, n - self.k)]
        self.trumps = TRUMP_MASK[t]
        self.buur = BUUR_BIT[t]
        self.nell = 1 << (9 * t + NELL_RANK)
        self.six = 1 << six_of(t)
        self.round_points = view.round_points[view.seat]

    def others(self) -> list[int]:
        return [s for s in range(self.n) if s != self.seat]

    def precious(self, card: int) -> bool:
        """The Buur, or the Nell while the Buur is out."""
        bit = 1 << card
        return bool(bit & self.buur or (bit & self.nell and self.buur_unseen()))

    def needs_points(self) -> bool:
        """The seat has fewer than ``APPLE_BELOW`` points in the round so far."""
        return self.round_points < APPLE_BELOW


__all__ = ["NELL_RANK", "PommePosition", "bits", "card_strength", "expected_strength",
           "hand_strength"]
