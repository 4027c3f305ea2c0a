"""Your own mistakes, drilled (issue 36, items 1 to 3): the positions of the learner's costly
decisions kept in the progress file as the learner saw them (``tutor.progress.kept``), the
table keeping them when a round's review lands, re-dealt and measured by the strategy
course's rule (``tutor.progress.drills``), and brought back on the ladder of missed puzzles
(``tutor.progress.schedule``).

A simulated learner drives the table: random legal choices, with the coach off, so that
the review finds mistakes to keep.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import sqlite3
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CardSet, Game, GameView, Phase, PommeGame, PommePhase, PommeView, Rules
from tests.store_helpers import user_version
from tests.test_progress import Clock
from tests.test_table import RULES, SEATS, Learner, Runner, is_over, play, round_over
from tutor.content.strategy import (
    CARD_DEALS,
    MIN_POINTS,
    MIN_Z,
    TRUMP_DEALS,
    problem,
)
from tutor.games import GameStore
from tutor.progress import Progress, store
from tutor.progress.drills import CloseCall, Drill, drill_seed, measure, need_of, prepare
from tutor.progress.kept import (
    KeptError,
    KeptPosition,
    kept_pomme_position,
    kept_position,
    pomme_view_from_json,
    pomme_view_to_json,
    seen_cards,
    view_from_json,
    view_to_json,
)
from tutor.progress.schedule import LADDER, Slot, after_drill, first_slot
from tutor.table import Stage, Table
from tutor.table.controller import kept_mistakes

CARD_CODE = re.compile(r"\b[HDCS][6-9TJQKA]\b")
DAY = date(2026, 11, 27)


# --- helpers -----------------------------------------------------------------------------------


def decisions(seed: int, rounds: int = 2) -> Iterator[tuple[Game, GameView]]:
    """Every decision of seat 0 (trump or card) in the first ``rounds`` of a random game, with
    the game as it stands then (its hidden hands)."""
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.round < rounds:
        if game.current_player == 0 and game.phase in (Phase.TRUMP, Phase.PLAY):
            yield game, game.view(0)
        game.apply(rng.choice(game.legal_actions()))


def position_of(view: GameView, game_id: str = "g1", trick: int | None = None) -> KeptPosition:
    action = view.legal_actions[0]
    number = trick if trick is not None else (
        0 if view.phase is Phase.TRUMP else len(view.tricks) + 1)
    return kept_position(game_id, view.round, number, view, action, action, 12.5, 3.25)


def cards_written(position: KeptPosition) -> set[str]:
    """Every card code the position's JSON holds, but the rules' (``first_trump_card`` names
    the card that decides who chooses trump first, a rule of the table, not a card seen)."""
    data = position.to_json()
    del data["view"]["rules"]
    return set(CARD_CODE.findall(json.dumps(data)))


def hidden_cards(game: Game, view: GameView) -> CardSet:
    """The cards the other seats hold at the view's moment and have not shown."""
    others = set()
    for seat in range(1, 4):
        others |= set(game.view(seat).hand)
    return CardSet(others - set(seen_cards(view)))


def learner_games(tmp_path: Path, progress: Progress, count: int,
                  first_seed: int = 100) -> list[int]:
    """``count`` whole games played by the simulated learner at a table that keeps the
    positions of its mistakes in ``progress``; how many each kept."""
    games = GameStore(tmp_path / "games.sqlite3")
    kept = []
    try:
        for n in range(count):
            runner = Runner()
            table = Table(games, runner, fast=True)
            table.keep = progress.keep_positions
            before = len(progress.kept_positions())
            table.new_game(RULES, SEATS, seed=first_seed + n, coach="off")
            play(table, runner, Learner(n), is_over(table))
            while runner.queue:  # every review lands
                runner.queue.popleft()()
            kept.append(len(progress.kept_positions()) - before)
    finally:
        games.close()
    return kept


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def progress(tmp_path: Path, clock: Clock) -> Iterator[Progress]:
    with Progress(tmp_path / "progress.sqlite3", clock=clock) as record:
        yield record


