"""engine.registry: each game described once, and what asks it (the notation, the saved games)
finds the game by its first event."""

from __future__ import annotations

import pytest

from engine import (
    CHIBRE_GAME,
    GAMES,
    POMME_GAME,
    Game,
    PommeGame,
    decide,
    dumps_events,
    game_spec,
    loads_any_game,
    spec_of,
)


@pytest.mark.parametrize("game", [Game(seed=3), PommeGame(2, seed=3), PommeGame(3, seed=3),
                                  PommeGame(5, seed=4)],
                         ids=["chibre", "pomme-2", "pomme-3", "pomme-5"])
def test_each_game_is_found_by_its_first_event_and_replayed_by_its_spec(game):
    spec = spec_of(game.events)
    assert spec is (CHIBRE_GAME if isinstance(game, Game) else POMME_GAME)
    assert spec.begins(game.events)
    assert spec.seat_count(game.events) == (4 if isinstance(game, Game) else game.players)
    assert spec.seat_count(game.events) in spec.players
    assert spec.replay(game.events) == game
    assert loads_any_game(dumps_events(game.events)) == game


def test_a_spec_refuses_events_of_another_game_with_its_title():
    with pytest.raises(ValueError, match="not a game of Pomme: it begins with GameStarted"):
        POMME_GAME.seat_count(Game(seed=1).events)
    assert not CHIBRE_GAME.begins(PommeGame(3, seed=1).events)
    assert spec_of([]) is CHIBRE_GAME  # nothing says otherwise: Chibre's replay says why not


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_each_games_bots_come_from_its_spec_and_play_a_legal_action(level):
    game = Game(seed=2)
    assert decide(CHIBRE_GAME.make_bot(level, 1), game.view(game.current_player)) in \
        game.legal_actions()
    pomme = PommeGame(3, seed=2)
    assert POMME_GAME.make_bot(level, 1).choose_action(pomme.view(pomme.current_player)) in \
        pomme.legal_actions()


@pytest.mark.parametrize("game", [Game(seed=5), PommeGame(2, seed=5), PommeGame(3, seed=5)],
                         ids=["chibre", "pomme-2", "pomme-3"])
def test_each_games_coach_comes_from_its_spec_and_ranks_every_legal_action(game):
    spec = spec_of(game.events)
    view = game.view(game.current_player)
    found = spec.assess(view, seed=1)
    assert {a.action for a in found} == set(game.legal_actions())
    scores = [a.points if spec is CHIBRE_GAME else a.value for a in found]
    assert scores == sorted(scores, reverse=True)


def test_games_are_named_once_and_an_unknown_name_says_which_there_are():
    assert [spec.key for spec in GAMES] == ["chibre", "pomme"]
    assert game_spec("pomme") is POMME_GAME
    with pytest.raises(KeyError, match="the games are chibre, pomme"):
        game_spec("putz")
