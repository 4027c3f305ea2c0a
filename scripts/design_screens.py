"""The screens of issue 35's before-and-after, in one language, deck, size and appearance:
Progress, Learn (a lesson's exercise and lesson 1's recorded round), Puzzles (a puzzle open),
Play (the empty table, a trick in progress, the end of a guided game), Statistics, Settings.

    QT_QPA_PLATFORM=offscreen python scripts/design_screens.py OUT_DIR --lang de \
        --deck german --size 800x560 --appearance dark

Writes ``<view>-<lang>-<deck>-<size>-<appearance>.png``. The learner's files are a scratch
folder's; the learner's choices at the table are the first legal card (``table_screens.act``),
the bots are the fast ones. Runs on older commits too (no ``--appearance`` there: light), so
that the "before" pictures are made by the same script.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from table_screens import act, settle, shoot

from engine import Rules
from tutor.games import GameStore
from tutor.i18n import set_language
from tutor.progress import Progress
from tutor.table.flow import Stage
from tutor.ui.launch import create_application
from tutor.ui.window import MainWindow

VIEWS = ("progress", "lesson", "lesson-round", "puzzles", "play-empty", "play-trick",
         "play-end", "statistics", "settings")


def open_screen(window: MainWindow, lesson_id: str, want_round: bool) -> None:
    """Open ``lesson_id`` at its first screen with a recorded round (``want_round``), else at
    its first exercise."""
    learn = window.learn
    learn.open_lesson(lesson_id, 0)
    view = learn.view
    for index, screen in enumerate(view.screens):
        step = view.lesson.steps[screen.step]  # type: ignore[union-attr]
        if (want_round and step.round is not None) or \
                (not want_round and screen.exercise is not None):
            learn.open_lesson(lesson_id, index)
            return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--deck", default="french", choices=("french", "german"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--appearance", default="light", choices=("light", "dark", "contrast"))
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--views", default=",".join(VIEWS))
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    views = args.views.split(",")
    app = create_application()
    set_language(args.lang)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-design-"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.lang}-{args.deck}-{args.size}-{args.appearance}"
    try:
        settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("appearance", args.appearance)
        progress, games = Progress(scratch / "p.sqlite3"), GameStore(scratch / "g.sqlite3")
        window = MainWindow(Rules(), load_now=True, settings=settings, progress=progress,
                            games=games, fast=True)
        window.change_look(args.deck, window.card_height)
        window.resize(width, height)
        window.show()

        def page(name: str, view: str) -> None:
            window.show_page(name)  # type: ignore[arg-type]
            if view in views:
                shoot(window, args.out / f"{view}-{tag}.png")

        page("progress", "progress")
        if "lesson" in views:
            window.show_page("learn")
            open_screen(window, "who-wins-a-trick", want_round=False)
            shoot(window, args.out / f"lesson-{tag}.png")
        if "lesson-round" in views:
            window.show_page("learn")
            open_screen(window, "the-game", want_round=True)
            shoot(window, args.out / f"lesson-round-{tag}.png")
        if "puzzles" in views:
            window.show_page("puzzles")
            window.puzzles.rng = random.Random(args.seed)
            window.puzzles.start("filter")
            shoot(window, args.out / f"puzzles-{tag}.png")
        page("play", "play-empty")
        if {"play-trick", "play-end", "statistics"} & set(views):
            window.play.new_game(["learner", "heuristic", "heuristic", "heuristic"],
                                 seed=args.seed, guided=True)
            settle(window)
            table = window.play.at_table
            # mid-trick: the learner to play with cards already on the table
            while table.view() is None or len(table.view().tricks) < 3 or \
                    not table.view().trick or \
                    table.stage is not Stage.LEARNER:  # type: ignore[union-attr]
                act(window)
                settle(window)
            if "play-trick" in views:
                shoot(window, args.out / f"play-trick-{tag}.png")
            while table.stage is not Stage.OVER:
                if table.stage is Stage.ROUND_OVER:
                    table.next_round()
                else:
                    act(window)
                settle(window)
            if "play-end" in views:
                shoot(window, args.out / f"play-end-{tag}.png")
            if "statistics" in views:
                window.play.show_statistics()
                shoot(window, args.out / f"statistics-{tag}.png")
        page("settings", "settings")
        window.close()
        progress.close()
        games.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    QApplication.processEvents()
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