# --- 1. what is kept ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_a_kept_view_reads_back_as_the_learner_saw_it(seed: int) -> None:
    for _game, view in decisions(seed):
        assert view_from_json(json.loads(json.dumps(view_to_json(view)))) == view
        position = position_of(view)
        assert KeptPosition.loads(position.dumps()) == position


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_a_kept_position_never_holds_a_card_of_a_hidden_hand(seed: int) -> None:
    for game, view in decisions(seed):
        written = cards_written(position_of(view))
        assert written and not written & {str(c) for c in hidden_cards(game, view)}


def test_a_position_of_a_newer_format_or_another_game_is_refused_with_why() -> None:
    _game, view = next(decisions(3))
    data = position_of(view).to_json()
    with pytest.raises(KeptError, match="format 2"):
        KeptPosition.from_json({**data, "version": 2})
    with pytest.raises(KeptError, match="skat"):
        KeptPosition.from_json({**data, "game": "skat"})
    with pytest.raises(KeptError, match="players"):  # a view of Chibre is none of Pomme
        KeptPosition.from_json({**data, "game": "pomme"})
    with pytest.raises(KeptError):
        KeptPosition.from_json({**data, "view": {**data["view"], "seat": 7}})
    with pytest.raises(KeptError):
        KeptPosition.loads("{not json")


def test_the_same_decision_is_kept_once_however_often_its_review_lands(progress, clock) -> None:
    _game, view = next(decisions(5))
    position = position_of(view)
    progress.keep_positions([position])
    clock.advance(timedelta(minutes=3))
    progress.keep_positions([position, position_of(view, trick=9)])
    items = progress.kept_positions()
    assert sorted(item.position.key for item in items) == [position.key, ("g1", 0, 9, 0)]
    later = dataclasses.replace(position, step=1)  # a second decision of the same trick
    progress.keep_positions([later])
    assert later in [item.position for item in progress.kept_positions()]
    items = [item for item in progress.kept_positions() if item.position != later]
    first = next(item for item in items if item.position.key == position.key)
    assert first.kept_at == Clock().now and first.slot == first_slot(Clock().now)
    assert first.verdict == "new" and first.in_queue


def test_kept_positions_survive_reopening(tmp_path, clock) -> None:
    _game, view = next(decisions(8))
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=clock) as record:
        record.keep_positions([position_of(view)])
    with Progress(path, clock=clock) as record:
        assert [item.position for item in record.kept_positions()] == [position_of(view)]


def test_an_old_file_keeps_its_data_and_gains_the_kept_positions(tmp_path, clock) -> None:
    path = tmp_path / "progress.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for statements in store.MIGRATIONS[:4]:
        for statement in statements:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 4")
    at = store.encode_time(clock.now - timedelta(days=1))
    conn.execute("INSERT INTO rounds_played (at, game_id, round, last) VALUES (?, 'g0', 0, 1)",
                 (at,))
    conn.close()
    with Progress(path, clock=clock) as record:
        assert record.notice is None
        assert record.practice_times() == [clock.now - timedelta(days=1)]
        assert record.kept_positions() == []
        _game, view = next(decisions(2))
        record.keep_positions([position_of(view)])
        assert len(record.kept_positions()) == 1
    assert user_version(path) == store.SCHEMA_VERSION == 5


def test_a_kept_position_that_cannot_be_read_moves_the_file_aside(tmp_path, clock) -> None:
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=clock):
        pass
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("INSERT INTO kept_positions (game_id, round, trick, kept_at, position, due_at)"
                 " VALUES ('g', 0, 1, 'yesterday', '{}', 'tomorrow')")
    conn.close()
    with Progress(path, clock=clock) as record:
        assert record.moved_to is not None and "kept position" in (record.notice or "")


def test_a_position_a_newer_version_kept_is_left_out_and_left_in_the_file(progress) -> None:
    _game, view = next(decisions(4))
    progress.keep_positions([position_of(view)])
    progress._conn.execute("UPDATE kept_positions SET position = "
                           "json_set(position, '$.version', 99)")
    assert progress.kept_positions() == []
    assert progress._conn.execute("SELECT COUNT(*) FROM kept_positions").fetchone()[0] == 1


