"""The figures of issue 36: positions kept from games played by a simulated learner, re-dealt.

``python scripts/drill_figures.py [GAMES] [--full]``: GAMES games (20 by default) to 300
points at the Chibre table, three random bots and a learner who plays a random legal choice
(the coach off, so every mistake is played), each round reviewed as the Play page reviews it
(the fast review budget; ``--full``: the app's coach budget, slower), the positions of its
mistakes kept in a scratch progress file. Then every kept position is prepared as a drill for
one day (``tutor.progress.drills.prepare``) and the script prints: positions kept per game,
the share set aside as close calls (trump and card apart), the share of drills whose best
choice on the re-deal is the review's, the share of card drills whose best choice on the
re-deal is the best in the deal really played (every hand open, solved to the end of the
round), and the time to prepare one (median, slowest).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path


def main() -> int:
    from engine import Rules
    from tutor.games import GameStore
    from tutor.jobs import QueueRunner
    from tutor.progress import Progress
    from tutor.progress.drills import CloseCall, prepare
    from tutor.table import Stage, Table

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 20
    scratch = Path(tempfile.mkdtemp())
    store = GameStore(scratch / "games.sqlite3")
    progress = Progress(scratch / "progress.sqlite3")
    kept: list[int] = []
    for n in range(games):
        runner = QueueRunner()
        table = Table(store, runner, fast="--full" not in sys.argv)
        table.keep = progress.keep_positions
        before = len(progress.kept_positions())
        table.new_game(Rules(target=300), ("learner", "random", "random", "random"),
                       seed=100 + n, coach="off")
        rng = random.Random(n)
        while table.stage is not Stage.OVER or runner.queue:
            if runner.queue:
                runner.queue.popleft()()
            elif table.stage is Stage.LEARNER:
                view = table.view()
                assert view is not None
                table.learner_acts(rng.choice(view.legal_actions))
            elif table.stage is Stage.ROUND_OVER:
                table.next_round()
            else:
                raise SystemExit(f"the table waits at {table.stage}")
        kept.append(len(progress.kept_positions()) - before)
    items = progress.kept_positions()
    played = {game.game_id: game.events for game in store.finished()}
    times: dict[bool, list[float]] = {True: [], False: []}
    close = {True: 0, False: 0}
    same = drills = cards = as_dealt = 0
    for item in items:
        start = time.perf_counter()
        found = prepare(item.position, date(2026, 11, 27))
        times[item.position.is_trump].append(time.perf_counter() - start)
        if isinstance(found, CloseCall):
            close[item.position.is_trump] += 1
        else:
            drills += 1
            same += found.best == item.position.best
            real = real_best(played.get(item.position.game_id, ()), item.position)
            if real is not None:
                cards += 1
                as_dealt += found.best in real
    print(f"{games} games: positions kept per game {kept}, mean {statistics.fmean(kept):.2f}")
    for trump, name in ((True, "trump"), (False, "card")):
        count = len(times[trump])
        if count:
            print(f"{name}: {count} positions, {close[trump]} close calls "
                  f"({close[trump] / count:.0%}), prepared in median "
                  f"{statistics.median(times[trump]):.2f} s, slowest {max(times[trump]):.2f} s")
    every = times[True] + times[False]
    print(f"all: {len(items)} positions, {sum(close.values())} close calls "
          f"({sum(close.values()) / len(items):.0%}); {drills} drills, best the review's in "
          f"{same} ({same / max(drills, 1):.0%}); prepared in median "
          f"{statistics.median(every):.2f} s, slowest {max(every):.2f} s")
    print(f"card drills whose best on the re-deal is a best card of the deal really played "
          f"(every hand open, to the end of the round): {as_dealt} of {cards} "
          f"({as_dealt / max(cards, 1):.0%})")
    return 0


def real_best(events: object, position: object) -> set[object] | None:
    """The best cards of the card decision ``position`` in the deal really played: the game of
    ``events`` replayed to that decision, each legal card solved with every hand open to the
    end of the round (``None``: a trump choice, or the decision was not found)."""
    from engine.cards import Card
    from engine.chibre.bots.expert import sweep_of
    from engine.chibre.game import Game, Phase
    from engine.dds import Solver

    if not events or position.is_trump:  # type: ignore[attr-defined]
        return None
    for game, _action in Game.replay(events):  # type: ignore[arg-type]
        if game.phase is not Phase.PLAY or game.current_player != 0:
            continue
        view = game.view(0)
        if view != position.view:  # type: ignore[attr-defined]
            continue
        assert view.trump is not None
        hands = [game.view(seat).hand.mask for seat in range(4)]
        solver = Solver(int(view.trump), 0, None)
        values = solver.move_values(hands, view.leader, [c.index for c in view.trick],
                                    sweep=sweep_of(view))
        top = max(values.values())
        return {Card.from_index(c) for c, v in values.items() if v == top}
    return None


if __name__ == "__main__":
    sys.exit(main())
