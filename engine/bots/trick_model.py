"""The trick in progress searched against opponents who play by rules of thumb.

A double-dummy search lets each opponent answer with the card that is best
when every hand is open. Players at a real table do not see through the cards;
the expert's inference (``engine.bots.inference``) already reads their past
plays as those of a careful club player, the heuristic bot's rules. For the
rest of the trick in progress the expert expects the same: in each sampled
deal, an opponent still to play in the trick plays the card those rules choose
from its hand in that deal and what it has seen (``engine.bots.heuristic.play``);
the partner's cards are searched, the best for the team kept. From the next
trick on, ``estimate`` scores the rest of the round with the hands open: the
search's evaluation (a greedy playout) while more than ``Budget.exact`` tricks
are left and ``Budget.depth`` is 1, an exact ``engine.dds`` solution in the
endgame once the match bonus is out of reach (``Budget.model``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.bots.heuristic import play as heuristic_play
from engine.cards import Card
from engine.cardset import CardSet, mask_indexes
from engine.dds import LAST_TRICK, Estimate
from engine.events import TrickWon
from engine.game import GameView, Phase
from engine.play import legal_mask, trick_state
from engine.tables import KEYS, POINTS, SUIT_OF

#: A card chosen for one opponent: (seat, its hand, the trick so far, the tricks
#: before it) -> card index.
Choices = dict[tuple[int, int, tuple[int, ...], tuple[TrickWon, ...]], int]


class TrickModel:
    """Values of the legal cards of ``view``'s seat in one deal after another;
    the opponents' choices are remembered across deals (``cache``).

    ``tricks``: how many tricks, the one in progress first, are played against
    the modelled opponents before ``estimate`` scores the rest.
    """

    def __init__(self, view: GameView, estimate: Estimate, tricks: int = 1) -> None:
        if view.trump is None:
            raise ValueError("a trick model needs the trump chosen")
        if tricks < 1:
            raise ValueError("a trick model plays at least the trick in progress")
        self.view = view
        self.t = int(view.trump)
        self.team = view.seat % 2
        self.estimate = estimate
        self.tricks = tricks
        self.cache: Choices = {}
        self.evaluations = 0  # calls of ``estimate``, the work of a search

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
            out[card] = self._rest(self.view, (*trick, card), after, self.tricks)
        return out

    def _rest(self, view: GameView, trick: tuple[int, ...], hands: list[int],
              tricks: int) -> int:
        """Best value for the team once ``trick`` has been played so far in the
        trick that ``view`` shows led; ``tricks`` modelled tricks to go."""
        leader = view.leader
        if len(trick) == 4:
            winner, points = self._winner(leader, trick)
            left = 8 - len(view.tricks)
            if left == 0:
                points += LAST_TRICK
            own = points if winner % 2 == self.team else 0
            if left == 0:
                return own
            if tricks > 1:
                won = TrickWon(len(view.tricks), leader,
                               (Card.from_index(trick[0]), Card.from_index(trick[1]),
                                Card.from_index(trick[2]), Card.from_index(trick[3])),
                               winner, points)
                following = dataclasses.replace(view, leader=winner, trick=(),
                                                tricks=(*view.tricks, won))
                return own + self._rest(following, (), hands, tricks - 1)
            self.evaluations += 1
            return own + self.estimate(hands, winner, self.t, self.team, left)
        seat = (leader + len(trick)) % 4
        if seat % 2 != self.team:
            options = [self.choice(view, seat, hands[seat], trick)]
        else:
            led, high = trick_state(list(trick), self.t)
            options = mask_indexes(legal_mask(hands[seat], led, high, self.t))
        best = None
        for card in options:
            after = list(hands)
            after[seat] ^= 1 << card
            value = self._rest(view, (*trick, card), after, tricks)
            best = value if best is None else max(best, value)
        assert best is not None
        return best

    def _winner(self, leader: int, trick: tuple[int, ...]) -> tuple[int, int]:
        """(winning seat, card points) of a full trick."""
        keys = KEYS[self.t][SUIT_OF[trick[0]]]
        best = max(range(4), key=lambda i: keys[trick[i]])
        return (leader + best) % 4, sum(POINTS[self.t][c] for c in trick)

    def choice(self, view: GameView, seat: int, hand: int, trick: tuple[int, ...]) -> int:
        """The card the heuristic rules play for ``seat`` holding ``hand`` in the
        trick that ``view`` shows led."""
        key = (seat, hand, trick, view.tricks)
        card = self.cache.get(key)
        if card is None:
            card = heuristic_play(dataclasses.replace(
                view, seat=seat, phase=Phase.PLAY, current_player=seat,
                hand=CardSet.from_mask(hand), trick=tuple(Card.from_index(c) for c in trick),
                own_weis=(), legal_actions=()))
            self.cache[key] = card
        return card


__all__ = ["TrickModel"]
