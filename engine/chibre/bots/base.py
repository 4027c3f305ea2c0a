"""The one ``Bot`` protocol, its search budget, and a driver for whole rounds and games.

A bot sees only ``game.view(seat)`` (STYLE.md 12). Each bot owns a seeded
``random.Random``, so a game between seeded bots replays exactly.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.cards import Card, Chibre, Trump
from engine.chibre.game import Action, Game, GameView, Phase, WeisChoice


class Bot(Protocol):
    """A player: answers for the seat of the view it is given."""

    name: str

    def choose_trump(self, view: GameView) -> Trump | Chibre:
        """A trump suit, or ``CHIBRE`` to pass the choice to the partner."""
        ...

    def choose_weis(self, view: GameView) -> WeisChoice:
        """Announce or keep quiet the announcements of the hand (first card only)."""
        ...

    def choose_card(self, view: GameView) -> Card:
        """A legal card of the hand."""
        ...


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much a searching bot may think, in work rather than seconds (so a
    seed gives the same play on any machine).

    ``worlds``: deals sampled per card decision; ``depth``: tricks searched
    before the evaluation while more than ``exact`` tricks are left; with
    ``exact`` tricks or fewer left the search runs to the end of the round.
    ``work``: once the
    searches of a decision have cost this much (nodes, plus ``EVALUATION_WORK``
    per evaluation at the depth limit), no more deals are sampled beyond
    ``min_worlds``; it keeps the slowest decisions in bounds. ``pool``: for a
    card, ``pool`` times as many deals are sampled as are searched, and the
    searched ones are drawn from them in proportion to how well they explain
    the opponents' plays so far (``engine.chibre.bots.inference``). ``model``: the
    opponents still to play in the trick in progress play the heuristic rules'
    card instead of the double-dummy best (``engine.chibre.bots.trick_model``; at
    ``depth`` 1, and in the endgame once no team can take every trick). ``distinct``: the
    searched deals are drawn from the pool without putting any back (each weighed deal at most
    once, so a mean over them is over ``worlds`` different deals), rather than with repeats.
    ``misfit``: a pooled deal's weight is this to the number of the opponents' plays the rules
    would not have made with its cards (``engine.chibre.bots.inference.PlayModel``).
    ``evaluation``: how the rest of the round is scored at the depth limit, by name
    (``engine.chibre.bots.rollout.EVALUATIONS``). ``trump``: how trump is named, by name
    (``engine.chibre.bots.expert.TRUMP_CHOOSERS``). ``play``: ``search``, or ``rules`` for the
    heuristic bot's card play (the arena's way to measure a trump chooser on its own).
    """

    worlds: int = 32
    depth: int = 1
    exact: int = 4
    deep_worlds: int = 10  # worlds when the search is exact or deeper than 1 trick
    work: int = 40_000
    min_worlds: int = 6
    deeper: int = 0  # with this many tricks left or fewer (but more than ``exact``): depth + 1
    pool: int = 16  # deals sampled per world kept, weighed by the opponents' plays (1: off)
    model: bool = True  # the opponents in the trick play by rules (trick_model)
    distinct: bool = False  # the weighed draw from the pool without repeats
    misfit: float = 0.01  # the weight of a deal per opponent play the rules would not have made
    evaluation: str = "blend"  # the depth limit's score: blend, playout or material (EVALUATIONS)
    trump: str = "fit"  # how trump is chosen, by name (expert.TRUMP_CHOOSERS)
    partner_rules: bool = False  # with ``model``, the partner in the trick plays by the rules too
    play: str = "search"  # "rules": the cards by the heuristic's rules, to measure trump alone

    def depth_for(self, tricks_left: int) -> int | None:
        """Tricks to search with ``tricks_left`` left (``None``: to the end)."""
        if tricks_left <= self.exact:
            return None
        return self.depth + 1 if tricks_left <= self.deeper else self.depth


#: The work of one evaluation at the depth limit (a greedy playout) in search nodes.
EVALUATION_WORK = 25

#: The Play table's experts think this much: less than the arena's expert (``Budget()``),
#: because the learner waits for them. The table's coach thinks the same without weighing the
#: deals by the opponents' plays (``engine.chibre.coach.TABLE_COACH_BUDGET``).
TABLE_BUDGET = Budget(worlds=16, deep_worlds=6, work=20_000, min_worlds=4)


def decide(bot: Bot, view: GameView) -> Action:
    """The bot's action for the phase of ``view`` (the seat to move)."""
    if view.phase is Phase.TRUMP:
        return bot.choose_trump(view)
    if view.phase is Phase.WEIS:
        return bot.choose_weis(view)
    if view.phase is Phase.PLAY:
        return bot.choose_card(view)
    raise ValueError("the game is over: there is nothing to decide")


Timer = Callable[[int, Action, float], None]
"""Called after each decision with (seat, action, seconds it took)."""


def play_round(game: Game, bots: Sequence[Bot], timer: Timer | None = None) -> None:
    """Let the four ``bots`` (one per seat) play the round in progress to its end."""
    start = game.round
    while game.round == start and not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        began = time.perf_counter()
        action = decide(bots[seat], view)
        if timer is not None:
            timer(seat, action, time.perf_counter() - began)
        game.apply(action)


def play_game(game: Game, bots: Sequence[Bot], timer: Timer | None = None) -> None:
    """Let the four ``bots`` play ``game`` to its end."""
    while not game.is_over:
        play_round(game, bots, timer)


__all__ = ["Bot", "Budget", "Timer", "decide", "play_game", "play_round"]
