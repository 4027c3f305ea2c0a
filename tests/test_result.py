"""What a result card says at a game's end (``tutor.table.result``, issue 35 "moments"),
without Qt: the par in words, encouraging words for a lost game, the flagged mistakes grouped by
theme with the lesson to read, one next step."""

from __future__ import annotations

import pytest

from engine import RoundPar
from tutor.course import course_link
from tutor.table.result import (
    FULL_GAME,
    NEW_GAME,
    READ_LESSON,
    STATISTICS,
    GameEnd,
    chibre_card,
    game_par,
    mistake_lines,
    par_figure,
)


@pytest.fixture
def course(content):
    return lambda theme: course_link(theme, content.lessons, content.puzzles)


def test_a_games_par_sums_its_rounds_and_adds_their_errors_as_independent():
    pars = {1: RoundPar(1, 7.4, 3.0, 8), 2: RoundPar(2, 4.6, 4.0, 9)}
    assert game_par(pars) == (12, 5)


def test_the_par_is_said_in_words_with_its_error_as_give_or_take():
    figure = par_figure({1: RoundPar(1, 12.2, 2.6, 8)}, pending=False)
    assert figure is not None and figure.value == "−12"
    assert figure.note == ("A perfect player in your seat would have made about 12 points more "
                           "than your choices did (give or take 3).")
    assert "±" not in figure.spoken()


def test_a_par_of_zero_praises_and_a_pending_par_waits():
    zero = par_figure({1: RoundPar(1, 0.2, 0.1, 8)}, pending=False)
    assert zero is not None and zero.value == "0" and "as good as" in zero.note
    waiting = par_figure({}, pending=True)
    assert waiting is not None and "going over" in waiting.note
    assert par_figure({}, pending=False) is None


def test_a_lost_game_is_worded_to_encourage_with_one_next_step(course):
    card = chibre_card(GameEnd(won=False, scores=(640, 900)), course)
    assert card.title == "The opponents win this game"
    assert card.achieved == ("Your team made 640 points to the opponents' 900: every game "
                             "makes the next one easier.")
    assert [(f.label, f.value) for f in card.figures] == [("Your team", "640"),
                                                         ("Opponents", "900")]
    assert card.primary is not None and card.primary.action == NEW_GAME
    assert STATISTICS in [s.action for s in card.secondary]


def test_after_the_guided_game_the_next_step_is_a_full_game(course):
    card = chibre_card(GameEnd(won=True, scores=(310, 120), guided=True), course)
    assert card.title == "Your team wins the game!"
    assert card.primary is not None and card.primary.action == FULL_GAME
    assert card.primary.text == "Play a full game"


def test_the_mistakes_are_grouped_by_theme_each_with_the_lesson_to_read(course, content):
    themes = ("leading", "leading", "buur-nell", None)
    heading, lines = mistake_lines(themes, course)
    assert heading == "The coach flagged 4 choices to look at again:"
    leading = course("leading")
    assert lines[0].text == "2 on “Leading”"
    assert lines[0].read is not None and lines[0].read.action == READ_LESSON
    assert lines[0].read.target == leading.lesson.id
    assert lines[0].read.text == f"Read lesson {leading.lesson.number}"
    assert lines[1].text == "1 on “Buur and Nell”"
    assert lines[-1].text == "1 more: the review of each round shows it."
    assert lines[-1].read is None


def test_no_mistake_is_said_as_what_was_achieved(course):
    heading, lines = mistake_lines((), course)
    assert lines == () and heading.startswith("No mistake flagged")


def test_the_mistakes_wait_for_the_review_and_the_card_says_it_all(course):
    card = chibre_card(GameEnd(won=True, scores=(910, 700), reviewing=True,
                               themes=("leading",)), course)
    assert card.mistakes == () and card.mistakes_heading == ""
    said = card.spoken()
    assert said.startswith("Your team wins the game. Well played: your team reached the target "
                           "first, 910 to 700. Your team: 910. Opponents: 700. Par: ….")
    assert said.endswith("Next: New game.")


@pytest.mark.parametrize("name", ["tutor.result", "tutor.table.result", "tutor.table.statistics",
                                  "tutor.ui.widgets.chart"])
def test_the_result_and_chart_modules_examples_hold(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed


def test_the_charts_sentences_say_what_the_bars_show():
    from datetime import UTC, datetime

    from tutor.games import GamePoint
    from tutor.table import statistics

    day = datetime(2026, 11, 27, tzinfo=UTC)
    games = [GamePoint(day, True, 1000, 70.0, 2, -6.0), GamePoint(day, False, 640, 60.0, 4),
             GamePoint(day, True, 1010, 80.0, 1, -4.0)]
    assert statistics.points_summary(games) == (
        "Points per complete round over your last 3 games: 80 in the last one, 80 at best, 70 "
        "on average.")
    assert statistics.par_summary(games) == (
        "Points lost per round against a perfect player in your seat, over 2 games: 4 in the "
        "last one, 5 on average. Lower is better.")
    by_theme = (("leading", 3), ("buur-nell", 1))
    assert statistics.theme_bars(by_theme) == ([3.0, 1.0], ["Leading", "Buur and Nell"])
    assert statistics.themes_summary(by_theme) == (
        "Mistakes flagged by the coach, by theme: Leading 3, Buur and Nell 1.")
    assert statistics.points_summary([]).startswith("No game played to the end yet")
    assert statistics.themes_summary(()).startswith("No mistake")
