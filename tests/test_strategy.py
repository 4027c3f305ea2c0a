"""Strategy decisions (tutor.content.strategy): every shipped answer is the engine's, by a clear
margin; a wrong, close or impossible one is refused with its figures; kept figures serve only
the position they were measured for."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine import Card, CardSet, Trump
from tutor.content import Content, load_content
from tutor.content.loader import ROOT
from tutor.content.strategy import (
    CHECKS_FILE,
    MIN_POINTS,
    MIN_Z,
    Checks,
    PositionError,
    digest,
    measure,
    position_game,
    problem,
    use_checks,
)
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.content.themes import Kind

PLAYED = "CA SJ CJ CT DA DJ D8 SQ S9 C6 DT S6 CK CQ H7 S7 C9 SK D7 HA D6 DK DQ D9 HK H8 SA C7"
# Two tricks left; the learner leads with H6 and S8 (spades trump): measured in a blink.
ENDING = StrategyTask(
    tuple(CardSet.parse(h) for h in ("H6 D8 D9 C9 CT S6 S7 S8 SA", "D6 C7 C8 CK CA S9 ST SQ SK",
                                      "HT HJ HK D7 DK DA C6 CQ SJ",
                                      "H7 H8 H9 HQ HA DT DJ DQ CJ")),
    1, False, Trump.SPADES,
    tuple(map(Card.parse, PLAYED.split())))


def test_every_shipped_strategy_figure_is_what_the_engine_measures_now(content: Content) -> None:
    """The kept figures are measured again, item by item, and must be the same: measured
    ahead on every core (the positions are those the session's load read), then the content
    is loaded again with them in place of the kept ones."""
    checks = Checks(ROOT / CHECKS_FILE, trust=False)
    assert checks.measure_ahead(content.strategy_tasks()) >= 156
    try:
        use_checks(ROOT, checks)
        content = load_content()
    finally:
        use_checks(ROOT, Checks(ROOT / CHECKS_FILE))
    assert content.problems == []
    assert checks.differences() == []
    strategy = [p for p in content.puzzles if p.kind is Kind.STRATEGY]
    exercises = [e for lesson in content.lessons for e in lesson.exercises
                 if isinstance(e.task, StrategyTask)]
    assert len(strategy) >= 120 and len(exercises) >= 36
    kept = json.loads((ROOT / CHECKS_FILE).read_text(encoding="utf-8"))["checks"]
    assert set(kept) == checks.used  # no figure for an item no longer shipped


def test_every_shipped_strategy_answer_wins_by_the_stated_margin(content: Content) -> None:
    items = [(p.id, p.solution) for p in content.puzzles if p.kind is Kind.STRATEGY]
    items += [(lesson.id, e.solution) for lesson in content.lessons for e in lesson.exercises
              if isinstance(e.solution, StrategySolution)]
    for name, solution in items:
        assert problem(solution) is None, name
        assert solution.margin >= (0.1 if solution.unit == "share" else MIN_POINTS), name


def test_an_ending_is_measured_and_its_answer_defended() -> None:
    solution = measure(ENDING)
    assert solution.answer == "H6"
    assert solution.runner_up[0] == "S8"
    assert problem(solution) is None


def test_a_close_choice_is_refused_with_the_figures() -> None:
    close = StrategySolution((("HA", 30.0), ("HK", 28.5)), (("HK", 0.5),), 40, "points")
    found = problem(close)
    assert found is not None and "too close to call" in found and "HK" in found
    noisy = StrategySolution((("HA", 30.0), ("HK", 20.0)), (("HK", 10.0 / MIN_Z + 1),), 40,
                             "points")
    assert "standard error" in (problem(noisy) or "")


def test_a_trump_choice_the_two_measures_disagree_on_is_refused() -> None:
    solution = StrategySolution((("H", 90.0), ("chibre", 70.0)), (("chibre", 1.0),), 400,
                                "points", (("H", 40.0), ("chibre", 60.0)))
    assert "disagree" in (problem(solution) or "")


def test_a_card_nobody_could_play_names_the_played_field() -> None:
    wrong = dataclasses.replace(ENDING, played=(*ENDING.played[:-1], Card.parse("HA")))
    with pytest.raises(PositionError) as raised:
        position_game(wrong)
    assert raised.value.field == "played"


def test_a_stored_answer_the_engine_does_not_prefer_is_refused_by_the_loader(
        tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "strategy.yaml").write_text("""
- id: sg001
  kind: strategy
  themes: [last-tricks]
  difficulty: 2
  deal: ["H6 D8 D9 C9 CT S6 S7 S8 SA", "D6 C7 C8 CK CA S9 ST SQ SK", "HT HJ HK D7 DK DA C6 CQ SJ",
         "H7 H8 H9 HQ HA DT DJ DQ CJ"]
  chooser: 1
  trump: S
  played: "CA SJ CJ CT DA DJ D8 SQ S9 C6 DT S6 CK CQ H7 S7 C9 SK D7 HA D6 DK DQ D9 HK H8 SA C7"
  answer: S8
""", encoding="utf-8")
    found = [str(p) for p in load_content(tmp_path).problems if "sg001" in str(p)]
    assert any("answer" in p and "H6" in p for p in found), found


def test_kept_figures_serve_only_the_position_they_were_measured_for(tmp_path: Path) -> None:
    path = tmp_path / CHECKS_FILE
    path.parent.mkdir()
    fake = {"values": [["S8", 99.0], ["H6", 0.0]], "errors": [["H6", 0.1]], "deals": 40,
            "unit": "points", "model": []}
    other = dataclasses.replace(ENDING, chooser=3)
    path.write_text(json.dumps({"method": "x", "checks": {digest(other): fake}}),
                    encoding="utf-8")
    checks = Checks(path)
    assert checks.solve(ENDING).answer == "H6"  # not kept for this one: measured
    assert checks.solve(other).answer == "S8"  # kept for that one (a test of the lookup)
    assert digest(ENDING) != digest(other)


@pytest.mark.parametrize("damage", ["fifo", "deep", "huge", "not json"])
def test_kept_figures_that_cannot_be_read_are_named_and_measured_again(tmp_path: Path,
                                                                        damage: str) -> None:
    import os

    from tutor.content.strategy import MAX_CHECKS_BYTES

    path = tmp_path / CHECKS_FILE
    path.parent.mkdir()
    if damage == "fifo":
        os.mkfifo(path)  # reading it would wait for ever: it is looked at, never opened
    elif damage == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif damage == "huge":
        path.write_bytes(b" " * (MAX_CHECKS_BYTES + 1))
    else:
        path.write_text("{checks:", encoding="utf-8")
    checks = Checks(path)
    assert checks.problem is not None and str(path) in checks.problem
    assert "measured again" in checks.problem
    assert checks.solve(ENDING).answer == "H6"  # measured: the answer is the engine's


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity"])
def test_a_kept_figure_that_is_not_a_finite_number_is_measured_again(tmp_path: Path,
                                                                      bad: str) -> None:
    path = tmp_path / CHECKS_FILE
    path.parent.mkdir()
    kept = ('{"values": [["S8", BAD], ["H6", 0.0]], "errors": [["H6", 0.1]], "deals": 40, '
            '"unit": "points", "model": []}').replace("BAD", bad)
    text = '{"method": "x", "checks": {"' + digest(ENDING) + '": ' + kept + "}}"
    path.write_text(text, encoding="utf-8")
    checks = Checks(path)
    assert checks.problem is None
    solution = checks.solve(ENDING)
    assert solution.answer == "H6" and all(abs(v) < 1000 for _, v in solution.values)
