"""The learner's games: saved after every action, resumed exactly, finished, counted, never lost
(DESIGN.md, "Data the learner owns")."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine import Game, Rules, dumps_events
from engine.events import RoundScored
from tests.engine_helpers import SUITS_DEAL
from tests.store_helpers import user_version
from tutor.games import FILE_NAME, SCHEMA_VERSION, GameStore
from tutor.progress import Progress, data_dir

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
SEATS = ("learner", "random", "heuristic", "expert")
DAMAGED_NAME = re.compile(r"^games\.sqlite3\.damaged-\d{8}-\d{6}(-\d+)?$")


class Clock:
    """A clock the test moves by hand: no sleeping."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float = 1) -> None:
        self.now += timedelta(minutes=minutes)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / FILE_NAME


@pytest.fixture
def games(path: Path, clock: Clock):
    with GameStore(path, clock=clock) as store:
        yield store


def play(game: Game, rng: random.Random, actions: int | None = None) -> Game:
    """Random legal actions (weis choices and chibre included): ``actions`` of them, or to the
    end of the game."""
    while not game.is_over and (actions is None or actions > 0):
        game.apply(rng.choice(game.legal_actions()))
        actions = None if actions is None else actions - 1
    return game


def finished_game(seed: int, rules: Rules | None = None, **kwargs: object) -> Game:
    return play(Game(rules, seed=seed, **kwargs), random.Random(seed))  # type: ignore[arg-type]



# -- a fresh file -------------------------------------------------------------------------------


def test_a_fresh_store_is_empty_and_current(games: GameStore, path: Path):
    assert games.notice is None and games.moved_to is None
    assert games.current() is None and games.finished() == []
    statistics = games.statistics()
    assert (statistics.games, statistics.wins, statistics.series) == (0, 0, ())
    assert statistics.points_per_round is None and statistics.mistakes_per_game is None
    assert user_version(path) == SCHEMA_VERSION == 3


def test_jass_tutor_home_is_honoured(tutor_home: Path):
    with GameStore() as games:
        assert games.path == data_dir() / FILE_NAME == tutor_home / FILE_NAME
    assert (tutor_home / FILE_NAME).exists()


def test_games_and_progress_are_separate_files_side_by_side(tutor_home: Path):
    with GameStore() as games, Progress() as progress:
        games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
        progress.complete_lesson("intro")
        assert games.path.parent == progress.path.parent and games.path != progress.path


# -- the game in progress -----------------------------------------------------------------------


def test_a_game_interrupted_mid_trick_resumes_exactly(path: Path, clock: Clock):
    rng = random.Random(4)
    rules = Rules(pique_double=True, chibre_in_first_round=False)
    game = Game(rules, seed=4)
    with GameStore(path, clock=clock) as games:
        games.save_current("g1", game.events, seats=SEATS, rules=rules)
        while not (game.round == 1 and len(game.view(0).trick) == 2):  # second round, mid-trick
            clock.advance()
            play(game, rng, actions=1)
            games.save_current("g1", game.events, seats=SEATS, rules=rules)
    # the app closes (or crashes) here
    with GameStore(path, clock=clock) as games:
        saved = games.current()
        assert saved is not None and games.notice is None
        assert saved.game_id == "g1" and saved.seats == SEATS and saved.rules == rules
        assert saved.started_at == START and saved.saved_at == clock.now
        assert saved.events == game.events
        resumed = saved.game()
        assert resumed == game and resumed.view(0) == game.view(0)
        action = game.legal_actions()[0]
        resumed.apply(action)
        game.apply(action)
        assert resumed == game


def test_a_new_game_replaces_the_unfinished_one(games: GameStore, clock: Clock):
    games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    clock.advance(5)
    other = ("random", "learner", "expert", "expert")
    games.save_current("g2", Game(seed=2).events, seats=other, rules=Rules())
    saved = games.current()
    assert saved is not None
    assert (saved.game_id, saved.seats, saved.started_at) == ("g2", other, clock.now)
    assert saved.events == Game(seed=2).events


