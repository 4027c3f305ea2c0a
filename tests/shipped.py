"""The lessons and puzzles the app ships, loaded and re-solved by the engine once per test run.

Loading them re-solves every exercise and puzzle (seconds): every test that reads the shipped
content shares this one load, through the ``content`` fixture (tests/conftest.py) or, where a
plain function needs it (a ``parametrize`` list, a cached helper), through ``shipped_content()``.
Nothing changes a loaded ``Content`` (its lessons and puzzles are frozen), so sharing is safe.
Tests that write their own small content folders keep loading those.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tutor.content import Content, load_content
from tutor.content.loader import ROOT


@cache
def shipped_content() -> Content:
    return load_content()


def preloaded(root: Path) -> Content | None:
    """For ``MainWindow(content=…)``: the shipped content when ``root`` is where it ships from,
    else ``None``, and the window loads the test's own folder ``root``."""
    return shipped_content() if root == ROOT else None
