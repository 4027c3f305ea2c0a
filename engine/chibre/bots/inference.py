"""How likely a sampled world makes the opponents' plays seen so far.

A careful player's cards tell on its hand: a seat that led a low card of a
suit probably held no master card it would have cashed; a seat that did not
give points to its winning partner probably had none to give. ``PlayModel``
replays each card an opponent has played this round with the heuristic bot's
rules (``engine.chibre.bots.heuristic``), as if that seat held the world's cards (its
hand in the world, plus the cards it played since), and counts the plays the
rules would not have made. A world with fewer such misfits is more likely; the
expert weighs its sampled worlds by ``MISFIT_WEIGHT`` to the number of misfits.

Only what the seat of the view saw is read: the tricks, the trick in progress,
and the world's hands, which are sampled from that seat's knowledge.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from engine.cards import Card
from engine.cardset import CardSet
from engine.chibre.bots.heuristic import play as heuristic_play
from engine.chibre.game import GameView, Phase

#: The weight of a world per opponent play the heuristic rules would not have made.
MISFIT_WEIGHT: Final = 0.01


@dataclasses.dataclass(frozen=True)
class _Play:
    seat: int
    card: int
    later: int  # cards the seat played after this one (this one included)
    view: GameView  # the table as the seat saw it then, its hand left empty


class PlayModel:
    """The opponents' past plays of one view, to weigh sampled worlds."""

    def __init__(self, view: GameView, misfit: float = MISFIT_WEIGHT) -> None:
        self.misfit = misfit
        plays: list[_Play] = []
        opponents = {(view.seat + 1) % 4, (view.seat + 3) % 4}
        tricks = list(view.tricks)
        sequences: list[tuple[int, int, tuple[Card, ...]]] = [
            (k, trick.leader, trick.cards) for k, trick in enumerate(tricks)]
        sequences.append((len(tricks), view.leader, view.trick))
        played_after = [0, 0, 0, 0]
        for k, leader, cards in reversed(sequences):
            for i in reversed(range(len(cards))):
                seat = (leader + i) % 4
                card = cards[i].index
                played_after[seat] |= 1 << card
                if seat not in opponents:
                    continue
                past = dataclasses.replace(
                    view, seat=seat, phase=Phase.PLAY, current_player=seat,
                    hand=CardSet.from_mask(0), leader=leader, trick=tuple(cards[:i]),
                    tricks=tuple(tricks[:k]), weis_scored=view.weis_scored if k else None,
                    own_weis=(), legal_actions=())
                plays.append(_Play(seat, card, played_after[seat], past))
        self.plays = plays
        self._cache: dict[tuple[int, int], bool] = {}

    def misfits(self, hands: list[int]) -> int:
        """Opponent plays the heuristic rules would not have made with ``hands``."""
        count = 0
        for n, play in enumerate(self.plays):
            hand = hands[play.seat] | play.later
            key = (n, hand)
            fits = self._cache.get(key)
            if fits is None:
                fits = heuristic_play(dataclasses.replace(
                    play.view, hand=CardSet.from_mask(hand))) == play.card
                self._cache[key] = fits
            count += not fits
        return count

    def weight(self, hands: list[int]) -> float:
        """``misfit`` (``MISFIT_WEIGHT`` unless told) to the number of misfits of ``hands``."""
        return float(self.misfit ** self.misfits(hands)) if self.plays else 1.0


__all__ = ["MISFIT_WEIGHT", "PlayModel"]
