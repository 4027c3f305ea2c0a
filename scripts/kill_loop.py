"""``kill -9`` during play, again and again: the app (its real start, its real files in a
``JASS_TUTOR_HOME`` of its own) plays a game as the learner, choosing random legal actions with
fast bots, and is killed with SIGKILL at a random moment; then both databases must pass
``PRAGMA integrity_check``, nothing may have been moved aside as damaged, and the restarted app
must resume exactly the events that were saved.

    .venv/bin/python scripts/kill_loop.py --kills 50

Prints one line per kill and a summary; exits 1 on the first broken promise. Part of
``make reliability``, not of ``make test``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATABASES = ("progress.sqlite3", "games.sqlite3")
#: what the app's folder may hold: its files, SQLite's journals, the settings
ALLOWED = {name + tail for name in DATABASES for tail in ("", "-wal", "-shm", "-journal")} | {
    "settings.ini", "settings.ini.lock", "games.sqlite3.lock"}  # the owner lock (tutor.games)


def digest(events_text: str | None) -> str:
    """The saved game's events, normalised through the notation (``-`` for no game)."""
    if events_text is None:
        return "-"
    from engine import dumps_events, loads_events

    return hashlib.sha256(dumps_events(loads_events(events_text)).encode()).hexdigest()[:16]


# --- the app, killed ------------------------------------------------------------------------

def child(seed: int) -> int:
    """Open the app on ``$JASS_TUTOR_HOME``, resume the saved game or start one, and play as
    the learner until killed; first print what was resumed (events and their digest)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer

    from engine import dumps_events
    from tutor.table.controller import Stage
    from tutor.ui.launch import create_application
    from tutor.ui.window import MainWindow
    from tutor.vocab import COACH_LEVELS, LEARNER

    app = create_application()
    window = MainWindow(fast=True)  # the learner's files: $JASS_TUTOR_HOME
    window.show_page("play")
    window.show()
    page = window.play
    page.bar.coach_box.setCurrentIndex(COACH_LEVELS.index("off"))  # no warning to answer
    rng = random.Random(seed)
    seats = [LEARNER, "random", "random", "random"]
    saved = page.table.store.current()
    if saved is not None and LEARNER in saved.seats:
        page.resume()
        text = dumps_events(saved.events)
        print(f"resumed {len(saved.events)} {hashlib.sha256(text.encode()).hexdigest()[:16]}",
              flush=True)
    else:
        page.new_game(seats, seed=rng.randrange(1 << 30))
        print("new 0 -", flush=True)

    def step() -> None:
        table = page.table
        if table.stage is Stage.LEARNER and table.session is not None:
            page.learner_acts(rng.choice(table.session.game.legal_actions()))
        elif table.stage is Stage.WARNING:
            table.play_anyway()
        elif table.stage is Stage.ROUND_OVER:
            table.next_round()
        elif table.stage in (Stage.OVER, Stage.EMPTY, Stage.FAILED):
            page.new_game(seats, seed=rng.randrange(1 << 30))

    timer = QTimer()
    timer.timeout.connect(step)
    timer.start(1)
    return app.exec()


# --- the loop that kills it -------------------------------------------------------------------

def saved_state(home: Path) -> tuple[int, str]:
    """(events, digest) of the game in progress in ``home``'s games file, read-only."""
    path = home / "games.sqlite3"
    if not path.exists():
        return 0, "-"
    # read-write, as the app opens it at its next start: after a SIGKILL the file may need
    # SQLite's recovery (a hot journal, the WAL index to rebuild), which a read-only connection
    # refuses with "attempt to write a readonly database" (seen once in a hundred-odd runs)
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT events FROM current_game").fetchone()
    finally:
        conn.close()
    if row is None:
        return 0, "-"
    from engine import loads_events

    return len(loads_events(row[0])), digest(row[0])


def integrity(path: Path) -> str:
    if not path.exists():
        return "ok"  # not written yet
    # read-write, as the app opens it at its next start: after a SIGKILL the file may need
    # SQLite's recovery (a hot journal, the WAL index to rebuild), which a read-only connection
    # refuses with "attempt to write a readonly database" (seen once in a hundred-odd runs)
    conn = sqlite3.connect(path)
    try:
        return "; ".join(str(row[0]) for row in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def start(home: Path, seed: int) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ, JASS_TUTOR_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen([sys.executable, __file__, "--child", str(seed)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    if not first:
        process.kill()
        _, err = process.communicate()
        raise SystemExit(f"the app did not start:\n{err[-3000:]}")
    return process, first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50, help="how many kills (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--most", type=float, default=3.0, metavar="S",
                        help="kill at a random moment up to this long after the start (3 s)")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child)
    rng = random.Random(args.seed)
    started = time.monotonic()
    resumed = 0
    with tempfile.TemporaryDirectory(prefix="jass-tutor-kill-") as folder:
        home = Path(folder)
        expected = (0, "-")
        for kill in range(1, args.kills + 1):
            process, first = start(home, rng.randrange(1 << 30))
            kind, count, mark = first.split()
            if expected[0] and (kind != "resumed" or (int(count), mark) != expected):
                print(f"kill {kill}: saved {expected}, but the app said {first!r}",
                      file=sys.stderr)
                process.kill()
                return 1
            resumed += kind == "resumed"
            time.sleep(rng.uniform(0.05, args.most))
            process.send_signal(signal.SIGKILL)
            process.communicate()
            checks = {name: integrity(home / name) for name in DATABASES}
            stray = sorted(p.name for p in home.iterdir() if p.name not in ALLOWED)
            expected = saved_state(home)
            print(f"kill {kill:3d}: {first:40s} -> saved {expected[0]:4d} events; "
                  f"integrity {checks}", flush=True)
            if any(check != "ok" for check in checks.values()) or stray:
                print(f"kill {kill}: integrity {checks}, files moved aside: {stray}",
                      file=sys.stderr)
                return 1
        process, first = start(home, 0)  # the last kill's game too
        process.kill()
        process.communicate()
        if expected[0] and first.split()[1:] != [str(expected[0]), expected[1]]:
            print(f"last restart: saved {expected}, but the app said {first!r}", file=sys.stderr)
            return 1
    print(f"{args.kills} kills with SIGKILL during play in {time.monotonic() - started:.0f} s: "
          f"every restart passed integrity_check on both databases, moved nothing aside and "
          f"resumed the exact saved events ({resumed} resumed games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
