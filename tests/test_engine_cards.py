"""Cards, card sets, rules options: R-DECK, R-SLATE, R-PROC (R-POMME: test_pomme_engine.py)."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine import (
    CHIBRE,
    Card,
    CardSet,
    Game,
    InvalidCardError,
    Rank,
    Rules,
    RulesError,
    Suit,
    Trump,
    slate,
)
from engine.cards import ALL_CARDS, HJ, SA


def test_r_deck_36_cards_and_their_codes_round_trip():
    assert len(ALL_CARDS) == 36 and len(set(ALL_CARDS)) == 36
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert repr(card) == str(card)
        assert Card(card.suit, card.rank) is card
    assert [str(Card(Suit.HEARTS, r)) for r in Rank] == [
        "H6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"]


@pytest.mark.parametrize("code, expected", [
    ("HJ", HJ), ("hj", HJ), (" SA ", SA), ("H10", Card.parse("HT")), ("d10", Card.parse("DT")),
])
def test_r_deck_codes_accept_ten_as_10_and_any_case(code, expected):
    assert Card.parse(code) is expected


@pytest.mark.parametrize("code", ["", "H", "X9", "H5", "H1", "HJJ", "10H", "♥J", "H 9"])
def test_r_deck_bad_codes_raise_an_error_naming_the_code(code):
    with pytest.raises(InvalidCardError) as error:
        Card.parse(code)
    assert repr(code) in str(error.value)
    assert isinstance(error.value, ValueError)


def test_cards_are_immutable_and_survive_copy_and_pickle():
    with pytest.raises(AttributeError):
        HJ.index = 3  # type: ignore[misc]
    assert copy.deepcopy(HJ) is HJ and pickle.loads(pickle.dumps(HJ)) is HJ
    assert sorted([SA, HJ]) == [HJ, SA]


def test_cardset_is_set_like_with_a_readable_str():
    hand = CardSet.parse("SA HJ H9 H10")
    assert str(hand) == "H9 HT HJ SA" and len(hand) == 4
    assert HJ in hand and Card.parse("D6") not in hand and "HJ" not in hand
    assert list(hand) == sorted(hand)
    assert CardSet.parse(str(hand)) == hand
    assert eval(repr(hand)) == hand
    assert hand - CardSet.parse("SA") == CardSet.parse("H9 HT HJ")
    assert (hand | CardSet.parse("D6")).of_suit(Suit.DIAMONDS) == CardSet.parse("D6")
    assert hand & CardSet.parse("SA S6") == CardSet.parse("SA")
    assert CardSet.parse("SA") <= hand and not hand <= CardSet.parse("SA")
    assert hand.add(Card.parse("D6")).remove(Card.parse("D6")) == hand
    assert CardSet([HJ, "SA"]) == CardSet.parse("HJ SA")
    with pytest.raises(KeyError):
        hand.remove(Card.parse("D6"))
    with pytest.raises(ValueError, match="twice"):
        CardSet.parse("HJ hj")
    with pytest.raises(InvalidCardError):
        CardSet.parse("HJ XX")
    assert {hand: 1}[CardSet.parse("H9 HT HJ SA")] == 1


def test_rules_default_is_the_chibre_profile():
    rules = Rules()
    assert rules.options() == {
        "profile": "chibre", "first_trump_card": "D7", "chibre_in_first_round": True,
        "pique_double": False, "long_sequences": False, "target": 1000, "finish_round": False,
    }
    with pytest.raises(AttributeError):
        rules.target = 1500  # type: ignore[misc]


@pytest.mark.parametrize("options, message", [
    ({"first_trump_card": "SA"}, "D7 or H7"),
    ({"first_trump_card": "XX"}, "not a card code"),
    ({"profile": "schieber"}, "only 'chibre'"),
    ({"target": -5}, "positive"),
    ({"target": True}, "positive"),
    ({"pique_double": "yes"}, "true or false"),
])
def test_rules_refuse_impossible_options_with_a_clear_message(options, message):
    with pytest.raises((RulesError, InvalidCardError), match=message):
        Rules(**options)


def test_r_slate_strokes_half_crosses_and_remainder():
    assert slate(95) == (0, 1, 2, 5)      # 004: a half-cross, two strokes of 20, +5
    assert slate(157) == (1, 1, 0, 7)
    assert slate(1000) == (10, 0, 0, 0)
    assert slate(19) == (0, 0, 0, 19)
    for points in range(0, 2600, 7):
        hundreds, fifties, twenties, rest = slate(points)
        assert 100 * hundreds + 50 * fifties + 20 * twenties + rest == points
        assert fifties <= 1 and twenties <= 2 and rest < 20
    with pytest.raises(ValueError):
        slate(-1)


def test_r_proc_the_engine_enforces_what_a_program_can():
    # the deal is complete before anyone acts, and an announcement is public only as a value
    game = Game(seed=3)
    assert all(len(game.hand(seat)) == 9 for seat in range(4))
    assert game.legal_actions()[-1] is CHIBRE
    view = game.view(0)
    assert view.announced == (None, None, None, None)
    assert not hasattr(view, "hands")


def test_trump_modes_name_their_suit():
    assert Trump.SPADES.suit is Suit.SPADES and Trump.OBENABE.suit is None
    assert Trump.of_suit(Suit.CLUBS) is Trump.CLUBS
