"""``Progress``: the learner's record — lessons, puzzle attempts, ratings, reviews."""

from __future__ import annotations

import math
import random
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tutor.i18n import _
from tutor.progress import choose, glicko, schedule, store
from tutor.progress.glicko import Rating
from tutor.progress.kept import KeptError, KeptPosition
from tutor.progress.paths import data_dir
from tutor.vocab import LEARNER  # the learner's row in ``ratings``; puzzles are "puzzle:<id>"

FILE_NAME = "progress.sqlite3"


@dataclass(frozen=True)
class PuzzleRef:
    """What the record needs to know of a puzzle."""

    id: str
    themes: tuple[str, ...]
    difficulty: int


@dataclass(frozen=True)
class Attempt:
    """One answer to one puzzle, as stored."""

    time: datetime  # aware, UTC
    puzzle_id: str
    answer: str
    correct: bool
    seconds: float
    rating_delta: float  # the learner's rating change (0 when not rated)
    rating_after: float
    rated: bool = True  # False: a retry, or an answer after the solution or a hint was shown


@dataclass(frozen=True)
class AttemptResult:
    """What one answer changed."""

    correct: bool
    rating_before: Rating
    rating_after: Rating
    puzzle_rating_after: Rating
    streak: int
    next_review: datetime | None  # when the puzzle comes back; None = not in the review queue
    rated: bool = True


@dataclass(frozen=True)
class ReviewQueue:
    """The review queue at a moment: how many are due, how many wait, and when the next of
    those falls due (``None`` when none waits)."""

    due: int
    later: int
    next_at: datetime | None


@dataclass(frozen=True)
class KeptItem:
    """A position kept from the learner's games, with its place in the review queue:
    ``verdict`` is 'new' until first re-dealt, then 'drill', 'close' (a close call, out of the
    queue) or 'mastered' (off the top of the ladder, out of the queue)."""

    position: KeptPosition
    kept_at: datetime
    slot: schedule.Slot
    verdict: str

    @property
    def in_queue(self) -> bool:
        return self.verdict in ("new", "drill")


@dataclass(frozen=True)
class DrillQueue:
    """The positions from the learner's games at a moment: due now, waiting (and when the next
    falls due), mastered, and set aside as close calls (the Progress page's figures)."""

    due: int
    later: int
    next_at: datetime | None
    mastered: int
    close: int


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


