"""Announcements (Weis) and Stöck: R-WEIS-KINDS, R-WEIS-ONE-CARD, R-WEIS-BEST, R-STOECK.

>>> from engine.cards import Trump
>>> hand = CardSet.parse("HA HK HQ HJ HT DA CA SA S6")
>>> [f"{w.kind.value} {w.cards} = {w.points}" for w in find_weis(hand, Trump.CLUBS)]
['four HA DA CA SA = 100', 'sequence HT HJ HQ HK = 50']
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Final, NamedTuple

from engine.cards import ALL_CARDS, Card, Trump, check_trump
from engine.cardset import CardSet
from engine.rules import Rules
from engine.tables import STOECK_MASK, TRUMP_SUIT


class WeisKind(enum.Enum):
    SEQUENCE = "sequence"
    FOUR = "four"


class Criterion(enum.Enum):
    """What decided between two announcements (R-WEIS-BEST), in the order applied."""

    POINTS = "points"
    LENGTH = "length"
    HEIGHT = "height"
    TRUMP = "trump"
    ORDER = "order"


#: Points of four of a kind by rank (6 7 8 9 T J Q K A); 0 = not an announcement.
FOUR_POINTS: Final = (0, 0, 0, 150, 100, 200, 100, 100, 100)
STOECK_POINTS: Final = 20
_FOUR_MASKS: Final = tuple(sum(1 << (s * 9 + r) for s in range(4)) for r in range(9))
_FOUR_RANKS: Final = tuple(r for r in range(9) if FOUR_POINTS[r])


def sequence_points(length: int, rules: Rules | None = None) -> int:
    """Points of a sequence of ``length`` cards (0 below 3)."""
    if length < 3:
        return 0
    if length == 3:
        return 20
    if length == 4:
        return 50
    if rules is not None and rules.long_sequences:
        return 100 + 50 * (length - 5)
    return 100


def _runs_of(pattern: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3+ set bits in a 9-bit suit pattern, as (lowest rank, length)."""
    runs = []
    rank = 0
    while rank < 9:
        if pattern >> rank & 1:
            start = rank
            while rank < 9 and pattern >> rank & 1:
                rank += 1
            if rank - start >= 3:
                runs.append((start, rank - start))
        rank += 1
    return tuple(runs)


_RUNS: Final = tuple(_runs_of(p) for p in range(512))


@dataclasses.dataclass(frozen=True)
class Weis:
    """One announcement: a sequence in one suit, or four of a kind."""

    kind: WeisKind
    cards: CardSet
    points: int
    top: Card

    def key(self, trump: Trump) -> tuple[int, int, int, int]:
        """Strength by R-WEIS-BEST before the order of play: points, cards, top, trump."""
        in_trump = self.kind is WeisKind.SEQUENCE and self.top.suit == TRUMP_SUIT[trump]
        return (self.points, len(self.cards), int(self.top.rank), int(in_trump))

    def __str__(self) -> str:
        return f"{self.kind.value} {self.cards} ({self.points})"


class WeisComparison(NamedTuple):
    """Which of two announcements wins (0 = the first, 1 = the second) and why."""

    winner: int
    criterion: Criterion


def _sequences(mask: int, rules: Rules | None) -> list[Weis]:
    found = []
    for suit in range(4):
        for start, length in _RUNS[mask >> (9 * suit) & 0x1FF]:
            cards = ((1 << length) - 1) << (9 * suit + start)
            top = ALL_CARDS[9 * suit + start + length - 1]
            points = sequence_points(length, rules)
            found.append(Weis(WeisKind.SEQUENCE, CardSet.from_mask(cards), points, top))
    return found


def _four(rank: int, trump: Trump) -> Weis:
    suit = TRUMP_SUIT[trump]
    top = ALL_CARDS[9 * (suit if suit >= 0 else 0) + rank]
    return Weis(WeisKind.FOUR, CardSet.from_mask(_FOUR_MASKS[rank]), FOUR_POINTS[rank], top)


def _choice_key(choice: list[Weis], trump: Trump) -> tuple[int, list[tuple[int, int, int, int]]]:
    return sum(w.points for w in choice), sorted((w.key(trump) for w in choice), reverse=True)


def find_weis(hand: CardSet, trump: Trump, rules: Rules | None = None) -> list[Weis]:
    """The hand's announcements worth the most, no card in two of them (Stöck apart).

    Sequences are whole runs; a run gives up cards only to a four of a kind
    (R-WEIS-ONE-CARD). Equal totals are settled by the stronger best single
    announcement. Sorted strongest first.
    """
    trump = check_trump(trump)
    mask = hand.mask
    fours = [r for r in _FOUR_RANKS if mask & _FOUR_MASKS[r] == _FOUR_MASKS[r]]
    if not fours:
        choice = _sequences(mask, rules)
    else:
        best: list[Weis] | None = None
        for subset in range(1 << len(fours)):
            taken = [fours[i] for i in range(len(fours)) if subset >> i & 1]
            rest = mask
            for rank in taken:
                rest &= ~_FOUR_MASKS[rank]
            candidate = [_four(r, trump) for r in taken] + _sequences(rest, rules)
            if best is None or _choice_key(candidate, trump) > _choice_key(best, trump):
                best = candidate
        choice = best or []
    return sorted(choice, key=lambda w: w.key(trump), reverse=True)


def compare_weis(a: Weis, b: Weis, trump: Trump, rules: Rules | None = None) -> WeisComparison:
    """Which of ``a`` (announced first in order of play) and ``b`` is stronger, and why."""
    trump = check_trump(trump)
    for criterion, x, y in zip(
        (Criterion.POINTS, Criterion.LENGTH, Criterion.HEIGHT, Criterion.TRUMP),
        a.key(trump),
        b.key(trump),
        strict=True,
    ):
        if x != y:
            return WeisComparison(0 if x > y else 1, criterion)
    return WeisComparison(0, Criterion.ORDER)


def best_weis(
    declared: Sequence[Sequence[Weis]], trump: Trump, rules: Rules | None = None
) -> int | None:
    """Index of the player holding the single best announcement, or ``None``.

    ``declared`` has one sequence per player, in order of play from the lead.
    """
    best: tuple[tuple[int, int, int, int], int] | None = None
    for index, weises in enumerate(declared):
        for weis in weises:
            candidate = (weis.key(trump), -index)
            if best is None or candidate > best:
                best = candidate
    return None if best is None else -best[1]


def has_stoeck(hand: CardSet, trump: Trump) -> bool:
    """King and queen of trump both in ``hand`` (R-STOECK)."""
    stoeck = STOECK_MASK[check_trump(trump)]
    return stoeck != 0 and hand.mask & stoeck == stoeck


__all__ = [
    "FOUR_POINTS",
    "STOECK_POINTS",
    "Criterion",
    "Weis",
    "WeisComparison",
    "WeisKind",
    "best_weis",
    "compare_weis",
    "find_weis",
    "has_stoeck",
    "sequence_points",
]
