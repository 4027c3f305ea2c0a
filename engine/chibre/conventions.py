"""Table conventions: what a partnership agrees its cards tell each other (issue 21, item 4).

A convention is a partnership agreement, not a rule of play: no card becomes legal or
illegal by it, and ``engine.rules.Rules`` (the rules of play) knows nothing of it. A table
plays under one ``Conventions`` value; ``Conventions()`` agrees on nothing.

**The discard signal** (``Conventions.discard``, a ``Signal``).

- A *discard* is a card of a plain suit (not trump) played to a trick by a player who could
  not follow the suit led (or, holding only the Buur on a trump lead, need not: R-BUUR): its
  suit differs from the suit led, and it is not a trump (the card that leads a trick is never
  a discard). Only a player's **first** discard of the
  round is a signal.
- The *best card of S still out* at a discard of suit S is the strongest card of S (in the
  plain order of the trump mode in force) not played before it, the discarded card itself
  left aside. When every other card of S has been played there is none, and the discard
  says nothing.
- ``Signal.NONE`` (*none*): discards mean nothing.
- ``Signal.ASK`` (*low card asks*; Swiss German players say *anziehen*): a first discard
  that is a small card (6, 7, 8 or 9) of suit S says "I hold the best card of S still
  out". A first discard of a higher card (10, jack, queen, king, ace) says nothing.
- ``Signal.REFUSE`` (*discard refuses*; *verwerfen*; French players *se défaussent dans la
  couleur qu'ils ne veulent pas*): a first discard of suit S, of any rank, says "I do not
  hold the best card of S still out: do not lead S for me".

A signal is read only by the signaller's **partner**: the convention is the partnership's
agreement, so the bots read their partner's first discard and never an opponent's
(``partner_reading``). What a bot does with a signal, and how it signals, is in
``engine.chibre.bots.heuristic`` and ``engine.chibre.bots.expert``; ``discard_tiers`` gives both the
discards that keep the convention, best kept first.

>>> from engine.cards import Card
>>> c6, h9 = Card.parse("C6"), Card.parse("H9")
>>> read(Discard(1, c6, 2, Card.parse("CA")), Conventions(Signal.ASK)).holds
True
>>> read(Discard(1, Card.parse("CK"), 2, Card.parse("CA")), Conventions(Signal.ASK)) is None
True
>>> read(Discard(1, h9, 2, Card.parse("HK")), Conventions(Signal.REFUSE)).holds
False
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence
from typing import Final

from engine.cards import Card, Suit
from engine.chibre.game import GameView
from engine.play import legal_mask, trick_state
from engine.tables import KEYS, SUIT_OF, TRUMP_SUIT


class Signal(enum.Enum):
    """What a player's first discard means (see the module text). Stable keys."""

    NONE = "none"
    ASK = "ask"
    REFUSE = "refuse"


#: The ranks of a small card (6, 7, 8, 9), as rank numbers (``Rank``).
SMALL_RANKS: Final = frozenset({0, 1, 2, 3})


@dataclasses.dataclass(frozen=True)
class Conventions:
    """The conventions a table plays under. ``Conventions()`` agrees on nothing."""

    discard: Signal = Signal.NONE

    @property
    def none(self) -> bool:
        """Whether nothing is agreed."""
        return self.discard is Signal.NONE

    def options(self) -> dict[str, str]:
        """The conventions as plain values (``{"discard": "ask"}``), for saving."""
        return {"discard": self.discard.value}

    @classmethod
    def from_options(cls, values: object) -> Conventions:
        """The conventions of ``options()``'s values; ``ValueError`` names a bad one.

        >>> Conventions.from_options({"discard": "refuse"})
        Conventions(discard=<Signal.REFUSE: 'refuse'>)
        """
        if not isinstance(values, dict):
            raise ValueError(f"conventions must be a mapping, not {values!r}")
        unknown = sorted(set(values) - {"discard"})
        if unknown:
            raise ValueError(f"unknown convention {unknown[0]!r}")
        value = values.get("discard", Signal.NONE.value)
        try:
            return cls(Signal(value))
        except ValueError:
            names = ", ".join(s.value for s in Signal)
            raise ValueError(f"the discard signal must be one of {names}, not {value!r}") from None


NO_CONVENTIONS: Final = Conventions()


def is_small(card: Card) -> bool:
    """A 6, 7, 8 or 9."""
    return int(card.rank) in SMALL_RANKS


@dataclasses.dataclass(frozen=True)
class Discard:
    """A player's first discard of the round: ``seat`` played ``card`` in trick ``trick``
    (0 for the first), when ``best`` was the best card of its suit still out (``None``: no
    other card of the suit was left)."""

    seat: int
    card: Card
    trick: int
    best: Card | None

    @property
    def suit(self) -> Suit:
        return self.card.suit


@dataclasses.dataclass(frozen=True)
class Reading:
    """What a first discard says under the convention in force: ``seat`` holds (``holds``)
    or does not hold ``best``, the best card of ``discard``'s suit still out when it was
    discarded; ``signal`` is the convention that says so (``ASK`` or ``REFUSE``)."""

    discard: Discard
    signal: Signal
    best: Card
    holds: bool

    @property
    def seat(self) -> int:
        return self.discard.seat

    @property
    def suit(self) -> Suit:
        return self.discard.suit

    @property
    def card(self) -> Card:
        return self.discard.card


