"""The words of the puzzle record: when reviews come back, the streak, the rating change (no Qt)."""

from __future__ import annotations

import doctest
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import tutor.progress.puzzle_text
from tutor.progress import ReviewQueue
from tutor.progress.puzzle_text import (
    rating_change_text,
    review_button_text,
    review_line,
    streak_text,
    wait_text,
)

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("delta", "text"),
    [
        (timedelta(seconds=0), "1 min"),
        (timedelta(seconds=-30), "1 min"),  # already due: never "0 min" or negative
        (timedelta(seconds=20), "1 min"),
        (timedelta(minutes=9), "9 min"),
        (timedelta(minutes=8, seconds=1), "9 min"),  # rounded up: it is not due in 8
        (timedelta(minutes=59, seconds=30), "1 hour"),
        (timedelta(minutes=90), "2 hours"),
        (timedelta(hours=23), "23 hours"),
        (timedelta(hours=23, minutes=40), "1 day"),
        (timedelta(days=1), "1 day"),
        (timedelta(days=2, hours=23), "3 days"),
        (timedelta(days=21), "21 days"),
    ],
)
def test_wait_text_in_minutes_hours_or_days(delta: timedelta, text: str):
    assert wait_text(delta) == text


def test_review_button_shows_the_count_due_or_when_the_next_comes():
    assert review_button_text(ReviewQueue(0, 0, None), NOW) == "Review my mistakes (0)"
    assert review_button_text(ReviewQueue(3, 2, NOW + timedelta(hours=4)), NOW) == (
        "Review my mistakes (3)")
    assert review_button_text(ReviewQueue(0, 2, NOW + timedelta(hours=4)), NOW) == (
        "Review my mistakes (next in 4 hours)")


@pytest.mark.parametrize(
    ("queue", "text"),
    [
        (ReviewQueue(0, 0, None), "No mistakes waiting for review."),
        (ReviewQueue(0, 1, NOW + timedelta(minutes=9)),
         "1 mistake comes back for review in 9 min."),
        (ReviewQueue(0, 4, NOW + timedelta(days=1)),
         "4 mistakes come back for review, the next in 1 day."),
        (ReviewQueue(2, 0, None), "2 mistakes are ready for review now."),
        (ReviewQueue(1, 1, NOW + timedelta(hours=1)),
         "1 mistake is ready for review now. 1 more comes back in 1 hour."),
        (ReviewQueue(2, 3, NOW + timedelta(days=3)),
         "2 mistakes are ready for review now. 3 more come back, the next in 3 days."),
    ],
)
def test_review_line_says_when_the_mistakes_come_back(queue: ReviewQueue, text: str):
    assert review_line(queue, NOW) == text


def test_streak_and_rating_change_lines():
    assert streak_text(0, 0) == "Streak: 0 right in a row (best: 0)"
    assert streak_text(1, 7) == "Streak: 1 right in a row (best: 7)"
    assert rating_change_text(True, 46, True) == "Right: +46"
    assert rating_change_text(False, -23, True) == "Wrong: -23"
    assert rating_change_text(False, 0, False) == "Wrong, not rated"


def test_docstring_examples():
    result = doctest.testmod(tutor.progress.puzzle_text)
    assert result.attempted > 0 and result.failed == 0


def test_puzzle_text_imports_no_qt():
    source = Path(tutor.progress.puzzle_text.__file__).read_text()
    assert not re.search(r"^\s*(from|import)\s+(PySide|shiboken|tutor\.ui)", source, re.M)
