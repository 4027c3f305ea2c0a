"""engine.chibre.bots.trick_model: the trick in progress against opponents who play by the rules."""

from __future__ import annotations

import pytest

from engine import Game, Phase
from engine.chibre.bots import decide, make_bot
from engine.chibre.bots.expert import solve_rest
from engine.chibre.bots.heuristic import HeuristicBot
from engine.chibre.bots.trick_model import TrickModel
from engine.dds import estimate
from engine.tables import POINTS


def positions(seeds, tricks_before=2):
    """(game, seat to move) at every card of trick ``tricks_before + 1`` of
    heuristic rounds, one game per seed and place in the trick."""
    for seed in seeds:
        for n in range(4):
            game = Game(seed=seed)
            bots = [make_bot("heuristic", seed * 4 + s) for s in range(4)]
            while True:
                view = game.view(game.current_player)
                if (view.phase is Phase.PLAY and len(view.tricks) == tricks_before
                        and len(view.trick) == n):
                    yield game, game.current_player
                    break
                game.apply(decide(bots[game.current_player], view))


def hands_of(game):
    return [game.hand(s).mask for s in range(4)]


def by_playing_it_out(game, seat, opponents="rules", rest_of_round=estimate):
    """The model's values, found by playing the trick on copies of the real game:
    each opponent answers with the heuristic bot's own card for its real view
    (``opponents="best"``: with the card worst for the team), the team's cards
    are all tried, and ``rest_of_round`` scores the rest."""
    view = game.view(seat)
    team, t, done = seat % 2, int(view.trump), len(view.tricks)

    def rest(g):
        now = g.view(g.current_player)
        if len(now.tricks) > done:
            won = now.tricks[-1]
            points = sum(POINTS[t][c.index] for c in won.cards)
            later = rest_of_round(hands_of(g), won.winner, t, team, 9 - len(now.tricks))
            return (points if won.winner % 2 == team else 0) + later
        mover = g.current_player
        ours = mover % 2 == team
        if not ours and opponents == "rules":
            options = [HeuristicBot().choose_card(now)]
        else:
            options = g.legal_actions()
        values = []
        for card in options:
            twin = g.clone()
            twin.apply(card)
            values.append(rest(twin))
        return max(values) if ours else min(values)

    values = {}
    for card in game.legal_actions():
        twin = game.clone()
        twin.apply(card)
        values[card.index] = rest(twin)
    return values


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_trick_values_equal_the_trick_played_out_with_heuristic_opponents(seeds):
    checked = 0
    for game, seat in positions(seeds):
        model = TrickModel(game.view(seat), estimate)
        assert model.values(hands_of(game)) == by_playing_it_out(game, seat)
        checked += 1
    assert checked == 4 * len(seeds)


def test_in_the_endgame_the_tricks_after_the_modelled_one_are_solved_exactly():
    checked = 0
    for game, seat in positions(range(3), tricks_before=6):
        model = TrickModel(game.view(seat), solve_rest)
        assert model.values(hands_of(game)) == by_playing_it_out(game, seat,
                                                                 rest_of_round=solve_rest)
        checked += 1
    assert checked == 12


def test_opponents_who_play_by_the_rules_never_cost_the_team_more_than_best_play():
    """A fixed opponent card is worth at least the opponents' best answer, so no card
    is worth less against the model than against double-dummy opponents; and
    somewhere the rules' card is not the best answer, so the model differs."""
    differs = 0
    for game, seat in positions(range(12, 24), tricks_before=1):
        model = TrickModel(game.view(seat), estimate).values(hands_of(game))
        best_play = by_playing_it_out(game, seat, opponents="best")
        assert model.keys() == best_play.keys()
        assert all(model[c] >= best_play[c] for c in model)
        differs += model != best_play
    assert differs > 0


def test_the_model_refuses_a_view_without_trump():
    game = Game(seed=1)
    with pytest.raises(ValueError, match="trump"):
        TrickModel(game.view(game.current_player), estimate)
