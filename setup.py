"""The wheel's build step that pyproject.toml cannot say: the catalogs are compiled.

Every ``translations/<lang>/LC_MESSAGES/<domain>.po`` becomes
``tutor/data/locale/<lang>/LC_MESSAGES/<domain>.mo`` in the wheel (a checkout gets the same
files from ``make compile``; compiled catalogs are never committed). Everything else is in
pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TRANSLATIONS = Path("translations")
LOCALE = Path("tutor", "data", "locale")  # tutor/data/__init__.py names it: LOCALE


class BuildPyWithCatalogs(build_py):
    """``build_py``, then each .po compiled into the build's package data."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads tutor/data/locale of the checkout
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


setup(cmdclass={"build_py": BuildPyWithCatalogs})
