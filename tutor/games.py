"""The learner's games: the one in progress and the finished ones, kept in SQLite; no Qt here.

DESIGN.md, "Data the learner owns": a game in progress is saved as its event list after every
action and resumes after a crash; finished games are kept (events) with their score, and give
the statistics. The file is ``games.sqlite3`` beside the progress file (``data_dir()``), kept
the same way (``tutor.progress.store``): ``PRAGMA user_version`` drives the migrations, every
write is one transaction, and a file that fails to open or check is moved aside with a
timestamp, a fresh one is started and ``notice`` says so.

What a saved game is: a row is used only if it is a game (``engine.loads_game``: the events
replay, the deal is 4 hands of 9 different cards, the start scores are below the target), its
seats are 4 known players and its rules those it was played by; any other row raises
``SavedGameError`` inside the store, never anything else. The store reads the game in progress and
the finished games when it opens, so that ``notice`` names what cannot be resumed or counted
before anything can replace it; a bad finished game is left out of the statistics.

When it is saved: after every action, and a finished game at its last card (``tutor.table``), with
every card; its mistakes and par are added when the review is ready.

Who saves: one process owns the file, through a lock file beside it (``games.sqlite3.lock``, an
OS lock with the owner's process id, which the system drops when the process ends). Another
process (a second window on the same ``JASS_TUTOR_HOME``) reads a copy in memory and says so in
``notice``: the owner's game in progress is never overwritten.

Events are stored in the engine's notation (``engine.notation``), rules as ``Rules.options()``
(read back by ``Rules.from_options``), seats as the list of four players in seat order
(``tutor.vocab.Player``: a bot level or the learner).

A game of Pomme (R-POMME: three or five players, ``engine.PommeGame``) in progress is saved in
the same slot, its events beginning with ``PommeStarted``, its three or five seats, and the
table options in force beside it (Pomme plays by none of them); ``SavedGame.pomme`` is the
game. It is not counted in the statistics (a team's points and the par): once over or replaced
by a new game, its row goes (``finish`` and ``abandon`` discard it).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import (
    CHIBRE_GAME,
    Event,
    Game,
    GameSpec,
    GameStarted,
    PommeGame,
    RoundScored,
    Rules,
    dumps_events,
    loads_any_game,
    loads_events,
    spec_of,
)
from tutor.i18n import N_, _, ngettext
from tutor.progress import store
from tutor.progress.paths import data_dir
from tutor.vocab import LEARNER, Player, is_player

FILE_NAME = "games.sqlite3"
#: The games whose finished games are kept: the statistics are a team's points and the par
#: against the expert, Chibre's. A game of another kind leaves when it ends or is replaced.
KEPT_GAMES: frozenset[GameSpec] = frozenset({CHIBRE_GAME})

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 0 -> 1: the first schema
        """CREATE TABLE current_game (
            slot INTEGER PRIMARY KEY CHECK (slot = 1),
            game_id TEXT NOT NULL,
            started_at TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            seats TEXT NOT NULL,
            rules TEXT NOT NULL,
            events TEXT NOT NULL)""",
        """CREATE TABLE finished_games (
            game_id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            seats TEXT NOT NULL,
            rules TEXT NOT NULL,
            events TEXT NOT NULL,
            score_a INTEGER NOT NULL,
            score_b INTEGER NOT NULL,
            winner INTEGER NOT NULL CHECK (winner IN (0, 1)),
            learner_team INTEGER CHECK (learner_team IN (0, 1)),
            rounds INTEGER NOT NULL,
            round_points INTEGER NOT NULL,
            mistakes INTEGER NOT NULL CHECK (mistakes >= 0))""",
        "CREATE INDEX finished_by_time ON finished_games (finished_at)",
    ),
    (  # 1 -> 2: the table's options with the game in progress (coach level, guided game,
        # pars); finished games may be abandoned (no winner), get their mistakes when the
        # review is ready (NULL until then) and their par
        "ALTER TABLE current_game ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE finished_games RENAME TO finished_games_v1",
        "DROP INDEX finished_by_time",
        """CREATE TABLE finished_games (
            game_id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            seats TEXT NOT NULL,
            rules TEXT NOT NULL,
            events TEXT NOT NULL,
            score_a INTEGER NOT NULL,
            score_b INTEGER NOT NULL,
            winner INTEGER CHECK (winner IN (0, 1)),
            learner_team INTEGER CHECK (learner_team IN (0, 1)),
            rounds INTEGER NOT NULL,
            round_points INTEGER NOT NULL,
            mistakes INTEGER CHECK (mistakes >= 0),
            outcome TEXT NOT NULL DEFAULT 'finished' CHECK (outcome IN ('finished', 'abandoned')),
            par INTEGER,
            par_rounds INTEGER NOT NULL DEFAULT 0 CHECK (par_rounds >= 0),
            options TEXT NOT NULL DEFAULT '{}',
            CHECK ((outcome = 'finished') = (winner IS NOT NULL)))""",
        "INSERT INTO finished_games (game_id, started_at, finished_at, seats, rules, events, "
        "score_a, score_b, winner, learner_team, rounds, round_points, mistakes) "
        "SELECT game_id, started_at, finished_at, seats, rules, events, score_a, score_b, "
        "winner, learner_team, rounds, round_points, mistakes FROM finished_games_v1",
        "DROP TABLE finished_games_v1",
        "CREATE INDEX finished_by_time ON finished_games (finished_at)",
    ),
    (  # 2 -> 3: the par is the review's measure now, the luck of the cards left out (issue 34);
        # the pars of the replay before it measured something else and are not mixed with it:
        # a game finished before has no par (its events, points and mistakes are kept)
        "UPDATE finished_games SET par = NULL, par_rounds = 0",
    ),
)
# A finished game's values are checked when it is read (``_finished_game``), not here: one row
# that cannot be read is left out of the statistics and named, never the whole file moved aside.
SCHEMA = store.Schema(MIGRATIONS, N_("saved games file"), N_("games played now"))
SCHEMA_VERSION = SCHEMA.version
_FINISHED_COLUMNS = ("game_id, started_at, finished_at, seats, rules, events, score_a, score_b, "
                     "winner, learner_team, rounds, round_points, mistakes, outcome, par, "
                     "par_rounds, options")


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class SavedGame:
    """The unfinished game, as last saved."""

    game_id: str
    events: tuple[Event, ...]
    seats: tuple[Player, ...]
    rules: Rules
    started_at: datetime  # aware, UTC
    saved_at: datetime
    options: dict[str, Any] = field(default_factory=dict)  # the table's (tutor.table)
    pomme: PommeGame | None = None  # a game of Pomme, replayed (None: a game of Chibre)

    def game(self) -> Game:
        """The game of Chibre rebuilt from its events, ready to play on (``pomme`` holds a
        game of Pomme)."""
        if self.pomme is not None:
            raise ValueError("the saved game is a game of Pomme: see SavedGame.pomme")
        return Game.from_events(self.events)


@dataclass(frozen=True)
class FinishedGame:
    """A game played to its end, with what the statistics need; its events are read on demand.

    ``rounds`` counts the complete rounds and ``round_points`` the learner's team's points in
    them (a last round cut short at the target is left out of the average).
    """

    game_id: str
    started_at: datetime
    finished_at: datetime
    seats: tuple[str, ...]
    rules: Rules
    scores: tuple[int, int]
    winner: int | None  # None when abandoned
    learner_team: int | None  # None when no seat was the learner's
    rounds: int
    round_points: int
    mistakes: int | None  # None until the coach's review is ready
    notation: str = field(repr=False)
    abandoned: bool = False
    par: int | None = None  # the learner's team against the expert in the learner's seat
    par_rounds: int = 0  # the rounds ``par`` is the sum over
    #: the coach's flagged mistakes by strategy theme (saved with ``set_mistakes``; a mistake
    #: of no theme is not in it)
    themes: Mapping[str, int] = field(default_factory=dict)

    @functools.cached_property
    def events(self) -> tuple[Event, ...]:
        return tuple(loads_events(self.notation))

    @property
    def won(self) -> bool:
        return self.winner is not None and self.learner_team == self.winner

    @property
    def learner_points(self) -> int | None:
        """The learner's team's final score."""
        return None if self.learner_team is None else self.scores[self.learner_team]

    @property
    def points_per_round(self) -> float | None:
        return self.round_points / self.rounds if self.rounds else None


@dataclass(frozen=True)
class GamePoint:
    """One finished game of the learner in the statistics' series."""

    finished_at: datetime
    won: bool
    points: int  # the learner's team's final score
    points_per_round: float | None
    mistakes: int | None  # None while the review is not ready
    par_per_round: float | None = None  # None when no round has a par


