"""The Game: R-SEATS, R-DEAL, R-TRUMP-*, R-CHIBRE, R-LEAD, R-POINTS, R-MATCH,
R-PIQUE-DOUBLE, R-TARGET, R-FINISH; checked actions, views, replay."""

from __future__ import annotations

import copy
import dataclasses
import enum
import random

import pytest

from engine import (
    CHIBRE,
    Card,
    CardSet,
    Game,
    IllegalPlayError,
    InvalidDealError,
    Phase,
    Reason,
    Rules,
    RulesError,
    Trump,
    WeisChoice,
    trick_points,
)
from engine.chibre.game import cut_deck, deal_deck, shuffled_deal
from engine.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon, TrumpChosen
from engine.replay import copied_state
from tests.engine_helpers import SUITS_DEAL, deal, play_out, suits_game


def round_scored(game: Game) -> list[RoundScored]:
    return [e for e in game.events if isinstance(e, RoundScored)]


# -- seats and deal ----------------------------------------------------------------------

def test_r_seats_play_goes_to_the_next_seat_and_partners_are_opposite():
    game = Game(seed=3)
    play_out(game)
    played = [e.seat for e in game.events if isinstance(e, CardPlayed)]
    for trick in range(9):
        seats = played[4 * trick : 4 * trick + 4]
        assert seats == [(seats[0] + i) % 4 for i in range(4)]
    assert game.view(0).team == game.view(2).team == 0
    assert game.view(1).team == game.view(3).team == 1


def test_r_deal_three_cards_at_a_time_from_the_dealers_right():
    hands = deal_deck(list(range(36)), dealer=0)
    assert CardSet.from_mask(hands[1]) == CardSet(
        Card.from_index(i) for i in (0, 1, 2, 12, 13, 14, 24, 25, 26))
    assert CardSet.from_mask(hands[0]) == CardSet(
        Card.from_index(i) for i in (9, 10, 11, 21, 22, 23, 33, 34, 35))


@pytest.mark.parametrize("dealer", range(4))
def test_r_deal_the_named_dealer_deals_the_first_round(dealer):
    game = Game(seed=6, dealer=dealer)
    dealt = game.events[1]
    assert isinstance(dealt, Dealt) and dealt.dealer == dealer == game.view(0).dealer
    cut, hands = shuffled_deal(6, 0, dealer)
    assert dealt.cut == cut and [h.mask for h in dealt.hands] == hands


def test_r_deal_cut_keeps_at_least_two_cards_in_each_part():
    deck = list(range(36))
    assert cut_deck(deck, 2) == deck[2:] + deck[:2]
    for bad in (0, 1, 35, 36):
        with pytest.raises(ValueError, match="at least 2"):
            cut_deck(deck, bad)
    cuts = {shuffled_deal(seed, 0, 0)[0] for seed in range(300)}
    assert min(cuts) >= 2 and max(cuts) <= 34


def test_r_deal_seeded_deals_are_reproducible_and_partition_the_deck():
    for seed in range(50):
        first = Game(seed=seed).events[1]
        assert isinstance(first, Dealt)
        assert first == Game(seed=seed).events[1]
        union = CardSet()
        for hand in first.hands:
            assert len(hand) == 9 and union.isdisjoint(hand)
            union |= hand
        assert union == CardSet.full()
    assert Game(seed=1).events[1] != Game(seed=2).events[1]


def test_a_fixed_deal_may_be_given_as_codes_and_scores_must_be_below_the_target():
    game = Game(deal=[str(hand) for hand in SUITS_DEAL], scores=(500, 999))
    assert game.hand(2) == SUITS_DEAL[2] and game.scores == (500, 999)
    for scores in [(1000, 0), (-5, 0), (0, 0, 0)]:
        with pytest.raises(ValueError, match="scores must be"):
            Game(scores=scores)


def test_fixed_deal_problems_are_all_listed_at_once():
    bad = deal("H6 H7 H8 H9 HT HJ HQ HK HA", "H6 C7", "D6 D7 D8 D9 DT DJ DQ DK DA", "")
    with pytest.raises(InvalidDealError) as error:
        Game(deal=bad)
    problems = error.value.problems
    assert "seat 1 has 2 cards, not 9" in problems
    assert "seat 3 has 0 cards, not 9" in problems
    assert "H6 is in seat 0 and seat 1" in problems
    assert any(p.startswith("missing cards: C6 C8") for p in problems)


# -- choosing trump ----------------------------------------------------------------------

