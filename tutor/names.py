"""Names of cards, suits and ranks in the learner's language and deck (no Qt).

Two decks (``tutor.vocab.DECKS``): ``french`` (hearts, diamonds, clubs, spades; the default in
Romandy) and ``german`` (Rosen, Schellen, Schilten, Eicheln; Banner, Under, Ober). The engine
knows only codes; every name a learner reads of a card, a suit, a rank or a seat comes from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal, NamedTuple

from engine import Card, Rank, Suit, Trump
from tutor.i18n import NP_, Language, _, current_language, pgettext
from tutor.vocab import DEFAULT_DECK, LEARNER_SEAT, LEARNER_TEAM, Deck, check_deck

_SUITS: Final[dict[Deck, dict[Suit, str]]] = {
    "french": {
        Suit.HEARTS: NP_("suit", "hearts"),
        Suit.DIAMONDS: NP_("suit", "diamonds"),
        Suit.CLUBS: NP_("suit", "clubs"),
        Suit.SPADES: NP_("suit", "spades"),
    },
    "german": {
        Suit.HEARTS: NP_("suit", "roses"),
        Suit.DIAMONDS: NP_("suit", "bells"),
        Suit.CLUBS: NP_("suit", "acorns"),
        Suit.SPADES: NP_("suit", "shields"),
    },
}

_RANKS: Final[dict[Deck, dict[Rank, str]]] = {
    "french": {
        Rank.SIX: NP_("rank", "six"),
        Rank.SEVEN: NP_("rank", "seven"),
        Rank.EIGHT: NP_("rank", "eight"),
        Rank.NINE: NP_("rank", "nine"),
        Rank.TEN: NP_("rank", "ten"),
        Rank.JACK: NP_("rank", "jack"),
        Rank.QUEEN: NP_("rank", "queen"),
        Rank.KING: NP_("rank", "king"),
        Rank.ACE: NP_("rank", "ace"),
    },
    "german": {
        Rank.SIX: NP_("rank", "six"),
        Rank.SEVEN: NP_("rank", "seven"),
        Rank.EIGHT: NP_("rank", "eight"),
        Rank.NINE: NP_("rank", "nine"),
        Rank.TEN: NP_("rank", "banner"),
        Rank.JACK: NP_("rank", "under"),
        Rank.QUEEN: NP_("rank", "ober"),
        Rank.KING: NP_("rank", "king"),
        Rank.ACE: NP_("rank", "ace"),
    },
}

_RANK_PLURALS: Final[dict[Deck, dict[Rank, str]]] = {
    "french": {
        Rank.SIX: NP_("ranks", "sixes"),
        Rank.SEVEN: NP_("ranks", "sevens"),
        Rank.EIGHT: NP_("ranks", "eights"),
        Rank.NINE: NP_("ranks", "nines"),
        Rank.TEN: NP_("ranks", "tens"),
        Rank.JACK: NP_("ranks", "jacks"),
        Rank.QUEEN: NP_("ranks", "queens"),
        Rank.KING: NP_("ranks", "kings"),
        Rank.ACE: NP_("ranks", "aces"),
    },
    "german": {
        Rank.SIX: NP_("ranks", "sixes"),
        Rank.SEVEN: NP_("ranks", "sevens"),
        Rank.EIGHT: NP_("ranks", "eights"),
        Rank.NINE: NP_("ranks", "nines"),
        Rank.TEN: NP_("ranks", "banners"),
        Rank.JACK: NP_("ranks", "unders"),
        Rank.QUEEN: NP_("ranks", "obers"),
        Rank.KING: NP_("ranks", "kings"),
        Rank.ACE: NP_("ranks", "aces"),
    },
}

#: "of hearts" as one phrase, so a language can elide or reorder it ("d’écussons", "Rosen-").
_OF_SUITS: Final[dict[Deck, dict[Suit, str]]] = {
    "french": {
        Suit.HEARTS: NP_("of suit", "of hearts"),
        Suit.DIAMONDS: NP_("of suit", "of diamonds"),
        Suit.CLUBS: NP_("of suit", "of clubs"),
        Suit.SPADES: NP_("of suit", "of spades"),
    },
    "german": {
        Suit.HEARTS: NP_("of suit", "of roses"),
        Suit.DIAMONDS: NP_("of suit", "of bells"),
        Suit.CLUBS: NP_("of suit", "of acorns"),
        Suit.SPADES: NP_("of suit", "of shields"),
    },
}

#: The French-suited deck's suit symbols; the Swiss German-suited deck has none.
SUIT_SYMBOLS: Final = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}

_deck: Deck = DEFAULT_DECK


def set_deck(deck: str) -> None:
    """Name cards after ``deck`` (one of ``DECKS``) from now on."""
    global _deck
    _deck = check_deck(deck)


def current_deck() -> Deck:
    return _deck


def seat_name(seat: int) -> str:
    """The seat as the table labels it ("You", "Right", "Partner", "Left"), seen from the
    learner at ``LEARNER_SEAT``."""
    names = (pgettext("seat", "You"), pgettext("seat", "Right"), pgettext("seat", "Partner"),
             pgettext("seat", "Left"))
    return names[(seat - LEARNER_SEAT) % 4]


def team_name(team: int) -> str:
    """"Your team" (the learner's, ``LEARNER_TEAM``) or "Opponents"."""
    return _("Your team") if team == LEARNER_TEAM else _("Opponents")


def suit_symbol(suit: Suit) -> str | None:
    """``♥`` when the deck in force has suit symbols (the French-suited deck), else ``None``."""
    return SUIT_SYMBOLS[suit] if _deck == "french" else None


def suit_name(suit: Suit) -> str:
    """``hearts``, in the current language and deck."""
    return pgettext("suit", _SUITS[_deck][suit])


def rank_name(rank: Rank) -> str:
    """``jack``, in the current language and deck."""
    return pgettext("rank", _RANKS[_deck][rank])


def rank_plural(rank: Rank) -> str:
    """``jacks``, in the current language and deck."""
    return pgettext("ranks", _RANK_PLURALS[_deck][rank])


def of_suit(suit: Suit) -> str:
    """``of hearts``, in the current language and deck (French ``d'écussons``)."""
    return pgettext("of suit", _OF_SUITS[_deck][suit])


def card_name(card: Card) -> str:
    """``jack of hearts``, in the current language and deck.

    >>> card_name(Card.parse("HJ"))
    'jack of hearts'
    """
    return _("{rank} {of_suit}").format(rank=rank_name(card.rank), of_suit=of_suit(card.suit))


# --- articles: a card in a sentence ------------------------------------------------------------
#
# English writes "the" in its messages ("You play the {card}."), but in French, German and
# Italian the article depends on the card's gender (das Ass, der König, die Dame; l'as, la
# dame), in German on the case too (mit dem Ass) and in French and Italian on the preposition it
# merges with (du roi, de la dame; al re, alla donna). So a translation asks for the form it
# needs in the placeholder's format spec, named by the masculine article of that form: German
# "{card:dem}", French "{card:du}", Italian "{card:al}"; the grammar below gives the article
# for the card's gender. A capital first letter capitalises the result ("{card:Der}"). No spec
# gives the bare name. Content prose writes the same forms as a reference kind: ``{dem:HJ}``.

#: A rank name's grammatical gender: masculine, feminine, neuter.
Gender = Literal["m", "f", "n"]


class Articles(NamedTuple):
    """One form of the definite article: for masculine, feminine and neuter names, and before
    a vowel (French and Italian elide: ``l'``, ``dell'``; German never does)."""

    m: str
    f: str
    n: str = ""
    vowel: str = ""


#: The gender of each rank name as the catalogs translate it (keyed by the English rank word
#: of either deck, ``_RANKS``). A compound takes the gender of its rank: das Schellen-Ass.
GENDERS: Final[dict[Language, dict[str, Gender]]] = {
    "en": {},
    "fr": {"six": "m", "seven": "m", "eight": "m", "nine": "m", "ten": "m", "jack": "m",
           "queen": "f", "king": "m", "ace": "m", "banner": "m", "under": "m", "ober": "m"},
    "de": {"six": "f", "seven": "f", "eight": "f", "nine": "f", "ten": "f", "jack": "m",
           "queen": "f", "king": "m", "ace": "n", "banner": "n", "under": "m", "ober": "m"},
    "it": {"six": "m", "seven": "m", "eight": "m", "nine": "m", "ten": "m", "jack": "m",
           "queen": "f", "king": "m", "ace": "m", "banner": "f", "under": "m", "ober": "m"},
}

#: The article forms a translation may ask for, per language, by their masculine form. English
#: has only "the" (for a choice whose English words carry it: ``Phrase(..., the=True)``).
ARTICLES: Final[dict[Language, dict[str, Articles]]] = {
    "en": {"the": Articles("the ", "the ", "the ", "the ")},
    "fr": {"le": Articles("le ", "la ", vowel="l'"),
           "du": Articles("du ", "de la ", vowel="de l'"),
           "au": Articles("au ", "à la ", vowel="à l'")},
    "de": {"der": Articles("der ", "die ", "das "),  # nominative
           "den": Articles("den ", "die ", "das "),  # accusative
           "dem": Articles("dem ", "der ", "dem "),  # dative
           "zum": Articles("zum ", "zur ", "zum "),
           "vom": Articles("vom ", "von der ", "vom "),
           "beim": Articles("beim ", "bei der ", "beim "),
           "im": Articles("im ", "in der ", "im "),
           "am": Articles("am ", "an der ", "am ")},
    "it": {"il": Articles("il ", "la ", vowel="l'"),
           "del": Articles("del ", "della ", vowel="dell'"),
           "al": Articles("al ", "alla ", vowel="all'"),
           "dal": Articles("dal ", "dalla ", vowel="dall'"),
           "nel": Articles("nel ", "nella ", vowel="nell'"),
           "sul": Articles("sul ", "sulla ", vowel="sull'"),
           "col": Articles("col ", "con la ", vowel="con l'")},
}
#: Every form of any language, as a reference kind in content prose (``{dem:HJ}``).
ARTICLE_FORMS: Final = frozenset(form for forms in ARTICLES.values() for form in forms)
_VOWELS: Final = frozenset("aeiouàâéèêîïôûùAEIOUÀÂÉÈÊÎÏÔÛÙ")


def article(rank: Rank, form: str) -> str:
    """The article of ``form`` (``"dem"``, ``"du"``, ``"al"``) before the name of ``rank`` in
    the current language and deck, with its space (none after an elision); ``ValueError`` if
    the language has no such form.

    >>> article(Rank.ACE, "the")
    'the '
    """
    language = current_language()
    forms = ARTICLES[language]
    if form not in forms:
        raise ValueError(f"{form!r} is no article form in {language!r}: "
                         f"one of {', '.join(forms)}")
    articles = forms[form]
    if articles.vowel and rank_name(rank)[:1] in _VOWELS:
        return articles.vowel
    gender = GENDERS[language].get(_RANKS[_deck][rank], "m")
    return getattr(articles, gender) or articles.m


def with_article(card: Card, form: str) -> str:
    """The card's name after the article of ``form`` (``card_name`` for ``""``); a capital
    ``form`` capitalises the whole (``"Der"``: "Der Herz-Bauer").

    >>> with_article(Card.parse("HJ"), "the")
    'the jack of hearts'
    """
    if not form:
        return card_name(card)
    text = article(card.rank, form.lower()) + card_name(card)
    return capitalized(text) if form[:1].isupper() else text


class Phrase(str):
    """Cards, or other words where a card may stand (``hearts as trump``), as a format argument
    that takes the article a translation asks for: ``{card}`` is the bare name (as
    ``card_name``; several items are joined with commas), ``{card:dem}`` puts each card after
    the article ``dem`` asks for (``with_article``); words that are no card ignore the spec.
    As a ``str`` it is the spec-less text. ``the`` is for a choice whose English message does
    not write "the" itself (``{choice}``): in English the spec-less text is then "the jack of
    hearts".

    >>> "{card} / {card:the}".format(card=Phrase(Card.parse("HJ")))
    'jack of hearts / the jack of hearts'
    """

    items: tuple[Card | str, ...]
    the: bool

    def __new__(cls, *items: Card | str, the: bool = False) -> Phrase:
        flat: list[Card | str] = []
        for item in items:  # a phrase among the items brings its own (a list of choices)
            flat.extend(item.items if isinstance(item, Phrase) else (item,))
            the = the or (isinstance(item, Phrase) and item.the)
        phrase = super().__new__(cls, cls._text(tuple(flat), the, ""))
        phrase.items, phrase.the = tuple(flat), the
        return phrase

    @classmethod
    def word(cls, card: Card, form: str) -> str:
        """One card in ``form``; a subclass may write a reference instead (``tutor.refs``)."""
        return with_article(card, form)

    @classmethod
    def _text(cls, items: tuple[Card | str, ...], the: bool, spec: str) -> str:
        if not spec and the and current_language() == "en":
            spec = "the"
        words = [cls.word(item, spec.lower()) if isinstance(item, Card) else item
                 for item in items]
        if spec[:1].isupper() and words:  # a capital spec: the first word starts a sentence
            first = items[0]
            words[0] = cls.word(first, spec) if isinstance(first, Card) else capitalized(words[0])
        return _(", ").join(words)

    def __format__(self, spec: str) -> str:
        return self._text(self.items, self.the, spec)


def capitalized(text: str) -> str:
    """``text`` with its first letter in upper case (a name that starts a sentence).

    >>> capitalized("jack of hearts")
    'Jack of hearts'
    """
    return text[:1].upper() + text[1:]


def card_phrase(card: Card) -> Phrase:
    """The card as a format argument: ``{card}`` its name, ``{card:dem}`` with its article."""
    return Phrase(card)


def card_names(cards: Iterable[Card]) -> Phrase:
    """Several cards named and joined: ``jack of hearts, six of spades`` (``{cards:den}``: each
    after its article)."""
    return Phrase(*cards)


def trump_text(trump: Trump | None) -> str:
    """``Trump: hearts`` (or Obenabe, Undenufe, or not chosen yet): the trump badge's words."""
    if trump is None:
        return _("Trump: not chosen yet")
    if trump.suit is not None:
        return _("Trump: {suit}").format(suit=suit_name(trump.suit))
    mode = pgettext("trump", "Obenabe") if trump == Trump.OBENABE else pgettext("trump",
                                                                              "Undenufe")
    return _("Trump: {mode}").format(mode=mode)
