"""The positions of exercises and puzzles, and their solutions: every kind's task and solution
types, the ``Task`` and ``Solution`` unions, and the helpers several kinds share (no Qt).

Every answer a learner is checked against is computed by the engine: each kind's solver
(``tutor.content.kinds.<kind>``) returns the answer with what the explanation needs (the
``Reason`` of each illegal card, the criterion that decided between announcements, the
breakdown of points). Nothing is authored but the facts of ``ChoiceTask``. The order of ``Task``
is the order of the registry of kinds (``tutor.content.kinds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import (
    TRUMP_POWER,
    Card,
    CardSet,
    Criterion,
    Reason,
    Rules,
    Trump,
    Weis,
    find_weis,
)

DEFAULT_RULES = Rules()


def trump_strength(card: Card) -> int:
    """Strength of a card in the trump order J 9 A K Q 10 8 7 6 (R-ORDER-TRUMP), 0 to 8."""
    return TRUMP_POWER[card.rank]


def high_trump(trick: Sequence[Card], trump: Trump) -> Card | None:
    """The highest trump in ``trick``, or ``None`` when nobody trumped."""
    trumps = [card for card in trick if card.suit == trump.suit]
    return max(trumps, key=trump_strength) if trumps else None


#: The players at a Chibre table; Pomme (R-POMME) is played by 3 or 5.
CHIBRE_PLAYERS = 4


@dataclass(frozen=True)
class LegalTask:
    """Which cards of ``hand`` may be played on ``trick``? ``players``: 4 at a Chibre table, 3
    or 5 at a Pomme table (R-POMME: the same rule of play, a trick of one card per player)."""

    trump: Trump
    hand: CardSet
    trick: tuple[Card, ...]
    rules: Rules = DEFAULT_RULES
    players: int = CHIBRE_PLAYERS


@dataclass(frozen=True)
class WinnerTask:
    """Which card of the complete ``trick`` takes it? One card per player: 4 at a Chibre
    table, 3 or 5 at a Pomme table."""

    trump: Trump
    trick: tuple[Card, ...]

    @property
    def players(self) -> int:
        return len(self.trick)


@dataclass(frozen=True)
class WeisTask:
    """Whose announcement wins? ``players``: announced cards, in order of play."""

    trump: Trump
    players: tuple[CardSet, ...]
    rules: Rules = DEFAULT_RULES


@dataclass(frozen=True)
class PointsTask:
    """How many points does a team score with these cards, announcements and Stöck?"""

    trump: Trump
    cards: CardSet
    tricks: tuple[tuple[Card, ...], ...] | None = None
    last: bool = False
    weis: tuple[CardSet, ...] = ()
    stoeck: bool = False
    rules: Rules = DEFAULT_RULES

    @property
    def match(self) -> bool:
        return self.tricks is not None and len(self.tricks) == 9


@dataclass(frozen=True)
class SlateTask:
    """How are ``points`` drawn on the slate (R-SLATE)?"""

    points: int


@dataclass(frozen=True)
class ChoiceTask:
    """A multiple-choice question on a fact; the one authored answer."""

    prompt: str
    options: tuple[str, ...]
    answer: int


@dataclass(frozen=True)
class BestTask:
    """Which card is best? An open-hand ending: every hand is known.

    ``hands`` by seat 0-3; ``trick`` the cards so far, lead first, led by ``leader``. The player
    to move is ``(leader + len(trick)) % 4``; puzzles show it as seat 0 (the learner).
    """

    trump: Trump
    hands: tuple[CardSet, ...]
    trick: tuple[Card, ...]
    leader: int

    @property
    def player(self) -> int:
        return (self.leader + len(self.trick)) % 4


@dataclass(frozen=True)
class MarksTask:
    """Pomme (R-POMME): the round's points of each player, in order of play (3 or 5 players).
    What does each player mark: apples and Putz points?"""

    points: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.points)


@dataclass(frozen=True)
class AsideTask:
    """Pomme for 3 (R-POMME): your turn in the first trick, before your first card, and nobody
    has taken the aside. Take it, or keep ``hand``?

    ``top``: the aside's face-up card (the card that showed trump, or the trump 6 its holder
    traded for it), so trump is its suit; ``trick``: the cards the players before you led and
    followed with (they kept their hands).
    """

    hand: CardSet
    top: Card
    trick: tuple[Card, ...] = ()

    @property
    def trump(self) -> Trump:
        return Trump(int(self.top.suit))


@dataclass(frozen=True)
class StrategyTask:
    """What would a strong player do? A decision in a round, with the other hands hidden.

    ``deal``: the four hands at the start of the round, seat 0 (you) first, the others in order
    of play, your partner at seat 2; only yours is shown before the answer. ``chooser``: the
    seat that chose trump or passed it (R-CHIBRE: ``chibred``), who led the first trick (R-LEAD).
    ``trump``: the trump named, and the decision is a card after ``played`` (the cards played
    so far, in order from the first lead); ``None``: the decision is the trump (or chibre).
    ``need``: playing to the score, the points your team needs this round to win the game.
    ``tutor.content.strategy`` measures it.
    """

    deal: tuple[CardSet, ...]
    chooser: int
    chibred: bool
    trump: Trump | None
    played: tuple[Card, ...] = ()
    need: int | None = None


Task = (
    LegalTask | WinnerTask | WeisTask | PointsTask | SlateTask | ChoiceTask | BestTask | MarksTask
    | AsideTask | StrategyTask
)


@dataclass(frozen=True)
class LegalSolution:
    legal: CardSet
    reasons: dict[Card, Reason]  # each illegal card of the hand and why

    @property
    def answer(self) -> CardSet:
        return self.legal


@dataclass(frozen=True)
class WinnerSolution:
    index: int
    card: Card
    by_trump: bool  # a trump took it (else the highest card of the led suit)

    @property
    def answer(self) -> Card:
        return self.card


@dataclass(frozen=True)
class WeisSolution:
    announcements: tuple[tuple[Weis, ...], ...]
    winner: int | None
    runner_up: int | None = None  # the player with the next best announcement
    criterion: Criterion | None = None  # what put the winner above the runner-up

    @property
    def answer(self) -> int | None:
        return self.winner


@dataclass(frozen=True)
class PointsSolution:
    cards: int
    last: int
    match: int
    weis: int
    stoeck: int
    factor: int
    announcements: tuple[Weis, ...] = field(default=())

    @property
    def answer(self) -> int:
        return self.total

    @property
    def total(self) -> int:
        return (self.cards + self.last + self.match + self.weis + self.stoeck) * self.factor


@dataclass(frozen=True)
class SlateSolution:
    strokes: tuple[int, int, int, int]

    @property
    def answer(self) -> tuple[int, int, int, int]:
        return self.strokes


@dataclass(frozen=True)
class ChoiceSolution:
    index: int

    @property
    def answer(self) -> int:
        return self.index


Play = tuple[int, Card]  # (seat, card)


@dataclass(frozen=True)
class BestSolution:
    """The double-dummy value of each legal card and the winning line.

    ``values``: each legal card with the card points the mover's team takes from the position to
    the end (the trick on the table and the last 5 included), best first. ``line``: the cards of
    best play by all from here to the end, by seat (the first is the best card).
    """

    values: tuple[tuple[Card, int], ...]
    line: tuple[Play, ...]

    @property
    def best(self) -> tuple[Card, ...]:
        """Every card of the best value (a puzzle needs exactly one)."""
        top = self.values[0][1]
        return tuple(card for card, value in self.values if value == top)

    @property
    def answer(self) -> Card:
        return self.best[0]

    @property
    def value(self) -> int:
        return self.values[0][1]

    @property
    def runner_up(self) -> tuple[tuple[Card, ...], int] | None:
        """The cards of the next best value and that value; ``None`` with one value only."""
        lower = [value for _card, value in self.values if value < self.value]
        if not lower:
            return None
        return tuple(card for card, value in self.values if value == lower[0]), lower[0]

    @property
    def margin(self) -> int:
        """How many points the best card wins over the next best (0 without one)."""
        runner = self.runner_up
        return 0 if runner is None else self.value - runner[1]


@dataclass(frozen=True)
class MarksSolution:
    """Each player's mark for the round (``engine.pomme_marks``) and what explains it."""

    marks: tuple[int, ...]
    places: tuple[int, ...]  # 1 for the best; equal points share the better place
    apples: int

    @property
    def answer(self) -> tuple[int, ...]:
        return self.marks


