"""Lessons and puzzles: their YAML format, loading, and checking by the engine (no Qt).

The format is described in ``docs/content-format.md``. ``load_content()`` returns what loads
and every problem found; ``python -m tutor.content check`` prints them. Each kind of exercise
and puzzle has one entry in the registry of kinds, ``tutor.content.kinds``.
"""

from tutor.content.loader import Content, Exercise, Figure, Lesson, Puzzle, Step, load_content
from tutor.content.source import Problem
from tutor.content.themes import THEMES, THEMES_BY_KEY, Kind, Theme

__all__ = [
    "THEMES",
    "THEMES_BY_KEY",
    "Content",
    "Exercise",
    "Figure",
    "Kind",
    "Lesson",
    "Problem",
    "Puzzle",
    "Step",
    "Theme",
    "load_content",
]
