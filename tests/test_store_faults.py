"""Both SQLite files (progress and saved games) against the attacks of issue 19: files that pass
``integrity_check`` but have the wrong schema or values are moved aside with a notice; a file
that cannot be read is left alone; a write the file or the disk refuses (read-only, full, size
limit, locked) is a notice naming what was not saved and why, is kept, and is written later.

The tests run as root here, where ``chmod`` stops nothing: a read-only file is simulated with
``PRAGMA query_only``, a full disk or size limit with ``PRAGMA max_page_count``, another
program's lock with a second connection holding ``BEGIN EXCLUSIVE``.
"""

from __future__ import annotations

import os
import pathlib
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine import Game, Rules
from tests.store_helpers import user_version
from tutor import __main__ as cli
from tutor.games import SCHEMA_VERSION as GAMES_VERSION
from tutor.games import GameStore
from tutor.jobs import QueueRunner
from tutor.progress import SCHEMA_VERSION, Progress, PuzzleRef, store
from tutor.progress.paths import DataFolderError, data_dir

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SEATS = ["learner", "expert", "expert", "expert"]
Opener = Callable[[Path], store.Store]
OPENERS: dict[str, tuple[Opener, int]] = {
    "progress": (lambda path: Progress(path, clock=lambda: START), SCHEMA_VERSION),
    "games": (lambda path: GameStore(path, clock=lambda: START), GAMES_VERSION),
}


def puzzle(n: int) -> PuzzleRef:
    return PuzzleRef(f"p{n:03}", ("trump-in",), 3)


def other_files(path: Path) -> list[str]:
    """What else is in the folder, but for the games file's owner lock (tutor.games)."""
    return sorted(p.name for p in path.parent.iterdir()
                  if p != path and p.name != f"{path.name}.lock")


