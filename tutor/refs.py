"""References in lesson, puzzle and rule text: names that follow the deck, language and table in
force (no Qt).

Prose never names a suit or a rank in words, because the words depend on the deck: the French
deck has hearts, jacks and queens, the Swiss German deck roses, Under and Ober. It writes a
reference instead, rendered at paint time:

- ``{HJ}``: a card (``jack of hearts``, ``under of roses``);
- ``{suit:H}``: a suit (``hearts``, ``roses``); ``{of:H}`` the suit after "of" as each language
  writes it (``of hearts``; French ``de cœur`` but ``d'écussons``);
- ``{rank:J}``: a rank (``jack``, ``under``); ``{ranks:J}`` its plural (``jacks``, ``unders``);
- ``{dem:HJ}``: a card with the article a translation asks for (``tutor.names.ARTICLES``:
  German ``dem Herz-Bauer``, French ``{du:HJ}`` ``du valet de cœur``, Italian ``{al:HJ}``);
  English prose writes "the" itself and uses ``{HJ}``;
- ``{option:first_trump_card}``: a table option, by its Settings label, with its value in force;
  ``{option:discard_signal}`` is the table's discard signal (a convention, not a rule).

A reference that starts a sentence is capitalised. ``suit_rank_words`` finds suit and rank words
written out in English prose, for the content checker.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine import Card, InvalidCardError, Rank, Rules, Suit
from tutor.i18n import _, content_text
from tutor.names import (
    ARTICLE_FORMS,
    Phrase,
    capitalized,
    of_suit,
    rank_name,
    rank_plural,
    suit_name,
    with_article,
)

#: ``{HJ}``, ``{suit:H}``, ``{rank:J}``, ``{ranks:J}``, ``{option:target}``, ``{dem:HJ}``.
REF: Final = re.compile(r"\{(?:([A-Za-z]+):)?([A-Za-z0-9_]+)\}")
_KINDS: Final = ("suit", "of", "rank", "ranks", "option")
#: Any ``{…}``, to report what is not a reference.
ANY_BRACES: Final = re.compile(r"\{([^{}]*)\}")
_SUITS: Final = {"H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS, "S": Suit.SPADES}
_SENTENCE_START: Final = re.compile(r"(?:^|[.!?]\s+|\n(?:\s*-\s+)?)(?:<[^>]*>|\*+|\s)*$")

#: Suit and rank words that depend on the deck, as English prose would write them, and the
#: suit symbols: the content checker refuses them outside a reference.
_WORDS: Final = re.compile(
    r"\b(hearts?|diamonds?|clubs?|spades?|jacks?|queens?|roses?|bells?|acorns?|shields?|obers?|"
    r"unders|banners?)\b|[♥♦♣♠]",
    re.IGNORECASE,
)
#: A table option's own name, and the club a player belongs to.
_ALLOWED: Final = re.compile(r"pique double|club players?", re.IGNORECASE)


@dataclass(frozen=True)
class Ref:
    """One reference: its kind (``card``, ``suit``, ``rank``, ``ranks``, ``option``) and what it
    names; a card's article ``form`` (``dem``), if it asks for one."""

    kind: str
    value: Card | Suit | Rank | str
    form: str = ""


#: How a caller draws one reference: ``render(ref, starts_sentence)``.
RenderRef = Callable[[Ref, bool], str]


def parse(kind: str | None, body: str) -> Ref:
    """The reference ``{kind:body}`` (``kind`` None for a card); ``ValueError`` saying why not.

    >>> parse("suit", "H")
    Ref(kind='suit', value=<Suit.HEARTS: 0>)
    """
    if kind is None or kind.lower() in ARTICLE_FORMS:
        try:
            return Ref("card", Card.parse(body), kind or "")
        except InvalidCardError:
            raise ValueError(f"{{{body}}} is not a card code") from None
    if kind not in _KINDS:
        raise ValueError(f"{{{kind}:{body}}}: {kind!r} is neither {', '.join(_KINDS)} nor an "
                         f"article ({', '.join(sorted(ARTICLE_FORMS))})")
    if kind in ("suit", "of"):
        if body not in _SUITS:
            raise ValueError(f"{{{kind}:{body}}}: a suit is one of H, D, C, S")
        return Ref(kind, _SUITS[body])
    if kind in ("rank", "ranks"):
        try:
            return Ref(kind, Card.parse("H" + body).rank)
        except InvalidCardError:
            raise ValueError(f"{{{kind}:{body}}}: a rank is one of 6 7 8 9 T J Q K A") from None
    names = sorted(_option_names())
    if body not in names:
        raise ValueError(f"{{option:{body}}}: a table option is one of {', '.join(names)}")
    return Ref("option", body)