@dataclass(frozen=True)
class Outcome:
    """One choice of an aside exercise, played out over the same sampled worlds: the mean
    round points and mark of the learner, and the share of rounds ending in an apple."""

    points: float
    mark: float
    apples: float


@dataclass(frozen=True)
class AsideSolution:
    """Take the aside or keep the hand, as the playouts (``tutor.content.aside``) measure it.

    ``keep`` and ``take``: the outcome of each choice over ``worlds`` deals consistent with what
    the learner sees; ``error``: the standard error of the mean difference in marks.
    """

    keep: Outcome
    take: Outcome
    worlds: int
    error: float

    @property
    def take_aside(self) -> bool:
        return self.take.mark > self.keep.mark

    @property
    def answer(self) -> str:
        return "take" if self.take_aside else "keep"

    @property
    def margin(self) -> float:
        """How much the better choice gains on average, in marks."""
        return abs(self.take.mark - self.keep.mark)


@dataclass(frozen=True)
class StrategySolution:
    """The engine's figures for each choice of a strategy decision (``tutor.content.strategy``).

    ``values``: each choice (a card code, a suit letter or ``chibre``) with its mean over
    ``deals`` deals, best first: expected points for your team to the end of the round
    (``unit`` "points"), or the share of deals that make the points needed ("share").
    ``errors``: for each other choice, the standard error of the best one's mean gain over it.
    ``model``: a trump decision's figures by the expert's hand evaluation (else empty).
    """

    values: tuple[tuple[str, float], ...]
    errors: tuple[tuple[str, float], ...]
    deals: int
    unit: str
    model: tuple[tuple[str, float], ...] = ()

    @property
    def answer(self) -> str:
        return self.values[0][0]

    @property
    def runner_up(self) -> tuple[str, float]:
        return self.values[1]

    @property
    def margin(self) -> float:
        return self.values[0][1] - self.values[1][1]


Solution = (
    LegalSolution | WinnerSolution | WeisSolution | PointsSolution | SlateSolution | ChoiceSolution
    | BestSolution | MarksSolution | AsideSolution | StrategySolution
)


def announcements_of(cards: CardSet, trump: Trump, rules: Rules) -> list[Weis]:
    """The announcements the engine makes of ``cards`` (R-WEIS-ONE-CARD)."""
    return find_weis(cards, trump, rules)


