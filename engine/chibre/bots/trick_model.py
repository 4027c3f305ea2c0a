"""The trick in progress searched against opponents who play by rules of thumb.

A double-dummy search lets each opponent answer with the card that is best
when every hand is open. Players at a real table do not see through the cards;
the expert's inference (``engine.chibre.bots.inference``) already reads their past
plays as those of a careful club player, the heuristic bot's rules. For the
rest of the trick in progress the expert expects the same: in each sampled
deal, an opponent still to play in the trick plays the card those rules choose
from its hand in that deal and what it has seen (``engine.chibre.bots.heuristic.play``);
the partner's cards are searched, the best for the team kept. From the next
trick on, ``estimate`` scores the rest of the round with the hands open: the
search's evaluation (``engine.chibre.bots.rollout.blended_estimate``) while more than
``Budget.exact`` tricks are left and ``Budget.depth`` is 1, an exact
``engine.dds`` solution in the endgame once the match bonus is out of reach
(``Budget.model``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.cards import Card
from engine.cardset import CardSet, mask_indexes
from engine.chibre.bots.heuristic import play as heuristic_play
from engine.chibre.game import GameView, Phase
from engine.dds import Estimate
from engine.play import legal_mask, trick_state, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import POINTS

#: A card chosen for one opponent: (seat, its hand, the trick so far) -> card index.
Choices = dict[tuple[int, int, tuple[int, ...]], int]


class TrickModel:
    """Values of the legal cards of ``view``'s seat in one deal after another;
    the opponents' choices are remembered across deals (``cache``). With ``partner`` the
    partner still to play in the trick plays by the rules as well, instead of searched."""

    def __init__(self, view: GameView, estimate: Estimate, partner: bool = False) -> None:
        if view.trump is None:
            raise ValueError("a trick model needs the trump chosen")
        self.view = view
        self.t = int(view.trump)
        self.team = view.seat % 2
        self.estimate = estimate
        self.tricks_left = 9 - len(view.tricks)
        self.cache: Choices = {}
        self.evaluations = 0  # calls of ``estimate``, the work of a search
        self.partner = partner  # the partner still to play plays by the rules too

    def values(self, hands: Sequence[int]) -> dict[int, int]:
        """Points for the team, from this trick on, of each legal card of the seat
        to move in the deal ``hands`` (four masks, seat-indexed)."""
        trick = tuple(c.index for c in self.view.trick)
        seat = self.view.seat
        led, high = trick_state(list(trick), self.t)
        out = {}
        for card in mask_indexes(legal_mask(hands[seat], led, high, self.t)):
            after = list(hands)
            after[seat] ^= 1 << card
            out[card] = self._rest((*trick, card), after)
        return out

    def _rest(self, trick: tuple[int, ...], hands: list[int]) -> int:
        """Best value for the team once ``trick`` has been played so far."""
        leader = self.view.leader
        if len(trick) == 4:
            winner = (leader + winner_index(trick, self.t)) % 4
            points = sum(POINTS[self.t][c] for c in trick)
            if self.tricks_left == 1:
                points, later = points + LAST_TRICK_BONUS, 0
            else:
                self.evaluations += 1
                later = self.estimate(hands, winner, self.t, self.team, self.tricks_left - 1)
            return (points if winner % 2 == self.team else 0) + later
        seat = (leader + len(trick)) % 4
        if seat % 2 != self.team or self.partner:
            options = [self.choice(seat, hands[seat], trick)]
        else:
            led, high = trick_state(list(trick), self.t)
            options = mask_indexes(legal_mask(hands[seat], led, high, self.t))
        best = None
        for card in options:
            after = list(hands)
            after[seat] ^= 1 << card
            value = self._rest((*trick, card), after)
            best = value if best is None else max(best, value)
        assert best is not None
        return best

    def choice(self, seat: int, hand: int, trick: tuple[int, ...]) -> int:
        """The card the heuristic rules play for ``seat`` holding ``hand``."""
        key = (seat, hand, trick)
        card = self.cache.get(key)
        if card is None:
            card = heuristic_play(dataclasses.replace(
                self.view, seat=seat, phase=Phase.PLAY, current_player=seat,
                hand=CardSet.from_mask(hand), trick=tuple(Card.from_index(c) for c in trick),
                own_weis=(), legal_actions=()))
            self.cache[key] = card
        return card


__all__ = ["TrickModel"]
