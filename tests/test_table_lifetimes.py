"""The table's background work and records at the edges (issue 15, review): a review asked for
again while it is on its way, a background job that fails while the game goes on, a saved game
that a new one replaces, options that cannot be read, and the review's line for a choice less
than a point worse.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from engine import Card, Rules, Trump
from engine.chibre.coach import Advice, Assessment
from engine.chibre.game import Game
from engine.par import RoundPar
from tests.test_table import RULES, SEATS, Learner, new_table, play, round_over
from tutor.games import FILE_NAME, GameStore
from tutor.jobs import Failure
from tutor.table import Stage, words
from tutor.table.controller import Options
from tutor.table.session import Decision, Review


class Broken(RuntimeError):
    pass


def test_a_review_asked_for_while_it_is_on_its_way_is_made_once(store):
    table, runner = new_table(store)
    table.new_game(RULES, SEATS, seed=51, coach="off")
    play(table, runner, Learner(5), round_over(table, 0))
    assert table.stage is Stage.ROUND_OVER
    # The page asks at every paint while the review panel shows "reviewing…".
    for _ in range(3):
        assert table.review_of(0) is None
    runner.drain()
    assert runner.ran.count("review:0") == 1
    assert table.review_of(0) is not None


def test_a_review_that_fails_is_not_asked_for_again_at_every_paint(store, monkeypatch):
    notices: list[Failure] = []
    table, runner = new_table(store, notice=notices.append)
    table.new_game(RULES, SEATS, seed=52, coach="off")
    play(table, runner, Learner(6), round_over(table, 0))

    def broken(*args: object, **kwargs: object) -> object:
        raise Broken("no review today")
    monkeypatch.setattr("tutor.table.controller.review_round", broken)
    # The page's review panel: every paint asks for the review it shows.
    table.listener = lambda: table.review_of(0)
    assert table.review_of(0) is None
    runner.drain(limit=200)
    assert len(notices) == 1 and notices[0].what == "review:0"
    assert table.review_failed(0) == notices[0]
    assert table.stage is Stage.ROUND_OVER  # the game goes on: Next round


def test_a_review_that_fails_while_a_bot_thinks_leaves_the_game_going(store, monkeypatch):
    notices: list[Failure] = []
    table, runner = new_table(store, notice=notices.append)
    table.new_game(RULES, SEATS, seed=53, coach="off")
    learner = Learner(7)
    play(table, runner, learner, round_over(table, 0))

    def broken(*args: object, **kwargs: object) -> object:
        raise Broken("no review today")
    monkeypatch.setattr("tutor.table.controller.review_round", broken)
    table.next_round()  # at once, before the review's job has run
    while not any(what.startswith("review:") for what in runner.ran):
        runner.queue.popleft()()
    assert [n.what for n in notices] == ["review:0"]
    assert table.stage is not Stage.FAILED and table.failure is None and 0 not in table.pars
    # The game plays on without a retry, and no action is applied twice.
    monkeypatch.undo()
    play(table, runner, learner, round_over(table, 1))
    assert table.stage in (Stage.ROUND_OVER, Stage.OVER)


def test_a_new_game_keeps_the_saved_unfinished_game_as_abandoned(tmp_path):
    path = tmp_path / FILE_NAME
    with GameStore(path) as first:
        table, runner = new_table(first)
        table.new_game(RULES, SEATS, seed=54, coach="request")
        play(table, runner, Learner(8), lambda: len(table.session.game.events) > 10)
        old = table.session.game_id
        events = tuple(table.session.game.events)
    # The app restarts: the table is empty, the saved game not resumed.
    with GameStore(path) as second:
        table, runner = new_table(second)
        assert table.would_abandon()
        table.new_game(RULES, SEATS, seed=55)
        [abandoned] = second.finished()
        assert abandoned.game_id == old and abandoned.abandoned and abandoned.events == events
        assert second.current().game_id == table.session.game_id != old


def test_options_that_cannot_be_read_get_their_defaults():
    assert Options.from_json({"coach": "active", "pars": 5}) == Options(coach="active")
    assert Options.from_json({"pars": {"0": [1, 2]}}) == Options()
    read = Options.from_json({"pars": [[True, 1, 2, 3], [0, 1, 2, 3], [1, -4, 0, 2]]}).pars
    assert read == {0: RoundPar(0, 0.1, 0.2, 3)}  # a boolean, a negative loss: left out
    assert Options.from_json({"coach": ["active"]}) == Options()


def test_a_saved_game_with_unreadable_options_resumes_with_the_defaults(tmp_path):
    path = tmp_path / FILE_NAME
    with GameStore(path) as games:
        table, _runner = new_table(games)
        table.new_game(RULES, SEATS, seed=56, coach="active")
        game_id = table.session.game_id
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE current_game SET options = ?", ("{not json",))
    with GameStore(path) as games:
        saved = games.current()
        assert saved is not None and saved.game_id == game_id and saved.options == {}
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE current_game SET options = ?", (json.dumps([1, 2]),))
    with GameStore(path) as games:
        table, _runner = new_table(games)
        assert table.resume() and table.coach == "request"


def test_a_choice_less_than_a_point_worse_has_no_line_in_the_review():
    game = Game(Rules(), seed=3)
    view = game.view(game.current_player)
    cards = [a for a in view.legal_actions if isinstance(a, Card)] or [Trump(0), Trump(1)]
    best, mine = cards[0], cards[1]
    close = Review(Decision(0, 0, view, mine),
                   Advice(best, 20.0, (), Assessment(mine, 19.3, ()), is_learners=True))
    costly = Review(Decision(0, 0, view, mine),
                    Advice(best, 20.0, (), Assessment(mine, 18.6, ()), is_learners=True))
    assert close.lost == pytest.approx(0.7)
    assert words.costly([close, costly]) == [costly]
    assert words.review_line(costly).endswith("1 point lost"), "1.4 points: about 1"


@pytest.mark.parametrize(("points", "line_ends"), [
    (9.6, "9.6 points lost"),  # "10 points lost" would read as a mistake under the heading
    (9.4, "9 points lost"), (10.4, "10 points lost — a mistake"),
    (14.4, "14 points lost — a mistake")])
def test_a_review_line_never_reads_on_the_other_side_of_the_mistake_threshold(points, line_ends):
    from engine import MISTAKE_THRESHOLD

    game = Game(Rules(), seed=3)
    view = game.view(game.current_player)
    cards = [a for a in view.legal_actions if isinstance(a, Card)] or [Trump(0), Trump(1)]
    item = Review(Decision(0, 0, view, cards[1]),
                  Advice(cards[0], 50.0, (), Assessment(cards[1], 50.0 - points, ()),
                         is_learners=True))
    assert item.is_mistake == (item.lost > MISTAKE_THRESHOLD)
    assert words.review_line(item).endswith(line_ends)


def test_a_par_whose_review_failed_is_not_said_to_be_on_its_way(store, monkeypatch):
    table, runner = new_table(store)
    table.new_game(Rules(target=1500), SEATS, seed=57, coach="off")
    play(table, runner, Learner(9), round_over(table, 0))

    def broken(*args: object, **kwargs: object) -> object:
        raise Broken("no review today")
    monkeypatch.setattr("tutor.table.controller.review_round", broken)
    assert "going over your choices" in words.status_text(table)
    runner.drain()
    assert table.stage is Stage.ROUND_OVER and 0 not in table.pars
    status = words.status_text(table)
    assert "going over your choices" not in status
    assert status.startswith(words.round_text(table.scored))


def test_a_round_cut_short_at_the_target_waits_for_no_par(store):
    """The last round, cut short when a team reached the target (R-FINISH off), has no par:
    the result never says one is on its way."""
    table, runner = new_table(store)
    table.new_game(Rules(target=300), SEATS, seed=31, coach="off")
    play(table, runner, Learner(4), lambda: table.stage is Stage.OVER)
    runner.drain()
    last = table.last_scored()
    assert last is not None and not last.complete
    assert last.round not in table.pars and not table.par_pending(last.round)
    assert "going over your choices" not in words.result_text(table)
