"""The unchecked search path: make/unmake, and the playout against the checked rules."""

from __future__ import annotations

import random

from engine import Card, CardSet, Trump, legal_cards, trick_points, trick_winner
from engine.search import SearchState, playout, random_deal, random_round


def snapshot(state: SearchState) -> tuple:
    return (list(state.hands), list(state.trick), list(state.points), state.leader,
            state.player, state.tricks_left)


def test_search_state_undo_restores_every_state():
    rng = random.Random(5)
    for _ in range(200):
        state = SearchState(random_deal(rng), rng.randrange(4), rng.randrange(4))
        history = [snapshot(state)]
        while not state.is_over():
            legal = [c for c in range(36) if state.legal() >> c & 1]
            state.play(rng.choice(legal))
            history.append(snapshot(state))
        assert sum(state.points) == 157
        while history[:-1]:
            history.pop()
            state.undo()
            assert snapshot(state) == history[-1]


def test_search_state_legal_equals_the_checked_api():
    rng = random.Random(6)
    for _ in range(300):
        trump = rng.randrange(4)
        state = SearchState(random_deal(rng), trump, rng.randrange(4))
        while not state.is_over():
            hand = CardSet.from_mask(state.hands[state.player])
            trick = [Card.from_index(c) for c in state.trick]
            assert state.legal() == legal_cards(hand, trick, Trump(trump)).mask
            state.play(rng.choice([c for c in range(36) if state.legal() >> c & 1]))


def reference_playout(hands: list[int], trump: Trump, leader: int, rand) -> tuple[int, int]:
    """The same random choices as ``playout``, made through the checked API."""
    points = [0, 0]
    for number in range(1, 10):
        r = rand() if number < 9 else 0.0
        trick: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = list(legal_cards(CardSet.from_mask(hands[seat]), trick, trump))
            r *= len(legal)
            k = int(r)
            r -= k
            trick.append(legal[k])
            hands[seat] &= ~(1 << legal[k].index)
        winner = (leader + trick_winner(trick, trump)) % 4
        points[winner % 2] += trick_points(trick, trump, last=number == 9)
        leader = winner
    return points[0], points[1]


def test_playout_plays_only_legal_cards_and_scores_like_the_checked_api():
    rng = random.Random(7)
    for _ in range(2_000):
        hands = random_deal(rng)
        trump, leader, seed = rng.randrange(4), rng.randrange(4), rng.randrange(1 << 30)
        fast = playout(list(hands), trump, leader, random.Random(seed).random)
        slow = reference_playout(list(hands), Trump(trump), leader, random.Random(seed).random)
        assert fast == slow
        assert sum(fast) == 157


def test_random_deal_is_a_partition_and_spreads_cards_evenly():
    rng = random.Random(8)
    counts = [[0] * 4 for _ in range(36)]
    for _ in range(4_000):
        hands = random_deal(rng)
        assert [h.bit_count() for h in hands] == [9, 9, 9, 9]
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 36) - 1
        for seat, hand in enumerate(hands):
            for card in range(36):
                counts[card][seat] += hand >> card & 1
    for per_seat in counts:  # 1000 expected each; 5 standard deviations is about 137
        assert all(abs(n - 1000) < 140 for n in per_seat), per_seat


def test_random_round_is_reproducible_for_a_seed():
    a = [random_round(random.Random(9)) for _ in range(5)]
    b = [random_round(random.Random(9)) for _ in range(5)]
    assert a == b and all(sum(p) == 157 for p in a)
