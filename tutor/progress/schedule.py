"""The review ladder: a failed puzzle comes back after growing intervals until it sticks.

A wrong answer puts the puzzle on the first rung, due ``LADDER[0]`` later. A correct answer when
the puzzle is due climbs one rung and waits that rung's interval; a correct answer on the last
rung takes the puzzle out of the queue. A wrong answer, due or not, starts it over. A correct
answer *before* the puzzle is due (the learner met it while browsing) changes nothing: the
spacing is what makes it stick.

So a puzzle leaves the queue after ``len(LADDER)`` correct reviews in a row, the last one three
weeks after the one before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

LADDER: tuple[timedelta, ...] = (
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=21),
)


@dataclass(frozen=True)
class Slot:
    """A scheduled review: the rung (index in ``LADDER``) and when it is due."""

    rung: int
    due: datetime


def after_answer(slot: Slot | None, correct: bool, now: datetime) -> Slot | None:
    """The puzzle's review slot after an answer at ``now``; ``None`` = not in the queue.

    >>> from datetime import UTC
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> failed = after_answer(None, False, t)
    >>> failed.rung, failed.due - t
    (0, datetime.timedelta(seconds=600))
    >>> after_answer(failed, True, failed.due).rung
    1
    >>> after_answer(Slot(len(LADDER) - 1, t), True, t) is None
    True
    """
    if not correct:
        return Slot(0, now + LADDER[0])
    if slot is None or now < slot.due:
        return slot
    rung = slot.rung + 1
    return Slot(rung, now + LADDER[rung]) if rung < len(LADDER) else None


#: How a drill of a position kept from the learner's games ends: the best choice found, another
#: chosen, or a close call (the best is not clear by the course's margin on this re-deal).
DrillOutcome = Literal["right", "wrong", "close"]


def first_slot(now: datetime) -> Slot:
    """The slot of a position kept from a game at ``now``: a mistake, so due as a missed
    puzzle is (``LADDER[0]`` later, on the first rung)."""
    return Slot(0, now + LADDER[0])


def after_drill(slot: Slot, outcome: DrillOutcome, now: datetime) -> Slot | None:
    """The kept position's slot after a drill at ``now``; ``None`` = out of the queue.

    Right and wrong move on the ladder as a missed puzzle's answers do (``after_answer``): a
    right answer when due climbs, off the top it is mastered; a wrong one starts over. A close
    call is shown once and leaves the queue.

    >>> from datetime import UTC
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> after_drill(first_slot(t), "close", t + LADDER[0]) is None
    True
    >>> after_drill(first_slot(t), "right", t + LADDER[0]).rung
    1
    """
    if outcome == "close":
        return None
    return after_answer(slot, outcome == "right", now)
