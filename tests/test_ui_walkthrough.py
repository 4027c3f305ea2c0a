"""The first lesson's walk-through, driven through the real widgets offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine import Card
from tests.shipped import shipped_content
from tutor import names
from tutor.content import Lesson
from tutor.progress import Progress
from tutor.ui.pages.learn import LearnPage
from tutor.ui.pages.lesson import LessonView
from tutor.ui.pages.lesson_steps import screens_of
from tutor.ui.pages.walkthrough import SUMMARY, WalkthroughView


def lessons() -> list[Lesson]:
    return shipped_content().lessons


def the_game() -> Lesson:
    return next(lesson for lesson in lessons() if lesson.id == "the-game")


@pytest.fixture
def walkthrough(qtbot) -> Iterator[WalkthroughView]:
    """The walk-through as the lesson shows it, from its first screen."""
    WalkthroughView._remembered.clear()
    view = LessonView()
    qtbot.addWidget(view)
    lesson = the_game()
    step = next(i for i, step in enumerate(lesson.steps) if step.round is not None)
    position = next(i for i, screen in enumerate(screens_of(lesson)) if screen.step == step)
    view.show_lesson(lesson, set(), position)
    view.resize(1000, 760)
    view.show()
    shown = [w for w in view.findChildren(WalkthroughView) if w.isVisibleTo(view)]
    assert len(shown) == 1
    yield shown[0]  # the lesson view stays referenced (qtbot holds widgets weakly)


def test_the_first_lesson_comes_first_and_a_new_learner_starts_there(qtbot, tmp_path) -> None:
    page = LearnPage(Progress(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(page)
    page.set_lessons(lessons())
    assert lessons()[0].id == "the-game" and lessons()[0].number == 1
    assert page.view.lesson is not None and page.view.lesson.id == "the-game"
    assert page.list.item(0).text().startswith("01  The game at a glance")


def test_the_walkthrough_starts_with_the_deal_and_your_nine_cards(walkthrough) -> None:
    assert walkthrough.counter.text() == "The deal"
    assert len(walkthrough.hand.cards()) == 9
    assert walkthrough.trick.card_widgets() == []
    assert "You chose the trump: hearts." in walkthrough.narration.text()
    assert not walkthrough.previous_button.isEnabled()
    assert walkthrough.score.text() == "Points so far: your team 0, opponents 0."


def test_next_trick_shows_each_trick_with_its_reasons_winner_and_points(qtbot,
                                                                        walkthrough) -> None:
    qtbot.mouseClick(walkthrough.next_button, Qt.MouseButton.LeftButton)
    assert walkthrough.counter.text() == "Trick 1 of 9"
    cards = [w.card for w in walkthrough.trick.card_widgets()]
    assert cards == [Card.parse(code) for code in ("SA", "S7", "S8", "H6")]
    assert walkthrough.trick.card_at(0) == Card.parse("SA")  # you led
    assert walkthrough.trick.seat_widget(3).highlighted  # the six of trump takes it
    text = walkthrough.narration.text()
    assert "You lead the ace of spades." in text
    assert "even by a player who could follow spades" in text
    assert "Left takes trick 1: 11 points." in text
    assert walkthrough.score.text() == "Points so far: your team 0, opponents 11."
    assert walkthrough.note.isVisibleTo(walkthrough) and "smallest trump" in walkthrough.note.text()
    assert walkthrough.hand.widget_for(Card.parse("SA")).highlighted
    qtbot.mouseClick(walkthrough.next_button, Qt.MouseButton.LeftButton)
    assert walkthrough.counter.text() == "Trick 2 of 9"
    assert len(walkthrough.hand.cards()) == 8  # your hand before trick 2
    assert walkthrough.trick.card_widgets()[0].card == Card.parse("S6")  # Left leads it
    # the rules of trick 2 were all said in trick 1: only what is new (who played what)
    text = walkthrough.narration.text()
    assert "Right plays the nine of spades." in text and "follows the led suit" not in text
    assert "may be any card" not in text and "nobody played a trump" in text  # a new reason
    # the led suit or a trump was allowed, the rest was not, as the engine says
    marks = {w.card: w.legal for w in walkthrough.hand.card_widgets()}
    assert marks[Card.parse("SQ")] and marks[Card.parse("HA")]
    assert marks[Card.parse("C9")] is False and marks[Card.parse("D7")] is False
    assert walkthrough.hand.widget_for(Card.parse("C9")).accessibleName() == \
        "Nine of clubs — not allowed"


def test_keys_step_through_to_the_summary_of_157_points(qtbot, walkthrough) -> None:
    walkthrough.next_button.setFocus()
    qtbot.keyClick(walkthrough.next_button, Qt.Key.Key_Right)
    assert walkthrough.position == 1
    qtbot.keyClick(walkthrough.next_button, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert walkthrough.position == 2
    qtbot.keyClick(walkthrough.next_button, Qt.Key.Key_Left)
    assert walkthrough.position == 1
    qtbot.keyClick(walkthrough.next_button, Qt.Key.Key_End)
    assert walkthrough.position == SUMMARY
    assert walkthrough.counter.text() == "The end of the round"
    text = walkthrough.narration.text()
    assert "Your team: 99 points from 6 tricks." in text
    assert "Opponents: 58 points from 3 tricks." in text
    assert "The last trick went to your team" in text and "157" in text
    assert not walkthrough.next_button.isEnabled() and not walkthrough.hand.isVisibleTo(walkthrough)
    walkthrough.go_previous()
    assert walkthrough.counter.text() == "Trick 9 of 9"
    assert "You take trick 9: 28 points." in walkthrough.narration.text()


def test_every_card_on_the_table_is_named_for_screen_readers(qtbot, walkthrough) -> None:
    walkthrough.window().activateWindow()
    walkthrough.next_button.setFocus()
    qtbot.waitUntil(walkthrough.next_button.hasFocus)
    walkthrough.show_position(5)
    names_read = [w.accessibleName() for w in walkthrough.trick.card_widgets()]
    assert names_read[1] == "Left: Jack of hearts — trump — takes the trick"  # who, and why lit
    said = walkthrough.next_button.accessibleDescription().rstrip("\u200b")  # what Orca says
    assert said == "Trick 5 of 9. Left takes trick 5: 45 points."
    assert walkthrough.previous_button.text() == "Previous trick"
    assert walkthrough.next_button.text() == "Next trick"


def test_the_deck_in_force_names_the_cards_and_the_place_is_kept(qtbot) -> None:
    WalkthroughView._remembered.clear()
    view = LessonView()
    qtbot.addWidget(view)
    lesson = the_game()
    position = next(i for i, screen in enumerate(screens_of(lesson))
                    if lesson.steps[screen.step].round is not None)
    view.show_lesson(lesson, set(), position)
    first = view.findChildren(WalkthroughView)[0]
    first.show_position(5)
    names.set_deck("german")
    view.set_look("german", 110)  # a redraw: a new walk-through, at the same trick
    shown = [w for w in view.findChildren(WalkthroughView) if w is not first]
    assert shown[0].position == 5
    assert "under of roses" in shown[0].narration.text()
    assert "hearts" not in shown[0].narration.text()


def test_narrow_widths_stack_the_words_above_the_trick(qtbot, walkthrough) -> None:
    walkthrough.resize(500, 900)
    qtbot.waitUntil(lambda: walkthrough.body.direction() == walkthrough.body.Direction.BottomToTop)
    alone = WalkthroughView(walkthrough.walk, context="narrow")  # no lesson's layout around it
    qtbot.addWidget(alone)
    alone.resize(500, 900)
    alone.show()
    alone.show_position(1)
    qtbot.waitUntil(lambda: alone.narration.geometry().bottom()
                    < alone.trick.geometry().top())  # read first: at 800×560 in view
    walkthrough.resize(900, 700)
    qtbot.waitUntil(lambda: walkthrough.body.direction() == walkthrough.body.Direction.LeftToRight)


def test_arrows_in_your_hand_move_among_the_cards_not_the_tricks(qtbot, walkthrough) -> None:
    walkthrough.show_position(3)
    first, second = walkthrough.hand.card_widgets()[:2]
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Right)
    assert walkthrough.position == 3
    assert second.hasFocus()


def round_step(qtbot, tmp_path: Path) -> tuple[LearnPage, int]:
    """A Learn page open on the first lesson's recorded round, and that screen's position."""
    page = LearnPage(Progress(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(page)
    page.set_lessons(lessons())
    step = next(i for i, s in enumerate(the_game().steps) if s.round is not None)
    position = next(i for i, s in enumerate(page.view.screens) if s.step == step)
    page.open_lesson("the-game", position)
    return page, position


def test_the_lessons_next_steps_through_the_round_before_it_leaves_it(qtbot, tmp_path) -> None:
    """At a small window the round's own buttons may be scrolled away: the lesson's Next and
    Back, always at the bottom, step through the tricks first."""
    page, position = round_step(qtbot, tmp_path)
    view = page.view
    walk = view.walkthrough()
    assert walk is not None
    walk.show_position(0)  # the view remembers its place in a lesson across redraws
    assert view.next.text() == "Next trick"
    view.back.click()  # at the deal, Back leaves the round for the step before
    assert view.position == position - 1
    view.next.click()
    walk = view.walkthrough()
    assert walk is not None and view.position == position
    for trick in range(1, SUMMARY + 1):
        qtbot.mouseClick(view.next, Qt.MouseButton.LeftButton)
        assert walk.position == trick and view.position == position
    assert view.next.text() == "Next"
    qtbot.mouseClick(view.back, Qt.MouseButton.LeftButton)
    assert walk.position == SUMMARY - 1 and view.position == position
    walk.show_position(SUMMARY)
    qtbot.mouseClick(view.next, Qt.MouseButton.LeftButton)
    assert view.position == position + 1 and view.walkthrough() is None


def test_a_language_switch_retells_the_round_and_renames_the_answers(qtbot, tmp_path) -> None:
    from tutor.i18n import set_language

    page, _position = round_step(qtbot, tmp_path)
    view = page.view
    walk = view.walkthrough()
    assert walk is not None
    walk.show_position(1)
    english = walk.narration.text()
    set_language("de")
    page.retranslate_ui()
    assert walk.narration.text() != english and "Stich" in walk.narration.text()
    assert view.next.text() == "Nächster Stich"
    from tutor.content.tasks import ChoiceTask

    choice = next(i for i, s in enumerate(view.screens) if s.exercise is not None and
                  isinstance(the_game().exercises[s.exercise].task, ChoiceTask))
    page.open_lesson("the-game", choice)
    set_language("en")
    page.retranslate_ui()
    options = [b.text() for b in view.exercise.choice_group.buttons()]
    set_language("de")
    page.retranslate_ui()
    assert [b.text() for b in view.exercise.choice_group.buttons()] != options
