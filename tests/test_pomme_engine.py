"""R-POMME: the engine plays Pomme (Putz) for 3 and 5 players (engine/pomme/game.py).

Tests named after R-POMME's parts: the deals, the shown card and trump, the exchange of the trump 6,
the aside, who leads, the tricks of 3 and 5 cards, the last trick, the round's points, apples and
the marks, the end of the game, the dealer's turn; then the view, clone, notation and refusals; a
hypothesis invariant over whole random games; and a differential test of the one rule of play
(engine.play, which Pomme uses) against the Chibre path on 4-player positions.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    APPLE_BELOW,
    POMME_LOSS,
    POMME_PLAYERS,
    POMME_WIN,
    Card,
    CardSet,
    Game,
    IllegalPlayError,
    InvalidDealError,
    NotationError,
    Phase,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    PommeTrick,
    Reason,
    Trump,
    WeisChoice,
    dumps_events,
    illegal_reason,
    legal_cards,
    loads_any_game,
    loads_game,
    loads_pomme_game,
    pomme_marks,
    trick_points,
    trick_winner,
)
from engine.events import (
    AsideTaken,
    BlindsDealt,
    CardPlayed,
    PommeDealt,
    PommeGameOver,
    PommeRoundScored,
    PommeStarted,
    PommeTrickWon,
    SixExchanged,
    TrickWon,
)
from engine.pomme.game import HAND_SIZE, six_of_trump
from tests.engine_helpers import play_randomly
from tests.engine_reference import reference_legal, reference_winner
from tests.rules_md import rule_text

POMME = rule_text("R-POMME")
EXCHANGE, KEEP, ASIDE = PommeChoice.EXCHANGE_SIX, PommeChoice.KEEP_SIX, PommeChoice.TAKE_ASIDE


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


# Each seat holds one whole plain suit; the aside holds the spades and shows the ace: spades are
# trump, the 6 of spades lies in the aside, nobody can exchange. Seat 0 leads (dealer 2), plays
# its hearts and takes every trick if the aside stays where it is.
SUITS_3 = PommeDeal.parse(["H6 H7 H8 H9 HT HJ HQ HK HA", "D6 D7 D8 D9 DT DJ DQ DK DA",
                           "C6 C7 C8 C9 CT CJ CQ CK CA"], "S6 S7 S8 S9 ST SJ SQ SK SA", "SA")
# As SUITS_3 but seat 1 holds the trump 6 and the aside the 6 of diamonds.
SIX_3 = PommeDeal.parse(["H6 H7 H8 H9 HT HJ HQ HK HA", "S6 D7 D8 D9 DT DJ DQ DK DA",
                         "C6 C7 C8 C9 CT CJ CQ CK CA"], "D6 S7 S8 S9 ST SJ SQ SK SA", "SA")
# Five players: seat 0 holds the seven best trumps (spades), seat 4 the 7, the shown card is the
# trump 6 itself. Seat 0 leads (dealer 4), plays its trumps and takes every trick.
TRUMPS_5 = PommeDeal.parse(["S8 S9 ST SJ SQ SK SA", "H6 H7 H8 H9 HT HJ HQ",
                            "HK HA D6 D7 D8 D9 DT", "DJ DQ DK DA C6 C7 C8",
                            "C9 CT CJ CQ CK CA S7"], "", "S6")
# Five players in deck order, the shown card the 36th (SA): seat 3 holds the 6 of spades.
ORDER_5 = PommeDeal.parse(["H6 H7 H8 H9 HT HJ HQ", "HK HA D6 D7 D8 D9 DT",
                           "DJ DQ DK DA C6 C7 C8", "C9 CT CJ CQ CK CA S6",
                           "S7 S8 S9 ST SJ SQ SK"], "", "SA")


def play_round(game: PommeGame, choose=None) -> None:
    """Play the round in progress to its end: ``choose(game)`` or the first legal action."""
    start = game.round
    while game.round == start and not game.is_over:
        actions = game.legal_actions()
        game.apply(choose(game) if choose else actions[0])


def first_card(game: PommeGame) -> Card:
    return next(a for a in game.legal_actions() if isinstance(a, Card))


def random_pomme(players: int, seed: int, max_actions: int = 5_000) -> PommeGame:
    return play_randomly(PommeGame(players, seed=seed), seed, max_actions)


def rounds_of(events) -> list[list]:
    """The events of each round, from its PommeDealt on."""
    rounds: list[list] = []
    for event in events:
        if isinstance(event, PommeDealt):
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


# -- the deal, the shown card, trump --------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_r_pomme_deal_3_players_nine_cards_each_and_an_aside_of_nine(seed):
    game = PommeGame(3, seed=seed)
    dealt = game.events[1]
    assert isinstance(dealt, PommeDealt) and len(dealt.hands) == 3
    assert [len(h) for h in dealt.hands] == [9, 9, 9] and len(dealt.aside) == 9
    assert dealt.shown in dealt.aside
    union = dealt.aside
    for hand in dealt.hands:
        assert union.isdisjoint(hand)
        union |= hand
    assert union == CardSet.full()
    assert "with 3 players 9 cards each and a 9-card aside (the top card shows trump" in POMME


@pytest.mark.parametrize("seed", range(20))
def test_r_pomme_deal_5_players_seven_cards_each_and_one_card_shows_trump(seed):
    game = PommeGame(5, seed=seed)
    dealt = game.events[1]
    assert isinstance(dealt, PommeDealt)
    assert [len(h) for h in dealt.hands] == [7] * 5 and dealt.aside == CardSet()
    union = CardSet([dealt.shown])
    for hand in dealt.hands:
        assert union.isdisjoint(hand)
        union |= hand
    assert union == CardSet.full()
    assert "with 5 players 7 cards each, the last card shows trump, no aside" in POMME


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_the_shown_card_names_trump(players):
    suits = set()
    for seed in range(30):
        game = PommeGame(players, seed=seed)
        assert game.trump == Trump.of_suit(game.shown.suit)
        assert game.view(0).trump is game.trump and game.view(0).shown is game.shown
        suits.add(game.trump)
    assert suits == {Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES}


def test_r_pomme_deals_are_the_same_for_the_same_seed():
    assert PommeGame(3, seed=5).events == PommeGame(3, seed=5).events
    assert PommeGame(5, seed=5).events != PommeGame(5, seed=6).events


def test_r_pomme_bad_deals_are_refused_with_every_problem():
    with pytest.raises(InvalidDealError) as error:
        PommeDeal.parse(["H6 H7", "H7 H8 H9 HT HJ HQ HK HA D6", "C6"], "S6", "SA")
    problems = " ".join(error.value.problems)
    assert "seat 0 has 2 cards, not 9" in problems and "H7 is in seat 0 and seat 1" in problems
    assert "the shown card SA is not in the aside" in problems and "missing cards" in problems
    with pytest.raises(InvalidDealError, match="a deal of 5 players has 5 hands, not 3"):
        PommeGame(5, deal=SUITS_3)
    with pytest.raises(InvalidDealError, match="the shown card S6 is in seat 0"):
        PommeDeal.parse(["S6 S9 ST SJ SQ SK SA", "H6 H7 H8 H9 HT HJ HQ", "HK HA D6 D7 D8 D9 DT",
                         "DJ DQ DK DA C6 C7 C8", "C9 CT CJ CQ CK CA S7"], "", "S6")


@pytest.mark.parametrize("players, dealer, scores, message", [
    (4, 0, None, "Pomme is for 2, 3 or 5 players, not 4"),
    (True, 0, None, "Pomme is for 2, 3 or 5 players"),
    (3, 3, None, "dealer must be a seat 0-2, not 3"),
    (5, 0, (0, 0, 0), "scores must be 5 whole numbers above -5 and below 7"),
    (3, 0, (7, 0, 0), "scores must be 3 whole numbers above -3 and below 7"),
    (3, 0, (0, -3, 0), "scores must be 3"),
])
def test_r_pomme_a_game_starts_with_3_or_5_players_a_dealer_and_scores_in_play(
        players, dealer, scores, message):
    with pytest.raises(ValueError, match=message):
        PommeGame(players, dealer=dealer, scores=scores)


# -- the trump 6 ----------------------------------------------------------------------------

def test_r_pomme_the_holder_of_the_trump_6_may_exchange_it_for_the_shown_card_3_players():
    game = PommeGame(3, deal=SIX_3, dealer=2)
    assert game.phase is PommePhase.EXCHANGE and game.current_player == 1
    assert game.legal_actions() == [EXCHANGE, KEEP]
    assert game.view(0).phase is PommePhase.EXCHANGE and game.view(0).current_player == 1
    game.apply(EXCHANGE)
    assert game.events[-1] == SixExchanged(1, True)
    assert Card.parse("SA") in game.hand(1) and Card.parse("S6") not in game.hand(1)
    assert game.view(2).six_holder_exchanged == 1
    assert game.phase is PommePhase.PLAY and game.current_player == 0  # after the dealer
    # the 6 lies on the aside in the shown card's place: whoever takes the aside gets it
    game.apply(ASIDE)
    assert game.hand(0) == CardSet.parse("D6 S6 S7 S8 S9 ST SJ SQ SK")
    assert "the holder of the trump 6 may exchange it for that card" in POMME


def test_r_pomme_the_holder_of_the_trump_6_may_exchange_it_with_5_players_the_6_is_out():
    game = PommeGame(5, deal=ORDER_5, dealer=4)
    assert game.phase is PommePhase.EXCHANGE and game.current_player == 3
    game.apply(EXCHANGE)
    assert game.hand(3) == CardSet.parse("C9 CT CJ CQ CK CA SA")
    assert game.out_of_play == CardSet.parse("S6")
    assert game.view(0).six_holder_exchanged == 3 and game.current_player == 0


@pytest.mark.parametrize("players, deal, holder", [(3, SIX_3, 1), (5, ORDER_5, 3)])
def test_r_pomme_the_holder_of_the_trump_6_may_keep_it(players, deal, holder):
    game = PommeGame(players, deal=deal, dealer=players - 1)
    before = game.hand(holder)
    game.apply(KEEP)
    assert game.events[-1] == SixExchanged(holder, False)
    assert game.hand(holder) == before and game.view(holder).six_holder_exchanged is None
    assert game.phase is PommePhase.PLAY and game.current_player == 0


def test_r_pomme_no_exchange_when_the_6_is_shown_or_in_the_aside():
    game = PommeGame(3, deal=SUITS_3, dealer=2)  # the 6 of trump lies in the aside
    assert game.phase is PommePhase.PLAY and EXCHANGE not in game.legal_actions()
    game = PommeGame(5, deal=TRUMPS_5, dealer=4)  # the 6 of trump is the shown card
    assert game.phase is PommePhase.PLAY and game.current_player == 0
    for seed in range(40):
        for players in (3, 5):  # 2 players: the 6 is asked after the blinds (test_pomme_two)
            game = PommeGame(players, seed=seed)
            six = six_of_trump(game.trump)
            holders = [s for s in range(players) if six in game.hand(s)]
            assert (game.phase is PommePhase.EXCHANGE) == bool(holders)
            if holders:
                assert game.current_player == holders[0] and game.shown != six


def test_r_pomme_exchanging_is_refused_without_the_6_or_once_play_has_begun():
    game = PommeGame(3, deal=SUITS_3, dealer=2)
    assert game.illegal_reason(EXCHANGE) is Reason.NO_TRUMP_SIX
    assert game.illegal_reason(KEEP) is Reason.NO_TRUMP_SIX
    game = PommeGame(3, deal=SIX_3, dealer=2)
    game.apply(KEEP)
    game.apply(first_card(game))  # seat 0
    assert game.current_player == 1 and Card.parse("S6") in game.hand(1)
    assert game.illegal_reason(EXCHANGE) is Reason.SIX_EXCHANGE_OVER
    with pytest.raises(IllegalPlayError) as error:
        game.apply(EXCHANGE)
    assert error.value.reason is Reason.SIX_EXCHANGE_OVER


def test_r_pomme_nothing_but_the_exchange_is_played_while_the_holder_decides():
    game = PommeGame(3, deal=SIX_3, dealer=2)
    assert game.illegal_reason(Card.parse("S6")) is Reason.NOT_YOUR_PHASE
    assert game.illegal_reason(ASIDE) is Reason.NOT_YOUR_PHASE
    game = PommeGame(5, deal=ORDER_5, dealer=4)
    assert game.illegal_reason(ASIDE) is Reason.NO_ASIDE


# -- the aside ------------------------------------------------------------------------------

def test_r_pomme_the_aside_is_taken_in_turn_before_ones_first_card():
    game = PommeGame(3, deal=SUITS_3, dealer=2)
    assert game.current_player == 0 and ASIDE in game.legal_actions()
    assert game.legal_actions()[-1] is ASIDE  # after the cards
    game.apply(Card.parse("H6"))  # seat 0 keeps its hand and plays
    assert game.current_player == 1 and ASIDE in game.legal_actions()
    view = game.view(1)
    assert view.aside_available and view.aside_taken_by is None
    game.apply(ASIDE)
    assert game.events[-1] == AsideTaken(1)
    assert game.current_player == 1 and game.phase is PommePhase.PLAY  # then plays a card
    assert game.hand(1) == CardSet.parse("S6 S7 S8 S9 ST SJ SQ SK SA")
    assert game.out_of_play == CardSet.parse("D6 D7 D8 D9 DT DJ DQ DK DA")
    assert ASIDE not in game.legal_actions()
    assert game.illegal_reason(ASIDE) is Reason.ASIDE_TAKEN
    assert game.legal_actions() == cards("S6 S7 S8 S9 ST SJ SQ SK SA")  # any trump
    game.apply(Card.parse("SJ"))
    assert game.current_player == 2 and game.illegal_reason(ASIDE) is Reason.ASIDE_TAKEN
    for seat in (0, 2):
        assert game.view(seat).aside_taken_by == 1 and not game.view(seat).aside_available
    assert "in turn each player may swap their hand for the aside before playing a first card" \
        in POMME


def test_r_pomme_the_aside_cannot_be_taken_after_ones_first_card():
    game = PommeGame(3, deal=SUITS_3, dealer=2)
    for _ in range(3):
        game.apply(first_card(game))
    assert len(game.view(0).tricks) == 1
    assert ASIDE not in game.legal_actions()
    assert game.illegal_reason(ASIDE) is Reason.ASIDE_AFTER_FIRST_CARD
    assert game.view(0).aside_available  # nobody took it: it stays out of play
    play_round(game)
    points = [e for e in game.events if isinstance(e, PommeRoundScored)][-1].points
    assert points == (95, 0, 0)  # the hearts' 30, diamonds' 30, clubs' 30 and the last 5


def test_r_pomme_five_players_have_no_aside():
    game = PommeGame(5, deal=TRUMPS_5, dealer=4)
    assert ASIDE not in game.legal_actions()
    assert game.illegal_reason(ASIDE) is Reason.NO_ASIDE
    assert not game.view(0).aside_available and game.view(0).aside_taken_by is None


# -- who leads, the tricks ---------------------------------------------------------------------

@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_the_player_after_the_dealer_leads_the_first_trick(players):
    for dealer in range(players):
        game = PommeGame(players, seed=dealer, dealer=dealer)
        if game.phase is PommePhase.EXCHANGE:
            game.apply(KEEP)
        assert game.current_player == game.view(0).leader == (dealer + 1) % players
    assert "the player after the dealer (next in order of play) leads the first trick" in POMME


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_the_winner_of_a_trick_leads_the_next(players):
    game = random_pomme(players, seed=3)
    for round_events in rounds_of(game.events):
        tricks = [e for e in round_events if isinstance(e, PommeTrickWon)]
        for before, after in itertools.pairwise(tricks):
            assert after.leader == before.winner
        plays = [e for e in round_events if isinstance(e, CardPlayed)]
        for number, trick in enumerate(tricks):
            seats = [p.seat for p in plays[number * players:(number + 1) * players]]
            assert seats == [(trick.leader + i) % players for i in range(players)]


@pytest.mark.parametrize("trick, trump, winner", [
    ("H6 HA HK", Trump.SPADES, 1),               # highest of the suit led
    ("H6 HA S6", Trump.SPADES, 2),               # a low trump takes it
    ("SJ S9 SA", Trump.SPADES, 0),               # the Buur over the Nell
    ("D6 DA S6 DK H9", Trump.SPADES, 2),         # five cards: one trump
    ("D6 DA S6 S9 SJ", Trump.SPADES, 4),         # five cards: the Buur last
    ("C7 HA DA SA CT", Trump.HEARTS, 1),         # five cards: the ace of trump
    ("C7 DA SA C6 C8", Trump.HEARTS, 4),         # five cards, no trump: the highest club
])
def test_r_pomme_trick_winner_with_3_and_5_cards(trick, trump, winner):
    played = cards(trick)
    players = len(played)
    assert trick_winner(played, trump, players=players) == winner
    assert reference_winner(played, trump) == winner


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_tricks_in_a_game_are_won_as_the_reference_says(players):
    for seed in range(4):
        game = random_pomme(players, seed)
        for trick in (e for e in game.events if isinstance(e, PommeTrickWon)):
            assert len(trick.cards) == players
            winner = reference_winner(list(trick.cards), game_trump(game, trick))
            assert trick.winner == (trick.leader + winner) % players


def game_trump(game: PommeGame, trick: PommeTrickWon) -> Trump:
    """The trump of the round ``trick`` was won in."""
    shown = None
    for event in game.events:
        if isinstance(event, PommeDealt):
            shown = event.shown
        if event is trick:
            break
    assert shown is not None
    return Trump.of_suit(shown.suit)


def test_r_pomme_trick_sizes_are_checked_for_the_number_of_players():
    from engine import InvalidTrickError
    with pytest.raises(InvalidTrickError, match="a trick of 3 players has 1 to 3 cards, not 4"):
        trick_winner(cards("H6 H7 H8 H9"), Trump.SPADES, players=3)
    with pytest.raises(InvalidTrickError, match="at most 4 cards, not 5"):
        legal_cards(CardSet.parse("S6"), cards("H6 H7 H8 H9 HT"), Trump.SPADES, players=5)
    assert legal_cards(CardSet.parse("S6 HA"), cards("H6 H7 H8 H9"), Trump.SPADES,
                       players=5) == CardSet.parse("S6 HA")
    with pytest.raises(ValueError, match="players must be 2, 3, 4 or 5, not 6"):
        trick_winner(cards("H6"), Trump.SPADES, players=6)


# -- points, apples, marks ------------------------------------------------------------------------

def test_r_pomme_the_last_trick_adds_5():
    game = PommeGame(5, deal=TRUMPS_5, dealer=4)
    play_round(game)
    tricks = [e for e in game.events if isinstance(e, PommeTrickWon)]
    assert len(tricks) == 7 and all(t.winner == 0 for t in tricks)
    for trick in tricks:
        last = trick.number == 7
        assert trick.points == trick_points(trick.cards, Trump.SPADES, last=last)
    assert tricks[-1].points == trick_points(tricks[-1].cards, Trump.SPADES) + 5


def test_r_pomme_a_rounds_points_are_the_card_values_of_ones_tricks_plus_5_for_the_last():
    game = PommeGame(5, deal=TRUMPS_5, dealer=4)
    play_round(game)
    scored = next(e for e in game.events if isinstance(e, PommeRoundScored))
    assert scored.points == (157, 0, 0, 0, 0)  # the shown 6 of trump is worth nothing
    for players in POMME_PLAYERS:
        game = random_pomme(players, seed=11)
        for round_events in rounds_of(game.events):
            scored = next((e for e in round_events if isinstance(e, PommeRoundScored)), None)
            if scored is None:
                continue
            points = [0] * players
            for trick in (e for e in round_events if isinstance(e, PommeTrickWon)):
                points[trick.winner] += trick.points
            assert tuple(points) == scored.points
    assert "a round's points are the card values of one's tricks plus 5 for the" in POMME


def test_r_pomme_cards_out_of_play_count_for_nobody():
    game = PommeGame(3, deal=SUITS_3, dealer=2)
    play_round(game)
    scored = next(e for e in game.events if isinstance(e, PommeRoundScored))
    aside = trick_points(CardSet.parse("S6 S7 S8 S9 ST SJ SQ SK SA"), Trump.SPADES)
    assert sum(scored.points) == 157 - aside == 95


def test_r_pomme_an_apple_under_21_points():
    assert APPLE_BELOW == 21
    assert "A player under 21 points gets an *apple* (−1)" in POMME
    assert pomme_marks((20, 70, 67)) == (-1, 1, 1)
    assert pomme_marks((21, 70, 66)) == (0, 1, 1)
    assert pomme_marks((0, 20, 137)) == (-1, -1, 2)


@pytest.mark.parametrize("points, marks", [
    # 3 players: no apple, one apple: the two best +1; two apples: the best +2
    ((60, 60, 37), (1, 1, 0)),
    ((80, 50, 27), (1, 1, 0)),
    ((27, 50, 80), (0, 1, 1)),
    ((100, 40, 17), (1, 1, -1)),
    ((100, 20, 37), (1, -1, 1)),
    ((137, 20, 0), (2, -1, -1)),
    # ties share the better place
    ((50, 50, 50), (1, 1, 1)),
    ((68, 68, 21), (1, 1, 0)),
    ((78, 39, 39), (1, 1, 1)),
    ((70, 70, 17), (1, 1, -1)),
    # 5 players: no apple, one apple: the three best +1
    ((40, 35, 30, 27, 25), (1, 1, 1, 0, 0)),
    ((48, 45, 25, 25, 12), (1, 1, 1, 1, -1)),
    ((30, 30, 30, 30, 37), (1, 1, 1, 1, 1)),
    # two apples: the best +2; three: the two best +2 each; four: the best +3
    ((60, 40, 37, 10, 10), (2, 0, 0, -1, -1)),
    ((50, 50, 37, 10, 10), (2, 2, 0, -1, -1)),
    ((90, 30, 20, 10, 7), (2, 2, -1, -1, -1)),
    ((90, 20, 20, 10, 7), (3, -1, -1, -1, -1)),
    ((157, 0, 0, 0, 0), (3, -1, -1, -1, -1)),
])
def test_r_pomme_marks_for_every_count_of_apples_and_ties(points, marks):
    assert pomme_marks(points) == marks


def test_r_pomme_marks_follow_the_words_of_rules_md():
    assert "With 3 players, 003's \"the two best mark a point\" applies when at most one" \
        in POMME
    assert "player has an apple; with two apples the best marks 2" in POMME
    assert ("With 5 players: no apple or one apple, the three best mark 1; two apples, the best"
            " marks 2 and the other two mark nothing; three apples, the two best mark 2 each;"
            " four apples, the best marks 3" in " ".join(POMME.split()))
    assert "players with equal points share the better place" in POMME
    # every count of apples a round can give, for a round of distinct points
    words = {(3, 0): (2, 1), (3, 1): (2, 1), (3, 2): (1, 2),
             (5, 0): (3, 1), (5, 1): (3, 1), (5, 2): (1, 2), (5, 3): (2, 2), (5, 4): (1, 3)}
    for (players, apples), (best, mark) in words.items():
        losers = [20 - i for i in range(apples)]
        winners = [100 - 10 * i for i in range(players - apples)]
        marks = pomme_marks(winners + losers)
        assert marks == tuple([mark] * best + [0] * (players - apples - best) + [-1] * apples)


@pytest.mark.parametrize("points, message", [
    ((1, 2, 3, 4, 5), "5 apples of 5 players"),
    ((50, 50, 50, 7), "3 or 5 players' points, not 4"),
    ((50, -1, 50), "whole numbers from 0"),
    ((50, True, 50), "whole numbers from 0"),
])
def test_r_pomme_marks_of_a_round_that_cannot_be_are_refused(points, message):
    with pytest.raises(ValueError, match=message):
        pomme_marks(points)


# -- the end of the game, the dealer ------------------------------------------------------------

@pytest.mark.parametrize("players, deal, scores, after, over, winners", [
    # SUITS_3: (95, 0, 0): seat 0 marks 2, the two others an apple each
    (3, SUITS_3, (4, 0, 0), (6, -1, -1), False, ()),
    (3, SUITS_3, (5, 0, 0), (7, -1, -1), True, (0,)),
    (3, SUITS_3, (0, -2, 1), (2, -3, 0), True, (0,)),
    (3, SUITS_3, (-2, 6, 0), (0, 5, -1), False, ()),
    # TRUMPS_5: (157, 0, 0, 0, 0): seat 0 marks 3, the four others an apple each
    (5, TRUMPS_5, (3, 0, 0, 0, 0), (6, -1, -1, -1, -1), False, ()),
    (5, TRUMPS_5, (4, 0, 0, 0, 0), (7, -1, -1, -1, -1), True, (0,)),
    (5, TRUMPS_5, (0, 3, -3, 0, 0), (3, 2, -4, -1, -1), False, ()),
    (5, TRUMPS_5, (0, 4, -4, 0, 0), (3, 3, -5, -1, -1), True, (0, 1)),
])
def test_r_pomme_the_game_ends_at_plus_7_or_minus_3_or_minus_5(
        players, deal, scores, after, over, winners):
    game = PommeGame(players, deal=deal, dealer=players - 1, scores=scores)
    play_round(game)
    scored = next(e for e in game.events if isinstance(e, PommeRoundScored))
    assert scored.scores == after == game.scores
    assert scored.marks == tuple(a - s for a, s in zip(after, scores, strict=True))
    assert game.is_over is over and game.winners == winners
    if over:
        assert game.events[-1] == PommeGameOver(winners, after)
        assert game.phase is PommePhase.OVER and game.legal_actions() == []
        assert game.illegal_reason(Card.parse("HA")) is Reason.GAME_OVER
    else:
        assert game.round == 1 and game.phase is not PommePhase.OVER
    assert (POMME_WIN, POMME_LOSS) == (7, {2: -3, 3: -3, 5: -5})
    assert "the game ends at +7, or −3 (3 players) / −5 (5 players)" in POMME


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_the_dealer_passes_to_the_next_seat_each_round(players):
    game = random_pomme(players, seed=8)
    dealers = [e.dealer for e in game.events if isinstance(e, PommeDealt)]
    assert len(dealers) > 3
    assert dealers == [(dealers[0] + i) % players for i in range(len(dealers))]
    assert [e.round for e in game.events if isinstance(e, PommeDealt)] == list(range(len(dealers)))
    assert "the dealer passes to the next seat each round" in POMME


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_a_game_ends_with_the_best_scores_as_winners(players):
    for seed in range(6):
        game = random_pomme(players, seed)
        assert game.is_over
        scores = game.scores
        assert max(scores) >= POMME_WIN or min(scores) <= POMME_LOSS[players]
        assert game.winners == tuple(s for s in range(players) if scores[s] == max(scores))
        assert game.view(0).winners == game.winners


# -- view, clone, notation, refusals ---------------------------------------------------------------

def cards_in(value: object) -> set[Card]:
    """Every card a view holds, in any field, at any depth."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, CardSet):
        return set(value)
    if isinstance(value, tuple):
        return set().union(*map(cards_in, value)) if value else set()
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return set().union(*(cards_in(getattr(value, name)) for name in fields))
    return set()


