"""What a seat may infer of the hidden cards, and deals of them that agree, for every game
(Chibre's ``engine.chibre.bots.knowledge`` and ``worlds``, Pomme's ``engine.pomme.knowledge``).

The voids a trick shows follow from the one rule of play (``engine.play``), whatever the
number of players; a deal of the unseen cards to *piles* (the other hands, and for Pomme the
cards out of play) honours each pile's count, the cards it is known to hold and those it
cannot hold.

>>> played, forbidden = [0, 0, 0], [0, 0, 0, 0]
>>> read_trick(0, [Card.parse("HA"), Card.parse("SA")], 1, played, forbidden)
>>> forbidden[1] == SUIT_MASKS[0]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from engine.cards import Card
from engine.cardset import BITS, FULL_MASK, SUIT_MASKS
from engine.play import trick_state
from engine.tables import BUUR_BIT, KEYS, NO_TRUMP, SUIT_OF, TRUMP_MASK, TRUMP_SUIT

#: Random greedy attempts before the exact backtracking deal.
GREEDY_TRIES: Final = 30


class DealFacts(Protocol):
    """What a deal of the unseen cards honours, pile by pile (both games' knowledge)."""

    @property
    def seat(self) -> int: ...  # the seat that knows: its pile is complete
    @property
    def unseen(self) -> int: ...
    @property
    def counts(self) -> Sequence[int]: ...  # cards each pile holds now
    @property
    def forbidden(self) -> Sequence[int]: ...  # cards each pile cannot hold
    @property
    def holds(self) -> Sequence[int]: ...  # unseen cards each pile is known to hold


def read_trick(leader: int, cards: Sequence[Card], t: int, played: list[int],
               forbidden: list[int]) -> None:
    """Record who played what in one trick (``played``: one mask per seat, in order of play
    from ``leader``), and the voids that shows (``forbidden``) under trump ``t`` (-1 while
    none is chosen: no void is read then). A seat that did not follow the suit led holds none
    of it, one that did not follow a trump lead holds no trump but perhaps the Buur, one that
    undertrumped holds only trumps."""
    n = len(played)
    if not cards or t < 0:
        for i, card in enumerate(cards):
            played[(leader + i) % n] |= BITS[card.index]
        return
    indexes = [card.index for card in cards]
    led = SUIT_OF[indexes[0]]
    keys = KEYS[t][led]
    tsuit = TRUMP_SUIT[t]
    played[leader] |= BITS[indexes[0]]
    for i in range(1, len(indexes)):
        seat = (leader + i) % n
        index = indexes[i]
        played[seat] |= BITS[index]
        suit = SUIT_OF[index]
        if led == tsuit and suit != tsuit:
            forbidden[seat] |= TRUMP_MASK[t] & ~BUUR_BIT[t]
        elif led != tsuit and suit != led and suit != tsuit:
            forbidden[seat] |= SUIT_MASKS[led]
        elif led != tsuit and suit == tsuit:
            high = trick_state(indexes[:i], t)[1]  # the highest trump before this card
            if high != NO_TRUMP and keys[index] < keys[high]:
                forbidden[seat] |= FULL_MASK & ~TRUMP_MASK[t]  # undertrumped: only trumps left


def deal_unseen(facts: DealFacts, rng: random.Random) -> list[int]:
    """One mask per pile that agrees with ``facts``: the seat's own pile as it is, every other
    its count, no card where it is forbidden, the known cards where they are. Random greedy
    deals first (``GREEDY_TRIES``), then an exact backtracking one; ``ValueError`` when no
    deal agrees."""
    for _ in range(GREEDY_TRIES):
        piles = _greedy(facts, rng)
        if piles is not None:
            return piles
    return _exact(facts, rng)


def _start(facts: DealFacts) -> tuple[list[int], list[int], list[int]]:
    """(piles with the known cards, cards still needed per pile, cards to place)."""
    piles = list(facts.holds)
    needs = [facts.counts[p] - piles[p].bit_count() for p in range(len(piles))]
    needs[facts.seat] = 0
    known = 0
    for mask in piles:
        known |= mask
    pool = facts.unseen & ~known
    return piles, needs, [c for c in range(36) if pool >> c & 1]


def _greedy(facts: DealFacts, rng: random.Random) -> list[int] | None:
    """The most constrained cards first, each to a pile drawn in proportion to the cards
    it still needs; ``None`` on a dead end."""
    piles, needs, cards = _start(facts)
    forbidden = facts.forbidden
    count = len(piles)
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(not forbidden[p] >> c & 1 for p in range(count)))
    for card in cards:
        open_piles = [p for p in range(count) if needs[p] and not forbidden[p] >> card & 1]
        if not open_piles:
            return None
        pick = rng.randrange(sum(needs[p] for p in open_piles))
        for pile in open_piles:
            pick -= needs[pile]
            if pick < 0:
                break
        piles[pile] |= BITS[card]
        needs[pile] -= 1
    return piles


def _exact(facts: DealFacts, rng: random.Random) -> list[int]:
    """A depth-first deal that always finds one when one exists."""
    piles, needs, cards = _start(facts)
    forbidden = facts.forbidden
    count = len(piles)
    rng.shuffle(cards)

    def place(i: int) -> bool:
        if i == len(cards):
            return True
        card = cards[i]
        for pile in rng.sample(range(count), count):
            if needs[pile] and not forbidden[pile] >> card & 1:
                piles[pile] |= BITS[card]
                needs[pile] -= 1
                if place(i + 1):
                    return True
                piles[pile] &= ~BITS[card]
                needs[pile] += 1
        return False

    if not place(0):
        raise ValueError("no deal of the unseen cards agrees with this view")
    return piles


__all__ = ["GREEDY_TRIES", "DealFacts", "deal_unseen", "read_trick"]
