"""engine.chibre.bots: legal actions only, seats see only their view, seeded play, sampled
worlds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHIBRE, Card, CardSet, Game, GameView, Phase, Rules, Trump, find_weis
from engine.chibre.bots import BOT_NAMES, Budget, decide, make_bot, play_game, play_round
from engine.chibre.bots.heuristic import best_suit
from engine.chibre.bots.knowledge import Knowledge
from engine.chibre.bots.worlds import sample_world
from engine.tables import SUIT_OF, TRUMP_MASK

TINY = Budget(worlds=2, depth=1, exact=2, deep_worlds=1)


def bots_of(names, seed=0, budget=TINY):
    return [make_bot(name, seed * 4 + seat, budget) for seat, name in enumerate(names)]


@pytest.mark.parametrize("names", [("random",) * 4, ("heuristic", "random") * 2,
                                   ("heuristic",) * 4])
def test_bots_choose_only_legal_actions_over_thousands_of_states(names):
    decisions = 0
    for seed in range(25):
        game = Game(seed=seed)
        bots = bots_of(names, seed)
        while game.round < 3 and not game.is_over:
            seat = game.current_player
            action = decide(bots[seat], game.view(seat))
            assert action in game.legal_actions()
            game.apply(action)
            decisions += 1
    assert decisions > 2500


def test_the_expert_chooses_only_legal_actions_with_a_tiny_budget():
    for seed in range(3):
        game = Game(seed=seed)
        bots = bots_of(("expert", "heuristic") * 2, seed)
        while game.round < 1:
            seat = game.current_player
            action = decide(bots[seat], game.view(seat))
            assert action in game.legal_actions()
            game.apply(action)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_seeded_bot_plays_the_same_round_again(name):
    def events(seed):
        game = Game(seed=5)
        play_round(game, bots_of((name, "random") * 2, seed))
        return game.events

    assert events(1) == events(1)


def test_play_game_reaches_the_end():
    game = Game(Rules(target=300), seed=3)
    play_game(game, bots_of(("heuristic",) * 4))
    assert game.is_over and max(game.scores) >= 300


def test_make_bot_refuses_an_unknown_name():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle", 1)


def test_heuristic_chibres_a_weak_hand_and_names_a_strong_suit():
    game = Game(deal=["D7 H6 C6 S6 H8 C8 S8 D8 H7", "HJ H9 HA HK HQ HT D6 C7 S7",
                      "DA DK DQ DJ DT D9 CA CK CQ", "SA SK SQ SJ ST S9 CJ CT C9"])
    view = game.view(game.current_player)
    assert view.seat == 0
    assert make_bot("heuristic", 0).choose_trump(view) is CHIBRE
    assert best_suit(game.hand(1).mask)[0] is Trump.HEARTS


# -- sampled worlds keep what the seat knows ----------------------------------------------


def advance(game: Game, rng: random.Random, cards: int) -> None:
    bots = [make_bot("random", rng.randrange(1000)) for _ in range(4)]
    played = 0
    while played < cards and game.round == 0:
        seat = game.current_player
        action = decide(bots[seat], game.view(seat))
        if isinstance(action, Card):
            played += 1
        game.apply(action)


def followed_suit(game: Game) -> dict[int, int]:
    """What the real deal shows: per seat, suits it never failed to follow (a check
    independent of Knowledge: a void is a suit led that the seat did not follow)."""
    voids = {s: 0 for s in range(4)}
    trump = game.trump
    for trick in game.view(0).tricks:
        led = trick.cards[0].suit
        for i, card in enumerate(trick.cards[1:], 1):
            seat = (trick.leader + i) % 4
            if card.suit != led and card.suit != trump.suit and led != trump.suit:
                voids[seat] |= 0x1FF << (9 * led)
    return voids


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 34), viewer=st.integers(0, 3),
       announce=st.booleans())
def test_every_sampled_world_keeps_hand_played_cards_voids_and_shown_announcements(
        seed, cards, viewer, announce):
    rng = random.Random(seed)
    game = Game(seed=seed)
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    while game.phase is not Phase.PLAY or game.trump is None:
        seat = game.current_player
        action = decide(bots[seat], game.view(seat))
        if game.phase is Phase.WEIS and not announce:
            action = game.legal_actions()[1]
        game.apply(action)
    advance(game, rng, cards)
    if game.round != 0:
        return
    view = game.view(viewer)
    knowledge = Knowledge.of(view)
    voids = followed_suit(game)
    for seat in range(4):  # what the seat infers holds for the real hands
        real = game.hand(seat).mask
        assert real & knowledge.forbidden[seat] == 0
        assert knowledge.holds[seat] & ~real == 0
    for _ in range(5):
        hands = sample_world(knowledge, rng)
        assert hands[viewer] == view.hand.mask
        assert sum(h.bit_count() for h in hands) + len(view.played) == 36
        assert (hands[0] | hands[1] | hands[2] | hands[3]) & view.played.mask == 0
        for seat in range(4):
            assert hands[seat].bit_count() == len(game.hand(seat))
            assert hands[seat] & voids[seat] == 0
            assert hands[seat] & knowledge.forbidden[seat] == 0
        if view.weis_scored is not None:
            for seat, weises in view.weis_scored.shown:
                for weis in weises:
                    assert weis.cards.mask & ~view.played.mask & ~hands[seat] == 0


def play_cards(game: Game, *codes: str) -> None:
    """Play the cards in turn, keeping announcements quiet."""
    for code in codes:
        if game.phase is Phase.WEIS:
            game.apply(game.legal_actions()[1])
        game.apply(Card.parse(code))


def test_knowledge_reads_a_void_and_a_trump_void_with_the_buur_exception():
    game = Game(deal=["D7 H6 H7 H8 H9 C6 C7 C8 C9", "DA HA HK HQ HJ HT S6 S7 S8",
                      "D6 D8 D9 DT DJ DQ DK CA CK", "SA SK SQ SJ ST S9 CJ CT CQ"])
    game.apply(Trump.DIAMONDS)  # seat 0 leads its only diamond: trump
    play_cards(game, "D7", "DA", "D6", "CJ")  # seat 3 holds no diamond: no trump shown
    knowledge = Knowledge.of(game.view(1))
    trumps = TRUMP_MASK[Trump.DIAMONDS]
    buur = 1 << Card.parse("DJ").index
    assert knowledge.forbidden[3] == trumps & ~buur
    assert SUIT_OF[Card.parse("CJ").index] == 2


def test_an_announced_value_is_honoured_when_cheap():
    rules = Rules()
    game = Game(rules, deal=["D7 H6 H7 H8 C9 CT S6 S7 S9", "DA HA HK HQ HJ CJ CK S8 SJ",
                             "D6 D8 D9 DT DJ DQ DK CA C6", "SA SK SQ ST H9 HT C8 C7 CQ"])
    game.apply(Trump.CLUBS)
    game.apply(game.legal_actions()[1])  # seat 0 keeps its three hearts quiet
    game.apply(Card.parse("H6"))
    assert game.phase is Phase.WEIS
    game.apply(game.legal_actions()[0])  # seat 1 announces 50 (HJ HQ HK HA)
    view = game.view(2)
    assert view.announced[1] == 50
    knowledge = Knowledge.of(view)
    rng = random.Random(3)
    hits = 0
    for _ in range(20):
        hands = sample_world(knowledge, rng)
        weis = find_weis(CardSet.from_mask(hands[1]), Trump.CLUBS)
        hits += max((w.points for w in weis), default=0) == 50
    assert hits >= 16  # about 1 deal in 13 has a best announcement of 50: rejection works


def test_knowledge_never_rules_out_a_card_a_seat_really_holds():
    """Voids, the Buur exception and 'undertrumped: only trumps left', over random rounds."""
    rng = random.Random(7)
    checked = 0
    for seed in range(60):
        game = Game(seed=seed)
        bots = [make_bot("random", rng.randrange(1000)) for _ in range(4)]
        while game.round == 0:
            if game.phase is Phase.PLAY:
                for viewer in range(4):
                    knowledge = Knowledge.of(game.view(viewer))
                    for seat in range(4):
                        assert game.hand(seat).mask & knowledge.forbidden[seat] == 0
                        checked += 1
            seat = game.current_player
            game.apply(decide(bots[seat], game.view(seat)))
    assert checked > 30_000


def test_the_play_model_finds_no_misfit_in_the_real_hands_of_heuristic_opponents():
    from engine.chibre.bots.inference import PlayModel

    checked = 0
    for seed in range(8):
        game = Game(seed=seed)
        bots = bots_of(("heuristic",) * 4, seed)
        start = game.round
        while game.round == start:
            seat = game.current_player
            view = game.view(seat)
            if view.phase is Phase.PLAY:
                model = PlayModel(view)
                hands = [game.view(s).hand.mask for s in range(4)]
                assert model.misfits(hands) == 0
                checked += len(model.plays)
            game.apply(decide(bots[seat], view))
    assert checked > 500


def test_the_play_model_counts_a_play_the_rules_would_not_make():
    from engine.chibre.bots.inference import PlayModel

    game = Game(seed=3)
    bots = bots_of(("heuristic",) * 4, 3)
    while len(game.view(0).tricks) < 3:
        game.apply(decide(bots[game.current_player], game.view(game.current_player)))
    view = game.view(game.current_player)
    model = PlayModel(view)
    knowledge = Knowledge.of(view)
    rng = random.Random(1)
    assert any(model.misfits(sample_world(knowledge, rng)) for _ in range(50))
    assert model.weight([game.view(s).hand.mask for s in range(4)]) == 1.0


def test_the_weighed_draw_without_repeats_gives_distinct_deals_in_proportion():
    """``Budget.distinct``: each deal of the pool at most once, the heavier ones first."""
    from engine.chibre.bots.expert import weighted_draw

    rng = random.Random(4)
    weights = [1.0] * 5 + [0.01] * 95
    drawn = weighted_draw(weights, 10, rng)
    assert len(drawn) == len(set(drawn)) == 10
    assert set(range(5)) <= set(drawn)  # the five deals that explain the play all come
    assert weighted_draw([0.5, 0.0, 2.0], 5, rng)[:2] in ([2, 0], [0, 2])
    assert weighted_draw([0.5, 0.0, 2.0], 5, rng)[-1] == 1  # a weight of 0 comes last
    counts = [0, 0]
    for _ in range(2000):
        counts[weighted_draw([3.0, 1.0], 1, rng)[0]] += 1
    assert 0.7 < counts[0] / 2000 < 0.8  # 3 to 1


def _mid_round_view(tricks: int, seed: int) -> GameView:
    """Seat to move's view after ``tricks`` tricks the heuristic bots played from a random deal."""
    rng = random.Random(seed)
    cards = list(CardSet.full())
    rng.shuffle(cards)
    game = Game(deal=[CardSet(cards[i * 9:(i + 1) * 9]) for i in range(4)], dealer=3, chooser=0)
    bots = [make_bot("heuristic", seed + s) for s in range(4)]
    while game.phase is not Phase.PLAY or len(game.view(0).tricks) < tricks:
        game.apply(decide(bots[game.current_player], game.view(game.current_player)))
    return game.view(game.current_player)


