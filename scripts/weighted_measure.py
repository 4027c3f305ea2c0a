"""What the strategy course's answers become when the deals are weighted by what the play showed
(issue 33, item 4): every card decision of the course measured again with the expert's own play
model (``engine.chibre.bots.inference.PlayModel``): ``POOL`` times 40 deals drawn uniformly among
those that agree with what was seen, 40 of them kept in proportion to how well they explain the
opponents' plays, without repeats (``Budget.distinct``). Prints each item whose answer changes or
that the course's acceptance rule would refuse, with its old and new figures, and the counts.

``python scripts/weighted_measure.py --pool 10`` (a few minutes on two cores).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.content import load_content
from tutor.content.loader import ROOT
from tutor.content.strategy import CHECKS_FILE, digest, solution_from_json
from tutor.content.tasks import StrategySolution, StrategyTask


def weigh(pool: int) -> None:
    """In a worker: the course's measure with the weighed, distinct deals."""
    import tutor.content.strategy as strategy

    strategy.CHECK_BUDGET = dataclasses.replace(  # type: ignore[misc]
        strategy.CHECK_BUDGET, pool=pool, distinct=True)


def measured(item: tuple[str, StrategyTask]) -> tuple[str, StrategySolution, str | None]:
    from tutor.content.strategy import measure, problem

    key, task = item
    solution = measure(task)
    return key, solution, problem(solution)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pool", type=int, default=10)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    content = load_content()
    kept = json.loads((ROOT / CHECKS_FILE).read_text(encoding="utf-8"))["checks"]
    tasks: dict[str, StrategyTask] = {}
    names: dict[str, str] = {}
    for puzzle in content.puzzles:
        if isinstance(puzzle.task, StrategyTask) and puzzle.task.trump is not None:
            tasks[digest(puzzle.task)], names[digest(puzzle.task)] = puzzle.task, puzzle.id
    for lesson in content.lessons:
        for number, exercise in enumerate(lesson.exercises):
            if isinstance(exercise.task, StrategyTask) and exercise.task.trump is not None:
                key = digest(exercise.task)
                tasks[key], names[key] = exercise.task, f"{lesson.id} {number}"
    began = time.monotonic()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.processes, mp_context=context, initializer=weigh,
                             initargs=(args.pool,)) as pool:
        results = list(pool.map(measured, tasks.items()))
    changed = refused = 0
    for key, solution, why in results:
        old = solution_from_json(kept.get(key))
        before = old.values[:2] if old is not None else None
        flags = []
        if old is None or old.values[0][0] != solution.values[0][0]:
            changed += 1
            flags.append("answer changed")
        if why is not None:
            refused += 1
            flags.append("refused")
        if flags:
            print(f"{names[key]}: {', '.join(flags)}; before {before}, weighted "
                  f"{solution.values[:2]} ± {solution.errors[:1]}")
    print(f"pool {args.pool}: {len(results)} card decisions, answer changed in {changed}, "
          f"refused by the acceptance rule in {refused} ({time.monotonic() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
