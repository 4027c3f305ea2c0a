"""The second break-it audit's failures (issue 38), tried again against this checkout.

Each attack named in the issue runs in a process of its own, in a temporary data folder
(``JASS_TUTOR_HOME``), offscreen where Qt is needed, under a timeout: it *held* when its
checks pass in time, and *failed* when they do not, when it raises, or when it hangs (a hang
is a failure). This re-runs only the failures the issue lists (grouped as it groups them), not
the audit's 308 attacks that held already. Figures: docs/reliability.md, "Second audit".

    .venv/bin/python scripts/fault_audit.py [--timeout 90] [-k NAME]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent

PRELUDE = """
import json, os, signal, sqlite3, subprocess, sys, time, threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
HOME = Path(os.environ["JASS_TUTOR_HOME"])
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

def within(seconds, work):
    '''work() on a thread; AssertionError if it has not returned in time (a hang).'''
    out = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, "hung"
    return out[0]

def record(path, when=START):
    from tutor.progress import Progress, PuzzleRef
    return Progress(path, clock=lambda: when)

def puzzle(n):
    from tutor.progress import PuzzleRef
    return PuzzleRef(f"p{n:03}", ("trump-in",), 3)

def attempts(path):
    conn = sqlite3.connect(path)
    try:
        return sorted(r[0] for r in conn.execute("SELECT puzzle_id FROM attempts"))
    finally:
        conn.close()

def content_root():
    import shutil
    from tutor.data import data_root
    root = HOME / "content"
    shutil.copytree(data_root() / "lessons", root / "lessons")
    (root / "puzzles").mkdir()
    for name in ("legal.yaml", "winner.yaml", "points.yaml", "engine-checks.json"):
        shutil.copy(data_root() / "puzzles" / name, root / "puzzles")
    return root
"""

APP = """
from PySide6.QtCore import QTimer
from tutor.ui.launch import create_application, end_on_sigterm
from tutor.ui.window import MainWindow
from tutor.table.worker import record_in

def main(then):
    record_in(HOME)
    app = create_application()
    window = MainWindow(load_now=False)
    print(window.play.worker.call(os.getpid), flush=True)
    [listed] = HOME.glob("workers-*.pids")  # what the next start would find after a kill -9
    print(" ".join(listed.read_text().split()), flush=True)
    end_on_sigterm(app, window)
    then(app)
"""

WORKERS_GONE = """
def alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")

def workers_gone(how):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", PRELUDE_TEXT + APP_TEXT + how], env=env,
                          capture_output=True, text=True, timeout=60)
    pids = [int(w) for w in done.stdout.splitlines()[1].split()]
    assert len(pids) == 2, pids  # the worker and the resource tracker
    deadline = time.monotonic() + 60
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(p) for p in pids), "a worker process outlived the app"
    return done
"""

ATTACKS: dict[str, tuple[str, str]] = {
    # --- high ---------------------------------------------------------------------------------
    "H1 FIFO in place of settings.ini": ("high", """
os.mkfifo(HOME / "settings.ini")
from tutor.ui.settings_file import app_settings, moved_notice
settings = within(20, app_settings)
assert "moved aside" in moved_notice(settings)
"""),
    "H2 FIFO in place of progress.sqlite3": ("high", """
os.mkfifo(HOME / "progress.sqlite3")
def use():
    with record(HOME / "progress.sqlite3") as opened:
        assert opened.moved_to is not None and "FIFO" in opened.notice
        opened.record_attempt(puzzle(1), "HJ", True, 1.0)
        return True
assert within(20, use)
"""),
    "H3 FIFO in place of games.sqlite3": ("high", """
os.mkfifo(HOME / "games.sqlite3")
from tutor.games import GameStore
def use():
    with GameStore(HOME / "games.sqlite3") as games:
        assert games.moved_to is not None and games.current() is None
        return True
assert within(20, use)
"""),
    "H4 engine-checks.json a FIFO": ("high", """
root = content_root()
(root / "puzzles" / "engine-checks.json").unlink()
os.mkfifo(root / "puzzles" / "engine-checks.json")
from tutor.content.strategy import Checks
checks = within(20, lambda: Checks(root / "puzzles" / "engine-checks.json"))
assert checks.problem and "FIFO" in checks.problem
"""),
    "H5 engine-checks.json a link to /dev/zero": ("high", """
