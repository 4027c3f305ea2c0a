"""engine.chibre.bots for Pomme: the paranoid search, what a seat knows, legal and seeded play, the
heuristic's rules for the 6, the aside and the apple (R-POMME)."""

from __future__ import annotations

import random

import pytest

from engine import Card, CardSet, PommeChoice, PommeDeal, PommeGame, PommePhase, six_of_trump
from engine.cardset import mask_indexes
from engine.play import legal_mask, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.pomme.bots import (
    POMME_BOT_NAMES,
    heuristic_card,
    make_pomme_bot,
    play_pomme_game,
    play_pomme_round,
    should_exchange_six,
    should_take_aside,
)
from engine.pomme.expert import ExpertPommeBot, PommeBudget, expert_values
from engine.pomme.knowledge import PommeKnowledge, sample_pomme_world
from engine.pomme.search import PommeSolver, greedy_points, pomme_estimate
from engine.tables import NO_TRUMP, POINTS, SUIT_OF

TINY = PommeBudget(worlds=2, exact_worlds=2, exact3=2, exact5=1, start_worlds=2)

#: Trump hearts (the shown ace), the heart 6 in the aside: no exchange; seat 0 leads
#: (dealer 2) with a hand of low plain cards.
WEAK = PommeDeal.parse(
    ["D6 D7 D8 C6 C7 C8 S6 S7 S8", "HJ H9 HK DA DK DQ CA CK CQ", "HQ HT H8 H7 DJ DT D9 CJ CT"],
    "HA H6 C9 SA SK SQ SJ ST S9", "HA")
#: The same cards with seat 0's and seat 1's hands swapped: seat 0 is strong.
STRONG = PommeDeal(tuple(WEAK.hands[i] for i in (1, 0, 2)), WEAK.aside, WEAK.shown)


def minimax(hands, leader, trick, t, me, n, tricks_left):
    player = (leader + len(trick)) % n
    if len(trick) == n:
        winner = (leader + winner_index(trick, t)) % n
        left = tricks_left - 1
        gained = sum(POINTS[t][c] for c in trick) + (LAST_TRICK_BONUS if left == 0 else 0)
        rest = minimax(hands, winner, [], t, me, n, left) if left else 0
        return (gained if winner == me else 0) + rest
    if trick:
        best = trick[winner_index(trick, t)]
        led, high = SUIT_OF[trick[0]], best if SUIT_OF[best] == t else NO_TRUMP
    else:
        led, high = -1, NO_TRUMP
    values = []
    for card in mask_indexes(legal_mask(hands[player], led, high, t)):
        hands[player] ^= 1 << card
        values.append(minimax(hands, leader, [*trick, card], t, me, n, tricks_left))
        hands[player] ^= 1 << card
    return max(values) if player == me else min(values)


@pytest.mark.parametrize("players", [3, 5])
def test_the_paranoid_search_equals_a_plain_minimax(players):
    rng = random.Random(players)
    for _ in range(60):
        size = rng.choice((2, 3)) if players == 3 else rng.choice((1, 2))
        deck = list(range(36))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(players)]
        t, leader, me = rng.randrange(4), rng.randrange(players), rng.randrange(players)
        solver = PommeSolver(players, t, me)
        assert solver.value(hands, leader) == minimax(list(hands), leader, [], t, me, players,
                                                      size)


def test_the_estimate_and_the_greedy_playout_share_the_points_left():
    rng = random.Random(3)
    for players in (3, 5):
        size = 9 if players == 3 else 7
        deck = list(range(36))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(players)]
        live = sum(POINTS[1][c] for s in range(players) for c in mask_indexes(hands[s]))
        assert sum(greedy_points(hands, 1, 0)) == live + LAST_TRICK_BONUS
        shares = [pomme_estimate(hands, 0, 1, me, size) for me in range(players)]
        assert sum(shares) <= live + LAST_TRICK_BONUS and min(shares) > 0


def _play(players, names, seed, budget=TINY, rounds=2):
    game = PommeGame(players, seed=seed)
    bots = [make_pomme_bot(name, seed * 8 + s, budget) for s, name in enumerate(names)]
    decisions = 0
    while game.round < rounds and not game.is_over:
        view = game.view(game.current_player)
        action = bots[view.seat].choose_action(view)
        assert action in game.legal_actions()
        game.apply(action)
        decisions += 1
    return game, decisions


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("names", [("random",) * 5, ("heuristic", "random") * 3,
                                   ("heuristic",) * 5])
