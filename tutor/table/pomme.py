"""The Play page's Pomme table (R-POMME, Putz for two, three or five) without Qt.

A :class:`PommeTable` is the Pomme counterpart of :class:`tutor.table.controller.Table`: it
holds the game in progress (a :class:`PommeSession`: an ``engine.PommeGame`` and its seats),
whose turn it is and what the table is doing (``Stage``), what the coach has said for the
decision at hand (:class:`PommeLine`), the log as data (the game's events, rendered by
``tutor.table.pomme_words``), and saves the game after every action
(``GameStore.save_current``, the same slot as a game of Chibre: one game in progress at a time).

Each player plays for themselves: there is no partner, no announcement and no par. The learner
sits at seat 0 (``LEARNER_SEAT``); the seats follow in order of play. The decisions are the
engine's: exchange the trump 6 for the shown card or keep it (``PommeChoice``), with three
players take the aside before one's first card, with two players keep the hand or exchange 3
cards for the blind (``keep_blind``, ``exchange_blind``, then the cards given up one by one as
cards are played), and the cards. The engine refuses what is not
allowed, with its reason, and the table says it.

The coach gives hints on request (``engine.pomme_assess`` and ``pomme_advise``: the choice,
its reasons, its expected points and chance of an apple); active, it also looks at each card of
the learner before it is played and warns when it costs ``POMME_MISTAKE_THRESHOLD`` or more
(the value the coach ranks by: points, the apple weighed in; ``warns``): Take it back or Play
it anyway.

A Pomme game is not counted in the statistics (they are a team's points and the par against the
expert, which Pomme does not have): once over, or replaced by a new game, its saved copy goes.
"""

from __future__ import annotations

import dataclasses
import enum
import random
import uuid
from collections.abc import Callable, Sequence
from typing import Protocol

from engine import (
    BLIND_SIZE,
    POMME_COACH_BUDGET,
    POMME_EXPERT_BUDGET,
    POMME_MISTAKE_THRESHOLD,
    POMME_PLAYERS,
    Card,
    CardPlayed,
    Event,
    PommeAction,
    PommeAdvice,
    PommeAssessment,
    PommeBudget,
    PommeChoice,
    PommeDeal,
    PommeDealt,
    PommeGame,
    PommeGameOver,
    PommePhase,
    PommeRoundScored,
    PommeTrickWon,
    PommeView,
    Reason,
    RoundPar,
    Rules,
    make_pomme_bot,
    pomme_advise,
    pomme_assess,
)
from tutor.games import GameStore
from tutor.jobs import Failure, Runner
from tutor.progress.kept import KeptPosition, kept_pomme_position
from tutor.table.flow import SessionBase, Stage
from tutor.table.rounds import Decision, DecisionReview, ReviewedFlow, saved_pars, saved_rows
from tutor.vocab import (
    DEFAULT_COACH,
    LEARNER,
    LEARNER_SEAT,
    CoachLevel,
    Player,
    is_coach_level,
    is_player,
)

POMME_SEATS = POMME_PLAYERS


class PommeBot(Protocol):
    """What a Pomme bot answers (``engine.make_pomme_bot``)."""

    def choose_action(self, view: PommeView) -> PommeAction: ...


#: Makes the bot of a level with a seed (the app: ``engine.make_pomme_bot``).
BotMaker = Callable[[str, int], PommeBot]


def warns(advice: PommeAdvice, card: Card) -> bool:
    """Whether the active coach holds ``card`` with a warning: the coach prefers another
    action and ``card`` costs the Pomme coach's own ``POMME_MISTAKE_THRESHOLD`` or more."""
    return advice.action != card and is_pomme_mistake(advice.lost)


def is_pomme_mistake(lost: float) -> bool:
    """Whether a choice that gives away ``lost`` against the coach's is a mistake: the Pomme
    coach's own ``POMME_MISTAKE_THRESHOLD`` or more (the warning's and the review's)."""
    return lost >= POMME_MISTAKE_THRESHOLD


