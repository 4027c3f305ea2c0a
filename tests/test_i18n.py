"""The gettext front end: language switch, fallback to English, plurals and contexts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor import i18n


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_english_is_the_default_and_needs_no_catalog():
    assert i18n.current_language() == "en"
    assert i18n._("Table rules") == "Table rules"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_language_can_be_chosen(language):
    i18n.set_language(language)
    assert i18n.current_language() == language
    assert i18n._("Yes")  # a missing catalog falls back to English


def test_unknown_language_is_refused_and_the_current_one_kept():
    i18n.set_language("fr")
    with pytest.raises(ValueError, match="'xx' is not a language of Jass tutor: the languages "
                       "there are en, fr, de, it"):
        i18n.set_language("xx")
    assert i18n.current_language() == "fr"


def test_a_language_without_its_catalogs_is_refused_naming_the_file_and_the_languages_there(
        tmp_path, monkeypatch):
    from tests.test_app import write_catalog

    write_catalog(tmp_path, "fr", {"Yes": "Oui"})
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / "tutor.mo").write_bytes(
        (i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "tutor.mo").read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.available_languages() == ["en", "fr"]
    with pytest.raises(i18n.MissingCatalog) as refused:
        i18n.set_language("de")
    assert str(refused.value) == (
        f"no catalog for 'de': {tmp_path}/de/LC_MESSAGES/content.mo not found (in a checkout, "
        "`make compile` builds them): the languages there are en, fr")
    i18n.set_language("fr")
    assert i18n._("Yes") == "Oui"
    i18n.set_language("en")


@pytest.mark.parametrize(("n", "expected"), [(1, "1 point"), (0, "0 points"), (157, "157 points")])
def test_ngettext_chooses_the_plural_form(n, expected):
    assert i18n.ngettext("{n} point", "{n} points", n).format(n=n) == expected


def test_pgettext_falls_back_to_the_message():
    assert i18n.pgettext("trump", "Buur") == "Buur"


def test_n_marks_without_translating():
    assert i18n.N_("Target") == "Target"


def test_i18n_loads_neither_qt_nor_babel():
    code = (
        "import sys, tutor.i18n\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'babel')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
