"""Pomme for 2 players (R-POMME-TWO): the blinds, the keep-or-exchange word, the trump 6 after
them, the non-dealer's lead, Putz and apples of two, the ends of the game, the notation, and
the bots' decisions."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card
from engine.cardset import CardSet
from engine.events import BlindChosen, BlindsDealt, CardGivenUp, PommeDealt, SixExchanged
from engine.notation import NotationError, dumps_events, loads_any_game, loads_pomme_game
from engine.play import IllegalPlayError, Reason
from engine.pomme.bots import make_pomme_bot, play_pomme_game, play_pomme_round
from engine.pomme.expert import PommeBudget
from engine.pomme.game import (
    BLIND_SIZE,
    POMME_LOSS,
    POMME_WIN,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    pomme_marks,
)
from engine.registry import POMME_GAME, spec_of

KEEP, EXCHANGE = PommeChoice.KEEP_BLIND, PommeChoice.EXCHANGE_BLIND
#: Seat 0 (the non-dealer when seat 1 deals) holds the trump 6 of spades (S7 is shown).
DEAL = PommeDeal.parse(
    ["S6 SA HA H6 H7 H8 D6 D7 D8", "SJ S9 HK DK DA C6 C7 C8 C9"],
    "S7 S8 ST SQ SK HT HJ HQ DT DJ DQ CT", "S7",
    ["H9 D9 CJ", "CQ CK CA"])
SMALL = PommeBudget(worlds=4, exact_worlds=2, start_worlds=4)


def test_r_pomme_two_deals_9_cards_and_a_blind_of_3_each_and_turns_the_top_of_the_rest():
    for seed in range(20):
        game = PommeGame(2, seed=seed)
        dealt, blinds = game.events[1], game.events[2]
        assert isinstance(dealt, PommeDealt) and isinstance(blinds, BlindsDealt)
        assert [len(h) for h in dealt.hands] == [9, 9]
        assert [len(b) for b in blinds.blinds] == [BLIND_SIZE] * 2
        assert len(dealt.aside) == 12 and dealt.shown in dealt.aside
        assert game.trump == dealt.shown.suit
        union = dealt.aside | dealt.hands[0] | dealt.hands[1] | blinds.blinds[0] | blinds.blinds[1]
        assert union == CardSet.full()


def test_r_pomme_two_the_non_dealer_says_first_keep_or_exchange():
    game = PommeGame(2, deal=DEAL, dealer=1)
    assert game.phase is PommePhase.BLIND and game.current_player == 0
    assert game.legal_actions() == [EXCHANGE, KEEP]
    game.apply(KEEP)
    assert game.phase is PommePhase.BLIND and game.current_player == 1
    assert game.view(1).blind_exchanged == (False, None)


def test_r_pomme_two_an_exchange_gives_up_exactly_3_cards_for_the_blind_unseen():
    game = PommeGame(2, deal=DEAL, dealer=1)
    game.apply(EXCHANGE)
    assert game.phase is PommePhase.DISCARD and game.current_player == 0
    assert game.view(0).hand == DEAL.hands[0]  # the blind is seen only once taken
    for code in ("H6", "H7", "H8"):
        game.apply(Card.parse(code))
    assert game.hand(0) == DEAL.hands[0] - CardSet.parse("H6 H7 H8") | DEAL.blinds[0]
    assert game.view(0).given_up == CardSet.parse("H6 H7 H8")
    assert game.view(1).given_up == CardSet() and game.view(1).blind_exchanged == (True, None)
    assert CardSet.parse("H6 H7 H8") <= game.out_of_play
    assert [type(e) for e in game.events[3:]] == [BlindChosen] + [CardGivenUp] * 3


def test_r_pomme_two_the_trump_6_is_asked_after_the_blinds_and_the_non_dealer_leads():
    game = PommeGame(2, deal=DEAL, dealer=1)
    with pytest.raises(IllegalPlayError) as error:
        game.apply(PommeChoice.EXCHANGE_SIX)
    assert error.value.reason is Reason.NOT_YOUR_PHASE
    game.apply(KEEP)
    game.apply(KEEP)
    assert game.phase is PommePhase.EXCHANGE and game.current_player == 0
    game.apply(PommeChoice.EXCHANGE_SIX)
    assert Card.parse("S7") in game.hand(0) and Card.parse("S6") in game.out_of_play
    assert game.phase is PommePhase.PLAY and game.current_player == 0  # the non-dealer leads
    assert PommeChoice.TAKE_ASIDE not in game.legal_actions()
    assert game.illegal_reason(PommeChoice.TAKE_ASIDE) is Reason.NO_ASIDE


def test_r_pomme_two_a_6_given_up_for_the_blind_is_asked_of_nobody():
    game = PommeGame(2, deal=DEAL, dealer=1)
    game.apply(EXCHANGE)
    for code in ("S6", "H7", "H8"):
        game.apply(Card.parse(code))
    game.apply(KEEP)
    assert game.phase is PommePhase.PLAY
    assert not any(isinstance(e, SixExchanged) for e in game.events)


@pytest.mark.parametrize("points, marks", [
    ((100, 52), (1, 0)), ((20, 120), (-1, 1)), ((15, 18), (0, 0)), ((60, 60), (0, 0)),
    ((21, 20), (1, -1)), ((0, 0), (0, 0)),
])
def test_r_pomme_two_putz_for_more_points_apple_under_21_nothing_when_both_under(points, marks):
    assert pomme_marks(points) == marks


def test_r_pomme_two_the_game_ends_at_plus_7_or_minus_3_and_the_deal_alternates():
    assert POMME_LOSS[2] == -3 and POMME_WIN == 7
    for seed in range(6):
        game = PommeGame(2, seed=seed)
        bots = [make_pomme_bot("heuristic", seed + s) for s in range(2)]
        play_pomme_game(game, bots)
        assert max(game.scores) >= POMME_WIN or min(game.scores) <= POMME_LOSS[2]
        dealers = [e.dealer for e in game.events if isinstance(e, PommeDealt)]
        assert all(a != b for a, b in itertools.pairwise(dealers))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_r_pomme_two_a_saved_game_loads_back_and_undo_takes_back_one_action(seed):
    rng = random.Random(seed)
    game = PommeGame(2, seed=seed)
    for _ in range(rng.randrange(1, 60)):
        game.apply(rng.choice(game.legal_actions()))
    text = dumps_events(game.events)
    assert loads_pomme_game(text) == game == loads_any_game(text)
    assert spec_of(game.events) is POMME_GAME and POMME_GAME.seat_count(game.events) == 2
    before = game.clone()
    action = rng.choice(game.legal_actions())
    game.apply(action)
    game.undo()
    assert game == before


def test_r_pomme_two_the_notation_refuses_a_blind_of_the_wrong_size():
    game = PommeGame(2, seed=3)
    text = dumps_events(game.events).replace('"blinds":["', '"blinds":["HA ', 1)
    with pytest.raises(NotationError):
        loads_pomme_game(text)


@pytest.mark.parametrize("name", ["random", "heuristic", "expert"])
def test_r_pomme_two_every_bot_plays_a_round_with_legal_decisions(name):
    game = PommeGame(2, seed=5)
    bots = [make_pomme_bot(name, seat, SMALL) for seat in range(2)]
    play_pomme_round(game, bots)  # apply raises on an illegal action
    assert game.round == 1 or game.is_over
    words = [e for e in game.events if isinstance(e, BlindChosen)]
    assert [e.seat for e in words] == [1 - game.events[1].dealer, game.events[1].dealer]


def test_the_coach_assesses_every_decision_of_a_round_for_two_each_card_given_up_included():
    """The sampler of the hidden cards agrees with the view while cards are being given up for
    the blind (the second and third card of a discard once found no deal at all)."""
    from engine.pomme.coach import assess
    small = PommeBudget(worlds=2, exact_worlds=1, start_worlds=2)
    for seed in range(4):
        game = PommeGame(2, seed=seed)
        bots = [make_pomme_bot("heuristic", seat) for seat in range(2)]
        phases = set()
        while game.round == 0 and not game.is_over:
            view = game.view(game.current_player)
            found = assess(view, budget=small)
            assert {a.action for a in found} == set(view.legal_actions)
            phases.add(view.phase)
            game.apply(bots[game.current_player].choose_action(view))
        assert PommePhase.BLIND in phases and PommePhase.PLAY in phases