class PommeSession(SessionBase[PommeGame, PommeView, PommeAction]):
    """One Pomme game: ``seats`` (2, 3 or 5) are its players in order of play, the learner at
    ``LEARNER_SEAT`` (or, watching, bots only), each bot named by its level."""

    def __init__(self, seats: Sequence[str], seed: int, *, game: PommeGame | None = None,
                 game_id: str | None = None, bots: BotMaker | None = None,
                 budget: PommeBudget = POMME_EXPERT_BUDGET,
                 deal: PommeDeal | None = None) -> None:
        if len(seats) not in POMME_SEATS:
            raise ValueError(f"Pomme has 2, 3 or 5 seats, not {len(seats)}")
        players: list[Player] = []
        for name in seats:
            if not is_player(name):
                raise ValueError(f"unknown seat {name!r}")
            players.append(name)
        if players.count(LEARNER) > 1:
            raise ValueError("only one seat can be the learner's")
        self.seats: tuple[Player, ...] = tuple(players)
        self.seed = seed
        self.game = game if game is not None else PommeGame(len(players), seed=seed, deal=deal)
        if self.game.players != len(players):
            raise ValueError(f"a game of {self.game.players} players has "
                             f"{len(players)} seats")
        self.game_id = game_id or uuid.uuid4().hex[:12]
        self.bots: dict[int, PommeBot] = {
            seat: bots(name, seed * 5 + seat) if bots is not None else
            make_pomme_bot(name, seed * 5 + seat, budget if name == "expert" else None)
            for seat, name in enumerate(self.seats) if name != LEARNER}

    @property
    def players(self) -> int:
        return len(self.seats)

    def _decide(self, bot: PommeBot, view: PommeView) -> PommeAction:
        return bot.choose_action(view)


#: The experts' and the coach's search in quick tests and ``fast`` tables.
FAST_POMME_BUDGET = PommeBudget(worlds=4, exact_worlds=2, start_worlds=4)


class PommeLineKind(enum.Enum):
    """What the coach's line says at the Pomme table."""

    THINKING = "thinking"
    HINT = "hint"
    REFUSED = "refused"  # the engine refused the action: reason
    COACH_OFF = "coach_off"
    NOTHING = "nothing"  # H or G pressed when that choice is not the learner's now
    ONE_CHOICE = "one_choice"  # the hint, when the rules leave a single choice
    WARNING = "warning"  # the active coach, about the learner's card before it is played
    TAKEN_BACK = "taken_back"
    GUIDE = "guide"  # the guided game: what the rules allow now (view)


@dataclasses.dataclass(frozen=True)
class PommeLine:
    kind: PommeLineKind
    view: PommeView
    hint: PommeAdvice | None = None
    reason: Reason | None = None
    action: PommeAction | None = None


