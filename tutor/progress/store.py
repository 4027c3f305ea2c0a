"""The progress file: open it, check it, migrate it, and never lose it.

* The schema version is ``PRAGMA user_version``; ``MIGRATIONS[n]`` takes version ``n`` to
  ``n + 1``, each inside one transaction together with the new version number.
* Every write runs in ``transaction()``: an explicit ``BEGIN IMMEDIATE`` … ``COMMIT``. The
  connection is in autocommit mode (``isolation_level=None``) because Python 3.11's implicit
  transactions do not cover ``CREATE TABLE``, and migrations must be all or nothing.
* Foreign keys are on.
* A file that is not a database, fails ``PRAGMA integrity_check``, does not migrate, carries a
  ``user_version`` out of range (negative, or newer than this version knows), or fails the
  schema check (``verify``: every table and column the migrations make, and the values the app
  relies on, such as ratings in range and readable times) is *moved aside* to
  ``<name>.damaged-YYYYmmdd-HHMMSS`` (with its ``-journal``/``-wal``/``-shm`` companions, so
  SQLite cannot replay them into the fresh file) and a fresh file is made. Nothing is deleted.
* A file that is merely busy (another program holds its lock) or cannot be *read* or written
  (permission denied, a folder, a read-only medium, a disk error) is not damaged: it is left
  alone, and this session keeps its record in memory; ``notice`` says which and why.
* A write the file refuses while the app runs (read-only, disk or size limit full, locked by
  another program, a disk error) does not raise: ``Store._write`` keeps it in memory, tells the
  learner what was not saved and why (``listener``, else ``notice``), and tries it again, in
  order, before the next write and on ``retry()``/``close()``.
* Nothing waits for another program's lock on the thread that asks (the app's UI thread): with a
  ``runner`` (``tutor.jobs``), a write refused by a lock is kept at once, a background job waits
  up to ``LOCK_WAIT`` seconds for the lock to go, and the write is tried again then; the learner
  is told only if the lock stays. Reads wait at most ``READ_WAIT``; a read refused by a lock
  held longer (another program's ``BEGIN EXCLUSIVE``) does not raise: it is answered from an
  empty file of the same schema, and a notice says so until reads work again.
* What is still kept when the app closes (the file still refuses it) is written to
  ``<name>.kept-YYYYmmdd-HHMMSS`` beside the file (``keep_unsaved``; a write that fails leaves
  no ``.part`` file): the next start adds it to the file row by row, never rolling back what
  was written since (``restore_kept``), then archives it as ``<name>.applied-…``; the window
  asks before quitting if even that cannot be written.
* Notices that stop being true are replaced: each is a ``Notice`` with a key, and a later one
  with the same key (the file can be written again, reads work again) takes its place.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from tutor.files import read_bytes, special_kind
from tutor.i18n import N_, _
from tutor.jobs import Failure, Job, Runner
from tutor.progress.glicko import MAX_DEVIATION, MAX_RATING, MAX_VOLATILITY, MIN_RATING
from tutor.progress.paths import private_file
from tutor.progress.schedule import LADDER

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 0 -> 1: the first schema
        """CREATE TABLE lessons (
            lesson_id TEXT PRIMARY KEY,
            completed_at TEXT NOT NULL)""",
        """CREATE TABLE exercises (
            lesson_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            tries INTEGER NOT NULL DEFAULT 0,
            correct_at TEXT,
            PRIMARY KEY (lesson_id, idx))""",
        """CREATE TABLE puzzles (
            puzzle_id TEXT PRIMARY KEY,
            difficulty INTEGER NOT NULL)""",
        """CREATE TABLE puzzle_themes (
            puzzle_id TEXT NOT NULL REFERENCES puzzles ON DELETE CASCADE,
            theme TEXT NOT NULL,
            PRIMARY KEY (puzzle_id, theme))""",
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            puzzle_id TEXT NOT NULL REFERENCES puzzles,
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            seconds REAL NOT NULL,
            rating_before REAL NOT NULL,
            rating_after REAL NOT NULL)""",
        "CREATE INDEX attempts_by_puzzle ON attempts (puzzle_id)",
        """CREATE TABLE ratings (
            subject TEXT PRIMARY KEY,
            value REAL NOT NULL,
            deviation REAL NOT NULL,
            volatility REAL NOT NULL)""",
        """CREATE TABLE reviews (
            puzzle_id TEXT PRIMARY KEY REFERENCES puzzles,
            due_at TEXT NOT NULL,
            rung INTEGER NOT NULL)""",
        "CREATE INDEX reviews_by_due ON reviews (due_at)",
    ),
    (  # every answer to a lesson exercise with its time: days practised, the daily goal
        """CREATE TABLE exercise_answers (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            lesson_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)))""",
        "CREATE INDEX exercise_answers_by_time ON exercise_answers (at)",
        # Older files kept only the time of each exercise's first right answer: carry it over.
        "INSERT INTO exercise_answers (at, lesson_id, idx, correct) SELECT correct_at, "
        "lesson_id, idx, 1 FROM exercises WHERE correct_at IS NOT NULL ORDER BY correct_at",
    ),
    (  # rated attempts: a retry, an answer after the solution or after a hint is kept but not
        # rated (no rating change, no streak, no review step); every older attempt was rated
        "ALTER TABLE attempts ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1))",
    ),
    (  # every round the learner finished at the Play page: days practised, the daily goal
        # (the tables practice is counted from must be there: a file that claims version 3
        # without them is refused before anything is written to it)
        "SELECT 1 FROM exercise_answers, attempts, lessons, exercises LIMIT 0",
        """CREATE TABLE rounds_played (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            game_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            last INTEGER NOT NULL CHECK (last IN (0, 1)),
            UNIQUE (game_id, round))""",
        "CREATE INDEX rounds_played_by_time ON rounds_played (at)",
    ),
    (  # the positions of the learner's costly decisions at the Play page, kept to be drilled
        # (issue 36; ``tutor.progress.kept``): what the learner could see, as versioned JSON,
        # one a decision (game, round, trick), each on the review ladder of a missed puzzle;
        # ``step``: its order within the trick (Pomme's aside before its first card);
        # ``verdict``: 'new' until first re-dealt, then 'drill', or 'close' (a close call,
        # shown once and out of the queue), or 'mastered' (off the top of the ladder)
        "SELECT 1 FROM rounds_played LIMIT 0",
        """CREATE TABLE kept_positions (
            game_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            trick INTEGER NOT NULL,
            step INTEGER NOT NULL DEFAULT 0,
            kept_at TEXT NOT NULL,
            position TEXT NOT NULL,
            due_at TEXT NOT NULL,
            rung INTEGER NOT NULL DEFAULT 0,
            verdict TEXT NOT NULL DEFAULT 'new'
                CHECK (verdict IN ('new', 'drill', 'close', 'mastered')),
            PRIMARY KEY (game_id, round, trick, step))""",
        "CREATE INDEX kept_positions_by_due ON kept_positions (due_at)",
        # every drill of a kept position answered, with its time: days practised
        """CREATE TABLE drill_answers (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            game_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            trick INTEGER NOT NULL,
            step INTEGER NOT NULL DEFAULT 0,
            outcome TEXT NOT NULL CHECK (outcome IN ('right', 'wrong', 'close')))""",
        "CREATE INDEX drill_answers_by_time ON drill_answers (at)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Schema:
    """One kind of file kept this way: its migrations, the words its notices use (marked with
    ``N_``, translated when shown), and the checks of the values the app relies on: each a
    description and an SQL query that counts the rows that fail it (``verify``), with
    the functions those queries call."""

    migrations: tuple[tuple[str, ...], ...]
    name: str  # "progress file"
    kept: str  # "progress made now": what is not saved when the file cannot be used
    values: tuple[tuple[str, str], ...] = ()
    # SQL functions the checks call besides ``TIME_OK`` and ``JSON_OK``: name, test of a value
    functions: tuple[tuple[str, Callable[[object], bool]], ...] = ()
    # Tables only ever added to, each with the columns that tell its rows apart (its own id is
    # the file's): a kept file's rows are added to the file's, those already there skipped.
    append_only: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def version(self) -> int:
        return len(self.migrations)


# Functions the value checks call (registered on every connection, see ``_connect``).
TIME_OK = "jass_time_ok"  # a time as ``encode_time`` writes it
JSON_OK = "jass_json_ok"  # JSON text


def number_in(column: str, low: float, high: float) -> str:
    return (f"typeof({column}) NOT IN ('integer', 'real') OR {column} < {low!r} "
            f"OR {column} > {high!r}")


def count_in(column: str, low: int, high: int | None = None) -> str:
    top = f" OR {column} > {high}" if high is not None else ""
    return f"typeof({column}) != 'integer' OR {column} < {low}{top}"


PROGRESS = Schema(MIGRATIONS, N_("progress file"), N_("progress made now"), (
    ("a rating out of range", "SELECT COUNT(*) FROM ratings WHERE "
     f"{number_in('value', MIN_RATING, MAX_RATING)} OR "
     f"{number_in('deviation', 0.0, MAX_DEVIATION)} OR deviation = 0 OR "
     f"{number_in('volatility', 0.0, MAX_VOLATILITY)} OR volatility = 0"),
    ("a review on no rung of the ladder", "SELECT COUNT(*) FROM reviews WHERE "
     f"{count_in('rung', 0, len(LADDER) - 1)} OR NOT {TIME_OK}(due_at)"),
    ("an attempt that cannot be read", "SELECT COUNT(*) FROM attempts WHERE "
     f"NOT {TIME_OK}(at) OR correct NOT IN (0, 1) OR rated NOT IN (0, 1) OR "
     f"{number_in('seconds', 0.0, 1e12)} OR "
     f"{number_in('rating_before', MIN_RATING, MAX_RATING)} OR "
     f"{number_in('rating_after', MIN_RATING, MAX_RATING)}"),
    ("a lesson answer that cannot be read", "SELECT COUNT(*) FROM exercise_answers WHERE "
     f"NOT {TIME_OK}(at) OR correct NOT IN (0, 1) OR typeof(idx) != 'integer'"),
    ("an exercise that cannot be read", "SELECT COUNT(*) FROM exercises WHERE "
     f"typeof(idx) != 'integer' OR (correct_at IS NOT NULL AND NOT {TIME_OK}(correct_at))"),
    ("a round played that cannot be read", "SELECT COUNT(*) FROM rounds_played WHERE "
     f"NOT {TIME_OK}(at) OR last NOT IN (0, 1) OR typeof(round) != 'integer'"),
    ("a kept position that cannot be read", "SELECT COUNT(*) FROM kept_positions WHERE "
     f"NOT {TIME_OK}(kept_at) OR NOT {TIME_OK}(due_at) OR NOT {JSON_OK}(position) OR "
     f"{count_in('rung', 0, len(LADDER) - 1)} OR {count_in('round', 0)} OR "
     f"{count_in('trick', 0, 9)} OR {count_in('step', 0)}"),
    ("a drill answer that cannot be read", "SELECT COUNT(*) FROM drill_answers WHERE "
     f"NOT {TIME_OK}(at) OR outcome NOT IN ('right', 'wrong', 'close')"),
    ("a lesson that cannot be read",
     f"SELECT COUNT(*) FROM lessons WHERE NOT {TIME_OK}(completed_at)"),
    ("a puzzle without a difficulty",
     "SELECT COUNT(*) FROM puzzles WHERE typeof(difficulty) != 'integer'"),
), append_only=(("attempts", ("at", "puzzle_id")),
                ("exercise_answers", ("at", "lesson_id", "idx")),
                ("rounds_played", ("game_id", "round")),
                ("drill_answers", ("at", "game_id", "round", "trick", "step"))))
BUSY_TIMEOUT = 2.0  # seconds to wait for another program's lock when opening (before the window)
WRITE_TIMEOUT = 0.25  # seconds a write waits for a lock when there is no runner (tools, tests)
READ_WAIT = 0.05  # seconds a read waits for another program's lock (on the UI thread)
LOCK_WAIT = 2.0  # seconds a background job waits for a lock before the learner is told
_COMPANIONS = ("-journal", "-wal", "-shm")
#: The largest kept file read back (a record of years is a few MB).
MAX_KEPT_BYTES = 256 * 1024 * 1024

# SQLite's primary result codes (``sqlite_errorcode & 0xFF``) that say the file or the disk
# refused, not that the file is damaged; and the cause in the learner's words.
_PERM, _BUSY, _LOCKED, _NOMEM, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN = (
    3, 5, 6, 7, 8, 10, 11, 13, 14)
_CAUSES: dict[int, str] = {
    _PERM: N_("it may not be written (permission denied)"),
    _BUSY: N_("another program holds its lock"),
    _LOCKED: N_("another program holds its lock"),
    _NOMEM: N_("the computer ran out of memory"),
    _READONLY: N_("the file or its folder is read-only"),
    _IOERR: N_("the disk reported an error, or the file reached its size limit"),
    _CORRUPT: N_("the file was damaged while the app ran"),
    _FULL: N_("the disk is full, or the file reached its size limit"),
    _CANTOPEN: N_("the file or its folder cannot be opened"),
}


def _code(error: sqlite3.Error) -> int:
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def _locked(error: sqlite3.Error) -> bool:
    return _code(error) in (_BUSY, _LOCKED)


class Notice(str):
    """A notice for the learner, with a ``key``: a later notice with the same key replaces it
    (an empty one takes it away), so nothing stays on screen once it stopped being true."""

    key: str | None

    def __new__(cls, text: str, key: str | None = None) -> Notice:
        notice = super().__new__(cls, text)
        notice.key = key
        return notice


def _is_read(sql: str) -> bool:
    return sql.lstrip()[:6].upper() in ("SELECT", "WITH")


class _Connection(sqlite3.Connection):
    """A connection to the file whose reads outside a transaction never raise under another
    program's lock: ``on_locked`` answers them (``Store._read_locked``), and ``on_read`` hears
    the next read that works."""

    on_locked: Callable[[sqlite3.Error, str, Any], sqlite3.Cursor] | None = None
    on_read: Callable[[], None] | None = None

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        try:
            cursor = super().execute(sql, parameters)
        except sqlite3.OperationalError as error:
            if (self.on_locked is None or self.in_transaction or not _locked(error)
                    or not _is_read(sql)):
                raise
            return self.on_locked(error, sql, parameters)
        if self.on_read is not None and not self.in_transaction and _is_read(sql):
            self.on_read()
        return cursor


def wait_unlocked(path: Path, seconds: float) -> bool:
    """Wait up to ``seconds`` until no other program holds a lock on the file at ``path``;
    whether it is free. Opens a connection of its own: meant for a background thread."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=seconds)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError as error:
        if _locked(error):
            return False
        raise
    finally:
        conn.close()


def write_cause(error: sqlite3.Error) -> str | None:
    """Why the file refused a write, in the learner's words (with SQLite's own), or ``None``
    when ``error`` is not the file's or the disk's doing (a bug: it is raised)."""
    if isinstance(error, sqlite3.IntegrityError | sqlite3.ProgrammingError
                  | sqlite3.InterfaceError):
        return None
    cause = _CAUSES.get(_code(error))
    if cause is None:
        return None
    return _("{cause} ({detail})").format(cause=_(cause), detail=error)


class Damaged(Exception):
    """The file is not a database of its kind this version can use; the message says why."""


class _Busy(Exception):
    """Another program holds the file; it is not damaged."""


class _Unreadable(Exception):
    """The file cannot be read or opened (permission, a folder, a disk error): not damaged."""


@dataclass(frozen=True)
class Opened:
    """An open, checked, migrated connection, and what happened on the way."""

    conn: sqlite3.Connection
    notice: str | None = None
    moved_to: Path | None = None


Work = Callable[[sqlite3.Connection], object]


@dataclass(frozen=True)
class _Pending:
    what: str  # what is kept, in the learner's words
    work: Work
    key: str | None  # a later write with the same key replaces it when it is the last one


class Store:
    """A file kept this way, opened (checked, migrated, or moved aside) on construction;
    ``notice`` and ``moved_to`` say what happened (``Opened``). Closes as a context manager.

    Every write goes through ``_write``: a write the file refuses is kept and retried (see the
    module doc). ``listener``, when set (the window's notice bar), hears each later notice;
    until then they are added to ``notice``. ``pending`` lists what is not saved yet."""

    def __init__(self, path: Path, now: datetime, schema: Schema) -> None:
        with contextlib.suppress(OSError):  # open_store reports a file it cannot open
            path.parent.mkdir(parents=True, exist_ok=True)
        opened = open_store(path, now, schema)
        self.path = path
        self.schema = schema
        self._file: sqlite3.Connection = opened.conn
        self._conn: sqlite3.Connection = opened.conn  # the file, or its copy in memory
        self.notice: str | None = opened.notice
        self.moved_to: Path | None = opened.moved_to
        self.listener: Callable[[str], None] | None = None
        self.runner: Runner | None = None  # waits for a lock in the background (the app's)
        self._pending: list[_Pending] = []
        self._failing: str | None = None  # the cause told last, while writes fail
        self._waiting = False  # a job is waiting for another program's lock
        self._empty: sqlite3.Connection | None = None  # answers reads a lock refuses
        if isinstance(self._file, _Connection):
            self._file.on_locked = self._read_locked

    @property
    def _key(self) -> str:
        return f"writes:{self.path}"

    @property
    def pending(self) -> tuple[str, ...]:
        """What could not be saved yet, oldest first, in the learner's words."""
        return tuple(item.what for item in self._pending)

    def _write(self, what: str, work: Work, *, key: str | None = None) -> bool:
        """Run ``work`` in one transaction; whether it is saved in the file.

        A refusal of the file or the disk (``write_cause``) keeps it: the record goes on in a
        copy in memory (so what the page reads next includes it), the learner is told, and it
        is written to the file, in order, before the next write or at ``retry()``. Any other
        error (a wrong argument, a bug) is raised as before, and nothing is kept."""
        if self._pending:
            if self._conn is not self._file:  # the copy in memory: raises like the file would
                with transaction(self._conn):
                    work(self._conn)
            # (with no copy, the file is not touched: it would take this before what is kept)
            self._keep(_Pending(what, work, key))
            return False if self._waiting else self.retry()
        try:
            with self._no_waiting(), transaction(self._file):
                work(self._file)
        except sqlite3.Error as error:
            cause = write_cause(error)
            if cause is None:
                raise
            self._go_on_in_memory()
            if self._conn is not self._file:
                with transaction(self._conn):
                    work(self._conn)
            self._keep(_Pending(what, work, key))
            self._refused_or_wait(what, cause, error, may_wait=True)
            return False
        return True

    @contextmanager
    def _no_waiting(self) -> Iterator[None]:
        """A write waits for no lock on this thread when a runner can wait in the background
        (else, in tools and tests, ``WRITE_TIMEOUT``); reads then wait ``READ_WAIT`` again."""
        wait = 0.0 if self.runner is not None else WRITE_TIMEOUT
        self._file.execute(f"PRAGMA busy_timeout = {round(wait * 1000)}")
        try:
            yield
        finally:
            self._file.execute(f"PRAGMA busy_timeout = {round(READ_WAIT * 1000)}")

    def _refused_or_wait(self, what: str, cause: str, error: sqlite3.Error, *,
                         may_wait: bool) -> None:
        """Tell the learner why ``what`` is kept; under a lock, first wait for it to go in the
        background (when there is a runner) and try again then."""
        runner = self.runner
        if may_wait and runner is not None and _locked(error):
            if not self._waiting:
                self._waiting = True
                runner.run(Job(what, functools.partial(wait_unlocked, self.path, LOCK_WAIT),
                               functools.partial(self._waited, what, cause),
                               functools.partial(self._wait_failed, what)))
            return
        if cause != self._failing:
            self._refused(what, cause)

    def _waited(self, what: str, cause: str, free: bool) -> None:
        self._waiting = False
        if not self._pending:
            return
        if free:
            self.retry(may_wait=False)
        elif cause != self._failing:
            self._refused(what, cause)

    def _wait_failed(self, what: str, failure: Failure) -> None:
        self._waiting = False
        if self._pending:
            self._refused(what, failure.detail)

    def _go_on_in_memory(self) -> None:
        """Copy the file into memory and read and write there until it can be written again
        (under another program's lock, or if it cannot even be read, reads stay on the file
        and only the kept writes are remembered)."""
        try:  # not Connection.backup: under a lock it would wait for ever
            image = self._file.serialize()
        except (sqlite3.Error, MemoryError):
            return
        memory = sqlite3.connect(":memory:", isolation_level=None)
        memory.deserialize(image)
        memory.execute("PRAGMA foreign_keys = ON")
        self._conn = memory

    def _keep(self, item: _Pending) -> None:
        if item.key is not None and self._pending and self._pending[-1].key == item.key:
            self._pending[-1] = item  # a newer save of the same thing replaces the last one
        else:
            self._pending.append(item)

    def retry(self, *, may_wait: bool = True) -> bool:
        """Write what is kept to the file, in order; whether nothing is kept any more."""
        if not self._pending:
            return True
        if self._waiting:
            return False  # the job waiting for the lock tries again when it is gone
        while self._pending:
            item = self._pending[0]
            try:
                with self._no_waiting(), transaction(self._file):
                    item.work(self._file)
            except sqlite3.Error as error:
                cause = write_cause(error)
                if cause is not None:
                    self._refused_or_wait(item.what, cause, error, may_wait=may_wait)
                    return False
                self._dropped(item, error)
            except ValueError as error:  # another program changed the file meanwhile
                self._dropped(item, error)
            self._pending.pop(0)
        told = self._failing is not None
        self._failing = None
        if self._conn is not self._file:
            self._conn.close()
            self._conn = self._file
        if told:  # in place of the notice that said it could not be saved
            self._tell(_("Your {name} {path} can be written again: everything kept meanwhile "
                         "is saved now.").format(name=_(self.schema.name), path=self.path),
                       key=self._key)
        return True

    def _dropped(self, item: _Pending, error: Exception) -> None:
        self._tell(_("{what} could not be saved and was dropped ({detail}).")
                   .format(what=item.what, detail=error))

    def _refused(self, what: str, cause: str) -> None:
        self._failing = cause
        self._tell(_("{what} could not be saved in your {name} {path}: {cause}. It is kept "
                     "while the app is open and saved as soon as the file can be written.")
                   .format(what=what, name=_(self.schema.name), path=self.path, cause=cause),
                   key=self._key)

    def _read_locked(self, error: sqlite3.Error, sql: str, parameters: Any) -> sqlite3.Cursor:
        """A read another program's lock refuses: answered from an empty file of the schema
        (nothing is changed anywhere), and the learner is told until reads work again."""
        if self._empty is None:
            self._empty = _open_checked(":memory:", self.schema)
        if isinstance(self._file, _Connection) and self._file.on_read is None:
            self._file.on_read = self._reads_again
            self._tell(_("Your {name} {path} is locked by another program ({detail}): until it "
                         "lets go, what the app shows from it may be missing. Nothing in it is "
                         "changed.").format(name=_(self.schema.name), path=self.path,
                                            detail=error), key=f"reads:{self.path}")
        return self._empty.execute(sql, parameters)

    def _reads_again(self) -> None:
        if isinstance(self._file, _Connection):
            self._file.on_read = None
        self._tell("", key=f"reads:{self.path}")  # the notice is no longer true: away with it

    def _tell(self, message: str, *, key: str | None = None) -> None:
        """A notice for the learner: to ``listener``, else added to ``notice`` (an empty one
        only takes away the notice with its ``key``)."""
        if self.listener is not None:
            self.listener(Notice(message, key))
        elif message:
            self.notice = message if self.notice is None else f"{self.notice} {message}"

    def close(self) -> None:
        """Try once more to write what is pending (waiting for a lock up to ``LOCK_WAIT``: the
        app is closing), keep what still cannot be written in a file beside it for the next
        start (``keep_unsaved``), then close; the object is unusable afterwards."""
        try:
            self.save_before_closing()
        finally:
            for conn in {id(c): c for c in (self._conn, self._file, self._empty)
                         if c is not None}.values():
                conn.close()

    def save_before_closing(self) -> str | None:
        """Write what is kept, else keep it in a file for the next start; ``None`` when nothing
        is lost, else what would be lost and why, in the learner's words (the window asks
        before quitting). Safe to call more than once."""
        if not self._pending:
            return None
        if self._waiting or not self.retry(may_wait=False):
            with contextlib.suppress(sqlite3.Error):
                if wait_unlocked(self.path, LOCK_WAIT):
                    self.retry(may_wait=False)
        if not self._pending:
            return None
        try:
            self.keep_unsaved()
        except (OSError, sqlite3.Error, MemoryError) as error:
            return _("{what} could not be saved in your {name} {path} ({cause}), nor kept "
                     "beside it ({error}).").format(
                what=", ".join(dict.fromkeys(self.pending)), name=_(self.schema.name),
                path=self.path, cause=self._failing or "", error=error)
        return None

    def keep_unsaved(self, now: datetime | None = None) -> Path:
        """Write the file as it would be with everything kept in memory to
        ``<name>.kept-<stamp>`` beside it, for the next start to restore; forget what was
        kept. ``OSError`` or ``sqlite3.Error`` if it cannot be written."""
        if self._conn is not self._file:
            image = self._conn.serialize()
        else:  # reads stayed on the file: its image, with what was kept written into it
            memory = sqlite3.connect(":memory:", isolation_level=None)
            try:
                memory.deserialize(self._file.serialize())
                for item in self._pending:
                    with transaction(memory):
                        item.work(memory)
                image = memory.serialize()
            finally:
                memory.close()
        stamp = (now or datetime.now(UTC)).astimezone().strftime("%Y%m%d-%H%M%S")
        target = free_name(self.path, "kept", stamp)
        partial = target.with_name(target.name + ".part")
        try:
            with open(partial, "xb") as file:  # written whole, then named: never half a file
                private_file(partial)
                file.write(image)
                file.flush()
                os.fsync(file.fileno())
            partial.rename(target)
        except BaseException:
            with contextlib.suppress(OSError):  # no half-written file is left behind
                partial.unlink()
            raise
        self._pending.clear()
        return target

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def open_store(path: Path, now: datetime, schema: Schema = PROGRESS) -> Opened:
    """Open the ``schema`` file at ``path``, moving a damaged one aside, then add to it what
    the last sessions kept beside it (``restore_kept``; see the module doc)."""
    path = path.absolute()
    opened = _open_store(path, now, schema)
    restored = restore_kept(path, opened.conn, now, schema)
    if restored is None:
        return opened
    notice = restored if opened.notice is None else f"{opened.notice} {restored}"
    return Opened(opened.conn, notice, opened.moved_to)


def kept_files(path: Path) -> list[Path]:
    """The ``<name>.kept-<stamp>[-n]`` files beside ``path``, oldest first."""
    def order(kept: Path) -> tuple[str, int]:
        stamp, _dash, number = kept.name[len(path.name) + len(".kept-"):].partition("-")
        rest = number.partition("-")  # stamp is YYYYmmdd-HHMMSS, then -n when taken
        return f"{stamp}-{rest[0]}", int(rest[2]) if rest[2].isdigit() else 1
    return sorted(path.parent.glob(f"{glob.escape(path.name)}.kept-*[0-9]"), key=order)


def restore_kept(path: Path, conn: sqlite3.Connection, now: datetime,
                 schema: Schema) -> str | None:
    """Add what the last sessions could not save (``<name>.kept-*``, oldest first) to the file
    open on ``conn``, row by row, so that nothing written since is rolled back: rows only ever
    added to (``Schema.append_only``) are added unless there already; any other row of a kept
    file newer than the file (and than the kept files before it) replaces the file's, of an
    older one only fills in what the file lacks. Each kept file applied is archived as
    ``<name>.applied-<stamp>``; one that is no record of this schema (empty, no tables,
    damaged, a link, no regular file) is never applied: it is moved aside as
    ``<name>.unusable-<stamp>``. What was done, for a notice (``None``: nothing kept)."""
    kept = kept_files(path)
    if not kept:
        return None
    if not _on_file(conn):  # the file itself cannot be used now: the kept files wait
        return _("What the last session could not save in your {name} is kept in {kept}; it "
                 "is added to the file once the file can be used.").format(
            name=_(schema.name), kept=", ".join(map(str, kept)))
    stamp = now.astimezone().strftime("%Y%m%d-%H%M%S")
    said: list[str] = []
    newest = _modified(path)
    for file in kept:
        try:
            image = _kept_image(file, schema)
        except (OSError, Damaged, _Busy, _Unreadable, sqlite3.Error, MemoryError) as error:
            said.append(_refuse_kept(path, file, stamp, str(error), schema))
            continue
        try:
            modified = file.lstat().st_mtime
            try:
                added = _merge(conn, image, schema, newer=modified >= newest)
            finally:
                image.close()
            applied = free_name(path, "applied", stamp)
            file.rename(applied)
        except (OSError, sqlite3.Error) as error:
            said.append(_("What the last session could not save in your {name} was kept in "
                          "{kept}, but it cannot be added to the file now ({error}); it is "
                          "left there.").format(name=_(schema.name), kept=file, error=error))
            continue
        newest = max(newest, modified)
        said.append(_("What a last session could not save in your {name} {path} was kept in "
                      "{kept}: {rows} rows of it are added now (what the file held already is "
                      "kept). The kept file is archived as {applied}.").format(
            name=_(schema.name), path=path, kept=file, rows=added, applied=applied))
    return " ".join(said)


def _on_file(conn: sqlite3.Connection) -> bool:
    """Whether ``conn`` is on a file (not a copy in memory)."""
    return any(str(row[2]) for row in conn.execute("PRAGMA database_list") if row[1] == "main")


def _modified(path: Path) -> float:
    """When the file or its write-ahead log was last written (0 if never)."""
    times = [0.0]
    for name in (str(path), f"{path}-wal"):
        with contextlib.suppress(OSError):
            times.append(os.stat(name).st_mtime)
    return max(times)


def _kept_image(file: Path, schema: Schema) -> sqlite3.Connection:
    """The kept ``file`` read into memory (bounded, never through a link, a FIFO or a device),
    checked to be a record of ``schema`` with its tables (not empty, not a fresh file) and
    migrated; ``Damaged`` if not."""
    if file.is_symlink():
        raise Damaged("it is a link, and a kept file never is")
    data = read_bytes(file, limit=MAX_KEPT_BYTES)
    if not data:
        raise Damaged("it is empty")
    memory = _connect(":memory:", 0.0, schema)
    try:
        memory.deserialize(data)
        check(memory, schema)
        if schema_version(memory) < 1:
            raise Damaged("it has none of the tables of the file")
        migrate(memory, schema)
        verify(memory, schema)
    except sqlite3.Error as error:
        memory.close()
        raise Damaged(str(error)) from error
    except Damaged:
        memory.close()
        raise
    return memory


def _merge(conn: sqlite3.Connection, image: sqlite3.Connection, schema: Schema, *,
           newer: bool) -> int:
    """Add the rows of ``image`` to the file on ``conn`` in one transaction (see
    ``restore_kept``); how many rows were added or replaced."""
    append_only = dict(schema.append_only)
    changed = 0
    conn.execute("PRAGMA foreign_keys = OFF")  # a replaced row must not cascade to others
    try:
        with transaction(conn):
            for table, columns in _expected_columns(schema).items():
                key = append_only.get(table)
                names = [c for c in columns if key is None or c != "id"]
                listed = ", ".join(f'"{c}"' for c in names)
                marks = ", ".join("?" for _ in names)
                rows = image.execute(f'SELECT {listed} FROM "{table}"').fetchall()
                if key is not None:
                    match = " AND ".join(f'"{c}" IS ?' for c in key)
                    positions = [names.index(c) for c in key]
                    for row in rows:
                        if conn.execute(f'SELECT 1 FROM "{table}" WHERE {match}',
                                        [row[i] for i in positions]).fetchone() is None:
                            conn.execute(f'INSERT INTO "{table}" ({listed}) VALUES ({marks})',
                                         row)
                            changed += 1
                    continue
                verb = "INSERT OR REPLACE" if newer else "INSERT OR IGNORE"
                for row in rows:
                    changed += conn.execute(f'{verb} INTO "{table}" ({listed}) VALUES ({marks})',
                                            row).rowcount
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return changed


def _refuse_kept(path: Path, file: Path, stamp: str, error: str, schema: Schema) -> str:
    """Move a kept file that is no record aside (never applied), for a notice."""
    try:
        moved = free_name(path, "unusable", stamp)
        file.rename(moved)  # a link is renamed itself, never followed
    except OSError as rename_error:
        return _("What the last session could not save in your {name} was kept in {kept}, but "
                 "it cannot be restored ({error}); it is left there ({detail}).").format(
            name=_(schema.name), kept=file, error=error, detail=rename_error)
    return _("What the last session could not save in your {name} was kept in {kept}, but it "
             "cannot be restored ({error}): nothing of it was applied, and it was moved aside "
             "as {moved}.").format(name=_(schema.name), kept=file, error=error, moved=moved)


def _open_store(path: Path, now: datetime, schema: Schema) -> Opened:
    try:
        _probe(path)
        return Opened(_open_checked(str(path), schema))
    except _Busy as busy:
        return Opened(_open_checked(":memory:", schema), _busy_notice(path, busy, schema))
    except _Unreadable as unreadable:
        return Opened(_open_checked(":memory:", schema),
                      _unreadable_notice(path, unreadable, schema))
    except Damaged as damage:
        reason = str(damage)
    try:
        moved = move_aside(path, now)
    except OSError as error:
        return Opened(_open_checked(":memory:", schema),
                      _unusable_notice(path, f"{reason}; {error}", schema))
    try:
        return Opened(_open_checked(str(path), schema),
                      _moved_notice(path, moved, reason, schema), moved)
    except (Damaged, _Busy, _Unreadable) as error:
        return Opened(_open_checked(":memory:", schema),
                      _moved_unusable_notice(path, moved, reason, str(error), schema), moved)


def _probe(path: Path) -> None:
    """Raise ``_Unreadable`` if ``path`` exists but cannot be read (SQLite would report such a
    file as one it cannot open, or as no database at all, and it must not be moved aside), and
    ``Damaged`` if it is no file at all but a FIFO, a device or a socket (opening one could wait
    for ever: it is looked at, never opened, and moved aside like a damaged file)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return  # a new file
    except OSError as error:  # permission denied on the folder, a disk error, a link loop
        raise _Unreadable(error.strerror or str(error)) from error
    if (kind := special_kind(mode)) is not None:
        raise Damaged(f"it is {kind}, not a file")
    try:  # a file or a folder: opening it does not wait
        with path.open("rb") as file:
            file.read(100)
    except OSError as error:  # permission denied, a folder, a disk error
        raise _Unreadable(error.strerror or str(error)) from error


def _connect(target: str, timeout: float, schema: Schema) -> sqlite3.Connection:
    conn = sqlite3.connect(target, isolation_level=None, timeout=timeout, factory=_Connection)
    for name, test in ((TIME_OK, _time_ok), (JSON_OK, _json_ok), *schema.functions):
        conn.create_function(name, 1, test, deterministic=True)
    return conn


def _open_checked(target: str, schema: Schema) -> sqlite3.Connection:
    """Connect, check, migrate and verify, or raise ``Damaged`` / ``_Busy`` / ``_Unreadable``
    with the connection closed. The open connection waits ``READ_WAIT`` for a lock."""
    conn: sqlite3.Connection | None = None
    if target != ":memory:":
        private_file(Path(target))  # 0600 on POSIX, and so are its journal and WAL files
    try:
        conn = _connect(target, BUSY_TIMEOUT, schema)
        conn.execute("PRAGMA foreign_keys = ON")
        check(conn, schema)
        migrate(conn, schema)
        verify(conn, schema)
        conn.execute(f"PRAGMA busy_timeout = {round(READ_WAIT * 1000)}")
        return conn
    except sqlite3.Error as error:
        if conn is not None:
            conn.close()
        code = _code(error)
        if code in (_BUSY, _LOCKED):
            raise _Busy(str(error)) from error
        if code in (_PERM, _READONLY, _IOERR, _CANTOPEN, _NOMEM, _FULL):
            raise _Unreadable(f"{_(_CAUSES[code])}: {error}") from error
        raise Damaged(str(error)) from error
    except Damaged:
        if conn is not None:
            conn.close()
        raise


def check(conn: sqlite3.Connection, schema: Schema = PROGRESS) -> None:
    """Raise ``Damaged`` unless the file passes SQLite's integrity check and its version is one
    this version can migrate (not negative, not newer)."""
    rows = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    if rows != ["ok"]:
        raise Damaged("integrity check failed: " + "; ".join(rows[:3]))
    version = schema_version(conn)
    if version > schema.version:
        raise Damaged(
            f"it was written by a newer Jass Tutor (schema {version}; this one knows "
            f"{schema.version})"
        )
    if version < 0:
        raise Damaged(f"its schema version {version} is not one of Jass Tutor's")


def verify(conn: sqlite3.Connection, schema: Schema = PROGRESS) -> None:
    """Raise ``Damaged`` unless the (migrated) file has every table and column the migrations
    make, no trigger the migrations do not make (one could refuse or change any write), and
    every value the app relies on passes the schema's checks."""
    kinds = dict(conn.execute("SELECT name, type FROM sqlite_schema"))
    for name, kind in kinds.items():
        if kind == "trigger" and name not in _expected_triggers(schema):
            raise Damaged(f"it has a trigger {name} that Jass Tutor does not make")
    for table, columns in _expected_columns(schema).items():
        if kinds.get(table) != "table":
            raise Damaged(f"the table {table} is missing")
        found = {str(row[1]) for row in conn.execute(f'PRAGMA table_info("{table}")')}
        missing = [column for column in columns if column not in found]
        if missing:
            raise Damaged(f"the table {table} lacks the column {', '.join(missing)}")
    for what, sql in schema.values:
        bad = int(conn.execute(sql).fetchone()[0])
        if bad:
            raise Damaged(f"{bad} rows with {what}")


@functools.cache
def _expected_triggers(schema: Schema) -> frozenset[str]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, schema)
        return frozenset(str(row[0]) for row in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'trigger'"))
    finally:
        conn.close()


@functools.cache
def _expected_columns(schema: Schema) -> dict[str, tuple[str, ...]]:
    """Each table the migrations make, with its columns (found by running them in memory)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, schema)
        tables = [str(row[0]) for row in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")]
        return {table: tuple(str(row[1]) for row in conn.execute(
            f'PRAGMA table_info("{table}")')) for table in tables}
    finally:
        conn.close()


def _time_ok(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        decode_time(value)
    except ValueError:
        return False
    return True


def _json_ok(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        json.loads(value)
    except (ValueError, RecursionError):
        return False
    return True


def schema_version(conn: sqlite3.Connection) -> int:
    """The file's ``PRAGMA user_version``."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, schema: Schema = PROGRESS) -> None:
    """Apply the migrations the file lacks, in order, each in its own transaction."""
    for version in range(schema_version(conn), schema.version):
        with transaction(conn):
            for statement in schema.migrations[version]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` if the block raises."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        # SQLite may have rolled back already (a full disk, an I/O error): then ROLLBACK
        # would hide the real error behind "no transaction is active"
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # the first error says why
                conn.execute("ROLLBACK")
        raise


def free_name(path: Path, kind: str, stamp: str) -> Path:
    """``<name>.<kind>-<stamp>`` beside ``path``, numbered if taken (companions included)."""
    target = path.with_name(f"{path.name}.{kind}-{stamp}")
    n = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", ".part", *_COMPANIONS)):
        n += 1
        target = path.with_name(f"{path.name}.{kind}-{stamp}-{n}")
    return target


def move_aside(path: Path, now: datetime) -> Path:
    """Rename ``path`` (and its journal files) to a free ``<name>.damaged-<stamp>`` name."""
    target = free_name(path, "damaged", now.astimezone().strftime("%Y%m%d-%H%M%S"))
    _rename_with_companions(path, target)
    return target


def _rename_with_companions(path: Path, target: Path) -> None:
    path.rename(target)
    for suffix in _COMPANIONS:
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            companion.rename(Path(f"{target}{suffix}"))


def encode_time(moment: datetime) -> str:
    """A fixed-width UTC ISO 8601 text, so that text order is time order (naive = UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def decode_time(text: str) -> datetime:
    """The aware UTC datetime stored by ``encode_time``."""
    return datetime.fromisoformat(text).astimezone(UTC)


def _moved_notice(path: Path, moved: Path, reason: str, schema: Schema) -> str:
    return _("Your {name} {path} could not be used ({reason}). Nothing was deleted: it was "
             "moved aside as {moved}, and a new, empty {name} was started.").format(
        name=_(schema.name), path=path, reason=reason, moved=moved)


def _moved_unusable_notice(path: Path, moved: Path, reason: str, error: str,
                           schema: Schema) -> str:
    return _("Your {name} {path} could not be used ({reason}). Nothing was deleted: it was "
             "moved aside as {moved}. A new {name} could not be started there ({error}), so {kept} "
             "will not be saved.").format(name=_(schema.name), path=path, reason=reason,
                                          moved=moved, error=error, kept=_(schema.kept))


def _busy_notice(path: Path, busy: _Busy, schema: Schema) -> str:
    return _("Your {name} {path} is in use by another program ({reason}). It was left as it "
             "is; {kept} will not be saved.").format(
        name=_(schema.name), path=path, reason=busy, kept=_(schema.kept))


def _unreadable_notice(path: Path, unreadable: _Unreadable, schema: Schema) -> str:
    return _("Your {name} {path} cannot be read or opened ({reason}). It was left as it is; "
             "{kept} will not be saved.").format(
        name=_(schema.name), path=path, reason=unreadable, kept=_(schema.kept))


def _unusable_notice(path: Path, reason: str, schema: Schema) -> str:
    return _("Your {name} {path} could not be used or moved aside ({reason}). It was left "
             "as it is; {kept} will not be saved.").format(
        name=_(schema.name), path=path, reason=reason, kept=_(schema.kept))
