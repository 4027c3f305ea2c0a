"""What one seat knows about the hidden hands, read from its ``GameView`` only.

- the cards it has not seen (not in its hand, not played);
- how many cards each other seat still holds;
- voids shown by play: a seat that did not follow the suit led holds none of
  it (R-FOLLOW); a seat that did not follow a trump lead holds no trump but
  perhaps the Buur (R-FOLLOW-TRUMP, R-BUUR); a seat that played a trump lower
  than one already in the trick on a plain lead holds only trumps
  (R-NO-UNDERTRUMP);
- the announcements shown after the first trick: those cards, when not played
  yet, are in the hand of the seat that showed them;
- the value each seat announced (R-WEIS-WHEN), for announcements not shown;
- under a discard signal (``engine.chibre.conventions``), what the partner's first discard says:
  it holds (``ASK``) or does not hold (``REFUSE``) the card that was the best of the suit
  still out, while that card is unseen. Only the partner's signal is read (the convention is
  the partnership's agreement), and only when some deal of the unseen cards agrees with it
  and with every other fact (``deal_exists``): a signal no deal fits (a false one, or one
  a later void contradicts) is left out, so a world can always be dealt.

>>> from engine.chibre.game import Game
>>> knowledge = Knowledge.of(Game(seed=3).view(0))
>>> knowledge.unseen.bit_count(), knowledge.counts
(27, (9, 9, 9, 9))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.cardset import FULL_MASK
from engine.chibre.conventions import NO_CONVENTIONS, Conventions, Reading, partner_reading
from engine.chibre.game import GameView
from engine.hidden import read_trick


@dataclasses.dataclass(frozen=True)
class Knowledge:
    """Hidden-hand facts of one view, as card masks (the internal form)."""

    seat: int
    trump: int  # -1 while trump is not chosen yet
    hand: int
    unseen: int
    counts: tuple[int, int, int, int]  # cards each seat holds now
    forbidden: tuple[int, int, int, int]  # cards each seat cannot hold
    holds: tuple[int, int, int, int]  # unseen cards each seat is known to hold
    played_by: tuple[int, int, int, int]  # cards each seat played this round
    announced: tuple[int | None, int | None, int | None, int | None]
    shown: frozenset[int]  # seats whose announcements were shown after the first trick
    declarer: int | None = None  # the seat that named trump
    chibred_by: int | None = None  # the chooser, if it passed the choice to its partner
    signal: Reading | None = None  # the partner's signal honoured in ``holds``/``forbidden``

    @classmethod
    def of(cls, view: GameView, conventions: Conventions = NO_CONVENTIONS) -> Knowledge:
        """Everything the seat of ``view`` may infer about the other hands (and, under
        ``conventions``, from its partner's signal: see the module text)."""
        t = -1 if view.trump is None else int(view.trump)
        played = [0, 0, 0, 0]
        forbidden = [0, 0, 0, 0]
        for trick in view.tricks:
            read_trick(trick.leader, trick.cards, t, played, forbidden)
        read_trick(view.leader, view.trick, t, played, forbidden)
        hand = view.hand.mask
        seen = hand | sum(played)
        counts = tuple(9 - p.bit_count() for p in played)
        holds = [0, 0, 0, 0]
        shown = set()
        if view.weis_scored is not None:
            for s, weises in view.weis_scored.shown:
                shown.add(s)
                for weis in weises:
                    holds[s] |= weis.cards.mask & ~seen
        forbidden[view.seat] = FULL_MASK & ~hand
        holds[view.seat] = hand
        known = cls(view.seat, t, hand, FULL_MASK & ~seen, _four(counts), _four(forbidden),
                    _four(holds), _four(played), view.announced, frozenset(shown),
                    view.trump_declarer, view.trump_chooser if view.chibred else None)
        reading = None if conventions.none else partner_reading(view, conventions)
        return known if reading is None else known.with_signal(reading)

    def with_signal(self, reading: Reading) -> Knowledge:
        """These facts and what ``reading`` says (its seat holds, or does not hold, its card)
        when that card is unseen and some deal agrees with it all; else these facts alone."""
        bit = 1 << reading.best.index
        if not self.unseen & bit or reading.seat == self.seat:
            return self
        holds, forbidden = list(self.holds), list(self.forbidden)
        if reading.holds:
            holds[reading.seat] |= bit
        else:
            forbidden[reading.seat] |= bit
        signalled = dataclasses.replace(self, holds=_four(holds), forbidden=_four(forbidden),
                                        signal=reading)
        return signalled if signalled.deal_exists() else self

    def deal_exists(self) -> bool:
        """Whether some deal of the unseen cards gives each other seat as many cards as it
        holds, the cards it is known to hold, and none it cannot hold (Hall's condition:
        every group of seats can take, between them, as many cards as they still need)."""
        placed = 0
        needs = [0, 0, 0, 0]
        for s in range(4):
            if s == self.seat:
                continue
            if self.holds[s] & self.forbidden[s] or self.holds[s] & placed:
                return False
            placed |= self.holds[s]
            needs[s] = self.counts[s] - self.holds[s].bit_count()
            if needs[s] < 0:
                return False
        pool = self.unseen & ~placed
        if pool.bit_count() != sum(needs):
            return False
        seats = [s for s in range(4) if needs[s]]
        for group in range(1, 1 << len(seats)):
            members = [s for i, s in enumerate(seats) if group >> i & 1]
            reach = 0
            for s in members:
                reach |= pool & ~self.forbidden[s]
            if reach.bit_count() < sum(needs[s] for s in members):
                return False
        return True

    def open_announcements(self) -> dict[int, int]:
        """Seats whose announced value is not explained by cards shown: seat -> value."""
        return {s: v for s, v in enumerate(self.announced)
                if v is not None and s != self.seat and s not in self.shown}

    def may_hold(self, seat: int) -> int:
        """Unseen cards ``seat`` may hold."""
        return self.unseen & ~self.forbidden[seat]


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


__all__ = ["Knowledge"]
