"""A set of cards held as a 36-bit integer (bit ``i`` = card with index ``i``).

>>> hand = CardSet.parse("HJ H9 SA")
>>> str(hand), len(hand), Card.parse("H9") in hand
('H9 HJ SA', 3, True)
>>> str(hand - CardSet.parse("SA"))
'H9 HJ'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from engine.cards import ALL_CARDS, Card, InvalidCardError, Suit

FULL_MASK: Final = (1 << 36) - 1
SUIT_MASKS: Final = tuple(0x1FF << (9 * s) for s in range(4))
#: ``BITS[i]`` is ``1 << i``, the mask of the card with index ``i`` (a lookup, for hot loops).
BITS: Final = tuple(1 << c for c in range(36))


def mask_indexes(mask: int) -> list[int]:
    """The card indexes of a bitmask, lowest first (the search's form of ``mask_cards``)."""
    indexes = []
    while mask:
        low = mask & -mask
        mask ^= low
        indexes.append(low.bit_length() - 1)
    return indexes


def mask_cards(mask: int) -> list[Card]:
    """The cards of a bitmask, in deck order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


class CardSet:
    """An immutable, set-like collection of cards, iterated in deck order."""

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        mask = 0
        for card in cards:
            if isinstance(card, str):
                card = Card.parse(card)
            elif not isinstance(card, Card):
                raise TypeError(f"not a card: {card!r}")
            mask |= 1 << card.index
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set of a 36-bit mask (the engine's internal form)."""
        if not 0 <= mask <= FULL_MASK:
            raise ValueError(f"not a 36-bit card mask: {mask!r}")
        result = object.__new__(cls)
        object.__setattr__(result, "_mask", mask)
        return result

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards from codes separated by spaces or commas; a card twice is an error, and so is
        anything but a string (``InvalidCardError``)."""
        if not isinstance(text, str):
            raise InvalidCardError(text, "expected a string of card codes")
        mask = 0
        for code in text.replace(",", " ").split():
            bit = 1 << Card.parse(code).index
            if mask & bit:
                raise ValueError(f"card {code.upper()} appears twice in {text!r}")
            mask |= bit
        return cls.from_mask(mask)

    @classmethod
    def full(cls) -> CardSet:
        """All 36 cards."""
        return cls.from_mask(FULL_MASK)

    @property
    def mask(self) -> int:
        return self._mask

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self._mask & SUIT_MASKS[suit])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask >> card.index & 1)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __iter__(self) -> Iterator[Card]:
        return iter(mask_cards(self._mask))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & ~other._mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask ^ other._mask)

    def __le__(self, other: CardSet) -> bool:
        return self._mask & ~other._mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self._mask != other._mask

    def isdisjoint(self, other: CardSet) -> bool:
        return self._mask & other._mask == 0

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self._mask | 1 << card.index)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; ``KeyError`` if it is not there."""
        if not self._mask >> card.index & 1:
            raise KeyError(card)
        return CardSet.from_mask(self._mask & ~(1 << card.index))

    def __str__(self) -> str:
        return " ".join(card.code for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self._mask,))