def test_a_discarded_game_is_gone(games: GameStore):
    games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    games.discard_current()
    assert games.current() is None


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (("learner", "random", "random"), "seats must be 4 names"),
        (("learner", "random", "", "random"), "seats must be 4 names"),
        ("abcd", "seats must be 4 names"),
        (("learner", "random", "learner", "random"), "only one seat"),
    ],
)
def test_seats_are_checked(games: GameStore, seats, message):
    with pytest.raises(ValueError, match=message):
        games.save_current("g1", Game(seed=1).events, seats=seats, rules=Rules())
    assert games.current() is None


def test_the_rules_must_be_those_of_the_game(games: GameStore):
    with pytest.raises(ValueError, match="GameStarted under the given rules"):
        games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules(target=1500))
    with pytest.raises(ValueError, match="GameStarted"):
        games.save_current("g1", [], seats=SEATS, rules=Rules())


def test_an_unreadable_game_in_progress_is_reported_not_resumed(games: GameStore, path: Path):
    games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE current_game SET events = ?",
                     ('{"format":1,"events":[{"type":"Shuffled"}]}',))
    conn.close()
    assert games.current() is None
    assert games.notice is not None and "unknown event type 'Shuffled'" in games.notice


# -- finishing ----------------------------------------------------------------------------------


def test_finish_moves_the_game_to_the_finished_games(games: GameStore, clock: Clock):
    game = finished_game(3)
    games.save_current("g1", game.events, seats=SEATS, rules=Rules())
    clock.advance(30)
    games.finish("g1", game.events, mistakes=4)
    assert games.current() is None
    [done] = games.finished()
    assert (done.game_id, done.seats, done.rules) == ("g1", SEATS, Rules())
    assert (done.started_at, done.finished_at) == (START, clock.now)
    assert done.scores == game.scores and done.winner == game.winner
    assert done.learner_team == 0 and done.learner_points == game.scores[0]
    assert done.won == (game.winner == 0) and done.mistakes == 4
    assert Game.from_events(done.events) == game


def test_finished_games_are_listed_newest_first(games: GameStore, clock: Clock):
    for number in range(3):
        game = finished_game(number)
        games.save_current(f"g{number}", game.events, seats=SEATS, rules=Rules())
        clock.advance()
        games.finish(f"g{number}", game.events, mistakes=number)
    assert [g.game_id for g in games.finished()] == ["g2", "g1", "g0"]


def test_finishing_a_game_that_is_not_over_is_refused_and_keeps_it(games: GameStore):
    game = play(Game(seed=5), random.Random(5), actions=30)
    games.save_current("g1", game.events, seats=SEATS, rules=Rules())
    with pytest.raises(ValueError, match="not over"):
        games.finish("g1", game.events, mistakes=0)
    saved = games.current()
    assert saved is not None and saved.events == game.events and games.finished() == []


def test_only_the_game_in_progress_can_be_finished_and_only_once(games: GameStore):
    game = finished_game(6)
    with pytest.raises(ValueError, match="not the game in progress"):
        games.finish("g1", game.events, mistakes=0)
    games.save_current("g1", game.events, seats=SEATS, rules=Rules())
    with pytest.raises(ValueError, match="mistakes must be a count"):
        games.finish("g1", game.events, mistakes=-1)
    games.finish("g1", game.events, mistakes=0)
    with pytest.raises(ValueError, match="not the game in progress"):
        games.finish("g1", game.events, mistakes=0)
    with pytest.raises(ValueError, match="already finished"):
        games.save_current("g1", game.events, seats=SEATS, rules=Rules())
    assert len(games.finished()) == 1 and games.current() is None


# -- statistics ---------------------------------------------------------------------------------


def one_round_game(seed: int) -> Game:
    """A game of exactly one complete round: from 950 each to the target of 1000, played out."""
    game = finished_game(seed, Rules(finish_round=True), scores=(950, 950))
    assert [e.complete for e in game.events if isinstance(e, RoundScored)] == [True]
    return game


