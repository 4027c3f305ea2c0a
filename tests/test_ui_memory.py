"""Nothing grows over many games in one window (issue 19, item 8): once a game is over, none of
its bot decisions' jobs, call backs, sessions or events are still referenced. Checked with weak
references and the garbage collector, not with time or memory figures (``make reliability`` runs
scripts/memory_games.py for those)."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QSettings

from engine import Rules
from tutor.games import GameStore
from tutor.jobs import Job
from tutor.progress import Progress
from tutor.table.session import Session
from tutor.ui.background import QtRunner, running_jobs
from tutor.ui.window import MainWindow

BOTS = ["random", "random", "random", "random"]


def _alive(kind: type) -> int:
    return sum(1 for thing in gc.get_objects() if isinstance(thing, kind))


def test_finished_games_leave_no_session_job_or_events_behind(qtbot, tmp_path, content):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    # a game of one round (target 1 point): several games, each with all its bots' jobs
    window = MainWindow(Rules(target=1), content=content, settings=settings, fast=True,
                        progress=Progress(tmp_path / "progress.sqlite3"),
                        games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(window)
    window.show_page("play")
    window.show()
    page = window.play
    finished: list[weakref.ref[Session]] = []
    games: list[weakref.ref[object]] = []  # each game and so its events
    over: list[int] = []
    page.on_game_over = lambda: over.append(1)
    for seed in range(4):
        page.new_game(list(BOTS), seed=seed)
        qtbot.waitUntil(lambda: len(over) == seed + 1 and not QtRunner.busy(), timeout=120_000)  # noqa: B023
        session = page.table.session
        assert session is not None and session.is_over
        finished.append(weakref.ref(session))
        games.append(weakref.ref(session.game))
        del session
    page.new_game(list(BOTS), seed=99)  # the last finished game is let go too
    qtbot.waitUntil(lambda: page.table.session is not None
                    and page.table.session.is_over and not QtRunner.busy(), timeout=120_000)
    gc.collect()
    assert [ref() for ref in finished] == [None] * 4
    assert [ref() for ref in games] == [None] * 4
    assert running_jobs() == 0
    assert _alive(Job) == 0  # every bot decision's job is let go once it has reported
    assert _alive(Session) == 1  # the game at the table, and no other
