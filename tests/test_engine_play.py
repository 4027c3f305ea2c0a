"""Card play: R-ORDER-*, R-VALUES, R-FOLLOW*, R-DISCARD, R-TRUMP-ANYTIME,
R-NO-UNDERTRUMP, R-BUUR, R-TRICK; the fast legal_cards against a slow reference."""

from __future__ import annotations

import random

import pytest

from engine import (
    Card,
    CardSet,
    InvalidTrickError,
    Reason,
    Trump,
    card_points,
    illegal_reason,
    legal_cards,
    trick_points,
    trick_winner,
)
from engine.play import trick_state, winner_index
from engine.search import SearchState, random_deal
from engine.tables import NO_TRUMP
from tests.engine_reference import beats, is_trump, reference_legal, reference_winner

H, D, C, S = Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def legal(hand: str, trick: str, trump: Trump) -> str:
    return str(legal_cards(CardSet.parse(hand), cards(trick), trump))


def reason(card: str, hand: str, trick: str, trump: Trump) -> Reason | None:
    return illegal_reason(Card.parse(card), CardSet.parse(hand), cards(trick), trump)


# -- card order and values ------------------------------------------------------------

@pytest.mark.parametrize("trick, trump, winner", [
    ("H6 HA HK HQ", S, 1),
    ("HT HJ H9 H6", S, 1),  # plain order: the jack above the 10
    ("D7 D8 D6 DA", C, 3),
    ("SQ SK SJ ST", H, 1),
])
def test_r_order_plain_ace_high_then_king_queen_jack_ten(trick, trump, winner):
    assert trick_winner(cards(trick), trump) == winner


@pytest.mark.parametrize("trick, winner", [
    ("HA H9 HK HQ", 1),  # the Nell beats the ace
    ("H9 HJ HA HK", 1),  # the Buur beats the Nell
    ("HA HK HQ HT", 0),
    ("HT H8 H7 H6", 0),  # ten above 8 7 6 in trump too
    ("HQ HT HK H8", 2),
])
def test_r_order_trump_buur_nell_ace_king_queen_ten(trick, winner):
    assert trick_winner(cards(trick), H) == winner


@pytest.mark.parametrize("card, trump, points", [
    ("HA", S, 11), ("HT", S, 10), ("HK", S, 4), ("HQ", S, 3), ("HJ", S, 2),
    ("H9", S, 0), ("H8", S, 0), ("H7", S, 0), ("H6", S, 0),
    ("SJ", S, 20), ("S9", S, 14), ("SA", S, 11), ("ST", S, 10), ("SK", S, 4),
    ("SQ", S, 3), ("S8", S, 0), ("S7", S, 0), ("S6", S, 0),
])
def test_r_values_plain_and_trump(card, trump, points):
    assert card_points(Card.parse(card), trump) == points


@pytest.mark.parametrize("trump", [H, D, C, S])
def test_r_values_a_round_is_worth_157(trump):
    deck = list(CardSet.full())
    assert trick_points(deck, trump) + 5 == 157
    assert trick_points(cards("HA HT"), trump, last=True) == card_points(
        Card.parse("HA"), trump) + card_points(Card.parse("HT"), trump) + 5


# -- what may be played ---------------------------------------------------------------

@pytest.mark.parametrize("hand, trick, trump, expected", [
    ("H6 HK S7 C9", "HA", S, "H6 HK S7"),       # follow hearts, or trump
    ("H6 D7 C9", "HA", S, "H6"),                # must follow; no trump in hand
    ("D6 D7 C9", "DK SA", H, "D6 D7"),
])
def test_r_follow_must_follow_led_suit_or_trump(hand, trick, trump, expected):
    assert legal(hand, trick, trump) == expected
    assert reason("C9", hand, trick, trump) is Reason.MUST_FOLLOW_SUIT


@pytest.mark.parametrize("hand, trick, trump, expected", [
    ("D6 C9 SA", "HA", S, "D6 C9 SA"),
    ("D6 C9 S7", "HA HK", C, "D6 C9 S7"),
])
def test_r_discard_any_card_without_the_led_suit(hand, trick, trump, expected):
    assert legal(hand, trick, trump) == expected


def test_r_trump_anytime_even_when_able_to_follow():
    assert legal("H6 HK S7", "HA", S) == "H6 HK S7"
    assert reason("S7", "H6 HK S7", "HA", S) is None


UNDERTRUMP = Reason.NO_UNDERTRUMP


@pytest.mark.parametrize("hand, trick, trump, card, refused", [
    ("H6 S7 SA", "HA SK", S, "S7", UNDERTRUMP),  # 7 below the king: undertrump
    ("H6 S7 SA", "HA SK", S, "SA", None),        # ace above the king: overtrump
    ("D6 S7 S9", "HA ST SQ", S, "S7", UNDERTRUMP),  # cannot follow, still no undertrump
    ("D6 S7 S9", "HA ST SQ", S, "S9", None),
    ("S7 S8", "HA SK", S, "S7", None),           # only trumps: any of them
    ("S7 S8 SJ", "HA S9 HK", S, "S8", None),     # only trumps, though the Buur overtrumps
    ("H8 S7", "HA S9", S, "S7", UNDERTRUMP),     # a heart to follow: no undertrump
])
def test_r_no_undertrump_unless_only_trumps(hand, trick, trump, card, refused):
    assert reason(card, hand, trick, trump) is refused


