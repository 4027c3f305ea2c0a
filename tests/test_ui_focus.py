"""Where the keyboard focus lands, and what it is called there (issue 16), checked at the Qt level
on the real window: what ``make a11y`` checks with Orca. A screen reader reads the widget that
takes the focus (its name), so every landing must be named with where the learner is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QListWidget, QRadioButton, QWidget

from engine import Card, CardSet, Trump
from tests.test_keyboard_lesson import bound_keys
from tutor import keys
from tutor.content.tasks import ChoiceTask
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.trick import TrickView
from tutor.ui.window import MainWindow
from tutor.vocab import NAVIGATION


@pytest.fixture
def window(qtbot, full_window) -> MainWindow:
    full_window.activateWindow()
    qtbot.waitActive(full_window)
    settle()
    return full_window


def settle() -> None:
    for _turn in range(3):
        QApplication.processEvents()


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "focus was lost"
    return widget


def press(qtbot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
          ) -> QWidget:
    """``key`` on the focused widget; the widget focused afterwards."""
    qtbot.keyClick(focused(), key, modifier)
    settle()
    return focused()


def test_at_launch_focus_lands_on_the_first_step_named_with_where_it_is(window):
    assert focused() is window.learn.view.text
    assert focused().accessibleName().startswith("Lesson 1, The game at a glance. Step 1 of ")
    assert window.pages.accessibleName() == "Learn"


def test_the_lessons_are_browsed_with_the_arrows_and_opened_with_enter(qtbot, window):
    lessons = window.learn.list
    lessons.setFocus()
    settle()
    assert lessons.accessibleName() == "Lessons"
    after = press(qtbot, Qt.Key.Key_Down)
    assert after is lessons, "browsing keeps the focus in the list"
    assert window.learn.view.lesson.number == 2, "the lesson browsed to is shown"
    item = lessons.currentItem()
    assert item.data(Qt.ItemDataRole.AccessibleTextRole).endswith("exercises done")
    landed = press(qtbot, Qt.Key.Key_Return)
    assert landed is window.learn.view.text
    assert landed.accessibleName().startswith("Lesson 2, ")


def test_a_lesson_exercise_is_asked_and_judged_where_the_focus_is(qtbot, window):
    """The question is named with its exercise and names its answers; a wrong answer lands on
    "Not quite." with the right one, Tab reaches Try again, which goes back to the question;
    the right answer lands on "Right."."""
    view = window.learn.view
    lesson = next(lesson for lesson in window.content.lessons
                  if isinstance(lesson.exercises[0].task, ChoiceTask))
    window.learn.open_lesson(lesson.id)
    settle()
    task = lesson.exercises[0].task
    assert focused() is view.text
    prompt = press(qtbot, Qt.Key.Key_Tab)
    assert prompt is view.exercise.prompt
    assert prompt.accessibleName() == f"Exercise 1: {prompt.text()}"
    assert view.exercise.body.accessibleName() == prompt.text(), "the question names the answers"
    first = press(qtbot, Qt.Key.Key_Tab)
    assert isinstance(first, QRadioButton) and view.exercise.body.isAncestorOf(first)
    wrong = next(i for i in range(len(task.options)) if i != task.answer)
    radio = view.exercise.choice_group.button(wrong)
    radio.setFocus()
    press(qtbot, Qt.Key.Key_Return)  # Enter chooses, as Space does
    assert radio.isChecked()
    verdict = press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert verdict is view.exercise.verdict
    assert verdict.accessibleName().startswith("Not quite. The answer: ")
    assert "<" not in verdict.accessibleName(), "plain words, no markup"
    assert press(qtbot, Qt.Key.Key_Tab) is view.exercise.retry_button
    assert press(qtbot, Qt.Key.Key_Space) is view.exercise.prompt
    right = view.exercise.choice_group.button(task.answer)
    right.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    verdict = press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert verdict is view.exercise.verdict and verdict.accessibleName().startswith("Right. ")
    assert press(qtbot, Qt.Key.Key_Tab) is view.next, "Try again is gone: on to Next"


def test_next_within_a_step_lands_on_the_next_question_and_says_it(qtbot, window):
    """The question label stays focused from one exercise to the next: its new name is said
    through the one speaking path (its description changes)."""
    view = window.learn.view
    lesson = next(lesson for lesson in window.content.lessons
                  if any(len(step.exercises) > 1 for step in lesson.steps))
    window.learn.open_lesson(lesson.id)
    step = next(i for i, s in enumerate(lesson.steps) if len(s.exercises) > 1)
    screen = next(i for i, s in enumerate(view.screens) if s.step == step)
    view.show_lesson(lesson, set(), screen)
    view.exercise.prompt.setFocus()
    settle()
    press(qtbot, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert focused() is view.exercise.prompt
    assert focused().accessibleName().startswith("Exercise 2: ")
    assert focused().accessibleDescription().rstrip("\u200b") == focused().accessibleName()


def test_a_page_opened_by_its_key_lands_on_what_says_where_you_are(qtbot, window):
    expected = {"progress": window.progress_page.heading, "rules": window.rules_page.heading,
                "settings": window.settings_page.heading}
    for index, name in enumerate(NAVIGATION):
        action = window.page_actions[index]
        assert action.shortcut() == QKeySequence(keys.PAGE_KEYS[index])
        action.trigger()
        settle()
        assert window.current_page() == name
        assert focused() is window.landing(), name
        assert focused().focusPolicy() & Qt.FocusPolicy.TabFocus, name
        if name in expected:
            assert focused() is expected[name]
    window.page_actions[NAVIGATION.index("puzzles")].trigger()
    settle()
    puzzles = window.puzzles
    assert focused() in (puzzles.exercise.prompt, puzzles.message)
    window.keys_action.trigger()
    settle()
    assert focused() is window.keys_page.heading and window.pages.accessibleName() == "Keys"


def test_the_list_of_pages_is_browsed_without_leaving_it(qtbot, window):
    window.nav.setFocus()
    settle()
    assert window.nav.accessibleName() == "Pages"
    assert press(qtbot, Qt.Key.Key_Down) is window.nav
    assert window.current_page() == "puzzles" and window.pages.accessibleName() == "Puzzles"
    press(qtbot, Qt.Key.Key_Return)
    assert focused() is window.landing() and window.puzzles.isAncestorOf(focused())


def test_a_puzzle_lands_on_its_question_and_its_verdict(qtbot, window):
    puzzles = window.puzzles
    window.show_page("puzzles")
    puzzles.kind_box.setCurrentIndex(1)
    puzzles.start("filter")
    settle()
    assert focused() is puzzles.exercise.prompt
    assert focused().accessibleName() == f"Puzzle: {puzzles.exercise.prompt.text()}"


def test_the_play_page_names_its_parts_and_lands_on_its_status_or_decision(qtbot, window):
    window.page_actions[NAVIGATION.index("play")].trigger()
    settle()
    play = window.play
    assert focused() is play.status and play.status.text()
    assert play.stack.accessibleName() == "The table"
    assert play.bar.coach_box.accessibleName() == "Coach"
    assert [box.accessibleName() for box in play.bar.level_boxes[:3]] == [
        "Bot at Right", "Bot at Partner", "Bot at Left"]
    assert not play.bar.level_boxes[3].isVisibleTo(play)  # the fifth seat of Pomme for 5 only
    unnamed = [w.objectName() for w in play.findChildren(QWidget)
               if isinstance(w, (QListWidget, QComboBox)) and not w.accessibleName()]
    assert unnamed == []


def test_every_list_and_combo_box_of_the_window_has_a_name(window):
    window.play  # noqa: B018  (built)
    unnamed = [w.objectName() or type(w).__name__ for w in window.findChildren(QWidget)
               if isinstance(w, (QListWidget, QComboBox)) and not w.accessibleName()
               and not _labelled(window, w)]
    assert unnamed == []


def _labelled(window: MainWindow, widget: QWidget) -> bool:
    """Whether a label names ``widget`` (its buddy: Settings' form)."""
    from PySide6.QtWidgets import QLabel

    return any(label.buddy() is widget for label in window.findChildren(QLabel))


# --- the keys ---------------------------------------------------------------------------------


def test_the_keys_the_app_binds_are_the_keys_help_lists(window):
    window.play  # noqa: B018  (the table's keys)
    lesson = next(lesson for lesson in window.content.lessons
                  if any(step.round for step in lesson.steps))
    view = window.learn.view
    view.show_lesson(lesson, set(), next(i for i, screen in enumerate(view.screens)
                                         if lesson.steps[screen.step].round is not None))
    assert view.walkthrough() is not None  # a round told trick by trick, with its keys
    moving = {"Left", "Right", "Up", "Down", "Home", "End"}  # a round's buttons, the hands
    bound = set(bound_keys(window))
    assert bound - moving == keys.shortcuts() - moving
    listed = [window.keys_page.list.item(i).text() for i in range(window.keys_page.list.count())]
    for key in keys.shortcuts():
        shown = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
        assert any(line.startswith(shown + ":") for line in listed), key


# --- cards ------------------------------------------------------------------------------------


def test_a_highlight_says_what_it_means_and_the_table_says_which_card_is_winning(qtbot):
    trick = TrickView()
    qtbot.addWidget(trick)
    trick.set_trump(Trump.HEARTS)
    trick.set_trick([Card.parse("SA"), Card.parse("H6"), Card.parse("SK")], leader=3)
    assert [w.accessibleName() for w in trick.card_widgets()] == [
        "Left: Ace of spades", "You: Six of hearts — trump", "Right: King of spades"]
    trick.say_winning(True)
    assert trick.card_widgets()[1].accessibleName() == "You: Six of hearts — trump — winning"
    trick.set_highlight(CardSet([Card.parse("H6")]), "winner")
    assert trick.card_widgets()[1].accessibleName() == ("You: Six of hearts — trump — takes "
                                                        "the trick")
    hand = HandView()
    qtbot.addWidget(hand)
    hand.set_cards([Card.parse("SA"), Card.parse("D7")])
    hand.set_highlight(CardSet([Card.parse("SA")]))
    assert hand.widget_for(Card.parse("SA")).accessibleName() == ("Ace of spades — named in "
                                                                   "the text")
    hand.set_highlight(CardSet([Card.parse("SA")]), "hint")
    assert hand.widget_for(Card.parse("SA")).accessibleName() == ("Ace of spades — the coach's "
                                                                   "choice")
    with pytest.raises(ValueError, match="unknown highlight"):
        hand.set_highlight(CardSet(), "glowing")


def test_a_card_leaving_the_hand_keeps_the_others_and_the_focus_in_the_hand(qtbot):
    """A card played leaves; the others keep their widgets (a screen reader does not hear the
    hand again) and the focus goes to a neighbour, never out of the hand."""
    hand = HandView()
    qtbot.addWidget(hand)
    cards = [Card.parse(code) for code in ("SA", "SK", "D7")]
    hand.set_cards(cards)
    hand.show()
    hand.activateWindow()
    qtbot.waitActive(hand)
    widgets = {w.card: w for w in hand.card_widgets()}
    last = hand.card_widgets()[-1]
    last.setFocus()
    settle()
    played = last.card
    hand.set_cards([card for card in cards if card != played])
    settle()
    assert {w.card: w for w in hand.card_widgets()} == {c: widgets[c] for c in cards
                                                        if c != played}
    assert focused() is hand.card_widgets()[-1]


def test_try_again_takes_the_last_verdicts_words_away(qtbot, window):
    view = window.learn.view
    lesson = next(lesson for lesson in window.content.lessons
                  if isinstance(lesson.exercises[0].task, ChoiceTask))
    window.learn.open_lesson(lesson.id)
    task = lesson.exercises[0].task
    view.exercise.choice_group.button((task.answer + 1) % len(task.options)).setChecked(True)
    view.exercise.check()
    assert view.exercise.verdict.accessibleName().startswith("Not quite.")
    view.exercise.try_again()
    assert view.exercise.verdict.accessibleName() == ""
