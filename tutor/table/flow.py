"""What a table does the same way for every game (no Qt): the stages, whose turn it is, the
bots' jobs and their pauses, a failed job and Try again, the learner's action refused with the
engine's reason or checked by the active coach (warn, take back, play anyway), the hint, the
trick on show and the round over.

A game's table (``tutor.table.controller.Table`` for Chibre, ``tutor.table.pomme.PommeTable``)
subclasses :class:`TableFlow` and gives what is its own: how its session applies an action,
what the coach says of a decision (its call, its threshold), its lines, the end of a round and
of the game, and what it saves.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine import Card, Dealt, Event, EventGame, PommeDealt, PommeTrickWon, TrickWon
from tutor.games import GameStore
from tutor.jobs import Failure, Job, Runner
from tutor.vocab import (
    COACH_LEVELS,
    DEFAULT_COACH,
    LEARNER,
    LEARNER_SEAT,
    CoachLevel,
    Player,
    is_coach_level,
)


@dataclasses.dataclass(frozen=True)
class Pauses:
    """How long the table waits, in ms, so the learner can follow (all 0 when fast)."""

    bot: int = 650
    trick: int = 1100
    guided_trick: int = 2600
    watch_round: int = 1500

    @classmethod
    def none(cls) -> Pauses:
        return cls(0, 0, 0, 0)


class Stage(enum.Enum):
    """What the table is doing."""

    EMPTY = "empty"  # no game
    LEARNER = "learner"  # waiting for the learner's decision
    BOT = "bot"  # a bot is to move (pausing, then thinking)
    CHECKING = "checking"  # the active coach looks at the learner's card
    WARNING = "warning"  # the coach warned: play it anyway or take it back
    TRICK = "trick"  # the trick just won stays on show for a moment
    ROUND_OVER = "round_over"  # the round is scored: Next round
    OVER = "over"  # the game is over
    FAILED = "failed"  # a bot's or the coach's work failed: the table waits for New game or retry


class GameSession(Protocol):
    """What the flow asks of a game's session (``Session``, ``PommeSession``)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def has_learner(self) -> bool: ...

    @property
    def game(self) -> Any: ...

    @property
    def game_is_over(self) -> bool: ...

    @property
    def events(self) -> Sequence[Event]: ...

    def illegal_reason(self, action: Any) -> Any: ...

    def to_move(self) -> int: ...

    def learner_to_move(self) -> bool: ...

    def view(self, seat: int = LEARNER_SEAT) -> Any: ...

    def bot_choice(self) -> Any: ...


G = TypeVar("G", bound=EventGame)
V = TypeVar("V")
A = TypeVar("A")


class SessionBase(Generic[G, V, A]):
    """A game at the table, of any game: its seats (the learner's and the bots' levels), the
    engine's game and the bots; a game's session gives how it is built and how its bots
    decide (``_decide``)."""

    seats: tuple[Player, ...]
    game: G
    bots: dict[int, Any]

    def _decide(self, bot: Any, view: V) -> A:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def has_learner(self) -> bool:
        return LEARNER in self.seats

    @property
    def game_is_over(self) -> bool:
        """Whether the engine's game is over (a session may end sooner: Pomme's guided game)."""
        return self.game.is_over

    @property
    def events(self) -> Sequence[Event]:
        """What has happened in the game so far: the table reads the game through its session
        only."""
        return self.game.events

    def trick_of(self, round_number: int, number: int) -> TrickWon | PommeTrickWon | None:
        """The complete trick ``number`` (from 1) of round ``round_number``, once it was won
        (the review shows the whole trick a decision was made in)."""
        current = -1
        for event in self.events:
            if isinstance(event, Dealt | PommeDealt):
                current = event.round
            elif isinstance(event, TrickWon | PommeTrickWon) and current == round_number and \
                    event.number == number:
                return event
        return None

    def illegal_reason(self, action: A) -> Any:
        """Why the engine refuses ``action`` now (``engine.play.Reason``), or ``None``."""
        return self.game.illegal_reason(action)

    def to_move(self) -> int:
        return self.game.current_player

    def learner_to_move(self) -> bool:
        return not self.is_over and self.seats[self.to_move()] == LEARNER

    def view(self, seat: int = LEARNER_SEAT) -> V:
        view: V = self.game.view(seat)
        return view

    def bot_choice(self) -> A:
        """What the bot to move would do (pure: run it in the background, then ``apply``)."""
        seat = self.to_move()
        return self._decide(self.bots[seat], self.view(seat))

    def apply(self, action: A) -> list[Event]:
        """Apply ``action`` for the seat to move; the events it made. ``IllegalPlayError``
        (with its ``Reason``) and nothing changed if the engine refuses it."""
        before = len(self.game.events)
        self.game.apply(action)
        return list(self.game.events[before:])


S = TypeVar("S", bound=GameSession)
L = TypeVar("L")
T = TypeVar("T")
R = TypeVar("R")


