"""engine.pomme.coach: every legal action valued best first, reason tags from explicit checks,
the advice says only reasons for its choice (R-POMME)."""

from __future__ import annotations

import pytest

from engine import (
    Card,
    CardSet,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    PommeTag,
    make_pomme_bot,
    pomme_advise,
    pomme_assess,
)
from engine.pomme.coach import CLOSE, action_tags, advise, assess, card_tags, reasons_bench
from engine.pomme.expert import PommeBudget
from engine.pomme.position import PommePosition

SMALL = PommeBudget(worlds=6, exact_worlds=4, start_worlds=6)
WEAK = PommeDeal.parse(
    ["D6 D7 D8 C6 C7 C8 S6 S7 S8", "HJ H9 HK DA DK DQ CA CK CQ", "HQ HT H8 H7 DJ DT D9 CJ CT"],
    "HA H6 C9 SA SK SQ SJ ST S9", "HA")


def test_the_engine_exports_the_coach_under_pomme_names():
    assert pomme_assess is assess and pomme_advise is advise


@pytest.mark.parametrize("players", [3, 5])
def test_assess_values_every_legal_action_best_first(players):
    game = PommeGame(players, seed=6)
    bots = [make_pomme_bot("heuristic", s) for s in range(players)]
    checked = 0
    while game.round == 0:
        view = game.view(game.current_player)
        if len(view.legal_actions) > 1 and checked < 6:
            found = assess(view, SMALL)
            assert {a.action for a in found} == set(view.legal_actions)
            assert [a.value for a in found] == sorted((a.value for a in found), reverse=True)
            assert all(0 <= a.apple <= 1 and a.points >= view.round_points[view.seat]
                       for a in found)
            checked += 1
        game.apply(bots[view.seat].choose_action(view))
    assert checked == 6


def test_assess_refuses_a_seat_not_to_move_and_is_empty_once_over():
    game = PommeGame(3, seed=2)
    with pytest.raises(ValueError, match="is not to move"):
        assess(game.view((game.current_player + 1) % 3))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert assess(game.view(0)) == []


def test_the_aside_of_a_weak_hand_is_recommended_with_its_reason():
    game = PommeGame(3, deal=WEAK, dealer=2)
    found = assess(game.view(0), SMALL)
    assert found[0].action is PommeChoice.TAKE_ASIDE
    advice = advise(game.view(0), found)
    assert PommeTag.TAKE_ASIDE_WEAK_HAND in advice.supporting
    assert all(PommeTag.KEEP_STRONG_HAND not in a.tags for a in found)


def test_a_strong_hand_keeps_it_with_its_reason():
    strong = PommeDeal(tuple(WEAK.hands[i] for i in (1, 0, 2)), WEAK.aside, WEAK.shown)
    game = PommeGame(3, deal=strong, dealer=2)
    tags = action_tags(game.view(0))
    assert tags[PommeChoice.TAKE_ASIDE] == ()
    assert all(PommeTag.KEEP_STRONG_HAND in t for a, t in tags.items() if isinstance(a, Card))


def test_the_6_exchange_carries_its_reason_and_keeping_it_only_for_the_aside():
    hands = tuple(CardSet.parse(h) for h in ("H6 HJ H9 DA DK CA CK SA SK",
                                             "D6 D7 D8 C6 C7 C8 S6 S7 S8",
                                             "HQ HT H8 H7 DJ DT D9 CJ CT"))
    deal = PommeDeal(hands, CardSet.parse("HA HK DQ CQ C9 SQ SJ ST S9"), Card.parse("HA"))
    game = PommeGame(3, deal=deal, dealer=2)
    assert game.phase is PommePhase.EXCHANGE
    found = assess(game.view(0), SMALL)
    assert found[0].action is PommeChoice.EXCHANGE_SIX
    assert found[0].tags == (PommeTag.EXCHANGE_SIX,)
    assert dict((a.action, a.tags) for a in found)[PommeChoice.KEEP_SIX] == ()


def _position(deal, cards, dealer=2):
    game = PommeGame(3, deal=deal, dealer=dealer)
    for code in cards:
        game.apply(Card.parse(code))
    return PommePosition(game.view(game.current_player))


FOLLOW = PommeDeal.parse(
    ["DJ D7 D8 C6 C7 C8 S6 S7 S8", "D6 H9 HK CA CK CQ SA SK SQ", "H7 HQ HT H8 CJ CT C9 SJ ST"],
    "HA H6 HJ D9 DT DQ DK DA S9", "HA")


