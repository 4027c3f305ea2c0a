"""Does the par agree with the review, and how much does it move with the deals drawn? (issue 34,
item 3.)

Plays seeded Chibre rounds at a club table (the learner's seat played by a club player: the
heuristic bot), then for each complete round takes the review the table makes
(``tutor.table.session.review_round``, the coach's search at each of the learner's decisions) and
the par made of it (``engine.par.RoundPar``). It prints:

- the agreement: in how many rounds where the par or the review's points lost is beyond the
  review's mistake threshold the two agree in sign (the par below 0 when points were lost);
- the par's own noise: its standard error as shown (median and largest), and the spread found
  when the same rounds are measured again with other deals (the coach's search seeded
  otherwise): the standard deviation of the difference between the two pars over the root of 2
  is the noise of one par, to set beside the mistake threshold;
- how long a round's review (and so its par) takes.

``python scripts/par_agreement.py --rounds 50 --seed 1``
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import MISTAKE_THRESHOLD, Game, RoundPar, advise, assess, make_bot
from engine.chibre.bots import play_round
from tutor.table.session import COACH_BUDGET, decisions_of, review_round

SEATS = ("learner", "heuristic", "heuristic", "heuristic")


def club_rounds(rounds: int, seed: int) -> list[tuple[tuple[object, ...], int]]:
    """(events, round) of the first ``rounds`` complete rounds of seeded games of heuristic
    bots (the learner's seat a club player too)."""
    found: list[tuple[tuple[object, ...], int]] = []
    number = 0
    while len(found) < rounds:
        game_seed = seed * 10_007 + number
        number += 1
        game = Game(seed=game_seed)
        bots = [make_bot("heuristic", game_seed * 4 + s) for s in range(4)]
        while not game.is_over and len(found) < rounds:
            round_number = game.round
            play_round(game, bots)
            if any(getattr(e, "round", None) == round_number and getattr(e, "complete", False)
                   for e in game.events):
                found.append((tuple(game.events), round_number))
    return found


def par_with_seed(events: Sequence[object], number: int, seed: int) -> RoundPar:
    """The par of the round as the table makes it, the coach's deals drawn with ``seed``."""
    losses = []
    for decision in decisions_of(events, SEATS, number):  # type: ignore[arg-type]
        found = assess(decision.view, COACH_BUDGET, seed=seed)
        if len(found) < 2:
            continue
        advice = advise(decision.view, found, decision.action)
        chosen = advice.is_learners
        losses.append((advice.lost if chosen else 0.0, advice.lost_error if chosen else 0.0))
    return RoundPar.of(number, losses)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    cases = club_rounds(args.rounds, args.seed)
    judged = agreed = 0
    times, errors, moves = [], [], []
    for events, number in cases:
        began = time.perf_counter()
        reviews = review_round(events, SEATS, number, COACH_BUDGET)  # type: ignore[arg-type]
        times.append(time.perf_counter() - began)
        par = RoundPar.of(number, [(r.lost, r.lost_error) for r in reviews])
        lost = sum(r.lost for r in reviews)
        errors.append(par.error)
        if lost > MISTAKE_THRESHOLD or abs(par.par) > MISTAKE_THRESHOLD:
            judged += 1
            agreed += par.par < 0 < lost
        again = par_with_seed(events, number, seed=1)
        moves.append(par.lost - again.lost)
    times.sort()
    errors.sort()
    noise = statistics.stdev(moves) / math.sqrt(2)
    print(f"{len(cases)} rounds, seed {args.seed}: par or review beyond "
          f"{MISTAKE_THRESHOLD:g} in {judged}, agreeing in sign in {agreed}; the par's "
          f"standard error median {statistics.median(errors):.1f}, max {errors[-1]:.1f}; "
          f"measured again with other deals, the par moved by a standard deviation of "
          f"{statistics.stdev(moves):.1f} (the noise of one par: {noise:.1f}); a review "
          f"(and its par) took median {statistics.median(times):.2f} s, max {times[-1]:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
