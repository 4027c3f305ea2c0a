"""engine.dds: the double-dummy search equals a plain minimax, and its parts."""

from __future__ import annotations

import random

import pytest

from engine import Card, CardSet, Trump, trick_points
from engine.dds import SWEEP_ANY, SWEEP_BROKEN, Solver, _last_trick, equal_below, estimate
from engine.play import winner_index
from engine.search import SearchState, random_deal


def minimax(state: SearchState, team: int) -> int:
    """Card points ``team`` takes from here on, every card of every hand tried."""
    if state.is_over():
        return 0
    before = state.points[team]
    values = []
    legal = state.legal()
    for card in range(36):
        if legal >> card & 1:
            state.play(card)
            values.append(state.points[team] - before + minimax(state, team))
            state.undo()
    return max(values) if state.player & 1 == team else min(values)


def random_ending(rng: random.Random, tricks: int) -> tuple[list[int], int, int, list[int]]:
    """(hands, trump, leader, trick so far) of a random round with ``tricks`` left."""
    t = rng.randrange(4)
    state = SearchState(random_deal(rng), t, rng.randrange(4))
    for _ in range(4 * (9 - tricks) + rng.randrange(4)):
        legal = [c for c in range(36) if state.legal() >> c & 1]
        state.play(rng.choice(legal))
    return list(state.hands), t, state.leader, list(state.trick)


def test_double_dummy_equals_minimax_on_600_endings_of_up_to_3_tricks():
    rng = random.Random(11)
    for i in range(600):
        hands, t, leader, trick = random_ending(rng, 1 + i % 3)
        team = rng.randrange(2)
        cards_left = sum(h.bit_count() for h in hands) + len(trick)
        state = SearchState(hands, t, leader, trick, tricks_left=cards_left // 4)
        expected = minimax(state, team)
        solver = Solver(t, team)
        assert solver.value(hands, leader, trick) == expected
        # every move value is exact too: play each legal card, then minimax
        for card, value in solver.move_values(hands, leader, trick).items():
            state.play(card)
            gained = state.points[team]
            assert value == gained + minimax(state, team)
            state.undo()


def minimax_match(state: SearchState, team: int, sweep: int) -> int:
    """As ``minimax``, plus 100 when ``team`` takes every trick, minus 100 when the
    opponents do (``sweep``: the team that won every trick so far, -2 none yet, -1 neither)."""
    if state.is_over():
        return 0 if sweep < 0 else (100 if sweep == team else -100)
    before = state.points[team]
    values = []
    legal = state.legal()
    for card in range(36):
        if legal >> card & 1:
            state.play(card)
            after = sweep
            if not state.trick:  # the trick is complete: its winner leads
                won = state.leader & 1
                after = won if sweep in (-2, won) else -1
            values.append(state.points[team] - before + minimax_match(state, team, after))
            state.undo()
    return max(values) if state.player & 1 == team else min(values)


def test_the_match_bonus_counts_when_asked_like_a_minimax_that_counts_it():
    rng = random.Random(21)
    for i in range(300):
        hands, t, leader, trick = random_ending(rng, 1 + i % 3)
        team, sweep = rng.randrange(2), rng.choice((SWEEP_ANY, SWEEP_BROKEN, 0, 1))
        cards_left = sum(h.bit_count() for h in hands) + len(trick)
        state = SearchState(hands, t, leader, trick, tricks_left=cards_left // 4)
        assert Solver(t, team).value(hands, leader, trick, sweep) == minimax_match(
            state, team, sweep)


def test_move_values_of_a_later_trick_use_the_same_table_safely():
    rng = random.Random(12)
    for _ in range(30):
        hands, t, leader, trick = random_ending(rng, 4)
        solver = Solver(t, 0)
        first = solver.move_values(hands, leader, trick)
        assert Solver(t, 0).move_values(hands, leader, trick) == first
        assert solver.move_values(hands, leader, trick) == first


def test_equivalent_cards_are_next_to_each_other_and_worth_the_same():
    below = equal_below(0)  # hearts trump
    clubs = CardSet.parse("C6 C7 C8 C9 CT").mask >> 18
    c7, c6 = 19, 18
    assert below[c7][clubs] == c6
    assert below[c6][clubs] == -1
    ct = 22
    assert below[ct][clubs] == -1  # the 9 is worth 0, the ten 10
    assert below[c7][clubs & ~1] == -1  # nothing below the 7 still in play


def test_depth_limited_values_stay_within_the_points_left():
    rng = random.Random(13)
    for _ in range(20):
        hands, t, leader, trick = random_ending(rng, 7)
        for depth in (1, 2):
            for value in Solver(t, 1, depth).move_values(hands, leader, trick).values():
                assert 0 <= value <= 157
        assert 0 <= estimate(hands, leader, t, 0, 7) <= 157


@pytest.mark.parametrize("team", [0, 1])
def test_both_teams_values_add_up_to_the_points_left_when_exact(team):
    rng = random.Random(14 + team)
    for _ in range(50):
        hands, t, leader, trick = random_ending(rng, 3)
        both = sum(Solver(t, s).value(hands, leader, trick) for s in (0, 1))
        cards = CardSet.from_mask(hands[0] | hands[1] | hands[2] | hands[3])
        points_left = trick_points(cards, Trump(t), last=True)
        points_left += trick_points(CardSet.from_mask(sum(1 << c for c in trick)), Trump(t))
        assert both == points_left


def test_the_searchs_last_trick_equals_the_one_trick_winner_on_20000_last_tricks():
    """``dds._last_trick`` inlines ``engine.play.winner_index`` at the search's leaves."""
    rng = random.Random(15)
    for _ in range(20_000):
        t, leader = rng.randrange(6), rng.randrange(4)
        cards = rng.sample(range(36), 4)  # cards[i] is played by the seat i after the leader
        hands = [0, 0, 0, 0]
        for i, card in enumerate(cards):
            hands[(leader + i) % 4] = 1 << card
        expected_points = trick_points([Card.from_index(c) for c in cards], Trump(t), last=True)
        expected_winner = (leader + winner_index(cards, t)) % 4
        assert _last_trick(hands, leader, t) == (expected_points, expected_winner)
