"""The Play page's table without Qt: it owns the game and decides; the page only draws it.

A :class:`Table` holds the game in progress (a :class:`Session`), whose turn it is and what the
table is doing (:class:`Stage`), what the coach has said for the decision at hand
(:class:`CoachLine`), the hinted card, the log as data (the game's events and the coach's
comments, rendered into sentences by ``tutor.table.words`` when shown), the review and the par of
every round. It checks the learner's actions with the engine (``Game.illegal_reason``), applies
the coach's policy (``engine.coach.MISTAKE_THRESHOLD``), chooses the search budget once, lets the
bots, the coach, the review and the par think through a ``tutor.jobs.Runner``, and saves: the
game in progress after every action with its coach level and pars (``GameStore.save_current``),
a finished game at its last card, an abandoned one when a new game replaces it.

Everything the page needs is read from the table's attributes after ``listener`` is called.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine import (
    MISTAKE_THRESHOLD,
    NO_CONVENTIONS,
    Action,
    Advice,
    Assessment,
    Budget,
    Card,
    CardSet,
    Conventions,
    Dealt,
    Event,
    GameOver,
    GameView,
    Phase,
    Reason,
    RoundPar,
    RoundScored,
    Rules,
    TrickWon,
    Trump,
    advise,
    weis_advice,
)
from tutor.course import advice_theme
from tutor.games import GameStore, SavedGame
from tutor.jobs import Failure, Runner
from tutor.progress.kept import KeptPosition, kept_position
from tutor.table.flow import Pauses, Stage
from tutor.table.rounds import ReviewedFlow, par_total, saved_pars, saved_rows
from tutor.table.session import (
    COACH_BUDGET,
    FAST_BUDGET,
    TABLE_BUDGET,
    Decision,
    Review,
    Session,
    coach_options,
    review_round,
)
from tutor.table.worker import WorkerProcess
from tutor.vocab import (
    DEFAULT_COACH,
    LEARNER,
    LEARNER_SEAT,
    CoachLevel,
    Player,
    is_coach_level,
)

#: The guided first game: a short game (R-TARGET allows any target) with the coach explaining.
GUIDED_TARGET = 300


class Line(enum.Enum):
    """What the coach's line says (the page renders it with its data)."""

    THINKING = "thinking"  # the coach is thinking about a hint
    HINT = "hint"  # advice: the coach's choice and why
    WARNING = "warning"  # advice about the learner's card, before it is played
    REFUSED = "refused"  # the engine refused the action: reason
    TAKEN_BACK = "taken_back"
    COACH_OFF = "coach_off"
    GUIDE = "guide"  # the guided game: what the rules allow now (view)
    WEIS = "weis"  # the weis decision: what the hand holds, and the coach's advice


@dataclasses.dataclass(frozen=True)
class CoachLine:
    kind: Line
    view: GameView
    advice: Advice | None = None
    reason: Reason | None = None
    action: object = None
    weis: Any = None  # engine.chibre.coach.WeisAdvice for Line.WEIS


@dataclasses.dataclass(frozen=True)
class Comment:
    """A coach's comment in the log (watch mode): the card played at the learner's seat, with
    its advice."""

    card: Card
    view: GameView


LogItem = Event | Comment