def test_statistics_of_a_few_games(games: GameStore, clock: Clock):
    first, second, watched = one_round_game(1), one_round_game(2), one_round_game(3)
    # the learner in team 0, then in team 1; the third game has no learner and is not counted
    plan = [("g1", first, SEATS, 2), ("g2", second, ("random", "learner", "random", "random"), 5),
            ("g3", watched, ("expert",) * 4, 0)]
    for game_id, game, seats, mistakes in plan:
        games.save_current(game_id, game.events, seats=seats, rules=game.rules)
        clock.advance(60)
        games.finish(game_id, game.events, mistakes=mistakes)
    points = (first.scores[0] - 950, second.scores[1] - 950)  # the learner's team's round
    statistics = games.statistics()
    assert statistics.games == 2
    assert statistics.wins == (first.winner == 0) + (second.winner == 1)
    assert statistics.points_per_round == pytest.approx(sum(points) / 2)
    assert statistics.mistakes_per_game == pytest.approx(3.5)
    assert [(p.won, p.points, p.points_per_round, p.mistakes) for p in statistics.series] == [
        (first.winner == 0, first.scores[0], points[0], 2),
        (second.winner == 1, second.scores[1], points[1], 5),
    ]
    assert [p.finished_at for p in statistics.series] == [START + timedelta(hours=1),
                                                          START + timedelta(hours=2)]


def test_a_round_cut_short_at_the_target_is_left_out_of_points_per_round(games: GameStore):
    short = finished_game(7, Rules(), scores=(990, 990))  # over with the first points scored
    games.save_current("g1", short.events, seats=SEATS, rules=Rules())
    games.finish("g1", short.events, mistakes=1)
    [done] = games.finished()
    assert (done.rounds, done.round_points, done.points_per_round) == (0, 0, None)
    statistics = games.statistics()
    assert statistics.games == 1 and statistics.points_per_round is None
    assert statistics.series[0].points_per_round is None


def test_points_per_round_weighs_every_complete_round_alike(games: GameStore):
    played = [finished_game(seed) for seed in (8, 9)]
    for number, game in enumerate(played):
        games.save_current(f"g{number}", game.events, seats=SEATS, rules=Rules())
        games.finish(f"g{number}", game.events, mistakes=0)
    rounds = [e for g in played for e in g.events if isinstance(e, RoundScored) and e.complete]
    assert games.statistics().points_per_round == pytest.approx(
        sum(e.total[0] for e in rounds) / len(rounds))


# -- never lost ---------------------------------------------------------------------------------


def test_a_damaged_file_is_moved_aside_and_a_fresh_one_started(path: Path, clock: Clock):
    path.write_bytes(b"this is not a database" * 100)
    with GameStore(path, clock=clock) as games:
        assert games.moved_to is not None and DAMAGED_NAME.match(games.moved_to.name)
        assert games.moved_to.read_bytes() == b"this is not a database" * 100
        assert games.notice is not None and str(games.moved_to) in games.notice
        assert games.current() is None
        games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    assert user_version(path) == SCHEMA_VERSION


def test_a_file_from_a_newer_version_is_moved_aside(path: Path, clock: Clock):
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with GameStore(path, clock=clock) as games:
        assert games.notice is not None and "newer Jass Tutor" in games.notice
        assert games.moved_to is not None and user_version(games.moved_to) == SCHEMA_VERSION + 1
    assert user_version(path) == SCHEMA_VERSION


def test_a_failed_write_leaves_the_file_as_it_was(games: GameStore, path: Path):
    game = finished_game(10)
    games.save_current("g1", game.events, seats=SEATS, rules=Rules())
    conn = sqlite3.connect(path)
    with conn:  # the game is stored as finished, then removing it from "in progress" fails
        conn.execute("CREATE TRIGGER keep BEFORE DELETE ON current_game "
                     "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END")
    conn.close()
    with pytest.raises(sqlite3.IntegrityError, match="disk trouble"):
        games.finish("g1", game.events, mistakes=0)
    assert games.finished() == []
    saved = games.current()
    assert saved is not None and saved.events == game.events


