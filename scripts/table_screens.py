"""Screenshots of the Play page's tables (issues 32 and 34): a game of Chibre with the coach's
hint on show, the review of a round of Chibre with its par, a game of Pomme for two at the
blind's choice, and the review of a round of Pomme with its par, in a language, a deck and a
size.

    QT_QPA_PLATFORM=offscreen python scripts/table_screens.py OUT_DIR --lang de --deck german \
        --size 800x560 [--appearance dark]

Writes ``empty-`` (the table before a game), ``chibre-hint-``, ``chibre-round-over-``,
``chibre-review-``, ``pomme2-blind-`` and ``pomme-review-`` followed by
``<lang>-<deck>-<size>-<appearance>.png`` (``--appearance``: light, dark or contrast). The
learner's choices are made by a seeded script (the blind
exchanged, the first legal card), the bots are the table's fast ones, the coach's review is the
table's own, and the files are the learner's own scratch folder's.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("JASS_TUTOR_NO_MOTION", "1")  # the screenshots show where cards lie

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from engine import Card, PommeChoice, PommePhase, Rules
from tutor.games import GameStore
from tutor.i18n import set_language
from tutor.progress import Progress
from tutor.settings import APPEARANCE_KEY
from tutor.table import pomme as pomme_table
from tutor.table.flow import Stage
from tutor.ui.background import QtRunner
from tutor.ui.launch import create_application
from tutor.ui.window import MainWindow


def settle(window: MainWindow, timeout: float = 120.0) -> None:
    table = window.play.at_table
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QApplication.processEvents()
        if table.stage in (Stage.LEARNER, Stage.WARNING, Stage.ROUND_OVER, Stage.OVER,
                           Stage.FAILED) and not QtRunner.busy():
            return
        time.sleep(0.005)
    raise SystemExit(f"the table did not settle ({table.stage})")


def act(window: MainWindow) -> None:
    """One decision of the learner: exchange the blind, keep the 6, else the first legal card
    (a trump choice: the first one offered)."""
    table = window.play.at_table
    if table.stage is Stage.WARNING:
        table.play_anyway()
        return
    view = table.view()
    assert view is not None
    for choice in (PommeChoice.EXCHANGE_BLIND, PommeChoice.KEEP_SIX):
        if choice in view.legal_actions:
            window.play.learner_acts(choice)
            return
    cards = [a for a in view.legal_actions if isinstance(a, Card)]
    window.play.learner_acts(cards[0] if cards else view.legal_actions[0])


def shoot(window: MainWindow, path: Path) -> None:
    for _turn in range(3):
        QApplication.processEvents()
    if not window.grab().save(str(path), "PNG"):
        raise SystemExit(f"could not write {path}")
    print(path)


def wait_for_review(window: MainWindow) -> None:
    """Open the review of the last round and wait for the coach's review (and so the par)."""
    table = window.play.at_table
    window.play.show_review()
    number = table.last_scored().round  # type: ignore[union-attr]
    end = time.monotonic() + 120
    while (table.review_of(number) is None or number not in table.pars) and \
            time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)
    window.play.review.fill()


def chibre(window: MainWindow, out: Path, tag: str, seed: int) -> None:
    """A game of Chibre: the hint at the learner's third card, then the first round's review."""
    bar = window.play.bar
    bar.coach_box.setCurrentIndex(bar.coach_box.findData("request"))
    window.play.new_game(["learner", "heuristic", "heuristic", "heuristic"], seed=seed)
    settle(window)
    table = window.play.at_table
    while table.view() is None or len(table.view().tricks) < 2 or \
            table.stage is not Stage.LEARNER:  # type: ignore[union-attr]
        act(window)
        settle(window)
    window.play.ask_hint()
    end = time.monotonic() + 60
    while table.hinted is None and time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)
    shoot(window, out / f"chibre-hint-{tag}.png")
    while table.stage is not Stage.ROUND_OVER:
        act(window)
        settle(window)
    shoot(window, out / f"chibre-round-over-{tag}.png")
    wait_for_review(window)
    shoot(window, out / f"chibre-review-{tag}.png")


def arguments(doc: str) -> argparse.Namespace:
    """The screenshot scripts' options: the folder, the language, deck, size and seed (and
    what the script adds with ``extra``)."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--deck", default="french", choices=("french", "german"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--appearance", default="light", choices=("light", "dark", "contrast"))
    parser.add_argument("--only", default="", help="only the Chibre shots (chibre)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    return args


@contextlib.contextmanager
def scratch_window(args: argparse.Namespace, rules: Rules, *, fast: bool,
                   prepare: Callable[[GameStore], None] | None = None) -> Iterator[MainWindow]:
    """The main window in ``args``' language, deck, size and appearance, on files in a scratch
    folder (``prepare`` fills the games first), shown; closed and removed afterwards."""
    width, height = (int(v) for v in args.size.split("x"))
    app = create_application()
    set_language(args.lang)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-screens-"))
    try:
        settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue(APPEARANCE_KEY, args.appearance)
        progress, games = Progress(scratch / "p.sqlite3"), GameStore(scratch / "g.sqlite3")
        if prepare is not None:
            prepare(games)
        window = MainWindow(rules, load_now=True, settings=settings, progress=progress,
                            games=games, fast=fast)
        window.change_look(args.deck, window.card_height)
        window.change_appearance(args.appearance)
        window.resize(width, height)
        window.show_page("play")
        window.show()
        yield window
        window.close()
        progress.close()
        games.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    del app


def main() -> int:
    args = arguments(__doc__)
    tag = f"{args.lang}-{args.deck}-{args.size}-{args.appearance}"
    # the coach's own budget: its review's ±
    with scratch_window(args, Rules(), fast=False) as window:
        shoot(window, args.out / f"empty-{tag}.png")
        chibre(window, args.out, tag, args.seed)
        if args.only == "chibre":
            return 0
        pomme_table.random = random.Random(args.seed)  # type: ignore[assignment]
        window.play.new_game(["learner", "heuristic"])
        settle(window)
        while window.play.pomme.view().phase is not PommePhase.BLIND:  # type: ignore[union-attr]
            act(window)
            settle(window)
        shoot(window, args.out / f"pomme2-blind-{tag}.png")
        window.play.new_game(["learner", "heuristic", "heuristic"])
        settle(window)
        while window.play.pomme.stage is not Stage.ROUND_OVER:
            act(window)
            settle(window)
        wait_for_review(window)
        shoot(window, args.out / f"pomme-review-{tag}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
