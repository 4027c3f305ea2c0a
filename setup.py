"""The wheel's build steps that pyproject.toml cannot say: the content is copied in and the
catalogs are compiled.

- ``lessons/``, ``puzzles/`` and ``resources/`` sit at the repository's root (the project's
  specified layout); the build copies each of their files, the writers' ``README.md`` notes
  excepted, into ``tutor/data/<folder>/`` of the wheel, where the installed app finds them
  through ``importlib.resources`` (``tutor/data/__init__.py``).
- Every ``translations/<lang>/LC_MESSAGES/<domain>.po`` becomes
  ``tutor/data/locale/<lang>/LC_MESSAGES/<domain>.mo`` in the wheel (a checkout gets the same
  files from ``make compile``; compiled catalogs are never committed).

An editable install does neither: it reads the checkout's folders. Everything else is in
pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TRANSLATIONS = Path("translations")
DATA = Path("tutor", "data")  # the package tutor/data/__init__.py is
LOCALE = DATA / "locale"  # tutor/data/__init__.py names it: LOCALE
SHIPPED_FOLDERS = ("lessons", "puzzles", "resources")  # tutor/data: SHIPPED_FOLDERS
NOT_SHIPPED = {"README.md"}  # the writers' notes


class BuildPyWithData(build_py):
    """``build_py``, then the content copied and each .po compiled into the package data."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders
        self.copy_content()
        self.compile_catalogs()

    def copy_content(self) -> None:
        for folder in SHIPPED_FOLDERS:
            sources = sorted(path for path in Path(folder).iterdir()
                             if path.is_file() and path.name not in NOT_SHIPPED)
            if not sources:
                raise SystemExit(f"error: nothing to ship in {Path(folder).resolve()}")
            for source in sources:
                target = Path(self.build_lib, DATA, source)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            self.announce(f"copied {len(sources)} files of {folder}/ -> {DATA / folder}",
                          level=2)

    def compile_catalogs(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        sources = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))
        if not sources:
            raise SystemExit(f"error: no catalog (.po) under {TRANSLATIONS.resolve()}: the "
                             "wheel would offer English only")
        for source in sources:
            target = Path(self.build_lib, LOCALE, source.relative_to(TRANSLATIONS)
                          .with_suffix(".mo"))
            target.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po_file:
                catalog = read_po(po_file, locale=source.parts[1])
            with target.open("wb") as mo_file:
                write_mo(mo_file, catalog)
            self.announce(f"compiled {source} -> {target}", level=2)


setup(cmdclass={"build_py": BuildPyWithData})
