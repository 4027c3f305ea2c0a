"""The events of a game of Chibre, as immutable values (STYLE.md 6): the deal, trump, the
announcements, the tricks, the round's and the game's scores. A card played is the event every
game shares (``engine.event_base.CardPlayed``)."""

from __future__ import annotations

import dataclasses

from engine.cards import Card, Trump
from engine.cardset import CardSet
from engine.chibre.announcements import Weis
from engine.event_base import CardPlayed
from engine.rules import Rules


@dataclasses.dataclass(frozen=True)
class GameStarted:
    """A game begins. ``first_chooser``: the seat that chooses trump in the first round instead
    of the holder of the first trump card (R-TRUMP-FIRST), for a position set in a later round
    (R-TRUMP-NEXT: any seat may choose then); ``None`` in a game played from its start."""

    rules: Rules
    seed: int
    first_dealer: int
    scores: tuple[int, int]
    first_chooser: int | None = None


@dataclasses.dataclass(frozen=True)
class Dealt:
    """A round begins (R-DEAL): ``cut`` is how many cards the cut lifted (0 for a fixed deal)."""

    round: int
    dealer: int
    cut: int
    hands: tuple[CardSet, CardSet, CardSet, CardSet]


@dataclasses.dataclass(frozen=True)
class Chibred:
    """Action: the chooser passes the trump choice to the partner (R-CHIBRE)."""

    seat: int


@dataclasses.dataclass(frozen=True)
class TrumpChosen:
    """Action: ``seat`` names the trump; ``chibred`` if the partner passed it on."""

    seat: int
    trump: Trump
    chibred: bool


@dataclasses.dataclass(frozen=True)
class WeisDeclared:
    """Action: ``seat`` announces with its first card; only ``points`` is public yet."""

    seat: int
    weis: tuple[Weis, ...]

    @property
    def points(self) -> int:
        """The announced value: the best single announcement (R-WEIS-WHEN)."""
        return max(w.points for w in self.weis)


@dataclasses.dataclass(frozen=True)
class WeisWithheld:
    """Action: ``seat`` holds announcements and chooses not to announce them."""

    seat: int


@dataclasses.dataclass(frozen=True)
class StoeckScored:
    """The second of trump king and queen was played (R-STOECK)."""

    seat: int
    points: int


@dataclasses.dataclass(frozen=True)
class WeisScored:
    """After the first trick: the team of ``best_seat`` shows and scores (R-WEIS-BEST)."""

    best_seat: int
    shown: tuple[tuple[int, tuple[Weis, ...]], ...]
    points: int

    @property
    def team(self) -> int:
        return self.best_seat % 2


@dataclasses.dataclass(frozen=True)
class TrickWon:
    """A complete trick; ``points`` as credited (last-trick 5 and multiplier included)."""

    number: int
    leader: int
    cards: tuple[Card, Card, Card, Card]
    winner: int
    points: int


@dataclasses.dataclass(frozen=True)
class MatchScored:
    """One team won all 9 tricks (R-MATCH)."""

    team: int
    points: int


@dataclasses.dataclass(frozen=True)
class RoundScored:
    """The round's points by team and by source, after any multiplier.

    ``complete`` is false when the game ended mid-round (R-FINISH default).
    """

    round: int
    cards: tuple[int, int]
    match: tuple[int, int]
    weis: tuple[int, int]
    stoeck: tuple[int, int]
    multiplier: int
    complete: bool = True

    @property
    def total(self) -> tuple[int, int]:
        parts = (self.cards, self.match, self.weis, self.stoeck)
        return (sum(p[0] for p in parts), sum(p[1] for p in parts))


@dataclasses.dataclass(frozen=True)
class GameOver:
    winner: int
    scores: tuple[int, int]


# -- Pomme (R-POMME, R-POMME-TWO): 2, 3 or 5 players, no teams; seats in order of play --------
# of play -----------------------------------------------------------------------------------


ChibreEvent = (
    GameStarted
    | Dealt
    | Chibred
    | TrumpChosen
    | WeisDeclared
    | WeisWithheld
    | CardPlayed
    | StoeckScored
    | WeisScored
    | TrickWon
    | MatchScored
    | RoundScored
    | GameOver
)
"""Every event a game of Chibre writes."""

ACTION_EVENTS = (Chibred, TrumpChosen, WeisDeclared, WeisWithheld, CardPlayed)
"""The actions of a game of Chibre."""

__all__ = [
    "ACTION_EVENTS",
    "ChibreEvent",
    "Chibred",
    "Dealt",
    "GameOver",
    "GameStarted",
    "MatchScored",
    "RoundScored",
    "StoeckScored",
    "TrickWon",
    "TrumpChosen",
    "WeisDeclared",
    "WeisScored",
    "WeisWithheld",
]
