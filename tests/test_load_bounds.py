"""Content checking has a bound per item and stops at once when the app quits (issue 38): the
kept figures are sanity-checked (a damaged one is measured again), repeats are measured once, a
missing file of kept figures is said, and a quit ends a load at its next item."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator

import pytest

from tutor.content import loader, strategy
from tutor.content.strategy import Checks, solution_from_json, solution_to_json
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.data import data_root

GOOD = {"values": [["HA", 60.5], ["H6", 40.0]], "errors": [["H6", 2.0]], "deals": 40,
        "unit": "points", "model": []}


@pytest.fixture(scope="module")
def task(content) -> StrategyTask:
    return content.strategy_tasks()[0]


@pytest.fixture
def measures(monkeypatch) -> Iterator[list[StrategyTask]]:
    """Every measure asked for, answered at once with a clear figure."""
    asked: list[StrategyTask] = []

    def measure(task: StrategyTask) -> StrategySolution:
        asked.append(task)
        solution = solution_from_json(GOOD)
        assert solution is not None
        return solution

    monkeypatch.setattr(strategy, "measure", measure)
    yield asked


@pytest.mark.parametrize("change", [
    {"unit": "share"},  # 60.5 as a share: 6050% of the deals
    {"deals": True}, {"deals": 0}, {"deals": 1.5}, {"deals": 10**9},
    {"values": [["HA", float("nan")], ["H6", 40.0]]},
    {"values": [["HA", 1e9], ["H6", 40.0]]},
    {"values": [["HA", -3.0], ["H6", -4.0]]},
    {"values": [["HA", 40.0], ["H6", 60.5]]},  # not in order
    {"values": [["HA", 60.5], ["HA", 40.0]]},  # a choice twice
    {"errors": [["HK", 2.0]]}, {"errors": [["H6", -1.0]]},
    {"model": [["SA", 1.0]]},
])
def test_a_kept_figure_that_is_not_sane_is_no_figure(change):
    assert solution_from_json(GOOD) is not None
    assert solution_from_json({**GOOD, **change}) is None


def test_every_shipped_kept_figure_passes_the_sanity_check():
    kept = json.loads((data_root() / strategy.CHECKS_FILE).read_text(encoding="utf-8"))["checks"]
    assert kept and all(solution_from_json(figure) is not None for figure in kept.values())
    assert all(solution_to_json(solution_from_json(f)) == f for f in kept.values())  # type: ignore[arg-type]


def test_a_damaged_kept_figure_is_measured_again_not_refused(tmp_path, task, measures):
    path = tmp_path / "engine-checks.json"
    path.write_text(json.dumps({"checks": {strategy.digest(task): {**GOOD, "unit": "share"}}}))
    checks = Checks(path)
    assert checks.solve(task) == solution_from_json(GOOD)
    assert measures == [task]


def test_a_repeated_item_is_measured_once(task, measures):
    checks = Checks(None)
    for _ in range(5):
        checks.solve(task)
    assert measures == [task]


def test_a_missing_file_of_kept_figures_is_said_once_when_it_costs_time(tmp_path, task,
                                                                        measures, capsys):
    checks = Checks(tmp_path / "engine-checks.json")
    assert checks.problem is not None and "no file of kept figures" in checks.problem
    checks.solve(task)
    checks.solve(task)
    assert capsys.readouterr().err.count("no file of kept figures") == 1


def test_no_item_is_measured_past_the_bound(task, measures):
    with strategy.measuring_until(time.monotonic()), pytest.raises(strategy.OutOfTime):
        Checks(None).solve(task)
    assert measures == []


def test_a_kept_figure_is_used_past_the_bound(tmp_path, task, measures):
    path = tmp_path / "engine-checks.json"
    path.write_text(json.dumps({"checks": {strategy.digest(task): GOOD}}))
    with strategy.measuring_until(time.monotonic()):
        assert Checks(path).solve(task) == solution_from_json(GOOD)
    assert measures == []


@pytest.fixture
def quitting() -> Iterator[None]:
    loader.stop_loading()
    try:
        yield
    finally:
        strategy.STOP.clear()


def test_a_quit_ends_a_load_at_once(quitting):
    started = time.monotonic()
    with pytest.raises(strategy.Stopped):
        loader.load_content(data_root())
    assert time.monotonic() - started < 5  # not the whole load: it stops at its first item


def test_a_quit_ends_the_measure_of_a_trump_decision_within_its_deals(quitting, content):
    trump_task = next(t for t in content.strategy_tasks() if t.trump is None)
    with pytest.raises(strategy.Stopped):
        strategy.measure(trump_task)


def test_a_lesson_whose_items_run_past_the_bound_is_refused_and_named(tmp_path, monkeypatch):
    """The bound is checked at each strategy item, inside a step, not only between steps: a
    lesson whose measuring runs out of time is one problem, never an unforeseen error."""
    (tmp_path / "lessons").mkdir()
    shutil.copy(data_root() / "lessons" / "22-trump-or-chibre.yaml", tmp_path / "lessons")

    def out_of_time(task: StrategyTask) -> StrategySolution:
        raise strategy.OutOfTime("past the bound")

    monkeypatch.setattr(strategy, "measure", out_of_time)  # no kept figures: every item
    content = loader.load_content(tmp_path)
    [problem] = [p for p in content.problems if p.path.startswith("lessons")]
    assert "checking this lesson took over" in problem.message
    assert content.lessons == []
