"""The window when a file refuses writes (issue 19, item 4), driven through real widgets: the
notice bar says what was not saved and why, and the page stays usable. Read-only is simulated
with ``PRAGMA query_only`` (the tests run as root, where ``chmod`` stops nothing)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from tests.shipped import preloaded
from tests.test_ui_pages import cards_in, click, content_root, verdict
from tests.test_ui_play import SEATS, settle
from tests.test_ui_puzzles import PUZZLES
from tutor.games import GameStore
from tutor.progress import Progress
from tutor.ui.window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path, content) -> MainWindow:
    """The main window on one puzzle file and fresh files, shown at 1280×800."""
    root = content_root(tmp_path, {"puzzles/winner.yaml": PUZZLES})
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    shown = MainWindow(load_now=True, content_root=root, content=preloaded(root), fast=True,
                       progress=Progress(tmp_path / "progress.sqlite3"), settings=settings,
                       games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(shown)
    shown.resize(1280, 800)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def test_a_read_only_progress_file_leaves_the_puzzle_page_usable(qtbot, window, tmp_path):
    window.show_page("puzzles")
    page = window.puzzles
    window.progress._file.execute("PRAGMA query_only = ON")
    click(qtbot, cards_in(page.exercise.trick)["SA"])
    assert verdict(window, page) == "Not quite."
    assert page.side.change_label.text().startswith("Wrong: -")
    assert window.notice.isVisible()
    text = window.notice.text.text()
    assert "Your answer to a puzzle could not be saved" in text and "read-only" in text
    assert window.progress.pending == ("Your answer to a puzzle",)
    assert window.progress.review_queue().later == 1  # the page reads what it just did
    window.progress._file.execute("PRAGMA query_only = OFF")
    click(qtbot, page.exercise.retry_button)
    click(qtbot, cards_in(page.exercise.trick)["H6"])
    assert verdict(window, page) == "Right."
    assert window.progress.pending == ()
    assert "saved now" in window.notice.text.text()
    with Progress(tmp_path / "progress.sqlite3") as again:
        assert [a.correct for a in again.attempts()] == [False, True]


def test_a_read_only_games_file_still_deals_a_new_game(qtbot, window):
    window.show_page("play")
    window.games._file.execute("PRAGMA query_only = ON")
    page = window.play
    page.new_game(SEATS, seed=3)
    settle(window)
    assert page.session is not None and page.session.view().legal_actions
    page.learner_acts(page.session.view().legal_actions[0])
    settle(window)
    text = window.notice.text.text()
    assert "The game in progress could not be saved" in text and "read-only" in text
    assert window.games.pending == ("The game in progress",)
    assert window.games.current() is not None  # from the copy kept in memory
    window.games._file.execute("PRAGMA query_only = OFF")
    window.retry_writes()  # as the window's timer does, and closing the window
    assert window.games.pending == ()
    with GameStore(window.games.path) as again:
        saved = again.current()
        assert saved is not None and saved.events == page.session.game.events