def test_the_table_keeps_each_mistake_of_a_round_when_its_review_lands(tmp_path) -> None:
    games = GameStore(tmp_path / "games.sqlite3")
    runner = Runner()
    table = Table(games, runner, fast=True)
    kept: list[list[KeptPosition]] = []
    table.keep = kept.append
    table.new_game(RULES, SEATS, seed=101, coach="off")
    play(table, runner, Learner(1), is_over(table))
    while runner.queue:
        runner.queue.popleft()()
    session = table.session
    assert session is not None
    mistakes = [r for n in sorted(table.reviews) for r in table.reviews[n] if r.is_mistake]
    assert mistakes, "the simulated learner errs"
    found = [p for batch in kept for p in batch]
    assert [p.key for p in found] == [(session.game_id, r.decision.round, r.decision.trick, 0)
                                      for r in mistakes]
    assert all(batch for batch in kept)  # a round without a mistake keeps nothing
    for position, review in zip(found, mistakes, strict=True):
        assert position.view == review.decision.view and position.chosen == review.decision.action
        assert position.best == review.advice.action and position.lost == review.lost > 0
    assert kept_mistakes(session, []) == []
    games.close()


def test_positions_kept_from_games_never_hold_a_hidden_card(tmp_path, progress) -> None:
    learner_games(tmp_path, progress, 2)
    items = progress.kept_positions()
    assert items
    games = GameStore(tmp_path / "games.sqlite3")
    by_id = {g.game_id: g for g in games.finished()}
    for item in items:
        position = item.position
        game = Game.replay(list(by_id[position.game_id].events))
        at = next(g for g, _action in game if g.round == position.round
                  and g.current_player == 0 and g.phase in (Phase.TRUMP, Phase.PLAY)
                  and g.view(0) == position.view)
        written = cards_written(position)
        assert not written & {str(c) for c in hidden_cards(at, position.view)}
    games.close()


# --- 2. re-dealt --------------------------------------------------------------------------------


def card_position(seed: int = 11) -> KeptPosition:
    view = next(v for _g, v in decisions(seed) if v.phase is Phase.PLAY
                and len([a for a in v.legal_actions]) > 2 and v.tricks)
    return position_of(view)


def trump_position(seed: int = 11) -> KeptPosition:
    view = next(v for _g, v in decisions(seed) if v.phase is Phase.TRUMP)
    return position_of(view)


def test_a_drill_is_the_same_all_day_and_dealt_afresh_the_next() -> None:
    position = card_position()
    assert prepare(position, DAY) == prepare(position, DAY)
    assert drill_seed(position, DAY) != drill_seed(position, DAY + timedelta(days=1))


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_a_card_position_is_a_drill_or_a_close_call_by_the_courses_rule(seed: int) -> None:
    found = prepare(card_position(seed), DAY)
    assert 1 <= found.solution.deals <= CARD_DEALS  # different deals, weighed (issue 33)
    legal = {str(a) for a in found.position.view.legal_actions}
    assert {code for code, _value in found.solution.values} == legal
    if isinstance(found, Drill):
        assert problem(found.solution) is None
        assert found.margin >= MIN_POINTS and found.margin >= MIN_Z * found.error
        assert found.best in found.position.view.legal_actions
    else:
        assert isinstance(found, CloseCall) and found.why == problem(found.solution)


def test_a_trump_position_is_played_out_over_the_courses_trump_deals() -> None:
    found = prepare(trump_position(), DAY)
    assert found.solution.deals == TRUMP_DEALS and found.solution.model
    assert len(found.solution.values) == len(found.position.view.legal_actions)


# --- 3. spaced ----------------------------------------------------------------------------------


def test_a_close_call_is_shown_once_and_leaves_the_queue() -> None:
    slot = first_slot(Clock().now)
    assert after_drill(slot, "close", slot.due) is None


def test_a_drill_climbs_the_ladder_of_a_missed_puzzle_and_a_wrong_answer_starts_over() -> None:
    now = Clock().now
    slot: Slot | None = first_slot(now)
    assert slot == Slot(0, now + LADDER[0])
    for rung in range(1, len(LADDER)):
        assert slot is not None
        now = slot.due
        slot = after_drill(slot, "right", now)
        assert slot == Slot(rung, now + LADDER[rung])
    assert slot is not None
    assert after_drill(slot, "wrong", slot.due) == Slot(0, slot.due + LADDER[0])
    assert after_drill(slot, "right", slot.due) is None  # mastered


