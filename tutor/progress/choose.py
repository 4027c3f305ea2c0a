"""The "next for me" choice: which puzzle the learner should see next, from the record.

In ``mixed`` mode, in this order:

1. a review that is due (the one due longest first);
2. with probability ``NEW_SHARE`` (1 in 3), a puzzle never tried, if any;
3. otherwise a puzzle of the learner's weakest theme: each theme's success rate is smoothed as
   ``(correct + 1) / (attempts + 2)`` (an untried theme counts as 1/2, one failure already makes
   a theme weaker than that), a puzzle is as weak as its weakest theme; among the weakest,
   puzzles not yet solved come first. Puzzles waiting in the review queue are left for their
   turn unless nothing else is left.

Among the puzzles a step allows, one of the ``NEAR`` nearest in rating to the learner is drawn
with the caller's ``rng``, so a seed replays the same choices. The puzzle just played is never
chosen; ``None`` means nothing is left to choose. The other modes are one step alone:
``review`` (step 1), ``new`` (step 2 without the dice), ``weak`` (step 3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

MODES = ("mixed", "review", "new", "weak")
NEW_SHARE = 1.0 / 3.0
NEAR = 3


@dataclass(frozen=True)
class Candidate:
    """What the selector needs of one puzzle: its id, themes and current rating."""

    id: str
    themes: tuple[str, ...]
    rating: float


@dataclass(frozen=True)
class Record:
    """What the selector needs of the learner's record."""

    learner: float
    last_played: str | None
    due: Sequence[str]  # due reviews, oldest due first
    scheduled: frozenset[str]  # every puzzle in the review queue, due or not
    attempted: frozenset[str]
    solved: frozenset[str]
    themes: Mapping[str, tuple[int, int]]  # theme -> (attempts, correct)


def choose(
    puzzles: Sequence[Candidate], record: Record, rng: random.Random, mode: str
) -> str | None:
    """The id of the next puzzle for ``mode`` (see the module doc), or ``None``."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    pool = [p for p in puzzles if p.id != record.last_played]
    steps: dict[str, Callable[[], str | None]] = {
        "review": lambda: _due(pool, record),
        "new": lambda: _new(pool, record, rng),
        "weak": lambda: _weak(pool, record, rng),
        "mixed": lambda: _mixed(pool, record, rng),
    }
    return steps[mode]()


def weakness(themes: Sequence[str], stats: Mapping[str, tuple[int, int]]) -> float:
    """The smoothed success rate of a puzzle's weakest theme (1/2 with no themes or no data).

    >>> weakness(("a", "b"), {"a": (4, 3), "b": (1, 0)})
    0.3333333333333333
    """
    return min((_smoothed(*stats.get(theme, (0, 0))) for theme in themes), default=0.5)


def _mixed(pool: list[Candidate], record: Record, rng: random.Random) -> str | None:
    due = _due(pool, record)
    if due is not None:
        return due
    fresh = [p for p in pool if p.id not in record.attempted]
    if fresh and (len(fresh) == len(pool) or rng.random() < NEW_SHARE):
        return _near(fresh, record.learner, rng)
    return _weak(pool, record, rng)


def _due(pool: list[Candidate], record: Record) -> str | None:
    present = {p.id for p in pool}
    return next((puzzle_id for puzzle_id in record.due if puzzle_id in present), None)


def _new(pool: list[Candidate], record: Record, rng: random.Random) -> str | None:
    fresh = [p for p in pool if p.id not in record.attempted]
    return _near(fresh, record.learner, rng) if fresh else None


def _weak(pool: list[Candidate], record: Record, rng: random.Random) -> str | None:
    waiting = [p for p in pool if p.id not in record.scheduled] or pool
    if not waiting:
        return None

    def key(p: Candidate) -> tuple[float, bool]:
        return weakness(p.themes, record.themes), p.id in record.solved

    best = min(key(p) for p in waiting)
    return _near([p for p in waiting if key(p) == best], record.learner, rng)


def _near(pool: list[Candidate], target: float, rng: random.Random) -> str:
    """One of the ``NEAR`` puzzles rated closest to ``target`` (ties by id, so it replays)."""
    nearest = sorted(pool, key=lambda p: (abs(p.rating - target), p.id))[:NEAR]
    return rng.choice(nearest).id


def _smoothed(attempts: int, correct: int) -> float:
    return (correct + 1) / (attempts + 2)
