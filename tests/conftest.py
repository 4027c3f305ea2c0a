"""Shared test set-up. Qt must draw offscreen: no display is needed, none is used.

Set at import time, before anything imports PySide6 or creates the QApplication.
"""

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("JASS_TUTOR_NO_MOTION", "1")  # no test waits for a card to travel

import pytest


@pytest.fixture(autouse=True)
def tutor_home(tmp_path_factory, monkeypatch):
    """Every test keeps the learner's files (progress, settings) in a folder of its own."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("JASS_TUTOR_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_and_french_deck():
    """Language and deck are process-wide: each test starts and ends in English, French deck."""
    from tutor import i18n, names

    yield
    i18n.set_language("en")
    names.set_deck("french")
    qt_language = sys.modules.get("tutor.ui.qt_language")  # Qt's own words, where switched
    if qt_language is not None:
        qt_language.use_qt_language("en")


@pytest.fixture(autouse=True)
def no_widget_outlives_its_test():
    """Every window and widget a test made is deleted when it ends: Qt keeps a parentless widget
    alive after its test, and each later style or palette change re-polishes all of them."""
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return
    from PySide6.QtCore import QCoreApplication, QEvent, Qt

    for widget in widgets.QApplication.topLevelWidgets():
        if widget.windowType() != Qt.WindowType.Popup:  # a popup is its owner's to delete
            widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(scope="session")
def content():
    """The real lessons and puzzles, loaded and re-solved by the engine once per test session
    (tests/shipped.py): every test of the shipped content, and every window showing it, uses it."""
    from tests.shipped import shipped_content

    loaded = shipped_content()
    assert not loaded.problems, loaded.problems[:3]
    return loaded


import tutor.ui  # noqa: E402, F401  (guards None against the PySide6 6.12 refcount bug first)


@pytest.fixture
def full_window(qtbot, tmp_path, content):
    """The main window with the real lessons and puzzles, fresh files, shown at 1280×800."""
    from PySide6.QtCore import QSettings

    from tutor.games import GameStore
    from tutor.progress import Progress
    from tutor.ui.window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(content=content, settings=settings, fast=True,
                        progress=Progress(tmp_path / "progress.sqlite3"),
                        games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def play_window(qtbot, tmp_path, content):
    """Makes the main window on the Play page with the real lessons and puzzles, fresh files
    (or the ``progress`` given), fast bots, shown at 1280×800: ``play_window(rules, progress)``."""
    from PySide6.QtCore import QSettings

    from engine import Rules
    from tutor.games import GameStore
    from tutor.progress import Progress
    from tutor.ui.window import MainWindow

    def make(rules: Rules | None = None, progress: Progress | None = None) -> MainWindow:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(rules or Rules(), content=content, settings=settings, fast=True,
                            progress=progress or Progress(tmp_path / "progress.sqlite3"),
                            games=GameStore(tmp_path / "games.sqlite3"))
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show_page("play")
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def store(tmp_path):
    """A fresh file of saved games (``tutor.games.GameStore``), open for the test."""
    from tutor.games import FILE_NAME, GameStore

    with GameStore(tmp_path / FILE_NAME) as opened:
        yield opened