def test_kept_positions_come_back_when_due_and_leave_when_mastered(progress, clock) -> None:
    _game, view = next(decisions(6))
    position = position_of(view)
    progress.keep_positions([position])
    assert progress.kept_positions(due=clock.now) == []
    clock.advance(LADDER[0])
    assert [i.position.key for i in progress.kept_positions(due=clock.now)] == [position.key]
    progress.record_drill(position.key, "wrong")
    assert progress.kept_positions(due=clock.now) == []
    for _ in LADDER:
        [item] = progress.kept_positions()
        clock.now = item.slot.due
        progress.record_drill(position.key, "right")
    [item] = progress.kept_positions()
    assert item.verdict == "mastered" and not item.in_queue
    assert progress.kept_positions(due=clock.now + timedelta(days=365)) == []


def test_a_close_call_leaves_the_queue_of_the_record(progress, clock) -> None:
    _game, view = next(decisions(7))
    position = position_of(view)
    progress.keep_positions([position])
    clock.advance(LADDER[0])
    progress.record_drill(position.key, "close")
    [item] = progress.kept_positions()
    assert item.verdict == "close" and progress.kept_positions(due=clock.now) == []
    with pytest.raises(KeyError):
        progress.record_drill(("nothing", 0, 0, 0), "right")


def test_a_drill_answered_counts_as_practice_on_its_day(progress, clock) -> None:
    _game, view = next(decisions(9))
    position = position_of(view)
    progress.keep_positions([position])
    assert not progress.has_practised()  # keeping a position is no practice
    clock.advance(LADDER[0])
    progress.record_drill(position.key, "right")
    assert progress.has_practised() and progress.practice_times() == [clock.now]


def test_the_drill_queue_says_what_is_due_waiting_mastered_and_set_aside(progress, clock):
    views = [v for _g, v in decisions(10)][:4]
    positions = [position_of(v, trick=n) for n, v in enumerate(views)]
    progress.keep_positions(positions)
    start = clock.now
    queue = progress.drill_queue()
    assert (queue.due, queue.later, queue.next_at) == (0, 4, start + LADDER[0])
    clock.advance(LADDER[0])
    progress.record_drill(positions[0].key, "close")
    progress.record_drill(positions[1].key, "right")
    queue = progress.drill_queue()
    assert (queue.due, queue.later, queue.mastered, queue.close) == (2, 1, 0, 1)
    assert queue.next_at == clock.now + LADDER[1]


class Crash(Exception):
    """The app dies right after the positions are written, before the round's par is saved."""


def test_a_crash_between_the_positions_and_the_par_keeps_each_position_once(tmp_path, progress):
    path = tmp_path / "games.sqlite3"

    def keep_then_crash(positions: list[KeptPosition]) -> None:
        progress.keep_positions(positions)
        raise Crash

    seed = next(s for s in range(200, 260) if learner_keeps_in_round_0(tmp_path / str(s), s))
    with GameStore(path) as games:
        runner = Runner()
        table = Table(games, runner, fast=True)
        table.keep = keep_then_crash
        table.new_game(RULES, SEATS, seed=seed, coach="off")
        play(table, runner, Learner(seed), round_over(table, 0))
        with pytest.raises(Crash):
            runner.drain()
        kept = sorted(item.position.key for item in progress.kept_positions())
        assert kept and 0 not in table.pars
    with GameStore(path) as games:  # the next start: the round is reviewed again
        runner = Runner()
        table = Table(games, runner, fast=True)
        table.keep = progress.keep_positions
        assert table.resume()
        runner.drain()
        assert 0 in table.pars
        assert sorted(item.position.key for item in progress.kept_positions()) == kept


def learner_keeps_in_round_0(folder: Path, seed: int) -> bool:
    """Whether the simulated learner errs in round 0 of the game of ``seed``."""
    folder.mkdir()
    kept: list[KeptPosition] = []
    with GameStore(folder / "games.sqlite3") as games:
        runner = Runner()
        table = Table(games, runner, fast=True)
        table.keep = kept.extend
        table.new_game(RULES, SEATS, seed=seed, coach="off")
        play(table, runner, Learner(seed), round_over(table, 0))
        runner.drain()
    return bool(kept)


# --- Pomme: kept too (no re-deal yet: no course measures Pomme) ---------------------------------


