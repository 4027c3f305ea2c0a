"""engine.chibre.par: a round replayed from the same deal with the expert in the learner's seat."""

from __future__ import annotations

import pytest

from engine import CardSet, Game, Rules, Trump
from engine.cards import Card, Chibre
from engine.chibre.bots import Bot, Budget, make_bot, play_round
from engine.chibre.bots.base import decide
from engine.chibre.game import GameView, WeisChoice
from engine.chibre.par import (
    RoundPar,
    real_round,
    replay_bots,
    replay_round,
    round_events,
    round_par,
)
from engine.chibre.par import main as par_main
from engine.events import (
    ACTION_EVENTS,
    Chibred,
    Dealt,
    Event,
    RoundScored,
    TrickWon,
    TrumpChosen,
)

SMALL = Budget(worlds=2, deep_worlds=2, work=2_000, min_worlds=1, exact=2, pool=2)
CLUB = ("learner", "heuristic", "heuristic", "heuristic")
MIXED = ("learner", "heuristic", "heuristic", "expert")


def heuristic_game(seed: int, rounds: int, **kwargs: object) -> Game:
    game = Game(seed=seed, **kwargs)  # type: ignore[arg-type]
    bots = [make_bot("heuristic", seed * 4 + seat) for seat in range(4)]
    for _ in range(rounds):
        play_round(game, bots)
    return game


def first_chooser(events: list[Event]) -> int:
    return next(e.seat for e in events if isinstance(e, (Chibred, TrumpChosen)))


def scored(events: list[Event]) -> RoundScored:
    return next(e for e in events if isinstance(e, RoundScored))


def test_the_replay_has_the_real_deal_dealer_and_trump_chooser():
    game = heuristic_game(5, 3)
    for number in (0, 1, 2):
        real = round_events(game.events, number)
        bots = replay_bots(MIXED, 0, number, seed=5, budget=SMALL)
        replayed = replay_round(game.events, number, bots)
        assert replayed[0] == real[0]  # the same Dealt: round, dealer, cut and hands
        assert isinstance(replayed[0], Dealt) and replayed[0].round == number
        assert first_chooser(replayed) == first_chooser(real)
        assert sum(isinstance(e, TrickWon) for e in replayed) == 9
        assert scored(replayed).complete


def test_a_fixed_deal_is_replayed_as_dealt():
    hands = ["D7 D8 D9 DT DJ DQ DK DA C6", "H6 H7 H8 H9 HT HJ HQ HK HA",
             "S6 S7 S8 S9 ST SJ SQ SK SA", "C7 C8 C9 CT CJ CQ CK CA D6"]
    game = Game(seed=1, deal=hands, dealer=3)
    play_round(game, [make_bot("heuristic", seat) for seat in range(4)])
    replayed = replay_round(game.events, 0, replay_bots(CLUB, 0, 0, budget=SMALL))
    dealt = replayed[0]
    assert isinstance(dealt, Dealt) and dealt.cut == 0 and dealt.dealer == 3
    assert dealt.hands == tuple(CardSet.parse(h) for h in hands)


@pytest.mark.parametrize("seat", [0, 1])
def test_actual_is_the_real_round_total_of_the_learners_team(seat):
    game = heuristic_game(8, 2)
    for number in (0, 1):
        result = round_par(game.events, number, ("heuristic",) * 4, seat, SMALL, seed=8)
        assert result is not None
        assert result.round == number and result.team == seat % 2
        assert result.actual == scored(round_events(game.events, number)).total[seat % 2]
        assert result.par == result.actual - result.expert


def test_a_round_cut_short_at_the_target_has_no_par():
    game = heuristic_game(2, 1, scores=(990, 980))
    last = scored(round_events(game.events, 0))
    assert game.is_over and not last.complete
    assert real_round(game.events, 0) is None
    assert round_par(game.events, 0, CLUB, budget=SMALL) is None