class PommeTable(ReviewedFlow[PommeSession, PommeLine, PommeTrickWon, PommeRoundScored,
                              "PommeReview"]):
    """One Pomme game at a time (see the module text)."""

    SCORED = PommeRoundScored

    def __init__(self, store: GameStore, runner: Runner, *, fast: bool = False,
                 listener: Callable[[], None] | None = None,
                 notice: Callable[[Failure], None] | None = None,
                 bots: BotMaker | None = None,
                 assess: Callable[[PommeView], list[PommeAssessment]] | None = None) -> None:
        super().__init__(store, runner, fast=fast, listener=listener, notice=notice)
        self.bots = bots
        #: the experts' search and the coach's (quick ones when ``fast``)
        self.budget = FAST_POMME_BUDGET if fast else POMME_EXPERT_BUDGET
        coach_budget = FAST_POMME_BUDGET if fast else POMME_COACH_BUDGET
        #: the coach's assessment of every choice, best first (the same seed: the hint and
        #: the warning of one position agree)
        self.assess = assess or (lambda view: pomme_assess(view, coach_budget, seed=0))
        #: the learner's view of the round just scored, before its last card (ROUND_OVER and
        #: OVER show that round's trump, shown card and aside, not the next deal's)
        self.ended: PommeView | None = None
        self.log: list[Event] = []
        #: the table options saved beside the game (the store wants Chibre's; unused here)
        self.rules = Rules()
        #: where the positions of the learner's mistakes go when a round's review is ready
        #: (the app's: ``Progress.keep_positions``; none: they are not kept)
        self.keep: Callable[[list[KeptPosition]], None] | None = None

    # --- reading ----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 0 if self.session is None else self.session.players

    def view(self) -> PommeView | None:
        return None if self.session is None else self.session.view(LEARNER_SEAT)

    def table_view(self) -> PommeView | None:
        """What the table shows: the round just scored between two rounds (its trump, shown
        card and aside; the next deal is shown after Next round), else the view."""
        if self.stage in (Stage.ROUND_OVER, Stage.OVER) and self.ended is not None:
            return self.ended
        return self.view()

    def log_shown(self) -> int:
        """How many of the log's events are shown: between two rounds, not the next deal."""
        if self.stage is Stage.ROUND_OVER:
            for index in range(len(self.log) - 1, -1, -1):
                if isinstance(self.log[index], PommeRoundScored):
                    return index + 1
        return len(self.log)

    def game_over(self) -> PommeGameOver | None:
        if self.session is None:
            return None
        return next((e for e in reversed(self.session.events)
                     if isinstance(e, PommeGameOver)), None)

    def rounds_scored(self) -> list[PommeRoundScored]:
        if self.session is None:
            return []
        return [e for e in self.session.events if isinstance(e, PommeRoundScored)]

    def can_take_aside(self) -> bool:
        """Whether H would take the aside now (the learner's decision, and the engine allows
        it)."""
        view = self.view()
        return (self.stage is Stage.LEARNER and view is not None
                and PommeChoice.TAKE_ASIDE in view.legal_actions)

    def can_exchange_six(self) -> bool:
        view = self.view()
        return (self.stage is Stage.LEARNER and view is not None
                and PommeChoice.EXCHANGE_SIX in view.legal_actions)

    def can_choose_blind(self) -> bool:
        """Whether the learner is to say keep or exchange for the blind now (2 players)."""
        view = self.view()
        return (self.stage is Stage.LEARNER and view is not None
                and PommeChoice.KEEP_BLIND in view.legal_actions)

    def to_give_up(self) -> int:
        """How many cards the learner has still to give up for the blind (0 unless it is the
        learner's turn in phase ``DISCARD``): a card chosen now is given up, not played."""
        view = self.view()
        if (self.stage is not Stage.LEARNER or view is None
                or view.phase is not PommePhase.DISCARD):
            return 0
        return BLIND_SIZE - len(view.given_up)

    # --- starting ---------------------------------------------------------------------------

    def new_game(self, seats: Sequence[Player], *, seed: int | None = None,
                 coach: CoachLevel | None = None, rules: Rules | None = None,
                 deal: PommeDeal | None = None, guided: bool = False) -> None:
        """Start a game of Pomme for ``len(seats)``; a game in progress here is ended first
        (a saved game of Chibre is for the page to end: ``Table.abandon``). ``deal`` fixes the
        first round's cards (a lesson's or a test's position); later rounds follow ``seed``.
        ``guided``: the guided first game (``GUIDED_POMME_ROUNDS``, the coach's lines)."""
        self.abandon(quiet=True)
        seed = seed if seed is not None else random.randrange(1 << 30)
        if rules is not None:
            self.rules = rules
        make = GuidedPommeSession if guided else PommeSession
        session = make(seats, seed, bots=self.bots, budget=self.budget, deal=deal)
        self._start(session, coach or self.coach, guided=guided)

    def resume(self) -> bool:
        """Go on with the saved game when it is a game of Pomme."""
        saved = self.store.current()
        if saved is None or saved.pomme is None:
            return False
        options = saved.options
        coach = options.get("coach")
        self.rules = saved.rules
        guided = options.get("guided") is True
        make = GuidedPommeSession if guided else PommeSession
        session = make(saved.seats, saved.pomme.seed, game=saved.pomme,
                       game_id=saved.game_id, bots=self.bots, budget=self.budget)
        self._start(session, coach if is_coach_level(coach) else DEFAULT_COACH, guided=guided,
                    pars=saved_pars(options.get("pars")))
        return True

    def abandon(self, quiet: bool = False) -> None:
        """End the game at the table (its saved copy goes: Pomme is not in the statistics)."""
        session = self.session
        if session is not None and not session.is_over:
            saved = self.store.current()
            if saved is not None and saved.game_id == session.game_id:
                self.store.discard_current()
        self.generation += 1
        self.session = None
        self.stage = Stage.EMPTY
        self._clear_decision()
        self.shown_trick = None
        self.scored = None
        self.log = []
        if not quiet:
            self.listener()

    def _start(self, session: PommeSession, coach: CoachLevel, *, guided: bool = False,
               pars: dict[int, RoundPar] | None = None) -> None:
        self.generation += 1
        self.session = session
        self.coach = coach
        self.guided = guided
        self._new_book(pars or {})
        self.watch = not session.has_learner
        self.failure = None
        self.shown_trick = None
        self.scored = None
        self.ended = None
        self.log = list(session.events)
        self._clear_decision()
        self._save()
        scored = self._scored_before_deal()
        if scored is not None:  # resumed at a round's result: show it again
            self.ended = _before_last_card(session.events)
            self._round_over(scored)
        else:
            self.stage = Stage.BOT
            self._advance()
        self._resume_pars(scored)

    def _scored_before_deal(self) -> PommeRoundScored | None:
        assert self.session is not None
        events = self.session.events
        if self.session.is_over:
            return None
        for event in reversed(events):  # only the next deal (and no action) since the score
            if isinstance(event, PommeRoundScored):
                return event
            if not isinstance(event, PommeDealt):
                return None
        return None

    # --- what is Pomme's own ----------------------------------------------------------------

    def _is_coach_hint(self, line: PommeLine) -> bool:
        return line.kind in (PommeLineKind.HINT, PommeLineKind.THINKING)

    def _refused(self, view: PommeView, reason: Reason, action: PommeAction) -> PommeLine:
        return PommeLine(PommeLineKind.REFUSED, view, reason=reason, action=action)

    def _taken_back(self, view: PommeView) -> PommeLine:
        return PommeLine(PommeLineKind.TAKEN_BACK, view)

    def _checks(self, view: PommeView, action: PommeAction) -> bool:
        return len(view.legal_actions) > 1

    def _coach_options(self, view: PommeView) -> Callable[[], list[PommeAssessment]]:
        assess = self.assess
        return lambda: assess(view)

    def _warning(self, view: PommeView, card: Card,
                 found: list[PommeAssessment]) -> PommeLine | None:
        """Pomme's coach warns at its own threshold (``warns``)."""
        advice = pomme_advise(view, found, card) if found else None
        if advice is None or not warns(advice, card):
            return None
        return PommeLine(PommeLineKind.WARNING, view, hint=advice, action=card)

    def _apply(self, action: PommeAction) -> None:
        session = self.session
        assert session is not None
        if session.seats[session.to_move()] == LEARNER:
            self._clear_decision()
        before = session.view(LEARNER_SEAT)
        events = session.apply(action)
        self.log.extend(events)
        self._save()
        won = next((e for e in events if isinstance(e, PommeTrickWon)), None)
        scored = next((e for e in events if isinstance(e, PommeRoundScored)), None)
        if won is not None:
            self.shown_trick = won
        if scored is not None:
            self.ended = before
        self._go_on(won is not None, scored)

    def take_aside(self) -> None:
        """Key H: take the aside, when the engine allows it now; else say why not."""
        self._choice(PommeChoice.TAKE_ASIDE)

    def exchange_six(self) -> None:
        """Key G: exchange the trump 6 for the shown card, when it is the learner's choice."""
        self._choice(PommeChoice.EXCHANGE_SIX)

    def keep_blind(self) -> None:
        """2 players: "I keep" my 9 cards, when it is the learner's word on the blind."""
        self._choice(PommeChoice.KEEP_BLIND)

    def exchange_blind(self) -> None:
        """2 players: "I exchange": the learner then gives up 3 cards (``to_give_up``)."""
        self._choice(PommeChoice.EXCHANGE_BLIND)

    def _choice(self, choice: PommeChoice) -> None:
        session = self.session
        if session is None:
            return
        if self.stage is Stage.LEARNER:
            self.learner_acts(choice)  # the engine's reason when it is not allowed
            return
        self.line = PommeLine(PommeLineKind.NOTHING, session.view(LEARNER_SEAT),
                              action=choice)
        self.listener()

    def _hint_at_once(self, view: PommeView) -> PommeLine | None:
        return PommeLine(PommeLineKind.COACH_OFF, view) if self.coach == "off" else None

    def _thinking(self, view: PommeView) -> PommeLine:
        return PommeLine(PommeLineKind.THINKING, view)

    def _hint_work(self, view: PommeView) -> Callable[[], PommeAdvice | None]:
        assess = self.assess

        def hint() -> PommeAdvice | None:
            if len(view.legal_actions) < 2:
                return None
            found = assess(view)
            return pomme_advise(view, found) if found else None
        return hint

    def _hint_line(self, view: PommeView,
                   hint: PommeAdvice | None) -> tuple[PommeLine, Card | None]:
        if hint is None:
            return (PommeLine(PommeLineKind.ONE_CHOICE, view, action=view.legal_actions[0]),
                    None)
        return (PommeLine(PommeLineKind.HINT, view, hint=hint),
                hint.action if isinstance(hint.action, Card) else None)

    # --- rounds and the end -----------------------------------------------------------------

    def _leave_round(self) -> None:
        super()._leave_round()
        self.ended = None

    def _record_finished(self, session: PommeSession) -> None:
        """The game is over: its saved copy goes (Pomme is not in the statistics)."""
        self.scored = self.last_scored()
        saved = self.store.current()
        if saved is not None and saved.game_id == session.game_id:
            self.store.discard_current()
        if not session.game_is_over:  # the guided game's last round: not the next deal
            self._end_log_at_last_score()

    def _reviewed(self, session: PommeSession, number: int, found: list[PommeReview]) -> None:
        if self.keep is not None:
            positions = kept_pomme_mistakes(session.game_id, found)
            if positions:
                self.keep(positions)

    # --- saving -----------------------------------------------------------------------------

    def _save(self) -> None:
        session = self.session
        if session is not None and not session.is_over and session.has_learner:
            self.store.save_current(session.game_id, session.events, seats=session.seats,
                                    rules=self.rules, options=self.options())

    # --- the review, the par and the guided game (issue 32) -------------------------------------

    def options(self) -> dict[str, object]:
        """What is saved beside the game: the coach level, whether it is the guided game, and
        the par of the rounds computed so far (``RoundPar.row()``)."""
        return {"coach": self.coach, "guided": self.guided, "pars": saved_rows(self.pars)}

    def decisions(self, round_number: int) -> list[PommeDecision]:
        """The learner's decisions of round ``round_number`` (the 6, the aside, the cards)."""
        if self.session is None:
            return []
        return pomme_decisions_of(self.session.events, self.session.seats, round_number)

    def _decision_line(self, view: PommeView) -> PommeLine | None:
        return PommeLine(PommeLineKind.GUIDE, view) if self.guided else None

    def _review_work(self, session: PommeSession,
                     number: int) -> Callable[[], list[PommeReview]]:
        events, seats = session.events, session.seats  # the replay is the job's
        assess = self.assess  # the hint's and the warning's: the review never contradicts them
        return lambda: pomme_review(pomme_decisions_of(events, seats, number), assess)

    def _end_log_at_last_score(self) -> None:
        """The log ends at the last round's result (the engine dealt the next round)."""
        last = max(i for i, e in enumerate(self.log) if isinstance(e, PommeRoundScored))
        del self.log[last + 1:]


