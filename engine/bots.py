"""Chibre's bots by the name DESIGN.md's stable API gives them (``engine.bots.make_bot``): they
are ``engine.chibre.bots``; Pomme's are ``engine.pomme.bots``."""

from engine.chibre.bots import (
    BOT_NAMES,
    Bot,
    Budget,
    ExpertBot,
    HeuristicBot,
    RandomBot,
    decide,
    make_bot,
    play_game,
    play_round,
)

__all__ = ["BOT_NAMES", "Bot", "Budget", "ExpertBot", "HeuristicBot", "RandomBot", "decide",
           "make_bot", "play_game", "play_round"]
