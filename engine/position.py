"""The trick in progress as the seat to move sees it, for every game: what Chibre's
``engine.chibre.bots.position.Position`` and Pomme's ``engine.pomme.position.PommePosition``
share (who wins so far, can a card win, can a rival still to play beat it, is a card the
master of its suit), and the checks both coaches read of it.

Each game's position sets the attributes below from its view; ``rivals`` are the seats still
to play that play against the seat (Chibre: the opponents among them; Pomme: all of them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from engine.cardset import SUIT_MASKS
from engine.cardset import mask_indexes as bits
from engine.tables import KEYS, POINTS, SUIT_OF

NELL_RANK = 3


class SeatKnowledge(Protocol):
    """What the seat knows of the hidden cards (both games' knowledge)."""

    @property
    def unseen(self) -> int: ...

    def may_hold(self, seat: int) -> int: ...


class TrickPosition:
    """The seat to move during card play (trump known), as card indexes and masks."""

    know: SeatKnowledge
    t: int  # the trump
    tsuit: int  # the trump's suit
    seat: int
    hand: int
    trick: list[int]  # the cards of the trick so far
    led: int  # the suit led, -1 before the lead
    legal: int
    win_key: int  # the key of the card winning the trick so far, -1 before the lead
    later: list[int]  # the seats still to play after this one
    rivals: list[int]  # those of them that play against this seat
    tricks_left: int
    trumps: int
    buur: int
    nell: int

    # -- cards --------------------------------------------------------------------

    def value(self, card: int) -> int:
        return POINTS[self.t][card]

    def is_trump(self, card: int) -> bool:
        return SUIT_OF[card] == self.tsuit

    def key(self, card: int) -> int:
        """Trick strength of ``card`` in this trick (as the lead if the trick is empty)."""
        led = self.led if self.led >= 0 else SUIT_OF[card]
        return KEYS[self.t][led][card]

    def wins_now(self, card: int) -> bool:
        """Playing ``card`` would take the lead of the trick."""
        return not self.trick or self.key(card) > self.win_key

    def could_beat(self, seat: int, key: int, led: int) -> bool:
        """``seat`` may hold a card stronger than ``key`` in a trick led in ``led``."""
        keys = KEYS[self.t][led]
        mask = self.know.may_hold(seat)
        while mask:
            bit = mask & -mask
            mask ^= bit
            if keys[bit.bit_length() - 1] > key:
                return True
        return False

    def safe(self, card: int) -> bool:
        """``card``, taking the lead now, cannot be beaten by a rival still to play."""
        led = self.led if self.led >= 0 else SUIT_OF[card]
        key = KEYS[self.t][led][card]
        return not any(self.could_beat(s, key, led) for s in self.rivals)

    def safe_winners(self) -> list[int]:
        """The legal cards that take the trick for sure."""
        return [c for c in bits(self.legal) if self.wins_now(c) and self.safe(c)]

    def may_hold_trumps(self, seat: int) -> bool:
        return bool(self.know.may_hold(seat) & self.trumps)

    def void_in(self, seat: int, suit: int) -> bool:
        return not self.know.may_hold(seat) & SUIT_MASKS[suit]

    def master(self, card: int) -> bool:
        """No unseen card of its suit is stronger (ignoring trumps on a plain card)."""
        suit = SUIT_OF[card]
        keys = KEYS[self.t][suit]
        mask = self.know.unseen & SUIT_MASKS[suit]
        while mask:
            bit = mask & -mask
            mask ^= bit
            if keys[bit.bit_length() - 1] > keys[card]:
                return False
        return True

    def buur_unseen(self) -> bool:
        """The Buur is in a hand this seat cannot see."""
        return bool(self.know.unseen & self.buur)


P = TypeVar("P", bound=TrickPosition)


def lead_or_follow(pos: P, lead: Callable[[P, list[int]], int],
                   follow: Callable[[P, list[int]], int]) -> int:
    """The card a bot's rules of thumb choose: the only legal card, else ``lead``'s choice
    among the legal cards on an empty trick, else ``follow``'s."""
    cards = bits(pos.legal)
    if len(cards) == 1:
        return cards[0]
    return lead(pos, cards) if not pos.trick else follow(pos, cards)


# -- what both coaches read of a position --------------------------------------------------


def will_be_trumped(pos: TrickPosition, card: int) -> bool:
    """``card``, a plain card that takes the lead, may be trumped by a rival still to play
    who shows void in the suit."""
    if pos.is_trump(card) or not pos.wins_now(card):
        return False
    suit = pos.led if pos.led >= 0 else SUIT_OF[card]
    return any(pos.void_in(s, suit) and pos.may_hold_trumps(s) for s in pos.rivals)


def nell_unguarded(pos: TrickPosition, card: int) -> bool:
    """``card`` is the Nell, the seat's only trump, while the Buur is unseen."""
    return bool(1 << card & pos.nell) and pos.hand & pos.trumps == pos.nell and pos.buur_unseen()


def discards_low(pos: TrickPosition, card: int) -> bool:
    """Following, no legal card takes the lead, and ``card`` is one of the least value."""
    if not pos.trick:
        return False
    cards = bits(pos.legal)
    if any(pos.wins_now(c) for c in cards):
        return False
    return pos.value(card) == min(pos.value(c) for c in cards)


def keeps_last_trick(pos: TrickPosition, card: int) -> bool:
    """With two tricks left, playing ``card`` keeps a single trump that no unseen trump
    beats: the last trick and its 5 are the seat's."""
    if pos.tricks_left != 2:
        return False
    kept = pos.hand & ~(1 << card)
    if kept.bit_count() != 1 or not kept & pos.trumps:
        return False
    keys = KEYS[pos.t][pos.tsuit]
    top = kept.bit_length() - 1
    return all(keys[c] < keys[top] for c in bits(pos.know.unseen & pos.trumps))


__all__ = ["NELL_RANK", "SeatKnowledge", "TrickPosition", "bits", "discards_low",
           "keeps_last_trick", "lead_or_follow", "nell_unguarded", "will_be_trumped"]
