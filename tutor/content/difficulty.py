"""How hard a puzzle is, estimated from what it asks (no Qt).

The stored ``difficulty:`` of every puzzle is this estimate (a test holds them equal), so "Next
for me" can serve a new learner the easy ones first and the numbers cannot drift as puzzles are
added. The estimate reads the position and the engine's solution, never the authored labels:
relabelling a puzzle cannot change its difficulty. Each kind adds steps to 1 and the sum is
kept within 1 to 5. Each kind's steps are in its module (``tutor.content.kinds.<kind>``,
``*_steps``) and listed in ``docs/content-format.md`` (Difficulty); here is what they share.
"""

from __future__ import annotations

from engine import Trump
from tutor.content.tasks import (
    Solution,
    Task,
)
from tutor.content.themes import THEMES_BY_KEY, Kind, applies

LOWEST, HIGHEST = 1, 5
#: Pomme for 5: a trick of five cards to compare, five players' marks.
FIVE = 5


def level(steps: int) -> int:
    """The difficulty of a puzzle whose kind counts ``steps``: 1 plus the steps, within 1 to 5.
    ``tutor.content.kinds.estimate_difficulty`` counts the steps of the puzzle's kind."""
    return max(LOWEST, min(HIGHEST, 1 + steps))


def has_theme(key: str, kind: Kind, task: Task, solution: Solution) -> bool:
    return applies(THEMES_BY_KEY[key], kind, task, solution)


def is_trump(suit: object, trump: Trump) -> bool:
    return trump.suit is not None and suit == trump.suit