def _option_names() -> set[str]:
    """The table options a reference may name: the rules' (not the profile) and the discard
    signal (a convention, ``engine.Conventions``)."""
    return (set(Rules.__dataclass_fields__) - {"profile"}) | {"discard_signal"}


def problems(text: str) -> list[str]:
    """What is wrong with the references in ``text`` (every ``{…}`` must be one)."""
    found = []
    for match in ANY_BRACES.finditer(text):
        whole = REF.fullmatch(match.group(0))
        if whole is None:
            found.append(f"{match.group(0)} is not a reference (a card like {{HJ}} or "
                         "{dem:HJ}, {suit:H}, {of:H}, {rank:J}, {ranks:J} or {option:NAME})")
            continue
        try:
            parse(whole.group(1), whole.group(2))
        except ValueError as error:
            found.append(str(error))
    return found


def suit_rank_words(text: str) -> list[str]:
    """The suit and rank words written out in English ``text``, outside references.

    >>> suit_rank_words("Hearts are trump: play {HQ}, not the queen ♠. Pique double is on.")
    ['Hearts', 'queen', '♠']
    """
    prose = _ALLOWED.sub(" ", REF.sub(" ", text))
    return [match.group(0) for match in _WORDS.finditer(prose)]


def option_codes(text: str) -> list[str]:
    """Table options named by their code in ``text``, outside references.

    >>> option_codes("Set first_trump_card, not {option:target}.")
    ['first_trump_card']
    """
    names = _option_names()
    prose = REF.sub(" ", text)
    return [word for word in re.findall(r"[a-z_]+", prose) if word in names and "_" in word]


def name(ref: Ref) -> str:
    """The reference as plain words in the current language, deck and table."""
    value = ref.value
    if isinstance(value, Card):
        return with_article(value, ref.form)
    if isinstance(value, Suit):
        return of_suit(value) if ref.kind == "of" else suit_name(value)
    if isinstance(value, Rank):
        return rank_plural(value) if ref.kind == "ranks" else rank_name(value)
    from tutor.rule_options import option_label, option_value  # they name cards too

    return _("{option} (now: {value})").format(option=option_label(value),
                                               value=option_value(value))


class CardRefs(Phrase):
    """Cards as a format argument that writes references, drawn later in the language in force:
    ``{card}`` is ``{HJ}``, ``{card:dem}`` is ``{dem:HJ}`` (see ``tutor.names.Phrase``)."""

    @classmethod
    def word(cls, card: Card, form: str) -> str:
        return "{" + (form + ":" if form else "") + str(card) + "}"


def starts_sentence(before: str) -> bool:
    """Whether text placed after ``before`` starts a sentence (markup and spaces ignored)."""
    return _SENTENCE_START.search(before) is not None


def substitute(text: str, render: RenderRef) -> str:
    """``text`` with each reference replaced by ``render(ref, capital)``; anything that is not
    a valid reference is left as it is."""

    def one(match: re.Match[str]) -> str:
        try:
            ref = parse(match.group(1), match.group(2))
        except ValueError:
            return match.group(0)
        return render(ref, starts_sentence(match.string[: match.start()]))

    return REF.sub(one, text)


def plain(text: str) -> str:
    """``text`` with its references in words (for labels, tooltips and screen readers).

    >>> plain("{suit:H} are trump; the {rank:J} is the Buur. {HJ} leads.")
    'Hearts are trump; the jack is the Buur. Jack of hearts leads.'
    """
    return substitute(text, lambda ref, capital: capitalized(name(ref)) if capital else name(ref))


def content_plain(message: str, context: str = "") -> str:
    """Lesson or puzzle prose in the current language with its references in words: for labels
    that show plain text (titles, questions, answers to choose from)."""
    return plain(content_text(message, context))
