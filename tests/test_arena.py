"""engine.arena: duplicate deals, the report, and the command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.arena import DealResult, Match, arena_deal, main, percentile, play_deal, share
from engine.chibre.bots import Budget


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


def test_the_expert_of_2026_11_27_stays_in_the_arena_under_its_own_name():
    from engine.chibre.bots import ARENA_BOT_NAMES, EXPERT_BUDGETS, make_bot
    from engine.chibre.bots.expert import EXPERT_1_BUDGET

    assert "expert-1" in ARENA_BOT_NAMES and EXPERT_BUDGETS["expert-1"] is EXPERT_1_BUDGET
    bot = make_bot("expert-1", 3)
    assert bot.name == "expert-1" and bot.budget == EXPERT_1_BUDGET  # type: ignore[attr-defined]


def test_set_changes_only_the_named_sides_budget(capsys):
    from engine.arena.cli import _budget
    from engine.chibre.bots.expert import EXPERT_1_BUDGET

    budget = _budget("expert-1", {}, ["worlds=7", "model=false", "evaluation=blind"])
    assert budget is not None
    assert (budget.worlds, budget.model, budget.evaluation) == (7, False, "blind")
    assert budget.pool == EXPERT_1_BUDGET.pool
    assert _budget("expert-1", {}, []) is None  # the bot's own
    for wrong in (["planets=3"], ["worlds=many"], ["model=yes"], ["worlds"]):
        with pytest.raises(ValueError):
            _budget("expert", {}, wrong)
    with pytest.raises(ValueError, match="heuristic has none"):
        _budget("heuristic", {}, ["worlds=3"])
    with pytest.raises(SystemExit):
        main(["expert", "expert-1", "--set", "planets=3"])
    assert "FIELD=VALUE" in capsys.readouterr().err


def test_a_trump_chooser_is_measured_with_the_card_play_fixed():
    # Both sides play their cards by the rules; only the trump choice differs.
    match = Match("expert", "expert", seed=5,
                  budget=Budget(play="rules", trump="rule"), budget_b=Budget(play="rules"))
    same = Match("expert", "expert", seed=5, budget=Budget(play="rules"),
                 budget_b=Budget(play="rules"))
    result = play_deal(same, 0)
    assert result.a_points == tuple(reversed(result.b_points))  # one play, both seats' sides
    assert all(a + b >= 157 for a, b in zip(play_deal(match, 0).a_points,
                                               play_deal(match, 0).b_points, strict=True))


def test_set_gives_pommes_experts_their_budget_and_refuses_set_b(capsys):
    from engine.arena.cli import _changed
    from engine.pomme.expert import POMME_EXPERT_BUDGET

    budget = _changed(POMME_EXPERT_BUDGET, {}, ["worlds=3", "exact_worlds=2"])
    assert (budget.worlds, budget.exact_worlds) == (3, 2)
    assert budget.start_worlds == POMME_EXPERT_BUDGET.start_worlds
    with pytest.raises(SystemExit):
        main(["expert", "heuristic", "--pomme", "3", "--set-b", "worlds=3"])
    assert "one budget" in capsys.readouterr().err