def test_weighed_deals_search_each_deal_once_and_their_weights_make_one_mean() -> None:
    """``weighed_deals``: no deal searched twice, weights summing to 1, a mean worth no more
    deals than were drawn (at most 40 here) and at least one."""
    from engine import WeighedDeals, weighed_deals

    budget = Budget(worlds=40, deep_worlds=40, min_worlds=40, work=10**12, pool=10)
    for tricks, seed in ((2, 3), (7, 8)):
        view = _mid_round_view(tricks, seed)
        deals = weighed_deals(view, random.Random(seed), budget)
        assert isinstance(deals, WeighedDeals)
        assert len(deals.rows) == len(deals.weights) <= 40
        assert abs(sum(deals.weights) - 1.0) < 1e-9 and min(deals.weights) > 0
        assert deals.effective >= 1.0


def test_weighed_deals_without_a_pool_are_the_uniform_search() -> None:
    """``Budget.pool`` 1: the same deals, in the same order, as ``world_values``, equal weights."""
    from engine import weighed_deals, world_values

    view = _mid_round_view(3, 11)
    budget = Budget(worlds=12, deep_worlds=12, min_worlds=12, work=10**12, pool=1)
    deals = weighed_deals(view, random.Random(2), budget)
    assert deals.rows == list(world_values(view, random.Random(2), budget))
    assert deals.weights == [1 / 12] * 12 and deals.effective == 12


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 5), st.integers(0, 3))
def test_the_blind_playout_counts_every_point_of_the_deal(seed, t, leader):
    from engine.chibre.bots.rollout import blind_round, greedy_round
    from engine.search import random_deal

    hands = random_deal(random.Random(seed))
    ours, theirs = blind_round(hands, t, leader)
    assert ours + theirs == sum(greedy_round(hands, t, leader))  # every point of the deal
    assert min(ours, theirs) >= 0