@pytest.mark.parametrize("card", ["D7", "H7"])
def test_r_trump_first_the_holder_of_the_seven_chooses(card):
    for seed in range(20):
        game = Game(Rules(first_trump_card=card), seed=seed)
        assert Card.parse(card) in game.hand(game.current_player)
        assert game.phase is Phase.TRUMP


def test_r_trump_next_the_next_seat_chooses_and_the_previous_chooser_deals():
    game = Game(seed=5)
    first = game.current_player
    game.apply(CHIBRE)  # the rotation follows the chooser, not who named trump
    game.apply(Trump.CLUBS)
    play_out(game)
    assert game.current_player == (first + 1) % 4
    dealt = [e for e in game.events if isinstance(e, Dealt)]
    assert dealt[1].dealer == first


def test_r_chibre_passes_the_choice_to_the_partner_once():
    game = Game(seed=8)
    chooser = game.current_player
    assert CHIBRE in game.legal_actions()
    game.apply(CHIBRE)
    assert game.current_player == (chooser + 2) % 4
    assert CHIBRE not in game.legal_actions()
    with pytest.raises(IllegalPlayError) as error:
        game.apply(CHIBRE)
    assert error.value.reason is Reason.CHIBRE_ONLY_ONCE
    game.apply(Trump.HEARTS)
    assert game.events[-1] == TrumpChosen((chooser + 2) % 4, Trump.HEARTS, chibred=True)


def test_r_chibre_option_forbids_it_in_the_first_round_only():
    game = Game(Rules(chibre_in_first_round=False), seed=8)
    assert CHIBRE not in game.legal_actions()
    with pytest.raises(IllegalPlayError) as error:
        game.apply(CHIBRE)
    assert error.value.reason is Reason.CHIBRE_NOT_IN_FIRST_ROUND
    game.apply(Trump.SPADES)
    play_out(game)
    assert CHIBRE in game.legal_actions()


def test_r_lead_the_chooser_leads_even_after_chibre():
    game = Game(seed=9)
    chooser = game.current_player
    game.apply(CHIBRE)
    game.apply(Trump.DIAMONDS)
    assert game.current_player == chooser
    assert game.view(0).leader == chooser


def test_trump_choice_offers_the_four_suits_only_in_the_chibre_profile():
    game = Game(seed=1)
    assert game.legal_actions() == [Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES,
                                     CHIBRE]
    with pytest.raises(IllegalPlayError) as error:
        game.apply(Trump.OBENABE)
    assert error.value.reason is Reason.TRUMP_NOT_IN_PROFILE


# -- scoring -----------------------------------------------------------------------------

def test_r_points_each_round_scores_157_with_the_last_trick():
    game = Game(seed=12)
    for _ in range(3):
        game.apply(Trump.CLUBS)
        play_out(game)
    for scored in round_scored(game):
        assert sum(scored.cards) + sum(scored.match) in (157, 257)
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    assert len(tricks) == 27
    for trick in tricks:
        last = trick.number == 9
        assert trick.points == trick_points(trick.cards, Trump.CLUBS, last=last)
    team_cards = [0, 0]
    for trick in tricks[:9]:
        team_cards[trick.winner % 2] += trick.points
    assert tuple(team_cards) == round_scored(game)[0].cards


def test_r_match_all_nine_tricks_score_257():
    game = suits_game(Trump.DIAMONDS)  # seat 2 holds every trump and leads them
    play_out(game)
    scored = round_scored(game)[0]
    assert scored.cards == (157, 0)
    assert scored.match == (100, 0)
    assert scored.stoeck == (20, 0)
    assert scored.total == (277, 0)


def test_r_pique_double_doubles_the_round_and_sets_1500():
    rules = Rules(pique_double=True)
    assert rules.target == 1500
    assert Rules().replace(pique_double=True).target == 1500
    game = Game(rules, deal=SUITS_DEAL, dealer=0)
    game.apply(CHIBRE)          # seat 2 passes to seat 0
    game.apply(Trump.SPADES)    # spades: seat 3 holds them all
    play_out(game)
    scored = round_scored(game)[0]
    assert scored.multiplier == 2
    assert sum(scored.cards) + sum(scored.match) == 2 * 257


def test_pique_double_leaves_other_trumps_single():
    game = suits_game(Trump.DIAMONDS, Rules(pique_double=True))
    play_out(game)
    assert round_scored(game)[0].multiplier == 1


# -- end of the game ---------------------------------------------------------------------

