""""From your games" on the Puzzles page, through real widgets offscreen (issue 36, items 3 and
4): a position kept from a game comes back re-dealt, is answered with the keyboard, right or
wrong, and moves on the schedule; a close call is shown once and leaves the queue; the verdict
leads with a reason, the figures stay closed until asked; the Progress page says the queue."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from tests.test_drill_text import CLOSE_SEED, DRILL_SEED
from tests.test_drills import card_position, trump_position
from tests.test_progress import Clock
from tests.test_ui_pages import cards_in, click
from tutor.games import GameStore
from tutor.progress import LADDER, Progress
from tutor.progress.drills import CloseCall, Drill, choice_code
from tutor.ui.pages.drill_panel import DrillPanel
from tutor.ui.window import MainWindow

#: The day the seeds of ``tests.test_drill_text`` are re-dealt on: a drill and a close call.
NOON = datetime(2026, 11, 27, 12, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(NOON)


@pytest.fixture
def window(qtbot, tmp_path, content, clock):
    progress = Progress(tmp_path / "progress.sqlite3", clock=clock)
    progress.keep_positions([card_position(DRILL_SEED),
                            dataclasses.replace(card_position(CLOSE_SEED), game_id="g2")])
    clock.advance(LADDER[0])
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    made = MainWindow(content=content, settings=settings, fast=True, progress=progress,
                      games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    qtbot.waitExposed(made)
    made.show_page("puzzles")
    return made


def served(qtbot, window) -> Drill | CloseCall:
    """The position now served, once it is prepared (off the UI thread)."""
    panel = window.puzzles.drills
    qtbot.waitUntil(lambda: panel.drill is not None)
    QApplication.processEvents()
    assert panel.drill is not None
    return panel.drill


def answer_by_keyboard(qtbot, window, right: bool) -> None:
    """Focus the right card (or another legal one) and press Enter, as in any puzzle."""
    panel = window.puzzles.drills
    drill = panel.drill
    assert isinstance(drill, Drill)
    legal = [str(a) for a in drill.position.view.legal_actions]
    code = str(drill.best) if right else next(c for c in legal if c != str(drill.best))
    card = cards_in(panel.hand)[code]
    card.setFocus()
    qtbot.keyClick(card, Qt.Key.Key_Return)


def rung_of(progress: Progress, key) -> tuple[int, str]:
    [item] = [i for i in progress.kept_positions() if i.position.key == key]
    return item.slot.rung, item.verdict


def test_a_kept_position_comes_back_is_answered_and_moves_on_the_schedule(qtbot, window,
                                                                          clock):
    page, progress = window.puzzles, window.progress
    assert page.games_button.text() == "From your games (2)"
    click(qtbot, page.games_button)
    seen: set[str] = set()
    for _ in range(2):
        found = served(qtbot, window)
        panel = page.drills
        assert panel.title.text() == "Your position from today's game"
        if isinstance(found, CloseCall):  # shown once, already out of the queue
            assert panel.verdict.text() == "A close call"
            assert "either choice is reasonable" in panel.explanation.text()
            assert rung_of(progress, found.position.key)[1] == "close"
            seen.add("close")
        else:
            assert not panel.verdict.isVisible() and panel.prompt.isVisible()
            answer_by_keyboard(qtbot, window, right=False)
            assert panel.verdict.text() == "Not quite."
            assert panel.explanation.text().startswith("Why ")  # a reason, not a figure
            assert rung_of(progress, found.position.key) == (0, "drill")
            seen.add("drill")
        assert not panel.figures.isVisible()
        click(qtbot, panel.figures_button)
        assert panel.figures.isVisible() and "±" in panel.figures.text()
        if len(seen) == 1:  # the second position was prepared while this one was shown
            qtbot.waitUntil(lambda: bool(page.drills.prepared))
            click(qtbot, panel.next_button)
            assert panel.drill is not None and panel.status.isHidden()
            continue
        click(qtbot, panel.next_button)
    assert seen == {"drill", "close"}
    assert "No position from your games is due now" in page.drills.status.text()
    assert page.games_button.text() == "From your games (0)"
    # ten minutes later the drill comes back, the close call does not; right climbs a rung
    clock.advance(LADDER[0])
    page.start("games")
    found = served(qtbot, window)
    assert isinstance(found, Drill)
    answer_by_keyboard(qtbot, window, right=True)
    assert page.drills.verdict.text() == "Right."
    assert rung_of(progress, found.position.key) == (1, "drill")
    assert progress.drill_queue().close == 1


def test_the_progress_page_says_what_is_due_from_your_games(qtbot, window):
    window.show_page("progress")
    QApplication.processEvents()
    line = window.progress_page.drills_line.text()
    assert "2 positions to review now" in line and "0 mastered" in line


def test_a_drill_answered_counts_toward_the_days_puzzles(qtbot, window, clock):
    progress = window.progress
    before = progress.puzzles_between(clock.now - LADDER[0], clock.now + LADDER[0])
    window.puzzles.start("games")
    served(qtbot, window)
    if isinstance(window.puzzles.drills.drill, Drill):
        answer_by_keyboard(qtbot, window, right=True)
    assert progress.puzzles_between(clock.now - LADDER[0], clock.now + LADDER[0]) == before + 1


def test_a_trump_position_is_answered_with_its_button(qtbot, tmp_path, clock):
    progress = Progress(tmp_path / "trump.sqlite3", clock=clock)
    position = trump_position()
    progress.keep_positions([position])
    clock.advance(LADDER[0])
    panel = DrillPanel(progress)
    qtbot.addWidget(panel)
    panel.show()
    panel.start()
    qtbot.waitUntil(lambda: panel.drill is not None)
    drill = panel.drill
    assert isinstance(drill, Drill)
    assert panel.situation.text().startswith("You choose trump")
    [button] = [b for b, code in panel.trump_buttons if code == choice_code(drill.best)]
    click(qtbot, button)
    assert panel.verdict.text() == "Right."
    assert panel.explanation.text().startswith("Why ")
    assert rung_of(progress, position.key) == (1, "drill")
    progress.close()


def test_tab_goes_from_the_question_through_the_cards_of_a_drill(qtbot, window):
    """The drill's question, then its legal cards, then on, in the page's Tab order (issue
    36): the chain is made again for each position, whose cards are new widgets."""
    window.puzzles.start("games")
    drill = served(qtbot, window)
    assert isinstance(drill, Drill)
    panel = window.puzzles.drills
    order = [w for w in panel.tab_order() if w.isVisibleTo(panel)]
    cards = list(cards_in(panel.hand).values())
    assert order[0] is panel.prompt and cards and set(cards) <= set(order)
    chain_from = [panel.prompt]
    for _ in range(len(order) + 2):
        chain_from.append(chain_from[-1].nextInFocusChain())
    assert any(w in cards for w in chain_from[1:4]), "Tab goes from the question to a card"
