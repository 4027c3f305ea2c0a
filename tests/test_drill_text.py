"""The words of a drill of a position from the learner's games (issue 36, items 3 and 4):
reasons first in the coach's words for the drill's own best choice, the figures after, the
game's day in the learner's language, the Progress page's line (``tutor.progress.drill_text``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from tests.test_drills import DAY, card_position, trump_position
from tutor import i18n
from tutor.progress import drill_text
from tutor.progress.drills import CloseCall, Drill, prepare
from tutor.progress.record import DrillQueue

#: A card position the re-deal of ``DAY`` finds clear, and one it finds a close call.
DRILL_SEED, CLOSE_SEED = 26, 12


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


def card_drill() -> Drill:
    found = prepare(card_position(DRILL_SEED), DAY)
    assert isinstance(found, Drill)
    return found


def test_the_coachs_word_recommends_the_drills_own_best_choice() -> None:
    drill = card_drill()
    assert drill_text.drill_advice(drill).action == drill.best
    other = next(a for a in drill.position.view.legal_actions if a != drill.best)
    advice = drill_text.drill_advice(drill, other)
    assert advice.action == drill.best and advice.is_learners


def test_the_verdict_leads_with_a_reason_for_the_best_choice_not_figures() -> None:
    drill = card_drill()
    first = drill_text.reason_lines(drill)[0]
    assert first.startswith("Why the ")
    assert "±" not in first and "deals" not in first.split("?", 1)[1][:40]
    assert "±" in drill_text.figures(drill)[0]


def test_a_trump_drill_is_said_in_the_coachs_words_too() -> None:
    found = prepare(trump_position(), DAY)
    assert isinstance(found, Drill)
    assert drill_text.drill_advice(found).action == found.best
    assert drill_text.reason_lines(found)[0].startswith("Why ")
    assert drill_text.situation(found.position)[0].startswith("You choose trump")


def test_a_close_call_says_why_either_choice_is_reasonable() -> None:
    found = prepare(card_position(CLOSE_SEED), DAY)
    assert isinstance(found, CloseCall)
    lines = drill_text.close_call_lines(found)
    assert lines[0].startswith("A close call") and "either choice is reasonable" in lines[0]
    assert drill_text.figures(found)


def test_the_situation_says_trump_the_tricks_and_the_announcements_in_words() -> None:
    lines = drill_text.situation(card_position(11))
    assert lines[0] == "You named {suit:S} as trump."
    assert any(line.startswith("Trick 2:") for line in lines)
    assert any("announced 20 points" in line for line in lines)


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Your position from Saturday's game"),
    ("de", "Samstag"), ("fr", "samedi"), ("it", "sabato")])
def test_the_game_is_named_by_its_weekday_in_the_learners_language(language, code,
                                                                  expected) -> None:
    i18n.set_language(code)
    kept = datetime(2026, 11, 28, 12, tzinfo=UTC)
    assert expected in drill_text.title(kept, kept + timedelta(days=2))


def test_a_game_of_today_or_of_long_ago_is_named_so() -> None:
    now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    assert "today" in drill_text.title(now, now)
    assert "2026" in drill_text.title(now - timedelta(days=30), now)


def test_the_progress_line_says_due_next_and_mastered() -> None:
    now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    line = drill_text.queue_line(DrillQueue(0, 1, now + timedelta(minutes=9), 2, 1), now)
    assert line == ("0 positions to review now. The next comes back in 9 min. 2 mastered.")
    assert "None yet" in drill_text.queue_line(DrillQueue(0, 0, None, 0, 0), now)