# -- schema 2: the table's options, abandoned games, mistakes and par added later -----------------


def test_the_table_options_are_saved_with_the_game_in_progress(games: GameStore):
    game = play(Game(seed=3), random.Random(3), actions=7)
    options = {"coach": "active", "guided": True, "pars": [[0, 80, 95]]}
    games.save_current("g1", game.events, seats=SEATS, rules=game.rules, options=options)
    saved = games.current()
    assert saved is not None and saved.options == options


def test_an_abandoned_game_is_kept_with_no_winner_and_counted_apart(games: GameStore):
    game = play(Game(seed=5), random.Random(5), actions=80)
    assert not game.is_over
    games.save_current("g1", game.events, seats=SEATS, rules=game.rules)
    games.abandon("g1", game.events)
    assert games.current() is None
    [kept] = games.finished()
    assert kept.abandoned and kept.winner is None and not kept.won
    assert kept.events == game.events
    statistics = games.statistics()
    assert (statistics.games, statistics.abandoned, statistics.series) == (0, 1, ())


def test_a_game_that_is_over_cannot_be_abandoned(games: GameStore):
    game = finished_game(6)
    games.save_current("g1", game.events[:-3], seats=SEATS, rules=game.rules)
    with pytest.raises(ValueError, match="is over"):
        games.abandon("g1", game.events)


def test_a_finished_game_gets_its_mistakes_and_par_when_they_are_ready(games: GameStore):
    game = finished_game(7)
    games.save_current("g1", game.events[:-3], seats=SEATS, rules=game.rules)
    games.finish("g1", game.events)  # recorded at the last card, before the review
    [recorded] = games.finished()
    assert recorded.mistakes is None and recorded.par is None
    assert games.statistics().mistakes_per_game is None
    games.set_mistakes("g1", 3)
    games.set_par("g1", (-26, 2))
    [recorded] = games.finished()
    assert (recorded.mistakes, recorded.par, recorded.par_rounds) == (3, -26, 2)
    statistics = games.statistics()
    assert statistics.mistakes_per_game == 3 and statistics.par_per_round == -13
    assert statistics.series[0].par_per_round == -13
    with pytest.raises(ValueError, match="not a finished game"):
        games.set_mistakes("other", 1)
    with pytest.raises(ValueError, match="count"):
        games.set_mistakes("g1", -1)


def test_mistakes_by_theme_are_kept_with_a_finished_game_and_summed(games: GameStore):
    """The statistics' mistakes by theme, kept in the finished game's options (no new
    column): summed over games, the most frequent first; a game without them has none."""
    for number, themes in enumerate(({"leading": 2, "buur-nell": 1}, {"leading": 1}, None)):
        game = finished_game(20 + number)
        games.save_current(f"g{number}", game.events[:-3], seats=SEATS, rules=game.rules)
        games.finish(f"g{number}", game.events)
        games.set_mistakes(f"g{number}", 4, themes)
    by_id = {g.game_id: g for g in games.finished()}
    assert by_id["g0"].themes == {"leading": 2, "buur-nell": 1} and by_id["g2"].themes == {}
    assert games.statistics().mistakes_by_theme == (("leading", 3), ("buur-nell", 1))
    with pytest.raises(ValueError, match="within"):
        games.set_mistakes("g0", 1, {"leading": 2})


def test_a_version_1_file_keeps_its_games_when_migrated(path: Path, clock: Clock):
    from tutor.games import MIGRATIONS

    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    game = finished_game(8)
    conn.execute(
        "INSERT INTO finished_games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ("old", "2025-01-01T10:00:00+00:00", "2025-01-01T11:00:00+00:00",
         '["learner", "random", "random", "random"]', '{}',
         __import__("engine").dumps_events(game.events), *game.scores, game.winner, 0, 3, 200,
         2))
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with GameStore(path, clock=clock) as games:
        assert games.moved_to is None
        [old] = games.finished()
        assert (old.game_id, old.mistakes, old.abandoned, old.par) == ("old", 2, False, None)
        assert old.winner == game.winner and old.events == game.events
    assert user_version(path) == SCHEMA_VERSION


