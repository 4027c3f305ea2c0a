"""The figures of the Progress page, computed from the progress record (no Qt).

Every figure comes from the progress database and the content loaded:

* **Lessons** done out of all, and where to continue: the first lesson not complete, at the
  screen of its first exercise not yet answered right (its first screen if none was answered).
* **Puzzles solved** (answered right at least once), by kind and by theme, out of those loaded.
* **The puzzle rating over time**: the rating before the first rated answer, then the rating
  after each rated one. An answer that left the rating as it was (an unrated retry, say) is not
  a point of the line.
* **Days practised in a row**: a day counts when the learner answered a lesson exercise or a
  puzzle, or finished a round of a game at the Play page, that day, in the learner's local
  time zone. The run ends today, or yesterday while today has no practice yet: a run is not
  lost before the day is over.
* **The daily goal**, ``steps`` lesson steps *or* ``puzzles`` puzzles *or* ``games`` games
  finished (played to their last round) at the Play page on the local day. A lesson
  step is a lesson exercise answered right that day, each exercise counted once a day (doing the
  same exercise again does not count twice); a puzzle is one answered that day, right or wrong,
  each counted once a day.
* **The puzzle of the day**, the same for every learner on a date: see ``puzzle_of_the_day``.
  It is drawn from the puzzles of difficulty 3 at most (from all of them if there are none).
* The best and the current run of right puzzle answers (``Progress.best_streak``, ``streak``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from tutor.content import THEMES, Kind, Lesson, Puzzle
from tutor.progress import choose
from tutor.progress.record import Attempt, Progress

DAILY_MAX_DIFFICULTY = 3


@dataclass(frozen=True)
class Goal:
    """A daily goal: ``steps`` lesson steps or ``puzzles`` puzzles or ``games`` games."""

    steps: int
    puzzles: int
    games: int = 1

    @property
    def key(self) -> str:
        """How the goal is kept in the settings: ``"1/10"`` (one game, as every goal offers),
        ``"1/10/2"`` otherwise; a goal saved before games counted reads as one game."""
        return f"{self.steps}/{self.puzzles}" + (f"/{self.games}" if self.games != 1 else "")


GOALS: tuple[Goal, ...] = (Goal(1, 5), Goal(1, 10), Goal(2, 20), Goal(3, 30))
DEFAULT_GOAL = Goal(1, 10)


def goal_from_key(key: object) -> Goal:
    """The goal saved as ``key``; the default for anything else (a missing or stale value)."""
    return next((goal for goal in GOALS if goal.key == str(key)), DEFAULT_GOAL)


@dataclass(frozen=True)
class Tally:
    """Puzzles solved out of those loaded, for one kind (its value) or one theme (its key)."""

    key: str
    solved: int
    total: int


@dataclass(frozen=True)
class RatingPoint:
    time: datetime  # aware, UTC: the answer that set this rating (the first answer for the start)
    value: float


@dataclass(frozen=True)
class RatingHistory:
    """The learner's puzzle rating: where it started, then after each rated answer."""

    points: tuple[RatingPoint, ...]  # empty until the first rated answer

    @property
    def rated(self) -> int:
        """The number of rated answers."""
        return max(0, len(self.points) - 1)

    @property
    def start(self) -> float:
        return self.points[0].value

    @property
    def now(self) -> float:
        return self.points[-1].value

    @property
    def lowest(self) -> float:
        return min(point.value for point in self.points)

    @property
    def highest(self) -> float:
        return max(point.value for point in self.points)