def test_pomme_bots_choose_only_legal_actions(players, names):
    decisions = sum(_play(players, names[:players], seed)[1] for seed in range(15))
    assert decisions > 700


@pytest.mark.parametrize("players", [3, 5])
def test_the_expert_chooses_only_legal_actions(players):
    for seed in range(2):
        _play(players, ("expert", "heuristic", "random", "heuristic", "expert")[:players], seed,
              rounds=1)


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("name", POMME_BOT_NAMES)
def test_a_seeded_pomme_bot_plays_the_same_round_again(players, name):
    def events(seed):
        game = PommeGame(players, seed=5)
        bots = [make_pomme_bot(name if s % 2 == 0 else "random", seed + s, TINY)
                for s in range(players)]
        play_pomme_round(game, bots)
        return game.events

    assert events(1) == events(1)


def test_play_pomme_game_reaches_the_end_and_refuses_a_wrong_number_of_bots():
    game = PommeGame(5, seed=3)
    play_pomme_game(game, [make_pomme_bot("heuristic", s) for s in range(5)])
    assert game.is_over and game.winners
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        play_pomme_round(PommeGame(3), [make_pomme_bot("random")] * 2)


def test_make_pomme_bot_refuses_an_unknown_name_and_a_seat_not_to_move():
    with pytest.raises(ValueError, match="unknown bot 'wizard'"):
        make_pomme_bot("wizard")
    game = PommeGame(3, seed=1)
    idle = (game.current_player + 1) % 3
    for name in POMME_BOT_NAMES:
        with pytest.raises(ValueError, match="nothing to decide"):
            make_pomme_bot(name).choose_action(game.view(idle))


def _knowledge_holds_the_truth(game):
    """Every card a pile really holds is one the seat's knowledge allows there."""
    out = game.out_of_play.mask
    for seat in range(game.players):
        knowledge = PommeKnowledge.of(game.view(seat))
        truth = [game.hand(s).mask for s in range(game.players)] + [out]
        for pile, cards in enumerate(truth):
            assert not cards & knowledge.forbidden[pile], (seat, pile)
            assert knowledge.holds[pile] & ~cards == 0, (seat, pile)
            assert cards.bit_count() == knowledge.counts[pile]
        world = sample_pomme_world(knowledge, random.Random(seat))
        assert world[seat] == knowledge.hand
        assert sum(p.bit_count() for p in world) + game.view(seat).played.mask.bit_count() == 36
        for pile, cards in enumerate(world):
            assert not cards & knowledge.forbidden[pile] and cards.bit_count() == (
                knowledge.counts[pile])
            assert knowledge.holds[pile] & ~cards == 0


@pytest.mark.parametrize("players", [3, 5])
def test_knowledge_never_rules_out_the_real_cards_and_worlds_keep_every_fact(players):
    for seed in range(12):
        game = PommeGame(players, seed=seed)
        bots = [make_pomme_bot("heuristic" if s else "random", seed + s)
                for s in range(players)]
        while game.round == 0:
            if game.phase is PommePhase.PLAY:
                _knowledge_holds_the_truth(game)
            game.apply(bots[game.current_player].choose_action(game.view(game.current_player)))


def test_the_shown_card_is_known_with_the_exchanger_and_the_6_in_the_aside():
    deal = PommeDeal.parse(
        ["H6 D7 D8 C6 C7 C8 S6 S7 S8", "HJ H9 HK DA DK DQ CA CK CQ",
         "HQ HT H8 H7 DJ DT D9 CJ CT"], "HA D6 C9 SA SK SQ SJ ST S9", "HA")
    game = PommeGame(3, deal=deal, dealer=2)
    game.apply(PommeChoice.EXCHANGE_SIX)
    knowledge = PommeKnowledge.of(game.view(1))
    assert knowledge.holds[0] == 1 << Card.parse("HA").index
    assert knowledge.holds[3] == 1 << Card.parse("H6").index


