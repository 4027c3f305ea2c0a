"""Memory over many games in one window: four bots play fast games one after the other in the
app's main window (offscreen, no pauses, as ``jass-tutor --watch --fast``), and the resident
memory is read after each game. Prints one line per game and, at the end, the growth per game
over the second half (the first games warm caches: fonts, card images, the bots' tables).

    .venv/bin/python scripts/memory_games.py --games 150 [--max-growth 0.1]

Exits 1 when ``--max-growth`` (MB per game) is given and exceeded. Part of ``make reliability``,
not of ``make test`` (150 games take minutes).
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
from pathlib import Path


def rss_mb() -> float:
    """The resident set size now (Linux: /proc), else the peak (other POSIX systems)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def slope(values: list[float]) -> float:
    """The least-squares growth per step of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean_x = (n - 1) / 2
    mean_y = sum(values) / n
    num = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values))
    den = sum((x - mean_x) ** 2 for x in range(n))
    return num / den


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="how many games (default 150)")
    parser.add_argument("--max-growth", type=float, default=None, metavar="MB",
                        help="fail when memory grows more than this per game (second half)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--target", type=int, default=1000,
                        help="the points a game is played to (default 1000; 300 is the guided "
                             "game's: 2 or 3 rounds, a quicker run of the same code)")
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("argument --games: at least 2")

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QTimer

    from engine import Rules
    from engine.events import ACTION_EVENTS
    from tutor.games import GameStore
    from tutor.progress import Progress
    from tutor.ui.launch import create_application
    from tutor.ui.window import MainWindow
    from tutor.vocab import DEFAULT_BOT

    app = create_application()
    with tempfile.TemporaryDirectory(prefix="jass-tutor-memory-") as folder:
        scratch = Path(folder)
        settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(Rules(target=args.target), load_now=False, settings=settings,
                            fast=True,
                            progress=Progress(scratch / "progress.sqlite3"),
                            games=GameStore(scratch / "games.sqlite3"))
        window.resize(1180, 780)
        window.show_page("play")
        window.show()
        sizes: list[float] = []
        actions = 0
        started = time.monotonic()

        def start(number: int) -> None:
            window.play.new_game([DEFAULT_BOT] * 4, seed=args.seed + number)

        def over() -> None:
            nonlocal actions
            table = window.play.table
            if table.session is not None:  # the learner's decisions and the bots' alike
                actions += sum(isinstance(event, ACTION_EVENTS)
                               for event in table.session.game.events)
            gc.collect()
            sizes.append(rss_mb())
            number = len(sizes)
            print(f"game {number:4d}  rss {sizes[-1]:8.1f} MB", flush=True)
            if number >= args.games:
                QTimer.singleShot(0, app.quit)
            else:
                QTimer.singleShot(0, lambda: start(number))

        window.play.on_game_over = over
        start(0)
        app.exec()
        window.close()
        window.deleteLater()
        app.processEvents()
    if len(sizes) < args.games:
        print(f"only {len(sizes)} of {args.games} games finished", file=sys.stderr)
        return 1
    half = sizes[len(sizes) // 2:]
    growth = slope(half)
    print(f"{args.games} games in {time.monotonic() - started:.0f} s: rss {sizes[0]:.1f} -> "
          f"{sizes[-1]:.1f} MB; growth over the second half {growth:+.3f} MB per game "
          f"(whole run {(sizes[-1] - sizes[0]) / (len(sizes) - 1):+.3f}); {actions} actions "
          f"played to {args.target} points, {actions / len(sizes):.0f} per game")
    if args.max_growth is not None and growth > args.max_growth:
        print(f"memory grows {growth:.3f} MB per game, over {args.max_growth}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
