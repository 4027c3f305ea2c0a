"""Pomme's round review, par and guided first game (issue 32, item 2), without Qt: the table's
review and its par from the shared base (``tutor.table.rounds``, ``engine.par``), what is saved
and resumed, the guided game's lines and its end, and the words of each
(``tutor.table.pomme_words``).

The table runs through a ``QueueRunner`` (``fast``, random bots), as tests/test_pomme_table.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CLOSE,
    POMME_MISTAKE_THRESHOLD,
    Card,
    PommeChoice,
    PommeGame,
    PommePhase,
    PommeRoundScored,
    PommeTrickWon,
    card_points,
    make_pomme_bot,
    play_pomme_round,
    pomme_advise,
    trick_winner,
)
from engine.par import RoundPar
from engine.pomme.expert import PommeBudget
from tests.pomme_table_helpers import seats, step
from tutor.content.walkthrough import position
from tutor.games import FILE_NAME, GameStore
from tutor.jobs import QueueRunner
from tutor.table import Stage
from tutor.table import pomme_words as words
from tutor.table.pomme import (
    GUIDED_POMME_ROUNDS,
    PommeLineKind,
    PommeTable,
    is_pomme_mistake,
    pomme_decisions_of,
)
from tutor.table.words import costly

SMALL = PommeBudget(worlds=2, exact_worlds=1, start_worlds=2)


def play_rounds(table: PommeTable, runner: QueueRunner, rounds: int, seed: int = 0) -> None:
    """Play until ``rounds`` rounds are scored (or the game is over), then let the jobs run."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if table.stage is Stage.OVER or (len(table.rounds_scored()) >= rounds
                                         and table.stage is Stage.ROUND_OVER):
            runner.drain()
            return
        step(table, runner, rng)
    raise AssertionError(f"not there after 20000 steps ({table.stage})")


def new_table(store: GameStore, players: int = 3, seed: int = 4, *,
              guided: bool = False) -> tuple[PommeTable, QueueRunner]:
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(players), seed=seed, guided=guided)
    return table, runner


def heuristic_round(players: int, seed: int) -> PommeGame:
    game = PommeGame(players, seed=seed)
    play_pomme_round(game, [make_pomme_bot("heuristic", seed + s) for s in range(players)])
    return game


# --- the review and the par at the table ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_scored_round_gets_its_review_of_the_learners_decisions_and_its_par(store, players):
    table, runner = new_table(store, players)
    play_rounds(table, runner, 1)
    reviews = table.review_of(0)
    assert reviews is not None and table.review_failed(0) is None
    assert table.pars[0] == RoundPar.of(0, [(r.lost, r.lost_error) for r in reviews])
    assert table.pars[0].par <= 0
    decisions = table.decisions(0)
    with_choice = [d for d in decisions if len(d.view.legal_actions) > 1]
    assert [r.decision for r in reviews] == with_choice
    for item in reviews:
        assert item.is_mistake == (item.lost >= POMME_MISTAKE_THRESHOLD)
        assert item.lost == 0 or item.advice.action != item.decision.action
        if item.decision.view.phase is PommePhase.DISCARD:  # two players: the blind's cards
            assert words.review_line(item).startswith("A card given up for your blind")


def test_the_review_says_what_the_hint_would_have_said_at_that_position(store):
    table, runner = new_table(store, 3, seed=9)
    play_rounds(table, runner, 1)
    reviews = table.review_of(0)
    assert reviews
    for item in reviews:
        view = item.decision.view
        assert item.advice.action == pomme_advise(view, table.assess(view)).action


def test_the_mistake_threshold_is_the_pomme_coachs_own_for_the_warning_and_the_review():
    assert is_pomme_mistake(POMME_MISTAKE_THRESHOLD)
    assert not is_pomme_mistake(POMME_MISTAKE_THRESHOLD - 0.01)


def test_decisions_are_the_learners_with_the_six_as_trick_zero(store):
    table, runner = new_table(store, 3, seed=4)
    play_rounds(table, runner, 3)
    assert table.session is not None
    found = pomme_decisions_of(table.session.game.events, table.session.seats)
    assert found and all(d.view.seat == 0 for d in found)
    assert all((d.trick == 0) == (d.view.phase is PommePhase.EXCHANGE) for d in found)
    assert all(d.action in d.view.legal_actions for d in found)


def test_a_watched_game_has_no_par_and_no_decisions_to_review(store):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(["random"] * 3, seed=2)
    for _ in range(5_000):
        if table.stage is Stage.ROUND_OVER:
            break
        runner.queue.popleft()()
    assert "Par" not in words.status_text(table)  # nobody's par to wait for
    for _ in range(10):  # what follows the round's end: no review is asked for, so no par
        runner.queue.popleft()()
    assert table.pars == {} and table.reviews == {} and "review:0" not in runner.ran


def test_a_failed_review_says_so_and_is_not_asked_for_again(store):
    table, runner = new_table(store, 3)
    notices = []
    table.notice = notices.append

    def broken(view):
        raise RuntimeError("no search today")
    table.assess = broken
    play_rounds(table, runner, 1)
    assert table.review_of(0) is None and table.review_failed(0) is not None
    assert notices and "review" in notices[0].what
    ran = len(runner.ran)
    assert table.review_of(0) is None and runner.drain() == 0 and len(runner.ran) == ran
    assert 0 not in table.pars  # the par is the review's
    assert "going over your choices" not in words.status_text(table)


