"""Duplicate matches of Chibre between two bots (``python -m engine.arena A B``).

Each deal is played twice, bot A's team on seats 0 and 2 and then on seats 1
and 3, so both teams get the same cards and luck cancels out. The unit is the
round (one deal, all its points: cards, match, announcements, Stöck). Printed:
A's share of all points ± its standard error over deals, rounds won, and the
milliseconds per decision of each bot (median and 95th percentile), both over
every decision and over those with more than one legal choice.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from engine.arena.common import decision_timer, ratio, run_deals, timing_lines
from engine.cardset import CardSet
from engine.chibre.bots import Budget, make_bot, play_round
from engine.chibre.bots.expert import SIGNAL_TOLERANCE, ExpertBot
from engine.chibre.conventions import NO_CONVENTIONS, Conventions
from engine.chibre.events import RoundScored
from engine.chibre.game import Game
from engine.rules import Rules

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
    budget: Budget | None = None  # A's expert's (None: the bot's own, ``expert_budget``)
    conventions_a: Conventions = NO_CONVENTIONS  # what A's team agrees (B's does not read it)
    conventions_b: Conventions = NO_CONVENTIONS
    signal_tolerance: float = SIGNAL_TOLERANCE  # A's experts' (engine.chibre.bots.expert)
    budget_b: Budget | None = None  # B's expert's (None: the bot's own)


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
        budgets = [match.budget, match.budget_b] * 2 if not swap else \
            [match.budget_b, match.budget] * 2
        bots = [make_bot(name, base + seat, budgets[seat], sides[seat])
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


def run_match(match: Match, deals: int, processes: int = 1) -> list[DealResult]:
    """Every deal of the match, in order (the same for any number of processes)."""
    return run_deals(play_deal, match, deals, processes)


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
        *timing_lines(match.bot_a, match.bot_b, results),
    ]
    return "\n".join(lines)