def best_out(suit: int, played: int, t: int, besides: int = -1) -> int | None:
    """The index of the strongest card of ``suit`` not in the mask ``played`` (other than the
    card ``besides``), in the plain order of trump mode ``t``; ``None`` if there is none."""
    keys = KEYS[t][suit]
    left = [c for c in range(suit * 9, suit * 9 + 9) if not played >> c & 1 and c != besides]
    return max(left, key=lambda c: keys[c]) if left else None


def is_discard(trick: Sequence[int], card: int, t: int) -> bool:
    """Whether ``card`` (an index) played to ``trick`` (the indexes before it) is a discard."""
    if not trick:
        return False
    suit = SUIT_OF[card]
    return suit != SUIT_OF[trick[0]] and suit != TRUMP_SUIT[t]


def _tricks(view: GameView) -> list[tuple[int, tuple[Card, ...]]]:
    """(leader, cards) of every trick of the round so far, the trick in progress last."""
    found: list[tuple[int, tuple[Card, ...]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        found.append((view.leader, view.trick))
    return found


def first_discards(view: GameView) -> dict[int, Discard]:
    """Each seat's first discard of the round in ``view`` (seats that have not discarded
    are left out)."""
    if view.trump is None:
        return {}
    t = int(view.trump)
    found: dict[int, Discard] = {}
    played = 0
    for number, (leader, cards) in enumerate(_tricks(view)):
        indexes = [card.index for card in cards]
        for i, index in enumerate(indexes):
            seat = (leader + i) % 4
            if seat not in found and is_discard(indexes[:i], index, t):
                best = best_out(SUIT_OF[index], played, t, index)
                found[seat] = Discard(seat, cards[i], number,
                                      None if best is None else Card.from_index(best))
            played |= 1 << index
    return found


def read(discard: Discard, conventions: Conventions) -> Reading | None:
    """What ``discard`` says under ``conventions``; ``None`` when it says nothing."""
    if discard.best is None:
        return None
    if conventions.discard is Signal.ASK and is_small(discard.card):
        return Reading(discard, Signal.ASK, discard.best, True)
    if conventions.discard is Signal.REFUSE:
        return Reading(discard, Signal.REFUSE, discard.best, False)
    return None


def readings(view: GameView, conventions: Conventions) -> list[Reading]:
    """What every first discard in ``view`` says under ``conventions``, by seat."""
    if conventions.none:
        return []
    found = (read(d, conventions) for _, d in sorted(first_discards(view).items()))
    return [r for r in found if r is not None]


def partner_reading(view: GameView, conventions: Conventions) -> Reading | None:
    """What the partner of the seat of ``view`` said by its first discard, if anything (only
    the partner's signals are read: the convention is the partnership's agreement)."""
    partner = (view.seat + 2) % 4
    return next((r for r in readings(view, conventions) if r.seat == partner), None)


def live(reading: Reading, view: GameView) -> bool:
    """Whether the card ``reading`` is about is still unplayed and not in the hand of the seat
    of ``view`` (then the signal still says where it is)."""
    return reading.best not in view.played and reading.best not in view.hand


def first_discard_now(view: GameView) -> bool:
    """Whether the seat to move is at its first discard: it may play a discard now (it cannot
    follow the suit led: a seat that can may play only that suit or a trump) and has not
    discarded yet this round."""
    if view.trump is None or not view.trick:
        return False
    t = int(view.trump)
    trick = [c.index for c in view.trick]
    led, high = trick_state(trick, t)
    legal = legal_mask(view.hand.mask, led, high, t)
    if not any(legal >> c & 1 and is_discard(trick, c, t) for c in range(36)):
        return False
    return view.seat not in first_discards(view)


def discard_tiers(view: GameView, conventions: Conventions,
                  cards: Iterable[int]) -> list[list[int]]:
    """The discards among ``cards`` (indexes) that keep ``conventions`` at the first discard of
    the seat to move, best kept first; ``[]`` when it is not that seat's first discard or
    nothing is agreed. A card in no tier says something untrue.

    - ``ASK``: first the true signals, the smallest small card of each suit whose best card
      still out (the discard aside) is in the hand; then the discards that say nothing (a
      card above the 9, or one of a suit with no other card out).
    - ``REFUSE``: the discards of a suit whose best card still out (the discard aside) is not
      in the hand.
    """
    if conventions.none or not first_discard_now(view):
        return []
    assert view.trump is not None
    t = int(view.trump)
    hand = view.hand.mask
    played = view.played.mask
    trick = [c.index for c in view.trick]
    discards = [c for c in cards if is_discard(trick, c, t)]

    def holds_best(card: int) -> bool | None:
        best = best_out(SUIT_OF[card], played, t, card)
        return None if best is None else bool(hand >> best & 1)

    if conventions.discard is Signal.REFUSE:
        return [[c for c in discards if not holds_best(c)]]
    signals: dict[int, int] = {}
    for card in discards:
        if is_small(Card.from_index(card)) and holds_best(card):
            suit = SUIT_OF[card]
            if suit not in signals or card % 9 < signals[suit] % 9:
                signals[suit] = card
    silent = [c for c in discards
              if not is_small(Card.from_index(c)) or holds_best(c) is None]
    return [sorted(signals.values()), silent]


__all__ = ["NO_CONVENTIONS", "SMALL_RANKS", "Conventions", "Discard", "Reading", "Signal",
           "best_out", "discard_tiers", "first_discard_now", "first_discards", "is_discard",
           "is_small", "live", "partner_reading", "read", "readings"]
