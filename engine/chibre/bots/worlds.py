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
from engine.cardset import CardSet
from engine.chibre.announcements import find_weis
from engine.chibre.bots.heuristic import CHIBRE_BELOW
from engine.chibre.bots.knowledge import Knowledge
from engine.hidden import GREEDY_TRIES, deal_unseen
from engine.strength import suit_strength

#: Attempts at a world honouring the announced values before one is accepted anyway.
WEIS_TRIES = 40
#: How far from the heuristic measure of a trump choice a player may stray.
CHOICE_SLACK = 8


def sample_world(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """Four hand masks consistent with ``knowledge`` (see the module text)."""
    open_weis = knowledge.open_announcements() if knowledge.trump >= 0 else {}
    hands = deal_unseen(knowledge, rng)
    fallback = None  # the first world that honours the announcements, if all else fails
    for _ in range(WEIS_TRIES - 1):
        if _honours_weis(knowledge, hands, open_weis):
            if _honours_choice(knowledge, hands):
                return hands
            fallback = fallback or hands
        hands = deal_unseen(knowledge, rng)
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


__all__ = ["GREEDY_TRIES", "WEIS_TRIES", "sample_world"]
