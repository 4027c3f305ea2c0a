"""Engine throughput: ``python -m engine.bench [--json] [--quick]``.

Each figure is the best of several timed repeats, as ``timeit`` reports it (the
slower repeats measure other load on the machine, not the engine); the median
is printed beside it. The figures:
random legal rounds per second on the internal path (deal, random trump,
36 uniformly random legal cards, scoring) and through the checked ``Game``; random legal
rounds of Pomme for 3 and for 5 players per second through the checked ``PommeGame``
(deal, the 6 and the aside decided at random with the cards, marks); ``legal_cards`` calls per
second on the internal path and through the public
API; ``find_weis`` hands per second; endgames solved exactly per second by the
double-dummy search (``engine.search.TrickSolver``), for Chibre from 5 tricks left and
for Pomme from the expert's endgame (4 tricks left with 3 players, 3 with 5), each from
a random deal of that many cards a seat with a new solver.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from engine.cards import ALL_CARDS, Trump
from engine.cardset import CardSet
from engine.chibre.announcements import find_weis
from engine.chibre.game import Game
from engine.dds import Solver
from engine.play import legal_cards, legal_mask, trick_state
from engine.pomme.game import PommeGame
from engine.pomme.search import PommeSolver
from engine.search import SearchState, random_deal, random_round

Rate = tuple[float, float]  # (best, median) per second


def _rate(work: Callable[[], int], repeats: int) -> Rate:
    """Best and median of ``repeats`` runs of ``work`` (which returns how many it did)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        done = work()
        rates.append(done / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def _positions(count: int, seed: int) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    """(hand, led, high, trump, trick) of positions met in random rounds."""
    rng = random.Random(seed)
    found: list[tuple[int, int, int, int, tuple[int, ...]]] = []
    while len(found) < count:
        t = rng.randrange(4)
        state = SearchState(random_deal(rng), t, rng.randrange(4))
        while not state.is_over():
            led, high = trick_state(state.trick, t)
            found.append((state.hands[state.player], led, high, t, tuple(state.trick)))
            legal = [c for c in range(36) if state.legal() >> c & 1]
            state.play(rng.choice(legal))
    return found[:count]


def bench_rounds(n: int, repeats: int) -> Rate:
    rng = random.Random(1)

    def work() -> int:
        for _ in range(n):
            random_round(rng)
        return n

    return _rate(work, repeats)


def bench_game_rounds(n: int, repeats: int) -> Rate:
    rng = random.Random(2)

    def work() -> int:
        game = Game(seed=rng.randrange(1 << 30))
        rounds = 0
        while rounds < n and not game.is_over:
            start = game.round
            while game.round == start and not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[int(rng.random() * len(actions))])
            rounds += 1
        return rounds

    return _rate(work, repeats)


def bench_pomme_rounds(players: int, n: int, repeats: int) -> Rate:
    """Random legal rounds of Pomme through the checked ``PommeGame`` (a new game when one
    ends)."""
    rng = random.Random(5 + players)

    def work() -> int:
        game = PommeGame(players, seed=rng.randrange(1 << 30))
        for _ in range(n):
            if game.is_over:
                game = PommeGame(players, seed=rng.randrange(1 << 30))
            start = game.round
            while game.round == start and not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[int(rng.random() * len(actions))])
        return n

    return _rate(work, repeats)


def bench_legal_internal(positions: list[tuple[int, int, int, int, tuple[int, ...]]],
                         repeats: int) -> Rate:
    args = [(h, led, high, t) for h, led, high, t, _ in positions]

    def work() -> int:
        for hand, led, high, t in args:
            legal_mask(hand, led, high, t)
        return len(args)

    return _rate(work, repeats)


def bench_legal_public(positions: list[tuple[int, int, int, int, tuple[int, ...]]],
                       repeats: int) -> Rate:
    args = [(CardSet.from_mask(h), [ALL_CARDS[c] for c in trick], Trump(t))
            for h, _, _, t, trick in positions]

    def work() -> int:
        for hand, trick, trump in args:
            legal_cards(hand, trick, trump)
        return len(args)

    return _rate(work, repeats)


