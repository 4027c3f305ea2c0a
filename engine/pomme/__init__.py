"""Pomme (Putz) for 3 or 5 players, R-POMME: everything of the game in one folder.

- ``game``: the rules as a checked state machine (``PommeGame``, ``PommeView``, the deal, the
  marks), whose names this package exports: Pomme is reached as ``engine.pomme``;
- ``coach``: the Pomme coach (``pomme_assess``, ``pomme_advise``, its own mistake threshold);
- ``bots``: random, heuristic and expert (``make_pomme_bot``), with the expert's ``expert``,
  ``knowledge`` (what each seat may hold), ``position`` (hand evaluation) and ``search``;
- the events are in ``engine.events``, the duplicate matches in ``engine.arena.pomme``.

The coach and the bots are imported on first use (``engine.__init__``), not with the game.
"""

from engine.pomme import game as _game
from engine.pomme.game import *  # noqa: F403  (the game's public names: its __all__)

__all__ = _game.__all__
