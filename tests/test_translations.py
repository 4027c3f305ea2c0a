"""French, German and Italian: complete catalogs, kept placeholders, and a live switch."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QLabel, QPushButton

from tutor import i18n
from tutor.i18n import LANGUAGES, LOCALES, format_number
from tutor.names import ARTICLE_FORMS
from tutor.ui.window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
DOMAINS = {"tutor": "babel.cfg", "content": "babel-content.cfg"}
CATALOGS = [(lang, domain) for lang in LANGUAGES[1:] for domain in DOMAINS]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_FORMS = "|".join(sorted(ARTICLE_FORMS))
#: A card placeholder's article spec ({card:dem}), a card reference's article ({dem:HJ}).
ARTICLE_SPEC = re.compile(rf":(?i:{_FORMS})\}}$")
ARTICLE_REF = re.compile(rf"^\{{(?i:{_FORMS}):(?=[HDCS][6-9TJQKA]\}})")


@cache
def catalog(lang: str, domain: str) -> Catalog:
    path = TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po"
    with open(path, "rb") as file:
        return read_po(file, locale=lang, domain=domain)


@cache
def template(domain: str) -> Catalog:
    with open(TRANSLATIONS / f"{domain}.pot", "rb") as file:
        return read_po(file)


def keys(cat: Catalog) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in cat if m.id}


def forms(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (str(value or ""),)


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_every_catalog_compiles(lang: str, domain: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang, domain))
    assert len(buffer.getvalue()) > 1000


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_no_message_is_untranslated_or_fuzzy(lang: str, domain: str) -> None:
    cat = catalog(lang, domain)
    assert not cat.fuzzy, "the catalog header is marked fuzzy"
    missing = [m.id for m in cat if m.id and not all(forms(m.string))]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert (missing, fuzzy) == ([], [])


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_every_catalog_holds_every_message_of_its_template(lang: str, domain: str) -> None:
    assert sorted(map(str, keys(template(domain)) - keys(catalog(lang, domain)))) == []


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_every_translation_keeps_exactly_the_placeholders_of_its_source(lang: str,
                                                                        domain: str) -> None:
    wrong = []
    for message in catalog(lang, domain):
        if not message.id:
            continue
        source = forms(message.id)[-1]
        want = sorted(map(same_reference, PLACEHOLDER.findall(source)))
        for text in forms(message.string):
            if sorted(map(same_reference, PLACEHOLDER.findall(text))) != want:
                wrong.append((message.context, source[:60], text[:60]))
    assert wrong == []


def same_reference(placeholder: str) -> str:
    """A placeholder as the translation must keep it. A suit reference may take the form its
    language needs after "of" ({of:S} for {suit:S}, so French can write "d'écussons"), and a
    rank its plural ({ranks:Q} for {rank:Q}), and a card the article its sentence needs
    ({card:dem} for {card}, {dem:HJ} for {HJ}: ``tutor.names.ARTICLES``); the suit, rank or
    card itself must stay.

    >>> same_reference("{of:S}"), same_reference("{ranks:Q}"), same_reference("{points}")
    ('{suit:S}', '{rank:Q}', '{points}')
    >>> same_reference("{card:Dem}"), same_reference("{du:HJ}")
    ('{card}', '{HJ}')
    """
    placeholder = ARTICLE_SPEC.sub("}", ARTICLE_REF.sub("{", placeholder))
    return placeholder.replace("{of:", "{suit:").replace("{ranks:", "{rank:")


@pytest.mark.parametrize("domain", DOMAINS)
def test_templates_are_up_to_date_with_the_sources(domain: str) -> None:
    with open(ROOT / DOMAINS[domain], encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    keywords = dict(DEFAULT_KEYWORDS, NP_=((1, "c"), 2))
    found = set()
    for _path, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        found.add((context, message if isinstance(message, str) else next(iter(message))))
    in_template = {(c, forms(i)[0]) for c, i in keys(template(domain))}
    assert found - in_template == set(), "run `make update` and translate the new messages"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_maps_to_a_babel_and_a_qt_locale(lang: str) -> None:
    locale = Locale.parse(LOCALES[lang])
    assert (locale.language, locale.territory) == (lang, "CH")
    qt = QLocale(LOCALES[lang])
    assert qt.name() == LOCALES[lang]
    assert qt.territory() == QLocale.Country.Switzerland


@pytest.mark.parametrize("lang", ["de", "it", "fr", "en"])
def test_numbers_are_written_the_swiss_way(lang: str) -> None:
    """The app follows CLDR's Swiss formats, as Babel has them: the group symbol is asked of
    Babel, not written here (CLDR 47 changed it, and Babel 2.19 with it)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    i18n.set_language(lang)
    group = get_group_symbol(LOCALES[lang])
    assert group not in "0123456789" and group != get_decimal_symbol(LOCALES[lang])
    assert format_number(1000) == f"1{group}000"
    assert format_number(12345) == f"12{group}345"  # the largest the app shows: a rating, a total
    assert format_number(157) == "157"


def translated(lang: str, message: str, context: str | None = None) -> str:
    entry = catalog(lang, "tutor").get(message, context=context)
    assert entry is not None, message
    return forms(entry.string)[0]


CHECKED_LABELS = {
    "settingsHeading": "Settings",
    "rulesPageHeading": "Rules",
    "recordHeading": "Your record",
    "lessonsHeading": "Lessons",
}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_switching_language_retranslates_every_page_at_once(qtbot, content, lang: str) -> None:
    window = MainWindow(content=content)
    qtbot.addWidget(window)
    window.show()
    window.change_language(lang)
    for page in ("learn", "puzzles", "play", "rules", "settings"):
        window.show_page(page)
        nav = window.nav.item(window.nav.currentRow()).text()
        assert nav == translated(lang, page.capitalize())
    for name, english in CHECKED_LABELS.items():
        label = window.findChild(QLabel, name)
        assert label.text() == translated(lang, english), name
        if translated(lang, english) != english:
            assert label.text() != english, f"{name} is still in English"
    lesson = window.learn.view.title.text()
    assert lesson and lesson != window.learn.lessons[0].title
    buttons = [b.text() for b in window.findChildren(QPushButton) if b.text()]
    english = {"Check", "Next", "Back", "Next puzzle", "Next for me", "Try again", "Dismiss"}
    assert not english & set(buttons), english & set(buttons)
    window.change_language("en")
    assert window.findChild(QLabel, "settingsHeading").text() == "Settings"


def test_the_language_choice_persists(qtbot, tmp_path, content) -> None:
    from PySide6.QtCore import QSettings

    from tutor.ui.launch import start_language

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(content=content, settings=settings)
    qtbot.addWidget(window)
    window.change_language("it")
    settings.sync()
    again = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert start_language(again) == "it"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_live_language_switch_leaves_no_drop_down_too_narrow(qtbot, content, lang: str) -> None:
    """Each drop-down takes the width of its longest item again after the switch (issue 35:
    the coach's level read "auf Anfrag…")."""
    from PySide6.QtWidgets import QComboBox

    window = MainWindow(content=content)
    qtbot.addWidget(window)
    window.show()
    for page in ("play", "puzzles", "settings"):
        window.show_page(page)
    window.change_language(lang)
    boxes = window.findChildren(QComboBox)
    assert len(boxes) >= 10
    for box in boxes:
        widest = max(box.fontMetrics().horizontalAdvance(box.itemText(i))
                     for i in range(box.count()))
        assert box.sizeHint().width() >= widest, (box.objectName(), box.currentText())