def bench_find_weis(n: int, repeats: int) -> Rate:
    rng = random.Random(3)
    hands = [(CardSet.from_mask(random_deal(rng)[0]), Trump(rng.randrange(4))) for _ in range(n)]

    def work() -> int:
        for hand, trump in hands:
            find_weis(hand, trump)
        return len(hands)

    return _rate(work, repeats)


def _endgames(players: int, tricks: int, count: int, seed: int) -> list[tuple[list[int], int]]:
    """(hands, trump) of ``count`` random endgames: ``tricks`` cards a seat."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        cards = rng.sample(range(36), players * tricks)
        hands = [sum(1 << c for c in cards[s::players]) for s in range(players)]
        found.append((hands, rng.randrange(6 if players == 4 else 4)))
    return found


def bench_solve(players: int, tricks: int, n: int, repeats: int) -> Rate:
    """Endgames of ``tricks`` tricks solved exactly per second, a new solver for each
    (``Solver`` for 4 players, from team 0; ``PommeSolver`` from seat 0 otherwise)."""
    endgames = _endgames(players, tricks, n, seed=6 + players)

    def work() -> int:
        for hands, t in endgames:
            solver = Solver(t, 0) if players == 4 else PommeSolver(players, t, 0)
            solver.value(hands, 0)
        return len(endgames)

    return _rate(work, repeats)


def run(quick: bool = False) -> dict[str, object]:
    scale = 10 if quick else 1
    repeats = 3 if quick else 7
    positions = _positions(100_000 // scale, seed=4)
    figures: dict[str, object] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "repeats": repeats,
    }
    measured = {
        "rounds_per_s": bench_rounds(10_000 // scale, repeats),
        "game_rounds_per_s": bench_game_rounds(200 // scale, repeats),
        "pomme3_rounds_per_s": bench_pomme_rounds(3, 200 // scale, repeats),
        "pomme5_rounds_per_s": bench_pomme_rounds(5, 200 // scale, repeats),
        "legal_calls_per_s": bench_legal_internal(positions, repeats),
        "legal_public_calls_per_s": bench_legal_public(positions, repeats),
        "find_weis_hands_per_s": bench_find_weis(30_000 // scale, repeats),
        "chibre_solves_per_s": bench_solve(4, 5, 200 // scale, repeats),
        "pomme3_solves_per_s": bench_solve(3, 4, 400 // scale, repeats),
        "pomme5_solves_per_s": bench_solve(5, 3, 400 // scale, repeats),
    }
    for key, (best, median) in measured.items():
        figures[key] = round(best)
        figures[key.replace("_per_s", "_per_s_median")] = round(median)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--quick", action="store_true", help="a tenth of the work")
    args = parser.parse_args(argv)
    figures = run(quick=args.quick)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Python {figures['python']} ({figures['implementation']}), "
          f"best and median of {figures['repeats']} repeats")
    rows = [
        ("random legal rounds/s, internal path", "rounds_per_s", ">= 30,000"),
        ("random legal rounds/s, checked Game", "game_rounds_per_s", ""),
        ("Pomme for 3: random rounds/s, PommeGame", "pomme3_rounds_per_s", ""),
        ("Pomme for 5: random rounds/s, PommeGame", "pomme5_rounds_per_s", ""),
        ("legal_cards calls/s, internal path", "legal_calls_per_s", ">= 2,000,000"),
        ("legal_cards calls/s, public API", "legal_public_calls_per_s", ""),
        ("find_weis hands/s", "find_weis_hands_per_s", ">= 50,000"),
        ("Chibre: 5-trick endgames solved/s", "chibre_solves_per_s", ""),
        ("Pomme for 3: 4-trick endgames solved/s", "pomme3_solves_per_s", ""),
        ("Pomme for 5: 3-trick endgames solved/s", "pomme5_solves_per_s", ""),
    ]
    print(f"  {'':40} {'best':>12} {'median':>12}  goal")
    for label, key, goal in rows:
        best, median = figures[key], figures[key.replace("_per_s", "_per_s_median")]
        assert isinstance(best, int) and isinstance(median, int)
        print(f"  {label:40} {best:>12,} {median:>12,}  {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
