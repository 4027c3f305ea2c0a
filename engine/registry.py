"""The games the engine plays, each described once: what the notation, the saved games and the
tutor ask instead of testing for one game's events (python-chess's ``VARIANTS`` and
OpenSpiel's registered games are the models).

>>> [spec.key for spec in GAMES]
['chibre', 'pomme']
>>> spec_of(PommeGame(3, seed=1).events).players
(2, 3, 5)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final

from engine.chibre.events import GameStarted
from engine.chibre.game import Game
from engine.events import Event
from engine.pomme.events import PommeStarted
from engine.pomme.game import POMME_PLAYERS, PommeGame

#: A game of either kind, as its ``from_events`` replays it.
AnyGame = Game | PommeGame


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game: its ``key`` (what saved options and the tutor name it by), its English
    ``title``, the numbers of ``players`` it is played by, the event that starts it, how a
    saved game of it is replayed, its bots and its coach (both imported on first use: the
    search is heavy)."""

    key: str
    title: str
    players: tuple[int, ...]
    start: type[Event]
    replay: Callable[[Sequence[Event]], AnyGame]
    seats_of: Callable[[Any], int]
    bots_module: str
    bot_maker: str
    coach_module: str

    def _load(self, module: str, name: str) -> Any:
        import importlib

        return getattr(importlib.import_module(module), name)

    def begins(self, events: Sequence[Event]) -> bool:
        """Whether ``events`` begin as a game of this kind does."""
        return bool(events) and isinstance(events[0], self.start)

    def seat_count(self, events: Sequence[Event]) -> int:
        """How many players the game ``events`` begin is played by."""
        if not self.begins(events):
            raise ValueError(f"not a game of {self.title}: it begins with "
                             f"{type(events[0]).__name__ if events else 'no event'}")
        return self.seats_of(events[0])

    def make_bot(self, name: str, seed: int = 0, budget: Any = None) -> Any:
        """A bot of this game by level name (``random``, ``heuristic``, ``expert``)."""
        return self._load(self.bots_module, self.bot_maker)(name, seed, budget)

    def assess(self, view: Any, budget: Any = None, seed: int = 0) -> list[Any]:
        """The game's coach on the seat to move of ``view``: every legal action, best first
        (``engine.chibre.coach.assess``, ``engine.pomme.coach.assess``)."""
        assess = self._load(self.coach_module, "assess")
        found: list[Any] = (assess(view, seed=seed) if budget is None
                            else assess(view, budget, seed))
        return found


CHIBRE_GAME: Final = GameSpec("chibre", "Chibre", (4,), GameStarted, Game.from_events,
                              lambda start: 4, "engine.chibre.bots", "make_bot",
                              "engine.chibre.coach")
POMME_GAME: Final = GameSpec("pomme", "Pomme", POMME_PLAYERS, PommeStarted,
                             PommeGame.from_events, lambda start: start.players,
                             "engine.pomme.bots", "make_pomme_bot", "engine.pomme.coach")
#: Every game, Chibre first (a text or a saved game that names none is read as Chibre's).
GAMES: Final[tuple[GameSpec, ...]] = (CHIBRE_GAME, POMME_GAME)


def spec_of(events: Sequence[Event]) -> GameSpec:
    """The game ``events`` begin, by their first event; Chibre's when none says otherwise
    (its replay then names what is wrong)."""
    return next((spec for spec in GAMES[1:] if spec.begins(events)), CHIBRE_GAME)


def game_spec(key: str) -> GameSpec:
    """The game named ``key``; ``KeyError`` naming the games there are."""
    for spec in GAMES:
        if spec.key == key:
            return spec
    raise KeyError(f"no game {key!r}: the games are {', '.join(s.key for s in GAMES)}")
