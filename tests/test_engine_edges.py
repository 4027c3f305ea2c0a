"""The engine's public functions refuse out-of-range input with their own errors (issue 19,
item 9): no negative index counting from the end, no trump -1 acting as Undenufe, no
``IndexError``/``AttributeError``/``TypeError`` leaking from inside, no seed that cannot be
saved. Every refusal leaves the game as it was."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    Card,
    CardSet,
    Game,
    InvalidCardError,
    Trump,
    card_points,
    compare_weis,
    dumps_events,
    find_weis,
    has_stoeck,
    illegal_reason,
    legal_cards,
    loads_events,
    trick_points,
    trick_winner,
)

HAND = CardSet.parse("HJ H6 SA S7 SQ")
TRICK = [Card.parse("SK"), Card.parse("H9")]
NOT_TRUMPS = [-1, 6, 7, -6, 100, True, False, 1.0, "0", None, 2**70]


@pytest.mark.parametrize("index", [-1, -36, 36, 37, 2**64, True, 1.5, "3", None])
def test_a_card_index_outside_0_to_35_is_no_card(index):
    with pytest.raises(InvalidCardError, match="0-35"):
        Card.from_index(index)


@given(st.integers(0, 35))
def test_every_deck_index_is_its_card(index):
    assert Card.from_index(index).index == index


@pytest.mark.parametrize("suit, rank", [(-1, 0), (0, -1), (4, 0), (0, 9), (True, 0), (0.5, 1)])
def test_a_suit_or_rank_out_of_range_is_no_card(suit, rank):
    with pytest.raises(InvalidCardError):
        Card(suit, rank)


@pytest.mark.parametrize("trump", NOT_TRUMPS)
def test_a_trump_outside_0_to_5_is_refused_by_every_function_taking_one(trump):
    card = Card.parse("SA")
    calls = [
        lambda: legal_cards(HAND, TRICK, trump),
        lambda: illegal_reason(card, HAND, TRICK, trump),
        lambda: trick_winner(TRICK, trump),
        lambda: card_points(card, trump),
        lambda: trick_points(TRICK, trump),
        lambda: find_weis(HAND, trump),
        lambda: has_stoeck(HAND, trump),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="not a trump"):
            call()
    weis = find_weis(CardSet.parse("S6 S7 S8"), Trump.HEARTS)
    with pytest.raises(ValueError, match="not a trump"):
        compare_weis(weis[0], weis[0], trump)


@given(st.integers(0, 5))
def test_a_trump_given_as_its_number_is_that_trump(number):
    assert legal_cards(HAND, TRICK, number) == legal_cards(HAND, TRICK, Trump(number))


@pytest.mark.parametrize("seat", [-1, -4, 4, 5, True, 1.0, "0", None])
def test_a_seat_outside_0_to_3_is_refused_and_the_game_is_unchanged(seat):
    game = Game(seed=3)
    before = dumps_events(game.events)
    with pytest.raises(ValueError, match="seat must be 0-3"):
        game.hand(seat)
    with pytest.raises(ValueError, match="seat must be 0-3"):
        game.view(seat)
    assert dumps_events(game.events) == before


@pytest.mark.parametrize("seed", [1.5, "7", None, True, 2.0])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Game(seed=seed)


@given(st.integers(-(2**80), 2**80))
def test_any_whole_seed_starts_a_game_that_saves_and_loads(seed):
    game = Game(seed=seed)
    assert loads_events(dumps_events(game.events)) == list(game.events)


@pytest.mark.parametrize("text", [None, 5, b"HJ SA", ["HJ"], {"HJ": 1}, 1.5])
def test_card_codes_that_are_not_text_are_an_invalid_card_error(text):
    with pytest.raises(InvalidCardError, match="expected a string"):
        CardSet.parse(text)


@pytest.mark.parametrize("options, message", [
    ({"dealer": 1.0}, "dealer must be a seat 0-3, not 1.0"),
    ({"dealer": True}, "dealer must be a seat 0-3, not True"),
    ({"scores": (True, False)}, "scores must be two totals, not (True, False)"),
    ({"scores": (1.5, 0)}, "scores must be two totals, not (1.5, 0)"),
])
def test_a_game_refuses_a_dealer_or_scores_that_only_look_like_numbers(options, message):
    """Issue 38: Game(dealer=1.0) raised an internal TypeError later, and (True, False) was
    taken for scores."""
    from engine import Game

    with pytest.raises(ValueError) as refused:
        Game(**options)
    assert str(refused.value) == message


def test_a_target_no_game_could_reach_is_refused_and_a_saved_one_not_loaded():
    from engine import MAX_TARGET, Game, NotationError, Rules, RulesError, dumps_events, loads_game

    assert Rules(target=MAX_TARGET).target == MAX_TARGET
    with pytest.raises(RulesError, match=f"at most {MAX_TARGET}, not {10**100}"):
        Rules(target=10**100)
    text = dumps_events(Game(Rules(target=1000), seed=1).events)
    assert '"target":1000' in text
    text = text.replace('"target":1000', f'"target":{10**100}')
    with pytest.raises(NotationError, match="target"):
        loads_game(text)
