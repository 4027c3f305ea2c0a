"""A coached game's record, without Qt: the seats, the game, the learner's decisions read back
from the events, and the coach's review of them.

The decisions are not stored beside the game: they are the learner's actions in its events,
each with the view it was chosen in, so a resumed game has every decision of every round.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence

from engine import (
    MISTAKE_THRESHOLD,
    NO_CONVENTIONS,
    TABLE_BUDGET,
    TABLE_COACH_BUDGET,
    Action,
    Advice,
    Assessment,
    Bot,
    Budget,
    CardSet,
    Conventions,
    Event,
    Game,
    GameView,
    Phase,
    Rules,
    WeisChoice,
    advise,
    assess,
    decide,
    make_bot,
)
from tutor.table.flow import SessionBase
from tutor.table.rounds import Decision as RoundDecision
from tutor.table.rounds import DecisionReview
from tutor.vocab import LEARNER, Player, is_player

#: The table's expert bots, and the expert that replays a round in the learner's seat for its
#: par, think with ``TABLE_BUDGET`` (``engine.chibre.bots.base``); the coach with the same search
#: without weighing the deals by the opponents' plays, so a hint comes in well under a second.
COACH_BUDGET = TABLE_COACH_BUDGET
#: Both, for quick tests and ``--watch --fast``.
FAST_BUDGET = Budget(worlds=4, deep_worlds=2, work=3_000, min_worlds=2, exact=2, pool=1)


#: One decision of the learner, as the coach will review it (trick 1 to 9; 0 for the choice
#: of trump).
Decision = RoundDecision[GameView, Action]


@dataclasses.dataclass(frozen=True)
class Review(DecisionReview[GameView, Action, Advice]):
    """The Chibre coach's word on one decision: its advice, with the learner's choice beside
    it; a mistake gives away more than ``MISTAKE_THRESHOLD``."""

    @property
    def is_mistake(self) -> bool:
        return self.lost > MISTAKE_THRESHOLD


class Session(SessionBase[Game, GameView, Action]):
    """One game: ``seats`` are its four players, the learner (``LEARNER``, at ``LEARNER_SEAT``;
    in watch mode a bot) and the bots, each named by its level, all keeping the table's
    ``conventions`` (the discard signal: ``engine.chibre.conventions``)."""

    def __init__(self, rules: Rules, seats: Sequence[str], seed: int, *,
                 game: Game | None = None, game_id: str | None = None,
                 budget: Budget = TABLE_BUDGET,
                 conventions: Conventions = NO_CONVENTIONS,
                 deal: Sequence[CardSet] | None = None) -> None:
        if len(seats) != 4:
            raise ValueError("a game has four seats")
        self.rules = rules
        self.conventions = conventions
        self.seats: tuple[Player, ...] = tuple(_player(name) for name in seats)
        self.seed = seed
        self.game = game if game is not None else Game(rules, seed=seed, deal=deal)
        self.game_id = game_id or uuid.uuid4().hex[:12]
        self.bots: dict[int, Bot] = {
            seat: make_bot(name, seed * 4 + seat, budget if name == "expert" else None,
                           conventions)
            for seat, name in enumerate(self.seats) if name != LEARNER
        }

    def _decide(self, bot: Bot, view: GameView) -> Action:
        return decide(bot, view)

    @property
    def rubicon(self) -> tuple[int, ...]:
        """The teams that ended the game below half the target (R-RUBICON)."""
        return tuple(self.game.rubicon)

    def decisions(self, round_number: int | None = None) -> list[Decision]:
        """The learner's choices of trump and cards (of one round, or all), read from the
        events: each with the view it was made in."""
        return decisions_of(self.game.events, self.seats, round_number)


def _player(name: str) -> Player:
    if not is_player(name):
        raise ValueError(f"unknown seat {name!r}")
    return name


def decisions_of(events: Sequence[Event], seats: Sequence[str],
                 round_number: int | None = None) -> list[Decision]:
    """The choices of trump and cards of the learner's seat in ``events`` (of one round, or
    all), each with the view it was made in (a replay of the game: off the UI thread)."""
    if LEARNER not in seats:
        return []
    seat = list(seats).index(LEARNER)
    found = []
    for game, action in Game.replay(events):
        if game.current_player != seat or game.phase not in (Phase.TRUMP, Phase.PLAY):
            continue
        if round_number is not None and game.round != round_number:
            continue
        view = game.view(seat)
        trick = 0 if view.phase is Phase.TRUMP else len(view.tricks) + 1
        found.append(Decision(view.round, trick, view, action))
    return found


def review(decisions: Sequence[Decision], budget: Budget = COACH_BUDGET,
           conventions: Conventions = NO_CONVENTIONS) -> list[Review]:
    """The coach's review of ``decisions``, in the order they were made (a decision with a
    single choice is left out), under the table's ``conventions``. Slow (a search per
    decision): run it in the background."""
    reviews = []
    for decision in decisions:
        # the same search as the hint and the warning at that position (``coach_options``):
        # the review never contradicts what the coach said then
        found = coach_options(decision.view, budget, conventions)
        if len(found) < 2:
            continue
        action = decision.action
        assert not isinstance(action, WeisChoice)  # decisions are trump choices and cards
        reviews.append(Review(decision, advise(decision.view, found, action, conventions)))
    return reviews


def review_round(events: Sequence[Event], seats: Sequence[str], number: int,
                 budget: Budget = COACH_BUDGET,
                 conventions: Conventions = NO_CONVENTIONS) -> list[Review]:
    """The coach's review of the learner's decisions in round ``number`` of the game of
    ``events`` (a replay, then a search per decision: slow, in the background)."""
    return review(decisions_of(events, seats, number), budget, conventions)


def coach_options(view: GameView, budget: Budget = COACH_BUDGET,
                  conventions: Conventions = NO_CONVENTIONS) -> list[Assessment]:
    """Every choice of the learner's position, best first, the partner's signal read under
    the table's ``conventions`` (slow: in the background). The same position gives the same
    answer (one seed), for the hint, the warning and the review."""
    return assess(view, budget, seed=0, conventions=conventions)


__all__ = ["COACH_BUDGET", "FAST_BUDGET", "TABLE_BUDGET", "Decision", "Review",
           "Session", "coach_options", "decisions_of", "review", "review_round"]