def test_r_pomme_the_view_hides_other_hands_and_the_aside():
    fresh = PommeGame(3, deal=SUITS_3, dealer=2)
    for seat in range(3):
        assert cards_in(fresh.view(seat)) == set(fresh.hand(seat)) | {Card.parse("SA")}
    game = PommeGame(3, deal=SUITS_3, dealer=2)
    game.apply(Card.parse("H6"))
    game.apply(ASIDE)  # seat 1 takes the spades
    for seat in range(3):
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        assert cards_in(view) == (set(game.hand(seat)) | set(view.played) | {view.shown}
                                  | set(view.given_up))
    assert game.view(1).hand == CardSet.parse("S6 S7 S8 S9 ST SJ SQ SK SA")  # the aside, taken
    given_up = set(game.view(1).given_up)  # its old hand: known to it, out of play
    assert given_up and given_up <= set(game.out_of_play)
    assert not given_up & (cards_in(game.view(0)) | cards_in(game.view(2)))
    five = PommeGame(5, deal=ORDER_5, dealer=4)
    for seat in range(5):
        assert cards_in(five.view(seat)) == set(five.hand(seat)) | {Card.parse("SA")}
    with pytest.raises(ValueError, match="seat must be 0-2, not 3"):
        fresh.view(3)
    with pytest.raises(ValueError, match="seat must be 0-4, not 5"):
        PommeGame(5).hand(5)


