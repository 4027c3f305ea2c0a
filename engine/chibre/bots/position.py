"""The trick in progress as one seat sees it: shared checks of the heuristic bot
and the coach (who wins so far, can a card win, can someone still beat it).

Every check reads only the view and what ``Knowledge`` infers from it.
"""

from __future__ import annotations

from engine.cardset import SUIT_MASKS
from engine.cardset import mask_indexes as bits
from engine.chibre.bots.knowledge import Knowledge
from engine.chibre.conventions import NO_CONVENTIONS, Conventions
from engine.chibre.game import GameView
from engine.play import legal_mask, trick_state, winner_index
from engine.tables import BUUR_BIT, KEYS, NO_TRUMP, POINTS, SUIT_OF, TRUMP_MASK, TRUMP_SUIT

NELL_RANK = 3


class Position:
    """The seat to move, during card play (trump chosen)."""

    def __init__(self, view: GameView, conventions: Conventions = NO_CONVENTIONS) -> None:
        if view.trump is None:
            raise ValueError("a position needs the trump chosen")
        self.view = view
        self.conventions = conventions
        self.t = t = int(view.trump)
        self.seat = view.seat
        self.partner = (view.seat + 2) % 4
        self.know = Knowledge.of(view, conventions)
        self.hand = view.hand.mask
        self.trick = [c.index for c in view.trick]
        self.n = len(self.trick)
        led, high = trick_state(self.trick, t)
        self.led = led
        self.legal = legal_mask(self.hand, led, high, t)
        self.points = sum(POINTS[t][c] for c in self.trick)
        self.tricks_left = 9 - len(view.tricks)
        self.later = [(view.seat + i) % 4 for i in range(1, 4 - self.n)]
        self.tsuit = TRUMP_SUIT[t]
        self.trumps = TRUMP_MASK[t]
        self.buur = BUUR_BIT[t]
        self.nell = 1 << (self.tsuit * 9 + NELL_RANK)
        if self.trick:
            best = winner_index(self.trick, t)
            self.win_card = self.trick[best]
            self.win_key = KEYS[t][led][self.win_card]
            self.win_seat = (view.leader + best) % 4
        else:
            self.win_key, self.win_card, self.win_seat = -1, NO_TRUMP, -1

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
        return self.n == 0 or self.key(card) > self.win_key

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
        """``card``, taking the lead now, cannot be beaten by an opponent still to play."""
        led = self.led if self.led >= 0 else SUIT_OF[card]
        key = KEYS[self.t][led][card]
        return all(not self.could_beat(s, key, led) for s in self.later if s % 2 != self.seat % 2)

    def partner_winning(self) -> bool:
        return self.n > 0 and self.win_seat == self.partner

    def partner_safe(self) -> bool:
        """The partner wins the trick so far and no opponent still to play can beat it."""
        if not self.partner_winning():
            return False
        return all(not self.could_beat(s, self.win_key, self.led)
                   for s in self.later if s % 2 != self.seat % 2)

    def may_hold_trumps(self, seat: int) -> bool:
        return bool(self.know.may_hold(seat) & self.trumps)

    def void_in(self, seat: int, suit: int) -> bool:
        return not self.know.may_hold(seat) & SUIT_MASKS[suit]

    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)

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


__all__ = ["NELL_RANK", "Position", "bits"]
