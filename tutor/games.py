"""The learner's games: the one in progress and the finished ones, kept in SQLite; no Qt here.

DESIGN.md, "Data the learner owns": a game in progress is saved as its event list after every
action and resumes after a crash; finished games are kept (events) with their score, and give
the statistics. The file is ``games.sqlite3`` beside the progress file (``data_dir()``), kept
the same way (``tutor.progress.store``): ``PRAGMA user_version`` drives the migrations, every
write is one transaction, and a file that fails to open or check is moved aside with a
timestamp, a fresh one is started and ``notice`` says so.

Events are stored in the engine's notation (``engine.notation``), rules as ``Rules.options()``,
seats as the list of four players in seat order: a bot level or ``"learner"``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import Game, Rules, dumps_events, loads_events
from engine.events import Event, GameStarted, RoundScored
from tutor.progress import store
from tutor.progress.paths import data_dir

FILE_NAME = "games.sqlite3"
LEARNER = "learner"  # the learner's seat in ``seats``; the others name a bot level

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
)
SCHEMA = store.Schema(MIGRATIONS, "saved games file", "games played now")
SCHEMA_VERSION = SCHEMA.version
_FINISHED_COLUMNS = ("game_id, started_at, finished_at, seats, rules, events, score_a, score_b, "
                     "winner, learner_team, rounds, round_points, mistakes")


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class SavedGame:
    """The unfinished game, as last saved."""

    game_id: str
    events: tuple[Event, ...]
    seats: tuple[str, ...]
    rules: Rules
    started_at: datetime  # aware, UTC
    saved_at: datetime

    def game(self) -> Game:
        """The game rebuilt from its events, ready to play on."""
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
    winner: int
    learner_team: int | None  # None when no seat was the learner's
    rounds: int
    round_points: int
    mistakes: int
    notation: str = field(repr=False)

    @functools.cached_property
    def events(self) -> tuple[Event, ...]:
        return tuple(loads_events(self.notation))

    @property
    def won(self) -> bool:
        return self.learner_team == self.winner

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
    mistakes: int


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


class GameStore(store.Store):
    """The game in progress and the finished games (see the module doc)."""

    def __init__(
        self, path: Path | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self._clock = clock
        super().__init__(path if path is not None else data_dir() / FILE_NAME, clock(), SCHEMA)

    def save_current(
        self, game_id: str, events: Sequence[Event], *, seats: Sequence[str], rules: Rules
    ) -> None:
        """Save the game in progress (after every action); another unfinished game is replaced."""
        seats = _checked_seats(seats)
        if not events or not isinstance(events[0], GameStarted) or events[0].rules != rules:
            raise ValueError("events must begin with GameStarted under the given rules")
        now = store.encode_time(self._clock())
        with store.transaction(self._conn) as conn:
            if conn.execute("SELECT 1 FROM finished_games WHERE game_id = ?",
                            (game_id,)).fetchone():
                raise ValueError(f"game {game_id!r} is already finished")
            conn.execute(
                "INSERT INTO current_game (slot, game_id, started_at, saved_at, seats, rules, "
                "events) VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE SET "
                "started_at = CASE WHEN game_id = excluded.game_id THEN started_at "
                "ELSE excluded.started_at END, game_id = excluded.game_id, "
                "saved_at = excluded.saved_at, seats = excluded.seats, rules = excluded.rules, "
                "events = excluded.events",
                (game_id, now, now, json.dumps(seats), json.dumps(rules.options()),
                 dumps_events(events)),
            )

    def current(self) -> SavedGame | None:
        """The unfinished game, to resume; ``None`` if there is none or it cannot be read
        (then ``notice`` says so, and the saved text stays until another game is saved)."""
        row = self._conn.execute(
            "SELECT game_id, events, seats, rules, started_at, saved_at FROM current_game"
        ).fetchone()
        if row is None:
            return None
        try:
            saved = SavedGame(str(row[0]), tuple(loads_events(row[1])),
                              _checked_seats(json.loads(row[2])), Rules(**json.loads(row[3])),
                              store.decode_time(row[4]), store.decode_time(row[5]))
            saved.game()
        except (ValueError, TypeError) as error:
            self._tell(f"The game in progress could not be resumed ({error}).")
            return None
        return saved

    def discard_current(self) -> None:
        """Forget the unfinished game (the learner chose not to finish it)."""
        with store.transaction(self._conn) as conn:
            conn.execute("DELETE FROM current_game")

    def finish(self, game_id: str, events: Sequence[Event], *, mistakes: int) -> None:
        """Move the game in progress ``game_id``, now over, to the finished games, with its
        scores, winner, the learner's team's points and the coach-flagged ``mistakes``."""
        if isinstance(mistakes, bool) or not isinstance(mistakes, int) or mistakes < 0:
            raise ValueError(f"mistakes must be a count, not {mistakes!r}")
        game = Game.from_events(events)
        if game.winner is None:
            raise ValueError(f"game {game_id!r} is not over")
        with store.transaction(self._conn) as conn:
            row = conn.execute("SELECT started_at, seats, rules FROM current_game "
                               "WHERE game_id = ?", (game_id,)).fetchone()
            if row is None:
                raise ValueError(f"game {game_id!r} is not the game in progress")
            learner_team = _learner_team(json.loads(row[1]))
            rounds = [e for e in events if isinstance(e, RoundScored) and e.complete]
            points = sum(e.total[learner_team] for e in rounds) if learner_team is not None else 0
            conn.execute(
                f"INSERT INTO finished_games ({_FINISHED_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, row[0], store.encode_time(self._clock()), row[1], row[2],
                 dumps_events(events), *game.scores, game.winner, learner_team, len(rounds),
                 points, mistakes),
            )
            conn.execute("DELETE FROM current_game")

    def finished(self) -> list[FinishedGame]:
        """The finished games, newest first."""
        rows = self._conn.execute(
            f"SELECT {_FINISHED_COLUMNS} FROM finished_games "
            "ORDER BY finished_at DESC, rowid DESC"
        )
        return [_finished_game(row) for row in rows]

    def statistics(self) -> Statistics:
        """Games, wins, points per round and mistakes per game of the learner's finished games."""
        games = [g for g in reversed(self.finished()) if g.learner_team is not None]
        rounds = sum(g.rounds for g in games)
        series = tuple(
            GamePoint(g.finished_at, g.won, g.learner_points or 0, g.points_per_round, g.mistakes)
            for g in games
        )
        return Statistics(
            games=len(games),
            wins=sum(g.won for g in games),
            points_per_round=sum(g.round_points for g in games) / rounds if rounds else None,
            mistakes_per_game=sum(g.mistakes for g in games) / len(games) if games else None,
            series=series,
        )

    def _tell(self, message: str) -> None:
        self.notice = message if self.notice is None else f"{self.notice} {message}"


