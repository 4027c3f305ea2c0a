"""The "next for me" choice: which puzzle the learner should see next, from the record.

Which puzzles are open at all is the course's business (``opening``): a puzzle is open once
every one of its themes is prepared, for the puzzle's kind, by a lesson the learner has
completed, and every puzzle is open once the whole course is done. The caller offers only the
open puzzles to ``choose``.

In ``mixed`` mode, in this order:

1. a review that is due (the one due longest first);
2. with probability ``NEW_SHARE`` (1 in 3), a puzzle never tried, if any (always, while the
   learner has tried none of the puzzles offered);
3. otherwise a puzzle of the learner's weakest theme: each theme's success rate is smoothed as
   ``(correct + 1) / (attempts + 2)`` (an untried theme counts as 1/2, one failure already makes
   a theme weaker than that), a puzzle is as weak as its weakest theme; among the weakest,
   puzzles not yet solved come first. Only puzzles *within reach* take part: rated at most
   ``REACH`` above the learner (above the easiest puzzle left, if none is that easy), so a
   failed theme does not pull in its hardest puzzles. Puzzles waiting in the review queue are
   left for their turn unless nothing else is left.

Among the puzzles a step allows, one of the ``NEAR`` nearest in rating to the learner is drawn
with the caller's ``rng`` (ties in distance are broken by the same ``rng``, so puzzles of equal
rating take turns and a seed replays the same choices). Easiest first for a new learner comes
from the start rating (``tutor.progress.glicko``): a fresh learner is rated like a difficulty-1
puzzle, so the nearest puzzles are the easiest; after that, the rating leads.

The puzzle just played is never chosen; ``None`` means nothing is left to choose. The other
modes are one step alone: ``review`` (step 1), ``new`` (step 2 without the dice), ``weak``
(step 3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

MODES = ("mixed", "review", "new", "weak")
NEW_SHARE = 1.0 / 3.0
NEAR = 3
REACH = 200.0


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


# --- what the course has opened ----------------------------------------------------------------


@dataclass(frozen=True)
class LessonPlan:
    """What the opening needs of a lesson: its id, number, and the (kind, theme) pairs it
    prepares (``Lesson.prepares`` with the kind's value, e.g. ``("legal", "follow-suit")``)."""

    id: str
    number: int
    prepares: frozenset[tuple[str, str]]


@dataclass(frozen=True)
class Opening:
    """The puzzles the course has opened: the (kind, theme) pairs of the lessons done, or every
    puzzle (``everything``) once the whole course is done."""

    pairs: frozenset[tuple[str, str]]
    everything: bool = False

    def admits(self, kind: str, themes: Iterable[str]) -> bool:
        """Whether a puzzle of ``kind`` with ``themes`` is open.

        >>> Opening(frozenset({("legal", "follow-suit")})).admits("legal", ["follow-suit"])
        True
        >>> Opening(frozenset({("legal", "buur")})).admits("winner", ["buur"])
        False
        """
        return self.everything or all((kind, theme) in self.pairs for theme in themes)

    @property
    def empty(self) -> bool:
        """Nothing is open yet."""
        return not self.everything and not self.pairs


def opening(lessons: Sequence[LessonPlan], completed: Collection[str]) -> Opening:
    """What the lessons in ``completed`` (ids) have opened; everything when all are done (or
    when there is no course at all, so puzzles alone still work).

    >>> plan = [LessonPlan("a", 1, frozenset()), LessonPlan("b", 2, frozenset({("legal", "x")}))]
    >>> opening(plan, {"b"}).pairs
    frozenset({('legal', 'x')})
    >>> opening(plan, {"a", "b"}).everything
    True
    """
    if all(lesson.id in completed for lesson in lessons):
        return Opening(frozenset().union(*(lesson.prepares for lesson in lessons)), True)
    pairs = [lesson.prepares for lesson in lessons if lesson.id in completed]
    return Opening(frozenset().union(*pairs))


def first_unlocking(lessons: Sequence[LessonPlan], completed: Collection[str]) -> LessonPlan | None:
    """The first lesson, in course order, not yet done that would open some puzzles; ``None``
    if no lesson left to do opens any.

    >>> plan = [LessonPlan("a", 1, frozenset()), LessonPlan("b", 2, frozenset({("legal", "x")}))]
    >>> first_unlocking(plan, set()).number
    2
    """
    return next((lesson for lesson in sorted(lessons, key=lambda plan: plan.number)
                 if lesson.id not in completed and lesson.prepares), None)


def practises(kind: str, themes: Iterable[str], pairs: Collection[tuple[str, str]]) -> bool:
    """Whether a puzzle of ``kind`` with ``themes`` practises one of ``pairs`` (a lesson's
    ``prepares``): at least one of its themes is one of them for its kind.

    >>> pairs = {("legal", "a")}
    >>> practises("legal", ["b", "a"], pairs), practises("winner", ["a"], pairs)
    (True, False)
    """
    return any((kind, theme) in pairs for theme in themes)


# --- choosing ----------------------------------------------------------------------------------


def choose(
    puzzles: Sequence[Candidate], record: Record, rng: random.Random, mode: str
) -> str | None:
    """The id of the next puzzle for ``mode`` (see the module doc), or ``None``."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    pool = sorted((p for p in puzzles if p.id != record.last_played), key=lambda p: p.id)
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
    ceiling = max(record.learner, min(p.rating for p in waiting)) + REACH
    waiting = [p for p in waiting if p.rating <= ceiling]

    def key(p: Candidate) -> tuple[float, bool]:
        return weakness(p.themes, record.themes), p.id in record.solved

    best = min(key(p) for p in waiting)
    return _near([p for p in waiting if key(p) == best], record.learner, rng)


def _near(pool: list[Candidate], target: float, rng: random.Random) -> str:
    """One of the ``NEAR`` puzzles rated closest to ``target``; equal distances in an order
    drawn by ``rng`` (so equally rated puzzles take turns, and a seed replays)."""
    order = list(pool)
    rng.shuffle(order)
    nearest = sorted(order, key=lambda p: abs(p.rating - target))[:NEAR]
    return rng.choice(nearest).id


def _smoothed(attempts: int, correct: int) -> float:
    return (correct + 1) / (attempts + 2)
