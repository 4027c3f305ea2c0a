"""The one speaking path: what the app says reaches the screen reader through the focused widget
(Orca 43 speaks a change of the focused object's description; it drops Qt's alerts)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from tutor.ui.widgets.common import announce


def test_what_is_said_becomes_the_focused_widgets_description_each_time(qtbot):
    page = QWidget()
    layout = QVBoxLayout(page)
    shown, button = QLabel("Right!"), QPushButton("Next")
    layout.addWidget(shown)
    layout.addWidget(button)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    button.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(button.hasFocus)
    announce(shown, "Right! The ace takes the trick.")
    first = button.accessibleDescription()
    assert first.rstrip("\u200b") == "Right! The ace takes the trick."
    announce(shown, "Right! The ace takes the trick.")  # said again: a change again
    second = button.accessibleDescription()
    assert second != first and second.rstrip("\u200b") == first.rstrip("\u200b")
    assert shown.accessibleName() == "", "the label keeps its own name: its text"


def test_the_play_pages_lists_say_what_they_are(qtbot, tmp_path, content):
    from PySide6.QtCore import QSettings

    from engine import Rules
    from tutor.games import GameStore
    from tutor.progress import Progress
    from tutor.ui.window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Rules(), content=content, settings=settings, fast=True,
                        progress=Progress(tmp_path / "p.sqlite3"),
                        games=GameStore(tmp_path / "g.sqlite3"))
    qtbot.addWidget(window)
    page = window.play
    assert page.chibre_view.log.accessibleName() == "Game log"
    assert page.review.list.accessibleName() == "Your choices that cost points"
    assert page.stats.list.accessibleName() == "Your games"


def test_rich_text_is_said_as_its_plain_words(qtbot):
    from tutor.ui.widgets.common import spoken_text

    said = spoken_text("Not quite. The answer: <b>queen of spades</b> <span>♠</span>"
                       "<p>You may play: <b>queen of spades</b>.</p>")
    assert said == "Not quite. The answer: queen of spades ♠. You may play: queen of spades."
    assert spoken_text("Hint: the ace. It wins.") == "Hint: the ace. It wins."
    assert spoken_text("Trick 1: taken by Left\nLeft announced 20 points.\n\n") == \
        "Trick 1: taken by Left. Left announced 20 points."
    assert spoken_text("Your turn:\nplay a card") == "Your turn: play a card"


def test_a_page_not_shown_says_nothing_and_a_landing_takes_the_focus_with_its_words(qtbot):
    from tutor.ui.widgets.common import landing

    page = QWidget()
    layout = QVBoxLayout(page)
    hidden_page = QWidget()
    hidden = QLabel("Finish lesson 5", hidden_page)
    verdict, button = landing(QLabel("Right.")), QPushButton("Next")
    layout.addWidget(verdict)
    layout.addWidget(button)
    layout.addWidget(hidden_page)
    hidden_page.hide()
    qtbot.addWidget(page)
    page.show()
    page.activateWindow()
    qtbot.waitActive(page)
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    announce(hidden, "Finish lesson 5 to unlock your first puzzles.")
    assert button.accessibleDescription() == "", "a page not shown says nothing"
    announce(verdict, "Right. <b>Ace of hearts</b> takes it.", focus=True)
    assert verdict.hasFocus(), "focus lands on the verdict"
    assert verdict.accessibleName() == "Right. Ace of hearts takes it."
    assert verdict.text() == "Right.", "what is shown stays as it was"