def test_r_target_default_1000_and_other_targets():
    assert Rules().target == 1000
    assert Rules(target=2500).target == 2500
    with pytest.raises(RulesError):
        Rules(target=0)
    for seed in range(5):
        game = Game(seed=seed)
        while not game.is_over:
            play_out(game)
        assert max(game.scores) >= 1000
        assert game.scores[game.winner] >= 1000
        assert isinstance(game.events[-1], GameOver)


def test_r_finish_default_ends_the_moment_the_target_is_reached():
    game = suits_game(Trump.DIAMONDS, scores=(990, 0))
    play_out(game)
    assert game.is_over and game.winner == 0
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    assert len(tricks) < 9  # stopped mid-round
    assert round_scored(game)[-1].complete is False
    assert game.legal_actions() == []
    with pytest.raises(IllegalPlayError) as error:
        game.apply(Card.parse("H6"))
    assert error.value.reason is Reason.GAME_OVER


def test_r_finish_round_option_plays_the_round_out_and_the_higher_total_wins():
    game = suits_game(Trump.DIAMONDS, Rules(finish_round=True), scores=(900, 990))
    play_out(game)
    assert game.is_over
    assert len([e for e in game.events if isinstance(e, TrickWon)]) == 9
    assert game.winner == 0 and game.scores == (900 + 277, 990)


def test_r_finish_round_a_tie_above_the_target_plays_another_round():
    game = Game(Rules(finish_round=True, target=1000), deal=SUITS_DEAL, scores=(723, 1000))
    game.apply(Trump.DIAMONDS)
    play_out(game)  # team 0 scores 277: 1000 all
    assert game.scores == (1000, 1000)
    assert not game.is_over and game.round == 1


@pytest.mark.parametrize(
    ("scores", "target", "in_rubicon"),
    [
        ((990, 400), 1000, (1,)),  # the losers end below 500
        ((990, 500), 1000, ()),  # exactly half is out of it
        ((990, 499), 1000, (1,)),
        ((1400, 700), 1500, (1,)),  # pique double: half of 1500
        ((1400, 760), 1500, ()),
    ],
)
def test_r_rubicon_a_team_ending_below_half_the_target_is_named(
    scores: tuple[int, int], target: int, in_rubicon: tuple[int, ...]
) -> None:
    game = suits_game(Trump.DIAMONDS, Rules(target=target), scores=scores)
    assert game.rubicon == ()  # only a game that is over has a Rubicon
    play_out(game)  # team 0 takes every trick from the first and reaches the target
    assert game.is_over and game.winner == 0
    assert game.scores[1] == scores[1]
    assert game.rubicon == in_rubicon


# -- the checked boundary, views, replay -------------------------------------------------

def test_illegal_action_raises_with_reason_and_leaves_the_game_unchanged():
    game = suits_game(Trump.DIAMONDS)
    game.apply(WeisChoice.WITHHOLD)
    game.apply(Card.parse("D6"))        # seat 2 leads a trump
    game.apply(WeisChoice.WITHHOLD)     # seat 3 holds a run of spades
    before = game.events
    with pytest.raises(IllegalPlayError) as error:
        game.apply(Card.parse("HA"))    # seat 3 does not hold it
    assert error.value.reason is Reason.NOT_IN_HAND
    with pytest.raises(IllegalPlayError) as error:
        game.apply(Trump.HEARTS)
    assert error.value.reason is Reason.NOT_YOUR_PHASE
    with pytest.raises(TypeError):
        game.apply("SA")  # type: ignore[arg-type]
    assert game.events == before


def test_illegal_card_carries_the_rule_reason():
    hands = deal("HA H6 S7 C6 C7 C8 D6 D8 D9", "HK HQ SA SK SQ SJ ST S9 S8",
                 "H7 D7 C9 CT CJ CQ CK CA S6", "H8 H9 HT HJ DT DJ DQ DK DA")
    game = Game(deal=hands, dealer=1)
    assert game.current_player == 2
    game.apply(Trump.SPADES)
    game.apply(WeisChoice.WITHHOLD)     # seat 2 holds clubs 9 to ace
    game.apply(Card.parse("H7"))        # seat 2 leads hearts
    game.apply(WeisChoice.WITHHOLD)     # seat 3 holds hearts and diamonds runs
    with pytest.raises(IllegalPlayError) as error:
        game.apply(Card.parse("DT"))    # seat 3 holds hearts
    assert error.value.reason is Reason.MUST_FOLLOW_SUIT
    assert game.legal_actions() == [Card.parse(c) for c in ("H8", "H9", "HT", "HJ")]


