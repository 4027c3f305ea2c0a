"""The learner's record is theirs alone (issue 19, item 9): on POSIX the data folder is 0700 and
the files the app writes there (progress, games, settings, SQLite's journal and WAL) are 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tutor.games import GameStore
from tutor.progress import Progress
from tutor.progress.paths import data_dir, private_file

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@posix_only
def test_a_new_data_folder_is_private_whatever_the_umask(tmp_path, monkeypatch):
    home = tmp_path / "new" / "home"
    monkeypatch.setenv("JASS_TUTOR_HOME", str(home))
    old = os.umask(0o022)
    try:
        assert data_dir() == home
    finally:
        os.umask(old)
    assert mode(home) == 0o700


@posix_only
def test_the_platform_folder_left_open_by_an_older_version_is_made_private(tmp_path,
                                                                            monkeypatch):
    monkeypatch.delenv("JASS_TUTOR_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    folder = tmp_path / "share" / "jass-tutor"
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    if os.uname().sysname == "Darwin":
        pytest.skip("the macOS folder is not under XDG_DATA_HOME")
    assert data_dir() == folder
    assert mode(folder) == 0o700


@posix_only
def test_databases_and_their_journals_are_written_owner_only(tutor_home):
    old = os.umask(0o022)
    try:
        progress = Progress(tutor_home / "progress.sqlite3")
        progress.close()
        games = GameStore(tutor_home / "games.sqlite3")
        games.close()
        from tutor.ui.settings_file import app_settings

        settings = app_settings()
        settings.setValue("deck", "german")
        settings.sync()
    finally:
        os.umask(old)
    written = sorted(p.name for p in tutor_home.iterdir())
    assert {"progress.sqlite3", "games.sqlite3", "settings.ini"} <= set(written)
    assert {p.name: mode(p) for p in tutor_home.iterdir()} == dict.fromkeys(written, 0o600)


@posix_only
def test_an_open_old_file_loses_group_and_other_access_but_a_read_only_one_stays_read_only(
        tmp_path):
    old_file = tmp_path / "old.sqlite3"
    old_file.write_bytes(b"")
    old_file.chmod(0o644)
    private_file(old_file)
    assert mode(old_file) == 0o600
    read_only = tmp_path / "ro.sqlite3"
    read_only.write_bytes(b"")
    read_only.chmod(0o444)
    private_file(read_only)
    assert mode(read_only) == 0o400


@posix_only
def test_a_fifo_in_place_of_a_file_does_not_hang(tmp_path):
    fifo = tmp_path / "progress.sqlite3"
    os.mkfifo(fifo, 0o644)
    private_file(fifo)  # returns at once (non-blocking open)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
