"""Duplicate Pomme matches: ``python -m engine.arena --pomme 2|3|5 A B --deals N --seed S``.

One bot A plays against ``n - 1`` copies of bot B (``n`` = 2, 3 or 5 players).
Each deal is played ``n`` times with the seats rotated, A in each seat once,
so every hand is A's once and luck cancels out. The unit is the round (one
deal, its marks by R-POMME). Printed: A's share of the Putz points (the marks
won: +1, +2, +3) ± its standard error over deals, beside the share of equal
play (1/n); the mean marks per round of A and of one B (apples counted, -1)
and how often each gets an apple; A's share of the card points; and the
milliseconds per decision of each bot (median and 95th percentile), over every
decision and over those with more than one legal action.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Sequence

from engine.arena.common import decision_timer, ratio, run_deals, timing_lines
from engine.pomme.bots import make_pomme_bot, play_pomme_round
from engine.pomme.events import PommeRoundScored
from engine.pomme.expert import POMME_EXPERT_BUDGET, PommeBudget
from engine.pomme.game import PommeDeal, PommeGame, shuffled_pomme_deal


@dataclasses.dataclass(frozen=True)
class PommeMatch:
    players: int
    bot_a: str
    bot_b: str
    seed: int
    budget: PommeBudget = POMME_EXPERT_BUDGET


@dataclasses.dataclass(frozen=True)
class PommeDealResult:
    """One deal played once per seat of A: A's marks, points and apples in each play,
    and the sums over the B seats of each play; decision times."""

    a_marks: tuple[int, ...]
    b_marks: tuple[int, ...]
    a_points: tuple[int, ...]
    b_points: tuple[int, ...]
    a_apples: int
    b_apples: int
    b_putz: int  # the Putz points of the B seats over the plays
    a_ms: tuple[float, ...]
    b_ms: tuple[float, ...]
    a_choice_ms: tuple[float, ...]
    b_choice_ms: tuple[float, ...]

    @property
    def a_putz(self) -> int:
        """A's Putz points over the plays: the marks above zero."""
        return sum(m for m in self.a_marks if m > 0)

    @property
    def putz(self) -> int:
        """Every Putz point given in the plays (A's and the B seats')."""
        return self.a_putz + self.b_putz


def pomme_arena_deal(players: int, seed: int, index: int) -> tuple[PommeDeal, int]:
    """The deal and dealer of deal ``index`` of a match seeded ``seed``."""
    rng = random.Random(f"jass-tutor pomme arena {players} {seed} {index}")
    dealer = rng.randrange(players)
    return shuffled_pomme_deal(players, rng.getrandbits(48), 0, dealer), dealer


def play_pomme_deal(match: PommeMatch, index: int) -> PommeDealResult:
    """Play deal ``index`` once with A in each seat."""
    n = match.players
    deal, dealer = pomme_arena_deal(n, match.seed, index)
    a_marks, b_marks, a_points, b_points = [], [], [], []
    a_apples = b_apples = b_putz = 0
    times: dict[str, list[float]] = {"a": [], "b": [], "a_choice": [], "b_choice": []}
    for seat_a in range(n):
        names = [match.bot_a if s == seat_a else match.bot_b for s in range(n)]
        base = ((match.seed * 1_000_003 + index) * 8 + seat_a) * 8
        bots = [make_pomme_bot(name, base + seat, match.budget) for seat, name in enumerate(names)]
        game = PommeGame(n, deal=deal, dealer=dealer)
        play_pomme_round(game, bots, decision_timer(game, {seat_a}, times))
        scored = next(e for e in game.events if isinstance(e, PommeRoundScored))
        others = [s for s in range(n) if s != seat_a]
        a_marks.append(scored.marks[seat_a])
        a_points.append(scored.points[seat_a])
        b_marks.append(sum(scored.marks[s] for s in others))
        b_points.append(sum(scored.points[s] for s in others))
        a_apples += scored.marks[seat_a] < 0
        b_apples += sum(scored.marks[s] < 0 for s in others)
        b_putz += sum(scored.marks[s] for s in others if scored.marks[s] > 0)
    return PommeDealResult(tuple(a_marks), tuple(b_marks), tuple(a_points), tuple(b_points),
                           a_apples, b_apples, b_putz, tuple(times["a"]), tuple(times["b"]),
                           tuple(times["a_choice"]), tuple(times["b_choice"]))


def run_pomme_match(match: PommeMatch, deals: int, processes: int = 1) -> list[PommeDealResult]:
    """Every deal of the match, in order (the same for any number of processes)."""
    return run_deals(play_pomme_deal, match, deals, processes)


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.mean(values), statistics.stdev(values) / math.sqrt(len(values))


def putz_share(results: Sequence[PommeDealResult]) -> tuple[float, float]:
    """A's share of the Putz points and its standard error."""
    return ratio([r.a_putz for r in results], [r.putz for r in results])


def pomme_report(match: PommeMatch, results: Sequence[PommeDealResult]) -> str:
    """The printed summary of a Pomme match."""
    n = match.players
    share, error = putz_share(results)
    points, points_error = ratio([sum(r.a_points) for r in results],
                                 [sum(r.a_points) + sum(r.b_points) for r in results])
    a_marks = mean_error([sum(r.a_marks) / n for r in results])
    b_marks = mean_error([sum(r.b_marks) / (n * (n - 1)) for r in results])
    plays = len(results) * n
    lines = [
        f"Pomme for {n}: {match.bot_a} (A) against {n - 1} {match.bot_b} (B): "
        f"{len(results)} deals, each played {n} times with A in every seat, seed {match.seed}",
        f"A's share of the Putz points: {100 * share:.1f}% ± {100 * error:.1f}% "
        f"(standard error; equal play {100 / n:.1f}%)",
        f"marks per round: A {a_marks[0]:+.3f} ± {a_marks[1]:.3f}, "
        f"B {b_marks[0]:+.3f} ± {b_marks[1]:.3f}",
        f"apples: A {sum(r.a_apples for r in results)} in {plays} rounds, "
        f"B {sum(r.b_apples for r in results)} in {plays * (n - 1)}",
        f"A's share of the card points: {100 * points:.1f}% ± {100 * points_error:.1f}%",
        *timing_lines(match.bot_a, match.bot_b, results),
    ]
    return "\n".join(lines)


__all__ = ["PommeDealResult", "PommeMatch", "mean_error", "play_pomme_deal", "pomme_arena_deal",
           "pomme_report", "putz_share", "ratio", "run_pomme_match"]