def test_r_pomme_the_view_shows_the_round_as_it_goes():
    game = PommeGame(5, deal=TRUMPS_5, dealer=4)
    for _ in range(7):
        game.apply(first_card(game))
    view = game.view(2)
    assert view.players == 5 and view.round == 0 and view.dealer == 4
    assert len(view.tricks) == 1 and isinstance(view.tricks[0], PommeTrick)
    assert view.trick == tuple(cards("S9 H7"))
    assert view.round_points == (view.tricks[0].points, 0, 0, 0, 0) == (6, 0, 0, 0, 0)  # HK 4, DJ 2
    assert view.played == CardSet.parse("S8 H6 HK DJ S7 S9 H7")
    assert view.scores == (0, 0, 0, 0, 0) and view.winners == ()


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_a_clone_is_independent(players):
    game = PommeGame(players, seed=4)
    play_round(game)
    twin = game.clone()
    assert twin == game and twin.view(1) == game.view(1)
    events, hand = game.events, game.hand(game.current_player)
    while not twin.is_over:
        twin.apply(twin.legal_actions()[-1])
    assert game.events == events and game.hand(game.current_player) == hand
    assert not game.is_over and game != twin


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_notation_round_trip_at_every_step(players):
    rng = random.Random(players)
    game = PommeGame(players, seed=21)
    steps = 0
    while not game.is_over:
        text = dumps_events(game.events)
        if steps % 7 == 0:
            again = loads_pomme_game(text)
            assert again == game and again.view(0) == game.view(0)
            assert loads_any_game(text) == game
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    text = dumps_events(game.events)
    assert loads_pomme_game(text) == game
    cut = [i for i, e in enumerate(game.events) if isinstance(e, CardPlayed)][30]
    resumed = loads_any_game(dumps_events(game.events[:cut]))  # saved before a card
    assert isinstance(resumed, PommeGame) and resumed.events == game.events[:cut]
    scored = next(i for i, e in enumerate(game.events) if isinstance(e, PommeRoundScored))
    with pytest.raises(NotationError, match="events do not replay"):
        loads_any_game(dumps_events(game.events[:scored]))  # the last trick, its round unscored
    with pytest.raises(NotationError, match="a game of Pomme"):
        loads_game(text)
    chibre = Game(seed=2)
    with pytest.raises(NotationError, match="not a game of Pomme"):
        loads_pomme_game(dumps_events(chibre.events))
    assert loads_any_game(dumps_events(chibre.events)) == chibre