class TableFlow(Generic[S, L, T, R]):
    """One coached game at a time, of any game: ``S`` its session, ``L`` its coach's line,
    ``T`` the event of a trick won and ``R`` that of a round scored."""

    def __init__(self, store: GameStore, runner: Runner, *, fast: bool = False,
                 listener: Callable[[], None] | None = None,
                 notice: Callable[[Failure], None] | None = None) -> None:
        self.store = store
        self.runner = runner
        self.fast = fast
        self.pauses = Pauses.none() if fast else Pauses()
        self.listener = listener or (lambda: None)
        self.notice = notice or (lambda failure: None)
        self.session: S | None = None
        self.generation = 0  # results of jobs of an older game or decision are dropped
        self.stage = Stage.EMPTY
        self.coach: CoachLevel = DEFAULT_COACH
        self.watch = False
        #: the guided first game (``new_game(guided=True)``): short, the coach explaining
        self.guided = False
        self.line: L | None = None
        self.hinted: Card | None = None
        self.pending: Card | None = None  # the card the active coach warned about
        #: the trick on show during the pause after it, and at the end of a round or the game
        self.shown_trick: T | None = None
        self.scored: R | None = None  # the round just scored (ROUND_OVER)
        self.failure: Failure | None = None
        self.decision_at = -1  # len(events) at the decision the coach's line is about

    # --- what each game gives -----------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        """Apply the action of the seat to move, save, and go on (the trick, the round)."""
        raise NotImplementedError

    def _finish(self) -> None:
        """The game is over: record it as the game keeps its games."""
        raise NotImplementedError

    def _decision_line(self, view: Any) -> L | None:
        """What the coach says as soon as a new decision of the learner opens (none)."""
        return None

    def _refused(self, view: Any, reason: Any, action: Any) -> L:
        """The line that says why the engine refused ``action``."""
        raise NotImplementedError

    def _taken_back(self, view: Any) -> L:
        """The line after Take it back."""
        raise NotImplementedError

    def _checks(self, view: Any, action: Any) -> bool:
        """Whether the active coach looks at ``action`` before it is played (a card, with a
        choice to make)."""
        raise NotImplementedError

    def _coach_options(self, view: Any) -> Callable[[], Any]:
        """The work of the coach's assessment of every choice of ``view``, made now and run on
        the runner's thread (it keeps what it needs: the game may change meanwhile)."""
        raise NotImplementedError

    def _warning(self, view: Any, card: Card, found: Any) -> L | None:
        """The coach's warning against ``card`` by its own threshold, or ``None`` to play it."""
        raise NotImplementedError

    def _hint_at_once(self, view: Any) -> L | None:
        """What H says without the coach's search (the coach is off, say), or ``None``."""
        raise NotImplementedError

    def _thinking(self, view: Any) -> L:
        """The line while the coach works out its hint."""
        raise NotImplementedError

    def _hint_work(self, view: Any) -> Callable[[], Any]:
        """The work of the hint, made now and run on the runner's thread."""
        raise NotImplementedError

    def _hint_line(self, view: Any, found: Any) -> tuple[L, Card | None] | None:
        """The hint's line and the card it picks out, from what the work found."""
        raise NotImplementedError

    def _is_coach_hint(self, line: L) -> bool:
        """Whether ``line`` is the coach's hint or its thinking (gone when the coach is off)."""
        raise NotImplementedError

    def _save(self) -> None:
        """Save the game in progress as the game keeps its games."""
        raise NotImplementedError

    # --- the coach's level --------------------------------------------------------------------

    def set_coach(self, level: str) -> None:
        """The coach's level from now on (``tutor.vocab.COACH_LEVELS``); off, its hint goes."""
        if not is_coach_level(level):
            raise ValueError(f"coach level must be one of {COACH_LEVELS}, not {level!r}")
        self.coach = level
        if level == "off" and self.line is not None and self._is_coach_hint(self.line):
            self._clear_decision()
        self._save()
        self.listener()

    # --- reading ----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.stage in (Stage.BOT, Stage.CHECKING, Stage.TRICK)

    @property
    def in_progress(self) -> bool:
        """A game the learner is playing and has not finished (New game would abandon it)."""
        return (self.session is not None and self.session.has_learner
                and not self.session.is_over)

    # --- whose turn -------------------------------------------------------------------------

    def _advance(self) -> None:
        """Give the turn to whoever is to move: wait for the learner, or let a bot think."""
        session = self.session
        if session is None:
            return
        if session.is_over:
            self._finish()
            return
        if session.learner_to_move():
            self.stage = Stage.LEARNER
            self._new_decision()
            self.listener()
            return
        self.stage = Stage.BOT
        self.listener()
        generation = self.generation
        self.runner.later(self.pauses.bot, lambda: self._think(generation))

    def _new_decision(self) -> None:
        """A new decision of the learner: nothing the coach said of the last one stays."""
        assert self.session is not None
        at = len(self.session.events)
        if at == self.decision_at:
            return
        self._clear_decision()
        self.decision_at = at
        self.line = self._decision_line(self.session.view(LEARNER_SEAT))

    def _clear_decision(self) -> None:
        self.line = None
        self.hinted = None
        self.pending = None
        self.decision_at = -1

    def _think(self, generation: int) -> None:
        if generation != self.generation or self.session is None:
            return
        session = self.session
        seat = session.to_move()
        self.runner.run(Job(f"bot:{seat}", session.bot_choice,
                            lambda action: self._bot_done(generation, action),
                            lambda failure: self._failed(generation, failure)))

    def _bot_done(self, generation: int, action: Any) -> None:
        if generation != self.generation or self.session is None:
            return
        self._apply(action)

    def _after_trick(self, generation: int) -> None:
        if generation != self.generation:
            return
        self.shown_trick = None
        self._advance()

    # --- failures ---------------------------------------------------------------------------

    def _failed(self, generation: int, failure: Failure, *, blocking: bool = True) -> None:
        """A job failed: say so, and leave the table usable. A job the game waits for (a bot,
        the active coach's check: ``blocking``) stops the table until New game or Try again;
        one that runs beside the game (a hint, a review, a par) only says so."""
        if generation != self.generation:
            return
        if blocking:
            self.failure = failure
            if self.stage in (Stage.BOT, Stage.CHECKING, Stage.TRICK):
                self.stage = Stage.FAILED
        self.notice(failure)
        self.listener()

    def retry(self) -> None:
        """After a failure: try again from where the table stopped."""
        if self.stage is not Stage.FAILED or self.session is None:
            return
        self.failure = None
        self.stage = Stage.BOT
        self._advance()

    # --- the learner's action ---------------------------------------------------------------

    def learner_acts(self, action: Any) -> None:
        """The learner chose ``action``. The engine's refusal is said with its reason; the
        active coach looks at a card first (when there was a choice) and may warn."""
        session = self.session
        if session is None or self.stage is not Stage.LEARNER:
            return
        reason = session.illegal_reason(action)
        view = session.view(LEARNER_SEAT)
        if reason is not None:
            self.line = self._refused(view, reason, action)
            self.listener()
            return
        if self.coach == "active" and isinstance(action, Card) and self._checks(view, action):
            self.stage = Stage.CHECKING
            self.listener()
            generation = self.generation
            self.runner.run(Job("coach", self._coach_options(view),
                                lambda found: self._warn_or_play(generation, view, action,
                                                                 found),
                                lambda failure: self._failed(generation, failure)))
            return
        self._apply(action)

    def _warn_or_play(self, generation: int, view: Any, card: Card, found: Any) -> None:
        if generation != self.generation or self.session is None:
            return
        warning = self._warning(view, card, found)
        if warning is None:
            self._apply(card)
            return
        self.stage = Stage.WARNING
        self.pending = card
        self.line = warning
        self.listener()

    def play_anyway(self) -> None:
        """After the active coach's warning: the card is played."""
        if self.stage is Stage.WARNING and self.pending is not None:
            card, self.pending = self.pending, None
            self._apply(card)

    def take_back(self) -> None:
        """After the active coach's warning: the card goes back, the decision is open."""
        if self.stage is not Stage.WARNING or self.session is None:
            return
        self.pending = None
        self.stage = Stage.LEARNER
        self.line = self._taken_back(self.session.view(LEARNER_SEAT))
        self.listener()

    # --- the hint ---------------------------------------------------------------------------

    def newcomer(self) -> bool:
        """Whether the learner has never finished a game nor has one saved: the empty table
        then offers the guided game first."""
        return self.session is None and not self.store.has_finished() and \
            self.store.current_id() is None

    def ask_hint(self) -> None:
        """H: the coach's word on the decision at hand (worked out on the runner's thread; a
        failure only says so, and the decision stays open)."""
        session = self.session
        if session is None or self.stage is not Stage.LEARNER:
            return
        view = session.view(LEARNER_SEAT)
        said = self._hint_at_once(view)
        if said is not None:
            self.line = said
            self.listener()
            return
        thinking = self._thinking(view)
        self.line = thinking
        self.listener()
        generation, at = self.generation, self.decision_at

        def failed(failure: Failure) -> None:
            if generation == self.generation and at == self.decision_at and \
                    self.line is thinking:
                self.line = None
            self._failed(generation, failure, blocking=False)

        self.runner.run(Job("hint", self._hint_work(view),
                            lambda found: self._show_hint(generation, at, view, found), failed))

    def _show_hint(self, generation: int, at: int, view: Any, found: Any) -> None:
        if generation != self.generation or at != self.decision_at or \
                self.stage is not Stage.LEARNER:
            return
        hint = self._hint_line(view, found)
        if hint is None:
            return
        self.line, self.hinted = hint
        self.listener()

    # --- the round over ---------------------------------------------------------------------

    def _watch_next_round(self) -> None:
        """Watching bots: the next round starts by itself after a pause."""
        generation = self.generation

        def go_on() -> None:
            if generation == self.generation:
                self.next_round()
        self.runner.later(self.pauses.watch_round, go_on)

    def next_round(self) -> None:
        if self.stage is not Stage.ROUND_OVER:
            return
        self._leave_round()
        self._advance()

    def _leave_round(self) -> None:
        """What stays on show at the end of a round goes when the next one starts."""
        self.scored = None
        self.shown_trick = None