def pomme_decisions(players: int, seed: int) -> Iterator[PommeView]:
    """Every decision of seat 0 in the first two rounds of a random game of Pomme."""
    game = PommeGame(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.round < 2:
        if game.current_player == 0:
            yield game.view(0)
        game.apply(rng.choice(game.legal_actions()))


def pomme_position(view: PommeView, step: int = 0) -> KeptPosition:
    action = view.legal_actions[0]
    trick = 0 if view.phase is PommePhase.EXCHANGE else len(view.tricks) + 1
    return kept_pomme_position("p1", view.round, trick, step, view, action, action, 1.5, 0.5)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 3, 5]), st.integers(0, 10_000))
def test_a_kept_pomme_position_reads_back_and_holds_only_cards_the_learner_saw(players, seed):
    for view in pomme_decisions(players, seed):
        assert pomme_view_from_json(json.loads(json.dumps(pomme_view_to_json(view)))) == view
        position = pomme_position(view)
        assert KeptPosition.loads(position.dumps()) == position
        seen = {str(c) for c in (set(view.hand) | set(view.played) | set(view.given_up)
                                 | {view.shown})}
        assert set(CARD_CODE.findall(position.dumps())) <= seen


def test_a_pomme_position_is_kept_by_its_step_and_re_dealt(progress) -> None:
    view = next(pomme_decisions(3, 1))
    position = pomme_position(view)
    progress.keep_positions([position, pomme_position(view, step=1)])
    assert [i.position.key for i in progress.kept_positions()] == [
        position.key, (*position.key[:3], 1)]
    found = prepare(position, DAY)  # by the Pomme expert's search (tests/test_pomme_drills.py)
    assert found.position == position and found.solution.deals > 0


def test_the_pomme_table_keeps_each_mistake_once_with_its_step(tmp_path) -> None:
    from tests.pomme_table_helpers import seats
    from tests.pomme_table_helpers import step as pomme_step
    from tutor.table.pomme import PommeTable

    with GameStore(tmp_path / "games.sqlite3") as games:
        runner = Runner()
        table = PommeTable(games, runner, fast=True)
        kept: list[KeptPosition] = []
        table.keep = kept.extend
        table.new_game(seats(3), seed=3, coach="off")
        rng = random.Random(3)
        for _ in range(20_000):
            if table.stage is Stage.OVER and not runner.queue:
                break
            pomme_step(table, runner, rng)
        mistakes = [r for n in sorted(table.reviews) for r in table.reviews[n] if r.is_mistake]
        assert mistakes and len(kept) == len(mistakes)
        assert len({p.key for p in kept}) == len(kept)
        assert all(p.game == "pomme" and p.view == r.decision.view
                   for p, r in zip(kept, mistakes, strict=True))


def test_near_the_target_a_card_drill_plays_to_the_score() -> None:
    """With the game's target within a round's reach, a card is measured by the share of deals
    in which the team makes the points it needs (the course's ``need``), not by its points."""
    target = Rules().target
    found = []
    for seed in range(30):
        game = Game(seed=seed, scores=(target - 60, target - 60))
        rng = random.Random(seed)
        while not game.is_over and game.round == 0:
            view = game.view(0)
            if game.current_player == 0 and view.phase is Phase.PLAY and view.tricks and \
                    len(view.legal_actions) > 1 and need_of(view) is not None:
                found.append(view)
                break
            game.apply(rng.choice(game.legal_actions()))
        if len(found) >= 3:
            break
    assert found
    for view in found:
        assert need_of(view) == 60
        solution = measure(position_of(view), 5)
        if solution.unit == "share":
            assert all(0.0 <= value <= 1.0 for _code, value in solution.values)
        else:  # every card made the points, or none did: the points decide
            shares = measure_share(view)
            assert shares in ({0.0}, {1.0})


def measure_share(view: GameView) -> set[float]:
    from tutor.content.strategy import card_solution

    solution = card_solution(view, random.Random(5), need_of(view))
    return {value for _code, value in solution.values}


def test_far_from_the_target_or_past_it_a_drill_counts_points() -> None:
    view = next(v for _g, v in decisions(3) if v.phase is Phase.PLAY)
    assert need_of(view) is None  # 1000 points to go: no round makes them
