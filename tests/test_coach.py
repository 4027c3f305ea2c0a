"""engine.chibre.coach: every reason tag has a position where it holds and one where it does not;
assess ranks legal choices; mistake measures against the best; advise says only reasons for its
choice, and each Difference holds on a position made for it and not on its reverse; weis_advice
follows R-WEIS-BEST."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHIBRE, Card, CardSet, Game, Phase, Rules, Trump, WeisChoice
from engine.cards import ALL_CARDS
from engine.chibre.bots import Budget, decide, make_bot
from engine.chibre.bots.position import Position
from engine.chibre.coach import (
    Difference,
    Tag,
    WeisReason,
    advise,
    assess,
    card_differences,
    card_tags,
    mistake,
    trump_tags,
    weis_advice,
)

SMALL = Budget(worlds=3, depth=1, exact=2, deep_worlds=2)


def build(fixed: dict[int, str], exclude: dict[int, str] | None = None) -> list[CardSet]:
    """A deal holding the ``fixed`` cards; the rest dealt in deck order, the seats
    with an ``exclude`` (suit letters they get none of) served first."""
    exclude = exclude or {}
    hands = [list(CardSet.parse(fixed.get(s, ""))) for s in range(4)]
    rest = [c for c in ALL_CARDS if not any(c in hand for hand in hands)]
    for seat in sorted(range(4), key=lambda s: -len(exclude.get(s, ""))):
        for card in [c for c in rest if str(c)[0] not in exclude.get(seat, "")]:
            if len(hands[seat]) == 9:
                break
            hands[seat].append(card)
            rest.remove(card)
    return [CardSet(hand) for hand in hands]


def position(fixed: dict[int, str], plays: str = "", trump: Trump = Trump.SPADES,
             exclude: dict[int, str] | None = None) -> Position:
    """Seat 0 holds D7, names ``trump`` and leads; ``plays`` are played in turn."""
    game = Game(deal=build(fixed, exclude))
    assert game.current_player == 0
    game.apply(trump)
    for code in plays.split():
        if game.phase is Phase.WEIS:
            game.apply(game.legal_actions()[1])
        game.apply(Card.parse(code))
    if game.phase is Phase.WEIS:
        game.apply(game.legal_actions()[1])
    return Position(game.view(game.current_player))


def tags(pos: Position, code: str) -> tuple[Tag, ...]:
    card = Card.parse(code).index
    assert pos.legal >> card & 1, f"{code} is not legal here"
    return card_tags(pos, card)


def test_partner_winning_give_points():
    pos = position({0: "D7 H6", 1: "HA", 2: "H7", 3: "HT H8"}, "H6 HA H7")
    assert Tag.PARTNER_WINNING_GIVE_POINTS in tags(pos, "HT")
    assert Tag.PARTNER_WINNING_GIVE_POINTS not in tags(pos, "H8")
    rival = position({0: "D7 H6", 1: "HK", 2: "HA", 3: "HT H8"}, "H6 HK HA")
    assert Tag.PARTNER_WINNING_GIVE_POINTS not in tags(rival, "HT")


def test_win_cheaply():
    pos = position({0: "D7 H6 H7", 1: "H8 HT", 2: "H9 HJ HQ", 3: "HK HA"}, "H6 H8 H9",
                   exclude={3: "S"})
    assert Tag.WIN_CHEAPLY in tags(pos, "HK")
    assert Tag.WIN_CHEAPLY not in tags(pos, "HA")


def test_will_be_trumped():
    # Seat 1 shows it has no club; seat 2 wins the trick and leads again.
    pos = position({0: "D7 C6", 1: "H6 S6", 2: "CQ CA H9", 3: "C7"}, "C6 H6 CQ C7",
                   exclude={1: "C"})
    assert pos.seat == 2
    assert Tag.WILL_BE_TRUMPED in tags(pos, "CA")
    assert Tag.WILL_BE_TRUMPED not in tags(pos, "H9")


def test_pull_trumps():
    pos = position({0: "D7 SJ H6"})
    assert Tag.PULL_TRUMPS in tags(pos, "SJ")
    assert Tag.PULL_TRUMPS not in tags(pos, "H6")


def test_keep_buur():
    spare = position({0: "D7 H6", 1: "HA", 2: "H7", 3: "SJ S6"}, "H6 HA H7",
                     exclude={3: "H"})
    assert Tag.KEEP_BUUR in tags(spare, "SJ")
    assert Tag.KEEP_BUUR not in tags(spare, "S6")
    needed = position({0: "D7 HA", 1: "H7", 2: "SA", 3: "SJ S6 C6"}, "HA H7 SA",
                      exclude={3: "H"})
    assert Tag.KEEP_BUUR not in tags(needed, "SJ")


def test_nell_unguarded():
    alone = position({0: "D7 S9 H6", 1: "SJ"}, exclude={0: "S"})
    assert Tag.NELL_UNGUARDED in tags(alone, "S9")
    guarded = position({0: "D7 S9 S6 H6", 1: "SJ"}, exclude={0: "S"})
    assert Tag.NELL_UNGUARDED not in tags(guarded, "S9")


def test_save_the_ten():
    safe = position({0: "D7 H6", 1: "HA", 2: "H7", 3: "HT H8"}, "H6 HA H7")
    assert Tag.SAVE_THE_TEN in tags(safe, "HT")
    lost = position({0: "D7 HA", 1: "H6", 2: "H7", 3: "HT H8"}, "HA H6 H7")
    assert Tag.SAVE_THE_TEN not in tags(lost, "HT")


def test_cannot_win_discard_low():
    pos = position({0: "D7 H6", 1: "H7", 2: "HA", 3: "C6 CT"}, "H6 H7 HA",
                   exclude={3: "HS"})
    assert Tag.CANNOT_WIN_DISCARD_LOW in tags(pos, "C6")
    assert Tag.CANNOT_WIN_DISCARD_LOW not in tags(pos, "CT")
    trumps = position({0: "D7 H6", 1: "H7", 2: "HA", 3: "C6 CT S6"}, "H6 H7 HA",
                      exclude={3: "H"})
    assert Tag.CANNOT_WIN_DISCARD_LOW not in tags(trumps, "C6")


def late_positions(seed: int):
    """Positions with two tricks left, from seeded games of random bots."""
    rng = random.Random(seed)
    while True:
        game = Game(seed=rng.randrange(10**6))
        bots = [make_bot("random", rng.randrange(1000)) for _ in range(4)]
        while game.round == 0:
            view = game.view(game.current_player)
            if view.phase is Phase.PLAY and len(view.tricks) == 7 and len(view.hand) == 2:
                yield Position(view)
            action = bots[view.seat].choose_card(view) if view.phase is Phase.PLAY else (
                game.legal_actions()[0])
            game.apply(action)


def test_last_trick_five():
    found = {True: 0, False: 0}
    for pos in late_positions(1):
        for card in range(36):
            if pos.legal >> card & 1:
                kept = (pos.hand & ~(1 << card)).bit_length() - 1
                others = [c for c in range(36) if (pos.know.unseen & pos.trumps) >> c & 1]
                sure = pos.is_trump(kept) and all(pos.key(kept) > pos.key(c) for c in others)
                assert (Tag.LAST_TRICK_FIVE in card_tags(pos, card)) == sure
                found[sure] += 1
        if min(found.values()) >= 3:
            break
    assert min(found.values()) >= 3


def test_strongest_suit_and_chibre_weak_hand():
    strong = Game(deal=build({0: "D7 HJ H9 HA HK HQ HT"}))
    view = strong.view(0)
    assert Tag.STRONGEST_SUIT in trump_tags(view, Trump.HEARTS)
    assert Tag.STRONGEST_SUIT not in trump_tags(view, Trump.SPADES)
    assert Tag.CHIBRE_WEAK_HAND not in trump_tags(view, CHIBRE)
    weak = Game(deal=["D7 H6 C6 S6 H8 C8 S8 D8 H7", "HJ H9 HA HK HQ HT D6 C7 S7",
                      "DA DK DQ DJ DT D9 CA CK CQ", "SA SK SQ SJ ST S9 CJ CT C9"])
    assert Tag.CHIBRE_WEAK_HAND in trump_tags(weak.view(0), CHIBRE)


def test_assess_ranks_every_legal_card_best_first_and_mistake_measures_the_loss():
    game = Game(seed=8)
    game.apply(Trump.HEARTS)
    if game.phase is Phase.WEIS:
        game.apply(game.legal_actions()[1])
    view = game.view(game.current_player)
    found = assess(view, budget=SMALL, seed=1)
    assert {a.action for a in found} == set(game.legal_actions())
    assert [a.points for a in found] == sorted((a.points for a in found), reverse=True)
    assert assess(view, budget=SMALL, seed=1) == found  # reproducible for a seed
    assert mistake(view, found[0].action, budget=SMALL, seed=1) is None
    worst = found[-1]
    lost = mistake(view, worst.action, threshold=-1, budget=SMALL, seed=1)
    assert lost is not None and lost.points_lost == pytest.approx(found[0].points - worst.points)
    assert lost.best == found[0] and lost.tags == worst.tags


def test_assess_trump_choices_include_chibre_and_refuses_another_seat():
    game = Game(seed=9)
    seat = game.current_player
    found = assess(game.view(seat), budget=SMALL)
    assert {a.action for a in found} == set(game.legal_actions())
    with pytest.raises(ValueError):
        assess(game.view((seat + 1) % 4), budget=SMALL)


# -- advise: only reasons for the recommended choice; the differences the position names -------


def test_tags_against_a_card_are_exactly_the_three_warnings():
    against = {tag for tag in Tag if not tag.supports}
    assert against == {Tag.WILL_BE_TRUMPED, Tag.KEEP_BUUR, Tag.NELL_UNGUARDED}


def differences(pos: Position, card: str, other: str) -> tuple[Difference, ...]:
    for code in (card, other):
        assert pos.legal >> Card.parse(code).index & 1, f"{code} is not legal here"
    return card_differences(pos, Card.parse(card).index, Card.parse(other).index)


def test_trick_lost_when_the_other_card_leaves_the_trick_to_an_opponent_for_sure():
    # Seat 3 plays last; seat 2 (an opponent) leads the trick with the king.
    pos = position({0: "D7 H6", 1: "H7", 2: "HK", 3: "HA H8 HT"}, "H6 H7 HK")
    assert pos.seat == 3
    assert Difference.TRICK_LOST in differences(pos, "HA", "H8")
    assert Difference.TRICK_AT_RISK not in differences(pos, "HA", "H8")
    assert not {Difference.TRICK_LOST, Difference.TRICK_AT_RISK} & set(
        differences(pos, "H8", "HA"))
    assert Difference.POINTS_GIVEN in differences(pos, "HA", "HT")  # the ten goes to them
    assert Difference.POINTS_GIVEN not in differences(pos, "HT", "H8")
    assert Difference.POINTS_WON in differences(pos, "HA", "H8")  # 11 points kept
    assert Difference.POINTS_WON not in differences(pos, "HA", "HT")  # 11 against 10


def test_trick_at_risk_when_an_opponent_still_to_play_may_beat_the_partner():
    # Seat 2 plays third: its partner leads with the king, the ace is unseen, seat 3 to come.
    pos = position({0: "D7 HK", 1: "H6", 2: "SJ H8 HT"}, "HK H6")
    assert pos.seat == 2 and not pos.partner_safe()
    found = differences(pos, "SJ", "H8")
    assert Difference.TRICK_AT_RISK in found and Difference.TRICK_LOST not in found
    assert Difference.POINTS_GIVEN in differences(pos, "SJ", "HT")
    assert Difference.POINTS_GIVEN in differences(pos, "H8", "HT")  # fewer points at risk
    assert Difference.POINTS_GIVEN not in differences(pos, "HT", "H8")
    assert not {Difference.TRICK_AT_RISK, Difference.TRICK_LOST} & set(
        differences(pos, "H8", "SJ"))


def test_trump_drawn_by_a_trump_lead_against_a_plain_card():
    pos = position({0: "D7 SJ H6"})
    assert Difference.TRUMP_DRAWN in differences(pos, "SJ", "H6")
    assert Difference.TRUMP_DRAWN not in differences(pos, "H6", "SJ")


def test_trump_wasted_on_a_trick_the_partner_keeps_for_sure():
    pos = position({0: "D7 H6", 1: "HA", 2: "H7", 3: "S6 H8"}, "H6 HA H7")
    assert pos.partner_safe()
    assert Difference.TRUMP_WASTED in differences(pos, "H8", "S6")
    assert Difference.TRUMP_WASTED not in differences(pos, "S6", "H8")
    assert not {Difference.TRICK_LOST, Difference.TRICK_AT_RISK} & set(
        differences(pos, "H8", "S6"))  # the partner keeps it either way


def seeded_views(seed: int, count: int):
    """``count`` decisions with a choice (trump or card) from a seeded game of heuristic bots."""
    rng = random.Random(seed)
    game = Game(seed=rng.randrange(10**6))
    bots = [make_bot("heuristic", rng.randrange(1000)) for _ in range(4)]
    found = []
    while len(found) < count and not game.is_over:
        view = game.view(game.current_player)
        if view.phase in (Phase.TRUMP, Phase.PLAY) and len(view.legal_actions) > 1 \
                and rng.random() < 0.4:
            found.append(view)
        game.apply(decide(bots[view.seat], view))
    return found


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_advise_says_only_supporting_tags_of_its_choice_and_against_tags_of_the_learners(seed):
    for view in seeded_views(seed, 3):
        found = assess(view, budget=SMALL, seed=seed)
        hint = advise(view, found)
        assert hint.action == found[0].action and hint.points == found[0].points
        assert all(tag.supports for tag in hint.supporting)
        assert set(hint.supporting) == {t for t in found[0].tags if t.supports}
        assert hint.against == () and not hint.is_learners
        assert hint.other is not None and hint.other in found[1:]
        assert hint.lost >= 0
        for mine in found:
            advice = advise(view, found, mine.action)
            assert all(tag.supports for tag in advice.supporting)
            if mine.action == found[0].action:
                assert advice.against == () and not advice.is_learners
            else:
                assert advice.other == mine and advice.is_learners
                assert set(advice.against) == {t for t in mine.tags if not t.supports}
                assert advice.lost == pytest.approx(found[0].points - mine.points)
            trick = {Difference.TRICK_LOST, Difference.TRICK_AT_RISK} & set(advice.differences)
            if trick:  # the team keeps the trick for sure with the coach's card, not with the other
                pos, card = Position(view), found[0].action
                assert isinstance(card, Card) and isinstance(advice.other.action, Card)
                assert pos.partner_safe() is False
                assert pos.wins_now(card.index) and pos.safe(card.index)
                assert not (pos.wins_now(advice.other.action.index)
                            and pos.safe(advice.other.action.index))


def test_advise_with_one_card_has_no_other_and_refuses_a_choice_not_assessed():
    view = next(v for v in seeded_views(3, 40) if v.phase is Phase.PLAY)
    found = assess(view, budget=SMALL)
    only = advise(view, found[:1])
    assert only.other is None and only.lost == 0 and only.differences == ()
    with pytest.raises(ValueError):
        advise(view, found, CHIBRE)
    with pytest.raises(ValueError):
        advise(view, [])


# -- weis_advice: R-WEIS-BEST from the values announced before --------------------------------

# Seat 0 holds the 7 of diamonds, names trump and leads. Seat 0: four jacks (200); seat 1: 7-8-9
# of hearts (20); seat 2: 8-9-10 of diamonds (20); seat 3: the rest.
WEIS_DEAL = ["D7 HJ DJ CJ SJ H6 C8 SA DQ", "H7 H8 H9 D6 C6 S6 DK CK HK",
             "HT HQ SK HA D8 D9 DT DA C7"]


def weis_game(announce: tuple[bool, ...], rules: Rules | None = None) -> Game:
    """The Weis deal with trump hearts; the seats before the one left deciding announce or not
    as ``announce`` says, each leading or following with its lowest legal card."""
    rest = [c for c in ALL_CARDS if not any(c in CardSet.parse(h) for h in WEIS_DEAL)]
    game = Game(rules, deal=[*WEIS_DEAL, " ".join(str(c) for c in rest)])
    game.apply(Trump.HEARTS)
    for choice in announce:
        assert game.phase is Phase.WEIS
        game.apply(WeisChoice.ANNOUNCE if choice else WeisChoice.WITHHOLD)
        game.apply(game.legal_actions()[0])
    assert game.phase is Phase.WEIS
    return game


def test_weis_advice_announce_when_nothing_before():
    view = weis_game(()).view(0)
    advice = weis_advice(view)
    assert advice.announce and advice.reason is WeisReason.POINTS_ONLY_IF_ANNOUNCED
    assert advice.weis == view.own_weis and advice.points == advice.best == 200
    assert advice.rival is None


def test_weis_advice_already_beaten_when_the_partner_cannot_hold_more():
    view = weis_game((True,)).view(1)  # seat 0 announced 200; seat 3, the partner, is to come
    advice = weis_advice(view)
    assert not advice.announce and advice.reason is WeisReason.ALREADY_BEATEN
    assert advice.rival == 200 and advice.best == 20
    quiet = weis_advice(weis_game((False,)).view(1))  # seat 0 kept quiet: nothing beats it
    assert quiet.announce and quiet.reason is WeisReason.POINTS_ONLY_IF_ANNOUNCED


def test_weis_advice_partner_may_beat_with_long_sequences():
    # With long sequences the 8 spades seat 1 has not seen are a 250 seat 3 may hold.
    view = weis_game((True,), Rules(long_sequences=True)).view(1)
    advice = weis_advice(view)
    assert advice.announce and advice.reason is WeisReason.PARTNER_MAY_BEAT


def test_weis_advice_partner_ahead_and_partner_decided_below():
    ahead = weis_advice(weis_game((True, True)).view(2))  # partner seat 0 announced 200
    assert ahead.announce and ahead.reason is WeisReason.PARTNER_AHEAD
    game = weis_game((True, True, True))
    view = game.view(3)
    assert view.own_weis  # seat 3 holds the rest: sequences of clubs and spades
    beaten = weis_advice(view)  # opponent seat 0 has 200, partner seat 1 only 20
    assert beaten.best < 200 and beaten.reason is WeisReason.ALREADY_BEATEN


def test_weis_advice_refuses_a_view_not_deciding_weis():
    game = weis_game(())
    with pytest.raises(ValueError):
        weis_advice(game.view(1))
