"""Names of cards, suits and ranks in the learner's language and deck (no Qt).

Two decks (``tutor.vocab.DECKS``): ``french`` (hearts, diamonds, clubs, spades; the default in
Romandy) and ``german`` (Rosen, Schellen, Schilten, Eicheln; Banner, Under, Ober). The engine
knows only codes; every name a learner reads of a card, a suit, a rank or a seat comes from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine import Card, Rank, Suit, Trump
from tutor.i18n import NP_, _, pgettext
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


def capitalized(text: str) -> str:
    """``text`` with its first letter in upper case (a name that starts a sentence).

    >>> capitalized("jack of hearts")
    'Jack of hearts'
    """
    return text[:1].upper() + text[1:]


def card_names(cards: Iterable[Card]) -> str:
    """Several cards named and joined: ``jack of hearts, six of spades``."""
    return _(", ").join(card_name(card) for card in cards)


def trump_text(trump: Trump | None) -> str:
    """``Trump: hearts`` (or Obenabe, Undenufe, or not chosen yet): the trump badge's words."""
    if trump is None:
        return _("Trump: not chosen yet")
    if trump.suit is not None:
        return _("Trump: {suit}").format(suit=suit_name(trump.suit))
    mode = pgettext("trump", "Obenabe") if trump == Trump.OBENABE else pgettext("trump",
                                                                              "Undenufe")
    return _("Trump: {mode}").format(mode=mode)
