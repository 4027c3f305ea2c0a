"""Fit the trump-choice model (``engine.chibre.bots.trump_model``) to played rounds.

``python scripts/trump_fit.py --deals 20000 --seed 7 --processes 2 [--write]``

An offline trainer, kept out of the runtime package: the app never runs it. Each
deal is played out eight times by four ``heuristic`` bots: once for each suit
named by the seat that chooses, and once for each suit named by its partner after
a chibre. Three quarters of the deals fit the weights by ridge least squares (pure
Python: the normal equations, solved by elimination); the last quarter measures the
choice, printed as the mean margin of the chooser's team (its points minus the
opponents') over the held-out deals for the heuristic bot's choice, for the model's,
and for the best choice in hindsight. ``--write`` puts the fitted weights into the
engine's data file ``engine/chibre/bots/trump_weights.json`` (without it they are printed).

The chibre model predicts the round after the partner names the suit it rates
best by the after-chibre model, and that model is fitted on the deals where
the chooser would pass; both depend on each other, so they are fitted in turn
(``ROUNDS`` times).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import pathlib
import statistics
import sys
from collections.abc import Callable, Sequence

from engine.arena import ARENA_RULES, arena_deal
from engine.cards import CHIBRE
from engine.cardset import CardSet
from engine.chibre.bots.base import play_round
from engine.chibre.bots.heuristic import CHIBRE_BELOW, HeuristicBot, best_suit
from engine.chibre.bots.trump_model import (
    HAND_FEATURES,
    SUITS,
    WEIGHTS_FILE,
    Model,
    Weights,
    best_choice,
    best_trump,
    hand_features,
    suit_features,
)
from engine.chibre.game import Action, Game
from engine.events import RoundScored

#: Ridge penalty on every weight (in squared points).
RIDGE = 1.0
#: Turns of fitting the chibre and after-chibre models in turn.
ROUNDS = 3

Points = tuple[int, int]


@dataclasses.dataclass(frozen=True)
class Deal:
    """One deal and the round's (own, opponents') points for the chooser's team
    after each choice: ``direct[s]`` when the chooser names suit ``s``,
    ``chibred[s]`` when the partner names it after a chibre."""

    hands: tuple[int, ...]
    chooser: int
    direct: tuple[Points, ...]
    chibred: tuple[Points, ...]

    @property
    def hand(self) -> int:
        return self.hands[self.chooser]

    @property
    def partner_hand(self) -> int:
        return self.hands[(self.chooser + 2) % 4]


def _round(hands: list[CardSet], dealer: int, actions: Sequence[Action],
           seed: int) -> tuple[int, Points]:
    game = Game(ARENA_RULES, deal=hands, dealer=dealer)
    chooser = game.current_player
    for action in actions:
        game.apply(action)
    play_round(game, [HeuristicBot(seed + s) for s in range(4)])
    total = next(e for e in game.events if isinstance(e, RoundScored)).total
    return chooser, (total[chooser % 2], total[1 - chooser % 2])


def play_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of ``seed``, played out after each of the eight choices."""
    hands, dealer = arena_deal(seed, index, "trump fit")
    chooser = 0
    direct, chibred = [], []
    for suit in SUITS:
        chooser, points = _round(hands, dealer, [suit], index)
        direct.append(points)
    for suit in SUITS:
        chibred.append(_round(hands, dealer, [CHIBRE, suit], index)[1])
    return Deal(tuple(h.mask for h in hands), chooser, tuple(direct), tuple(chibred))


def _job(args: tuple[int, int]) -> Deal:
    return play_deal(*args)


def play_deals(seed: int, count: int, processes: int) -> list[Deal]:
    jobs = [(seed, i) for i in range(count)]
    if processes <= 1:
        return [_job(job) for job in jobs]
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        return list(pool.map(_job, jobs, chunksize=50))


def solve(rows: Sequence[Sequence[int]], targets: Sequence[float],
          ridge: float = RIDGE) -> tuple[float, ...]:
    """Ridge least squares: the weights ``w`` minimising
    ``sum((row . w - target)^2) + ridge * |w|^2``."""
    size = len(rows[0])
    a = [[0.0] * size for _ in range(size)]
    b = [0.0] * size
    for row, target in zip(rows, targets, strict=True):
        nonzero = [(i, x) for i, x in enumerate(row) if x]
        for i, x in nonzero:
            b[i] += x * target
            line = a[i]
            for j, y in nonzero:
                line[j] += x * y
    for i in range(size):
        a[i][i] += ridge
    for col in range(size):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, size):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, size):
                    a[r][c] -= factor * a[col][c]
                b[r] -= factor * b[col]
    weights = [0.0] * size
    for r in reversed(range(size)):
        weights[r] = (b[r] - sum(a[r][c] * weights[c] for c in range(r + 1, size))) / a[r][r]
    return tuple(weights)


