"""engine.arena.pomme: each deal played with A in every seat, the Putz share, the command line."""

from __future__ import annotations

from engine.arena import main
from engine.arena.pomme import (
    PommeDealResult,
    PommeMatch,
    play_pomme_deal,
    pomme_arena_deal,
    putz_share,
    ratio,
)


def test_each_deal_is_played_once_with_a_in_every_seat_and_every_mark_counted():
    for players in (3, 5):
        result = play_pomme_deal(PommeMatch(players, "heuristic", "random", seed=4), 0)
        assert len(result.a_marks) == len(result.a_points) == players
        for a, b in zip(result.a_points, result.b_points, strict=True):
            assert 100 < a + b <= 157  # the cards played and the 5 (those out of play: nobody)
        assert result.a_putz >= 0 and result.putz >= result.a_putz
        assert len(result.a_ms) > 0 and len(result.b_ms) > len(result.a_ms)
    assert pomme_arena_deal(3, 4, 0) == pomme_arena_deal(3, 4, 0) != pomme_arena_deal(3, 4, 1)


def test_a_pomme_match_is_reproducible_for_a_seed():
    match = PommeMatch(3, "heuristic", "random", seed=2)
    assert play_pomme_deal(match, 3).a_marks == play_pomme_deal(match, 3).a_marks


def test_the_putz_share_and_its_error():
    results = [PommeDealResult((1, 0, 1), (1, 2, 0), (60, 20, 80), (97, 137, 77), 1, 2, 2,
                               (), (), (), ()),
               PommeDealResult((0, 0, 1), (2, 2, 1), (30, 40, 55), (127, 117, 102), 0, 0, 5,
                               (), (), (), ())]
    share, error = putz_share(results)
    assert abs(share - 3 / (3 + 7)) < 1e-9 and error >= 0
    assert ratio([], []) == (0.0, 0.0)


def test_the_command_line_plays_pomme(capsys):
    assert main(["--pomme", "5", "heuristic", "random", "--deals", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Pomme for 5: heuristic (A) against 4 random (B): 1 deals" in out
    assert "A's share of the Putz points:" in out and "equal play 20.0%" in out
    assert "marks per round" in out and "apples" in out and "p95" in out
