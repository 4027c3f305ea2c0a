"""The app's own files: lessons, puzzles, compiled catalogs and resources (no Qt).

They are package data, found through :mod:`importlib.resources`, so the app finds them in a
checkout and once installed from the wheel alike::

    tutor/data/lessons/NN-slug.yaml        the course (English source text)
    tutor/data/puzzles/<kind>.yaml         the puzzle sets, and RETIRED
    tutor/data/locale/<lang>/LC_MESSAGES/  tutor.mo and content.mo: built from
                                           translations/<lang>/LC_MESSAGES/*.po by
                                           `make compile` in a checkout, and by the wheel's
                                           build (setup.py); never committed
    tutor/data/resources/                  the app icon, the desktop entry, the card index font

Each folder is named once, here.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

LESSONS: Final = "lessons"
PUZZLES: Final = "puzzles"
LOCALE: Final = "locale"
RESOURCES: Final = "resources"

#: The card index font (``scripts/make_index_font.py``) and its license.
INDEX_FONT: Final = "JassTutorIndex-Bold.ttf"
INDEX_FONT_LICENSE: Final = "JassTutorIndex-LICENSE.txt"


def data_root() -> Path:
    """The folder holding ``lessons/``, ``puzzles/``, ``locale/`` and ``resources/``.

    The package is installed as plain files (a wheel unpacked into site-packages, or the
    checkout): a zipped install would give no folder, and is refused with what was found.
    """
    root = files(__name__)
    if not isinstance(root, Path):
        raise RuntimeError(f"the app's data is not a folder on disk ({root!r}): install the "
                           "wheel with pip or pipx rather than running it from a zip file")
    return root


def locale_dir() -> Path:
    """Where the compiled catalogs are: ``<lang>/LC_MESSAGES/<domain>.mo``."""
    return data_root() / LOCALE


def resource(name: str) -> Path:
    """The file ``name`` in ``resources/`` (it may be missing: the caller says so)."""
    return data_root() / RESOURCES / name