def test_a_version_2_file_keeps_its_games_but_not_the_replay_pars(path: Path, clock: Clock):
    """The par of before replayed the round and carried the luck of the cards; the review's par
    measures something else, so a game finished before keeps all but its par (issue 34)."""
    from tutor.games import MIGRATIONS

    conn = sqlite3.connect(path)
    for statement in (*MIGRATIONS[0], *MIGRATIONS[1]):
        conn.execute(statement)
    game = finished_game(8)
    conn.execute(
        "INSERT INTO finished_games (game_id, started_at, finished_at, seats, rules, events, "
        "score_a, score_b, winner, learner_team, rounds, round_points, mistakes, par, "
        "par_rounds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ("old", "2025-01-01T10:00:00+00:00", "2025-01-01T11:00:00+00:00",
         '["learner", "random", "random", "random"]', '{}',
         __import__("engine").dumps_events(game.events), *game.scores, game.winner, 0, 3, 200,
         2, 25, 3))
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    with GameStore(path, clock=clock) as games:
        assert games.moved_to is None
        [old] = games.finished()
        assert (old.game_id, old.mistakes, old.par, old.par_rounds) == ("old", 2, None, 0)
        assert old.events == game.events and games.statistics().par_per_round is None
    assert user_version(path) == SCHEMA_VERSION == 3


# -- impossible saved games (issue 19, item 7) ---------------------------------------------------


def _edit(path: Path, sql: str, *values: object) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, values)
    conn.close()


def _same_hands_text() -> str:
    """A saved game whose four hands are the same nine cards (a fixed deal)."""
    document = json.loads(dumps_events(Game(seed=3, deal=SUITS_DEAL, dealer=1).events))
    document["events"][1]["hands"] = [str(SUITS_DEAL[0])] * 4
    return json.dumps(document)