def test_a_round_not_finished_or_not_dealt_has_no_par():
    game = heuristic_game(4, 1)
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(10):
        game.apply(decide(bots[game.current_player], game.view(game.current_player)))
    assert game.round == 1
    assert round_par(game.events, 1, CLUB, budget=SMALL) is None
    assert round_par(game.events, 2, CLUB, budget=SMALL) is None
    assert round_par(game.events, 0, CLUB, budget=SMALL) is not None


def test_the_same_seed_gives_the_same_round_par():
    game = heuristic_game(6, 2)
    first = round_par(game.events, 1, MIXED, 0, SMALL, seed=11)
    again = round_par(game.events, 1, MIXED, 0, SMALL, seed=11)
    assert first is not None and first == again


def test_par_is_zero_when_the_learner_played_as_the_expert_would():
    """The real rounds are played by the very bots the replay makes: the same decisions
    from the same deal give the same points, so par is 0 (and would not be if the replay
    dealt other cards, chose trump from another seat or cut the round short)."""
    seed = 21
    game = Game(seed=seed, scores=(700, 650))
    pars = []
    for number in range(3):
        play_round(game, replay_bots(MIXED, 0, number, seed, SMALL))
        if game.is_over:
            break
        result = round_par(game.events, number, MIXED, 0, SMALL, seed)
        assert result is not None
        pars.append(result)
    assert pars and all(result.par == 0 for result in pars)
    assert all(result.actual == result.expert for result in pars)


def test_a_round_played_near_the_target_is_replayed_whole():
    """A round that took both teams to 999 of 1000 replays exactly as the same round far
    from the target: any point more would have ended a replay cut short at the target."""
    seed = 3
    far = heuristic_game(seed, 1)
    a, b = scored(round_events(far.events, 0)).total
    near = heuristic_game(seed, 1, scores=(999 - a, 999 - b))
    assert real_round(near.events, 0) is not None and near.scores == (999, 999)
    replayed = replay_round(near.events, 0, replay_bots(MIXED, 0, 0, seed, SMALL))
    assert sum(isinstance(e, TrickWon) for e in replayed) == 9
    assert scored(replayed).complete
    assert round_par(near.events, 0, MIXED, 0, SMALL, seed) == \
        round_par(far.events, 0, MIXED, 0, SMALL, seed)


def test_pique_double_counts_double_in_the_replay():
    hands = ["D7 SJ S9 SA SK SQ ST HA CA", "H6 H7 H8 H9 HT HJ HQ HK D6",
             "S6 S7 S8 C6 C7 C8 C9 CT CJ", "D8 D9 DT DJ DQ DK DA CQ CK"]
    game = Game(Rules(pique_double=True), seed=1, deal=hands, dealer=3)
    play_round(game, [make_bot("heuristic", seat) for seat in range(4)])
    assert real_round(game.events, 0) is not None
    replayed = replay_round(game.events, 0, replay_bots(CLUB, 0, 0, budget=SMALL))
    trump = next(e for e in replayed if isinstance(e, TrumpChosen))
    assert trump.seat == 0 and trump.trump is Trump.SPADES
    result = scored(replayed)
    assert result.multiplier == 2
    assert result.stoeck == (40, 0)  # Stöck of spades, doubled
    tricks = sum(e.points for e in replayed if isinstance(e, TrickWon) and e.winner % 2 == 0)
    assert result.cards[0] == tricks and tricks % 2 == 0
    par = round_par(game.events, 0, CLUB, budget=SMALL)
    assert par is not None and par.expert == result.total[0]


