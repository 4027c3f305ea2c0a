"""Announcements and Stöck: R-WEIS-KINDS, R-WEIS-ONE-CARD, R-WEIS-WHEN, R-WEIS-BEST,
R-STOECK, with R-FINISH and R-PIQUE-DOUBLE where they meet announcements."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CHIBRE,
    Card,
    CardSet,
    Criterion,
    Game,
    Phase,
    Rules,
    Trump,
    Weis,
    WeisChoice,
    WeisKind,
    best_weis,
    compare_weis,
    find_weis,
    has_stoeck,
)
from engine.chibre.announcements import FOUR_POINTS, sequence_points
from engine.events import GameOver, RoundScored, StoeckScored, TrickWon, WeisScored
from tests.engine_helpers import SUITS_DEAL, deal, play_out

H, D, C, S = Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES
LONG = Rules(long_sequences=True)


def summary(hand: str, trump: Trump = C, rules: Rules | None = None) -> list[tuple[str, int]]:
    return [(str(w.cards), w.points) for w in find_weis(CardSet.parse(hand), trump, rules)]


def weis(cards: str, trump: Trump = C, rules: Rules | None = None) -> Weis:
    found = find_weis(CardSet.parse(cards), trump, rules)
    assert len(found) == 1, found
    return found[0]


# -- R-WEIS-KINDS ----------------------------------------------------------------------

SEQUENCES = [
    ("H6 H7 H8", 20, 20),
    ("DT DJ DQ DK", 50, 50),
    ("S9 ST SJ SQ SK", 100, 100),
    ("C6 C7 C8 C9 CT CJ", 100, 150),
    ("H8 H9 HT HJ HQ HK HA", 100, 200),
    ("D7 D8 D9 DT DJ DQ DK DA", 100, 250),
    ("S6 S7 S8 S9 ST SJ SQ SK SA", 100, 300),
]


@pytest.mark.parametrize("cards, points, long_points", SEQUENCES)
def test_r_weis_kinds_sequences_of_every_length(cards, points, long_points):
    assert summary(cards) == [(cards, points)]
    assert summary(cards, rules=LONG) == [(cards, long_points)]
    assert weis(cards).kind is WeisKind.SEQUENCE


@pytest.mark.parametrize("cards, points", [
    ("HJ DJ CJ SJ", 200), ("H9 D9 C9 S9", 150), ("HA DA CA SA", 100),
    ("HK DK CK SK", 100), ("HQ DQ CQ SQ", 100), ("HT DT CT ST", 100),
])
def test_r_weis_kinds_every_four_of_a_kind(cards, points):
    found = weis(cards)
    assert (found.kind, found.points, str(found.cards)) == (WeisKind.FOUR, points, cards)


@pytest.mark.parametrize("cards", ["H8 D8 C8 S8", "H7 D7 C7 S7", "H6 D6 C6 S6"])
def test_r_weis_kinds_four_eights_sevens_or_sixes_are_nothing(cards):
    assert find_weis(CardSet.parse(cards), C) == []


@pytest.mark.parametrize("cards", ["H6 H7", "H6 H7 H9 HT", "HQ HA", "H6 D7 C8"])
def test_r_weis_kinds_two_in_a_row_or_a_gap_is_nothing(cards):
    assert find_weis(CardSet.parse(cards), C) == []


def test_r_weis_kinds_natural_order_even_in_trump():
    # J 9 A are neighbours in trump order, not in the order of sequences
    assert find_weis(CardSet.parse("HJ H9 HA"), H) == []
    assert summary("H9 HT HJ", H) == [("H9 HT HJ", 20)]


def test_sequence_points_table():
    assert [sequence_points(n) for n in range(1, 10)] == [0, 0, 20, 50, 100, 100, 100, 100, 100]
    assert [sequence_points(n, LONG) for n in range(5, 10)] == [100, 150, 200, 250, 300]
    assert FOUR_POINTS.count(0) == 3


# -- R-WEIS-ONE-CARD --------------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    # nine hearts in a row are one sequence, not 100 + 50
    ("H6 H7 H8 H9 HT HJ HQ HK HA", [("H6 H7 H8 H9 HT HJ HQ HK HA", 100)]),
    # a run gives its ace to four aces: 100 + the rest of the run, 50
    ("HT HJ HQ HK HA DA CA SA S6", [("HA DA CA SA", 100), ("HT HJ HQ HK", 50)]),
    # four nines break a five-card run: 150 + the remaining three, 20
    ("H8 H9 HT HJ HQ D9 C9 S9 S6", [("H9 D9 C9 S9", 150), ("HT HJ HQ", 20)]),
    # four tens take the top of a five-card run, leaving four (50)
    ("H6 H7 H8 H9 HT DT CT ST SA", [("HT DT CT ST", 100), ("H6 H7 H8 H9", 50)]),
    # jacks are worth more than the run they would break
    ("H9 HT HJ DJ CJ SJ D6 D7 D8", [("HJ DJ CJ SJ", 200), ("D6 D7 D8", 20)]),
    # a four worth nothing leaves the run whole
    ("H6 H7 H8 D6 C6 S6 DA CA SK", [("H6 H7 H8", 20)]),
    # two fours at once
    ("HJ DJ CJ SJ H9 D9 C9 S9 HT", [("HJ DJ CJ SJ", 200), ("H9 D9 C9 S9", 150)]),
    # a run is kept when giving it up to a four would score less
    ("H9 HT HJ HQ HK HA DK CK SK", [("HK DK CK SK", 100), ("H9 HT HJ HQ", 50)]),
    # two sequences in different suits both count
    ("S6 S7 S8 H6 H7 H8 D6 D7 D8", [("H6 H7 H8", 20), ("D6 D7 D8", 20), ("S6 S7 S8", 20)]),
    # two runs in one suit with a gap
    ("H6 H7 H8 HT HJ HQ C6 D6 S6", [("HT HJ HQ", 20), ("H6 H7 H8", 20)]),
])
def test_r_weis_one_card_decomposition_worth_the_most(hand, expected):
    assert summary(hand) == expected


def test_r_weis_one_card_long_sequences_change_the_best_decomposition():
    # with long sequences the whole run of 6 (150) beats four nines + a short run
    hand = "H7 H8 H9 HT HJ HQ D9 C9 S9"
    assert summary(hand) == [("H9 D9 C9 S9", 150), ("HT HJ HQ", 20)]
    assert summary(hand, rules=LONG) == [("H9 D9 C9 S9", 150), ("HT HJ HQ", 20)]
    hand = "H6 H7 H8 H9 HT HJ HQ D9 C9"  # no four: the 7-run counts whole
    assert summary(hand, rules=LONG) == [("H6 H7 H8 H9 HT HJ HQ", 200)]


def test_r_weis_one_card_stoeck_is_not_an_announcement():
    assert find_weis(CardSet.parse("CK CQ H6 D8"), C) == []


# -- R-WEIS-BEST ------------------------------------------------------------------------

@pytest.mark.parametrize("first, second, trump, winner, criterion", [
    ("H6 H7 H8 H9", "S6 S7 S8", C, 0, Criterion.POINTS),
    ("H6 H7 H8", "SA SK SQ SJ", C, 1, Criterion.POINTS),
    ("HA DA CA SA", "S9 ST SJ SQ SK", C, 1, Criterion.LENGTH),   # five cards beat four
    ("HA DA CA SA", "HK DK CK SK", C, 0, Criterion.HEIGHT),      # aces beat kings
    ("HQ DQ CQ SQ", "HT DT CT ST", C, 0, Criterion.HEIGHT),
    ("H6 H7 H8", "DQ DK DA", C, 1, Criterion.HEIGHT),
    ("H9 HT HJ HQ", "D8 D9 DT DJ", C, 0, Criterion.HEIGHT),
    ("HJ HQ HK", "CJ CQ CK", C, 1, Criterion.TRUMP),             # in trump beats outside
    ("CJ CQ CK", "HJ HQ HK", C, 0, Criterion.TRUMP),
    ("HJ HQ HK", "DJ DQ DK", C, 0, Criterion.ORDER),             # then the first announced
    ("DJ DQ DK", "HJ HQ HK", C, 0, Criterion.ORDER),
    ("H6 H7 H8 H9 HT HJ HQ HK HA", "HJ DJ CJ SJ", C, 1, Criterion.POINTS),
    ("H9 D9 C9 S9", "SA SK SQ SJ ST", C, 0, Criterion.POINTS),
])
def test_r_weis_best_points_then_cards_then_height_then_trump_then_order(
        first, second, trump, winner, criterion):
    result = compare_weis(weis(first, trump), weis(second, trump), trump)
    assert (result.winner, result.criterion) == (winner, criterion)


@pytest.mark.parametrize("first, second, winner, criterion", [
    ("H6 H7 H8 H9 HT HJ", "H9 D9 C9 S9", 0, Criterion.LENGTH),          # 150 each
    ("H6 H7 H8 H9 HT HJ HQ", "HJ DJ CJ SJ", 0, Criterion.LENGTH),       # 200 each
    ("S6 S7 S8 S9 ST SJ", "D8 D9 DT DJ DQ DK", 1, Criterion.HEIGHT),
])
def test_r_weis_best_with_long_sequences(first, second, winner, criterion):
    result = compare_weis(weis(first, C, LONG), weis(second, C, LONG), C, LONG)
    assert (result.winner, result.criterion) == (winner, criterion)


def test_r_weis_best_names_the_player_with_the_single_best_announcement():
    declared = [[weis("H6 H7 H8")], [], [weis("DJ DQ DK")], [weis("S6 S7 S8")]]
    assert best_weis(declared, C) == 2
    assert best_weis([[], [], [], []], C) is None
    tie = [[weis("HJ HQ HK")], [weis("DJ DQ DK")], [], []]
    assert best_weis(tie, C) == 0          # equal: the first in order of play
    assert best_weis(tie[::-1], C) == 2
    trump_tie = [[weis("HJ HQ HK")], [weis("CJ CQ CK")], [], []]
    assert best_weis(trump_tie, C) == 1    # trump before order


def test_r_weis_best_a_players_list_counts_by_its_best_announcement():
    small_and_big = [weis("H6 H7 H8"), weis("SA SK SQ SJ")]
    declared = [[weis("D6 D7 D8 D9")], small_and_big, [], []]
    assert best_weis(declared, C) == 1


# -- R-STOECK ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand, trump, expected", [
    ("HK HQ D6", H, True), ("HK HQ D6", D, False), ("HK D6", H, False),
    ("SK SQ SJ", S, True), ("HK HQ", Trump.OBENABE, False),
])
def test_r_stoeck_is_king_and_queen_of_trump(hand, trump, expected):
    assert has_stoeck(CardSet.parse(hand), trump) is expected


# -- announcing in a game ------------------------------------------------------------------

# Seat 2 holds the 7 of diamonds, DJ DQ DK (20) and the Stöck; seat 3 has hearts ten to
# ace (100); seat 0 spades 6 to 9 (50); seat 1 clubs 9 10 J (20).
WEIS_DEAL = deal(
    "S6 S7 S8 S9 H6 H7 C6 C7 D6",
    "C9 CT CJ H8 ST SQ SA D8 CA",
    "D7 D9 DJ DQ DK H9 SJ SK C8",
    "HT HJ HQ HK HA CQ CK DT DA",
)


def first_trick(game: Game, choices: dict[int, WeisChoice]) -> None:
    """Play the first trick, each seat deciding on its announcements as given."""
    while not game.events or not any(isinstance(e, TrickWon) for e in game.events):
        if game.phase is Phase.WEIS:
            game.apply(choices[game.current_player])
        else:
            game.apply(game.legal_actions()[0])
        if game.is_over:
            return


def test_r_weis_when_announced_with_the_first_card_and_only_the_value_is_public():
    game = Game(deal=WEIS_DEAL)
    game.apply(D)
    assert game.phase is Phase.WEIS and game.current_player == 2
    assert [w.points for w in game.view(2).own_weis] == [20]
    assert game.view(0).phase is Phase.PLAY  # others do not see the decision
    game.apply(WeisChoice.ANNOUNCE)
    game.apply(game.legal_actions()[0])
    assert game.view(0).announced == (None, None, 20, None)
    assert game.view(0).weis_scored is None
    game.apply(WeisChoice.ANNOUNCE)          # seat 3: "hundred"
    assert game.view(1).announced == (None, None, 20, 100)
    game.apply(game.legal_actions()[0])
    for seat in (0, 1):                      # seats 0 and 1 keep theirs quiet
        assert game.current_player == seat and game.phase is Phase.WEIS
        game.apply(WeisChoice.WITHHOLD)
        game.apply(game.legal_actions()[0])
    assert game.view(0).announced == (None, None, 20, 100)
    shown = game.view(0).weis_scored
    assert isinstance(shown, WeisScored) and shown.best_seat == 3


def test_r_weis_best_team_scores_all_its_announcements_and_the_other_team_none():
    game = Game(deal=WEIS_DEAL)
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))
    scored = next(e for e in game.events if isinstance(e, WeisScored))
    assert scored.best_seat == 3 and scored.team == 1
    assert [seat for seat, _ in scored.shown] == [3, 1]   # in order of play from the lead
    assert scored.points == 100 + 20
    play_out(game)
    result = next(e for e in game.events if isinstance(e, RoundScored))
    assert result.weis == (0, 120)
    assert result.stoeck == (20, 0)   # R-STOECK: scored though the other team won the weis


def test_r_weis_when_a_withheld_announcement_never_counts():
    game = Game(deal=WEIS_DEAL)
    game.apply(D)
    choices = dict.fromkeys(range(4), WeisChoice.ANNOUNCE)
    choices[3] = WeisChoice.WITHHOLD
    first_trick(game, choices)
    scored = next(e for e in game.events if isinstance(e, WeisScored))
    assert scored.best_seat == 0 and scored.points == 50 + 20


def test_r_weis_best_announcements_are_credited_before_the_first_tricks_points():
    game = Game(deal=WEIS_DEAL)
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))
    kinds = [type(e) for e in game.events]
    assert kinds.index(WeisScored) < kinds.index(TrickWon)


def test_r_stoeck_scored_with_the_second_card_even_inside_an_announcement():
    game = Game(deal=WEIS_DEAL)
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))  # DJ DQ DK announced
    play_out(game)
    stoeck = [e for e in game.events if isinstance(e, StoeckScored)]
    assert stoeck == [StoeckScored(2, 20)]
    played = [e for e in game.events if getattr(e, "card", None) in (Card.parse("DQ"),
                                                                    Card.parse("DK"))]
    assert game.events.index(stoeck[0]) == game.events.index(played[-1]) + 1


def test_r_finish_stoeck_alone_takes_a_team_out_at_the_holders_first_card():
    # A whole game to 20 points: seat 2 holds the Stöck, which is all team 0 needs, so
    # the game is over the moment it plays its first card, whatever that card is.
    game = Game(Rules(target=20), deal=WEIS_DEAL)
    game.apply(D)
    game.apply(WeisChoice.WITHHOLD)
    game.apply(Card.parse("D7"))  # not a Stöck card
    assert game.is_over and game.winner == 0
    assert game.scores == (20, 0)
    assert [type(e) for e in game.events[-3:]] == [StoeckScored, RoundScored, GameOver]
    assert game.events[-3] == StoeckScored(2, 20)
    assert not any(isinstance(e, TrickWon) for e in game.events)


def test_r_finish_stoeck_counts_before_the_announcements():
    # RULES.md's example: team 0 on 990 holds the Stöck, team 1 on 960 holds the best
    # announcements (seat 3's hundred). In time order team 1 would be out after the first
    # trick; by R-FINISH the Stöck comes first and team 0 wins at seat 2's first card.
    game = Game(deal=WEIS_DEAL, scores=(990, 960))
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))
    assert game.is_over and game.winner == 0
    assert game.scores == (1010, 960)
    assert not any(isinstance(e, WeisScored) for e in game.events)


def test_r_finish_round_keeps_stoeck_with_its_second_card():
    # Playing the round out, nothing is claimed early: the Stöck counts with its second card.
    game = Game(Rules(finish_round=True), deal=WEIS_DEAL, scores=(990, 960))
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))
    assert not game.is_over
    assert not any(isinstance(e, StoeckScored) for e in game.events)
    play_out(game)
    stoeck = [e for e in game.events if isinstance(e, StoeckScored)]
    assert stoeck == [StoeckScored(2, 20)]
    played = [e for e in game.events if getattr(e, "card", None) in (Card.parse("DQ"),
                                                                    Card.parse("DK"))]
    assert game.events.index(stoeck[0]) == game.events.index(played[-1]) + 1


def test_r_finish_default_announcements_can_end_the_game_before_the_trick_counts():
    game = Game(deal=WEIS_DEAL, scores=(0, 890))
    game.apply(D)
    first_trick(game, dict.fromkeys(range(4), WeisChoice.ANNOUNCE))
    assert game.is_over and game.winner == 1 and game.scores == (0, 1010)
    assert not any(isinstance(e, TrickWon) for e in game.events)


def test_r_pique_double_doubles_announcements_and_stoeck():
    game = Game(Rules(pique_double=True), deal=SUITS_DEAL)
    game.apply(CHIBRE)
    game.apply(S)   # seat 3 holds all spades: a 9-card run in trump and the Stöck
    play_out(game, weis=WeisChoice.ANNOUNCE)
    result = next(e for e in game.events if isinstance(e, RoundScored))
    assert result.multiplier == 2
    assert result.stoeck == (0, 40)
    # every seat holds a 9-card run of 100; seat 3's is in trump, so team 1 scores
    # its two runs (seats 1 and 3), doubled
    assert result.weis == (0, 2 * (100 + 100))


# -- properties ------------------------------------------------------------------------

HANDS = st.lists(st.integers(0, 35), min_size=9, max_size=9, unique=True).map(
    lambda indexes: CardSet(Card.from_index(i) for i in indexes))


def single_announcements(hand: CardSet, trump: Trump) -> list[Weis]:
    """Every four of a kind and every whole run of the hand, each on its own."""
    singles = [w for w in find_weis(hand, trump) if w.kind is WeisKind.SEQUENCE]
    for rank in range(9):
        four = CardSet(Card(s, rank) for s in range(4))
        if four <= hand:
            singles += find_weis(four, trump)
    return singles


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, trump=st.sampled_from([H, D, C, S]), long=st.booleans())
def test_no_card_is_in_two_announcements_of_a_decomposition(hand, trump, long):
    found = find_weis(hand, trump, Rules(long_sequences=long))
    for a, b in itertools.combinations(found, 2):
        assert a.cards.isdisjoint(b.cards)
    assert all(w.cards <= hand for w in found)


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, trump=st.sampled_from([H, D, C, S]))
def test_the_decomposition_is_worth_at_least_any_single_announcement(hand, trump):
    total = sum(w.points for w in find_weis(hand, trump))
    for single in single_announcements(hand, trump):
        assert total >= single.points


@settings(max_examples=200, deadline=None)
@given(hands=st.lists(HANDS, min_size=4, max_size=4), trump=st.sampled_from([H, D, C, S]),
       data=st.data())
def test_best_weis_does_not_depend_on_how_each_list_is_ordered(hands, trump, data):
    declared = [find_weis(hand, trump) for hand in hands]
    shuffled = [data.draw(st.permutations(weises)) for weises in declared]
    assert best_weis(declared, trump) == best_weis(shuffled, trump)