def test_r_pomme_notation_refuses_events_that_cannot_be():
    game = PommeGame(5, seed=3)
    text = dumps_events(game.events)
    assert text.startswith('{"format":1,"events":[{"type":"PommeStarted","players":5,')
    dealt = game.events[1]
    assert isinstance(dealt, PommeDealt)
    start = PommeStarted(3, 0, 0, (0, 0, 0))
    cases = [
        ([game.events[0], PommeDealt(0, 7, dealt.hands, dealt.aside, dealt.shown)],
         "field 'dealer': a seat is 0-4, not 7"),
        ([start, PommeDealt(0, 4, SUITS_3.hands, SUITS_3.aside, SUITS_3.shown)],
         "field 'dealer': a seat is 0-2, not 4"),
        ([start, PommeDealt(0, 0, (CardSet.parse("H6"),) * 3, CardSet(), Card.parse("SA"))],
         "field 'hands'"),
        ([PommeStarted(3, 0, 0, (0, 0))], "scores must be 3"),
        ([PommeStarted(4, 0, 0, (0, 0, 0, 0))], "Pomme is for 2, 3 or 5 players, not 4"),
        ([start, PommeTrickWon(1, 0, tuple(cards("H6 H7 H8 H9")), 0, 0)], "3 or 5 different"),
        ([start, PommeGameOver((3,), (7, 0, 0))], "field 'winners': a seat is 0-2, not 3"),
    ]
    for events, message in cases:
        with pytest.raises(NotationError, match=message):
            loads_pomme_game(dumps_events(events))
    tampered = [*game.events, CardPlayed(4, Card.parse("SA"))]
    with pytest.raises(NotationError, match="not a game of Pomme"):
        loads_pomme_game(dumps_events(tampered))