@dataclass(frozen=True)
class Overview:
    """Every figure of the Progress page (see the module doc for what each one counts)."""

    lessons_done: int
    lessons_total: int
    next_lesson: str | None  # the id of the first lesson not complete; None when all are
    next_position: int  # the screen of that lesson to open (LearnPage.open_lesson)
    puzzles_solved: int
    puzzles_total: int
    by_kind: tuple[Tally, ...]  # every kind with puzzles, in the order of ``Kind``
    by_theme: tuple[Tally, ...]  # every theme with puzzles, in the order of ``THEMES``
    rating: RatingHistory
    rating_now: float  # the current rating (the start value before any rated answer)
    days_in_a_row: int
    practised_today: bool
    goal: Goal
    steps_today: int
    puzzles_today: int
    games_today: int  # games finished today at the Play page
    daily_puzzle: str | None  # None when no puzzle is loaded or none is prepared yet
    daily_solved: bool  # the puzzle of the day was answered right today
    streak: int
    best_streak: int

    @property
    def goal_met(self) -> bool:
        return (self.steps_today >= self.goal.steps or self.puzzles_today >= self.goal.puzzles
                or self.games_today >= self.goal.games)

    @property
    def goal_fraction(self) -> float:
        """How far today's practice is toward the goal, from 0 to 1 (the nearest of the
        three)."""
        return min(1.0, max(self.steps_today / self.goal.steps,
                            self.puzzles_today / self.goal.puzzles,
                            self.games_today / self.goal.games))


def overview(progress: Progress, lessons: Sequence[Lesson], puzzles: Sequence[Puzzle],
             goal: Goal = DEFAULT_GOAL, *, tz: tzinfo | None = None) -> Overview:
    """The figures of the Progress page now (``progress.now()``), with days counted in ``tz``
    (``None``: the computer's local time zone)."""
    now = progress.now()
    today = local_day(now, tz)
    start, end = day_bounds(today, tz)
    completed = progress.completed_lessons()
    solved = progress.solved_puzzles()
    following = next((lesson for lesson in lessons if lesson.id not in completed), None)
    days = {local_day(moment, tz) for moment in progress.practice_times()}
    daily = daily_puzzle(puzzles, today, prepared(lessons, completed))
    return Overview(
        lessons_done=sum(lesson.id in completed for lesson in lessons),
        lessons_total=len(lessons),
        next_lesson=following.id if following else None,
        next_position=(resume_position(following, progress.exercises_done(following.id))
                       if following else 0),
        puzzles_solved=sum(puzzle.id in solved for puzzle in puzzles),
        puzzles_total=len(puzzles),
        by_kind=tallies([(p.kind.value,) for p in puzzles], [p.id in solved for p in puzzles],
                        [kind.value for kind in Kind]),
        by_theme=tallies([p.themes for p in puzzles], [p.id in solved for p in puzzles],
                         [theme.key for theme in THEMES]),
        rating=rating_history(progress.attempts()),
        rating_now=progress.rating().value,
        days_in_a_row=days_in_a_row(days, today),
        practised_today=today in days,
        goal=goal,
        steps_today=progress.lesson_steps_between(start, end),
        puzzles_today=progress.puzzles_between(start, end),
        games_today=progress.games_between(start, end),
        daily_puzzle=daily.id if daily else None,
        daily_solved=daily is not None and any(
            a.correct and a.rated and start <= a.time < end
            for a in progress.attempts(daily.id)),
        streak=progress.streak(),
        best_streak=progress.best_streak(),
    )


def local_day(moment: datetime, tz: tzinfo | None = None) -> date:
    """The date of ``moment`` (aware) in ``tz`` (``None``: the computer's local time zone)."""
    return moment.astimezone(tz).date()


def day_bounds(day: date, tz: tzinfo | None = None) -> tuple[datetime, datetime]:
    """The first moment of ``day`` and of the day after, in ``tz`` (``None``: local)."""

    def midnight(of: date) -> datetime:
        naive = datetime.combine(of, time())
        return naive.astimezone() if tz is None else naive.replace(tzinfo=tz)

    return midnight(day), midnight(day + timedelta(days=1))


def days_in_a_row(days: Iterable[date], today: date) -> int:
    """How many days in a row, up to today, are among ``days``; the run may end yesterday while
    today is not (yet) among them. Days after ``today`` are ignored.

    >>> d = date(2026, 3, 10)
    >>> days_in_a_row([d, d - timedelta(days=1), d - timedelta(days=3)], d)
    2
    >>> days_in_a_row([d - timedelta(days=1)], d), days_in_a_row([d - timedelta(days=2)], d)
    (1, 0)
    """
    practised = set(days)
    day = today if today in practised else today - timedelta(days=1)
    count = 0
    while day in practised:
        count += 1
        day -= timedelta(days=1)
    return count