def execute(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def saved_rows(path: Path, table: str) -> int:
    """Rows of ``table`` in the file itself (not in a copy kept in memory)."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def good_file(kind: str, path: Path) -> None:
    """A current file of ``kind`` with some rows in it."""
    with OPENERS[kind][0](path) as opened:
        if isinstance(opened, Progress):
            opened.record_attempt(puzzle(1), "HJ", True, 2.0)
            opened.complete_lesson("01")
        else:
            assert isinstance(opened, GameStore)
            game = Game(seed=3)
            opened.save_current("g1", game.events, seats=SEATS, rules=game.rules)


def assert_moved_aside(kind: str, path: Path, original: bytes, reason: str) -> None:
    with OPENERS[kind][0](path) as opened:
        assert opened.moved_to is not None, opened.notice
        assert opened.moved_to.read_bytes() == original
        assert opened.notice is not None and reason in opened.notice
        assert str(opened.moved_to) in opened.notice and "new, empty" in opened.notice
    assert user_version(path) == OPENERS[kind][1]


# --- item 3: the schema check after integrity_check -------------------------------------------


@pytest.mark.parametrize("kind", OPENERS)
def test_an_empty_file_claiming_a_schema_is_moved_aside(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    for version in range(1, OPENERS[kind][1] + 1):
        execute(path, f"PRAGMA user_version = {version}")
        original = path.read_bytes()
        assert_moved_aside(kind, path, original, "")
        path.unlink()


@pytest.mark.parametrize("kind", OPENERS)
def test_a_negative_schema_version_is_moved_aside(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    execute(path, "PRAGMA user_version = -3")
    assert_moved_aside(kind, path, path.read_bytes(), "schema version -3")


@pytest.mark.parametrize("kind", OPENERS)
def test_a_table_without_a_column_is_moved_aside(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    table = "attempts" if kind == "progress" else "current_game"
    column = "rated" if kind == "progress" else "options"
    execute(path, f"ALTER TABLE {table} DROP COLUMN {column}")
    assert_moved_aside(kind, path, path.read_bytes(), f"lacks the column {column}")


@pytest.mark.parametrize("kind", OPENERS)
def test_a_view_in_a_tables_place_is_moved_aside(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    table = "lessons" if kind == "progress" else "finished_games"
    execute(path, f"ALTER TABLE {table} RENAME TO old", f"CREATE VIEW {table} AS SELECT * FROM old")
    assert_moved_aside(kind, path, path.read_bytes(), f"the table {table} is missing")


@pytest.mark.parametrize("kind", OPENERS)
def test_a_trigger_that_could_refuse_every_write_is_moved_aside(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    table = "lessons" if kind == "progress" else "current_game"
    execute(path, f"CREATE TRIGGER no BEFORE INSERT ON {table} BEGIN SELECT RAISE(ABORT, 'no'); "
            "END")
    assert_moved_aside(kind, path, path.read_bytes(), "trigger no")


@pytest.mark.parametrize("value", ["'abc'", "1e300", "-5", "NULL"])
def test_a_rating_out_of_range_is_moved_aside(tmp_path, value):
    path = tmp_path / "progress.sqlite3"
    good_file("progress", path)
    # NOT NULL and the column's type are the schema's, not the file's: rebuild it without
    execute(path, "PRAGMA writable_schema = ON",
            "UPDATE sqlite_schema SET sql = 'CREATE TABLE ratings (subject TEXT PRIMARY KEY, "
            "value, deviation, volatility)' WHERE name = 'ratings'",
            "PRAGMA writable_schema = OFF")
    execute(path, f"UPDATE ratings SET value = {value} WHERE subject = 'learner'")
    assert_moved_aside("progress", path, path.read_bytes(), "a rating out of range")


@pytest.mark.parametrize("change", [
    "rung = 99", "rung = -1", "due_at = 'soon'", "due_at = 12",
])
def test_a_review_the_app_cannot_read_is_moved_aside(tmp_path, change):
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=lambda: START) as record:
        record.record_attempt(puzzle(1), "HJ", False, 2.0)  # a miss: on the review ladder
    execute(path, f"UPDATE reviews SET {change}")
    assert_moved_aside("progress", path, path.read_bytes(), "no rung of the ladder")


def finished_file(path: Path) -> None:
    game = Game(seed=5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with GameStore(path, clock=lambda: START) as games:
        games.save_current("g1", game.events, seats=SEATS, rules=game.rules)
        games.finish("g1", game.events, mistakes=2)


@pytest.mark.parametrize("change", [
    "score_a = -1", "score_b = 'lots'", "seats = '[\"learner\"]'", "seats = 'not json'",
    "rules = '{\"target\": \"abc\"}'", "finished_at = 'yesterday'", "mistakes = 'many'",
    "rounds = 1.5",
])
def test_a_finished_game_the_statistics_cannot_read_is_left_out_and_named(tmp_path, change):
    """Issue 38: one unreadable finished row is skipped and named; the file stays in place with
    the game in progress and every other finished game."""
    path = tmp_path / "games.sqlite3"
    finished_file(path)
    game = Game(seed=3)
    with GameStore(path, clock=lambda: START) as games:
        games.save_current("g2", game.events, seats=SEATS, rules=game.rules)
    execute(path, "PRAGMA ignore_check_constraints = ON",
            f"UPDATE finished_games SET {change} WHERE game_id = 'g1'")
    with GameStore(path, clock=lambda: START) as games:
        assert games.moved_to is None
        assert games.notice is not None and "1 finished game could not be read" in games.notice
        assert "'g1'" in games.notice  # the row is named
        assert games.finished() == [] and games.statistics().games == 0
        assert games.current_id() == "g2"  # the game in progress is still there
    assert other_files(path) == []


def test_a_finished_row_sqlite_cannot_decode_is_left_out_and_the_others_kept(tmp_path):
    path = tmp_path / "games.sqlite3"
    finished_file(path)
    conn = sqlite3.connect(path)
    with conn:  # a copy of the row whose seats are not UTF-8 text
        conn.execute("INSERT INTO finished_games SELECT 'g0', started_at, finished_at, "
                     "CAST(x'ff fe 5b' AS TEXT), rules, events, score_a, score_b, winner, "
                     "learner_team, rounds, round_points, mistakes, outcome, par, par_rounds, "
                     "options FROM finished_games".replace("x'ff fe 5b'", "x'fffe5b'"))
    conn.close()
    with GameStore(path, clock=lambda: START) as games:
        assert games.moved_to is None
        assert games.notice is not None and "1 finished game could not be read" in games.notice
        assert [g.game_id for g in games.finished()] == ["g1"]


@pytest.mark.parametrize("kind", OPENERS)
def test_a_good_file_passes_the_schema_check_and_keeps_its_rows(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    with OPENERS[kind][0](path) as opened:
        assert opened.notice is None and opened.moved_to is None
    assert other_files(path) == []


# --- item 3: a file that cannot be read is left alone ------------------------------------------


@pytest.mark.parametrize("kind", OPENERS)
def test_a_file_that_cannot_be_read_is_left_alone_not_renamed(kind, tmp_path, monkeypatch):
    path = tmp_path / "file.sqlite3"
    good_file(kind, path)
    original = path.read_bytes()
    if os.geteuid() == 0:  # root reads anything: the file system says no instead
        real_open = pathlib.Path.open

        def refuse(self: Path, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
            if self == path:
                raise PermissionError(13, "Permission denied", str(self))
            return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

        monkeypatch.setattr(pathlib.Path, "open", refuse)
    else:
        path.chmod(0o000)
    with OPENERS[kind][0](path) as opened:
        assert opened.moved_to is None
        assert opened.notice is not None
        assert "Permission denied" in opened.notice and "left as it is" in opened.notice
        assert "moved" not in opened.notice and "new, empty" not in opened.notice
    monkeypatch.undo()
    path.chmod(0o600)
    assert path.read_bytes() == original and other_files(path) == []


@pytest.mark.parametrize("kind", OPENERS)
def test_a_folder_in_the_files_place_is_left_alone(kind, tmp_path):
    path = tmp_path / "file.sqlite3"
    path.mkdir()
    with OPENERS[kind][0](path) as opened:
        assert opened.moved_to is None and "left as it is" in (opened.notice or "")
    assert path.is_dir() and other_files(path) == []


# --- item 4: a write the file refuses ---------------------------------------------------------


@pytest.fixture
def heard() -> list[str]:
    return []


@pytest.fixture
def record(tmp_path, heard) -> Iterator[Progress]:
    with Progress(tmp_path / "progress.sqlite3", clock=lambda: START) as opened:
        opened.listener = heard.append
        yield opened


def test_a_read_only_file_is_a_notice_and_the_answers_are_saved_later(record, heard):
    record._file.execute("PRAGMA query_only = ON")
    first = record.record_attempt(puzzle(1), "HJ", True, 2.0)  # no exception
    second = record.record_attempt(puzzle(2), "HJ", True, 2.0)
    record.record_exercise("01", 0, True)
    assert first.rating_after.value > first.rating_before.value
    assert second.streak == 2  # worked out as if saved
    assert record.pending == ("Your answer to a puzzle", "Your answer to a puzzle",
                              "Your answer to a lesson exercise")
    assert len(heard) == 1  # told once while the cause stays the same
    assert "Your answer to a puzzle could not be saved" in heard[0]
    assert "read-only" in heard[0] and "kept" in heard[0]
    assert len(record.attempts()) == 2  # the page reads them from the copy in memory
    assert saved_rows(record.path, "attempts") == 0  # not in the file yet
    record._file.execute("PRAGMA query_only = OFF")
    record.complete_lesson("01")  # the next write saves what was kept first, in order
    assert record.pending == ()
    assert [a.puzzle_id for a in record.attempts()] == ["p001", "p002"]
    assert record.rating() == second.rating_after and record.streak() == 2
    assert record.exercises_done("01") == {0} and record.completed_lessons() == {"01"}
    assert "everything kept meanwhile is saved now" in heard[-1]
    assert saved_rows(record.path, "attempts") == 2


def test_a_full_disk_is_named_and_does_not_hide_behind_rollback(record, heard):
    pages = int(record._file.execute("PRAGMA page_count").fetchone()[0])
    record._file.execute(f"PRAGMA max_page_count = {pages}")
    for n in range(200):
        record.record_attempt(puzzle(n), "HJ" * 500, n % 2 == 0, 2.0)
    assert record.pending and heard
    assert "full" in heard[0] and "cannot rollback" not in " ".join(heard)
    assert len(record.attempts()) == 200  # every answer counts on the page meanwhile
    assert saved_rows(record.path, "attempts") + len(record.pending) == 200
    record._file.execute("PRAGMA max_page_count = 1073741823")
    assert record.retry()
    assert [a.puzzle_id for a in record.attempts()] == [puzzle(n).id for n in range(200)]


def test_a_lock_held_by_another_program_waits_briefly_then_saves_later(tmp_path, monkeypatch,
                                                                       heard):
    monkeypatch.setattr(store, "WRITE_TIMEOUT", 0.0)  # no waiting in the test
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=lambda: START) as record:
        record.listener = heard.append
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program writing: reads go on, writes wait
        other.execute("INSERT INTO lessons VALUES ('x', 'y')")
        try:
            record.record_attempt(puzzle(1), "HJ", False, 2.0)
            second = record.record_attempt(puzzle(2), "HJ", False, 2.0)
            assert record.pending == ("Your answer to a puzzle",) * 2
            assert second.rating_before.value < 1000  # read from the copy kept in memory
            assert [a.puzzle_id for a in record.attempts()] == ["p001", "p002"]
        finally:
            other.execute("ROLLBACK")
        assert record.retry() and saved_rows(path, "attempts") == 2
        other.execute("BEGIN EXCLUSIVE")
        try:
            record.record_exercise("01", 0, True)
            assert record.pending == ("Your answer to a lesson exercise",)
            assert "another program holds its lock" in heard[0]
            assert not record.retry()
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert record.retry() and record.exercises_done("01") == {0}


def test_reads_wait_only_briefly_for_a_lock(record):
    timeout_ms = int(record._conn.execute("PRAGMA busy_timeout").fetchone()[0])
    assert timeout_ms == round(store.READ_WAIT * 1000) <= 100


def hold_lock(path: Path, how: str = "IMMEDIATE") -> sqlite3.Connection:
    """Another program writing to ``path`` (its lock held until ROLLBACK)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute(f"BEGIN {how}")
    other.execute("INSERT INTO lessons VALUES ('x', 'y')")
    return other


def test_with_a_runner_a_locked_write_is_kept_at_once_and_saved_when_the_lock_goes(record,
                                                                                    heard):
    runner = QueueRunner()
    record.runner = runner
    other = hold_lock(record.path)
    record._file.execute("PRAGMA busy_timeout = 60000")  # would a write wait here, it would hang
    record.record_attempt(puzzle(1), "HJ", True, 2.0)
    assert record.pending == ("Your answer to a puzzle",)
    assert heard == []  # nobody is told yet: the lock may go in a moment
    assert len(runner.queue) == 1  # the wait is a job, not this thread's
    record.record_attempt(puzzle(2), "HJ", True, 2.0)  # kept behind the first, no second job
    assert len(runner.queue) == 1 and len(record.pending) == 2
    other.execute("ROLLBACK")
    other.close()
    runner.drain()  # the job finds the file free and the writes are tried again
    assert record.pending == () and saved_rows(record.path, "attempts") == 2
    assert heard == []  # a lock that went in time is never a notice


def test_a_lock_that_stays_is_told_after_the_background_wait(record, heard, monkeypatch):
    monkeypatch.setattr(store, "LOCK_WAIT", 0.0)
    runner = QueueRunner()
    record.runner = runner
    other = hold_lock(record.path)
    try:
        record.complete_lesson("01")
        runner.drain()
        assert record.pending == ("The lesson you completed",)
        assert len(heard) == 1 and "another program holds its lock" in heard[0]
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert record.retry() and saved_rows(record.path, "lessons") == 1
    assert "can be written again" in heard[-1]
    assert heard[-1].key == heard[0].key  # it takes the place of the notice it makes untrue


def test_a_read_under_an_exclusive_lock_does_not_raise_and_its_notice_goes_with_the_lock(
        record, heard):
    record.complete_lesson("01")
    other = hold_lock(record.path, "EXCLUSIVE")  # even reading is refused now
    try:
        assert record.completed_lessons() == set()  # answered, not raised
        assert record.attempts() == [] and record.streak() == 0
        assert len(heard) == 1 and "locked by another program" in heard[0]
        assert "Nothing in it is changed" in heard[0]
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert record.completed_lessons() == {"01"}  # the next read works ...
    assert heard[-1] == "" and heard[-1].key == heard[0].key  # ... and takes the notice away


def test_what_the_file_still_refuses_at_closing_is_kept_beside_it_and_restored(tmp_path):
    path = tmp_path / "progress.sqlite3"
    record = Progress(path, clock=lambda: START)
    record.complete_lesson("01")
    record._file.execute("PRAGMA query_only = ON")  # from now on the file refuses writes
    record.complete_lesson("02")
    record.record_attempt(puzzle(1), "HJ", True, 2.0)
    assert record.save_before_closing() is None  # nothing is lost ...
    kept = sorted(tmp_path.glob("progress.sqlite3.kept-*"))
    assert len(kept) == 1 and record.pending == ()  # ... it is in a file beside it
    if os.name == "posix":
        assert kept[0].stat().st_mode & 0o777 == 0o600
    record.close()
    assert saved_rows(path, "lessons") == 1  # the file itself is as it was
    with Progress(path, clock=lambda: START) as again:
        assert again.completed_lessons() == {"01", "02"}
        assert [a.puzzle_id for a in again.attempts()] == ["p001"]
        assert "are added now" in (again.notice or "") and "archived" in (again.notice or "")
    assert not list(tmp_path.glob("progress.sqlite3.kept-*"))
    [applied] = tmp_path.glob("progress.sqlite3.applied-*")
    assert saved_rows(applied, "lessons") == 2  # nothing deleted: the kept file is archived


def test_a_kept_file_that_is_damaged_is_moved_aside_and_named(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Progress(path, clock=lambda: START).close()
    kept = tmp_path / "progress.sqlite3.kept-20260301-120000"
    kept.write_bytes(b"not a database" * 100)
    with Progress(path, clock=lambda: START) as again:
        assert str(kept) in (again.notice or "") and "cannot be restored" in (again.notice or "")
    [moved] = tmp_path.glob("progress.sqlite3.unusable-*")
    assert moved.read_bytes() == b"not a database" * 100 and not kept.exists()


LOST_AT_CLOSING = """
import resource, sys
from pathlib import Path
from tutor.progress import Progress, PuzzleRef
path = Path(sys.argv[1])
record = Progress(path)
size = path.stat().st_size
record._file.execute("PRAGMA query_only = ON")
for n in range(20):
    record.record_attempt(PuzzleRef(f"p{n}", ("x",), 3), "HJ" * 500, True, 1.0)
resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))  # no room for the kept file either
print(record.save_before_closing())
print(len(record.pending))
"""


@pytest.mark.skipif(os.name != "posix", reason="a POSIX limit")
def test_what_can_be_neither_saved_nor_kept_at_closing_is_named(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", LOST_AT_CLOSING, str(tmp_path / "p.sqlite3")],
                          capture_output=True, text=True, check=True)
    said, pending = done.stdout.splitlines()[:2]
    assert "Your answer to a puzzle could not be saved" in said and "nor kept" in said
    assert int(pending) == 20  # still kept in memory while the window stays open
    assert not list(tmp_path.glob("p.sqlite3.kept-*[0-9]"))


def test_closing_writes_what_was_kept(tmp_path):
    path = tmp_path / "progress.sqlite3"
    record = Progress(path, clock=lambda: START)
    record._file.execute("PRAGMA query_only = ON")
    record.complete_lesson("01")
    record._file.execute("PRAGMA query_only = OFF")
    record.close()
    with Progress(path, clock=lambda: START) as again:
        assert again.completed_lessons() == {"01"}


def test_a_wrong_argument_still_raises_when_the_file_is_fine(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as games, pytest.raises(ValueError):
        games.set_mistakes("no such game", 1)


def test_the_game_in_progress_is_kept_once_and_finished_later(tmp_path, heard):
    path = tmp_path / "games.sqlite3"
    game = Game(seed=5)
    with GameStore(path, clock=lambda: START) as games:
        games.listener = heard.append
        games.save_current("g1", game.events, seats=SEATS, rules=game.rules)
        games._file.execute("PRAGMA query_only = ON")
        while not game.is_over:
            game.apply(game.legal_actions()[0])
            games.save_current("g1", game.events, seats=SEATS, rules=game.rules)
        assert games.pending == ("The game in progress",)  # each save replaces the last
        games.finish("g1", game.events, mistakes=1)
        assert games.pending == ("The game in progress", "The finished game")
        assert "read-only" in heard[0] and "The game in progress" in heard[0]
        games._file.execute("PRAGMA query_only = OFF")
        assert games.retry()
        assert games.current() is None
        [finished] = games.finished()
        assert finished.events == tuple(game.events) and finished.mistakes == 1


def test_a_wrong_argument_raises_while_writes_are_kept(tmp_path, heard):
    game = Game(seed=5)
    with GameStore(tmp_path / "games.sqlite3", clock=lambda: START) as games:
        games.listener = heard.append
        games._file.execute("PRAGMA query_only = ON")
        games.save_current("g1", game.events, seats=SEATS, rules=game.rules)
        assert games.current() is not None  # read from the copy kept in memory
        with pytest.raises(ValueError, match="not over"):
            games.finish("g1", game.events)
        with pytest.raises(ValueError, match="not the game in progress"):
            games.abandon("g2", game.events)
        assert games.pending == ("The game in progress",)


# --- the data folder ---------------------------------------------------------------------------


def test_a_data_folder_that_is_a_file_is_a_clear_error(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    home.write_text("not a folder")
    monkeypatch.setenv("JASS_TUTOR_HOME", str(home))
    with pytest.raises(DataFolderError, match="is a file, not a folder"):
        data_dir()
    assert cli.main([]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_a_data_folder_that_cannot_be_made_is_a_clear_error(tmp_path, monkeypatch, capsys):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("JASS_TUTOR_HOME", str(tmp_path / "file" / "home"))
    with pytest.raises(DataFolderError, match="cannot be created"):
        data_dir()
    assert cli.main([]) == 2
    assert "cannot be created" in capsys.readouterr().err


def test_rules_survive_the_check(tmp_path):
    """The check reads rules as ``Rules.from_options`` does: every table option passes."""
    path = tmp_path / "games.sqlite3"
    finished_file(path)
    with GameStore(path) as games:
        assert games.moved_to is None and games.finished()[0].rules == Rules()


FILE_SIZE_LIMIT = """
import resource, sys
from pathlib import Path
from tutor.progress import Progress, PuzzleRef
path = Path(sys.argv[1])
heard = []
with Progress(path) as record:
    record.listener = heard.append
    size = path.stat().st_size
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    for n in range(50):
        record.record_attempt(PuzzleRef(f"p{n}", ("x",), 3), "HJ" * 500, True, 1.0)
    print(len(record.pending), len(record.attempts()))
    print(heard[0])
"""


@pytest.mark.skipif(os.name != "posix", reason="a POSIX limit")
def test_a_file_size_limit_is_a_notice_not_an_error(tmp_path):
    """A real limit on the file's size (RLIMIT_FSIZE, which holds for root too), in a process
    of its own: every answer counts on the page, what does not fit is kept, nothing raises."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", FILE_SIZE_LIMIT, str(tmp_path / "p.sqlite3")],
                          capture_output=True, text=True, check=True)
    counts, notice = done.stdout.splitlines()[:2]
    pending, shown = map(int, counts.split())
    assert shown == 50 and pending > 0
    assert "Your answer to a puzzle could not be saved" in notice and "size limit" in notice


def test_under_an_exclusive_lock_writes_are_kept_in_order_and_never_raise(record, heard):
    """No copy in memory can be made while another program holds the file exclusively: every
    write is kept (none goes to the file ahead of those kept before it) and saved in order."""
    runner = QueueRunner()
    record.runner = runner
    other = hold_lock(record.path, "EXCLUSIVE")
    try:
        record.complete_lesson("01")
        record.record_exercise("01", 0, True)
        record.complete_lesson("02")
        assert record.pending == ("The lesson you completed", "Your answer to a lesson exercise",
                                  "The lesson you completed")
    finally:
        other.execute("ROLLBACK")
        other.close()
    runner.drain()
    assert record.pending == () and record.completed_lessons() == {"01", "02"}
    order = [row[0] for row in sqlite3.connect(record.path).execute(
        "SELECT lesson_id FROM lessons ORDER BY rowid")]
    assert order == ["01", "02"]


@pytest.mark.parametrize("kind", OPENERS)
def test_a_fifo_in_place_of_a_database_is_moved_aside_without_waiting_on_it(kind, tmp_path):
    """A named pipe where the database should be: opening it would wait for a writer for
    ever (no window would ever appear); it is looked at, never opened, and moved aside."""
    import os
    import stat

    path = tmp_path / "file.sqlite3"
    os.mkfifo(path)
    with OPENERS[kind][0](path) as opened:
        assert opened.moved_to is not None and stat.S_ISFIFO(opened.moved_to.lstat().st_mode)
        assert opened.notice is not None and "a FIFO (named pipe), not a file" in opened.notice
        assert str(opened.moved_to) in opened.notice and "new, empty" in opened.notice
    assert user_version(path) == OPENERS[kind][1]
