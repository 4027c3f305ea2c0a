"""The Learn, Puzzles, Rules and Settings pages, driven through real widgets offscreen."""

from __future__ import annotations

import os
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QRadioButton

from tutor import i18n
from tutor.progress import Progress
from tutor.ui.widgets.card import CardWidget
from tutor.ui.window import MainWindow

LESSON = """\
id: first
title: A first lesson
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: Follow the suit that was led, like {SK} here.
    figure: {trump: H, hand: "S9 HA", trick: "SK"}
  - text: Now you try.
    exercises:
      - kind: pick_legal
        trump: H
        hand: "S9 HA C7 CT"
        trick: "SK S6"
      - kind: pick_winner
        trump: H
        trick: "SK S6 H6 SA"
      - kind: choice
        prompt: How many cards are in the deck?
        options: ["32", "36"]
        answer: 1
"""

PUZZLES = """\
- id: wn001
  kind: winner
  themes: [trump-in]
  difficulty: 1
  trump: H
  trick: "SK S6 H6 SA"
  answer: H6
  hint: The smallest trump beats the ace.
"""

LEGAL = """\
- id: lg001
  kind: legal
  themes: [follow-suit]
  difficulty: 1
  trump: H
  hand: "S9 HA C7 CT"
  trick: "SK S6"
  answer: "S9 HA"
"""


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def content_root(tmp_path: Path, files: dict[str, str] | None = None) -> Path:
    root = tmp_path / "content"
    for name, text in (files or {}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "puzzles").mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make_window(qtbot, tmp_path, clock):
    def make(root: Path, settings: QSettings | None = None) -> MainWindow:
        progress = Progress(tmp_path / "progress.sqlite3", clock=clock)
        settings = settings or QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(load_now=True, content_root=root, progress=progress,
                            settings=settings)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


def cards_in(widget) -> dict[str, CardWidget]:
    QApplication.processEvents()  # new widgets in a layout show on the next turn of the loop
    return {str(card.card): card for card in widget.findChildren(CardWidget)
            if card.isVisible() and card.card is not None}


def click(qtbot, widget) -> None:
    QApplication.processEvents()
    assert widget.isVisible(), widget.objectName()
    # a radio button answers only on its circle and text, at the left of a wide row
    if isinstance(widget, QRadioButton):
        where = QPoint(8, widget.height() // 2)
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=where)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def verdict(window: MainWindow, page) -> str:
    """The verdict shown after an answer, or "" while none is shown."""
    label = page.findChild(QLabel, "verdict")
    return label.text() if label.isVisible() else ""


def test_complete_a_lesson_by_clicking(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"lessons/01-first.yaml": LESSON}))
    view = window.learn.view
    assert view.title.text() == "A first lesson"
    assert "king of spades" in view.text.text()
    click(qtbot, view.next)  # to the first exercise
    hand = view.exercise.hand
    for code in ("S9", "HA"):
        click(qtbot, cards_in(hand)[code])
    click(qtbot, view.exercise.check_button)
    assert verdict(window, view) == "Right."
    click(qtbot, view.next)
    click(qtbot, cards_in(view.exercise.trick)["H6"])
    assert verdict(window, view) == "Right."
    click(qtbot, view.next)
    click(qtbot, view.exercise.findChild(QRadioButton, "choice1"))
    click(qtbot, view.exercise.check_button)
    assert verdict(window, view) == "Right."
    assert window.progress.completed_lessons() == {"first"}
    assert "✓" in window.learn.list.item(0).text()


def test_a_wrong_lesson_answer_explains_and_allows_another_try(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"lessons/01-first.yaml": LESSON}))
    view = window.learn.view
    click(qtbot, view.next)
    click(qtbot, cards_in(view.exercise.hand)["C7"])
    click(qtbot, view.exercise.check_button)
    assert verdict(window, view) == "Not quite."
    explanation = view.exercise.explanation.text()
    assert "<b>Seven of clubs</b>" in explanation  # a card that starts a sentence
    assert ": you hold spades" in explanation
    assert view.exercise.retry_button.isVisible()
    assert window.progress.completed_lessons() == set()


