"""Card names carry their article in every language: the gender and case table of
``tutor.names`` against hand-written forms, and every catalog message that asks for an article
rendered in French, German and Italian (issue 35, item 6)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import Card
from tutor.i18n import set_language
from tutor.names import ARTICLES, Phrase, card_phrase, set_deck, with_article
from tutor.refs import plain

ROOT = Path(__file__).resolve().parent.parent

#: (language, deck, card, form) -> the words, written out by hand.
EXPECTED = {
    ("de", "french", "DA", "der"): "das Ecken-Ass",
    ("de", "french", "HJ", "den"): "den Herz-Bauer",
    ("de", "french", "HQ", "dem"): "der Herz-Dame",
    ("de", "french", "ST", "zum"): "zur Schaufel-Zehn",
    ("de", "french", "CK", "vom"): "vom Kreuz-König",
    ("de", "german", "DA", "dem"): "dem Schellen-Ass",
    ("de", "german", "HT", "der"): "das Rosen-Banner",
    ("de", "german", "HJ", "den"): "den Rosen-Under",
    ("de", "german", "CQ", "Der"): "Der Eicheln-Ober",
    ("fr", "french", "HA", "le"): "l'as de cœur",
    ("fr", "french", "HQ", "du"): "de la dame de cœur",
    ("fr", "french", "H8", "le"): "le huit de cœur",
    ("fr", "french", "SK", "au"): "au roi de pique",
    ("fr", "german", "HJ", "le"): "l'under de roses",
    ("fr", "german", "ST", "du"): "du banneret d'écussons",
    ("fr", "german", "CQ", "Le"): "L'ober de glands",
    ("it", "french", "HA", "il"): "l'asso di cuori",
    ("it", "french", "HJ", "il"): "il fante di cuori",
    ("it", "french", "HQ", "del"): "della donna di cuori",
    ("it", "french", "C8", "al"): "all'otto di fiori",
    ("it", "french", "SK", "nel"): "nel re di picche",
    ("it", "german", "HT", "il"): "la bandiera di rose",
    ("it", "german", "HJ", "dal"): "dall'under di rose",
    ("it", "german", "D6", "Il"): "Il sei di campanelli",
}


@pytest.fixture(autouse=True)
def _back_to_english() -> Iterator[None]:
    yield
    set_language("en")
    set_deck("french")


@pytest.mark.parametrize(("lang", "deck", "code", "form"), list(EXPECTED))
def test_a_card_takes_the_article_of_its_gender_and_case(lang: str, deck: str, code: str,
                                                         form: str) -> None:
    set_language(lang)
    set_deck(deck)
    assert with_article(Card.parse(code), form) == EXPECTED[lang, deck, code, form]
    assert format(card_phrase(Card.parse(code)), form) == EXPECTED[lang, deck, code, form]
    assert plain("… {" + form + ":" + code + "}") == "… " + EXPECTED[lang, deck, code, form]


def test_english_reads_as_its_messages_write_it() -> None:
    card = Card.parse("HJ")
    assert f"You play the {card_phrase(card)}." == "You play the jack of hearts."
    assert f"{Phrase(card, the=True)}." == "the jack of hearts."
    assert "{choice:le}".format(choice=Phrase("hearts as trump")) == "hearts as trump"


def test_a_list_capitalises_only_its_first_card() -> None:
    set_language("fr")
    cards = Phrase(Card.parse("HA"), Card.parse("HQ"))
    assert format(cards, "Le") == "L'as de cœur, la dame de cœur"


def test_a_form_the_language_lacks_is_refused() -> None:
    set_language("fr")
    with pytest.raises(ValueError, match="'dem' is no article form in 'fr'"):
        format(card_phrase(Card.parse("HJ")), "dem")


def test_the_article_follows_a_live_language_switch() -> None:
    card = Card.parse("HJ")
    said = {}
    for lang in ("de", "fr", "it", "en"):
        set_language(lang)
        from tutor.i18n import _

        said[lang] = _("You play the {card}.").format(card=card_phrase(card))
    assert said == {"de": "Du spielst den Herz-Bauer.", "fr": "Tu joues le valet de cœur.",
                    "it": "Giochi il fante di cuori.", "en": "You play the jack of hearts."}


# --- every catalog message ------------------------------------------------------------------

#: A format placeholder with a spec ({card:dem}); a content reference with an article ({dem:HJ}).
_SPEC = re.compile(r"\{(\w+):(\w+)\}")
_REF = re.compile(r"\{([A-Za-z]+):([HDCS][6-9TJQKA])\}")
#: One card of each gender and sound in each deck: the ace (a vowel), queen, eight, jack, ten.
_SAMPLES = ("HA", "HQ", "H8", "HJ", "HT")
_LANGS = ("fr", "de", "it")


def _messages(lang: str, domain: str) -> Iterator[tuple[str, str]]:
    path = ROOT / "translations" / lang / "LC_MESSAGES" / f"{domain}.po"
    with open(path, "rb") as file:
        for message in read_po(file, locale=lang):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            texts = message.string if isinstance(message.string, (list, tuple)) else (
                message.string,)
            for text in texts:
                yield ids[0], text


def _article_slots(lang: str, text: str, domain: str) -> list[str]:
    if domain == "tutor":
        return [form for name, form in _SPEC.findall(text)
                if form.lower() in ARTICLES[lang] or name in ("card", "high")]
    return [form for form, _code in _REF.findall(text)
            if form not in ("suit", "of", "rank", "ranks", "option")]


@pytest.mark.parametrize("lang", _LANGS)
@pytest.mark.parametrize("domain", ["tutor", "content"])
def test_every_article_a_translation_asks_for_is_one_of_its_language(lang: str,
                                                                   domain: str) -> None:
    wrong = [(source[:50], form) for source, text in _messages(lang, domain)
             for form in _article_slots(lang, text, domain) if form.lower() not in ARTICLES[lang]]
    assert wrong == []


@pytest.mark.parametrize("deck", ["french", "german"])
@pytest.mark.parametrize("lang", _LANGS)
def test_every_message_with_a_card_article_renders_it(lang: str, deck: str) -> None:
    """Each translation that asks for an article is formatted with real cards of each gender:
    the sentence holds the card after the article the grammar gives, and nothing is left
    unformatted."""
    set_language(lang)
    set_deck(deck)
    for source, text in _messages(lang, "tutor"):
        specs = {name for name, form in _SPEC.findall(text) if form.lower() in ARTICLES[lang]}
        if not specs:
            continue
        for code in _SAMPLES:
            card = Card.parse(code)
            values = {name: "X" for name in re.findall(r"\{(\w+)[:}]", text)}
            values |= {name: card_phrase(card) for name in specs}
            said = text.format(**values)
            for name, form in _SPEC.findall(text):
                if name in specs:
                    assert with_article(card, form) in said, (source, said)


#: Messages whose English writes "the" before a card may leave it out in a translation only
#: where a label or an aside names the card (after a colon, in brackets), where another word
#: determines it (a possessive: "ton {HK}", "il tuo {HK}"), or in apposition to a word ("la
#: briscola {DT}", "le carte {CA} e {CT}"), or in a run of cards ("{HJ} {HQ} {HK}").
_DETERMINED = {
    "fr": r"ton|ta|tes|son|sa|ses|mon|ma|mes|ce|cet|cette|atout|carte|cartes",
    "de": r"dein|deine|deinen|deinem|sein|seine|seinen|seinem|ihr|ihre|ihren|ihrem|Karte|Karten",
    "it": r"tuo|tua|suo|sua|mio|mia|questo|questa|briscola|carta|carte",
}


def _bare_ok(lang: str, before: str) -> bool:
    if re.search(r"(?::\s*|\(|«\s*|\}\s)$", before):
        return True
    if re.search(r"\b(?i:" + _DETERMINED[lang] + r")\s$", before):
        return True
    if re.search(r":\s*(?:\{\w+\},\s)*(?:\{\w+\}\s(?:et|e|und)\s)?$", before):
        return True  # a list after a colon
    return bool(re.search(r"\b(?:carte|cartes|Karten)\s(?:\{\w+\}(?:,\s|\s(?:et|e|und)\s))+$",
                          before))


#: The placeholders of the app's messages that hold cards (``tutor.names.Phrase``).
_CARD_SLOTS = {"card", "high", "top", "six", "shown", "best", "runner", "choice", "other",
               "mine", "chosen", "last", "choices"}
_CARD_REF = re.compile(r"[HDCS][6-9TJQKA]")


def _the_slots(source: str, domain: str) -> set[str]:
    found = set(re.findall(r"\b[Tt]he \{(\w+)\}", source))
    return {slot for slot in found if _CARD_REF.fullmatch(slot)
            or (domain == "tutor" and slot in _CARD_SLOTS)}


def _bare(lang: str, text: str, slot: str) -> bool:
    return any(not _bare_ok(lang, text[: match.start()])
               for match in re.finditer(r"\{" + slot + r"\}", text))


@pytest.mark.parametrize("domain", ["tutor", "content"])
@pytest.mark.parametrize("lang", _LANGS)
def test_a_card_the_english_gives_an_article_has_one_in_every_translation(lang: str,
                                                                          domain: str) -> None:
    bare = [(source[:60], text[:60]) for source, text in _messages(lang, domain)
            for slot in _the_slots(source, domain) if _bare(lang, text, slot)]
    assert bare == []


@pytest.mark.parametrize("deck", ["french", "german"])
@pytest.mark.parametrize("lang", _LANGS)
def test_every_card_reference_with_an_article_draws_it(lang: str, deck: str) -> None:
    """Lesson and puzzle prose: each ``{dem:HJ}`` is drawn as the card after its article, in
    plain text and in rich text, capitalised where it starts a sentence."""
    from tutor.markup import to_html

    set_language(lang)
    set_deck(deck)
    for source, text in _messages(lang, "content"):
        refs = [(form, code) for form, code in _REF.findall(text) if form.lower() in ARTICLES[lang]]
        if not refs:
            continue
        said = plain(text).lower()
        drawn = re.sub(r"<[^>]+>", "", unescape(to_html(text))).lower()
        for form, code in refs:
            words = with_article(Card.parse(code), form).lower()
            assert words in said, (source[:60], words)
            assert words in drawn, (source[:60], words)