def _checked_seats(seats: object) -> tuple[str, ...]:
    if (isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) != 4
            or not all(isinstance(s, str) and s for s in seats)):
        raise ValueError(f"seats must be 4 names (a bot level or {LEARNER!r}), not {seats!r}")
    if list(seats).count(LEARNER) > 1:
        raise ValueError(f"only one seat can be the learner's: {seats!r}")
    return tuple(seats)


def _learner_team(seats: Sequence[str]) -> int | None:
    return seats.index(LEARNER) % 2 if LEARNER in seats else None


def _finished_game(row: Sequence[Any]) -> FinishedGame:
    (game_id, started, finished, seats, rules, events, score_a, score_b, winner, learner_team,
     rounds, round_points, mistakes) = row
    return FinishedGame(
        game_id=str(game_id),
        started_at=store.decode_time(str(started)),
        finished_at=store.decode_time(str(finished)),
        seats=tuple(json.loads(seats)),
        rules=Rules(**json.loads(rules)),
        scores=(int(score_a), int(score_b)),
        winner=int(winner),
        learner_team=None if learner_team is None else int(learner_team),
        rounds=int(rounds),
        round_points=int(round_points),
        mistakes=int(mistakes),
        notation=str(events),
    )


__all__ = [
    "FILE_NAME",
    "LEARNER",
    "SCHEMA_VERSION",
    "FinishedGame",
    "GamePoint",
    "GameStore",
    "SavedGame",
    "Statistics",
]
