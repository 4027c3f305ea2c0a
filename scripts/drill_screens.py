"""Screenshots of "From your games" (issue 36): a drill of a position kept from a game, its
verdict with the engine's figures open, and the Progress page's entry, in a language, a deck
and a size.

    QT_QPA_PLATFORM=offscreen python scripts/drill_screens.py OUT_DIR --lang de --deck german \
        --size 800x560

Writes ``drill-``, ``drill-verdict-`` and ``drill-progress-`` followed by
``<lang>-<deck>-<size>.png``. The position is a random game's (seed ``--seed``), kept the day
before the drill; the answer is another legal card than the drill's best.

``--open`` shows the window on the drill instead, for the Orca harness of ``../shared/a11y``:
``$OS app .venv/bin/python scripts/drill_screens.py /tmp --open``, then keys and ``spoken``.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

if "--open" not in sys.argv:  # screenshots are offscreen; --open is for a screen reader
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from engine import Game, GameView, Phase, PommeGame, PommePhase, Rules
from tutor.i18n import set_language
from tutor.progress import Progress
from tutor.progress.drills import Drill
from tutor.progress.kept import KeptPosition, kept_pomme_position, kept_position
from tutor.ui.launch import create_application
from tutor.ui.window import MainWindow


def position(seed: int) -> KeptPosition:
    """A card decision of seat 0 with tricks played and more than two legal cards."""
    game, rng = Game(seed=seed), random.Random(seed)
    while not game.is_over:
        view: GameView = game.view(0)
        if (game.current_player == 0 and view.phase is Phase.PLAY and view.tricks
                and len(view.legal_actions) > 2):
            action = view.legal_actions[0]
            return kept_position("screens", view.round, len(view.tricks) + 1, view, action,
                                 action, 12.5, 3.25)
        game.apply(rng.choice(game.legal_actions()))
    raise SystemExit("no position found")


def pomme_position(seed: int, players: int) -> KeptPosition:
    """A card decision of seat 0 at Pomme for ``players``, with a trick in progress and more
    than two legal cards."""
    game, rng = PommeGame(players, seed=seed), random.Random(seed)
    while not game.is_over:
        view = game.view(0)
        if (game.current_player == 0 and view.phase is PommePhase.PLAY and view.trick
                and len(view.legal_actions) > 2):
            action = view.legal_actions[0]
            return kept_pomme_position("screens", view.round, len(view.tricks) + 1, 0, view,
                                       action, action, 12.5, 3.25)
        game.apply(rng.choice(game.legal_actions()))
    raise SystemExit("no position found")


def wait_for(predicate: object, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QApplication.processEvents()
        if callable(predicate) and predicate():
            return
        time.sleep(0.005)
    raise SystemExit("timed out")


def shoot(window: MainWindow, path: Path) -> None:
    for _ in range(5):
        QApplication.processEvents()
    if not window.grab().save(str(path), "PNG"):
        raise SystemExit(f"could not write {path}")
    print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--deck", default="french")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--pomme", type=int, default=0, metavar="PLAYERS",
                        help="a position of Pomme for 2, 3 or 5 players instead of Chibre")
    parser.add_argument("--open", action="store_true",
                        help="show the window on the drill (for a screen reader), no screenshots")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    app = create_application()
    set_language(args.lang)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-drill-"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.lang}-{args.deck}-{args.size}"
    if args.pomme:
        tag = f"pomme{args.pomme}-{tag}"
    now = [datetime(2026, 11, 26, 18, tzinfo=UTC)]  # a Thursday's game
    try:
        progress = Progress(scratch / "p.sqlite3", clock=lambda: now[0])
        progress.keep_positions([pomme_position(args.seed, args.pomme) if args.pomme
                                 else position(args.seed)])
        now[0] += timedelta(days=1)  # the drill, the next day
        settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(Rules(), load_now=True, settings=settings, progress=progress)
        window.change_look(args.deck, window.card_height)
        window.resize(width, height)
        window.show_page("puzzles")
        window.show()
        window.puzzles.start("games")
        panel = window.puzzles.drills
        wait_for(lambda: panel.drill is not None)
        if args.open:
            app.exec()
            return
        shoot(window, args.out / f"drill-{tag}.png")
        drill = panel.drill
        if isinstance(drill, Drill):
            panel.choose(next(a for a in drill.position.view.legal_actions if a != drill.best))
        panel.figures_button.setChecked(True)
        for _ in range(5):
            QApplication.processEvents()
        window.puzzles._drill_answered()  # the verdict at the top, as after an answer
        shoot(window, args.out / f"drill-verdict-{tag}.png")
        window.show_page("progress")
        QApplication.processEvents()
        window.progress_page.ensureWidgetVisible(window.progress_page.drills_line)
        shoot(window, args.out / f"drill-progress-{tag}.png")
        window.close()
        progress.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        app.quit()


if __name__ == "__main__":
    main()