class Spy:
    """A bot that records every view it is given."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.views: list[GameView] = []

    def choose_trump(self, view: GameView) -> Trump | Chibre:
        self.views.append(view)
        return self.bot.choose_trump(view)

    def choose_weis(self, view: GameView) -> WeisChoice:
        self.views.append(view)
        return self.bot.choose_weis(view)

    def choose_card(self, view: GameView) -> Card:
        self.views.append(view)
        return self.bot.choose_card(view)


def test_each_replayed_seat_sees_only_its_own_view():
    game = heuristic_game(9, 1)
    spies = [Spy(bot) for bot in replay_bots(MIXED, 0, 0, 9, SMALL)]
    replayed = replay_round(game.events, 0, spies)
    dealt = replayed[0]
    assert isinstance(dealt, Dealt)
    for seat, spy in enumerate(spies):
        assert spy.views and all(view.seat == seat for view in spy.views)
        assert all(view.hand <= dealt.hands[seat] for view in spy.views)
    assert spies[0].bot.name == "expert"


def test_the_replay_bots_put_the_expert_in_the_learners_seat():
    bots = replay_bots(("heuristic", "learner", "random", "expert"), 1, 0, budget=SMALL)
    assert [bot.name for bot in bots] == ["heuristic", "expert", "random", "expert"]


def test_bad_tables_are_refused():
    game = heuristic_game(1, 1)
    with pytest.raises(ValueError, match="four seats"):
        round_par(game.events, 0, ("learner", "heuristic"), budget=SMALL)
    with pytest.raises(ValueError, match="seat 2 is 'learner'"):
        round_par(game.events, 0, ("learner", "heuristic", "learner", "heuristic"))
    with pytest.raises(ValueError, match="seat must be 0-3"):
        round_par(game.events, 0, CLUB, seat=4)
    with pytest.raises(ValueError, match="replays"):
        round_par(game.events, 0, CLUB, replays=0)
    with pytest.raises(ValueError, match="never dealt"):
        replay_round(game.events, 5, replay_bots(CLUB, 0, 5, budget=SMALL))


def test_several_replays_give_the_rounded_mean():
    game = heuristic_game(12, 1)
    one = [round_par(game.events, 0, MIXED, 0, SMALL, seed=12) for _ in range(1)]
    two = round_par(game.events, 0, MIXED, 0, SMALL, seed=12, replays=2)
    assert one[0] is not None and two is not None
    second = replay_round(game.events, 0, replay_bots(MIXED, 0, 0, 12, SMALL, replay=1))
    assert two.expert == round((one[0].expert + scored(second).total[0]) / 2)
    assert isinstance(two, RoundPar) and two.actual == one[0].actual


def seat_decisions(events: list[Event], seat: int) -> int:
    return sum(isinstance(e, ACTION_EVENTS) and e.seat == seat for e in events)


def test_following_the_real_round_the_other_seats_copy_it_until_it_differs():
    """The other seats replay their real decisions while the replay goes as the real round;
    the expert's seat always decides by its own search."""
    seed = 30
    game = Game(seed=seed)
    play_round(game, replay_bots(MIXED, 0, 0, seed, SMALL))
    spies = [Spy(bot) for bot in replay_bots(MIXED, 0, 0, seed, SMALL)]
    replayed = replay_round(game.events, 0, spies, follow=(1, 2, 3))
    assert replayed == round_events(game.events, 0)
    assert [len(spy.views) for spy in spies[1:]] == [0, 0, 0]
    assert len(spies[0].views) == seat_decisions(replayed, 0) > 0


def test_after_the_first_different_decision_the_other_seats_decide_afresh():
    game = heuristic_game(31, 1)  # the learner's seat played by a club player
    spies = [Spy(bot) for bot in replay_bots(MIXED, 0, 0, 31, SMALL)]
    replayed = replay_round(game.events, 0, spies, follow=(1, 2, 3))
    real = [e for e in round_events(game.events, 0) if isinstance(e, ACTION_EVENTS)]
    actions = [e for e in replayed if isinstance(e, ACTION_EVENTS)]
    first = next(i for i, (a, b) in enumerate(zip(actions, real, strict=False)) if a != b)
    assert actions[first].seat == 0  # only the expert's seat departs from the real round
    for seat in (1, 2, 3):
        asked = len(spies[seat].views)
        assert asked == sum(a.seat == seat for a in actions[first + 1:])


def test_the_benchmark_prints_times_and_par(capsys):
    assert par_main(["--rounds", "1", "--table", "club", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "club table" in out and "median" in out and "max" in out and "mean |par|" in out
