"""Duplicate matches between two bots: ``python -m engine.arena A B --deals N --seed S``.

Each deal is played twice, bot A's team on seats 0 and 2 and then on seats 1
and 3, so both teams get the same cards and luck cancels out. The unit is the
round (one deal, all its points: cards, match, announcements, Stöck). Printed:
A's share of all points ± its standard error over deals, rounds won, and the
milliseconds per decision of each bot (median and 95th percentile), both over
every decision and over those with more than one legal choice.

``--processes K`` spreads the deals over K processes; the points do not
change, the times then share the cores.

``--conventions ask`` (or ``refuse``) has bot A's team play under that discard signal
(``engine.conventions``) and bot B's under none (``--conventions-b`` sets B's): with the
same bot on both sides, what the convention is worth.

``--pomme 3`` or ``--pomme 5``: a Pomme match instead, A against ``n - 1`` B's with
each deal played once with A in every seat (``engine.pomme_arena``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import math
import random
import statistics
import sys
from collections.abc import Callable, Container, Sequence, Sized
from typing import Any, Protocol, TypeVar

from engine.bots import BOT_NAMES, Budget, make_bot, play_round
from engine.bots.expert import EXPERT_BUDGET, SIGNAL_TOLERANCE, ExpertBot
from engine.cardset import CardSet
from engine.conventions import NO_CONVENTIONS, Conventions, Signal
from engine.events import RoundScored
from engine.game import Game
from engine.rules import Rules

M = TypeVar("M")
R = TypeVar("R")

#: High enough that no single round ends the game.
ARENA_RULES = Rules(target=100_000)


@dataclasses.dataclass(frozen=True)
class DealResult:
    """One deal played twice: A's and B's points in each, and decision times."""

    a_points: tuple[int, int]
    b_points: tuple[int, int]
    a_ms: tuple[float, ...]
    b_ms: tuple[float, ...]
    a_choice_ms: tuple[float, ...]  # decisions with more than one legal action
    b_choice_ms: tuple[float, ...]


@dataclasses.dataclass(frozen=True)
class Match:
    bot_a: str
    bot_b: str
    seed: int
    budget: Budget = EXPERT_BUDGET
    conventions_a: Conventions = NO_CONVENTIONS  # what A's team agrees (B's does not read it)
    conventions_b: Conventions = NO_CONVENTIONS
    signal_tolerance: float = SIGNAL_TOLERANCE  # A's experts' (engine.bots.expert)


def arena_deal(seed: int, index: int, purpose: str = "arena") -> tuple[list[CardSet], int]:
    """The hands and dealer of deal ``index`` of a match seeded ``seed`` (``purpose``
    keeps the deals of other uses, such as fitting, apart from the matches')."""
    rng = random.Random(f"jass-tutor {purpose} {seed} {index}")
    deck = list(range(36))
    rng.shuffle(deck)
    hands = [CardSet.from_mask(sum(1 << c for c in deck[9 * s: 9 * s + 9])) for s in range(4)]
    return hands, rng.randrange(4)


def play_deal(match: Match, index: int) -> DealResult:
    """Play deal ``index`` twice with the teams swapped."""
    hands, dealer = arena_deal(match.seed, index)
    a_points, b_points = [], []
    times: dict[str, list[float]] = {"a": [], "b": [], "a_choice": [], "b_choice": []}
    for swap in (0, 1):
        names = [match.bot_a, match.bot_b] * 2 if not swap else [match.bot_b, match.bot_a] * 2
        base = (match.seed * 1_000_003 + index) * 8 + swap * 4
        sides = [match.conventions_a, match.conventions_b] * 2 if not swap else \
            [match.conventions_b, match.conventions_a] * 2
        bots = [make_bot(name, base + seat, match.budget, sides[seat])
                for seat, name in enumerate(names)]
        for seat in (swap, swap + 2):
            bot = bots[seat]
            if isinstance(bot, ExpertBot):
                bot.signal_tolerance = match.signal_tolerance
        game = Game(ARENA_RULES, deal=hands, dealer=dealer)
        play_round(game, bots, decision_timer(game, {swap, swap + 2}, times))
        total = next(e for e in game.events if isinstance(e, RoundScored)).total
        a_points.append(total[swap])
        b_points.append(total[1 - swap])
    return DealResult((a_points[0], a_points[1]), (b_points[0], b_points[1]),
                      tuple(times["a"]), tuple(times["b"]),
                      tuple(times["a_choice"]), tuple(times["b_choice"]))


class _Decisions(Protocol):
    def legal_actions(self) -> Sized: ...


def decision_timer(game: _Decisions, a_seats: Container[int],
                   times: dict[str, list[float]]) -> Callable[[int, Any, float], None]:
    """Files each decision's time under A or B, and again if it had a real choice
    (called before the action is applied, so the legal actions are still those
    of the decision). For Chibre's ``Game`` and Pomme's ``PommeGame`` alike."""
    def timer(seat: int, action: Any, seconds: float) -> None:
        side = "a" if seat in a_seats else "b"
        times[side].append(seconds * 1000)
        if len(game.legal_actions()) > 1:
            times[side + "_choice"].append(seconds * 1000)
    return timer


def run_deals(play: Callable[[M, int], R], match: M, deals: int, processes: int = 1) -> list[R]:
    """``play(match, i)`` for every deal ``i``, in order (the same for any number of
    processes; ``play`` is a module-level function, so that it can be sent to them)."""
    if processes <= 1:
        return [play(match, i) for i in range(deals)]
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        return list(pool.map(play, [match] * deals, range(deals), chunksize=1))


def run_match(match: Match, deals: int, processes: int = 1) -> list[DealResult]:
    """Every deal of the match, in order (the same for any number of processes)."""
    return run_deals(play_deal, match, deals, processes)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank; 0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def ratio(parts: Sequence[float], totals: Sequence[float]) -> tuple[float, float]:
    """sum(parts) / sum(totals) and its standard error over the deals (ratio estimate)."""
    whole = sum(totals)
    if not whole:
        return 0.0, 0.0
    value = sum(parts) / whole
    if len(parts) < 2:
        return value, 0.0
    residuals = [x - value * y for x, y in zip(parts, totals, strict=True)]
    return value, statistics.stdev(residuals) / math.sqrt(len(parts)) / statistics.mean(totals)


def share(results: Sequence[DealResult]) -> tuple[float, float]:
    """A's share of all points and its standard error (ratio estimate over deals)."""
    return ratio([sum(r.a_points) for r in results],
                 [sum(r.a_points) + sum(r.b_points) for r in results])


def report(match: Match, results: Sequence[DealResult]) -> str:
    """The printed summary of a match."""
    ratio, error = share(results)
    rounds = [(a, b) for r in results for a, b in zip(r.a_points, r.b_points, strict=True)]
    won = sum(a > b for a, b in rounds)
    lost = sum(a < b for a, b in rounds)
    lines = [
        f"{match.bot_a} (A) vs {match.bot_b} (B): {len(results)} deals, each played twice "
        f"with the teams swapped, seed {match.seed}",
        *([f"discard signal: A {match.conventions_a.discard.value}, "
           f"B {match.conventions_b.discard.value}"
           + (f"; A's expert keeps it within {match.signal_tolerance:g} expected points"
              if match.bot_a == "expert" else "")]
          if not (match.conventions_a.none and match.conventions_b.none) else []),
        f"A's share of the points: {100 * ratio:.1f}% ± {100 * error:.1f}% (standard error)",
        f"rounds won: A {won}, B {lost}, tied {len(rounds) - won - lost} of {len(rounds)}",
        "ms per decision          median      p95   decisions",
    ]
    for label, name, all_ms, choice_ms in (
        ("A", match.bot_a, [t for r in results for t in r.a_ms],
         [t for r in results for t in r.a_choice_ms]),
        ("B", match.bot_b, [t for r in results for t in r.b_ms],
         [t for r in results for t in r.b_choice_ms]),
    ):
        for kind, values in (("all", all_ms), ("with a choice", choice_ms)):
            lines.append(f"  {label} {name:<9} {kind:<13} {statistics.median(values or [0]):7.1f}"
                         f"  {percentile(values, 0.95):7.1f}   {len(values)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split(
        "\n")[0])
    parser.add_argument("bot_a", choices=BOT_NAMES)
    parser.add_argument("bot_b", choices=BOT_NAMES)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--pomme", type=int, choices=(3, 5), default=None, metavar="N",
                        help="play Pomme for N = 3 or 5 players (engine.pomme_arena)")
    defaults = EXPERT_BUDGET
    parser.add_argument("--worlds", type=int, default=defaults.worlds,
                        help="expert: deals sampled per card decision")
    parser.add_argument("--depth", type=int, default=defaults.depth,
                        help="expert: tricks searched before the evaluation")
    parser.add_argument("--exact", type=int, default=defaults.exact,
                        help="expert: tricks left from which the search is exact")
    signals = [signal.value for signal in Signal]
    parser.add_argument("--conventions", choices=signals, default="none",
                        help="the discard signal A's team plays under (engine.conventions)")
    parser.add_argument("--conventions-b", choices=signals, default="none",
                        help="the discard signal B's team plays under")
    parser.add_argument("--signal-tolerance", type=float, default=SIGNAL_TOLERANCE,
                        help="expected points A's expert may give up to keep the convention")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.processes < 1:
        parser.error("--deals and --processes must be at least 1")
    if args.pomme is not None:
        if args.conventions != "none" or args.conventions_b != "none":
            parser.error("Pomme has no partners: no discard signal (--conventions)")
        from engine.pomme_arena import PommeMatch, pomme_report, run_pomme_match

        pomme = PommeMatch(args.pomme, args.bot_a, args.bot_b, args.seed)
        print(pomme_report(pomme, run_pomme_match(pomme, args.deals, args.processes)))
        return 0
    budget = dataclasses.replace(defaults, worlds=args.worlds, depth=args.depth, exact=args.exact)
    match = Match(args.bot_a, args.bot_b, args.seed, budget,
                  Conventions(Signal(args.conventions)), Conventions(Signal(args.conventions_b)),
                  args.signal_tolerance)
    results = run_match(match, args.deals, args.processes)
    print(report(match, results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
