"""The review and the par of every round, for the table of any game (no Qt; issue 32, item 2;
issue 34, item 3).

When a round is scored, the table lets the coach review the learner's decisions of it in the
background; the round's par is that review summed (``engine.par.RoundPar``: the points the
learner's choices gave away against the expert's, each measured over the same deals, with its
standard error), shown when the review lands. At the last card every round not yet reviewed is,
then the game's mistakes are counted. Reviews and pars land in the book of the game they belong
to even when a new game has replaced it meanwhile; only the game in hand is redrawn. A review
that failed is not asked for again (``review_failed``), and its round has no par. Each job runs
through the table's ``Runner``; a failure only says so.

A game's table (``tutor.table.controller.Table``, ``tutor.table.pomme.PommeTable``) subclasses
:class:`ReviewedFlow` and gives what is its own: the event that scores a round, which rounds
have a par, the work of its review (its coach, its threshold), and what it records of a
finished game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine import RoundPar
from tutor.jobs import Failure, Job
from tutor.table.flow import GameSession, Stage, TableFlow

V = TypeVar("V")
A = TypeVar("A")


@dataclasses.dataclass(frozen=True)
class Decision(Generic[V, A]):
    """One decision of the learner, as the coach will review it: its round, its trick (1 to
    the last; 0 for a decision before the first trick: Chibre's trump, Pomme's 6), the view it
    was made in and the action chosen."""

    round: int
    trick: int
    view: V
    action: A


class _Advice(Protocol):
    """What a review asks of a game's advice on one decision."""

    @property
    def lost(self) -> float: ...

    @property
    def lost_error(self) -> float: ...

    @property
    def is_learners(self) -> bool: ...


AD = TypeVar("AD", bound=_Advice)


@dataclasses.dataclass(frozen=True)
class DecisionReview(Generic[V, A, AD]):
    """The coach's word on one decision of the learner, of any game: its ``advice``, with the
    learner's choice beside it. Each game says what is a mistake (its coach's threshold)."""

    decision: Decision[V, A]
    advice: AD

    @property
    def lost(self) -> float:
        """What the choice gave away against the coach's (0 when the same)."""
        return self.advice.lost if self.advice.is_learners else 0.0

    @property
    def lost_error(self) -> float:
        """One standard error of ``lost``, over the deals the coach searched."""
        return self.advice.lost_error if self.advice.is_learners else 0.0

    @property
    def is_mistake(self) -> bool:
        raise NotImplementedError


class Reviewed(Protocol):
    """What the book asks of a game's review of one decision."""

    @property
    def is_mistake(self) -> bool: ...

    @property
    def lost(self) -> float: ...

    @property
    def lost_error(self) -> float: ...


class Scored(Protocol):
    """What the table asks of the event that scores a round."""

    @property
    def round(self) -> int: ...


RV = TypeVar("RV", bound=Reviewed)
S = TypeVar("S", bound=GameSession)
L = TypeVar("L")
T = TypeVar("T")
R = TypeVar("R", bound=Scored)


@dataclasses.dataclass
class ReviewBook(Generic[RV]):
    """The coach's reviews of one game's rounds: those done, those on their way (with what
    waits for each), those that failed (not asked for again by ``review_of``)."""

    done: dict[int, list[RV]] = dataclasses.field(default_factory=dict)
    pars: dict[int, RoundPar] = dataclasses.field(default_factory=dict)  # from the reviews
    waiting: dict[int, list[Callable[[], None]]] = dataclasses.field(default_factory=dict)
    failed: dict[int, Failure] = dataclasses.field(default_factory=dict)


def saved_pars(saved: object) -> dict[int, RoundPar]:
    """The pars saved with a game (a list of ``RoundPar.row()``), by round (the last one saved
    for a round); what is unreadable, or saved by the replay par of before (rows of another
    width), is left out: its round is reviewed again."""
    rows: dict[int, RoundPar] = {}
    for item in saved if isinstance(saved, list) else ():
        if isinstance(item, list) and len(item) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in item):
            rows[item[0]] = RoundPar.from_row(item)
    return {r: rows[r] for r in sorted(rows)}


