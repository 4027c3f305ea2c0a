"""Sampling deals of the unseen cards that agree with what a seat knows.

A *world* is four hand masks: the seat's own hand, and the unseen cards dealt
to the other seats so that each gets as many as it holds, no seat gets a card
of a suit it showed void in, and cards shown in announcements stay with their
owner. Two more things are honoured by rejection, up to a few tries ("where
cheap"): a world is redrawn when a seat could not have announced the value it
announced, or when the seat that named trump would not have named it with that
hand (another suit far stronger by the heuristic measure), or when a chooser
who chibred holds a hand strong enough to name trump itself.

>>> import random
>>> from engine.chibre.game import Game
>>> knowledge = Knowledge.of(Game(seed=3).view(0))
>>> hands = sample_world(knowledge, random.Random(1))
>>> hands[0] == knowledge.hand, sum(h.bit_count() for h in hands)
(True, 36)
"""

from __future__ import annotations

import random

from engine.cards import Trump
from engine.cardset import BITS, CardSet
from engine.chibre.announcements import find_weis
from engine.chibre.bots.heuristic import CHIBRE_BELOW
from engine.chibre.bots.knowledge import Knowledge
from engine.strength import suit_strength

#: Attempts at a world honouring the announced values before one is accepted anyway.
WEIS_TRIES = 40
#: How far from the heuristic measure of a trump choice a player may stray.
CHOICE_SLACK = 8
#: Random greedy attempts before the exact backtracking deal.
GREEDY_TRIES = 30


def sample_world(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """Four hand masks consistent with ``knowledge`` (see the module text)."""
    open_weis = knowledge.open_announcements() if knowledge.trump >= 0 else {}
    hands = _deal(knowledge, rng)
    fallback = None  # the first world that honours the announcements, if all else fails
    for _ in range(WEIS_TRIES - 1):
        if _honours_weis(knowledge, hands, open_weis):
            if _honours_choice(knowledge, hands):
                return hands
            fallback = fallback or hands
        hands = _deal(knowledge, rng)
    return fallback or hands


def _honours_weis(knowledge: Knowledge, hands: list[int], open_weis: dict[int, int]) -> bool:
    """Each seat could have announced the value it announced."""
    return all(_announced(knowledge, hands, s) == v for s, v in open_weis.items())


def _honours_choice(knowledge: Knowledge, hands: list[int]) -> bool:
    """The seat that named trump (and a chooser who chibred) could have chosen so."""
    declarer = knowledge.declarer
    if declarer is not None and declarer != knowledge.seat:
        strengths = _strengths(hands[declarer] | knowledge.played_by[declarer])
        if strengths[knowledge.trump] < max(strengths) - CHOICE_SLACK:
            return False
    chooser = knowledge.chibred_by
    if chooser is not None and chooser != knowledge.seat:
        strengths = _strengths(hands[chooser] | knowledge.played_by[chooser])
        if max(strengths) >= CHIBRE_BELOW + CHOICE_SLACK:
            return False
    return True


def _strengths(hand: int) -> list[int]:
    return [suit_strength(hand, s) for s in range(4)]


def _announced(knowledge: Knowledge, hands: list[int], seat: int) -> int:
    """The value ``seat`` would have announced holding this world's cards."""
    original = CardSet.from_mask(hands[seat] | knowledge.played_by[seat])
    weises = find_weis(original, Trump(knowledge.trump))
    return max((w.points for w in weises), default=0)


def _deal(knowledge: Knowledge, rng: random.Random) -> list[int]:
    for _ in range(GREEDY_TRIES):
        hands = _greedy(knowledge, rng)
        if hands is not None:
            return hands
    return _exact(knowledge, rng)


def _start(knowledge: Knowledge) -> tuple[list[int], list[int], list[int]]:
    """(hands with the known cards, cards still needed per seat, cards to place)."""
    hands = list(knowledge.holds)
    needs = [knowledge.counts[s] - hands[s].bit_count() for s in range(4)]
    needs[knowledge.seat] = 0
    pool = knowledge.unseen & ~(hands[0] | hands[1] | hands[2] | hands[3])
    cards = [c for c in range(36) if pool >> c & 1]
    return hands, needs, cards


def _greedy(knowledge: Knowledge, rng: random.Random) -> list[int] | None:
    """Place the most constrained cards first, each with a seat drawn in
    proportion to the cards it still needs; ``None`` on a dead end."""
    hands, needs, cards = _start(knowledge)
    forbidden = knowledge.forbidden
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(not forbidden[s] >> c & 1 for s in range(4)))
    for card in cards:
        seats = [s for s in range(4) if needs[s] and not forbidden[s] >> card & 1]
        if not seats:
            return None
        pick = rng.randrange(sum(needs[s] for s in seats))
        for seat in seats:
            pick -= needs[seat]
            if pick < 0:
                break
        hands[seat] |= BITS[card]
        needs[seat] -= 1
    return hands


def _exact(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """A depth-first deal that always finds a world when one exists."""
    hands, needs, cards = _start(knowledge)
    forbidden = knowledge.forbidden
    rng.shuffle(cards)

    def place(i: int) -> bool:
        if i == len(cards):
            return True
        card = cards[i]
        for seat in rng.sample(range(4), 4):
            if needs[seat] and not forbidden[seat] >> card & 1:
                hands[seat] |= BITS[card]
                needs[seat] -= 1
                if place(i + 1):
                    return True
                hands[seat] &= ~BITS[card]
                needs[seat] += 1
        return False

    if not place(0):
        raise ValueError("no deal of the unseen cards agrees with this view")
    return hands


__all__ = ["GREEDY_TRIES", "WEIS_TRIES", "sample_world"]
