"""Candidate puzzles for authors: random deals filtered by the engine for a theme.

``python -m tutor.content generate legal --theme no-undertrump --count 5 --seed 1`` prints YAML
ready to curate: the position, the engine's answer, every theme that applies, the next free ids
and the difficulty (``tutor.content.kinds.estimate_difficulty``, which every stored difficulty
must equal). An author keeps the few that teach something and writes the hint. What differs by
kind (the random positions, the YAML) is in ``tutor.content.positions``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import yaml

from tutor.content.kinds import estimate_difficulty, puzzle_kind
from tutor.content.loader import retired_ids
from tutor.content.tasks import Solution, Task
from tutor.content.themes import THEMES_BY_KEY, Kind, applies, themes_for
from tutor.data import PUZZLES


def candidates(
    kind: Kind, theme: str, rng: random.Random, tries: int = 20000
) -> Iterator[tuple[Task, Solution]]:
    """Positions of ``kind`` in which the engine finds ``theme``, without repeats, among
    ``tries`` random ones (``tutor.content.positions``)."""
    spec = puzzle_kind(kind)
    seen: set[Task] = set()
    wanted = THEMES_BY_KEY[theme]
    for _, task in zip(range(tries), spec.positions(rng, theme), strict=False):
        if task in seen:
            continue
        solution = spec.solve(task)
        if not spec.keeps(solution):
            continue
        if applies(wanted, kind, task, solution):
            seen.add(task)
            yield task, solution


def to_yaml(kind: Kind, puzzle_id: str, task: Task, solution: Solution) -> str:
    themes = [t.key for t in themes_for(kind) if applies(t, kind, task, solution)][:3]
    lines = [
        f"- id: {puzzle_id}",
        f"  kind: {kind.value}",
        f"  themes: [{', '.join(themes)}]",
        f"  difficulty: {estimate_difficulty(kind, task, solution)}",
        *puzzle_kind(kind).yaml(task, solution),
        "  # hint: one sentence on why this position is worth solving",
    ]
    return "\n".join(lines)


def next_ids(root: Path, kind: Kind, count: int) -> list[str]:
    """The next ``count`` ids of ``kind`` after every id in use or retired."""
    prefix = puzzle_kind(kind).as_puzzle().prefix
    used: set[str] = set()
    for path in (root / PUZZLES).glob("*.yaml"):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(data, list):
            used |= {str(p.get("id")) for p in data if isinstance(p, dict)}
    used |= retired_ids(root)
    numbers = [int(u[2:]) for u in used if u.startswith(prefix) and u[2:].isdigit()]
    start = max(numbers, default=0) + 1
    return [f"{prefix}{n:03d}" for n in range(start, start + count)]


def generate(root: Path, kind: Kind, theme: str, count: int, seed: int,
             tries: int = 20000) -> list[str]:
    """Up to ``count`` candidates as YAML blocks (fewer when the theme is rare)."""
    rng = random.Random(f"jass-tutor generate {seed}")
    ids = next_ids(root, kind, count)
    blocks = []
    found = candidates(kind, theme, rng, tries)
    for puzzle_id in ids:
        task_solution = next(found, None)
        if task_solution is None:
            break
        blocks.append(to_yaml(kind, puzzle_id, *task_solution))
    return blocks
