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


@pytest.fixture
def copied_catalogs(tmp_path, monkeypatch):
    """The compiled catalogs copied to a folder of the test's own, which the app then reads."""
    import shutil

    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    return locale


@pytest.mark.parametrize("damage", ["garbage", "truncated", "fifo", "folder"])
def test_a_damaged_catalog_is_named_and_its_language_not_offered(copied_catalogs, damage):
    import os

    path = copied_catalogs / "de" / "LC_MESSAGES" / "tutor.mo"
    data = path.read_bytes()
    path.unlink()
    if damage == "garbage":
        path.write_bytes(b"not a catalog at all" * 10)
    elif damage == "truncated":
        path.write_bytes(data[:len(data) // 3])
    elif damage == "fifo":
        os.mkfifo(path)  # reading it would wait for ever: it is looked at, never opened
    else:
        path.mkdir()
    problem = i18n.catalog_problem("de")
    assert problem is not None and str(path) in problem and "cannot be read" in problem
    assert "de" not in i18n.available_languages()
    assert {"fr", "it"} <= set(i18n.available_languages())
    with pytest.raises(i18n.MissingCatalog, match="cannot be read"):
        i18n.set_language("de")
    assert i18n.current_language() == "en"  # what was in force stays
    i18n.set_language("fr")  # the others still open


def test_a_saved_language_whose_catalog_is_damaged_starts_the_app_in_english(copied_catalogs,
                                                                            tmp_path):
    from PySide6.QtCore import QSettings

    from tutor.ui.launch import saved_language_problem, start_language

    (copied_catalogs / "it" / "LC_MESSAGES" / "content.mo").write_bytes(b"\x00" * 64)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "it")
    assert start_language(settings) == "en"
    problem = saved_language_problem(settings)
    assert problem is not None and "content.mo" in problem


def test_the_self_check_names_a_damaged_catalog(copied_catalogs):
    from tutor import selfcheck

    (copied_catalogs / "fr" / "LC_MESSAGES" / "tutor.mo").write_bytes(b"\xde\x12\x04\x95junk")
    problems = selfcheck.check(lambda line: None)
    assert any("fr" in p and "tutor.mo" in p and "cannot be read" in p for p in problems)
