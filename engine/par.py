"""Par for every game: a round played again from the same deal with the expert in the learner's
seat (issue 15, item 9; issue 32, item 2).

What does not depend on the game is here, once: a round's events, the seed of a replay's fresh
bot, and the replay itself — the real game up to the round's deal, then the round played out,
the other seats making their real decisions for as long as the replay goes exactly as the real
round did (their positions are then the very ones they decided from), every seat deciding by
its bot from the first action that differs. Each game says what is its own: how its game is
rebuilt at the deal, how an event is turned back into its action, how its bots decide, and
what it counts (``engine.chibre.par`` for Chibre's team points, ``engine.pomme.par`` for a
Pomme player's points and mark).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from engine.chibre.events import Dealt
from engine.pomme.events import PommeDealt
from engine.replay import EventGame

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event

#: The events that open a round, of either game (each has its ``round``).
DEAL_EVENTS = (Dealt, PommeDealt)


GameT = TypeVar("GameT", bound=EventGame)


def round_events(events: Sequence[Event], round_number: int) -> list[Event]:
    """The events of round ``round_number``: from its deal to the next deal or the end."""
    found: list[Event] = []
    current = -1
    for event in events:
        if isinstance(event, DEAL_EVENTS):
            current = event.round
        if current == round_number:
            found.append(event)
        elif current > round_number:
            break
    return found


def deal_index(events: Sequence[Event], round_number: int) -> int:
    """Where round ``round_number`` is dealt in ``events``; ``ValueError`` if it never was."""
    dealt = next((i for i, e in enumerate(events)
                  if isinstance(e, DEAL_EVENTS) and e.round == round_number), None)
    if dealt is None:
        raise ValueError(f"round {round_number} was never dealt")
    return dealt


def replay_seed(seed: int, round_number: int, seat: int, replay: int = 0,
                seats: int = 4) -> int:
    """The seed of the fresh bot of ``seat`` in replay ``replay`` of round ``round_number``,
    at a table of ``seats``."""
    return ((seed * 1_000_003 + round_number) * 101 + replay) * seats + seat


def play_out(game: GameT, round_number: int, real: Sequence[Event],
             action_of: Callable[[Event], Any], decide: Callable[[int], Any],
             follow: Collection[int] = ()) -> GameT:
    """Play round ``round_number`` of ``game`` (at its deal) to its end: the seats in ``follow``
    make their real decisions (the action events ``real`` of that round, turned back into
    actions by ``action_of``) for as long as the replay has gone exactly as the real round;
    every other decision, and all of them from the first action that differs, is
    ``decide(seat)``. ``game``, played out."""
    step = 0
    following = bool(follow)
    while game.round == round_number and not game.is_over:
        seat = game.current_player
        if following and seat in follow and step < len(real):
            action = action_of(real[step])
        else:
            action = decide(seat)
        before = len(game.events)
        game.apply(action)
        if following and (step >= len(real) or game.events[before] != real[step]):
            following = False
        step += 1
    return game


def check_replays(replays: int) -> None:
    """``ValueError`` unless ``replays`` is 1 or more."""
    if replays < 1:
        raise ValueError(f"replays must be 1 or more, not {replays}")


__all__ = ["DEAL_EVENTS", "check_replays", "deal_index", "play_out",
           "replay_seed", "round_events"]
