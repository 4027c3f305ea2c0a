"""The progress file: open it, check it, migrate it, and never lose it.

* The schema version is ``PRAGMA user_version``; ``MIGRATIONS[n]`` takes version ``n`` to
  ``n + 1``, each inside one transaction together with the new version number.
* Every write runs in ``transaction()``: an explicit ``BEGIN IMMEDIATE`` … ``COMMIT``. The
  connection is in autocommit mode (``isolation_level=None``) because Python 3.11's implicit
  transactions do not cover ``CREATE TABLE``, and migrations must be all or nothing.
* Foreign keys are on.
* A file that cannot be opened, fails ``PRAGMA integrity_check``, does not migrate, or carries a
  newer schema than this version knows is *moved aside* to ``<name>.damaged-YYYYmmdd-HHMMSS``
  (with its ``-journal``/``-wal``/``-shm`` companions, so SQLite cannot replay them into the
  fresh file) and a fresh file is made. Nothing is deleted. A file that is merely busy (another
  Jass Tutor holds it) is left alone, and this session keeps its record in memory.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from tutor.progress.paths import private_file

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
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Schema:
    """One kind of file kept this way: its migrations, and the words its notices use."""

    migrations: tuple[tuple[str, ...], ...]
    name: str  # "progress file"
    kept: str  # "progress made now": what is not saved when the file cannot be used

    @property
    def version(self) -> int:
        return len(self.migrations)


PROGRESS = Schema(MIGRATIONS, "progress file", "progress made now")
BUSY_TIMEOUT = 5.0  # seconds to wait for another program's lock before giving up
_BUSY = frozenset({"SQLITE_BUSY", "SQLITE_LOCKED"})
_COMPANIONS = ("-journal", "-wal", "-shm")


class Damaged(Exception):
    """The file is not a progress database this version can use; the message says why."""


class _Busy(Exception):
    """Another program holds the file; it is not damaged."""


@dataclass(frozen=True)
class Opened:
    """An open, checked, migrated connection, and what happened on the way."""

    conn: sqlite3.Connection
    notice: str | None = None
    moved_to: Path | None = None


class Store:
    """A file kept this way, opened (checked, migrated, or moved aside) on construction;
    ``notice`` and ``moved_to`` say what happened (``Opened``). Closes as a context manager."""

    def __init__(self, path: Path, now: datetime, schema: Schema) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        opened = open_store(path, now, schema)
        self.path = path
        self._conn: sqlite3.Connection = opened.conn
        self.notice: str | None = opened.notice
        self.moved_to: Path | None = opened.moved_to

    def close(self) -> None:
        """Close the database; the object is unusable afterwards."""
        self._conn.close()

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
    """Open the ``schema`` file at ``path``, moving a damaged one aside (see the module doc)."""
    path = path.absolute()
    try:
        return Opened(_open_checked(str(path), schema))
    except _Busy as busy:
        return Opened(_open_checked(":memory:", schema), _busy_notice(path, busy, schema))
    except Damaged as damage:
        reason = str(damage)
    try:
        moved = move_aside(path, now)
        return Opened(_open_checked(str(path), schema),
                      _moved_notice(path, moved, reason, schema), moved)
    except (OSError, Damaged, _Busy) as error:
        return Opened(_open_checked(":memory:", schema),
                      _unusable_notice(path, f"{reason}; {error}", schema))


def _open_checked(target: str, schema: Schema) -> sqlite3.Connection:
    """Connect, check and migrate, or raise ``Damaged`` / ``_Busy`` with the connection closed."""
    conn: sqlite3.Connection | None = None
    if target != ":memory:":
        private_file(Path(target))  # 0600 on POSIX, and so are its journal and WAL files
    try:
        conn = sqlite3.connect(target, isolation_level=None, timeout=BUSY_TIMEOUT)
        conn.execute("PRAGMA foreign_keys = ON")
        check(conn, schema)
        migrate(conn, schema)
        return conn
    except sqlite3.Error as error:
        if conn is not None:
            conn.close()
        if getattr(error, "sqlite_errorname", "") in _BUSY:
            raise _Busy(str(error)) from error
        raise Damaged(str(error)) from error
    except Damaged:
        if conn is not None:
            conn.close()
        raise


def check(conn: sqlite3.Connection, schema: Schema = PROGRESS) -> None:
    """Raise ``Damaged`` unless the file passes SQLite's integrity check and is not too new."""
    rows = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    if rows != ["ok"]:
        raise Damaged("integrity check failed: " + "; ".join(rows[:3]))
    version = schema_version(conn)
    if version > schema.version:
        raise Damaged(
            f"it was written by a newer Jass Tutor (schema {version}; this one knows "
            f"{schema.version})"
        )


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
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def move_aside(path: Path, now: datetime) -> Path:
    """Rename ``path`` (and its journal files) to a free ``<name>.damaged-<stamp>`` name."""
    stamp = now.astimezone().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *_COMPANIONS)):
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    path.rename(target)
    for suffix in _COMPANIONS:
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            companion.rename(Path(f"{target}{suffix}"))
    return target


def encode_time(moment: datetime) -> str:
    """A fixed-width UTC ISO 8601 text, so that text order is time order (naive = UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def decode_time(text: str) -> datetime:
    """The aware UTC datetime stored by ``encode_time``."""
    return datetime.fromisoformat(text).astimezone(UTC)


def _moved_notice(path: Path, moved: Path, reason: str, schema: Schema) -> str:
    return (
        f"Your {schema.name} {path} could not be used ({reason}). It was kept as {moved}, "
        f"and a new, empty {schema.name} was started."
    )


def _busy_notice(path: Path, busy: _Busy, schema: Schema) -> str:
    return (
        f"Your {schema.name} {path} is in use by another program ({busy}). It was left as it "
        f"is; {schema.kept} will not be saved."
    )


def _unusable_notice(path: Path, reason: str, schema: Schema) -> str:
    return (
        f"Your {schema.name} {path} could not be used or moved aside ({reason}). It was left "
        f"as it is; {schema.kept} will not be saved."
    )