def _before_last_card(events: Sequence[Event]) -> PommeView | None:
    """The learner's view before the last card of the events' last scored round."""
    last = max((i for i, e in enumerate(events) if isinstance(e, CardPlayed)), default=-1)
    if last < 0:
        return None
    return PommeGame.from_events(events[:last]).view(LEARNER_SEAT)


def is_pomme_phase_choice(view: PommeView) -> bool:
    """Whether the decision at ``view`` is a choice, not a card: the trump 6's (exchange or
    keep), or with 2 players the blind's (keep or exchange)."""
    return view.phase is PommePhase.EXCHANGE or view.phase is PommePhase.BLIND


# --- the review, the par and the guided game (issue 32) -----------------------------------------

#: The guided first game of Pomme: three rounds (at a table of three, each player deals once),
#: or fewer when the game's own end (+7, or −3 / −5) comes first.
GUIDED_POMME_ROUNDS = 3


class GuidedPommeSession(PommeSession):
    """The guided first game: over after ``GUIDED_POMME_ROUNDS`` rounds, or at the game's end."""

    @property
    def is_over(self) -> bool:
        return self.game.is_over or self.game.round >= GUIDED_POMME_ROUNDS


#: One decision of the learner at the Pomme table (trick 0: the trump 6's exchange).
PommeDecision = Decision[PommeView, PommeAction]


