"""Translations: gettext catalogs and the language switch (no Qt, no Babel at import).

UI strings live in the ``tutor`` domain, compiled from ``translations/<lang>/LC_MESSAGES/
tutor.po`` into the package data (``tutor/data/locale``, see :mod:`tutor.data`). English is the
source language and needs no catalog; asking for a language whose catalogs are not there is an
error that says which file is missing, where it was looked for, and which languages there are.
Translate whole sentences with named placeholders, then format::

    _("Target: {points} points").format(points=1000)

Strings defined before a language is chosen (tables of labels) are marked with ``N_`` and
translated with ``_`` where they are shown. Widgets re-read every string in ``retranslate_ui()``
after ``set_language``.
"""

from __future__ import annotations

import functools
import gettext
from datetime import date
from pathlib import Path
from typing import Any, Final, Literal, TypeGuard, get_args

from tutor.data import locale_dir

#: The languages of the app, in the order its menus list them.
Language = Literal["en", "fr", "de", "it"]
LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
#: The source language: its strings are the catalogs' keys, so it needs no catalog.
SOURCE_LANGUAGE: Final[Language] = "en"
#: Each language in its own words, as the Language menu and Settings list it (not translated).
LANGUAGE_NAMES: Final[dict[Language, str]] = {
    "en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
DOMAIN: Final = "tutor"
CONTENT_DOMAIN: Final = "content"  # lesson and puzzle prose, extracted from the YAML
LOCALE_DIR: Path = locale_dir()

_language: Language = SOURCE_LANGUAGE
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_content: gettext.NullTranslations = gettext.NullTranslations()


class MissingCatalog(ValueError):
    """A language was asked for whose catalogs are not there or cannot be read (or that we do
    not translate)."""


def set_language(code: str) -> None:
    """Use the catalogs of ``code`` from now on.

    Raises :class:`MissingCatalog` when ``code`` is not one of ``LANGUAGES`` or its compiled
    catalogs are missing or cannot be read (a damaged file, a FIFO, a huge file), naming the
    file, why, and the languages there are.
    """
    global _language, _catalog, _content
    if (problem := catalog_problem(code)) is not None:
        raise MissingCatalog(problem)
    assert is_language(code)  # catalog_problem said so
    if code == SOURCE_LANGUAGE:
        _catalog, _content = gettext.NullTranslations(), gettext.NullTranslations()
    else:
        try:
            _catalog = _read_catalog(_catalog_path(code, DOMAIN))
            _content = _read_catalog(_catalog_path(code, CONTENT_DOMAIN))
        except ValueError as error:  # changed since catalog_problem looked
            raise MissingCatalog(f"the catalog of {code!r} cannot be read: {error}") from error
    _language = code


#: The largest compiled catalog read (the app's are under 200 kB).
MAX_CATALOG_BYTES: Final = 5_000_000


def _catalog_path(code: str, domain: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.mo"


def _missing_files(code: str) -> list[Path]:
    return [_catalog_path(code, domain) for domain in (DOMAIN, CONTENT_DOMAIN)
            if not gettext.find(domain, localedir=LOCALE_DIR, languages=[code])]


def _read_catalog(path: Path) -> gettext.GNUTranslations:
    """The compiled catalog ``path``, read once per version of the file; ``ValueError`` with
    a plain reason if it is not a regular file of bounded size or not a catalog (a damaged
    file must not stop the app: the language is then not offered, and English is used)."""
    try:
        found = path.stat()
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from error
    return _read_catalog_version(str(path), found.st_mtime_ns, found.st_size)


@functools.cache
def _read_catalog_version(path: str, mtime_ns: int, size: int) -> gettext.GNUTranslations:
    import io

    from tutor.files import read_bytes

    try:
        data = read_bytes(Path(path), limit=MAX_CATALOG_BYTES)
        return gettext.GNUTranslations(io.BytesIO(data))
    except Exception as error:  # what gettext's parser raises on a damaged file varies
        raise ValueError(str(error) or type(error).__name__) from error


def _unreadable_files(code: str) -> list[tuple[Path, str]]:
    """The catalogs of ``code`` that are there but cannot be read, each with why."""
    found = []
    for domain in (DOMAIN, CONTENT_DOMAIN):
        path = _catalog_path(code, domain)
        if path.exists():
            try:
                _read_catalog(path)
            except ValueError as error:
                found.append((path, str(error)))
    return found


def is_language(value: object) -> TypeGuard[Language]:
    """Whether ``value`` is the code of one of ``LANGUAGES`` (its catalogs may be missing)."""
    return value in LANGUAGES


def available_languages() -> list[Language]:
    """English and every language whose two compiled catalogs (app and content) are present
    and can be read."""
    return [code for code in LANGUAGES if code == SOURCE_LANGUAGE
            or not (_missing_files(code) or _unreadable_files(code))]


def catalog_problem(code: str) -> str | None:
    """Why ``code`` cannot be used (in English: it is said before any language is chosen), or
    ``None`` when it can."""
    there = ", ".join(available_languages())
    if code not in LANGUAGES:
        return (f"{code!r} is not a language of Jass tutor: the languages there are {there}")
    missing = _missing_files(code) if code != SOURCE_LANGUAGE else []
    if missing:
        files = " and ".join(str(path) for path in missing)
        return (f"no catalog for {code!r}: {files} not found (in a checkout, `make compile` "
                f"builds them): the languages there are {there}")
    unreadable = _unreadable_files(code) if code != SOURCE_LANGUAGE else []
    if unreadable:
        files = " and ".join(f"{path} ({reason})" for path, reason in unreadable)
        return (f"the catalog of {code!r} cannot be read: {files} (in a checkout, `make "
                f"compile` builds it again): the languages there are {there}")
    return None


def content_text(message: str, context: str = "") -> str:
    """Lesson or puzzle prose in the current language (the ``content`` domain).

    ``context`` is the lesson or puzzle id the extractor gives the message, so one English
    sentence can be translated differently in two places.
    """
    if context:
        return _content.pgettext(context, message)
    return _content.gettext(message)


def current_language() -> Language:
    """The code of the language in use, ``"en"`` until ``set_language`` is called."""
    return _language


def _(message: str) -> str:
    """``message`` translated into the current language."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction; translate it later with
    ``pgettext(context, message)``."""
    return message


#: The Swiss locale of each language, for Babel's number formats and Qt's locale.
LOCALES: Final[dict[Language, str]] = {"en": "en_CH", "fr": "fr_CH", "de": "de_CH", "it": "it_CH"}


def format_number(number: int | float) -> str:
    """``number`` in the Swiss format of the current language, as CLDR has it (Babel's data):
    the one decision on number formats. The group symbol is CLDR's for each ``*_CH`` locale
    (an apostrophe since CLDR 47, French included; a right single quote or, in French, a narrow
    no-break space before), so the app changes with the locale data, never by a rule of ours."""
    from babel.numbers import format_decimal  # Babel is loaded only when a number is shown

    return str(format_decimal(number, locale=_babel_locale(LOCALES[_language])))


def day_name(day: date) -> str:
    """The name of ``day``'s weekday in the current language (CLDR's, through Babel).

    >>> day_name(date(2026, 11, 28))
    'Saturday'
    """
    from babel.dates import format_date

    return str(format_date(day, "EEEE", locale=_babel_locale(LOCALES[_language])))


def format_day(day: date) -> str:
    """``day`` as a date in the current language's Swiss format (CLDR's medium one)."""
    from babel.dates import format_date

    return str(format_date(day, "medium", locale=_babel_locale(LOCALES[_language])))


@functools.cache
def _babel_locale(name: str) -> Any:
    """Babel's locale object, parsed once (parsing it for every number costs milliseconds)."""
    from babel import Locale

    return Locale.parse(name)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language.

    >>> ngettext("{n} point", "{n} points", 157).format(n=157)
    '157 points'
    """
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``, for words that are ambiguous without it
    (``pgettext("trump", "Buur")``)."""
    return _catalog.pgettext(context, message)
