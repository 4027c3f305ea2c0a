"""Positions of Pomme from the learner's games, re-dealt (issue 36, item 2, for Pomme): every
legal choice measured by the Pomme expert's own search over fresh deals of what the learner
could not see, the course's acceptance rule deciding between a drill and a close call; the
verdict in the Pomme coach's words, reason first; the drill answered on the Puzzles page with
a card or with a choice's button, through real widgets offscreen."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

import pytest
from PySide6.QtCore import Qt

from engine import Card, PommeChoice, PommeGame, PommePhase, PommeView
from tests.test_progress import Clock
from tests.test_ui_pages import cards_in, click
from tutor.content.strategy import MIN_POINTS, MIN_Z, problem
from tutor.progress import LADDER, Progress, drill_text
from tutor.progress.drills import (
    POMME_DRILL_BUDGET,
    CloseCall,
    Drill,
    drill_seed,
    measure,
    prepare,
)
from tutor.progress.kept import KeptPosition, choice_of, kept_pomme_position
from tutor.ui.pages.drill_panel import DrillPanel

DAY = date(2026, 11, 27)


def pomme_positions(players: int, seed: int, count: int = 4) -> list[KeptPosition]:
    """The first ``count`` decisions of seat 0 with more than one choice in a random game of
    Pomme for ``players``, kept as a mistake (the last legal choice, the first as best)."""
    game = PommeGame(players, seed=seed)
    rng = random.Random(seed)
    found: list[KeptPosition] = []
    while not game.is_over and len(found) < count:
        if game.current_player == 0 and len(game.legal_actions()) > 1:
            view = game.view(0)
            found.append(kept_pomme_position(f"p{seed}", view.round, len(view.tricks) + 1,
                                             len(found), view, view.legal_actions[-1],
                                             view.legal_actions[0], 9.0, 2.0))
        game.apply(rng.choice(game.legal_actions()))
    return found


def first(players: int, seed: int, want: type, phase: PommePhase | None = None) -> KeptPosition:
    """A position of Pomme whose re-deal on ``DAY`` is a ``want`` (Drill or CloseCall)."""
    for offset in range(40):
        for position in pomme_positions(players, seed + offset):
            view = position.view
            assert isinstance(view, PommeView)
            if phase is not None and view.phase is not phase:
                continue
            if isinstance(prepare(position, DAY), want):
                return position
    raise AssertionError(f"no {want.__name__} of Pomme for {players} found")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_pomme_position_is_measured_over_fresh_deals_by_the_courses_rule(players: int) -> None:
    for position in pomme_positions(players, seed=players):
        seed = drill_seed(position, DAY)
        solution = measure(position, seed)
        assert solution == measure(position, seed)  # the same all day
        assert solution.deals >= POMME_DRILL_BUDGET.exact_worlds
        codes = {code for code, _value in solution.values}
        assert codes == {str(a) if isinstance(a, Card) else a.name
                         for a in position.view.legal_actions}
        values = [value for _code, value in solution.values]
        assert values == sorted(values, reverse=True)
        found = prepare(position, DAY)
        if isinstance(found, Drill):
            assert problem(solution) is None
            assert found.margin >= MIN_POINTS and found.margin >= MIN_Z * found.error
            assert found.best == choice_of(solution.answer)
        else:
            assert isinstance(found, CloseCall) and found.why == problem(solution)


def test_a_pomme_drill_says_first_why_in_the_pomme_coachs_words() -> None:
    position = first(3, 1, Drill)
    drill = prepare(position, DAY)
    assert isinstance(drill, Drill)
    other = next(a for a in position.view.legal_actions if a != drill.best)
    lines = drill_text.reason_lines(drill, other)
    assert lines[0].startswith("Why ") and "±" not in lines[0]  # a reason, not a figure
    figures = drill_text.figures(drill)
    assert f"Over {drill.solution.deals} deals" in figures[0] and "±" in figures[0]
    assert drill_text.theme(drill) is None  # Pomme has no strategy lesson to name
    assert drill_text.situation(position)[0].startswith("Shown: the ")


def test_a_pomme_close_call_says_either_choice_is_reasonable() -> None:
    close = prepare(first(5, 2, CloseCall), DAY)
    assert isinstance(close, CloseCall)
    lines = drill_text.close_call_lines(close)
    assert "either choice is reasonable" in lines[0]


def test_a_blind_position_asks_what_to_do_not_which_card() -> None:
    position = first(2, 1, Drill, PommePhase.BLIND)
    assert drill_text.question(position) == (
        "The other hands are hidden. What would a strong player do?")


def drill_panel(qtbot, tmp_path, position: KeptPosition) -> tuple[DrillPanel, Progress]:
    now = datetime(DAY.year, DAY.month, DAY.day, 12).astimezone()
    clock = Clock(now)
    progress = Progress(tmp_path / "pomme.sqlite3", clock=clock)
    progress.keep_positions([position])
    clock.advance(LADDER[0])
    panel = DrillPanel(progress)
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show()
    panel.start()
    qtbot.waitUntil(lambda: panel.drill is not None)
    return panel, progress


def test_a_pomme_card_drill_is_answered_from_the_hand_with_its_trick_under_seat_names(
        qtbot, tmp_path) -> None:
    position = next(p for offset in range(40) for p in pomme_positions(3, 7 + offset)
                    if p.view.phase is PommePhase.PLAY and p.view.trick
                    and isinstance(prepare(p, DAY + timedelta(0)), Drill)
                    and all(isinstance(a, Card) for a in p.view.legal_actions))
    panel, progress = drill_panel(qtbot, tmp_path, position)
    drill = panel.drill
    assert isinstance(drill, Drill) and isinstance(drill.best, Card)
    assert panel.pomme_trick.isVisible() and not panel.trick.isVisible()
    view = position.view
    assert len(panel.pomme_trick.cards()) == len(view.trick)
    assert panel.pomme_trick.caption(0).text().endswith("· leads")
    card = cards_in(panel.hand)[str(drill.best)]
    card.setFocus()
    qtbot.keyClick(card, Qt.Key.Key_Return)
    assert panel.verdict.text() == "Right."
    assert panel.explanation.text().startswith("Why ")
    progress.close()


def test_a_pomme_choice_is_answered_with_its_button(qtbot, tmp_path) -> None:
    position = first(2, 1, Drill, PommePhase.BLIND)
    panel, progress = drill_panel(qtbot, tmp_path, position)
    drill = panel.drill
    assert isinstance(drill, Drill) and isinstance(drill.best, PommeChoice)
    shown = {choice for button, choice in panel.pomme_buttons if button.isVisible()}
    assert shown == {PommeChoice.KEEP_BLIND, PommeChoice.EXCHANGE_BLIND}
    wrong = next(c for c in shown if c != drill.best)
    [button] = [b for b, choice in panel.pomme_buttons if choice == wrong]
    assert button.text()[:1].isupper()
    click(qtbot, button)
    assert panel.verdict.text() == "Not quite."
    assert panel.explanation.text().startswith("Why ")
    progress.close()