def test_r_pomme_from_events_refuses_events_that_do_not_replay():
    game = PommeGame(3, deal=SIX_3, dealer=2)
    game.apply(EXCHANGE)
    events = list(game.events)
    events[2] = SixExchanged(0, True)  # not the holder
    with pytest.raises(ValueError, match="events do not replay"):
        PommeGame.from_events(events)
    with pytest.raises(ValueError, match="must begin with PommeStarted"):
        PommeGame.from_events(Game().events)
    with pytest.raises(ValueError, match="must begin with GameStarted"):
        Game.from_events(game.events)


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_refused_actions_leave_the_game_unchanged(players):
    rng = random.Random(players * 7)
    game = PommeGame(players, seed=13)
    everything = [*PommeChoice, *CardSet.full()]
    refused = set()
    for _ in range(250):
        if game.is_over:
            break
        legal = game.legal_actions()
        events, views = game.events, [game.view(s) for s in range(players)]
        for action in everything:
            reason = game.illegal_reason(action)
            assert (reason is None) == (action in legal), action
            if reason is None:
                continue
            refused.add(reason)
            with pytest.raises(IllegalPlayError) as error:
                game.apply(action)
            assert error.value.reason is reason and error.value.action is action
            assert game.events == events
            assert [game.view(s) for s in range(players)] == views
        game.apply(rng.choice(legal))
    expected = {Reason.NOT_IN_HAND, Reason.NO_TRUMP_SIX}
    expected |= {Reason.ASIDE_AFTER_FIRST_CARD} if players == 3 else {Reason.NO_ASIDE}
    assert expected <= refused
    for action in (Trump.HEARTS, WeisChoice.ANNOUNCE, "HA"):
        with pytest.raises(TypeError, match="not an action of Pomme"):
            PommeGame(players).illegal_reason(action)  # type: ignore[arg-type]