@dataclasses.dataclass(frozen=True)
class PommeReview(DecisionReview[PommeView, PommeAction, PommeAdvice]):
    """The Pomme coach's word on one decision, with the learner's choice beside it; a mistake
    gives away the Pomme coach's threshold or more (``is_pomme_mistake``)."""

    @property
    def is_mistake(self) -> bool:
        return is_pomme_mistake(self.lost)


def pomme_decisions_of(events: Sequence[Event], seats: Sequence[str],
                       round_number: int | None = None) -> list[PommeDecision]:
    """The learner's decisions in ``events`` (of one round, or all): the trump 6's exchange,
    the aside, the cards, each with the view it was made in (a replay: off the UI thread)."""
    if LEARNER not in seats:
        return []
    seat = list(seats).index(LEARNER)
    found = []
    for game, action in PommeGame.replay(events):
        if game.current_player != seat or (round_number is not None and
                                           game.round != round_number):
            continue
        view = game.view(seat)
        trick = 0 if view.phase is PommePhase.EXCHANGE else len(view.tricks) + 1
        found.append(PommeDecision(view.round, trick, view, action))
    return found


def kept_pomme_mistakes(game_id: str, reviews: Sequence[PommeReview]) -> list[KeptPosition]:
    """The positions of the decisions ``reviews`` (of one round, in order) marks as mistakes,
    as the learner saw them, each with its step within its trick (the trump 6's, the aside's,
    the blind's and the cards given up come before the first card)."""
    found = []
    steps: dict[int, int] = {}
    for review in reviews:
        decision = review.decision
        step = steps.get(decision.trick, 0)
        steps[decision.trick] = step + 1
        if review.is_mistake:
            found.append(kept_pomme_position(game_id, decision.round, decision.trick, step,
                                             decision.view, decision.action,
                                             review.advice.action, review.lost,
                                             review.lost_error))
    return found


def pomme_review(decisions: Sequence[PommeDecision],
                 assess: Callable[[PommeView], list[PommeAssessment]]) -> list[PommeReview]:
    """The Pomme coach's review of ``decisions`` in the order they were made (a decision with a
    single choice is left out), by ``assess`` (the table's: the hint's and the warning's
    search). Slow (a search per decision): run it in the background."""
    reviews = []
    for decision in decisions:
        found = assess(decision.view)
        if len(found) >= 2:
            reviews.append(PommeReview(decision, pomme_advise(decision.view, found,
                                                              decision.action)))
    return reviews


__all__ = ["FAST_POMME_BUDGET", "POMME_SEATS", "BotMaker", "PommeBot", "PommeLine", "PommeLineKind",
           "PommeSession", "PommeTable", "is_pomme_phase_choice"]
__all__ += ["GUIDED_POMME_ROUNDS", "GuidedPommeSession", "PommeDecision", "PommeReview",
            "is_pomme_mistake", "kept_pomme_mistakes", "pomme_decisions_of", "pomme_review"]
