"""What the strategy course's card answers become under its measure, against the figures an
earlier measure kept (issue 33, item 4: the deals weighted by the opponents' plays,
``engine.weighed_deals``, replaced uniform deals). Measures every card decision of the course
as ``tutor.content.strategy`` does now and prints each one whose answer differs from the
figures kept by ``--method`` in ``--before`` for the same position, or that the acceptance rule
refuses, with both figures; then the counts. A position changed since has no earlier figure.

``git show eb5bacb:puzzles/engine-checks.json > /tmp/before.json``, then
``python scripts/weighted_measure.py --before /tmp/before.json --method strategy-2`` (about a
minute on two cores). The list of issue 33, with what became of each item, is in
docs/weighted-measure.txt.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tutor.content.strategy as strategy
from tutor.content import load_content
from tutor.content.tasks import StrategySolution, StrategyTask


def figures(solution: StrategySolution) -> str:
    shown = strategy._figure(solution.unit)  # the course's own wording
    best = ", ".join(f"{code} {shown(value)}" for code, value in solution.values[:2])
    error = f" ± {shown(solution.errors[0][1])}" if solution.errors else ""
    return f"{best}{error} over {solution.deals} deals"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="an earlier engine-checks.json")
    parser.add_argument("--method", required=True, help="the METHOD its figures were kept under")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    kept = json.loads(args.before.read_text(encoding="utf-8"))["checks"]
    content = load_content()
    tasks: dict[str, StrategyTask] = {}
    for puzzle in content.puzzles:
        if isinstance(puzzle.task, StrategyTask) and puzzle.task.trump is not None:
            tasks[puzzle.id] = puzzle.task
    for lesson in content.lessons:
        for number, exercise in enumerate(lesson.exercises, 1):
            if isinstance(exercise.task, StrategyTask) and exercise.task.trump is not None:
                tasks[f"{lesson.id} {number}"] = exercise.task
    began = time.monotonic()
    measured = strategy.measure_all(tasks.values(), args.processes)
    now_method = strategy.METHOD
    changed = refused = 0
    for name, task in tasks.items():
        solution = measured[strategy.digest(task)]
        strategy.METHOD = args.method  # type: ignore[misc]  # the earlier figure's key
        old = strategy.solution_from_json(kept.get(strategy.digest(task)))
        strategy.METHOD = now_method  # type: ignore[misc]
        flags = []
        if old is not None and old.values[0][0] != solution.values[0][0]:
            changed += 1
            flags.append("answer changed")
        why = strategy.problem(solution)
        if why is not None:
            refused += 1
            flags.append("refused")
        if flags:
            before = figures(old) if old is not None else "a new position"
            print(f"{name}: {', '.join(flags)}; before {before}; now {figures(solution)}")
    print(f"{len(tasks)} card decisions: answer changed in {changed}, refused by the acceptance "
          f"rule in {refused} ({time.monotonic() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