@dataclass(frozen=True)
class Statistics:
    """The learner's finished games (those with a learner seat) at a glance.

    ``points_per_round`` is over all complete rounds together; ``series`` is oldest first.
    """

    games: int
    wins: int
    points_per_round: float | None
    mistakes_per_game: float | None
    series: tuple[GamePoint, ...]
    abandoned: int = 0
    par_per_round: float | None = None  # over every round with a par
    #: the coach's flagged mistakes of every game by strategy theme, the most frequent first
    mistakes_by_theme: tuple[tuple[str, int], ...] = ()


class GameStore(store.Store):
    """The game in progress and the finished games (see the module doc)."""

    def __init__(
        self, path: Path | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self._clock = clock
        self._told: set[str] = set()
        path = path if path is not None else data_dir() / FILE_NAME
        with contextlib.suppress(OSError):  # the store itself says why, if it cannot be made
            path.parent.mkdir(parents=True, exist_ok=True)
        #: the process whose window owns the file (it writes the games), when not this one
        self.owner: int | None = None
        self._lock: Path | None = _own(path)
        if self._lock is None:
            self.owner = _owner_of(path)
        super().__init__(path, clock(), SCHEMA)
        if self._lock is None:
            self._read_only_copy()
        # Read once now, so that a game that cannot be resumed or a finished game that cannot
        # be read is in ``notice`` when the file is opened, before anything can replace it.
        self.current()
        self.finished()

    @property
    def read_only(self) -> bool:
        """Another window owns the file: this one plays on a copy in memory (``notice``)."""
        return self._lock is None

    def _read_only_copy(self) -> None:
        """Go on with a copy in memory of the file as it is now: nothing is written to it, so
        the other window's game in progress is never overwritten."""
        copy = sqlite3.connect(":memory:", isolation_level=None)
        self._conn.backup(copy)
        self._conn.close()
        self._conn = self._file = copy  # every write, kept ones included, goes to the copy
        if self.owner is not None:
            self._tell(_("Jass tutor is open in another window (process {process}), which keeps "
                         "your games. Games played in this window are not saved, and the game in "
                         "progress there is left as it is.").format(process=self.owner))
        else:
            self._tell(_("Jass tutor is open in another window, which keeps your games. Games "
                         "played in this window are not saved, and the game in progress there "
                         "is left as it is."))

    def close(self) -> None:
        super().close()
        if self._lock is not None:
            _release(self._lock)
            self._lock = None

    def save_current(
        self, game_id: str, events: Sequence[Event], *, seats: Sequence[str], rules: Rules,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Save the game in progress (after every action); another unfinished game is replaced.
        A game of Pomme (events from ``PommeStarted``) has its 3 or 5 seats; ``rules`` are
        kept beside it."""
        spec = spec_of(events)
        if spec is CHIBRE_GAME and (not events or not isinstance(events[0], GameStarted)
                                    or events[0].rules != rules):
            raise ValueError("events must begin with GameStarted under the given rules")
        seats = _checked_seats(seats, spec.seat_count(events))
        now = store.encode_time(self._clock())

        def work(conn: sqlite3.Connection) -> None:
            if conn.execute("SELECT 1 FROM finished_games WHERE game_id = ?",
                            (game_id,)).fetchone():
                raise ValueError(f"game {game_id!r} is already finished")
            conn.execute(
                "INSERT INTO current_game (slot, game_id, started_at, saved_at, seats, rules, "
                "events, options) VALUES (1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE "
                "SET started_at = CASE WHEN game_id = excluded.game_id THEN started_at "
                "ELSE excluded.started_at END, game_id = excluded.game_id, "
                "saved_at = excluded.saved_at, seats = excluded.seats, rules = excluded.rules, "
                "events = excluded.events, options = excluded.options",
                (game_id, now, now, json.dumps(seats), json.dumps(rules.options()),
                 dumps_events(events), json.dumps(dict(options or {}))),
            )

        self._write(_("The game in progress"), work, key="current_game")

    def current_id(self) -> str | None:
        """The id of the unfinished game saved, without reading the game (cheap: the table asks
        at every paint whether there is another game to resume)."""
        row = self._conn.execute("SELECT game_id FROM current_game").fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    def current(self) -> SavedGame | None:
        """The unfinished game, to resume; ``None`` if there is none or it cannot be read
        (then ``notice`` says so, and the saved text stays until another game is saved)."""
        row = self._conn.execute(
            "SELECT game_id, events, seats, rules, started_at, saved_at, options FROM current_game"
        ).fetchone()
        if row is None:
            return None
        try:
            return _saved_game(row)
        except SavedGameError as error:
            self._tell(_("The game in progress could not be resumed ({error}). It is kept "
                         "until a new game is started.").format(error=error))
            return None

    def discard_current(self) -> None:
        """Forget the unfinished game (the learner chose not to finish it)."""
        self._write(_("The end of the game in progress"),
                    lambda conn: conn.execute("DELETE FROM current_game"))

    def finish(self, game_id: str, events: Sequence[Event], *,
               mistakes: int | None = None) -> None:
        """Move the game in progress ``game_id``, now over, to the finished games, with its
        scores, winner and the learner's team's points; the coach-flagged ``mistakes`` may come
        later (``set_mistakes``), when the review is ready. A game of Pomme is not kept: its
        saved copy goes."""
        if spec_of(events) not in KEPT_GAMES:
            self._discard(game_id)
            return
        game = Game.from_events(events)
        if game.winner is None:
            raise ValueError(f"game {game_id!r} is not over")
        self._move_to_finished(game_id, events, game, mistakes, "finished")

    def abandon(self, game_id: str, events: Sequence[Event]) -> None:
        """Move the game in progress ``game_id``, not over, to the finished games as abandoned
        (a new game replaced it): no winner; its complete rounds count in the statistics. A
        game of Pomme is not kept: its saved copy goes."""
        if spec_of(events) not in KEPT_GAMES:
            self._discard(game_id)
            return
        game = Game.from_events(events)
        if game.is_over:
            raise ValueError(f"game {game_id!r} is over: finish it")
        self._move_to_finished(game_id, events, game, None, "abandoned")

    def _discard(self, game_id: str) -> None:
        self._write(_("The end of the game in progress"), lambda conn: conn.execute(
            "DELETE FROM current_game WHERE game_id = ?", (game_id,)))

    def _move_to_finished(self, game_id: str, events: Sequence[Event], game: Game,
                          mistakes: int | None, outcome: str) -> None:
        if mistakes is not None and (isinstance(mistakes, bool) or not isinstance(mistakes, int)
                                     or mistakes < 0):
            raise ValueError(f"mistakes must be a count, not {mistakes!r}")
        finished_at = store.encode_time(self._clock())

        def work(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT started_at, seats, rules, options FROM current_game "
                               "WHERE game_id = ?", (game_id,)).fetchone()
            if row is None:
                raise ValueError(f"game {game_id!r} is not the game in progress")
            learner_team = _learner_team(json.loads(row[1]))
            rounds = [e for e in events if isinstance(e, RoundScored) and e.complete]
            points = sum(e.total[learner_team] for e in rounds) if learner_team is not None else 0
            conn.execute(
                f"INSERT INTO finished_games ({_FINISHED_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?)",
                (game_id, row[0], finished_at, row[1], row[2],
                 dumps_events(events), *game.scores, game.winner, learner_team, len(rounds),
                 points, mistakes, outcome, row[3]),
            )
            conn.execute("DELETE FROM current_game")

        self._write(_("The finished game") if outcome == "finished"
                    else _("The game you left unfinished"), work)

    def set_mistakes(self, game_id: str, mistakes: int,
                     themes: Mapping[str, int] | None = None) -> None:
        """The coach's count of the learner's mistakes in finished game ``game_id``, and how
        many of them were on each strategy theme (kept in the row's options: no new column)."""
        if isinstance(mistakes, bool) or not isinstance(mistakes, int) or mistakes < 0:
            raise ValueError(f"mistakes must be a count, not {mistakes!r}")
        counts = dict(themes or {})
        if any(not isinstance(k, str) or _count(v, "a theme's mistakes") is None
               for k, v in counts.items()) or sum(counts.values()) > mistakes:
            raise ValueError(f"mistakes by theme must be counts within {mistakes}, not {counts!r}")
        self._update_finished(_("The count of your mistakes in a finished game"), game_id,
                              "mistakes = ?, options = json_set(options, '$.themes', json(?))",
                              (mistakes, json.dumps(counts, sort_keys=True)))

    def set_par(self, game_id: str, par: tuple[int, int]) -> None:
        """The par of finished game ``game_id``: its sum over rounds, and how many rounds."""
        total, rounds = par
        if rounds < 0 or (rounds == 0 and total != 0):
            raise ValueError(f"a par is a sum over rounds, not {par!r}")
        self._update_finished(_("The par of a finished game"), game_id,
                              "par = ?, par_rounds = ?",
                              (total if rounds else None, rounds))

    def _update_finished(self, what: str, game_id: str, assignments: str,
                         values: tuple[Any, ...]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            changed = conn.execute(f"UPDATE finished_games SET {assignments} WHERE game_id = ?",
                                   (*values, game_id)).rowcount
            if not changed:
                raise ValueError(f"game {game_id!r} is not a finished game")

        self._write(what, work)

    def has_finished(self) -> bool:
        """Whether any game was played to its end or abandoned (a quick look, for a newcomer's
        empty table)."""
        try:
            return self._conn.execute("SELECT 1 FROM finished_games LIMIT 1").fetchone() is not None
        except sqlite3.Error:
            return True  # a file that cannot say: no newcomer's welcome rather than a failure

    def finished(self) -> list[FinishedGame]:
        """The finished games, newest first."""
        ids = self._conn.execute(
            "SELECT rowid FROM finished_games ORDER BY finished_at DESC, rowid DESC").fetchall()
        games = []
        bad: list[str] = []
        for (rowid,) in ids:  # a row at a time: one whose text SQLite cannot decode is one left out
            try:
                row = self._conn.execute(f"SELECT {_FINISHED_COLUMNS} FROM finished_games "
                                         "WHERE rowid = ?", (rowid,)).fetchone()
                if row is not None:
                    games.append(_finished_game(row))
            except SavedGameError as error:
                bad.append(str(error))
            except sqlite3.OperationalError as error:
                if store.write_cause(error) is not None:  # the file's or the disk's doing
                    raise
                bad.append(f"row {rowid}: {error}")
        if bad:
            self._tell(ngettext(
                "{count} finished game could not be read ({errors}); it is left out of the "
                "statistics and kept in the file as it is.",
                "{count} finished games could not be read ({errors}); they are left out of the "
                "statistics and kept in the file as they are.", len(bad)).format(
                count=len(bad), errors="; ".join(bad[:3]) + ("; …" if len(bad) > 3 else "")))
        return games

    def statistics(self) -> Statistics:
        """Games, wins, points per round, mistakes per game and par per round of the learner's
        finished games (those played to the end; abandoned ones are only counted)."""
        learner = [g for g in reversed(self.finished()) if g.learner_team is not None]
        games = [g for g in learner if not g.abandoned]
        rounds = sum(g.rounds for g in games)
        reviewed = [g.mistakes for g in games if g.mistakes is not None]
        par_rounds = sum(g.par_rounds for g in games if g.par is not None)
        themes: Counter[str] = Counter()
        for game in games:
            themes.update(game.themes)
        series = tuple(
            GamePoint(g.finished_at, g.won, g.learner_points or 0, g.points_per_round, g.mistakes,
                      g.par / g.par_rounds if g.par is not None and g.par_rounds else None)
            for g in games
        )
        return Statistics(
            games=len(games),
            wins=sum(g.won for g in games),
            points_per_round=sum(g.round_points for g in games) / rounds if rounds else None,
            mistakes_per_game=sum(reviewed) / len(reviewed) if reviewed else None,
            series=series,
            abandoned=len(learner) - len(games),
            par_per_round=(sum(g.par or 0 for g in games) / par_rounds if par_rounds else None),
            mistakes_by_theme=tuple(sorted(themes.items(), key=lambda item: (-item[1], item[0]))),
        )

    def _tell(self, message: str, *, key: str | None = None) -> None:
        """Each message once (a game that cannot be resumed is found at every read), then as
        every store tells it (``store.Store._tell``); a keyed one each time it changes."""
        if key is None:
            if message in self._told:
                return
            self._told.add(message)
        super()._tell(message, key=key)


# -- one window owns the games (issue 19, item 5) ---------------------------------------------
#
# A lock file beside the games file, locked (an OS record lock, released by the system when the
# process ends, ``kill -9`` too) by the first process that opens it, with that process's id in it.
# Several stores of one process share its lock; another process finds it taken and reads a copy.

_HELD: dict[Path, tuple[int, int]] = {}  # lock file -> (descriptor, stores of this process)


def _lock_path(path: Path) -> Path:
    return path.absolute().with_name(path.name + ".lock")


def _own(path: Path) -> Path | None:
    """The lock file of ``path``, now held by this process; ``None`` if another holds it (a
    lock that cannot be made at all, e.g. a read-only folder, lets this process go on)."""
    lock = _lock_path(path)
    if lock in _HELD:
        fd, count = _HELD[lock]
        _HELD[lock] = (fd, count + 1)
        return lock
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return lock  # nothing to lock with: the database's own locking still applies
    try:
        _lock_fd(fd)
    except OSError:
        os.close(fd)
        return None
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
    except OSError:
        pass  # the id only names the owner in the other window's notice
    _HELD[lock] = (fd, 1)
    return lock


def _release(lock: Path) -> None:
    fd, count = _HELD.pop(lock, (-1, 0))
    if count > 1:
        _HELD[lock] = (fd, count - 1)
    elif fd >= 0:
        os.close(fd)  # releases the lock


def _owner_of(path: Path) -> int | None:
    try:
        text = _lock_path(path).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


if sys.platform == "win32":
    import msvcrt

    def _lock_fd(fd: int) -> None:
        os.lseek(fd, 1 << 20, os.SEEK_SET)  # a byte past the id, so that it stays readable
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class SavedGameError(ValueError):
    """A row of the games file that is not a game the app can use; says what is wrong."""


# What reading a row's text can raise: bad JSON (deep JSON too), values of the wrong type.
_ROW_ERRORS = (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError,
               OverflowError)


def _saved_game(row: Sequence[Any]) -> SavedGame:
    """The game in progress of a ``current_game`` row, checked to replay under its rules and
    seats; ``SavedGameError`` (and only that) if it cannot be resumed."""
    game_id, events, seats, rules, started, saved_at, options_text = row
    try:  # options the table cannot read are its defaults: the game itself is not lost
        options = json.loads(options_text)
    except _ROW_ERRORS:
        options = {}
    try:
        if not isinstance(game_id, str) or not game_id:
            raise ValueError(f"no game id: {game_id!r}")
        game = loads_any_game(events)
        rules_read = Rules.from_options(json.loads(rules))
        if isinstance(game, PommeGame):
            count = spec_of(game.events).seat_count(game.events)
            return SavedGame(game_id, game.events, _checked_seats(json.loads(seats), count),
                             rules_read,
                             store.decode_time(started), store.decode_time(saved_at),
                             options if isinstance(options, dict) else {}, pomme=game)
        if game.rules != rules_read:
            raise ValueError("the rules saved with the game are not the rules it was played by")
        return SavedGame(game_id, game.events, _checked_seats(json.loads(seats)), rules_read,
                         store.decode_time(started), store.decode_time(saved_at),
                         options if isinstance(options, dict) else {})
    except _ROW_ERRORS as error:
        raise SavedGameError(str(error)) from None


def _checked_seats(seats: object, count: int = 4) -> tuple[Player, ...]:
    """``count`` players (4 for Chibre, 3 or 5 for Pomme), at most one the learner."""
    listed = seats if isinstance(seats, Sequence) and not isinstance(seats, str) else ()
    players = tuple(name for name in listed if is_player(name))
    if len(listed) != count or len(players) != count:
        raise ValueError(f"seats must be {count} names (a bot level or {LEARNER!r}), "
                         f"not {seats!r}")
    if players.count(LEARNER) > 1:
        raise ValueError(f"only one seat can be the learner's: {seats!r}")
    return players


def _learner_team(seats: Sequence[str]) -> int | None:
    return seats.index(LEARNER) % 2 if LEARNER in seats else None


def _finished_game(row: Sequence[Any]) -> FinishedGame:
    """The finished game of a ``finished_games`` row, its figures checked as far as the
    statistics rely on them (its events are read on demand); ``SavedGameError`` if not."""
    try:
        return _read_finished(row)
    except _ROW_ERRORS as error:
        raise SavedGameError(f"finished game {row[0]!r}: {error}") from None


def _count(value: object, name: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a count, not {value!r}")
    return value


def _read_finished(row: Sequence[Any]) -> FinishedGame:
    (game_id, started, finished, seats, rules, events, score_a, score_b, winner, learner_team,
     rounds, round_points, mistakes, outcome, par, par_rounds, options) = row
    players = _checked_seats(json.loads(seats))
    if winner not in (None, 0, 1) or learner_team != _learner_team(players):
        raise ValueError(f"winner {winner!r} or learner's team {learner_team!r} is not a team")
    if outcome not in ("finished", "abandoned") or (outcome == "finished") != (winner is not None):
        raise ValueError(f"outcome {outcome!r} does not go with winner {winner!r}")
    if par is not None and (isinstance(par, bool) or not isinstance(par, int)):
        raise ValueError(f"par must be a number of points, not {par!r}")
    if not isinstance(events, str):
        raise ValueError("its events are not text")
    return FinishedGame(
        game_id=str(game_id),
        started_at=store.decode_time(str(started)),
        finished_at=store.decode_time(str(finished)),
        seats=players,
        rules=Rules.from_options(json.loads(rules)),
        scores=(int(_count(score_a, "a score") or 0), int(_count(score_b, "a score") or 0)),
        winner=winner,
        learner_team=learner_team,
        rounds=int(_count(rounds, "rounds") or 0),
        round_points=int(_count(round_points, "round points") or 0),
        mistakes=_count(mistakes, "mistakes", optional=True),
        notation=events,
        abandoned=outcome == "abandoned",
        par=par,
        par_rounds=int(_count(par_rounds, "par rounds") or 0),
        themes=_themes(options),
    )


def _themes(options: object) -> dict[str, int]:
    """The mistakes by theme saved in a finished game's options; none when unreadable (the
    game itself is kept)."""
    try:
        saved = json.loads(options) if isinstance(options, str) else {}
    except ValueError:
        return {}
    themes = saved.get("themes") if isinstance(saved, dict) else None
    if not isinstance(themes, dict):
        return {}
    return {str(k): v for k, v in themes.items()
            if isinstance(v, int) and not isinstance(v, bool) and v > 0}


__all__ = [
    "FILE_NAME",
    "SCHEMA_VERSION",
    "FinishedGame",
    "GamePoint",
    "GameStore",
    "SavedGame",
    "SavedGameError",
    "Statistics",
]