def test_the_pars_and_the_guided_game_are_saved_and_resumed(tmp_path):
    path = tmp_path / FILE_NAME
    with GameStore(path) as store:
        table, runner = new_table(store, 3, seed=6, guided=True)
        play_rounds(table, runner, 2)  # saved at the second round's result
        pars = dict(table.pars)
    assert sorted(pars) == [0, 1]
    with GameStore(path) as store:
        runner = QueueRunner()
        again = PommeTable(store, runner, fast=True)
        assert again.resume()
        assert again.guided and again.pars == pars and again.stage is Stage.ROUND_OVER
        runner.drain()
        assert runner.ran == ["review:1"]  # the round on show, for its review; no par again


# --- the guided game --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5])
def test_the_guided_game_ends_after_its_rounds_or_at_the_games_own_end(store, players):
    table, runner = new_table(store, players, seed=3, guided=True)
    play_rounds(table, runner, 99)
    assert table.stage is Stage.OVER and not table.in_progress
    scored = table.rounds_scored()
    assert table.session is not None
    assert len(scored) == GUIDED_POMME_ROUNDS or table.session.game.is_over
    assert isinstance(table.log[-1], PommeRoundScored) or table.session.game.is_over
    assert table.log_shown() == len(table.log)
    assert store.current() is None  # nothing left to resume
    assert sorted(table.pars) == [s.round for s in scored]
    assert sorted(table.reviews) == [s.round for s in scored]
    text = words.status_text(table)
    assert str(GUIDED_POMME_ROUNDS) in text or table.session.game.is_over
    assert "Guided game" in words.score_text(table)


@pytest.mark.parametrize("players", [3, 5])
def test_every_decision_of_the_guided_game_has_the_rules_line_first(store, players):
    table, runner = new_table(store, players, seed=11, guided=True)
    rng = random.Random(1)
    seen = set()
    while table.stage is not Stage.OVER:
        if table.stage is Stage.LEARNER and not runner.queue:
            line = table.line
            assert line is not None and line.kind is PommeLineKind.GUIDE
            text = words.coach_line_text(line)
            view = table.view()
            assert view is not None and text
            if view.phase is PommePhase.EXCHANGE:
                seen.add("six")
                assert "(G)" in text
            if PommeChoice.TAKE_ASIDE in view.legal_actions:
                seen.add("aside")
                assert "(H)" in text
        step(table, runner, rng)
    assert "aside" in seen or players == 5


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 5]), st.integers(0, 40))
def test_the_guides_cards_are_the_engines_legal_cards(seed, players, moves):
    """The guided line reads Chibre's rule of play (``tutor.table.guide.play_lines``): it must allow
    exactly the cards the Pomme engine allows, at any position."""
    game = PommeGame(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    if view.phase is PommePhase.PLAY:
        cards = {a for a in view.legal_actions if isinstance(a, Card)}
        assert set(position(view.hand, view.trick, view.trump, players).legal) == cards
        assert words.guide_lines(view)


def test_after_each_trick_the_guided_log_says_who_took_it_why_and_its_worth(store):
    table, runner = new_table(store, 3, seed=5, guided=True)
    play_rounds(table, runner, 1)
    tricks = [i for i, e in enumerate(table.log) if isinstance(e, PommeTrickWon)]
    assert len(tricks) == 9
    for index in tricks:
        won = table.log[index]
        text = words.log_text(table.log, index, 3, guided=True)
        plain = words.log_text(table.log, index, 3)
        assert plain == words.narrate(won, 3) and text != plain
        assert words.seat_name(won.winner, 3) in text or "You take" in text
        assert str(won.points) in text


def test_the_guided_trick_lines_name_the_engines_winning_card_and_points():
    game = heuristic_round(3, 12)
    trump = game.view(0).trump
    for won in (e for e in game.events if isinstance(e, PommeTrickWon)):
        _taken, why, worth = words.guided_trick_lines(won, trump, 3)
        card = won.cards[trick_winner(won.cards, trump, players=3)]
        assert words.card_name(card) in why
        cards = sum(card_points(c, trump) for c in won.cards)
        assert str(cards) in worth and (("5" in worth) == (won.number == 9))


# --- the words --------------------------------------------------------------------------------


def test_the_review_words_give_reasons_first_and_rounded_figures_after(store):
    table, runner = new_table(store, 3, seed=9)
    play_rounds(table, runner, 2)
    reviews = [r for n in (0, 1) for r in table.review_of(n) or []]
    listed = costly(reviews)
    assert listed == [r for r in reviews if r.lost >= CLOSE]
    assert listed, "the random learner gave nothing away in two rounds"
    heading = words.review_heading(reviews, 0)
    assert heading.startswith("Review of round 1")
    assert f"{round(POMME_MISTAKE_THRESHOLD)} points or more" in heading or \
        "every choice" in heading
    for item in listed:
        line = words.review_line(item)
        whole = max(1, round(item.lost))
        if (whole >= POMME_MISTAKE_THRESHOLD) == item.is_mistake:
            assert f"{whole} point" in line
        else:  # the whole number would read past the threshold: to a tenth
            assert f"{round(item.lost, 1)} points lost" in line
        assert ("a mistake" in line) == item.is_mistake
        detail = words.review_detail(item)
        first, *_rest, last = detail.split("\n")
        assert first.startswith("The coach prefers")
        assert last.startswith("With the coach's choice")
        assert "." not in last.split("about ")[1].split(" ")[0]  # rounded


def test_the_par_text_says_what_the_choices_gave_away_and_why_luck_does_not_count(store):
    table, runner = new_table(store, 3, seed=4)
    play_rounds(table, runner, 1)
    par = table.pars[0]
    text = words.par_text(par)
    assert text.startswith(f"Par {words.signed(par.par)}")
    if par.par:
        assert f"about {-par.par} points" in text and "luck of the cards" in text
    assert text in words.status_text(table)
