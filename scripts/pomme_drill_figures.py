"""Issue 36's figures for Pomme: positions a simulated learner's mistakes would keep, re-dealt.

``python scripts/pomme_drill_figures.py [GAMES]``: for Pomme for 2, 3 and 5, GAMES rounds
(10 by default) in which seat 0 plays a random legal choice and the others the table's
heuristic bots. Each decision of seat 0 is judged as the review judges it (the Pomme coach at
its own budget: a mistake loses at least ``POMME_MISTAKE_THRESHOLD``), each mistake is kept as
the table keeps it (``kept_pomme_position``: what seat 0 could see) and prepared as a drill for
one day. Prints per player count: mistakes kept per round, the share set aside as close calls,
the share of drills whose best choice on the re-deal is the review's, and the time to prepare
one (median, slowest).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import date


def main() -> int:
    from engine import PommeGame, make_pomme_bot, pomme_advise, pomme_assess
    from engine.pomme.coach import POMME_MISTAKE_THRESHOLD
    from tutor.progress.drills import CloseCall, prepare
    from tutor.progress.kept import kept_pomme_position

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    day = date(2026, 11, 27)
    for players in (2, 3, 5):
        kept = close = same = drills = 0
        times: list[float] = []
        for n in range(rounds):
            game = PommeGame(players, seed=1000 + n)
            bots = [make_pomme_bot("heuristic", seed=n * 10 + s) for s in range(players)]
            rng = random.Random(n)
            step = 0
            while not game.is_over and game.round == 0:
                seat = game.current_player
                if seat != 0:
                    game.apply(bots[seat].choose_action(game.view(seat)))
                    continue
                view = game.view(0)
                chosen = rng.choice(list(view.legal_actions))
                found = pomme_assess(view, seed=step)
                if len(found) > 1:
                    advice = pomme_advise(view, found, chosen)
                    if not advice.is_learners and advice.lost >= POMME_MISTAKE_THRESHOLD:
                        position = kept_pomme_position("figures", 1, len(view.tricks) + 1, step,
                                                       view, chosen, advice.action, advice.lost,
                                                       advice.lost_error)
                        kept += 1
                        start = time.perf_counter()
                        drill = prepare(position, day)
                        times.append(time.perf_counter() - start)
                        if isinstance(drill, CloseCall):
                            close += 1
                        else:
                            drills += 1
                            same += drill.best == advice.action
                step += 1
                game.apply(chosen)
        print(f"Pomme for {players}: {rounds} rounds, {kept} mistakes kept "
              f"({kept / rounds:.1f} a round); close calls {close} of {kept} "
              f"({100 * close / max(1, kept):.0f}%); the re-deal's best is the review's in "
              f"{same} of {drills} drills; prepare: median "
              f"{statistics.median(times) if times else 0:.2f} s, slowest "
              f"{max(times, default=0):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