def test_r_pomme_undo_takes_back_the_last_action():
    game = PommeGame(3, deal=SIX_3, dealer=2)
    game.apply(EXCHANGE)
    game.apply(first_card(game))
    game.apply(ASIDE)
    before = game.events
    game.undo()
    assert game.events == before[:-1] and game.current_player == 1
    game.undo()
    game.undo()
    assert game.phase is PommePhase.EXCHANGE
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


# -- invariants over random games (hypothesis) ----------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from(POMME_PLAYERS), seed=st.integers(0, 2**31))
def test_r_pomme_invariants_cards_points_and_scores(players, seed):
    """Every card once per round; the tricks' card points and those out of play make 152, the last
    trick adds 5; the scores move only by ``pomme_marks`` of the round's points."""
    game = random_pomme(players, seed)
    start = game.events[0]
    assert isinstance(start, PommeStarted)
    scores = start.scores
    for round_events in rounds_of(game.events):
        dealt = round_events[0]
        trump = Trump.of_suit(dealt.shown.suit)
        union = dealt.aside if players != 5 else CardSet([dealt.shown])
        for blinds in (e for e in round_events if isinstance(e, BlindsDealt)):
            union |= blinds.blinds[0] | blinds.blinds[1]
        for hand in dealt.hands:
            assert len(hand) == HAND_SIZE[players] and union.isdisjoint(hand)
            union |= hand
        assert union == CardSet.full()
        played = [e.card for e in round_events if isinstance(e, CardPlayed)]
        assert len(played) == len(set(played))
        tricks = [e for e in round_events if isinstance(e, PommeTrickWon)]
        assert [c for t in tricks for c in t.cards] == played[:len(tricks) * players]
        scored = next((e for e in round_events if isinstance(e, PommeRoundScored)), None)
        if scored is None:
            continue  # the round the game stopped in (never: a game ends after a round)
        assert len(played) == players * HAND_SIZE[players] == len(tricks) * players
        out = CardSet.full() - CardSet(played)
        assert len(out) == 36 - len(played)
        card_points = sum(trick_points(t.cards, trump) for t in tricks)
        assert card_points + trick_points(out, trump) == 152
        assert [t.points - trick_points(t.cards, trump) for t in tricks] == \
            [0] * (len(tricks) - 1) + [5]
        assert sum(scored.points) + trick_points(out, trump) == 157
        assert scored.marks == pomme_marks(scored.points)
        scores = tuple(s + m for s, m in zip(scores, scored.marks, strict=True))
        assert scored.scores == scores
        exchanges = [e for e in round_events if isinstance(e, SixExchanged)]
        asides = [e for e in round_events if isinstance(e, AsideTaken)]
        assert len(exchanges) <= 1 and len(asides) <= (1 if players == 3 else 0)
    assert game.is_over and game.scores == scores
    assert max(scores) >= POMME_WIN or min(scores) <= POMME_LOSS[players]
    ends = [s for s in _scores_after_each_round(game) if
            max(s) >= POMME_WIN or min(s) <= POMME_LOSS[players]]
    assert ends == [game.scores]  # the game ended at the first round that reached an end