root = content_root()
(root / "puzzles" / "engine-checks.json").unlink()
(root / "puzzles" / "engine-checks.json").symlink_to("/dev/zero")
import resource
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from tutor.content.strategy import Checks
checks = within(20, lambda: Checks(root / "puzzles" / "engine-checks.json"))
assert checks.problem and checks.kept == {}
"""),
    "H6 engine-checks.json deeply nested": ("high", """
root = content_root()
(root / "puzzles" / "engine-checks.json").write_text("[" * 100000 + "]" * 100000)
from tutor.content.strategy import Checks
checks = within(20, lambda: Checks(root / "puzzles" / "engine-checks.json"))
assert checks.problem and checks.kept == {}
"""),
    "H7 engine-checks.json huge": ("high", """
root = content_root()
with open(root / "puzzles" / "engine-checks.json", "w") as f:
    f.write('{"checks": {' + ",".join(f'"k{i}": {{}}' for i in range(800000)) + '}}')
import resource
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from tutor.content.strategy import Checks
checks = within(20, lambda: Checks(root / "puzzles" / "engine-checks.json"))
assert checks.problem and "over the" in checks.problem
"""),
    "H8 damaged .mo of the saved language": ("high", """
import shutil
from tutor import i18n
copy = HOME / "locale"
shutil.copytree(i18n.LOCALE_DIR, copy)
(copy / "fr" / "LC_MESSAGES" / "tutor.mo").write_bytes(b"garbage" * 10)
i18n.LOCALE_DIR = copy
assert "fr" not in i18n.available_languages()
assert "tutor.mo" in i18n.catalog_problem("fr")
"""),
    # --- medium -------------------------------------------------------------------------------
    "M1 zero-byte kept file": ("medium", """
path = HOME / "progress.sqlite3"
with record(path) as r:
    r.record_attempt(puzzle(1), "HJ", True, 1.0)
(HOME / "progress.sqlite3.kept-20260301-120000").write_bytes(b"")
with record(path) as r:
    assert "cannot be restored" in r.notice and len(r.attempts()) == 1
assert list(HOME.glob("*.unusable-*"))
"""),
    "M2 table-less kept file": ("medium", """
path = HOME / "progress.sqlite3"
with record(path) as r:
    r.record_attempt(puzzle(1), "HJ", True, 1.0)
conn = sqlite3.connect(HOME / "progress.sqlite3.kept-20260301-120000")
conn.execute("CREATE TABLE x (y)"); conn.close()
with record(path) as r:
    assert "cannot be restored" in r.notice and len(r.attempts()) == 1
"""),
    "M3 two kept files (two windows on a read-only file)": ("medium", """
path = HOME / "progress.sqlite3"
record(path).close()
one, two = record(path), record(path)
for n, r in enumerate((one, two), 1):
    r._file.execute("PRAGMA query_only = ON")
    r.record_attempt(puzzle(n), "HJ", True, 1.0)
one.keep_unsaved(START); two.keep_unsaved(START + timedelta(minutes=1))
one.close(); two.close()
record(path).close()
assert attempts(path) == ["p001", "p002"]
with record(path) as r:  # the next start applies nothing again
    assert r.notice is None
assert attempts(path) == ["p001", "p002"]
"""),
    "M4 kept image older than later writes": ("medium", """
path = HOME / "progress.sqlite3"
record(path).close()
r = record(path); r._file.execute("PRAGMA query_only = ON")
r.record_attempt(puzzle(1), "HJ", True, 1.0)
kept = r.keep_unsaved(START); r._file.execute("PRAGMA query_only = OFF"); r.close()
hidden = kept.rename(HOME / "hidden")
with record(path) as r:
    for _ in range(3):
        r.record_attempt(puzzle(2), "HJ", False, 1.0)
    rating = r.rating().value
hidden.rename(kept)
os.utime(kept, (path.stat().st_mtime - 3600,) * 2)
with record(path) as r:
    assert r.rating().value == rating  # not rolled back
assert attempts(path) == ["p001", "p002", "p002", "p002"]
"""),
    "M5 the notice says what was restored and where the rest is": ("medium", """
path = HOME / "progress.sqlite3"
record(path).close()
r = record(path); r._file.execute("PRAGMA query_only = ON")
r.record_attempt(puzzle(1), "HJ", True, 1.0)
kept = r.keep_unsaved(START); r.close()
with record(path) as again:
    [applied] = HOME.glob("*.applied-*")
    assert "rows of it are added" in again.notice and str(applied) in again.notice
"""),
    "M6 SIGTERM leaves no worker or tracker": ("medium", WORKERS_GONE + """
done = workers_gone("main(lambda app: (QTimer.singleShot(300, lambda: os.kill(os.getpid(), "
                    "signal.SIGTERM)), app.exec()))\\n")
