"""Motion that explains (issue 35 item 3): a card played travels from its seat (the learner's
from the hand) to the trick, a trick taken travels to its taker; any key or click of the
learner's puts every card in its place at once; under "reduce motion" (the tests' default, and
``--watch --fast``) nothing moves and no animation is made at all."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLabel

from engine import Card
from tests import test_ui_table_hand
from tests.test_ui_table_hand import CHIBRE, settle
from tutor.ui import theme
from tutor.ui.theme import NO_MOTION_ENV, set_reduce_motion

make_window = test_ui_table_hand.make_window  # the same window: fast bots, an empty content


@pytest.fixture
def motion(monkeypatch):
    """Motion on for the test (a window made with ``fast`` turns it off: turn it on after)."""
    monkeypatch.delenv(NO_MOTION_ENV, raising=False)
    yield lambda: set_reduce_motion(False)
    set_reduce_motion(False)


@pytest.fixture
def moving_table(make_window, motion):
    """A Chibre table waiting for the learner's card, with motion on."""
    window = make_window()
    motion()
    window.play.new_game(CHIBRE, seed=4)
    settle(window)
    return window


def ghosts(window) -> list[QLabel]:
    return [g for g in window.play.view.motion.area.findChildren(QLabel, "motionGhost")
            if g.isVisible()]


def first_card(window) -> Card:
    view = window.play.table.view()
    return next(a for a in view.legal_actions if isinstance(a, Card))


def test_a_card_played_travels_from_its_seat_and_a_key_puts_it_in_place(qtbot, moving_table):
    window = moving_table
    page = window.play
    assert theme.motion_ms() > 0
    card = first_card(window)
    page.learner_acts(card)
    view = page.chibre_view
    assert view.motion.running and len(ghosts(window)) == 1
    played = view.trick.seat_widget(0)
    assert played.card == card and played.isVisible()  # in its place already, for the reader
    assert played.graphicsEffect() is not None  # not drawn until its picture arrives
    qtbot.keyClick(window, Qt.Key.Key_Shift)  # any key of the learner's
    assert not view.motion.running and ghosts(window) == []
    assert played.graphicsEffect() is None


def test_the_learners_card_travels_from_where_it_lay_in_the_hand(qtbot, moving_table,
                                                                monkeypatch):
    window = moving_table
    page = window.play
    view = page.chibre_view
    card = first_card(window)
    in_hand = view.hand.widget_for(card)
    assert in_hand is not None
    area = view.motion.area  # the moves are drawn over the whole table, the hand included
    lay = area.mapFromGlobal(in_hand.mapToGlobal(in_hand.rect().center()))
    starts = []
    fly_in = view.motion.fly_in
    monkeypatch.setattr(view.motion, "fly_in",
                        lambda widget, start: (starts.append(start), fly_in(widget, start)))
    page.learner_acts(card)
    assert starts and starts[0].toPoint() == lay  # from the hand, not from the seat's chip
    assert lay.y() > view.felt.geometry().bottom()  # below the felt: it rises into it
    (ghost,) = ghosts(window)
    assert area.rect().contains(ghost.geometry())  # drawn where the hand is, not cut off


def test_a_trick_taken_travels_to_the_chip_of_its_taker(qtbot, moving_table, monkeypatch):
    window = moving_table
    page = window.play
    view = page.chibre_view
    taken = []
    fly_away = view.motion.fly_away
    monkeypatch.setattr(view.motion, "fly_away",
                        lambda pictures, target: (taken.append((len(pictures), target)),
                                                  fly_away(pictures, target)))
    page.learner_acts(first_card(window))
    settle(window)  # the bots play, the trick is taken, the learner leads or follows again
    won = page.table.view().tricks[0]
    chip = view.felt.mapTo(view.motion.area, view.felt.chip_centre(won.winner).toPoint())
    assert taken and taken[0] == (4, QPointF(chip))


def test_under_reduce_motion_nothing_moves(qtbot, make_window):
    window = make_window()
    page = window.play
    page.new_game(CHIBRE, seed=4)
    settle(window)
    assert theme.motion_ms() == 0
    page.learner_acts(first_card(window))
    assert not page.chibre_view.motion.running and ghosts(window) == []
    assert page.chibre_view.trick.seat_widget(0).graphicsEffect() is None
