"""Shared test set-up. Qt must draw offscreen: no display is needed, none is used.

Set at import time, before anything imports PySide6 or creates the QApplication.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

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


@pytest.fixture(scope="session")
def content():
    """The real lessons and puzzles, loaded and re-solved by the engine once per test session."""
    from tutor.content import load_content

    loaded = load_content()
    assert not loaded.problems, loaded.problems[:3]
    return loaded


import tutor.ui  # noqa: E402, F401  (guards None against the PySide6 6.12 refcount bug first)
