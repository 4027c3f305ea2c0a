"""engine.search's one double-dummy search: any number of seats, the sides a parameter."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cardset import mask_indexes
from engine.play import legal_mask, trick_state, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.pomme.search import PommeSolver, pomme_estimate
from engine.search import TrickSolver, TrickState, last_trick
from engine.tables import POINTS
from tests.test_pomme_bots import minimax


def deal(rng: random.Random, players: int, size: int) -> list[int]:
    deck = list(range(36))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(players)]


def test_two_seats_each_its_own_side_equal_a_plain_minimax():
    """Pomme for 2 needs nothing but its two seats: the core and ``PommeSolver`` both."""
    rng = random.Random(2)
    for _ in range(150):
        size = rng.choice((1, 2, 3, 4))
        hands = deal(rng, 2, size)
        t, leader, me = rng.randrange(4), rng.randrange(2), rng.randrange(2)
        expected = minimax(list(hands), leader, [], t, me, 2, size)
        assert TrickSolver(t, (0, 1), me, None, pomme_estimate).value(hands, leader) == expected
        assert PommeSolver(2, t, me).value(hands, leader) == expected


@pytest.mark.parametrize("players", [2, 3, 5])
def test_values_from_a_trick_in_progress_equal_a_plain_minimax(players):
    rng = random.Random(10 + players)
    for _ in range(80):
        size = rng.choice((1, 2, 3)) if players < 5 else rng.choice((1, 2))
        hands = deal(rng, players, size)
        t, leader, me = rng.randrange(4), rng.randrange(players), rng.randrange(players)
        trick: list[int] = []
        for k in range(rng.randrange(players)):  # a few cards of the first trick played
            seat = (leader + k) % players
            led, high = trick_state(trick, t)
            card = rng.choice(mask_indexes(legal_mask(hands[seat], led, high, t)))
            hands[seat] ^= 1 << card
            trick.append(card)
        solver = PommeSolver(players, t, me)
        for card, value in solver.move_values(hands, leader, trick).items():
            seat = (leader + len(trick)) % players
            rest = list(hands)
            rest[seat] ^= 1 << card
            assert value == minimax(rest, leader, [*trick, card], t, me, players, size)


@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, 35), min_size=1, max_size=n, unique=True),
    st.integers(0, n - 1), st.integers(0, 5))))
def test_the_trick_state_is_the_rules_winner_and_points(case):
    players, trick, leader, t = case
    state = TrickState.of(trick, leader, t, players)
    best = winner_index(trick, t)
    assert (state.led, state.high) == trick_state(trick, t)
    assert state.win_card == trick[best]
    assert state.win_seat == (leader + best) % players
    assert state.points == sum(POINTS[t][c] for c in trick)
    assert TrickState.of([], leader, t, players).high == trick_state([], t)[1]


@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, 35), min_size=n, max_size=n, unique=True),
    st.integers(0, n - 1), st.integers(0, 5))))
def test_the_last_trick_of_any_number_of_seats_is_won_by_the_rules_winner(case):
    players, cards, leader, t = case
    hands = [1 << c for c in cards]
    trick = [cards[(leader + i) % players] for i in range(players)]
    points = sum(POINTS[t][c] for c in cards) + LAST_TRICK_BONUS
    assert last_trick(hands, leader, t) == (points, (leader + winner_index(trick, t)) % players)