class Progress(store.Store):
    """The learner's record in SQLite (see ``tutor.progress.store`` for how it is kept safe).

    ``notice`` is ``None`` unless the file could not be used; then it says, in the learner's
    language, what happened: moved aside (``moved_to``) and a fresh one started, or left alone
    (busy, unreadable) with this session's record in memory. A write the file refuses later
    is a notice too, and is kept and retried (``Store._write``, ``pending``, ``retry``).
    """

    def __init__(
        self, path: Path | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self._clock = clock
        super().__init__(path if path is not None else data_dir() / FILE_NAME, clock(),
                         store.PROGRESS)

    def now(self) -> datetime:
        """The record's clock (the system's, or the one given for tests)."""
        return self._clock()

    # lessons

    def record_exercise(self, lesson_id: str, index: int, correct: bool) -> None:
        """Count one answer to exercise ``index`` of a lesson; remember the first right one."""
        moment = self._clock()
        now = store.encode_time(moment) if correct else None

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO exercises (lesson_id, idx, tries, correct_at) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (lesson_id, idx) DO UPDATE SET tries = tries + 1, "
                "correct_at = COALESCE(correct_at, excluded.correct_at)",
                (lesson_id, index, now),
            )
            _log_exercise(conn, lesson_id, index, correct, moment)

        self._write(_("Your answer to a lesson exercise"), work)

    def exercises_done(self, lesson_id: str) -> set[int]:
        """Indexes of the lesson's exercises answered correctly at least once."""
        rows = self._conn.execute(
            "SELECT idx FROM exercises WHERE lesson_id = ? AND correct_at IS NOT NULL",
            (lesson_id,),
        )
        return {int(row[0]) for row in rows}

    def complete_lesson(self, lesson_id: str) -> None:
        """Mark a lesson complete (the first completion time is kept)."""
        now = store.encode_time(self._clock())
        self._write(_("The lesson you completed"), lambda conn: conn.execute(
            "INSERT OR IGNORE INTO lessons (lesson_id, completed_at) VALUES (?, ?)",
            (lesson_id, now)))

    def completed_lessons(self) -> set[str]:
        """Ids of the lessons completed."""
        return {str(row[0]) for row in self._conn.execute("SELECT lesson_id FROM lessons")}

    # games at the Play page

    def record_round(self, game_id: str, number: int, *, last: bool = False) -> None:
        """Count round ``number`` of game ``game_id`` finished by the learner now (``last``: the
        round that ended the game). A round already counted is not counted again (a game
        resumed at a round's result shows that result a second time)."""
        now = store.encode_time(self._clock())
        self._write(_("The round you finished"), lambda conn: conn.execute(
            "INSERT INTO rounds_played (at, game_id, round, last) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, round) DO UPDATE SET last = MAX(last, excluded.last)",
            (now, game_id, number, int(last))))

    def games_between(self, start: datetime, end: datetime) -> int:
        """Games the learner finished (their last round) from ``start`` up to ``end``."""
        row = self._conn.execute(
            "SELECT COUNT(DISTINCT game_id) FROM rounds_played WHERE last = 1 "
            "AND at >= ? AND at < ?",
            (store.encode_time(start), store.encode_time(end)),
        ).fetchone()
        return int(row[0])

    # days practised and the daily goal (``tutor.progress.overview``)

    def practice_times(self) -> list[datetime]:
        """Every moment the learner answered a lesson exercise, a puzzle or a drill of a position
        from their games, or finished a round at the Play page (aware, UTC), oldest first."""
        rows = self._conn.execute(
            "SELECT at FROM exercise_answers UNION ALL SELECT at FROM attempts "
            "UNION ALL SELECT at FROM rounds_played UNION ALL SELECT at FROM drill_answers "
            "ORDER BY 1")
        return [store.decode_time(str(row[0])) for row in rows]

    def lesson_steps_between(self, start: datetime, end: datetime) -> int:
        """Lesson exercises answered right from ``start`` up to ``end``, each counted once."""
        row = self._conn.execute(
            "SELECT COUNT(*) FROM (SELECT DISTINCT lesson_id, idx FROM exercise_answers "
            "WHERE correct = 1 AND at >= ? AND at < ?)",
            (store.encode_time(start), store.encode_time(end)),
        ).fetchone()
        return int(row[0])

    def puzzles_between(self, start: datetime, end: datetime) -> int:
        """Puzzles answered, right or wrong, from ``start`` up to ``end``, each counted once;
        the drills of positions from the learner's games count as puzzles (issue 36)."""
        span = (store.encode_time(start), store.encode_time(end))
        row = self._conn.execute(
            "SELECT (SELECT COUNT(DISTINCT puzzle_id) FROM attempts WHERE at >= ? AND at < ?) "
            "+ (SELECT COUNT(*) FROM (SELECT DISTINCT game_id, round, trick, step "
            "FROM drill_answers WHERE at >= ? AND at < ?))", span + span).fetchone()
        return int(row[0])

    def has_practised(self) -> bool:
        """Whether the learner has answered anything yet (an exercise or a puzzle) or finished a
        round at the Play page."""
        row = self._conn.execute(
            "SELECT EXISTS (SELECT 1 FROM exercises) OR EXISTS (SELECT 1 FROM lessons) "
            "OR EXISTS (SELECT 1 FROM attempts) OR EXISTS (SELECT 1 FROM rounds_played) "
            "OR EXISTS (SELECT 1 FROM drill_answers)"
        ).fetchone()
        return bool(row[0])

    # puzzles

    def record_attempt(
        self, puzzle: PuzzleRef, answer: str, correct: bool, seconds: float, *,
        rated: bool = True,
    ) -> AttemptResult:
        """Store one answer; if ``rated``, update both ratings, the streak and the review queue.

        An unrated answer (a retry, an answer after the solution or a hint was shown, as on
        Lichess) is stored and nothing else changes: both ratings, the streak, the best streak,
        ``theme_stats``, ``solved_puzzles`` and the review schedule stay as they were.
        """
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"seconds must be a finite, non-negative number, not {seconds!r}")
        now = self._clock()
        # The answer is worked out from the record as it is, then written in one transaction;
        # if the file refuses it, it is kept as worked out and written later (``Store._write``).
        before, puzzle_before = self.rating(), self.puzzle_rating(puzzle)
        slot = self._slot(puzzle.id)
        streak = self.streak()
        after, puzzle_after = before, puzzle_before
        if rated:
            after, puzzle_after = glicko.play(before, puzzle_before, won=correct)
            slot = schedule.after_answer(slot, correct, now)
            streak = streak + 1 if correct else 0

        def work(conn: sqlite3.Connection) -> None:
            self._save_puzzle(conn, puzzle)
            conn.execute(
                "INSERT INTO attempts (at, puzzle_id, answer, correct, seconds, rating_before, "
                "rating_after, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (store.encode_time(now), puzzle.id, answer, int(correct), seconds,
                 before.value, after.value, int(rated)),
            )
            if rated:
                _save_rating(conn, LEARNER, after)
                _save_rating(conn, _puzzle_subject(puzzle.id), puzzle_after)
                _save_slot(conn, puzzle.id, slot)

        self._write(_("Your answer to a puzzle"), work)
        return AttemptResult(correct, before, after, puzzle_after, streak,
                             slot.due if slot else None, rated)

    def rating(self) -> Rating:
        """The learner's rating; ``Rating.initial()`` (1000 ± 150) before the first puzzle."""
        return self._rating(LEARNER) or Rating.initial()

    def puzzle_rating(self, puzzle: PuzzleRef) -> Rating:
        """The puzzle's rating; from its authored difficulty until it is played."""
        return self._rating(_puzzle_subject(puzzle.id)) or Rating.for_difficulty(puzzle.difficulty)

    def streak(self) -> int:
        """Consecutive correct rated answers, up to the latest rated one (unrated answers
        neither extend nor break it)."""
        row = self._conn.execute(
            "SELECT COUNT(*) FROM attempts WHERE rated = 1 AND id > "
            "(SELECT COALESCE(MAX(id), 0) FROM attempts WHERE rated = 1 AND correct = 0)"
        ).fetchone()
        return int(row[0])

    def best_streak(self) -> int:
        """The longest run of correct rated answers ever."""
        best = run = 0
        rows = self._conn.execute("SELECT correct FROM attempts WHERE rated = 1 ORDER BY id")
        for (correct,) in rows:
            run = run + 1 if correct else 0
            best = max(best, run)
        return best

    def theme_stats(self) -> dict[str, tuple[int, int]]:
        """Theme -> (attempts, correct answers), over the *rated* attempts at puzzles of that
        theme: what the learner found alone. A retry or an answer after the solution or a hint
        says nothing about the theme, so "next for me" and the side panel leave it out."""
        rows = self._conn.execute(
            "SELECT t.theme, COUNT(*), SUM(a.correct) FROM attempts a "
            "JOIN puzzle_themes t USING (puzzle_id) WHERE a.rated = 1 GROUP BY t.theme"
        )
        return {str(theme): (int(n), int(ok)) for theme, n, ok in rows}

    def attempts(self, puzzle_id: str | None = None) -> list[Attempt]:
        """Every attempt (or every attempt at one puzzle), oldest first."""
        sql = ("SELECT at, puzzle_id, answer, correct, seconds, rating_before, rating_after, "
               "rated FROM attempts")
        rows = (self._conn.execute(sql + " ORDER BY id") if puzzle_id is None else
                self._conn.execute(sql + " WHERE puzzle_id = ? ORDER BY id", (puzzle_id,)))
        return [
            Attempt(store.decode_time(at), pid, ans, bool(ok), secs, after - before, after,
                    bool(rated))
            for at, pid, ans, ok, secs, before, after, rated in rows
        ]

    def solved_puzzles(self) -> set[str]:
        """Ids of the puzzles answered correctly at least once in a rated answer (a right
        retry after the solution was shown is not a solve)."""
        rows = self._conn.execute(
            "SELECT DISTINCT puzzle_id FROM attempts WHERE correct = 1 AND rated = 1")
        return {str(row[0]) for row in rows}

    # reviews

    def due_reviews(self, now: datetime | None = None) -> list[str]:
        """Failed puzzles whose review is due at ``now`` (default: the clock), oldest due first."""
        moment = store.encode_time(now if now is not None else self._clock())
        rows = self._conn.execute(
            "SELECT puzzle_id FROM reviews WHERE due_at <= ? ORDER BY due_at, puzzle_id",
            (moment,),
        )
        return [str(row[0]) for row in rows]

    def review_count(self) -> int:
        """Failed puzzles still in the review queue, due or not."""
        return int(self._conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0])

    def review_queue(self, now: datetime | None = None) -> ReviewQueue:
        """The queue at ``now`` (default: the clock): due now, waiting, and the next to come."""
        moment = store.encode_time(now if now is not None else self._clock())
        due, later, first = self._conn.execute(
            "SELECT COALESCE(SUM(due_at <= :now), 0), COALESCE(SUM(due_at > :now), 0), "
            "MIN(CASE WHEN due_at > :now THEN due_at END) FROM reviews", {"now": moment}
        ).fetchone()
        return ReviewQueue(int(due), int(later),
                           store.decode_time(first) if first is not None else None)

    def next_review_at(self) -> datetime | None:
        """When the next review falls due (maybe already past); ``None`` if the queue is empty."""
        row = self._conn.execute("SELECT MIN(due_at) FROM reviews").fetchone()
        return store.decode_time(row[0]) if row[0] is not None else None

    def next_for_me(
        self, puzzles: Sequence[PuzzleRef], rng: random.Random, *, mode: str = "mixed"
    ) -> str | None:
        """The next puzzle for the learner among ``puzzles`` (see ``tutor.progress.choose``).

        Offer only the puzzles the course has opened (``choose.opening`` with
        ``completed_lessons()``); this method does not know the lessons.
        """
        candidates = [choose.Candidate(p.id, p.themes, self.puzzle_rating(p).value)
                      for p in puzzles]
        return choose.choose(candidates, self._choice_record(), rng, mode)

    # positions kept from the learner's games (issue 36: ``tutor.progress.kept``)

    def keep_positions(self, positions: Sequence[KeptPosition]) -> None:
        """Keep the positions of a round's mistakes, all in one transaction, each due as a
        missed puzzle is (``schedule.first_slot``); a decision kept already (the same game,
        round, trick and step: a review that lands twice, a resumed game) is left as it is."""
        if not positions:
            return
        now = self._clock()
        slot = schedule.first_slot(now)
        rows = [(*p.key, store.encode_time(now), p.dumps(),
                 store.encode_time(slot.due), slot.rung) for p in positions]
        self._write(_("The positions of your mistakes in a game"), lambda conn: conn.executemany(
            "INSERT OR IGNORE INTO kept_positions (game_id, round, trick, step, kept_at, "
            "position, due_at, rung) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows))

    def kept_positions(self, *, due: datetime | None = None) -> list[KeptItem]:
        """The positions kept, oldest due first (with ``due``: only those still in the queue
        and due then). A position this version cannot read (kept by a newer one) is left
        out, and left in the file."""
        sql = ("SELECT position, kept_at, rung, due_at, verdict FROM kept_positions")
        if due is None:
            rows = self._conn.execute(sql + " ORDER BY due_at, game_id, round, trick, step")
        else:
            rows = self._conn.execute(
                sql + " WHERE verdict IN ('new', 'drill') AND due_at <= ? "
                "ORDER BY due_at, game_id, round, trick, step", (store.encode_time(due),))
        found = []
        for text, kept_at, rung, due_at, verdict in rows:
            try:
                position = KeptPosition.loads(str(text))
            except KeptError:
                continue
            found.append(KeptItem(position, store.decode_time(kept_at),
                                  schedule.Slot(int(rung), store.decode_time(due_at)),
                                  str(verdict)))
        return found

    def record_drill(self, key: tuple[str, int, int, int],
                     outcome: schedule.DrillOutcome) -> None:
        """A drill of the kept position ``key`` (game, round, trick, step) ended now with
        ``outcome``: its slot moves as ``schedule.after_drill`` says (a close call and a
        mastered position leave the queue; their rows stay, for the Progress page)."""
        row = self._conn.execute(
            "SELECT rung, due_at FROM kept_positions WHERE game_id = ? AND round = ? "
            "AND trick = ? AND step = ?", key).fetchone()
        if row is None:
            raise KeyError(f"no position is kept for {key!r}")
        now = self._clock()
        slot = schedule.after_drill(schedule.Slot(int(row[0]), store.decode_time(row[1])),
                                    outcome, now)
        if slot is None:
            verdict, rung, due_at = ("close" if outcome == "close" else "mastered",
                                     int(row[0]), str(row[1]))
        else:
            verdict, rung, due_at = "drill", slot.rung, store.encode_time(slot.due)
        at = store.encode_time(now)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE kept_positions SET verdict = ?, rung = ?, due_at = ? WHERE "
                         "game_id = ? AND round = ? AND trick = ? AND step = ?",
                         (verdict, rung, due_at, *key))
            conn.execute("INSERT INTO drill_answers (at, game_id, round, trick, step, outcome) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (at, *key, outcome))

        self._write(_("Your answer to a position from your games"), work)

    def drill_queue(self, now: datetime | None = None) -> DrillQueue:
        """The positions from the learner's games at ``now`` (default: the clock): due, waiting
        and when the next of those falls due, mastered, set aside as close calls."""
        moment = store.encode_time(now if now is not None else self._clock())
        due, later, first, mastered, close = self._conn.execute(
            "SELECT COALESCE(SUM(live AND due_at <= :now), 0), "
            "COALESCE(SUM(live AND due_at > :now), 0), "
            "MIN(CASE WHEN live AND due_at > :now THEN due_at END), "
            "COALESCE(SUM(verdict = 'mastered'), 0), COALESCE(SUM(verdict = 'close'), 0) "
            "FROM (SELECT *, verdict IN ('new', 'drill') AS live FROM kept_positions)",
            {"now": moment}).fetchone()
        return DrillQueue(int(due), int(later),
                          store.decode_time(first) if first is not None else None,
                          int(mastered), int(close))

    # helpers

    def _rating(self, subject: str) -> Rating | None:
        row = self._conn.execute(
            "SELECT value, deviation, volatility FROM ratings WHERE subject = ?", (subject,)
        ).fetchone()
        return Rating(*row) if row else None

    def _slot(self, puzzle_id: str) -> schedule.Slot | None:
        row = self._conn.execute(
            "SELECT rung, due_at FROM reviews WHERE puzzle_id = ?", (puzzle_id,)
        ).fetchone()
        return schedule.Slot(int(row[0]), store.decode_time(row[1])) if row else None

    def _choice_record(self) -> choose.Record:
        ids = self._conn.execute
        last = ids("SELECT puzzle_id FROM attempts ORDER BY id DESC LIMIT 1").fetchone()
        return choose.Record(
            learner=self.rating().value,
            last_played=str(last[0]) if last else None,
            due=self.due_reviews(),
            scheduled=frozenset(str(r[0]) for r in ids("SELECT puzzle_id FROM reviews")),
            attempted=frozenset(str(r[0]) for r in ids("SELECT DISTINCT puzzle_id FROM attempts")),
            solved=frozenset(self.solved_puzzles()),
            themes=self.theme_stats(),
        )

    @staticmethod
    def _save_puzzle(conn: sqlite3.Connection, puzzle: PuzzleRef) -> None:
        """Remember the puzzle's difficulty and its current themes (authors may retag)."""
        conn.execute(
            "INSERT INTO puzzles (puzzle_id, difficulty) VALUES (?, ?) "
            "ON CONFLICT (puzzle_id) DO UPDATE SET difficulty = excluded.difficulty",
            (puzzle.id, puzzle.difficulty),
        )
        conn.execute("DELETE FROM puzzle_themes WHERE puzzle_id = ?", (puzzle.id,))
        conn.executemany(
            "INSERT OR IGNORE INTO puzzle_themes (puzzle_id, theme) VALUES (?, ?)",
            [(puzzle.id, theme) for theme in puzzle.themes],
        )


def _log_exercise(conn: sqlite3.Connection, lesson_id: str, index: int, correct: bool,
                  moment: datetime) -> None:
    """One answer to a lesson exercise, with its time (for days practised and the daily goal)."""
    conn.execute(
        "INSERT INTO exercise_answers (at, lesson_id, idx, correct) VALUES (?, ?, ?, ?)",
        (store.encode_time(moment), lesson_id, index, int(correct)),
    )


def _puzzle_subject(puzzle_id: str) -> str:
    return f"puzzle:{puzzle_id}"


def _save_rating(conn: sqlite3.Connection, subject: str, rating: Rating) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO ratings (subject, value, deviation, volatility) "
        "VALUES (?, ?, ?, ?)",
        (subject, rating.value, rating.deviation, rating.volatility),
    )


def _save_slot(conn: sqlite3.Connection, puzzle_id: str, slot: schedule.Slot | None) -> None:
    if slot is None:
        conn.execute("DELETE FROM reviews WHERE puzzle_id = ?", (puzzle_id,))
    else:
        conn.execute(
            "INSERT OR REPLACE INTO reviews (puzzle_id, due_at, rung) VALUES (?, ?, ?)",
            (puzzle_id, store.encode_time(slot.due), slot.rung),
        )