def _fit(rows: Sequence[Sequence[int]], points: Sequence[Points]) -> Weights:
    own = solve(rows, [p[0] for p in points])
    theirs = solve(rows, [p[1] for p in points])
    return (tuple(round(w, 3) for w in own), tuple(round(w, 3) for w in theirs))


def fit(deals: Sequence[Deal], rounds: int = ROUNDS) -> Model:
    """The three models fitted to ``deals``."""
    rows = [suit_features(d.hand, s) for d in deals for s in range(4)]
    direct = _fit(rows, [p for d in deals for p in d.direct])
    after = direct
    chibre: Weights = ((0.0,) * len(HAND_FEATURES), (0.0,) * len(HAND_FEATURES))
    for _ in range(rounds):
        model = Model(direct, after, chibre)
        partner_choice = [int(best_trump(d.partner_hand, True, model)) for d in deals]
        chibre = _fit([hand_features(d.hand) for d in deals],
                      [d.chibred[s] for d, s in zip(deals, partner_choice, strict=True)])
        model = Model(direct, after, chibre)
        passing = [d for d in deals if best_choice(d.hand, True, False, model) is CHIBRE]
        after = _fit([suit_features(d.partner_hand, s) for d in passing for s in range(4)],
                     [p for d in passing for p in d.chibred])
    return Model(direct, after, chibre)


Chooser = Callable[[Deal], Points]


def heuristic_choice(deal: Deal) -> Points:
    """The round after the ``heuristic`` bot's choice (chibre below its threshold)."""
    suit, strength = best_suit(deal.hand)
    if strength < CHIBRE_BELOW:
        return deal.chibred[int(best_suit(deal.partner_hand)[0])]
    return deal.direct[int(suit)]


def model_choice(model: Model) -> Chooser:
    def choose(deal: Deal) -> Points:
        action = best_choice(deal.hand, True, False, model)
        if action is CHIBRE:
            return deal.chibred[int(best_trump(deal.partner_hand, True, model))]
        return deal.direct[int(action)]
    return choose


def hindsight(deal: Deal) -> Points:
    """The best of the four suits, knowing every hand (an upper bound)."""
    return max(deal.direct + deal.chibred, key=lambda p: p[0] - p[1])


def mean_margin(deals: Sequence[Deal], chooser: Chooser) -> float:
    return statistics.mean(p[0] - p[1] for p in map(chooser, deals))


#: The engine's data file in this checkout, which ``--write`` replaces.
WEIGHTS_PATH = (pathlib.Path(__file__).resolve().parent.parent / "engine" / "chibre" / "bots"
                / WEIGHTS_FILE)


def write_weights(model: Model, path: pathlib.Path = WEIGHTS_PATH) -> None:
    path.write_text(model.to_json(), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/trump_fit.py",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"rewrite {WEIGHTS_PATH}")
    args = parser.parse_args(argv)
    if args.deals < 8 or args.processes < 1:
        parser.error("--deals must be at least 8 and --processes at least 1")
    deals = play_deals(args.seed, args.deals, args.processes)
    split = args.deals * 3 // 4
    model = fit(deals[:split])
    held = deals[split:]
    print(f"{len(deals)} deals, each played 8 times; fitted on {split}, "
          f"measured on {len(held)}")
    print("mean margin of the chooser's team on the held-out deals:")
    for label, chooser in (("heuristic choice", heuristic_choice),
                           ("model choice", model_choice(model)),
                           ("best in hindsight", hindsight)):
        print(f"  {label:<18} {mean_margin(held, chooser):6.1f}")
    passes = sum(best_choice(d.hand, True, False, model) is CHIBRE for d in held)
    print(f"  the model passes (chibre) on {100 * passes / len(held):.0f}% of the deals")
    if args.write:
        write_weights(model)
        print(f"wrote {WEIGHTS_PATH}")
    else:
        print(model.to_json(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Deal", "fit", "play_deal", "solve", "write_weights"]