def test_solve_a_puzzle_right_then_wrong_and_see_the_explanation(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES}))
    window.show_page("puzzles")
    page = window.puzzles
    assert page.current is not None and page.current.id == "wn001"
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    assert verdict(window, page) == "Right."
    assert "the only trump in the trick" in page.exercise.explanation.text()
    assert "smallest trump beats the ace" in page.exercise.explanation.text()
    assert window.progress.streak() == 1
    click(qtbot, page.after)
    click(qtbot, cards_in(page.exercise.trick)["SA"])
    assert verdict(window, page) == "Not quite."
    assert "The answer:" in page.exercise.explanation.text()
    assert window.progress.streak() == 0
    assert page.side.rating_label.text() != ""


def test_the_review_queue_brings_back_a_failed_puzzle(qtbot, make_window, tmp_path, clock):
    window = make_window(content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES}))
    window.show_page("puzzles")
    page = window.puzzles
    click(qtbot, cards_in(page.exercise.trick)["SA"])  # wrong
    page.start("review")
    assert page.current is None and "Nothing to review now" in page.message.text()
    clock.now += timedelta(days=2)
    page.start("review")
    assert page.current is not None and page.current.id == "wn001"
    assert "(1)" in page.review_button.text()


def test_keyboard_only_path_through_a_puzzle(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/legal.yaml": LEGAL}))
    window.show_page("puzzles")
    window.activateWindow()
    qtbot.waitActive(window)
    hand = window.puzzles.exercise.hand
    QApplication.processEvents()
    hand.card_widgets()[0].setFocus()
    for code in [str(card.card) for card in hand.card_widgets()]:
        focused = QApplication.focusWidget()
        assert isinstance(focused, CardWidget) and str(focused.card) == code
        if code in {"S9", "HA"}:
            qtbot.keyClick(focused, Qt.Key.Key_Space)
        qtbot.keyClick(focused, Qt.Key.Key_Right)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    assert verdict(window, window.puzzles) == "Right."
    assert QApplication.focusWidget() is window.puzzles.exercise.verdict  # read with its reason
    qtbot.keyClick(window.puzzles.exercise.verdict, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.puzzles.after


def test_cards_have_accessible_names(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/legal.yaml": LEGAL}))
    window.show_page("puzzles")
    names = [card.accessibleName() for card in cards_in(window.puzzles.exercise.hand).values()]
    assert any(name.startswith("Ace of hearts") and "trump" in name for name in names), names
    assert all(" of " in name for name in names)


def test_a_broken_puzzle_file_is_skipped_with_a_notice(qtbot, make_window, tmp_path):
    broken = LEGAL.replace('"S9 HA C7 CT"', '"S9 HA CX CT"')
    root = content_root(tmp_path, {"puzzles/legal.yaml": broken, "puzzles/winner.yaml": PUZZLES})
    window = make_window(root)
    assert window.notice.isVisible()
    assert "puzzles/legal.yaml" in window.notice.text.text()
    assert "bad card code 'CX'" in window.notice.text.text()
    assert [p.id for p in window.puzzles.puzzles] == ["wn001"]


def test_hostile_content_files_are_skipped_with_a_notice_and_the_rest_loads(
        qtbot, make_window, tmp_path):
    """An alias bomb and a FIFO (issue 19): each a problem in the notice, the app usable."""
    bomb = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    bomb += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 8)]
    root = content_root(tmp_path, {"puzzles/legal.yaml": "\n".join(bomb) + "\n",
                                   "puzzles/winner.yaml": PUZZLES})
    os.mkfifo(root / "puzzles" / "points.yaml")
    window = make_window(root)
    notice = window.notice.text.text()
    assert "2 problems in puzzles/legal.yaml, puzzles/points.yaml" in notice
    assert "puzzles/legal.yaml:2: a1[0]: uses the alias *a0" in notice
    assert [p.id for p in window.puzzles.puzzles] == ["wn001"]


def test_a_corrupted_database_is_moved_aside_and_reported(qtbot, tutor_home, content):
    (tutor_home / "progress.sqlite3").write_bytes(b"this is not a database at all" * 50)
    window = MainWindow(content=content)
    qtbot.addWidget(window)
    window.show()
    assert window.notice.isVisible()
    assert "moved aside" in window.notice.text.text()
    aside = [p for p in tutor_home.iterdir() if "damaged" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not a database")
    window.progress.complete_lesson("first")
    assert window.progress.completed_lessons() == {"first"}


def test_settings_survive_a_restart(qtbot, make_window, tmp_path):
    root = content_root(tmp_path, {"lessons/01-first.yaml": LESSON})
    ini = str(tmp_path / "restart.ini")
    window = make_window(root, QSettings(ini, QSettings.Format.IniFormat))
    window.show_page("settings")
    page = window.settings_page
    page.deck.setCurrentIndex(page.deck.findData("german"))
    page.card_size.setValue(150)
    page.pique.setChecked(True)
    window.settings.sync()
    window.close()
    again = make_window(root, QSettings(ini, QSettings.Format.IniFormat))
    assert again.deck == "german" and again.card_height == 150
    assert again.rules.pique_double and again.rules.target == 1500
    assert again.settings_page.pique.isChecked()
    assert "Shields count double: Yes" in again.status_label.text()  # the deck in force


def test_the_rules_page_shows_every_rule_id_and_the_option_in_force(qtbot, make_window,
                                                                     tmp_path):
    window = make_window(content_root(tmp_path))
    window.show_page("rules")
    from engine import RULE_IDS

    texts = [label.text() for label in window.rules_page.findChildren(QLabel)]
    for rule in RULE_IDS:  # each rule's id, after its words (issue 35)
        assert any(text.startswith(rule) for text in texts), rule
        title = window.rules_page.findChild(QLabel, f"rule_{rule}")
        assert title.text() and rule not in title.text()
    option = window.rules_page.findChild(QLabel, "ruleOption_R-PIQUE-DOUBLE")
    assert option.text().endswith(": No")
    window.settings_page.pique.setChecked(True)
    assert option.text().endswith(": Yes")


def test_the_play_page_offers_a_new_game(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path))
    window.show_page("play")
    # before any game nobody leads, and the slates are your team's and the opponents'
    texts = [label.text() for label in window.play.chibre_view.trick.findChildren(QLabel)]
    assert texts and not any("leads" in text for text in texts)
    assert window.play.chibre_view.slate.names() == ("Your team", "Opponents")
    new_game = window.play.bar.new_button
    assert new_game.isVisible() and new_game.text() == "New game"
    assert window.play.session is None


def test_the_deck_switch_renames_cards_in_explanations(qtbot, make_window, tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES}))
    window.show_page("settings")
    window.settings_page.deck.setCurrentIndex(window.settings_page.deck.findData("german"))
    window.show_page("puzzles")
    click(qtbot, cards_in(window.puzzles.exercise.trick)["H6"])
    assert "six of roses" in window.puzzles.exercise.explanation.text()
    window.settings_page.deck.setCurrentIndex(0)


