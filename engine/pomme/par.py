"""Pomme's par: a round's points and mark against the expert's from the same cards (issue 32).

When a round ends, it is played again from the same deal and dealer (``engine.par``), the
learner's seat taken by the Pomme expert and every other seat by a bot of the level it had at
the table. The other seats play as they did for as long as the replay goes exactly as the real
round did, then by fresh bots seeded from the game's seed, the round and the seat: a learner who
chose as the expert would has par 0, and the same arguments give the same par. Every bot decides
from ``game.view(seat)`` alone: no open hands.

Each player plays for themselves, so the par is the seat's own: its points in the real round
(``PommeRoundScored.points``) and in the replay, and the mark each gave (an apple, Putz points
or nothing, ``pomme_marks``). A round of Pomme is always played out: every scored round has a
par; a round not scored yet has none (``None``).

>>> from engine.pomme.bots import make_pomme_bot, play_pomme_round
>>> from engine.pomme.expert import PommeBudget
>>> game = PommeGame(3, seed=3)
>>> play_pomme_round(game, [make_pomme_bot("heuristic", seat) for seat in range(3)])
>>> small = PommeBudget(worlds=2, exact_worlds=1, start_worlds=2)
>>> result = pomme_round_par(game.events, 0, ("learner", "heuristic", "heuristic"),
...                          budget=small)
>>> result.par == result.actual - result.expert
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.par import deal_index, play_out, replay_seed, round_events
from engine.pomme.bots import POMME_BOT_NAMES, PommeBot, make_pomme_bot
from engine.pomme.events import POMME_ACTION_EVENTS, BlindsDealt, PommeRoundScored, PommeStarted
from engine.pomme.expert import PommeBudget
from engine.pomme.game import PommeGame, pomme_action_of

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event


@dataclasses.dataclass(frozen=True)
class PommeRoundPar:
    """The points and mark of ``seat`` (the learner's) in round ``round``, and the expert's
    in its place from the same deal."""

    round: int
    seat: int
    actual: int  # the seat's points in the real round
    expert: int  # the expert's points in the replay, in that seat
    actual_mark: int  # the seat's mark in the real round (-1 an apple, +1 to +3 Putz points)
    expert_mark: int  # the expert's mark in the replay

    @property
    def par(self) -> int:
        """Points above (positive) or below (negative) the expert's play of the same cards."""
        return self.actual - self.expert


def real_pomme_round(events: Sequence[Event], round_number: int) -> PommeRoundScored | None:
    """The ``PommeRoundScored`` of round ``round_number`` once it was played, else ``None``."""
    return next((e for e in round_events(events, round_number)
                 if isinstance(e, PommeRoundScored)), None)


def pomme_replay_bots(seats: Sequence[str], seat: int, round_number: int, seed: int = 0,
                      budget: PommeBudget | None = None) -> list[PommeBot]:
    """The fresh bots of a replay: the expert (``budget``) at ``seat``, and at every other seat
    a bot of the level ``seats`` names (an expert with the same ``budget``)."""
    if seat not in range(len(seats)):
        raise ValueError(f"seat must be 0-{len(seats) - 1}, not {seat!r}")
    for other, name in enumerate(seats):
        if other != seat and name not in POMME_BOT_NAMES:
            raise ValueError(f"seat {other} is {name!r}: the other seats are bots "
                             f"({', '.join(POMME_BOT_NAMES)})")
    return [make_pomme_bot("expert" if s == seat else seats[s],
                           replay_seed(seed, round_number, s, seats=len(seats)), budget)
            for s in range(len(seats))]


def replay_pomme_round(events: Sequence[Event], round_number: int, bots: Sequence[PommeBot],
                       follow: Sequence[int] = ()) -> PommeRoundScored:
    """Round ``round_number`` of the game of ``events`` played again by ``bots`` (one per
    seat) from the same deal and dealer, the seats in ``follow`` making their real decisions
    while the replay goes as the real round did (``engine.par.play_out``); its score.
    ``ValueError`` if the game never dealt that round or its events do not replay."""
    if not events or not isinstance(events[0], PommeStarted):
        raise ValueError("events must begin with PommeStarted")
    if len(bots) != events[0].players:
        raise ValueError(f"{events[0].players} players need {events[0].players} bots, "
                         f"not {len(bots)}")
    dealt = deal_index(events, round_number) + 1
    while dealt < len(events) and isinstance(events[dealt], BlindsDealt):
        dealt += 1  # two players: the blinds are part of the deal (R-POMME-TWO)
    game = PommeGame.from_events(events[:dealt])
    real = [e for e in round_events(events, round_number) if isinstance(e, POMME_ACTION_EVENTS)]
    play_out(game, round_number, real, pomme_action_of,
             lambda s: bots[s].choose_action(game.view(s)), follow)
    return next(e for e in round_events(game.events, round_number)
                if isinstance(e, PommeRoundScored))


def pomme_round_par(events: Sequence[Event], round_number: int, seats: Sequence[str],
                    seat: int = 0, budget: PommeBudget | None = None, seed: int = 0, *,
                    follow: bool = True) -> PommeRoundPar | None:
    """The par of round ``round_number`` for ``seat`` (the learner's), or ``None`` if that
    round was not scored in the real game (module docstring). The expert searches with
    ``budget`` (``None``: its default); the bots are seeded from ``seed``, the round and the
    seat. Slow (a search per expert decision): run it off the UI thread."""
    scored = real_pomme_round(events, round_number)
    if scored is None:
        return None
    bots = pomme_replay_bots(seats, seat, round_number, seed, budget)
    others = [s for s in range(len(seats)) if s != seat] if follow else []
    replayed = replay_pomme_round(events, round_number, bots, others)
    return PommeRoundPar(round_number, seat, scored.points[seat], replayed.points[seat],
                         scored.marks[seat], replayed.marks[seat])


__all__ = ["PommeRoundPar", "pomme_replay_bots", "pomme_round_par", "real_pomme_round",
           "replay_pomme_round"]
