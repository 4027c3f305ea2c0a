"""The events of a game of Pomme (R-POMME, R-POMME-TWO), as immutable values: the deal, the
blinds (two players), the 6 exchanged, the aside taken (three), the tricks, the marks. A card
played is the event every game shares (``engine.event_base.CardPlayed``)."""

from __future__ import annotations

import dataclasses

from engine.cards import Card
from engine.cardset import CardSet
from engine.event_base import CardPlayed


@dataclasses.dataclass(frozen=True)
class PommeStarted:
    """A game of Pomme begins: ``scores`` one per seat (0 for a new game)."""

    players: int
    seed: int
    first_dealer: int
    scores: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class PommeDealt:
    """A round of Pomme begins: one hand per seat, the ``aside`` (3 players: 9 cards, ``shown``
    among them; 5 players: empty) and the ``shown`` card that names trump."""

    round: int
    dealer: int
    hands: tuple[CardSet, ...]
    aside: CardSet
    shown: Card


@dataclasses.dataclass(frozen=True)
class BlindsDealt:
    """2 players (R-POMME-TWO): after ``PommeDealt``, each seat's blind of 3 cards, face down
    (the ``aside`` of that deal is the rest of the pack, ``shown`` on it)."""

    round: int
    blinds: tuple[CardSet, ...]


@dataclasses.dataclass(frozen=True)
class BlindChosen:
    """Action (2 players): ``seat`` keeps its 9 cards, or ``exchanged`` 3 of them for its blind
    (the 3 it gives up follow as ``CardGivenUp``); all the other player learns."""

    seat: int
    exchanged: bool


@dataclasses.dataclass(frozen=True)
class CardGivenUp:
    """Action (2 players): ``seat``, exchanging, puts ``card`` out of play unseen; with the
    third the blind joins its hand."""

    seat: int
    card: Card


@dataclasses.dataclass(frozen=True)
class SixExchanged:
    """Action: the holder of the trump 6 exchanges it for the shown card, or keeps it."""

    seat: int
    exchanged: bool


@dataclasses.dataclass(frozen=True)
class AsideTaken:
    """Action (3 players): ``seat`` takes the aside as its hand; its old hand is out of play."""

    seat: int


@dataclasses.dataclass(frozen=True)
class PommeTrickWon:
    """A complete trick of Pomme (3 or 5 cards); ``points`` with the last trick's 5."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclasses.dataclass(frozen=True)
class PommeRoundScored:
    """The round's card points per seat, the marks they give (apples, Putz points) and the
    scores after them."""

    round: int
    points: tuple[int, ...]
    marks: tuple[int, ...]
    scores: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class PommeGameOver:
    """A score reached +7 or the loss limit; ``winners`` are the seats with the best score."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


PommeEvent = (
    PommeStarted
    | PommeDealt
    | BlindsDealt
    | BlindChosen
    | CardGivenUp
    | SixExchanged
    | AsideTaken
    | CardPlayed
    | PommeTrickWon
    | PommeRoundScored
    | PommeGameOver
)
"""Every event a game of Pomme writes."""

POMME_ACTION_EVENTS = (BlindChosen, CardGivenUp, SixExchanged, AsideTaken, CardPlayed)
"""The actions of a game of Pomme (``CardPlayed`` is shared with Chibre)."""

POMME_EVENT_TYPES = (PommeStarted, PommeDealt, BlindsDealt, BlindChosen, CardGivenUp,
                     SixExchanged, AsideTaken, CardPlayed, PommeTrickWon, PommeRoundScored,
                     PommeGameOver)
"""Every event a game of Pomme writes."""

__all__ = ["POMME_ACTION_EVENTS", "POMME_EVENT_TYPES", "AsideTaken", "BlindChosen",
           "BlindsDealt", "CardGivenUp", "PommeDealt", "PommeEvent", "PommeGameOver",
           "PommeRoundScored", "PommeStarted", "PommeTrickWon", "SixExchanged"]