def _scores_after_each_round(game: PommeGame) -> list[tuple[int, ...]]:
    return [e.scores for e in game.events if isinstance(e, PommeRoundScored)]


# -- the one rule of play: Pomme's path and Chibre's --------------------------------------------

def _chibre_positions(count: int, seed: int):
    """(game, hand, trick, trump) at card-play positions of random Chibre games (4 players)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        game = Game(seed=rng.randrange(1 << 30))
        for _ in range(400):
            if game.is_over or found >= count:
                break
            if game.phase is Phase.PLAY:
                view = game.view(game.current_player)
                assert view.trump is not None
                yield game, view.hand, list(view.trick), view.trump
                found += 1
            actions = game.legal_actions()
            game.apply(actions[int(rng.random() * len(actions))])
            if game.phase is Phase.WEIS:
                game.apply(WeisChoice.WITHHOLD)


def test_r_pomme_the_shared_rule_of_play_equals_the_chibre_path_on_4_player_positions():
    """The rule Pomme plays by (``engine.play`` for 3 and 5 players) gives, on 4-player positions
    of the Chibre ``Game``, the legal cards and reasons the Chibre path gives: the number of
    players only bounds the trick's length."""
    positions = 0
    for game, hand, trick, trump in _chibre_positions(3_000, seed=20):
        chibre = set(game.legal_actions())
        sizes = [4, 5] + ([3] if len(trick) <= 2 else [])
        for players in sizes:
            assert set(legal_cards(hand, trick, trump, players=players)) == chibre
            for card in hand:
                assert illegal_reason(card, hand, trick, trump, players=players) == \
                    game.illegal_reason(card)
        assert chibre == reference_legal(hand, trick, trump)
        positions += 1
    assert positions == 3_000


