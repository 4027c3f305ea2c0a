"""A coached game: the learner at seat 0, three bots, the record of the learner's decisions (no Qt).

The Play page drives a ``PlaySession``: it asks whose turn it is, applies the learner's actions
after checking them with the engine, lets a bot decide (on a worker thread), and saves the game
as its events after every action. After each round the learner's decisions are reviewed by the
coach, the mistakes first.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence

from engine import CHIBRE, Card, Game, GameView, IllegalPlayError, Phase, Rules, WeisChoice
from engine.bots import BOT_NAMES, Bot, Budget, decide, make_bot
from engine.coach import Assessment, Tag, assess
from engine.events import Dealt, Event, GameOver, RoundScored, TrickWon
from engine.game import Action

LEARNER = 0
COACH_LEVELS = ("off", "request", "active")
#: The coach and the bots of the table think this much (less than the arena's expert: the
#: learner is waiting).
TABLE_BUDGET = Budget(worlds=16, deep_worlds=6, work=20_000, min_worlds=4)
FAST_BUDGET = Budget(worlds=4, deep_worlds=2, work=3_000, min_worlds=2, exact=2)
#: Expected points a card may lose against the best before the active coach warns.
WARN_THRESHOLD = 12.0


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision of the learner, as the coach will review it."""

    round: int
    trick: int  # 1 to 9; 0 for the choice of trump
    view: GameView
    action: Action


@dataclasses.dataclass(frozen=True)
class Review:
    """The coach's word on one decision: how many points it cost against the best."""

    decision: Decision
    best: Assessment
    chosen: Assessment
    lost: float

    @property
    def is_mistake(self) -> bool:
        return self.lost > WARN_THRESHOLD

    @property
    def tags(self) -> tuple[Tag, ...]:
        return self.chosen.tags


class PlaySession:
    """One game: ``seats[0]`` is ``"learner"`` (or a bot name in watch mode), the rest bots."""

    def __init__(self, rules: Rules, seats: Sequence[str], seed: int,
                 game: Game | None = None, game_id: str | None = None,
                 budget: Budget = TABLE_BUDGET) -> None:
        if len(seats) != 4:
            raise ValueError("a game has four seats")
        for name in seats:
            if name != "learner" and name not in BOT_NAMES:
                raise ValueError(f"unknown seat {name!r}")
        self.rules = rules
        self.seats = tuple(seats)
        self.seed = seed
        self.budget = budget
        self.game = game if game is not None else Game(rules, seed=seed)
        self.game_id = game_id or uuid.uuid4().hex[:12]
        self.bots: dict[int, Bot] = {
            seat: make_bot(name, seed * 4 + seat, budget if name == "expert" else None)
            for seat, name in enumerate(self.seats) if name != "learner"
        }
        self.decisions: list[Decision] = []

    # --- whose turn -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def to_move(self) -> int:
        return self.game.current_player

    def learner_to_move(self) -> bool:
        return not self.is_over and self.seats[self.to_move()] == "learner"

    def view(self, seat: int = LEARNER) -> GameView:
        return self.game.view(seat)

    # --- acting ---------------------------------------------------------------------------------

    def bot_choice(self) -> Action:
        """What the bot to move would do (pure: call it on a worker thread, then ``apply``)."""
        seat = self.to_move()
        return decide(self.bots[seat], self.game.view(seat))

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to move; the events it made.

        Raises ``IllegalPlayError`` (with its ``Reason``) and changes nothing if the engine
        refuses the action.
        """
        seat = self.to_move()
        if self.seats[seat] == "learner" and self.game.phase in (Phase.TRUMP, Phase.PLAY):
            view = self.game.view(seat)
            trick = 0 if view.phase is Phase.TRUMP else len(view.tricks) + 1
            self.decisions.append(Decision(view.round, trick, view, action))
        before = len(self.game.events)
        try:
            self.game.apply(action)
        except IllegalPlayError:
            if self.seats[seat] == "learner" and self.decisions:
                self.decisions.pop()
            raise
        return list(self.game.events[before:])

    def trick_of(self, round_number: int, number: int) -> TrickWon | None:
        """The complete trick ``number`` (1-9) of round ``round_number``, once it was won."""
        current = -1
        for event in self.game.events:
            if isinstance(event, Dealt):
                current = event.round
            elif isinstance(event, TrickWon) and current == round_number and \
                    event.number == number:
                return event
        return None

    def round_decisions(self, round_number: int) -> list[Decision]:
        return [d for d in self.decisions if d.round == round_number]


def review(decisions: Sequence[Decision], budget: Budget = TABLE_BUDGET) -> list[Review]:
    """The coach's review of ``decisions``: the mistakes first, the costliest first.

    Slow (a search per decision): run it off the UI thread.
    """
    reviews = []
    for index, decision in enumerate(decisions):
        found = assess(decision.view, budget, seed=index)
        if not found:
            continue
        chosen = next((a for a in found if a.action == decision.action), None)
        if chosen is None:
            continue
        reviews.append(Review(decision, found[0], chosen, found[0].points - chosen.points))
    return sorted(reviews, key=lambda r: (not r.is_mistake, -r.lost, r.decision.trick))


def hint(view: GameView, budget: Budget = TABLE_BUDGET) -> Assessment | None:
    """The coach's best choice for the learner's position (slow: off the UI thread)."""
    found = assess(view, budget)
    return found[0] if found else None


def is_round_end(events: Sequence[Event]) -> RoundScored | None:
    return next((e for e in events if isinstance(e, RoundScored)), None)


def game_over(events: Sequence[Event]) -> GameOver | None:
    return next((e for e in events if isinstance(e, GameOver)), None)


def trick_won(events: Sequence[Event]) -> TrickWon | None:
    return next((e for e in events if isinstance(e, TrickWon)), None)


def weis_choice(announce: bool) -> WeisChoice:
    return WeisChoice.ANNOUNCE if announce else WeisChoice.WITHHOLD


__all__ = ["CHIBRE", "COACH_LEVELS", "Card", "Decision", "PlaySession", "Review", "hint",
           "review"]
