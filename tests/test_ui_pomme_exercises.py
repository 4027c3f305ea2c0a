"""Pomme exercises on screen (R-POMME): a trick of 3 or 5 cards in a row under its players'
names, answered with the mouse and the keyboard; the marks with a spin box per player; the aside
with its two buttons. At the smallest window a trick of five fits its column."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine import Card, CardSet, Trump
from tests.test_ui_pages import cards_in, click
from tutor.content.kinds import solve
from tutor.content.tasks import AsideTask, LegalTask, MarksTask, WinnerTask
from tutor.ui.widgets.exercise import ExerciseView
from tutor.ui.widgets.trick_row import TrickRow


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def show(qtbot: Any, task: Any, width: int = 900) -> ExerciseView:
    view = ExerciseView()
    qtbot.addWidget(view)
    view.resize(width, 700)
    view.show_task(task, solve(task), context="sample")
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view


@pytest.mark.parametrize("trick, answer", [("SK SA S6", "SA"), ("HA H6 SK S9 HK", "S9")])
def test_a_pomme_trick_is_a_row_named_by_player_and_its_winner_is_chosen(qtbot, trick, answer):
    task = WinnerTask(Trump.SPADES, cards(trick))
    view = show(qtbot, task)
    row = view.trick_row
    assert isinstance(row, TrickRow) and view.trick is None  # not the 4-seat cross
    assert row.cards() == list(task.trick)
    names = [row.caption(i).text() for i in range(len(task.trick))]
    assert names[0] == "Player 1 · leads" and names[1:] == [
        f"Player {n}" for n in range(2, len(task.trick) + 1)]
    assert row.card_widgets()[1].accessibleName().startswith("Player 2")
    assert f"Pomme for {len(task.trick)} players" in view.prompt.text()
    lefts = [w.x() for w in row.card_widgets()]
    assert lefts == sorted(lefts)  # lead first, left to right
    with qtbot.waitSignal(view.answered) as blocker:
        click(qtbot, cards_in(row)[answer])
    assert blocker.args == [True, answer]
    assert row.card_widgets()[task.trick.index(Card.parse(answer))].highlighted


def test_a_trick_of_five_is_answered_with_the_arrows_and_enter(qtbot):
    task = WinnerTask(Trump.DIAMONDS, cards("D8 DA DK DQ D9"))
    view = show(qtbot, task)
    row = view.trick_row
    assert row is not None
    widgets = row.card_widgets()
    widgets[0].setFocus()
    for _ in range(4):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert widgets[4].hasFocus()
    with qtbot.waitSignal(view.answered) as blocker:
        qtbot.keyClick(widgets[4], Qt.Key.Key_Return)
    assert blocker.args == [True, "D9"]


def test_a_trick_of_five_fits_a_narrow_column(qtbot):
    task = WinnerTask(Trump.SPADES, cards("HA H6 SK S9 HK"))
    view = show(qtbot, task, width=420)
    row = view.trick_row
    assert row is not None
    assert row.shown_height() < view.card_height
    right = max(w.geometry().right() for w in row.card_widgets())
    assert right <= row.width() <= view.width()


def test_a_pomme_legal_position_shows_the_trick_so_far_in_a_row(qtbot):
    task = LegalTask(Trump.HEARTS, CardSet.parse("H8 H7 DK SA"), cards("CA C9 HT C6"),
                     players=5)
    view = show(qtbot, task)
    assert view.trick_row is not None and len(view.trick_row.cards()) == 4
    hand = cards_in(view.hand)
    for code in ("DK", "SA"):
        click(qtbot, hand[code])
    with qtbot.waitSignal(view.answered) as blocker:
        click(qtbot, view.check_button)
    assert blocker.args[0] is True


def test_marks_are_set_per_player_and_a_wrong_one_shows_the_engines(qtbot):
    view = show(qtbot, MarksTask((100, 17, 20)))
    captions = [caption.text() for caption, _player, _points in view.mark_labels]
    assert captions == ["Player 1: 100 points", "Player 2: 17 points", "Player 3: 20 points"]
    assert [spin.minimum() for spin in view.spins] == [-1, -1, -1]
    for spin, mark in zip(view.spins, (1, -1, -1), strict=True):
        spin.setValue(mark)
    with qtbot.waitSignal(view.answered) as blocker:
        click(qtbot, view.check_button)
    assert blocker.args == [False, "1,-1,-1"]
    text = view.explanation.text()
    assert "Player 1: +2" in text and "so the best marks 2" in text


def test_the_aside_is_answered_with_its_buttons(qtbot):
    task = AsideTask(CardSet.parse("C6 C7 C8 D6 D7 D8 S6 S7 DQ"), Card.parse("HA"))
    view = show(qtbot, task)
    assert not view.check_button.isVisible()
    assert view.aside_view is not None and view.aside_view.cards() == [Card.parse("HA")]
    take, keep = view.choice_buttons
    assert (take.text(), keep.text()) == ("Take the aside", "Keep my hand")
    with qtbot.waitSignal(view.answered) as blocker:
        click(qtbot, take)
    assert blocker.args == [True, "take"]
    assert not take.isEnabled() and not keep.isEnabled()
    assert "So take the aside" in view.explanation.text()
