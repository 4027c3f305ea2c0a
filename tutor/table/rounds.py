"""The review and the par of every round, for the table of any game (no Qt; issue 32, item 2).

When a round is scored, the table first lets the expert replay it in the learner's seat (the
par, shown at once), then lets the coach review the learner's decisions of it (shown when the
learner opens it: two searches at once would each take longer). At the last card every round
not yet reviewed is, then the game's mistakes are counted. Reviews and pars land in the book of
the game they belong to even when a new game has replaced it meanwhile; only the game in hand is
redrawn. A review that failed is not asked for again (``review_failed``); a par that failed is
in ``par_failures``. Each job runs through the table's ``Runner``; a failure only says so.

A game's table (``tutor.table.controller.Table``, ``tutor.table.pomme.PommeTable``) subclasses
:class:`ReviewedFlow` and gives what is its own: the event that scores a round, which rounds
have a par, the work of its review (its coach, its threshold) and of its par (its expert's
replay), and what it records of a finished game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

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


class Reviewed(Protocol):
    """What the book asks of a game's review of one decision."""

    @property
    def is_mistake(self) -> bool: ...


class Par(Protocol):
    """What the table asks of a game's par of one round."""

    @property
    def round(self) -> int: ...

    @property
    def par(self) -> int: ...


class Scored(Protocol):
    """What the table asks of the event that scores a round."""

    @property
    def round(self) -> int: ...


RV = TypeVar("RV", bound=Reviewed)
P = TypeVar("P", bound=Par)
S = TypeVar("S", bound=GameSession)
L = TypeVar("L")
T = TypeVar("T")
R = TypeVar("R", bound=Scored)


@dataclasses.dataclass
class ReviewBook(Generic[RV]):
    """The coach's reviews of one game's rounds: those done, those on their way (with what
    waits for each), those that failed (not asked for again by ``review_of``)."""

    done: dict[int, list[RV]] = dataclasses.field(default_factory=dict)
    waiting: dict[int, list[Callable[[], None]]] = dataclasses.field(default_factory=dict)
    failed: dict[int, Failure] = dataclasses.field(default_factory=dict)


def saved_rows(saved: object, width: int) -> tuple[tuple[int, ...], ...]:
    """The pars saved with a game (a list of rows of ``width`` whole numbers, the round first),
    one a round (the last one saved), by round; what is unreadable is left out."""
    rows: dict[int, tuple[int, ...]] = {}
    for item in saved if isinstance(saved, list) else ():
        if isinstance(item, list) and len(item) == width and all(
                isinstance(v, int) and not isinstance(v, bool) for v in item) and item[0] >= 0:
            rows[item[0]] = tuple(item)
    return tuple(rows[r] for r in sorted(rows))


def par_total(pars: dict[int, Any]) -> tuple[int, int]:
    """The sum of ``pars`` and how many rounds it is over."""
    return sum(p.par for p in pars.values()), len(pars)


class ReviewedFlow(TableFlow[S, L, T, R], Generic[S, L, T, R, RV, P]):
    """A table whose rounds get a par and a review (see the module text): ``RV`` a game's
    review of one decision, ``P`` its par of one round."""

    #: the event that scores a round (``RoundScored``, ``PommeRoundScored``)
    SCORED: type[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._book: ReviewBook[RV] = ReviewBook()
        self.reviews: dict[int, list[RV]] = self._book.done
        self.pars: dict[int, P] = {}
        self.par_failures: dict[int, Failure] = {}  # rounds whose par failed (not on its way)

    # --- what each game gives -----------------------------------------------------------------

    def _has_par(self, scored: R) -> bool:
        """Whether the round ``scored`` has a par (it was played out)."""
        return True

    def _review_work(self, session: S, number: int) -> Callable[[], list[RV]]:
        """The work of the review of round ``number`` of ``session``'s game, made now (it keeps
        what it needs) and run on the runner's thread."""
        raise NotImplementedError

    def _par_work(self, session: S, number: int) -> Callable[[], P | None]:
        """The work of the par of round ``number``, made now and run on the runner's thread."""
        raise NotImplementedError

    def _record_par(self, session: S, pars: dict[int, P]) -> None:
        """A par landed after the game ``session`` was over: record it as the game keeps its
        games (nothing by default)."""

    def _record_mistakes(self, session: S, mistakes: int) -> None:
        """Every round of the finished game ``session`` is reviewed: record its mistakes
        (nothing by default)."""

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

    def par_total(self) -> tuple[int, int]:
        """The par of the game so far: the sum over the rounds that have one, and their count."""
        return par_total(self.pars)

    # --- a new game -------------------------------------------------------------------------

    def _new_book(self, pars: dict[int, P]) -> None:
        """A game comes to the table: no review yet, the pars it was saved with."""
        self._book = ReviewBook()
        self.reviews = self._book.done
        self.pars = pars
        self.par_failures = {}

    def _resume_pars(self, shown: R | None) -> None:
        """The pars a crash or a closed app cut short, asked for again (but that of the round
        ``shown``, whose result is on show: its par is on its way already)."""
        session = self.session
        if session is None or not session.has_learner:
            return
        skip = shown.round if shown is not None else None
        for number in self._par_rounds():
            if number not in self.pars and number != skip:
                self._par(number)

    def _par_rounds(self) -> list[int]:
        assert self.session is not None
        return [e.round for e in self.session.events
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
        """A round is scored: the table shows it, the par and then the review are asked for,
        and a watched game goes on by itself."""
        self.stage = Stage.ROUND_OVER
        self.scored = scored
        self._clear_decision()
        self.listener()
        self._par_then_review(scored.round)
        if self.watch:
            self._watch_next_round()

    def _par_then_review(self, number: int) -> None:
        """The par of round ``number`` first, its review after it (two searches at once would
        each take longer, and the par is shown at once; the review waits until the learner
        opens it)."""
        session, generation = self.session, self.generation
        if session is not None:
            book = self._book
            self._par(number, lambda: self._review_rounds(session, book, generation, [number],
                                                          lambda: None))

    def _review_game(self, session: S) -> None:
        """The game ``session`` is over: the par of its last round, then every round reviewed
        and its mistakes recorded."""
        last = self.last_scored()
        review_all = self._review_all(session)
        if last is not None:
            self._par(last.round, review_all)
        else:
            review_all()

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
            mistakes = sum(r.is_mistake for n in rounds for r in book.done.get(n, []))
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

        def done(found: list[RV]) -> None:
            book.done[number] = found
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

    def _par(self, number: int, then: Callable[[], None] = lambda: None) -> None:
        """The round replayed with the expert in the learner's seat, in the background, then
        ``then`` (also when there is no par to compute, or it failed); a finished game gets
        the par in its record even when a new game has replaced it meanwhile."""
        session = self.session
        pars = self.pars
        if session is None or not session.has_learner or number in pars:
            then()
            return
        generation = self.generation

        def done(par: P | None) -> None:
            if par is not None:
                pars[number] = par
                if session.is_over:
                    self._record_par(session, pars)
                elif generation == self.generation:
                    self._save()
                if generation == self.generation:
                    self.listener()
            then()

        failures = self.par_failures

        def failed(failure: Failure) -> None:
            failures[number] = failure
            self._failed(generation, failure, blocking=False)
            then()

        self.runner.run(Job(f"par:{number}", self._par_work(session, number), done, failed))


__all__ = ["Decision", "Par", "ReviewBook", "Reviewed", "ReviewedFlow", "Scored", "par_total",
           "saved_rows"]