@pytest.mark.parametrize(("column", "value", "message"), [
    ("events", "same hands", "is in seat 0 and seat 1"),
    ("events", '{"format":1,"events":[{"type":"GameStarted","rules":{},"seed":1,'
               '"first_dealer":0,"scores":[-5,0]}]}', "scores must be two totals"),
    ("events", '{"format":1,"events":' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deep"),
    ("events", b"\x00\xff", "not JSON"),
    ("seats", '["learner","klingon","random","random"]', "seats must be 4 names"),
    ("seats", "[" * 50_000, ""),
    ("rules", '{"target":1500}', "not the rules it was played by"),
    ("rules", '{"target":"abc"}', "target"),
    ("started_at", "yesterday", ""),
    ("game_id", "", "no game id"),
])
def test_a_saved_game_that_cannot_be_resumed_is_told_when_the_file_opens(
        path: Path, clock: Clock, column: str, value: object, message: str):
    with GameStore(path, clock=clock) as games:
        games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    _edit(path, f"UPDATE current_game SET {column} = ?",
          _same_hands_text() if value == "same hands" else value)
    with GameStore(path, clock=clock) as games:
        # Told at once, before anything could replace the game: the app shows it on opening.
        assert games.notice is not None and "could not be resumed" in games.notice
        assert message in games.notice
        assert games.current() is None
        assert games.notice.count("could not be resumed") == 1  # told once
        # It is kept as it is until a new game is saved in its place.
        assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM current_game").fetchone() == (1,)


@pytest.mark.parametrize(("column", "value"), [
    ("seats", "not json"),
    ("seats", '["learner","klingon","random","random"]'),
    ("rules", '{"target":-4}'),
    ("learner_team", 1),
    ("score_a", "many"),
    ("rounds", -2),
    ("finished_at", "soon"),
    ("par", "x"),
    ("mistakes", "several"),
    ("rules", "[" * 50_000),
])
def test_a_bad_finished_game_row_is_left_out_of_the_statistics_with_a_notice(
        path: Path, clock: Clock, column: str, value: object):
    with GameStore(path, clock=clock) as games:
        for game_id, seed in (("good", 3), ("bad", 4)):
            game = finished_game(seed)
            games.save_current(game_id, game.events, seats=SEATS, rules=Rules())
            games.finish(game_id, game.events, mistakes=1)
            clock.advance()
    conn = sqlite3.connect(path)
    with conn:  # values the file's own CHECKs let through (those it refuses: f19db's check)
        conn.execute(f"UPDATE finished_games SET {column} = ? WHERE game_id = 'bad'", (value,))
    conn.close()
    with GameStore(path, clock=clock) as games:
        assert games.notice is not None
        stats = games.statistics()  # never broken by the row
        if "could not be used" in games.notice:  # the schema's value check: moved aside, kept
            assert list(path.parent.glob("games.sqlite3.damaged-*"))
            assert games.finished() == [] and stats.games == 0
        else:  # a value the schema check lets through: the row alone is left out
            assert "1 finished game could not be read" in games.notice
            assert [g.game_id for g in games.finished()] == ["good"]
            assert stats.games == 1 and stats.mistakes_per_game == 1


# -- one window owns the games (issue 19, item 5) ------------------------------------------------

HOLDER = """
import sys
from pathlib import Path
from tutor.games import GameStore
store = GameStore(Path(sys.argv[1]))
print("owner" if not store.read_only else "read-only", flush=True)
sys.stdin.read()
"""


def _holder(path: Path) -> subprocess.Popen[str]:
    """Another process (a second window) with the games file open; it says whether it owns
    it, then holds it until its input is closed."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdout is not None
    holder.first_line = holder.stdout.readline().strip()  # type: ignore[attr-defined]
    return holder


def test_a_second_process_opens_the_games_read_only_and_never_overwrites_the_game(
        path: Path, clock: Clock):
    game = play(Game(seed=5), random.Random(5), 30)
    with GameStore(path, clock=clock) as games:
        games.save_current("mine", game.events, seats=SEATS, rules=Rules())
        assert not games.read_only and games.owner is None and games.notice is None
        holder = _holder(path)
        try:
            assert holder.first_line == "read-only"
            # This window goes on saving; the other one, meanwhile, could not have written.
            games.save_current("mine", play(game, random.Random(6), 4).events, seats=SEATS,
                               rules=Rules())
        finally:
            holder.communicate("")
    # Now this process is the second window: another process owns the file.
    holder = _holder(path)
    try:
        assert holder.first_line == "owner"
        with GameStore(path, clock=clock) as second:
            assert second.read_only and second.owner == holder.pid
            assert second.notice is not None and "open in another window" in second.notice
            assert str(holder.pid) in second.notice
            saved = second.current()
            assert saved is not None and saved.events == game.events  # it can be looked at
            other = Game(seed=9)
            second.save_current("theirs", other.events, seats=SEATS, rules=Rules())
            assert second.current().game_id == "theirs"  # played on, in memory
    finally:
        holder.communicate("")
    with GameStore(path, clock=clock) as games:  # the owner is gone: this one owns it
        assert not games.read_only and games.notice is None
        saved = games.current()
        assert saved is not None and saved.game_id == "mine" and saved.events == game.events


def test_a_killed_owner_leaves_the_games_to_the_next_window(path: Path, clock: Clock):
    holder = _holder(path)
    assert holder.first_line == "owner"
    holder.kill()  # kill -9: the system releases its lock
    holder.wait()
    holder.stdin.close()  # type: ignore[union-attr]
    holder.stdout.close()  # type: ignore[union-attr]
    with GameStore(path, clock=clock) as games:
        assert not games.read_only and games.notice is None


def test_stores_of_one_process_share_its_ownership(path: Path, clock: Clock):
    with GameStore(path, clock=clock) as first, GameStore(path, clock=clock) as second:
        assert not first.read_only and not second.read_only
    holder = _holder(path)  # both closed: the lock is free again
    try:
        assert holder.first_line == "owner"
    finally:
        holder.communicate("")