@pytest.mark.parametrize("hand, trick, trump, expected, off_trump, refused", [
    ("H6 HK S7 C9", "H8", H, "H6 HK", "C9", Reason.MUST_FOLLOW_TRUMP),
    ("HA D7 C9", "HQ", H, "HA", "D7", Reason.MUST_FOLLOW_TRUMP),
    ("D7 C9", "HQ", H, "C9 D7", "C9", None),     # no trump: any card
])
def test_r_follow_trump_when_trump_is_led(hand, trick, trump, expected, off_trump, refused):
    assert sorted(legal(hand, trick, trump).split()) == sorted(expected.split())
    assert reason(off_trump, hand, trick, trump) is refused


@pytest.mark.parametrize("hand, trick, trump, expected", [
    ("HJ D7 C9", "HQ", H, "HJ D7 C9"),           # the Buur alone may be withheld
    ("HJ H6 C9", "HQ", H, "H6 HJ"),              # the Buur with another trump: follow
    ("SJ D7", "SA HK", S, "D7 SJ"),
])
def test_r_buur_may_be_withheld_when_it_is_the_only_trump(hand, trick, trump, expected):
    assert sorted(legal(hand, trick, trump).split()) == sorted(expected.split())


@pytest.mark.parametrize("trick, trump, winner", [
    ("HA HK S6 HQ", S, 2),     # a low trump takes the trick
    ("HA S6 S7 HK", S, 2),     # the higher trump
    ("H7 DA CA SA", H, 0),     # off-suit aces never win
    ("C6 CA DJ C7", H, 1),
])
def test_r_trick_highest_trump_else_highest_of_led_suit(trick, trump, winner):
    assert trick_winner(cards(trick), trump) == winner


def test_illegal_reason_not_in_hand():
    assert reason("SA", "H6 H7", "", H) is Reason.NOT_IN_HAND


def test_bad_tricks_are_refused():
    with pytest.raises(InvalidTrickError):
        legal_cards(CardSet.parse("H6"), cards("HA HA"), H)
    with pytest.raises(InvalidTrickError):
        legal_cards(CardSet.parse("H6"), cards("H6 HA"), H)
    with pytest.raises(InvalidTrickError):
        legal_cards(CardSet.parse("H6"), cards("HA HK HQ HJ"), H)
    with pytest.raises(InvalidTrickError):
        trick_winner([], H)


# -- the fast path against the reference -----------------------------------------------

def _reachable_positions(count: int, seed: int):
    rng = random.Random(seed)
    while count > 0:
        trump = rng.randrange(4)
        state = SearchState(random_deal(rng), trump, rng.randrange(4))
        while not state.is_over() and count > 0:
            hand = CardSet.from_mask(state.hands[state.player])
            yield hand, [Card.from_index(c) for c in state.trick], Trump(trump)
            count -= 1
            choices = [c for c in range(36) if state.legal() >> c & 1]
            state.play(rng.choice(choices))


def _arbitrary_positions(count: int, seed: int):
    rng = random.Random(seed)
    deck = list(CardSet.full())
    for _ in range(count):
        rng.shuffle(deck)
        size = rng.randint(1, 9)
        trick = deck[size : size + rng.randint(0, 3)]
        yield CardSet(deck[:size]), trick, Trump(rng.randrange(4))


def test_legal_cards_equals_reference_on_20000_positions():
    positions = [*_reachable_positions(12_000, seed=11), *_arbitrary_positions(8_000, seed=12)]
    assert len(positions) == 20_000
    for hand, trick, trump in positions:
        expected = reference_legal(hand, trick, trump)
        got = legal_cards(hand, trick, trump)
        assert set(got) == expected, (str(hand), trick, trump)
        assert got, "the legal set is never empty"
        for card in hand:
            assert (illegal_reason(card, hand, trick, trump) is None) == (card in expected)
        if trick:
            assert trick_winner(trick, trump) == reference_winner(trick, trump)


def test_trick_state_names_the_led_suit_and_the_highest_trump_like_the_reference():
    """``trick_state`` derives from the one trick winner; checked against RULES.md directly."""
    positions = [*_reachable_positions(6_000, seed=13), *_arbitrary_positions(6_000, seed=14)]
    tricks = [(trick, trump) for _, trick, trump in positions if trick]
    assert len(tricks) > 8_000
    for trick, trump in tricks:
        trumps = [i for i, card in enumerate(trick) if is_trump(card, trump)]
        high = NO_TRUMP
        if trumps:
            best = max(trumps, key=lambda i: sum(beats(trick[i], trick[j], trick[0].suit, trump)
                                                 for j in trumps))
            high = trick[best].index
        indexes = [card.index for card in trick]
        assert trick_state(indexes, trump) == (trick[0].suit, high), (trick, trump)
        assert winner_index(indexes, trump) == reference_winner(trick, trump)
    assert trick_state([], H) == (-1, NO_TRUMP)