def test_win_cheaply_and_avoid_apple_for_the_cheapest_sure_trump():
    pos = _position(FOLLOW, ["DJ", "D6"])
    seven = Card.parse("H7").index
    assert PommeTag.WIN_CHEAPLY in card_tags(pos, seven)
    assert PommeTag.AVOID_APPLE in card_tags(pos, seven)
    assert PommeTag.WIN_CHEAPLY not in card_tags(pos, Card.parse("HQ").index)


VOID = PommeDeal.parse(
    ["DA D7 D8 CA C7 C8 S6 S7 S8", "D6 H9 HK C6 CK CQ SA SK SQ", "H7 HQ HT H8 CJ CT C9 SJ ST"],
    "HA H6 HJ D9 DT DQ DK DJ S9", "HA")


def test_cannot_win_discard_low_and_points_given_away():
    pos = _position(VOID, ["D7", "D6", "H7", "H8"])  # seat 2 leads trump; seat 0 has none
    assert pos.seat == 0
    low, ace = Card.parse("C7").index, Card.parse("CA").index
    assert PommeTag.CANNOT_WIN_DISCARD_LOW in card_tags(pos, low)
    assert PommeTag.CANNOT_WIN_DISCARD_LOW not in card_tags(pos, ace)
    assert PommeTag.POINTS_GIVEN_AWAY in card_tags(pos, ace)
    assert PommeTag.POINTS_GIVEN_AWAY not in card_tags(pos, low)


def test_will_be_trumped_a_plain_ace_led_into_a_seat_that_showed_no_diamonds():
    pos = _position(VOID, ["D7", "D6", "CJ"])  # seat 2 throws a club: it has no diamonds
    assert pos.seat == 0 and pos.k == 0
    ace = card_tags(pos, Card.parse("DA").index)
    assert PommeTag.WILL_BE_TRUMPED in ace and PommeTag.SURE_LEAD not in ace
    assert PommeTag.WILL_BE_TRUMPED not in card_tags(pos, Card.parse("S8").index)


@pytest.mark.parametrize("players", [3, 5])
def test_advise_says_only_supporting_tags_and_against_tags_of_the_learners_choice(players):
    game = PommeGame(players, seed=11)
    bots = [make_pomme_bot("heuristic", s) for s in range(players)]
    while game.round == 0:
        view = game.view(game.current_player)
        if len(view.legal_actions) > 1:
            found = assess(view, SMALL)
            hint = advise(view, found)
            assert hint.action == found[0].action and not hint.is_learners
            assert all(t.supports for t in hint.supporting)
            assert hint.other is not None and hint.lost >= 0
            assert all(found[0].value - found[i].value < CLOSE
                       for i, a in enumerate(found) if a.action in hint.equal)
            worst = found[-1]
            review = advise(view, found, worst.action)
            assert review.against == tuple(t for t in worst.tags if not t.supports)
        game.apply(bots[view.seat].choose_action(view))


def test_advise_refuses_nothing_assessed_and_a_choice_not_assessed():
    game = PommeGame(3, seed=1)
    with pytest.raises(ValueError, match="nothing to advise"):
        advise(game.view(game.current_player), [])
    view = game.view(game.current_player)
    found = assess(view, SMALL)
    with pytest.raises(ValueError, match="not one of the assessed"):
        advise(view, found, PommeChoice.KEEP_SIX)


def test_the_reasons_bench_counts_hints_and_no_hint_contradicts_itself():
    figures = reasons_bench(3, 6, seed=2, budget=SMALL)
    assert figures.positions == 6 and figures.contradicting == 0
    assert len(figures.times) == 6 and figures.tagged <= 6


def test_lead_low_and_play_low_without_a_sure_winner():
    lead = _position(FOLLOW, [])  # seat 0 leads and holds no trump: nothing is sure
    assert PommeTag.LEAD_LOW in card_tags(lead, Card.parse("D7").index)
    assert PommeTag.LEAD_LOW not in card_tags(lead, Card.parse("DJ").index)
    follow = _position(FOLLOW, ["D7"])  # seat 1 may trump, but seat 2 may overtrump
    assert PommeTag.NO_SURE_WIN_PLAY_LOW in card_tags(follow, Card.parse("D6").index)
    assert PommeTag.NO_SURE_WIN_PLAY_LOW not in card_tags(follow, Card.parse("HK").index)