def test_nothing_in_the_window_is_left_untranslated_after_a_switch_back(qtbot, make_window,
                                                                        tmp_path):
    window = make_window(content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES}))
    i18n.set_language("en")
    window.change_language("en")
    buttons = [b.text() for b in window.findChildren(QPushButton) if b.isVisible()]
    assert all(buttons), "a visible button has no text"


def test_a_newcomers_empty_table_offers_the_guided_game_first(qtbot, make_window, tmp_path):
    """No game finished nor saved: the status, where the page lands, says to start with the
    guided game; once a game was played, New game is the way (issue 35)."""
    window = make_window(content_root(tmp_path))
    window.show_page("play")
    page = window.play
    assert page.status.text().startswith("New to Jass? Start with the Guided game")
    assert page.landing() is page.status
    page.new_game(["learner", "random", "random", "random"], seed=3)
    page.table.abandon()  # kept as abandoned: no longer a newcomer
    assert not page.table.newcomer()
    assert page.status.text() == "Press New game to play against the bots."


def test_settings_are_grouped_into_the_app_and_the_table(qtbot, make_window, tmp_path):
    """The app's own choices first, then the table's rules and conventions (issue 35)."""
    window = make_window(content_root(tmp_path))
    window.show_page("settings")
    page = window.settings_page
    form = page.form
    rows = [form.itemAt(row, form.ItemRole.SpanningRole) for row in range(form.rowCount())]
    spanning = [row for row, item in enumerate(rows) if item is not None]
    assert [rows[row].widget() for row in spanning] == [page.app_heading, page.table_heading]
    assert page.app_heading.text() == "The app"
    language_row = form.getWidgetPosition(page.language)[0]
    first_card_row = form.getWidgetPosition(page.first_card)[0]
    assert spanning[0] < language_row < spanning[1] < first_card_row
