"""Chibre's computer players: ``random``, ``heuristic`` and ``expert`` (DESIGN.md
``engine.chibre.bots``).

Every bot answers the one ``Bot`` protocol from a ``GameView`` only. Pomme's bots are Pomme's
(``engine.pomme.bots``: ``make_pomme_bot``, answering ``PommeBot`` from a ``PommeView``).

>>> from engine.chibre.game import Game
>>> game = Game(seed=2)
>>> bots = [make_bot("heuristic", seed) for seed in range(4)]
>>> play_round(game, bots)
>>> game.round
1
"""

from __future__ import annotations

from typing import Final

from engine.chibre.bots.base import Bot, Budget, decide, play_game, play_round
from engine.chibre.bots.expert import EXPERT_BUDGET, ExpertBot
from engine.chibre.bots.heuristic import HeuristicBot
from engine.chibre.bots.random_bot import RandomBot
from engine.chibre.conventions import NO_CONVENTIONS, Conventions

BOT_NAMES: Final = ("random", "heuristic", "expert")


def make_bot(name: str, seed: int = 0, budget: Budget | None = None,
             conventions: Conventions = NO_CONVENTIONS) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``expert``) with its own seed;
    ``budget`` sets how much the expert searches; ``conventions`` are the table's
    (``engine.chibre.conventions``: none by default), which the heuristic and the expert keep and
    read in their partner's cards (the random bot plays at random whatever is agreed)."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed, conventions=conventions)
    if name == "expert":
        return ExpertBot(seed, budget if budget is not None else EXPERT_BUDGET, conventions)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "Budget", "ExpertBot", "HeuristicBot", "RandomBot", "decide",
           "make_bot", "play_game", "play_round"]