@dataclasses.dataclass(frozen=True)
class Options:
    """What a game keeps beside its events: the coach level, whether it is the guided game,
    the par of the rounds computed so far (``RoundPar`` by round), and the conventions it is
    played under (a game resumed keeps its own, whatever the Settings say now)."""

    coach: CoachLevel = DEFAULT_COACH
    guided: bool = False
    pars: dict[int, RoundPar] = dataclasses.field(default_factory=dict)
    conventions: Conventions = NO_CONVENTIONS

    def to_json(self) -> dict[str, object]:
        return {"coach": self.coach, "guided": self.guided, "pars": saved_rows(self.pars),
                "conventions": self.conventions.options()}

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from the saved dict; what is missing or unreadable gets its default."""
        if not isinstance(data, dict):
            return cls()
        coach = data.get("coach")
        pars = saved_pars(data.get("pars"))
        try:
            conventions = Conventions.from_options(data.get("conventions", {}))
        except ValueError:  # unreadable: the game goes on under none
            conventions = NO_CONVENTIONS
        return cls(coach=coach if is_coach_level(coach) else DEFAULT_COACH,
                   guided=data.get("guided") is True, pars=pars,
                   conventions=conventions)


class Table(ReviewedFlow[Session, CoachLine, TrickWon, RoundScored, Review]):
    """One coached game of Chibre at a time (see the module text)."""

    SCORED = RoundScored

    def __init__(self, store: GameStore, runner: Runner, *, fast: bool = False,
                 listener: Callable[[], None] | None = None,
                 notice: Callable[[Failure], None] | None = None,
                 worker: WorkerProcess | None = None) -> None:
        super().__init__(store, runner, fast=fast, listener=listener, notice=notice)
        #: where the review runs (a process of its own in the app; else the job's thread)
        self.worker = worker
        self.budget: Budget = FAST_BUDGET if fast else TABLE_BUDGET  # the bots'
        self.coach_budget: Budget = FAST_BUDGET if fast else COACH_BUDGET
        #: the conventions a new game is played under (the Settings page's); a game in
        #: progress keeps those it began with (``Session.conventions``)
        self.conventions: Conventions = NO_CONVENTIONS
        self.shown_trump: Trump | None = None  # the trump of the round of ``shown_trick``
        self.log: list[LogItem] = []
        self.finished_recorded = False
        #: where the positions of the learner's mistakes go when a round's review is ready
        #: (the app's: ``Progress.keep_positions``; none: they are not kept)
        self.keep: Callable[[list[KeptPosition]], None] | None = None

    # --- reading ----------------------------------------------------------------------------

    def view(self) -> GameView | None:
        return None if self.session is None else self.session.view(LEARNER_SEAT)

    def decisions(self, round_number: int) -> list[Decision]:
        return [] if self.session is None else self.session.decisions(round_number)

    def game_over(self) -> GameOver | None:
        if self.session is None:
            return None
        return next((e for e in reversed(self.session.events)
                     if isinstance(e, GameOver)), None)

    # --- starting ---------------------------------------------------------------------------

    def new_game(self, rules: Rules, seats: Sequence[Player], *, seed: int | None = None,
                 coach: CoachLevel | None = None, guided: bool = False,
                 conventions: Conventions | None = None,
                 deal: Sequence[CardSet] | None = None) -> None:
        """Start a game, under ``conventions`` (by default the table's ``conventions``); a game
        in progress, at the table or saved and not resumed, is kept in the statistics as
        abandoned. ``deal`` fixes the first round's four hands (a test's position); later
        rounds follow ``seed``."""
        self.leave()
        if guided:
            rules = rules.replace(target=GUIDED_TARGET)
        seed = seed if seed is not None else random.randrange(1 << 30)
        agreed = conventions if conventions is not None else self.conventions
        session = Session(rules, seats, seed, budget=self.budget, conventions=agreed,
                          deal=deal)
        if self.worker is not None and session.has_learner:
            self.worker.warm()  # ready before the first round ends
        self._start(session, Options(coach=coach or self.coach, guided=guided,
                                     conventions=agreed))

    def leave(self) -> None:
        """A game of the learner's in progress, at the table or saved and not resumed, is kept
        in the statistics as abandoned (a new game, of Chibre or of Pomme, replaces it)."""
        if self.in_progress:
            self.abandon()
        else:
            saved = self._saved_unfinished()
            if saved is not None:
                self.store.abandon(saved.game_id, saved.events)

    def resume(self) -> bool:
        """Go on with the saved game, as it was: its coach level, log, decisions and pars (a
        saved game of Pomme is ``tutor.table.pomme.PommeTable``'s)."""
        saved = self.store.current()
        if saved is None or saved.pomme is not None:
            return False
        game = saved.game()
        options = Options.from_json(saved.options)
        session = Session(saved.rules, saved.seats, game.seed, game=game,
                          game_id=saved.game_id, budget=self.budget,
                          conventions=options.conventions)
        self._start(session, options)
        return True

    def would_abandon(self) -> bool:
        """Whether New game would end a game of the learner's: the one at the table, or one
        saved and not resumed (after a restart)."""
        return self.in_progress or self._saved_unfinished() is not None

    def _saved_unfinished(self) -> SavedGame | None:
        """The learner's saved unfinished game when it is not the one at the table."""
        if self.session is not None and self.session.has_learner:
            return None  # the saved game is this one (or none: it is over)
        saved = self.store.current()
        return saved if saved is not None and LEARNER in saved.seats else None

    def can_resume(self) -> bool:
        """Whether a saved unfinished game other than the one at the table can be resumed (the
        saved game is read only when it is not the one at the table)."""
        saved_id = self.store.current_id()
        if saved_id is None or (self.session is not None and saved_id == self.session.game_id):
            return False
        return self.store.current() is not None

    def abandon(self) -> None:
        """Record the game in progress as abandoned and clear the table."""
        session = self.session
        if session is not None and self.in_progress:
            self.store.abandon(session.game_id, session.events)
        self.generation += 1
        self.session = None
        self.stage = Stage.EMPTY
        self._clear_decision()
        self.log = []
        self.listener()

    def _start(self, session: Session, options: Options) -> None:
        self.generation += 1
        self.session = session
        self.coach = options.coach
        self.guided = options.guided
        self.watch = not session.has_learner
        self.failure = None
        self.finished_recorded = False
        self.pending = None
        self.shown_trick = None
        self.scored = None
        self._new_book(dict(options.pars))
        self.log = [e for e in session.events]
        self._clear_decision()
        self._save()
        scored = self._scored_before_deal()
        if scored is not None:  # resumed at a round's result: show it again, with its par
            self._round_over(scored)
        else:
            self.stage = Stage.BOT  # so advance() looks at who is to move
            self._advance()
        self._resume_pars(scored)

    def _scored_before_deal(self) -> RoundScored | None:
        """The round just scored when nothing was played since (the next round only dealt)."""
        assert self.session is not None
        events = self.session.events
        if len(events) >= 2 and isinstance(events[-1], Dealt) and \
                isinstance(events[-2], RoundScored) and not self.session.is_over:
            return events[-2]
        return None

    # --- what is Chibre's own ---------------------------------------------------------------

    def _is_coach_hint(self, line: CoachLine) -> bool:
        return line.kind in (Line.HINT, Line.THINKING)

    def _decision_line(self, view: GameView) -> CoachLine | None:
        if view.phase is Phase.WEIS:
            return CoachLine(Line.WEIS, view, weis=weis_advice(view)
                             if self.coach != "off" or self.guided else None)
        return CoachLine(Line.GUIDE, view) if self.guided else None

    def _refused(self, view: GameView, reason: Reason, action: Action) -> CoachLine:
        return CoachLine(Line.REFUSED, view, reason=reason, action=action)

    def _taken_back(self, view: GameView) -> CoachLine:
        return CoachLine(Line.TAKEN_BACK, view)

    def _checks(self, view: GameView, action: Action) -> bool:
        return len([a for a in view.legal_actions if isinstance(a, Card)]) > 1

    def _coach_options(self, view: GameView) -> Callable[[], list[Assessment]]:
        budget = self.coach_budget
        agreed = self.session.conventions if self.session is not None else NO_CONVENTIONS
        return lambda: coach_options(view, budget, agreed)

    def _warning(self, view: GameView, card: Card,
                 found: list[Assessment]) -> CoachLine | None:
        """Chibre's coach warns when the card costs more than ``MISTAKE_THRESHOLD``."""
        agreed = self.session.conventions if self.session is not None else NO_CONVENTIONS
        advice = advise(view, found, card, agreed)
        if advice.action == card or advice.lost <= MISTAKE_THRESHOLD:
            return None
        return CoachLine(Line.WARNING, view, advice=advice, action=card)

    def _apply(self, action: Action) -> None:
        session = self.session
        assert session is not None
        seat = session.to_move()
        view = session.view(seat)
        if self.watch and seat == LEARNER_SEAT and isinstance(action, Card):
            self.log.append(Comment(action, view))
        if session.seats[seat] == LEARNER:  # the decision is made: no glow, no thinking
            self.hinted = None
            if self.line is not None and self.line.kind is Line.THINKING:
                self.line = None
        self.pending = None
        trump = view.trump  # the trick shown after it is won keeps the round's trump
        events = session.apply(action)
        self.log.extend(events)
        self._save()
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if won is not None:
            self.shown_trick, self.shown_trump = won, trump
        self._go_on(won is not None, scored)

    def _hint_at_once(self, view: GameView) -> CoachLine | None:
        if self.coach == "off":
            return CoachLine(Line.COACH_OFF, view)
        if view.phase is Phase.WEIS:
            return CoachLine(Line.WEIS, view, weis=weis_advice(view))
        return None

    def _thinking(self, view: GameView) -> CoachLine:
        return CoachLine(Line.THINKING, view)

    def _hint_work(self, view: GameView) -> Callable[[], list[Assessment]]:
        return self._coach_options(view)

    def _hint_line(self, view: GameView,
                   found: list[Assessment]) -> tuple[CoachLine, Card | None] | None:
        if not found:
            return None
        agreed = self.session.conventions if self.session is not None else NO_CONVENTIONS
        advice = advise(view, found, conventions=agreed)
        return (CoachLine(Line.HINT, view, advice=advice),
                advice.action if isinstance(advice.action, Card) else None)

    # --- rounds and the end -----------------------------------------------------------------

    def _record_finished(self, session: Session) -> None:
        """The last card: the game goes into the statistics now (a watched one goes); its
        review, mistakes and par are added when ready."""
        if not self.finished_recorded:
            self.finished_recorded = True
            if session.has_learner:
                self.store.finish(session.game_id, session.events)
                if self.pars:
                    self.store.set_par(session.game_id, self.par_total())
            else:
                self.store.discard_current()

    def _has_par(self, scored: RoundScored) -> bool:
        return scored.complete  # a round cut short at the target has no par

    def _review_work(self, session: Session, number: int) -> Callable[[], list[Review]]:
        events, seats = session.events, session.seats  # the replay is the job's
        budget = self.coach_budget
        agreed = session.conventions

        def work() -> list[Review]:
            # the table's longest search (each of the learner's decisions): in the worker
            # process when there is one, so that it does not share Python's lock with the window
            if self.worker is not None:
                return self.worker.call(review_round, events, seats, number, budget, agreed)
            return review_round(events, seats, number, budget, agreed)
        return work

    def _record_par(self, session: Session, pars: dict[int, RoundPar]) -> None:
        self.store.set_par(session.game_id, par_total(pars))

    def _record_mistakes(self, session: Session, mistakes: list[Review]) -> None:
        themes = Counter(theme for r in mistakes
                         if (theme := advice_theme(r.decision.view, r.advice)) is not None)
        self.store.set_mistakes(session.game_id, len(mistakes), themes)

    def _reviewed(self, session: Session, number: int, found: list[Review]) -> None:
        if self.keep is not None:
            positions = kept_mistakes(session, found)
            if positions:
                self.keep(positions)

    # --- saving -----------------------------------------------------------------------------

    def options(self) -> Options:
        agreed = self.session.conventions if self.session is not None else NO_CONVENTIONS
        return Options(self.coach, self.guided, dict(self.pars), agreed)

    def _save(self) -> None:
        session = self.session
        if session is not None and not session.is_over:
            self.store.save_current(session.game_id, session.events, seats=session.seats,
                                    rules=session.rules, options=self.options().to_json())


def kept_mistakes(session: Session, reviews: Sequence[Review]) -> list[KeptPosition]:
    """The positions of the decisions ``reviews`` marks as mistakes, as the learner saw them
    (``tutor.progress.kept``: the learner's view only, never a hidden hand)."""
    return [kept_position(session.game_id, r.decision.round, r.decision.trick, r.decision.view,
                          r.decision.action, r.advice.action, r.lost, r.lost_error,
                          session.conventions)
            for r in reviews if r.is_mistake]


__all__ = ["GUIDED_TARGET", "CoachLine", "Comment", "Line",
           "LogItem", "Options", "Pauses", "Stage", "Table", "kept_mistakes"]
