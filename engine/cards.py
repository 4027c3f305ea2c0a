"""Cards, suits, ranks and trump modes (RULES.md R-DECK, R-ORDER-*).

A card is a small immutable value with one text code: suit letter then rank,
ten written ``T`` (``HJ``, ``DT``, ``S6``); ``10`` is accepted on input.
The 36 cards are interned constants, so ``Card.parse("HJ") is HJ``.

>>> Card.parse("H10")
HT
>>> str(Card.parse("sa"))
'SA'
"""

from __future__ import annotations

import enum
from typing import Final, TypeGuard


class InvalidCardError(ValueError):
    """A text code that names no card of the 36-card deck."""

    def __init__(self, code: object, detail: str = "") -> None:
        self.code = code
        message = f"not a card code: {code!r}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)


class Suit(enum.IntEnum):
    """The four suits, in the fixed order of the deck."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "HDCS"[self]

    @classmethod
    def parse(cls, letter: str) -> Suit:
        index = "HDCS".find(letter.upper()) if len(letter) == 1 else -1
        if index < 0:
            raise InvalidCardError(letter, "suit letters are H, D, C, S")
        return cls(index)


class Rank(enum.IntEnum):
    """The nine ranks in natural order (6 lowest, ace highest)."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    @property
    def letter(self) -> str:
        return "6789TJQKA"[self]


class Trump(enum.IntEnum):
    """Trump modes. The four suits are the ``chibre`` profile; Obenabe and
    Undenufe (no trump) belong to the ``schieber`` profile."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3
    OBENABE = 4
    UNDENUFE = 5

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for the no-trump modes."""
        return Suit(self.value) if self.value < 4 else None

    @classmethod
    def of_suit(cls, suit: Suit) -> Trump:
        return cls(int(suit))


class Chibre(enum.Enum):
    """Passing the trump choice to the partner (R-CHIBRE)."""

    CHIBRE = "chibre"

    def __repr__(self) -> str:
        return "CHIBRE"


CHIBRE: Final = Chibre.CHIBRE


class Card:
    """One of the 36 cards. Immutable, interned, ordered by deck index."""

    __slots__ = ("index",)
    index: int

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        if not (_is_int(suit) and _is_int(rank) and 0 <= suit < 4 and 0 <= rank < 9):
            raise InvalidCardError((suit, rank), "suit 0-3, rank 0-8")
        return _CARDS[int(suit) * 9 + int(rank)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with deck index ``index`` (0-35: suit * 9 + rank); any other index is an
        ``InvalidCardError`` (a negative one does not count from the end)."""
        if not (_is_int(index) and 0 <= index < 36):
            raise InvalidCardError(index, "a deck index is a whole number 0-35")
        return _CARDS[index]

    @classmethod
    def parse(cls, code: str) -> Card:
        """The card of a text code such as ``"HJ"``, ``"DT"`` or ``"H10"``."""
        if not isinstance(code, str):
            raise InvalidCardError(code, "expected a string")
        card = _BY_CODE.get(code.strip().upper())
        if card is None:
            raise InvalidCardError(code, "suit H D C S, then 6 7 8 9 T J Q K A")
        return card

    @property
    def suit(self) -> Suit:
        return Suit(self.index // 9)

    @property
    def rank(self) -> Rank:
        return Rank(self.index % 9)

    @property
    def code(self) -> str:
        return _CODES[self.index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return _CODES[self.index]

    def __repr__(self) -> str:
        return _CODES[self.index]

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


_CODES: Final = tuple(s + r for s in "HDCS" for r in "6789TJQKA")
def _is_int(value: object) -> TypeGuard[int]:
    """A whole number, not a ``bool`` (``True`` is 1 to Python, never a card, seat or trump)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_trump(trump: object) -> Trump:
    """``trump`` as a :class:`Trump`, or ``ValueError`` when it is none (a number outside 0-5,
    a bool, anything else): ``-1`` must not act as Undenufe, nor ``6`` fail inside a table.

    >>> check_trump(3)
    <Trump.SPADES: 3>
    >>> check_trump(-1)
    Traceback (most recent call last):
    ...
    ValueError: not a trump: -1 (0-5: the four suits, obenabe, undenufe)
    """
    if type(trump) is Trump:
        return trump
    if _is_int(trump) and 0 <= trump < 6:
        return Trump(trump)
    raise ValueError(f"not a trump: {trump!r} (0-5: the four suits, obenabe, undenufe)")


_CARDS: Final = tuple(Card._make(i) for i in range(36))
_BY_CODE: Final = {code: card for code, card in zip(_CODES, _CARDS, strict=True)}
_BY_CODE.update({code[0] + "10": card for code, card in _BY_CODE.items() if code[1] == "T"})

#: All 36 cards in deck order (hearts, diamonds, clubs, spades; 6 up to ace).
ALL_CARDS: Final = _CARDS

# The 36 constants, named by their codes.
H6, H7, H8, H9, HT, HJ, HQ, HK, HA = _CARDS[0:9]
D6, D7, D8, D9, DT, DJ, DQ, DK, DA = _CARDS[9:18]
C6, C7, C8, C9, CT, CJ, CQ, CK, CA = _CARDS[18:27]
S6, S7, S8, S9, ST, SJ, SQ, SK, SA = _CARDS[27:36]