assert done.returncode == 0, done.stderr[-500:]
"""),
    "M7 kill -9 leaves no worker or tracker": ("medium", WORKERS_GONE + """
done = workers_gone("main(lambda app: os.kill(os.getpid(), 9))\\n")
assert done.returncode == -9
from tutor.table.worker import end_orphans
assert end_orphans(HOME) == [] and not list(HOME.glob("workers-*.pids"))
"""),
    "M8 a load of unkept strategy items stops at a quit": ("medium", """
root = content_root()
(root / "puzzles" / "engine-checks.json").unlink()  # every strategy item is measured
from tutor.content import loader
threading.Timer(3.0, loader.stop_loading).start()
started = time.monotonic()
try:
    loader.load_content(root)
    raise AssertionError("the load did not stop")
except loader.Stopped:
    pass
assert time.monotonic() - started < 10, time.monotonic() - started
"""),
    "M9 non-finite kept figures": ("medium", """
from tutor.content.strategy import solution_from_json
for bad in ("NaN", "Infinity", "-Infinity"):
    data = json.loads('{"values": [["HA", %s], ["H6", 1]], "errors": [["H6", 1]], '
                      '"deals": 40, "unit": "share", "model": []}' % bad)
    assert solution_from_json(data) is None
"""),
    "M10 symlink loop in lessons/": ("medium", """
root = content_root()
(root / "lessons" / "99-loop.yaml").symlink_to(root / "lessons" / "99-loop.yaml")
from tutor.content.loader import load_content
content = load_content(root)
assert len(content.lessons) > 20 and any("link" in p.message for p in content.problems)
"""),
    "M11 symlink loop at puzzles/RETIRED": ("medium", """
root = content_root()
(root / "puzzles" / "RETIRED").symlink_to(root / "puzzles" / "RETIRED")
from tutor.content.loader import load_content
content = load_content(root)
assert len(content.lessons) > 20 and content.puzzles
"""),
    "M12 one unreadable finished-game row": ("medium", """
from engine import Game
from tutor.games import GameStore
path = HOME / "games.sqlite3"
seats = ["learner", "expert", "expert", "expert"]
game = Game(seed=5)
while not game.is_over:
    game.apply(game.legal_actions()[0])
with GameStore(path) as games:
    games.save_current("g1", game.events, seats=seats, rules=game.rules)
    games.finish("g1", game.events)
    now = Game(seed=3)
    games.save_current("g2", now.events, seats=seats, rules=now.rules)
conn = sqlite3.connect(path)
with conn:
    conn.execute("PRAGMA ignore_check_constraints = ON")
    conn.execute("UPDATE finished_games SET score_b = 'lots'")
conn.close()
with GameStore(path) as games:
    assert games.moved_to is None and "'g1'" in games.notice
    assert games.current() is not None
"""),
    # --- low ----------------------------------------------------------------------------------
    "L1 kept figures sanity-checked": ("low", """
from tutor.content.strategy import solution_from_json
good = {"values": [["HA", 0.8], ["H6", 0.1]], "errors": [["H6", 0.01]], "deals": 40,
        "unit": "share", "model": []}
assert solution_from_json(good) is not None
assert solution_from_json({**good, "values": [["HA", 75.45], ["H6", 0.1]]}) is None
assert solution_from_json({**good, "deals": True}) is None
"""),
    "L2 a damaged kept figure is measured again": ("low", """
from tutor.content import strategy
from tutor.content.loader import load_content
from tutor.data import data_root
task = load_content(data_root()).strategy_tasks()[0]
path = HOME / "engine-checks.json"
path.write_text(json.dumps({"checks": {strategy.digest(task): {"values": [["HA", 80]],
    "errors": [], "deals": 40, "unit": "share", "model": []}}}))
solution = strategy.Checks(path).solve(task)
assert solution == strategy.measure(task)
"""),
    "L3 a missing engine-checks.json is said": ("low", """
from tutor.content.strategy import Checks
assert "no file of kept figures" in Checks(HOME / "engine-checks.json").problem
"""),
    "L4 a failed kept write leaves no .part": ("low", """
path = HOME / "progress.sqlite3"
r = record(path); r._file.execute("PRAGMA query_only = ON")
r.record_attempt(puzzle(1), "HJ", True, 1.0)
from tutor.progress import store
def full(_fd):
    raise OSError(28, "No space left on device")
