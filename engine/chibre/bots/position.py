"""The trick in progress as one seat sees it: shared checks of the heuristic bot
and the coach (who wins so far, can a card win, can someone still beat it).

Every check reads only the view and what ``Knowledge`` infers from it.
"""

from __future__ import annotations

from engine.cardset import mask_indexes as bits
from engine.chibre.bots.knowledge import Knowledge
from engine.chibre.conventions import NO_CONVENTIONS, Conventions
from engine.chibre.game import GameView
from engine.play import legal_mask, trick_state, winner_index
from engine.position import NELL_RANK, TrickPosition
from engine.tables import BUUR_BIT, KEYS, NO_TRUMP, POINTS, TRUMP_MASK, TRUMP_SUIT


class Position(TrickPosition):
    """The seat to move, during card play (trump chosen); its rivals are the opponents still
    to play."""

    know: Knowledge

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
        self.rivals = [s for s in self.later if s % 2 != self.seat % 2]
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

    def partner_winning(self) -> bool:
        return self.n > 0 and self.win_seat == self.partner

    def partner_safe(self) -> bool:
        """The partner wins the trick so far and no opponent still to play can beat it."""
        if not self.partner_winning():
            return False
        return all(not self.could_beat(s, self.win_key, self.led) for s in self.rivals)

    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)


__all__ = ["NELL_RANK", "Position", "bits"]