def puzzle_of_the_day(ids: Iterable[str], day: date) -> str | None:
    """The puzzle of ``day`` among ``ids``: the same on every computer and in every process.

    The days are numbered (``date.toordinal``) and cut into cycles as long as the list: within a
    cycle every puzzle comes once, in an order given by the SHA-256 of the cycle number and the
    puzzle id (never Python's ``hash``, which changes from one process to the next).

    >>> puzzle_of_the_day(["a", "b", "c"], date(2026, 3, 10))
    'c'
    >>> puzzle_of_the_day([], date(2026, 3, 10)) is None
    True
    """
    pool = sorted(set(ids))
    if not pool:
        return None
    cycle, place = divmod(day.toordinal(), len(pool))
    order = sorted(pool, key=lambda puzzle_id: _digest(f"{cycle}:{puzzle_id}"))
    return order[place]


def prepared(lessons: Sequence[Lesson], completed: Iterable[str]) -> choose.Opening:
    """What the lessons in ``completed`` have prepared (``tutor.progress.choose.opening``)."""
    plans = [choose.LessonPlan(lesson.id, lesson.number,
                               frozenset((kind.value, theme) for kind, theme in lesson.prepares))
             for lesson in lessons]
    return choose.opening(plans, set(completed))


def daily_puzzle(puzzles: Sequence[Puzzle], day: date,
                 opened: choose.Opening | None = None) -> Puzzle | None:
    """The puzzle of ``day`` among those the learner's lessons have prepared (``opened``; all
    without it), of difficulty 3 at most (all of them if none is): the same for every learner
    at the same stage of the course on a date. ``None`` while no lesson has prepared any."""
    ready = [p for p in puzzles
             if opened is None or opened.admits(p.kind.value, p.themes)]
    easy = [p for p in ready if p.difficulty <= DAILY_MAX_DIFFICULTY] or ready
    chosen = puzzle_of_the_day((p.id for p in easy), day)
    return next((p for p in easy if p.id == chosen), None)


def resume_position(lesson: Lesson, done: set[int]) -> int:
    """The screen of ``lesson`` to continue at: that of its first exercise not answered right,
    or its first screen when none was (screens as ``tutor.ui.pages.lesson_steps.screens_of`` counts
    them: one per step without exercises, one per exercise)."""
    if not done:
        return 0
    screen = exercise = 0
    for step in lesson.steps:
        if not step.exercises:
            screen += 1
        for _exercise in step.exercises:
            if exercise not in done:
                return screen
            screen += 1
            exercise += 1
    return 0


def tallies(keys: Sequence[Iterable[str]], solved: Sequence[bool],
            order: Sequence[str]) -> tuple[Tally, ...]:
    """Solved out of all per key, in ``order``, for the keys that have puzzles (a puzzle counts
    once under each of its ``keys``)."""
    totals = dict.fromkeys(order, 0)
    done = dict.fromkeys(order, 0)
    for puzzle_keys, right in zip(keys, solved, strict=True):
        for key in puzzle_keys:
            totals[key] = totals.get(key, 0) + 1
            done[key] = done.get(key, 0) + int(right)
    return tuple(Tally(key, done[key], total) for key, total in totals.items() if total)


def rating_history(attempts: Iterable[Attempt]) -> RatingHistory:
    """The rating before the first rated answer, then after each one, from ``attempts`` oldest
    first (a retry, an answer after the solution or after a hint was not rated: skipped)."""
    rated = [a for a in attempts if a.rated]
    if not rated:
        return RatingHistory(())
    first = rated[0]
    start = RatingPoint(first.time, first.rating_after - first.rating_delta)
    return RatingHistory((start, *(RatingPoint(a.time, a.rating_after) for a in rated)))


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()
