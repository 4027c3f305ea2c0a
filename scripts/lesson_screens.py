"""Pictures of lesson steps, as a learner sees them: ``lesson_id:step`` (the step counted from
1) opened at its first screen, in one language, deck and size.

    QT_QPA_PLATFORM=offscreen python scripts/lesson_screens.py docs/course \\
        buur-and-nell:5 leading:3 --lang de --deck german --size 1280x800

Writes ``<lesson_id>-<step>-<lang>-<deck>-<size>.png``. The learner's files are a scratch
folder's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from table_screens import shoot

from engine import Rules
from tutor.games import GameStore
from tutor.i18n import set_language
from tutor.progress import Progress
from tutor.ui.launch import create_application
from tutor.ui.window import MainWindow


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("steps", nargs="+", help="lesson_id:step, the step counted from 1")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--deck", default="french", choices=("french", "german"))
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    create_application()
    set_language(args.lang)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-lessons-"))
    args.out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Rules(), load_now=True, settings=settings, fast=True,
                        progress=Progress(scratch / "p.sqlite3"),
                        games=GameStore(scratch / "g.sqlite3"))
    window.change_look(args.deck, window.card_height)
    window.resize(width, height)
    window.show()
    window.show_page("learn")
    for wanted in args.steps:
        lesson_id, _colon, step = wanted.partition(":")
        learn = window.learn
        learn.open_lesson(lesson_id, 0)
        screens = learn.view.screens
        index = next(i for i, screen in enumerate(screens) if screen.step == int(step) - 1)
        learn.open_lesson(lesson_id, index)
        for _turn in range(20):  # the wrapped texts take their heights over a few turns
            QApplication.processEvents()
        shoot(window, args.out / f"{lesson_id}-{step}-{args.lang}-{args.deck}-{args.size}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
