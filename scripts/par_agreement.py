"""Does the par agree with the review? (issue 34, item 3.)

Plays seeded Chibre rounds at a club table (the learner's seat played by a club player), then
for each round computes the par as the table does (``engine.chibre.par.round_par``: the expert
replays the round in the learner's seat) and the review's points lost (``tutor.table.session
.review``: the coach's search at every decision of the learner's seat). Whenever either is
beyond the review's mistake threshold, the two should agree in sign (points lost are a par
below 0). Prints the agreement, the par's time and the spread of the par between replays.

``python scripts/par_agreement.py --rounds 50 --seed 1``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import MISTAKE_THRESHOLD
from engine.chibre.par import real_rounds, round_par
from tutor.table.session import COACH_BUDGET, TABLE_BUDGET, decisions_of, review

SEATS = ("learner", "heuristic", "heuristic", "heuristic")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replays", type=int, default=1)
    args = parser.parse_args(argv)
    cases = real_rounds("club", args.rounds, args.seed)
    judged = agreed = 0
    times, gaps = [], []
    for events, number, game_seed in cases:
        began = time.perf_counter()
        par = round_par(events, number, SEATS, 0, TABLE_BUDGET, game_seed * 31 + number,
                        others_budget=COACH_BUDGET, replays=args.replays)
        times.append(time.perf_counter() - began)
        assert par is not None
        lost = sum(r.lost for r in review(decisions_of(events, SEATS, number), COACH_BUDGET))
        gaps.append(par.par + lost)
        if lost > MISTAKE_THRESHOLD or abs(par.par) > MISTAKE_THRESHOLD:
            judged += 1
            agreed += par.par < 0 < lost
            if not par.par < 0 < lost:
                print(f"  round {number} of game {game_seed}: par {par.par:+d}, "
                      f"review lost {lost:.1f}")
    times.sort()
    print(f"{len(cases)} rounds, seed {args.seed}, {args.replays} replay(s): par and review "
          f"beyond {MISTAKE_THRESHOLD:g} in {judged}, agreeing in sign {agreed}; par time "
          f"median {statistics.median(times):.2f} s, max {times[-1]:.2f} s; par + lost "
          f"(the par's own share): mean {statistics.fmean(gaps):+.1f}, "
          f"sd {statistics.stdev(gaps):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
