"""Invariants over many random games (hypothesis; STYLE.md 11)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CardSet, Game, Phase, Rules
from engine.events import CardPlayed, Dealt, RoundScored, TrickWon
from tests.engine_helpers import play_randomly, rules_strategy

RULES = rules_strategy(300, 1000)


def random_game(rules: Rules, seed: int, max_actions: int = 2_000) -> Game:
    return play_randomly(Game(rules, seed=seed), seed, max_actions)


@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_every_complete_round_scores_157_or_257_times_the_multiplier(rules, seed):
    game = random_game(rules, seed)
    for scored in (e for e in game.events if isinstance(e, RoundScored) and e.complete):
        cards = sum(scored.cards) + sum(scored.match)
        assert cards in (157 * scored.multiplier, 257 * scored.multiplier)
        assert (sum(scored.match) > 0) == (cards == 257 * scored.multiplier)


@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_each_round_deals_36_cards_and_plays_each_once(rules, seed):
    game = random_game(rules, seed)
    rounds: list[list[CardPlayed]] = []
    for event in game.events:
        if isinstance(event, Dealt):
            union = CardSet()
            for hand in event.hands:
                assert len(hand) == 9 and union.isdisjoint(hand)
                union |= hand
            assert union == CardSet.full()
            rounds.append([])
        elif isinstance(event, CardPlayed):
            rounds[-1].append(event)
    for played in rounds:
        cards = [p.card for p in played]
        assert len(cards) == len(set(cards)) <= 36


@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_the_trick_winner_leads_the_next_trick(rules, seed):
    game = random_game(rules, seed)
    events = game.events
    for i, event in enumerate(events):
        if isinstance(event, TrickWon) and event.number < 9:
            following = next((e for e in events[i:] if isinstance(e, CardPlayed)), None)
            if following is not None:
                assert following.seat == event.winner


@settings(max_examples=30, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31), stop=st.integers(0, 400))
def test_replaying_the_events_gives_the_same_state(rules, seed, stop):
    game = random_game(rules, seed, max_actions=stop)
    rebuilt = Game.from_events(game.events)
    assert rebuilt == game
    assert [rebuilt.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    assert rebuilt.legal_actions() == game.legal_actions()


@settings(max_examples=30, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31), stop=st.integers(0, 400))
def test_undo_restores_the_state(rules, seed, stop):
    game = random_game(rules, seed, max_actions=stop)
    if game.is_over:
        return
    before = game.clone()
    views = [game.view(s) for s in range(4)]
    game.apply(random.Random(seed).choice(game.legal_actions()))
    game.undo()
    assert game == before
    assert [game.view(s) for s in range(4)] == views
    assert game.scores == before.scores and game.phase is before.phase


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), stop=st.integers(0, 300))
def test_a_view_never_shows_another_seats_hand_or_pending_weis(seed, stop):
    game = random_game(Rules(), seed, max_actions=stop)
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        for other in range(4):
            if other != seat:
                assert view.hand.isdisjoint(game.hand(other))
        if seat != game.current_player:
            assert view.phase is not Phase.WEIS
            assert view.legal_actions == ()