@pytest.mark.parametrize("chooser", ["fit", "sim", "fit+sim", "rule"])
def test_every_trump_chooser_names_a_choice_open_to_the_seat(chooser):
    game = Game(Rules(), seed=11)
    view = game.view(game.current_player)
    bot = make_bot("expert", 0, Budget(trump=chooser))
    assert bot.choose_trump(view) in view.legal_actions


def test_the_simulated_chooser_replays_and_prefers_the_suit_of_a_strong_hand():
    from engine.chibre.bots.trump_sim import simulated_margins

    # Seat 0 holds the buur, nell, ace, king and ten of diamonds and three side aces.
    hand = 0
    for suit, rank in ((1, 5), (1, 3), (1, 8), (1, 7), (1, 4), (0, 8), (2, 8), (3, 8), (3, 0)):
        hand |= 1 << (suit * 9 + rank)
    first = simulated_margins(hand, 0, 0, True, random.Random(1), samples=40)
    assert first == simulated_margins(hand, 0, 0, True, random.Random(1), samples=40)
    assert max(first, key=lambda c: first[c]) is Trump.DIAMONDS
    assert first[Trump.DIAMONDS] > first[CHIBRE]


def test_the_expert_told_to_play_by_the_rules_plays_the_heuristics_card():
    game = Game(Rules(), seed=8)
    bots = [make_bot("heuristic", s) for s in range(4)]
    rules = make_bot("expert", 0, Budget(play="rules"))
    while game.phase is not Phase.PLAY:
        game.apply(decide(bots[game.current_player], game.view(game.current_player)))
    for _ in range(12):
        view = game.view(game.current_player)
        assert decide(rules, view) == decide(bots[view.seat], view)
        game.apply(decide(bots[view.seat], view))
