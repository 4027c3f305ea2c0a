"""Kept writes never roll back (issue 38, item 2): what a session could not save and kept beside
the file (``<name>.kept-*``) is added to the file row by row at the next start, applied once and
archived; several kept files apply oldest first; a kept file that is no record (empty, no
tables, a link) is never applied, but moved aside and named."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.progress import Progress, PuzzleRef, store

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def puzzle(n: int) -> PuzzleRef:
    return PuzzleRef(f"p{n:03}", ("trump-in",), 3)


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def kept_session(path: Path, when: datetime, *puzzles: int, lesson: str | None = None) -> Path:
    """A session whose file refused every write: what it did is kept beside the file."""
    record = Progress(path, clock=lambda: when)
    record._file.execute("PRAGMA query_only = ON")
    for n in puzzles:
        record.record_attempt(puzzle(n), "HJ", True, 2.0)
    if lesson is not None:
        record.complete_lesson(lesson)
    kept = record.keep_unsaved(when)
    record._file.execute("PRAGMA query_only = OFF")
    record.close()
    return kept


def attempts(path: Path) -> list[str]:
    return sorted(str(row[0]) for row in rows(path, "SELECT puzzle_id FROM attempts"))


def test_two_kept_files_both_apply_at_one_start_oldest_first_and_only_once(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Progress(path, clock=lambda: START).close()
    one, two = Progress(path, clock=lambda: START), Progress(path, clock=lambda: START)
    for n, record in enumerate((one, two), 1):  # two windows on a read-only file
        record._file.execute("PRAGMA query_only = ON")
        record.record_attempt(puzzle(n), "HJ", True, 2.0)
        record.complete_lesson(f"0{n}")
    first = one.keep_unsaved(START)
    second = two.keep_unsaved(START + timedelta(minutes=5))
    one.close()
    two.close()
    assert store.kept_files(path) == [first, second]
    with Progress(path, clock=lambda: START) as record:
        assert str(first) in (record.notice or "") and str(second) in (record.notice or "")
        assert record.notice.index(str(first)) < record.notice.index(str(second))
        assert record.completed_lessons() == {"01", "02"}
    assert attempts(path) == ["p001", "p002"]
    assert not store.kept_files(path) and len(list(tmp_path.glob("*.applied-*"))) == 2
    with Progress(path, clock=lambda: START) as again:  # applied once: the next start is quiet
        assert again.notice is None
    assert attempts(path) == ["p001", "p002"]


def test_an_older_kept_image_fills_in_but_never_replaces_newer_rows(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Progress(path, clock=lambda: START).close()
    kept = kept_session(path, START, 1)
    kept_rating = rows(kept, "SELECT subject, value FROM ratings")
    hidden = kept.rename(tmp_path / "hidden")  # the file goes on without it meanwhile ...
    with Progress(path, clock=lambda: START + timedelta(hours=1)) as record:
        for _ in range(3):
            record.record_attempt(puzzle(2), "HJ", False, 2.0)
    newer_rating = rows(path, "SELECT subject, value FROM ratings")
    assert newer_rating != kept_rating
    hidden.rename(kept)
    old = path.stat().st_mtime - 3600
    os.utime(kept, (old, old))  # ... so the kept image is older than the file
    with Progress(path, clock=lambda: START + timedelta(hours=2)):
        pass
    assert attempts(path) == ["p001", "p002", "p002", "p002"]  # every attempt, once
    merged = dict(rows(path, "SELECT subject, value FROM ratings"))
    assert set(newer_rating) <= set(merged.items())  # the newer ratings are not rolled back
    assert merged["puzzle:p001"] == dict(kept_rating)["puzzle:p001"]  # what it lacked, added


@pytest.mark.parametrize("content", ["empty", "no tables", "fresh"])
def test_a_kept_file_that_is_no_record_is_never_applied(tmp_path, content):
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=lambda: START) as record:
        record.record_attempt(puzzle(1), "HJ", True, 2.0)
        record.complete_lesson("01")
    kept = tmp_path / "progress.sqlite3.kept-20260301-120000"
    if content == "empty":
        kept.write_bytes(b"")
    else:
        conn = sqlite3.connect(kept)
        conn.execute("CREATE TABLE other (x)" if content == "no tables" else "VACUUM")
        conn.close()
    original = kept.read_bytes()
    with Progress(path, clock=lambda: START) as again:
        assert "cannot be restored" in (again.notice or "") and str(kept) in again.notice
        assert again.completed_lessons() == {"01"} and len(again.attempts()) == 1
    [moved] = tmp_path.glob("progress.sqlite3.unusable-*")
    assert moved.read_bytes() == original and str(moved) in again.notice


@pytest.mark.skipif(os.name != "posix", reason="symlinks")
def test_a_kept_file_that_is_a_link_is_not_followed(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "progress.sqlite3"
    Progress(path, clock=lambda: START).close()
    outside = kept_session(tmp_path / "elsewhere.sqlite3", START, 1)
    before = outside.read_bytes()
    link = data / "progress.sqlite3.kept-20260301-120000"
    link.symlink_to(outside)
    with Progress(path, clock=lambda: START) as again:
        assert "link" in (again.notice or "") and again.attempts() == []
    assert outside.read_bytes() == before  # the file outside is neither read nor moved
    [moved] = data.glob("progress.sqlite3.unusable-*")
    assert moved.is_symlink()


def test_a_kept_write_that_fails_leaves_no_part_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    record = Progress(path, clock=lambda: START)
    record._file.execute("PRAGMA query_only = ON")
    record.record_attempt(puzzle(1), "HJ", True, 2.0)

    def full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "fsync", full)
    said = record.save_before_closing()
    assert said is not None and "No space left on device" in said
    assert not list(tmp_path.glob("*.part")) and not store.kept_files(path)
    monkeypatch.undo()
    record._file.execute("PRAGMA query_only = OFF")
    record.close()  # now it is saved in the file itself
    assert attempts(path) == ["p001"]