def saved_rows(pars: dict[int, RoundPar]) -> list[list[int]]:
    """``pars`` as a game saves them (``saved_pars`` reads them back)."""
    return [list(pars[r].row()) for r in sorted(pars)]


def par_total(pars: dict[int, RoundPar]) -> tuple[int, int]:
    """The sum of ``pars`` and how many rounds it is over."""
    return sum(p.par for p in pars.values()), len(pars)


class ReviewedFlow(TableFlow[S, L, T, R], Generic[S, L, T, R, RV]):
    """A table whose rounds get a review and a par (see the module text): ``RV`` a game's
    review of one decision."""

    #: the event that scores a round (``RoundScored``, ``PommeRoundScored``)
    SCORED: type[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._book: ReviewBook[RV] = ReviewBook()
        self.reviews: dict[int, list[RV]] = self._book.done
        self.pars: dict[int, RoundPar] = self._book.pars

    # --- what each game gives -----------------------------------------------------------------

    def _has_par(self, scored: R) -> bool:
        """Whether the round ``scored`` has a par (it was played out)."""
        return True

    def _review_work(self, session: S, number: int) -> Callable[[], list[RV]]:
        """The work of the review of round ``number`` of ``session``'s game, made now (it keeps
        what it needs) and run on the runner's thread."""
        raise NotImplementedError

    def _record_par(self, session: S, pars: dict[int, RoundPar]) -> None:
        """A par landed after the game ``session`` was over: record it as the game keeps its
        games (nothing by default)."""

    def _finish(self) -> None:
        """The game is over: the table says so, the game records itself as it keeps its games
        (``_record_finished``), then every round is reviewed (each with its par)."""
        session = self.session
        assert session is not None
        self.stage = Stage.OVER
        self._clear_decision()
        self._record_finished(session)
        self.listener()
        if session.has_learner:
            self._review_game(session)

    def _record_finished(self, session: S) -> None:
        """Record the game ``session``, just over, as the game keeps its games."""
        raise NotImplementedError

    def _record_mistakes(self, session: S, mistakes: list[RV]) -> None:
        """Every round of the finished game ``session`` is reviewed: record its ``mistakes``
        (nothing by default)."""

    def _reviewed(self, session: S, number: int, found: list[RV]) -> None:
        """The review of round ``number`` of ``session``'s game is ready, before its par is
        saved with the game (so a crash in between reviews it again): keep what the game keeps
        of it, such as the positions of its mistakes (nothing by default)."""

    # --- reading ----------------------------------------------------------------------------

    def last_scored(self) -> R | None:
        """The last round scored of the game at the table."""
        if self.session is None:
            return None
        found: R | None = next((e for e in reversed(self.session.events)
                                if isinstance(e, self.SCORED)), None)
        return found

    def review_of(self, number: int) -> list[RV] | None:
        """The review of round ``number``; None while it is not there, asking for it if it
        is not on its way yet and has not failed (``review_failed``)."""
        if number not in self.reviews:
            if number not in self._book.failed:
                self._review_round(number)
            return None
        return self.reviews[number]

    def review_failed(self, number: int) -> Failure | None:
        """Why the review of round ``number`` of the game at the table failed, if it did."""
        return self._book.failed.get(number)

    def par_pending(self, number: int) -> bool:
        """Whether the par of round ``number`` is on its way: the learner played the round, it
        has a par (played out), and its review has neither landed nor failed."""
        session = self.session
        return (session is not None and session.has_learner and number not in self.pars
                and number not in self._book.failed and number in self._par_rounds(session))

    def par_total(self) -> tuple[int, int]:
        """The par of the game so far: the sum over the rounds that have one, and their count."""
        return par_total(self.pars)

    # --- a new game -------------------------------------------------------------------------

    def _new_book(self, pars: dict[int, RoundPar]) -> None:
        """A game comes to the table: no review yet, the pars it was saved with."""
        self._book = ReviewBook(pars=pars)
        self.reviews = self._book.done
        self.pars = self._book.pars

    def _resume_pars(self, shown: R | None) -> None:
        """The pars a crash or a closed app cut short: their rounds reviewed again (that of the
        round ``shown``, whose result is on show, first)."""
        session = self.session
        if session is None or not session.has_learner:
            return
        first = [shown.round] if shown is not None else []
        missing = [n for n in self._par_rounds(session) if n not in self.pars and n not in first]
        self._review_rounds(session, self._book, self.generation, first + missing, lambda: None)

    def _par_rounds(self, session: S) -> list[int]:
        """The rounds of ``session``'s game that have a par (scored, and played out)."""
        return [e.round for e in session.events
                if isinstance(e, self.SCORED) and self._has_par(e)]

    # --- a round scored, the game over ------------------------------------------------------

    def _go_on(self, trick_won: bool, scored: R | None) -> None:
        """After an action: the game's end, the round's end, a trick just won shown for a
        pause (longer in the guided game), or the next decision."""
        session = self.session
        assert session is not None
        if session.is_over:
            self._finish()
            return
        if scored is not None:
            self._round_over(scored)
            return
        if trick_won:
            self.stage = Stage.TRICK
            self.listener()
            generation = self.generation
            pause = self.pauses.guided_trick if self.guided else self.pauses.trick
            self.runner.later(pause, lambda: self._after_trick(generation))
            return
        self._advance()

    def _round_over(self, scored: R) -> None:
        """A round is scored: the table shows it, its review (and so its par) is asked for,
        and a watched game goes on by itself."""
        self.stage = Stage.ROUND_OVER
        self.scored = scored
        self._clear_decision()
        self.listener()
        self._review_round(scored.round)
        if self.watch:
            self._watch_next_round()

    def _review_game(self, session: S) -> None:
        """The game ``session`` is over: every round reviewed (each with its par) and its
        mistakes recorded."""
        self._review_all(session)()

    def _review_round(self, number: int) -> None:
        """Let the coach review the learner's decisions of round ``number`` in the background."""
        session = self.session
        if session is not None and session.has_learner:
            self._review_rounds(session, self._book, self.generation, [number], lambda: None)

    def _review_all(self, session: S) -> Callable[[], None]:
        """What reviews every round of the finished game ``session`` (the one at the table
        now), then counts its mistakes in the record (also when a new game has replaced it
        before the review was ready)."""
        rounds = sorted({e.round for e in session.events if isinstance(e, self.SCORED)})
        book = self._book
        generation = self.generation

        def count() -> None:
            mistakes = [r for n in rounds for r in book.done.get(n, []) if r.is_mistake]
            self._record_mistakes(session, mistakes)
            if generation == self.generation:
                self.listener()

        return lambda: self._review_rounds(session, book, generation, rounds, count)

    def _review_rounds(self, session: S, book: ReviewBook[RV], generation: int,
                       rounds: Sequence[int], then: Callable[[], None]) -> None:
        """Review those of ``rounds`` that ``book`` (of ``session``'s game) lacks, one after
        the other, then ``then``; a round whose review is on its way is waited for, not asked
        for twice. The reviews land in that game's book even when a new game has replaced it
        meanwhile; only the game in hand is redrawn. A failure stops it (the game's mistakes
        stay unknown)."""
        rest = [n for n in rounds if n not in book.done]
        if not rest:
            then()
            return
        number = rest[0]
        if number in book.failed:
            return

        def go_on() -> None:
            self._review_rounds(session, book, generation, rest[1:], then)

        if number in book.waiting:
            book.waiting[number].append(go_on)
            return
        book.waiting[number] = [go_on]

        has_par = number in self._par_rounds(session)

        def done(found: list[RV]) -> None:
            self._reviewed(session, number, found)
            book.done[number] = found
            if has_par:
                book.pars[number] = RoundPar.of(number, ((r.lost, r.lost_error) for r in found))
                if session.is_over:
                    self._record_par(session, book.pars)
                elif generation == self.generation:
                    self._save()
            waiting = book.waiting.pop(number, [])
            if generation == self.generation:
                self.listener()
            for step in waiting:
                step()

        def failed(failure: Failure) -> None:
            book.waiting.pop(number, None)
            book.failed[number] = failure
            self._failed(generation, failure, blocking=False)

        self.runner.run(Job(f"review:{number}", self._review_work(session, number), done,
                            failed))


__all__ = ["Decision", "DecisionReview", "ReviewBook", "Reviewed", "ReviewedFlow", "Scored",
           "par_total", "saved_pars", "saved_rows"]
