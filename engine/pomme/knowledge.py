"""What one Pomme seat knows about the hidden cards, and deals of them that agree.

Read from a ``PommeView`` only (R-POMME). The hidden cards lie in ``n + 1``
*piles*: the other seats' hands, and pile ``n`` (``OUT``), the cards out of
play: with 3 players the aside while nobody has taken it, then the hand its
taker gave up; with 5 players the one card that does not play (the shown card,
or the trump 6 that replaced it); with 2 players the rest of the pack, the
blinds not taken and the cards given up for them. A seat knows:

- the cards it has not seen (not in its hand, not played), and how many cards
  each pile holds;
- where the shown card and the trump 6 are after an exchange or a taken aside:
  the exchanger holds the shown card (until it took the aside, which sent that
  card out of play with its hand), and the card left in the aside (the shown
  card, or the 6 after an exchange) is in the taker's hand, or out of play;
- the voids shown by play, with the rules of Chibre (the same rules of play):
  a seat that did not follow the suit led holds none of it, a seat that did
  not follow a trump lead holds no trump but perhaps the Buur, a seat that
  undertrumped holds only trumps.

``sample_pomme_world`` deals the unseen cards to the piles honouring all of it.
"""

from __future__ import annotations

import dataclasses
import random

from engine.cardset import BITS, FULL_MASK
from engine.hidden import deal_unseen, read_trick
from engine.pomme.game import HAND_SIZE, PommePhase, PommeView

#: 2 players: the phases before the 6 is asked about, when its holder is not known.
_BLIND_PHASES = (PommePhase.BLIND, PommePhase.DISCARD)


def six_of(trump: int) -> int:
    """The index of the trump 6."""
    return 9 * trump


@dataclasses.dataclass(frozen=True)
class PommeKnowledge:
    """Hidden-card facts of one view, as card masks; piles ``0..n-1`` are the seats,
    pile ``n`` the cards out of play."""

    seat: int
    players: int
    trump: int
    hand: int
    unseen: int
    counts: tuple[int, ...]  # cards each pile holds now (the seat's own hand included)
    forbidden: tuple[int, ...]  # cards each pile cannot hold
    holds: tuple[int, ...]  # unseen cards each pile is known to hold (the own hand: all)
    played_by: tuple[int, ...]  # cards each seat played this round

    @property
    def out(self) -> int:
        """The pile of the cards out of play."""
        return self.players

    @classmethod
    def of(cls, view: PommeView, given_up: int = 0) -> PommeKnowledge:
        """Everything the seat of ``view`` may infer about the hidden cards; the hand the seat
        gave up for the aside (``view.given_up``, or ``given_up``) is out of play."""
        n = view.players
        t = int(view.trump)
        played = [0] * n
        forbidden = [0] * (n + 1)
        for trick in view.tricks:
            read_trick(trick.leader, trick.cards, t, played, forbidden)
        read_trick(view.leader, view.trick, t, played, forbidden)
        hand = view.hand.mask
        seen = hand
        for mask in played:
            seen |= mask
        unseen = FULL_MASK & ~seen
        size = HAND_SIZE[n]
        counts = [size - played[s].bit_count() for s in range(n)] + [36 - n * size]
        counts[view.seat] = hand.bit_count()
        if view.phase in _BLIND_PHASES:  # 2 players: what the seat gave up so far is out too
            counts[n] = 36 - sum(counts[:n])
        holds = [0] * (n + 1)
        six, shown = six_of(t), view.shown.index
        exchanger = view.six_holder_exchanged
        taker = view.aside_taken_by
        left_aside = six if exchanger is not None else shown
        holds[taker if taker is not None else n] |= BITS[left_aside]
        if exchanger is not None:
            holds[n if exchanger == taker else exchanger] |= BITS[shown]
        holder = view.six_holder
        if holder is None:  # nobody was asked about the 6: it is the shown card, or in the aside
            if six != shown:
                holds[taker if taker is not None else n] |= BITS[six]
        elif exchanger is None:  # its holder kept it (or gave it up with the hand)
            holds[n if holder == taker else holder] |= BITS[six]
        if view.phase in _BLIND_PHASES:  # 2 players: nobody was asked about the 6 yet
            holds[n] &= ~BITS[six] | BITS[shown]
        if taker == view.seat or n == 2:  # 2 players: the cards it gave up for its blind
            holds[n] |= given_up | view.given_up.mask
        for pile in range(n + 1):
            holds[pile] &= unseen
        forbidden[view.seat] = FULL_MASK & ~hand
        holds[view.seat] = hand
        return cls(view.seat, n, t, hand, unseen, tuple(counts), tuple(forbidden),
                   tuple(holds), tuple(played))

    def may_hold(self, pile: int) -> int:
        """Unseen cards ``pile`` may hold."""
        return self.unseen & ~self.forbidden[pile]


def sample_pomme_world(knowledge: PommeKnowledge, rng: random.Random) -> list[int]:
    """``n + 1`` masks (the hands in seat order, then the cards out of play) that agree
    with ``knowledge``: the own hand as it is, every other pile its count, no card where
    a void forbids it, the known cards where they are."""
    return deal_unseen(knowledge, rng)


__all__ = ["PommeKnowledge", "sample_pomme_world", "six_of"]
