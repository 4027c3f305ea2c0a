"""Par: a round's points against the expert's from the same cards (issue 15, item 9).

When a round ends, the round is played again from the same deal, with the same dealer and
the same trump chooser, the learner's seat taken by the expert bot and the other seats by
bots of the table's levels. ``RoundPar.par`` is the learner's team's points in the
real round minus its points in that replay: the luck of the cards is the same on both
sides, so par measures the play (as Knippie does for Klaverjas and duplicate scoring for
bridge).

The other seats play as they did in the real round for as long as the replay goes exactly
as the real round did (their positions are then the very ones they decided from); from the
expert's first different decision on, they are fresh bots of the same levels, seeded from
the game's seed and the round. So the replay differs from the real round only from where
the expert would have done otherwise: a learner who played every card as the expert would
has par 0, whatever the other bots' dice would have said, and the replay costs no search
for the decisions before that point. Like for like: both figures are the team's whole round
as ``RoundScored`` counts it, cards, match bonus, announcements and Stöck, after the
multiplier (R-PIQUE-DOUBLE).

The replay is played out to the end of the round whatever the scores: it runs under the
table's rules with ``finish_round`` on (R-FINISH), which only keeps a team's points from
ending the game in the middle of the round; no other rule and no bot looks at it. Every
bot, the expert in the learner's seat included, decides from ``game.view(seat)`` alone
(``engine.chibre.bots.base.play_round``): no open hands.

A round that did not complete in the real game (cut short at the target under the default
R-FINISH, or not finished yet) has no par: ``round_par`` returns ``None``. The team's real
points of such a round are only part of a round, and the game ended before the other part
could be played, so any comparison with a whole replayed round would be unfair.

Measured with ``python -m engine.chibre.par --rounds 25 --seed 1`` on the 2-core machine, the
expert in the learner's seat at ``TABLE_BUDGET``, one replay, with the machine otherwise idle
(load 1.0): a table of club players (heuristic) takes a median 0.61 s per round, max 1.63 s; a
table of experts, the other experts at the table's budget too, median 2.08 s, p90 2.87 s, max
3.83 s (with a load of 2.7 from other work: median 2.47 s, max 5.06 s). With half the table's
budget for the other experts (``HALF_BUDGET``) the median fell to 1.50 s but not the max
(4.09 s idle), the replay's figure varied 2.5 times as much from seed to seed (22 points
against 9) and came out 7 ± 5 points lower; so the default keeps the table's budget, and
``others_budget`` is there for a caller that must be faster. One replay, not a mean of
several: from seed to seed the expert's figure varies by about 7 points (club table) to 9
(experts), small beside a round's mean |par| of 18-27, and a second replay would double the
time.

>>> from engine.chibre.bots import make_bot, play_round
>>> from engine.chibre.game import Game
>>> game = Game(seed=3)
>>> play_round(game, [make_bot("heuristic", seat) for seat in range(4)])
>>> small = Budget(worlds=2, deep_worlds=2, work=2_000, min_worlds=1, exact=2)
>>> result = round_par(game.events, 0, ("learner", "heuristic", "heuristic", "heuristic"),
...                    budget=small)
>>> result.par == result.actual - result.expert
True
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Final

from engine.chibre.bots import BOT_NAMES, Bot, make_bot
from engine.chibre.bots.base import TABLE_BUDGET, Budget, decide, play_round
from engine.chibre.conventions import NO_CONVENTIONS, Conventions
from engine.chibre.events import ACTION_EVENTS, GameStarted, RoundScored
from engine.chibre.game import Game, action_of
from engine.par import check_replays, deal_index, play_out, replay_seed, round_events

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event


@dataclasses.dataclass(frozen=True)
class RoundPar:
    """The learner's team's points in round ``round``, and the expert's from the same deal."""

    round: int
    team: int  # the learner's team: 0 = seats 0 and 2, 1 = seats 1 and 3
    actual: int  # the team's points in the real round (RoundScored total)
    expert: int  # the team's points in the replay with the expert in the learner's seat

    @property
    def par(self) -> int:
        """Points above (positive) or below (negative) the expert's play of the same cards."""
        return self.actual - self.expert


