"""Lesson 20, "Playing by keyboard and with a screen reader": it names every key the app binds
(issue 16: every key is in Help and in a lesson), and its exercises are answered with the keys
its prompts name, on the real widgets."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

from engine import Card, CardSet
from tutor.content import Lesson
from tutor.content.tasks import LegalTask, WinnerTask
from tutor.ui.pages.lesson_steps import screens_of
from tutor.ui.widgets.card import CardWidget
from tutor.ui.window import MainWindow

LESSON = "keyboard"


@pytest.fixture
def window(full_window) -> MainWindow:
    return full_window


def settle() -> None:
    for _turn in range(3):
        QApplication.processEvents()


def lesson_of(window: MainWindow) -> Lesson:
    return next(lesson for lesson in window.content.lessons if lesson.id == LESSON)


def bound_keys(window: MainWindow) -> dict[str, str]:
    """Every key bound in the window (shortcuts and menu actions), with where it is bound."""
    keys: dict[str, str] = {}
    for shortcut in window.findChildren(QShortcut):
        key = shortcut.key().toString(QKeySequence.SequenceFormat.PortableText)
        keys.setdefault(key, type(shortcut.parent()).__name__)
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            keys.setdefault(sequence.toString(QKeySequence.SequenceFormat.PortableText),
                            f"menu {action.text()!r}")
    keys.pop("", None)
    return keys


def test_the_keyboard_lesson_has_short_steps_each_with_exercises_that_have_hints(window):
    lesson = lesson_of(window)
    assert 4 <= len(lesson.steps) <= 6
    assert all(1 <= len(step.exercises) <= 2 for step in lesson.steps)
    assert all(exercise.hint for exercise in lesson.exercises)
    kinds = {type(exercise.task) for exercise in lesson.exercises}
    assert {LegalTask, WinnerTask} <= kinds  # the keys are practised on cards the engine checks


def test_the_keyboard_lesson_names_every_key_the_app_binds(window):
    """With every page built (the Play page, an exercise, a round told trick by trick), each
    bound key is written in bold in the text of a step of the lesson."""
    window.show_page("play")
    window.show_page("puzzles")
    window.show_page("learn")
    the_game = next(lesson for lesson in window.content.lessons
                    if any(step.round is not None for step in lesson.steps))
    round_step = next(i for i, step in enumerate(the_game.steps) if step.round is not None)
    position = next(i for i, screen in enumerate(screens_of(the_game))
                    if screen.step == round_step)
    window.learn.open_lesson(the_game.id, position)
    settle()
    keys = bound_keys(window)
    for expected in ("Ctrl+4", "Alt+Right", "Ctrl+Right", "Ctrl+Return", "Ctrl+H", "C", "Esc"):
        assert expected in keys, sorted(keys)  # the window was really built with its pages
    taught = {match.group(1) for step in lesson_of(window).steps
              for match in re.finditer(r"\*\*([^*]+)\*\*", step.text)}
    missing = {key: where for key, where in keys.items() if key not in taught}
    assert missing == {}


def focused_card() -> Card:
    widget = QApplication.focusWidget()
    assert isinstance(widget, CardWidget) and widget.card is not None, widget
    return widget.card


def open_exercise(window: MainWindow, kind: type) -> tuple[int, object]:
    lesson = lesson_of(window)
    window.show_page("learn")
    for position, screen in enumerate(screens_of(lesson)):
        if screen.exercise is not None and isinstance(lesson.exercises[screen.exercise].task,
                                                      kind):
            window.learn.open_lesson(LESSON, position)
            settle()
            return screen.exercise, lesson.exercises[screen.exercise]
    raise AssertionError(f"no {kind.__name__} exercise in the lesson")


def first_card(cards: list[CardWidget]) -> QWidget:
    cards[0].setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    return cards[0]


def test_the_legal_cards_exercise_is_answered_with_the_keys_its_prompt_names(qtbot, window):
    """Right along the hand, Space on every card the engine allows, Ctrl+Return: 'Right.'"""
    _index, exercise = open_exercise(window, LegalTask)
    view = window.learn.view.exercise
    assert view.hand is not None
    for key in ("Right", "Space", "Ctrl+Return"):
        assert key in exercise.prompt  # type: ignore[attr-defined]
    legal = exercise.solution.answer  # type: ignore[attr-defined]
    assert isinstance(legal, CardSet)
    first_card(view.hand.card_widgets())
    seen = []
    for _card in view.hand.card_widgets():
        seen.append(focused_card())
        if focused_card() in legal:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert sorted(seen) == sorted(exercise.task.hand)  # type: ignore[attr-defined]
    assert view.hand.selected() == legal
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    settle()
    assert view.verdict.text() == "Right."


def test_the_trick_winner_exercise_is_answered_with_the_keys_its_prompt_names(qtbot, window):
    """Right along the trick to the card the engine says takes it, Enter: 'Right.'"""
    _index, exercise = open_exercise(window, WinnerTask)
    view = window.learn.view.exercise
    assert view.trick is not None
    for key in ("Right", "Enter"):
        assert key in exercise.prompt  # type: ignore[attr-defined]
    winner = exercise.solution.answer  # type: ignore[attr-defined]
    first_card(view.trick.card_widgets())
    assert focused_card() != winner  # the learner has to move to it
    for _move in range(3):
        if focused_card() == winner:
            break
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    settle()
    assert view.verdict.text() == "Right."
