"""The app's own files: lessons, puzzles, resources and compiled catalogs (no Qt).

In a checkout, the writers' folders are at the repository's root, as the specification lays
the project out; the wheel's build copies them into this package (``setup.py``), where the
installed app finds them through :mod:`importlib.resources`::

    lessons/NN-slug.yaml                   the course (English source text)
    puzzles/<kind>.yaml                    the puzzle sets, RETIRED, and engine-checks.json
                                           (the strategy items' kept figures)
    resources/                             the app icon, the desktop entry, the card index font
    tutor/data/locale/<lang>/LC_MESSAGES/  tutor.mo and content.mo: built from
                                           translations/<lang>/LC_MESSAGES/*.po by
                                           `make compile` in a checkout, and by the wheel's
                                           build (setup.py); never committed

Installed, the first three are ``tutor/data/lessons`` and so on. Each folder is named once,
here; a learner's progress keeps ids, never paths.
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


#: The folders the wheel's build copies from the repository's root into this package.
SHIPPED_FOLDERS: Final = (LESSONS, PUZZLES, RESOURCES)


def package_root() -> Path:
    """This package's folder, where the compiled catalogs are (and, installed, the content).

    The package is installed as plain files (a wheel unpacked into site-packages, or the
    checkout): a zipped install would give no folder, and is refused with what was found.
    """
    root = files(__name__)
    if not isinstance(root, Path):
        raise RuntimeError(f"the app's data is not a folder on disk ({root!r}): install the "
                           "wheel with pip or pipx rather than running it from a zip file")
    return root


def data_root() -> Path:
    """The folder holding ``lessons/``, ``puzzles/`` and ``resources/``.

    Installed from the wheel, this package's folder (the build put them there); in a checkout,
    an editable install included, the repository's root (the folder with ``pyproject.toml``
    two levels up). When neither holds ``lessons/``, the package's folder, so what is missing
    is reported where an installed app looks for it.
    """
    package = package_root()
    if (package / LESSONS).is_dir():
        return package
    checkout = package.parent.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / LESSONS).is_dir():
        return checkout
    return package


def locale_dir() -> Path:
    """Where the compiled catalogs are: ``<lang>/LC_MESSAGES/<domain>.mo``."""
    return package_root() / LOCALE


def resource(name: str) -> Path:
    """The file ``name`` in ``resources/`` (it may be missing: the caller says so)."""
    return data_root() / RESOURCES / name