def real_round(events: Sequence[Event], round_number: int) -> RoundScored | None:
    """The ``RoundScored`` of round ``round_number`` if it was played out, else ``None``."""
    scored = next((e for e in round_events(events, round_number)
                   if isinstance(e, RoundScored)), None)
    return scored if scored is not None and scored.complete else None


def replay_bots(seats: Sequence[str], seat: int, round_number: int, seed: int = 0,
                budget: Budget | None = None, others_budget: Budget | None = None,
                replay: int = 0, conventions: Conventions = NO_CONVENTIONS) -> list[Bot]:
    """The four fresh bots of a replay: the expert (``budget``) at ``seat``, and at every
    other seat a bot of the level ``seats`` names (an expert searches with ``others_budget``,
    by default ``budget``), all under the table's ``conventions``."""
    if len(seats) != 4:
        raise ValueError(f"a table has four seats, not {len(seats)}")
    if seat not in range(4):
        raise ValueError(f"seat must be 0-3, not {seat!r}")
    for other, name in enumerate(seats):
        if other != seat and name not in BOT_NAMES:
            raise ValueError(f"seat {other} is {name!r}: the other seats are bots "
                             f"({', '.join(BOT_NAMES)})")
    others = others_budget if others_budget is not None else budget
    return [make_bot("expert" if s == seat else seats[s],
                     replay_seed(seed, round_number, s, replay),
                     budget if s == seat else others if seats[s] == "expert" else None,
                     conventions)
            for s in range(4)]


def replay_round(events: Sequence[Event], round_number: int, bots: Sequence[Bot],
                 follow: Collection[int] = ()) -> list[Event]:
    """The events of round ``round_number`` of the game of ``events`` played again by
    ``bots`` (one per seat) from the same deal, dealer and trump chooser, played out to
    its ``RoundScored`` whatever the scores (module docstring).

    The seats in ``follow`` make their real decisions for as long as the replay has gone
    exactly as the real round (their position is then the one they decided from); from the
    first action that differs, every seat decides by its bot.

    ``ValueError`` if the game never dealt that round or its events do not replay.
    """
    if not events or not isinstance(events[0], GameStarted):
        raise ValueError("events must begin with GameStarted")
    if len(bots) != 4:
        raise ValueError(f"a round needs four bots, not {len(bots)}")
    dealt = deal_index(events, round_number)
    start = events[0]
    # The real game up to the deal of the round replays the same deal (a fixed deal as
    # its hands, a shuffled one from the seed), dealer and chooser. Its earlier rounds
    # were played out below the target, so they replay the same with finish_round on.
    played_out = GameStarted(start.rules.replace(finish_round=True), start.seed,
                             start.first_dealer, start.scores)
    game = Game.from_events([played_out, *events[1:dealt + 1]])
    real = [e for e in round_events(events, round_number) if isinstance(e, ACTION_EVENTS)]
    play_out(game, round_number, real, action_of,
             lambda seat: decide(bots[seat], game.view(seat)), follow)
    return round_events(game.events, round_number)


def round_par(events: Sequence[Event], round_number: int, seats: Sequence[str], seat: int = 0,
              budget: Budget | None = None, seed: int = 0, *,
              others_budget: Budget | None = None, replays: int = 1,
              follow: bool = True,
              conventions: Conventions = NO_CONVENTIONS) -> RoundPar | None:
    """The par of round ``round_number`` for the team of ``seat`` (the learner's), or
    ``None`` if that round did not complete in the real game (module docstring).

    The replay has the expert at ``seat`` searching with ``budget`` (``None``: the expert's
    default) and, at every other seat, a fresh bot of the level ``seats`` names, an expert
    searching with ``others_budget`` (by default ``budget``); the bots are seeded from
    ``seed``, the round and the seat, so the same arguments give the same ``RoundPar``.
    With ``follow`` (the default) the other seats make their real decisions for as long as
    the replay goes exactly as the real round (``replay_round``). Every bot of the replay
    plays under the table's ``conventions``. With ``replays`` above 1
    the round is replayed that many times with other seeds and ``expert`` is the mean,
    rounded. Slow (a search per expert decision): run it off the UI thread.
    """
    check_replays(replays)
    scored = real_round(events, round_number)
    if scored is None:
        return None
    totals = []
    for replay in range(replays):
        bots = replay_bots(seats, seat, round_number, seed, budget, others_budget, replay,
                           conventions)
        others = [s for s in range(4) if s != seat] if follow else []
        replayed = replay_round(events, round_number, bots, others)
        result = next(e for e in replayed if isinstance(e, RoundScored))
        totals.append(result.total[seat % 2])
    return RoundPar(round_number, seat % 2, scored.total[seat % 2],
                    round(statistics.fmean(totals)))


