"""engine.coach: every reason tag has a position where it holds and one where it does not;
assess ranks legal choices; mistake measures against the best."""

from __future__ import annotations

import random

import pytest

from engine import CHIBRE, Card, CardSet, Game, Phase, Trump
from engine.bots import Budget, make_bot
from engine.bots.position import Position
from engine.cards import ALL_CARDS
from engine.coach import Tag, assess, card_tags, mistake, trump_tags

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