def test_legal_actions_are_sorted_and_never_empty_until_the_end():
    game = Game(seed=21)
    while not game.is_over:
        actions = game.legal_actions()
        assert actions
        if isinstance(actions[0], Card):
            assert actions == sorted(actions)
        game.apply(actions[-1])


def test_view_shows_only_what_the_seat_may_know():
    game = Game(seed=4)
    game.apply(Trump.HEARTS)
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        assert view.seat == seat and view.trump is Trump.HEARTS
        assert (view.legal_actions != ()) == (seat == game.current_player)
    fields = set(game.view(0).__dataclass_fields__)
    assert "hands" not in fields and "events" not in fields


def test_replaying_the_events_gives_an_equal_game():
    game = Game(seed=30)
    while not game.is_over:
        play_out(game, weis=WeisChoice.ANNOUNCE)
    rebuilt = Game.from_events(game.events)
    assert rebuilt == game
    assert rebuilt.scores == game.scores and rebuilt.winner == game.winner
    with pytest.raises(ValueError, match="do not replay"):
        Game.from_events([*game.events[:-1], GameOver(1 - game.winner, game.scores)])


def test_clone_is_independent():
    game = Game(seed=31)
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != game and len(game.events) == len(twin.events) - 1
    game.apply(game.legal_actions()[0])
    assert twin == game


def mutable_parts(value: object, found: dict[int, object] | None = None) -> dict[int, object]:
    """Every object reachable from ``value`` that can change in place, by id: lists, dicts,
    sets, and objects whose attributes can be set (not frozen dataclasses, enums, cards)."""
    found = {} if found is None else found
    if id(value) in found or isinstance(value, (int, float, str, bytes, type(None), enum.Enum)):
        return found
    children: list[object] = []
    if isinstance(value, (list, set, dict, bytearray)):
        found[id(value)] = value
        children = [*value.keys(), *value.values()] if isinstance(value, dict) else [*value]
    elif isinstance(value, (tuple, frozenset)):
        children = list(value)
    elif dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif hasattr(value, "__dict__"):
        found[id(value)] = value
        children = list(vars(value).values())
    elif not isinstance(value, (Card, CardSet)):
        raise AssertionError(f"mutable_parts does not know {type(value).__name__}")
    for child in children:
        mutable_parts(child, found)
    return found


def test_a_clone_shares_nothing_mutable_with_its_game_at_every_step():
    """Game.clone copies the whole state: whatever attribute the game has or gains, none of
    its lists, dicts or objects is the same object in the clone (rounds 1 and 2, then the end)."""
    rng = random.Random(34)
    game = Game(seed=34)
    steps = 0
    while not game.is_over:
        if game.round < 2 or steps % 50 == 0:
            twin = game.clone()
            assert vars(twin).keys() == vars(game).keys() and twin == game
            shared = mutable_parts(game).keys() & mutable_parts(twin).keys()
            assert not shared, [type(mutable_parts(game)[i]).__name__ for i in shared]
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    twin = game.clone()
    assert not mutable_parts(game).keys() & mutable_parts(twin).keys()


def test_the_sharing_check_sees_a_shallow_copy():
    game = Game(seed=35)
    game.apply(game.legal_actions()[0])
    assert mutable_parts(game).keys() & mutable_parts(copy.copy(game)).keys()


def test_changing_a_clone_never_changes_its_game():
    game = Game(seed=36)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    events, views = game.events, [game.view(s) for s in range(4)]
    twin = game.clone()
    vars(twin)["extra"] = ["a new attribute"]
    while not twin.is_over:
        twin.apply(twin.legal_actions()[-1])
    assert game.events == events and [game.view(s) for s in range(4)] == views
    assert not hasattr(game, "extra")


def test_the_state_copy_refuses_a_kind_of_value_it_cannot_copy():
    class Note:
        pass

    with pytest.raises(TypeError, match="Note"):
        copied_state({"notes": [Note()]})
    with pytest.raises(TypeError, match="set"):
        copied_state([{1, 2}])
    with pytest.raises(TypeError, match="tuple"):
        copied_state(([1],))


def test_undo_restores_the_state():
    game = Game(seed=32)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    before = game.clone()
    views = [game.view(s) for s in range(4)]
    game.apply(game.legal_actions()[-1])
    game.undo()
    assert game == before
    assert [game.view(s) for s in range(4)] == views
    fresh = Game(seed=1)
    with pytest.raises(ValueError, match="nothing to undo"):
        fresh.undo()
