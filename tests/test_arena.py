"""engine.arena: duplicate deals, the report, and the command line."""

from __future__ import annotations

import subprocess
import sys

from engine.arena import DealResult, Match, arena_deal, main, percentile, play_deal, share


def test_each_deal_is_played_twice_with_the_same_cards_and_every_point_counted():
    result = play_deal(Match("heuristic", "random", seed=4), 0)
    assert len(result.a_points) == len(result.b_points) == 2
    for a, b in zip(result.a_points, result.b_points, strict=True):
        assert a + b >= 157  # cards, plus the match, announcements and Stöck
    assert arena_deal(4, 0) == arena_deal(4, 0) != arena_deal(4, 1)


def test_a_match_is_reproducible_for_a_seed():
    match = Match("heuristic", "random", seed=2)
    assert play_deal(match, 3).a_points == play_deal(match, 3).a_points


def test_share_and_percentile():
    results = [DealResult((100, 60), (57, 97), (), (), (), ()),
               DealResult((80, 80), (77, 77), (), (), (), ())]
    ratio, error = share(results)
    assert abs(ratio - 320 / 628) < 1e-9 and error >= 0
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([], 0.95) == 0


def test_the_command_line_prints_the_share_rounds_and_times(capsys):
    assert main(["heuristic", "random", "--deals", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "A's share of the points:" in out and "rounds won:" in out
    assert "median" in out and "p95" in out


def test_python_dash_m_engine_arena_runs_the_expert_on_two_processes():
    run = subprocess.run(
        [sys.executable, "-m", "engine.arena", "expert", "random", "--deals", "2",
         "--processes", "2", "--worlds", "2", "--depth", "1", "--exact", "2"],
        capture_output=True, text=True, check=True)
    assert "expert (A) vs random (B): 2 deals" in run.stdout