store.os.fsync = full
assert r.save_before_closing() is not None
assert not list(HOME.glob("*.part"))
"""),
    "L5 a symlinked kept file is not followed": ("low", """
(HOME / "data").mkdir()
path = HOME / "data" / "progress.sqlite3"
record(path).close()
outside = HOME / "outside.sqlite3"
with record(outside) as r:
    r.record_attempt(puzzle(1), "HJ", True, 1.0)
(HOME / "data" / "progress.sqlite3.kept-20260301-120000").symlink_to(outside)
with record(path) as r:
    assert r.attempts() == [] and "link" in r.notice
assert attempts(outside) == ["p001"]
"""),
    "L6 an unreadable settings.ini is named": ("low", """
(HOME / "settings.ini").mkdir()
from tutor.ui.settings_file import app_settings, moved_notice
assert "cannot be read" in moved_notice(app_settings())
"""),
    "L7 --install-desktop through a symlink": ("low", """
from tutor import desktop
target = desktop.targets(HOME / "share")[2]
target.parent.mkdir(parents=True)
(HOME / "mine").write_text("mine")
target.symlink_to(HOME / "mine")
assert desktop.command(True, HOME / "share") == 1
assert (HOME / "mine").read_text() == "mine"
assert not desktop.targets(HOME / "share")[0].exists()
"""),
    "L8 --install-desktop on a FIFO": ("low", """
from tutor import desktop
target = desktop.targets(HOME / "share")[0]
target.parent.mkdir(parents=True)
os.mkfifo(target)
assert within(20, lambda: desktop.command(True, HOME / "share")) == 1
"""),
    "L9 --install-desktop partial install": ("low", """
from tutor import desktop
entry, icon, meta = desktop.targets(HOME / "share")
meta.parent.parent.mkdir(parents=True)
meta.parent.write_text("in the way")
assert desktop.command(True, HOME / "share") == 1
assert not entry.exists() and not icon.exists() and not list(HOME.rglob("*.part"))
"""),
    "L10 --size has an upper bound": ("low", """
done = subprocess.run([sys.executable, "-m", "tutor", "--screenshot", str(HOME / "x.png"),
                       "--size", "20000x20000"], capture_output=True, text=True, timeout=60)
assert done.returncode == 2 and "largest" in done.stderr and not (HOME / "x.png").exists()
"""),
    "L11 Game(dealer=1.0)": ("low", """
from engine import Game
try:
    Game(dealer=1.0)
    raise AssertionError("accepted")
except ValueError as error:
    assert "dealer" in str(error)
"""),
    "L12 Game(scores=(True, False))": ("low", """
from engine import Game
try:
    Game(scores=(True, False))
    raise AssertionError("accepted")
except ValueError:
    pass
"""),
    "L13 a saved game with target 10**100": ("low", """
from engine import Game, Rules
try:
    Rules(target=10**100)
    raise AssertionError("accepted")
except ValueError:
    pass
"""),
}


def run(name: str, code: str, timeout: float) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="jass-audit-") as home:
        env = dict(os.environ, JASS_TUTOR_HOME=home, QT_QPA_PLATFORM="offscreen",
                   PYTHONPATH=str(PROJECT))
        script = (PRELUDE + f"PRELUDE_TEXT = {PRELUDE!r}\nAPP_TEXT = {APP!r}\n"
                  + textwrap.dedent(code) + "\nprint('HELD')\n")
        try:
            done = subprocess.run([sys.executable, "-c", script], env=env, cwd=PROJECT,
                                  capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return False, f"hung past {timeout:g} s"
        if done.returncode == 0 and done.stdout.rstrip().endswith("HELD"):
            return True, ""
        return False, (done.stderr.strip().splitlines() or ["no output"])[-1][:200]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per attack")
    parser.add_argument("-k", default="", help="only the attacks whose name holds this")
    args = parser.parse_args()
    held = failed = 0
    by_level: dict[str, list[int]] = {}
    for name, (level, code) in ATTACKS.items():
        if args.k.lower() not in name.lower():
            continue
        started = time.monotonic()
        ok, why = run(name, code, args.timeout)
        took = time.monotonic() - started
        held += ok
        failed += not ok
        by_level.setdefault(level, [0, 0])[0 if ok else 1] += 1
        print(f"{'held  ' if ok else 'FAILED'} {name} ({took:.1f} s){'' if ok else ': ' + why}",
              flush=True)
    counts = ", ".join(f"{level} {h} held / {f} failed" for level, (h, f) in by_level.items())
    print(f"\n{held} held, {failed} failed of {held + failed} attacks ({counts})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