def test_the_heuristic_takes_the_aside_with_a_weak_hand_and_keeps_a_strong_one():
    weak = PommeGame(3, deal=WEAK, dealer=2)
    assert weak.phase is PommePhase.PLAY and weak.current_player == 0
    assert should_take_aside(weak.view(0))
    assert make_pomme_bot("heuristic").choose_action(weak.view(0)) is PommeChoice.TAKE_ASIDE
    strong = PommeGame(3, deal=STRONG, dealer=2)
    assert not should_take_aside(strong.view(0))
    assert isinstance(make_pomme_bot("heuristic").choose_action(strong.view(0)), Card)


def test_the_heuristic_exchanges_the_6_unless_it_means_to_take_the_aside():
    hands = [CardSet.parse(h) for h in ("H6 HJ H9 DA DK CA CK SA SK",
                                        "D6 D7 D8 C6 C7 C8 S6 S7 S8",
                                        "HQ HT H8 H7 DJ DT D9 CJ CT")]
    aside = CardSet.parse("HA HK DQ CQ C9 SQ SJ ST S9")
    strong = PommeGame(3, deal=PommeDeal(tuple(hands), aside, Card.parse("HA")), dealer=2)
    assert strong.phase is PommePhase.EXCHANGE and should_exchange_six(strong.view(0))
    weak_hand = CardSet.parse("H6 D7 D8 C6 C7 C8 S6 S7 S8")
    weak = PommeGame(3, deal=PommeDeal((weak_hand, CardSet.parse("HJ H9 DA DK CA CK SA SK D6"),
                                        hands[2]), aside, Card.parse("HA")), dealer=2)
    assert not should_exchange_six(weak.view(0))
    assert make_pomme_bot("heuristic").choose_action(weak.view(0)) is PommeChoice.KEEP_SIX
    five = PommeGame(5, seed=0)
    while five.phase is not PommePhase.EXCHANGE:
        five = PommeGame(5, seed=five.seed + 1)
    assert should_exchange_six(five.view(five.current_player))


def test_the_expert_values_every_legal_action_and_takes_the_weak_hands_aside():
    game = PommeGame(3, deal=WEAK, dealer=2)
    values = expert_values(game.view(0), random.Random(1), PommeBudget(worlds=8))
    assert set(values) == set(game.legal_actions())
    bot = ExpertPommeBot(1, PommeBudget(worlds=8))
    assert bot.choose_action(game.view(0)) is PommeChoice.TAKE_ASIDE
    strong = PommeGame(3, deal=STRONG, dealer=2)
    assert isinstance(bot.choose_action(strong.view(0)), Card)


def test_under_21_points_the_heuristic_trumps_a_trick_of_2_points():
    deal = PommeDeal.parse(
        ["DJ D7 D8 C6 C7 C8 S6 S7 S8", "D6 H9 HK CA CK CQ SA SK SQ", "H7 HQ HT H8 CJ CT C9 SJ ST"],
        "HA H6 HJ D9 DT DQ DK DA S9", "HA")
    game = PommeGame(3, deal=deal, dealer=2)
    game.apply(Card.parse("DJ"))
    game.apply(Card.parse("D6"))
    view = game.view(2)
    assert view.round_points[2] == 0
    assert heuristic_card(view) == Card.parse("H7").index


def test_the_hand_given_up_for_the_aside_is_known_out_of_play_to_its_seat_alone():
    game = PommeGame(3, deal=WEAK, dealer=2)
    bot = ExpertPommeBot(1, PommeBudget(worlds=4))
    old = game.hand(0).mask
    assert bot.choose_action(game.view(0)) is PommeChoice.TAKE_ASIDE
    game.apply(PommeChoice.TAKE_ASIDE)
    assert game.view(0).given_up.mask == old
    knowing = PommeKnowledge.of(game.view(0))
    assert knowing.holds[3] & old == old  # the seat knows where its old hand is: out of play
    other = PommeKnowledge.of(game.view(1))
    assert game.view(1).given_up == CardSet() and other.holds[3] & old == 0
    assert isinstance(bot.choose_action(game.view(0)), Card)


def test_a_kept_six_is_known_to_be_with_its_holder():
    for seed in range(40):
        game = PommeGame(3, seed=seed)
        if game.phase is PommePhase.EXCHANGE:
            break
    holder = game.current_player
    six = six_of_trump(game.trump)
    game.apply(PommeChoice.KEEP_SIX)
    seat = (holder + 1) % 3
    view = game.view(seat)
    assert view.six_holder == holder and view.six_holder_exchanged is None
    assert PommeKnowledge.of(view).holds[holder] & (1 << six.index)
