"""What happens in a game, as a list of immutable events (STYLE.md 6).

The list is the whole truth, hands included: it is what a saved game stores
and what replay rebuilds from. A seat's partial knowledge is ``Game.view``.
Events that record a player's decision are *actions*; the others follow from them.
"""

from __future__ import annotations

import dataclasses

from engine.cards import Card, Trump
from engine.cardset import CardSet
from engine.chibre.announcements import Weis
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
class CardPlayed:
    """Action: ``seat`` plays ``card``."""

    seat: int
    card: Card


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


Event = (
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
    | PommeStarted
    | PommeDealt
    | BlindsDealt
    | BlindChosen
    | CardGivenUp
    | SixExchanged
    | AsideTaken
    | PommeTrickWon
    | PommeRoundScored
    | PommeGameOver
)


ACTION_EVENTS = (Chibred, TrumpChosen, WeisDeclared, WeisWithheld, CardPlayed)
"""The actions of a game of Chibre."""

POMME_ACTION_EVENTS = (BlindChosen, CardGivenUp, SixExchanged, AsideTaken, CardPlayed)
"""The actions of a game of Pomme (``CardPlayed`` is shared with Chibre)."""

POMME_EVENT_TYPES = (PommeStarted, PommeDealt, BlindsDealt, BlindChosen, CardGivenUp,
                     SixExchanged, AsideTaken, CardPlayed, PommeTrickWon, PommeRoundScored,
                     PommeGameOver)
"""Every event a game of Pomme writes."""
