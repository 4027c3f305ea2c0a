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
from engine.chibre.bots.expert import EXPERT_1_BUDGET, EXPERT_BUDGET, ExpertBot
from engine.chibre.bots.heuristic import HeuristicBot
from engine.chibre.bots.random_bot import RandomBot
from engine.chibre.conventions import NO_CONVENTIONS, Conventions

BOT_NAMES: Final = ("random", "heuristic", "expert")
#: The arena's bots: ``BOT_NAMES`` and the earlier experts kept under their own names, so that a
#: new expert can be measured against them again (``expert-1``: the expert of 2026-11-27).
ARENA_BOT_NAMES: Final = (*BOT_NAMES, "expert-1")
#: Each expert's own budget (``engine.chibre.bots.expert``).
EXPERT_BUDGETS: Final = {"expert": EXPERT_BUDGET, "expert-1": EXPERT_1_BUDGET}


def make_bot(name: str, seed: int = 0, budget: Budget | None = None,
             conventions: Conventions = NO_CONVENTIONS) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``expert``, or an earlier expert of
    ``ARENA_BOT_NAMES``) with its own seed;
    ``budget`` sets how much the expert searches; ``conventions`` are the table's
    (``engine.chibre.conventions``: none by default), which the heuristic and the expert keep and
    read in their partner's cards (the random bot plays at random whatever is agreed)."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed, conventions=conventions)
    if name in EXPERT_BUDGETS:
        bot = ExpertBot(seed, budget if budget is not None else EXPERT_BUDGETS[name], conventions)
        bot.name = name
        return bot
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(ARENA_BOT_NAMES)}")


__all__ = ["ARENA_BOT_NAMES", "BOT_NAMES", "EXPERT_BUDGETS", "Bot", "Budget", "ExpertBot",
           "HeuristicBot", "RandomBot", "decide", "make_bot", "play_game", "play_round"]
