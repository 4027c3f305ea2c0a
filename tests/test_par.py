"""engine.par: a round's par is what the learner's reviewed choices gave away against the
expert's, each measured over the same deals, with its standard error (issue 34, item 3)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import MISTAKE_THRESHOLD
from engine.advice import difference_error
from engine.par import RoundPar
from scripts.par_agreement import club_rounds  # the figure's own rounds, not in the package
from tutor.table.session import COACH_BUDGET, review_round

SEATS = ("learner", "heuristic", "heuristic", "heuristic")

losses = st.lists(st.tuples(st.floats(0, 200), st.floats(0, 30)), max_size=12)


@given(losses)
def test_the_par_is_minus_the_points_lost_and_never_above_zero(found):
    par = RoundPar.of(3, found)
    assert par.par <= 0 and par.decisions == len(found)
    # a tenth, rounded: 0.75 is kept as 0.8, a half-tenth off but for the float's last bit
    assert par.lost == pytest.approx(sum(lost for lost, _ in found), abs=0.05 + 1e-9)
    assert abs(par.par + par.lost) <= 0.5


@given(losses)
def test_the_errors_of_the_decisions_add_as_independent_ones(found):
    par = RoundPar.of(0, found)
    assert par.error == pytest.approx(math.sqrt(sum(e * e for _, e in found)),
                                      abs=0.05 + 1e-9)
    assert par.error <= sum(e for _, e in found) + 0.05 + 1e-9


@given(losses, st.integers(0, 40))
def test_a_par_saved_with_a_game_reads_back_the_same(found, number):
    par = RoundPar.of(number, found)
    assert RoundPar.from_row(par.row()) == par


def test_a_decision_cannot_lose_less_than_nothing():
    with pytest.raises(ValueError):
        RoundPar.of(0, [(-1.0, 0.0)])
    with pytest.raises(ValueError):
        RoundPar.of(0, [(1.0, -0.5)])


def test_the_error_of_a_difference_is_that_of_the_paired_deals():
    best, other = [10.0, 20.0, 30.0, 40.0], [8.0, 20.0, 25.0, 39.0]
    diffs = [2.0, 0.0, 5.0, 1.0]
    mean = sum(diffs) / 4
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 3)
    assert difference_error(best, other) == pytest.approx(spread / 2)
    # the same deal's luck cancels: a constant difference has no error at all
    assert difference_error([1.0, 50.0, 90.0], [0.0, 49.0, 89.0]) == 0
    assert difference_error([1.0], [0.0]) == 0 and difference_error([], []) == 0
    assert difference_error([1.0, 2.0], [1.0]) == 0  # not measured deal by deal


def test_over_50_rounds_the_par_and_the_review_agree_in_sign_beyond_the_threshold():
    """Whenever the review's points lost or the par is beyond the mistake threshold, the two
    say the same: the par is below 0 exactly when the choices lost points."""
    judged = 0
    for events, number in club_rounds(50, seed=1):  # the rounds of scripts/par_agreement.py
        reviews = review_round(events, SEATS, number, COACH_BUDGET)  # type: ignore[arg-type]
        par = RoundPar.of(number, [(r.lost, r.lost_error) for r in reviews])
        lost = sum(r.lost for r in reviews)
        if lost > MISTAKE_THRESHOLD or abs(par.par) > MISTAKE_THRESHOLD:
            judged += 1
            assert par.par < 0 < lost, (number, par, lost)
        assert all(r.lost_error >= 0 for r in reviews)
    assert judged >= 10  # club players lose points: the check is not empty