def test_r_pomme_the_shared_trick_winner_equals_the_chibre_path_on_4_player_tricks():
    rng = random.Random(22)
    tricks = 0
    while tricks < 1_000:
        game = Game(seed=rng.randrange(1 << 30))
        while not game.is_over and tricks < 1_000:
            actions = game.legal_actions()
            game.apply(actions[int(rng.random() * len(actions))])
            won = game.events[-1]
            if isinstance(won, TrickWon):
                trump = game.view(0).trump
                assert trump is not None
                index = (won.winner - won.leader) % 4
                assert trick_winner(won.cards, trump) == index
                assert trick_winner(won.cards, trump, players=5) == index
                # the first three cards: the winner of a 3-card trick of Pomme
                assert trick_winner(won.cards[:3], trump, players=3) == \
                    reference_winner(list(won.cards[:3]), trump)
                tricks += 1


@pytest.mark.parametrize("players", POMME_PLAYERS)
def test_r_pomme_legal_cards_in_a_game_equal_the_reference(players):
    """Pomme's positions (3 and 5 players) against the slow reference written from RULES.md."""
    rng = random.Random(players)
    checked = 0
    for seed in range(15):
        game = PommeGame(players, seed=seed)
        while not game.is_over and game.round < 3:
            if game.phase is PommePhase.PLAY:
                view = game.view(game.current_player)
                got = {a for a in game.legal_actions() if isinstance(a, Card)}
                assert got == reference_legal(view.hand, list(view.trick), view.trump)
                assert got == set(legal_cards(view.hand, view.trick, view.trump, players=players))
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 500


def test_r_pomme_seeded_games_write_every_pomme_event_and_read_them_back():
    from engine.events import POMME_EVENT_TYPES
    seen = set()
    for players in POMME_PLAYERS:
        for seed in range(3):
            game = random_pomme(players, seed)
            assert loads_pomme_game(dumps_events(game.events)) == game
            seen |= {type(e) for e in game.events}
            seen |= {(e.exchanged, players) for e in game.events if isinstance(e, SixExchanged)}
    assert set(POMME_EVENT_TYPES) <= seen
    assert {(True, 3), (False, 3), (True, 5), (False, 5)} <= seen


def test_r_pomme_three_apples_of_three_is_an_apple_each_and_no_mark():
    """A round that happens (p20content found it): seat 0 gives up a rich hand for the aside
    and only 55 points stay in play, all three players end under 21 — a round, not an error."""
    deal = PommeDeal.parse(["H9 HT HJ HK HA DA CA ST SA", "H8 D8 DK C8 C9 CQ S7 SJ SK",
                            "D9 DT DQ C6 CJ CK S6 S8 SQ"], "H6 H7 HQ D6 D7 DJ C7 CT S9", "H6")
    game = PommeGame(3, deal=deal, dealer=2)  # the shown card is the 6 itself: no exchange
    assert game.phase is PommePhase.PLAY and game.current_player == 0
    game.apply(PommeChoice.TAKE_ASIDE)
    played = "C7 CQ CK DT H7 H8 C9 CJ CT SQ H6 SK D6 D8 D9 S8 S9 S7 DJ DK DQ C8 C6 D7 SJ S6 HQ"
    for code in played.split():
        game.apply(Card.parse(code))
    assert game.scores == (-1, -1, -1) and game.round == 1
    assert pomme_marks((17, 19, 19)) == (-1, -1, -1)