# -- benchmark ------------------------------------------------------------------------------

TABLES: Final = {
    "club": ("learner", "heuristic", "heuristic", "heuristic"),
    "expert": ("learner", "expert", "expert", "expert"),
}
#: A lighter budget for the replay's experts other than the learner's seat, half the table's
#: worlds and work: the benchmark's second figure for a table of experts.
HALF_BUDGET: Final = Budget(worlds=8, deep_worlds=4, work=10_000, min_worlds=3)


@dataclasses.dataclass(frozen=True)
class Timing:
    """One timed ``round_par`` of the benchmark."""

    seconds: float
    result: RoundPar


def real_rounds(table: str, rounds: int, seed: int,
                budget: Budget = TABLE_BUDGET) -> list[tuple[tuple[Event, ...], int, int]]:
    """(events, round, game seed) of the first ``rounds`` complete rounds of seeded games at
    ``table`` (``TABLES``), the learner's seat played by a heuristic bot (a club player) and
    the table's experts searching with ``budget``."""
    seats = TABLES[table]
    found: list[tuple[tuple[Event, ...], int, int]] = []
    number = 0
    while len(found) < rounds:
        game_seed = seed * 10_007 + number
        number += 1
        game = Game(seed=game_seed)
        bots = [make_bot("heuristic" if name == "learner" else name, game_seed * 4 + s,
                         budget if name == "expert" else None)
                for s, name in enumerate(seats)]
        while not game.is_over and len(found) < rounds:
            round_number = game.round
            play_round(game, bots)
            if real_round(game.events, round_number) is not None:
                found.append((game.events, round_number, game_seed))
    return found


def bench(table: str, cases: Sequence[tuple[Sequence[Event], int, int]],
          budget: Budget = TABLE_BUDGET, others_budget: Budget | None = None,
          replays: int = 1) -> list[Timing]:
    """``round_par`` of the learner's seat 0, timed, for each of the real rounds ``cases``."""
    timings = []
    for events, round_number, game_seed in cases:
        began = time.perf_counter()
        result = round_par(events, round_number, TABLES[table], 0, budget, game_seed,
                           others_budget=others_budget, replays=replays)
        seconds = time.perf_counter() - began
        assert result is not None
        timings.append(Timing(seconds, result))
    return timings


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.chibre.par --rounds N --seed S``: how long ``round_par`` takes."""
    parser = argparse.ArgumentParser(prog="python -m engine.chibre.par", description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", choices=[*TABLES, "all"], default="all")
    parser.add_argument("--replays", type=int, default=1)
    args = parser.parse_args(argv)
    for table in TABLES if args.table == "all" else (args.table,):
        cases = real_rounds(table, args.rounds, args.seed)
        others: dict[str, Budget | None] = {"table budget": None}
        if table == "expert":
            others["half budget"] = HALF_BUDGET
        for label, others_budget in others.items():
            before = _load()
            timings = bench(table, cases, others_budget=others_budget, replays=args.replays)
            seconds = sorted(t.seconds for t in timings)
            pars = [t.result.par for t in timings]
            p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
            print(f"{table} table, other experts at the {label}, {args.replays} replay(s), "
                  f"{len(timings)} rounds, seed {args.seed}: round_par median "
                  f"{statistics.median(seconds):.2f} s, p90 {p90:.2f} s, max {seconds[-1]:.2f} s; "
                  f"mean |par| {statistics.fmean(abs(p) for p in pars):.1f}, "
                  f"mean par {statistics.fmean(pars):+.1f} (load {before} -> {_load()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["HALF_BUDGET", "TABLES", "TABLE_BUDGET", "RoundPar", "bench", "real_round",
           "real_rounds", "replay_bots", "replay_round", "replay_seed", "round_events",
           "round_par"]
