"""Screenshots of the moments (issue 35): a lesson's completion, a game's end once the coach's
review has landed, and the Statistics with a few games in them, in a language, a deck, a size
and an appearance.

    QT_QPA_PLATFORM=offscreen python scripts/moment_screens.py OUT_DIR --lang de --deck german \
        --size 800x560 --appearance dark

Writes ``lesson-end-``, ``game-end-`` and ``statistics-`` followed by
``<lang>-<deck>-<size>-<appearance>.png``. The lesson's answers are a seeded session's (one
exercise missed at the first try); the game is played to a short target by the first legal
card against the fast bots, after four random games recorded with their mistakes by theme and
par, all in a scratch folder.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication
from table_screens import arguments, scratch_window, shoot  # scripts/, beside this one

from engine import Game, Rules
from tutor.games import GameStore
from tutor.table.flow import Stage
from tutor.table.result import reviewing
from tutor.ui.background import QtRunner
from tutor.ui.window import MainWindow

SEATS = ("learner", "heuristic", "heuristic", "heuristic")
THEMES = ({"leading": 2, "buur-nell": 1}, {"leading": 1, "partner-play": 2},
          {"discard-signal": 1}, {"leading": 1, "last-tricks": 1})


def record_games(games: GameStore, seed: int) -> None:
    """Four random games, finished, with their mistakes by theme and a par."""
    for number, themes in enumerate(THEMES):
        rng = random.Random(seed + number)
        game = Game(Rules(), seed=seed + number)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        game_id = f"old{number}"
        games.save_current(game_id, game.events[:-3], seats=SEATS, rules=game.rules)
        games.finish(game_id, game.events)
        games.set_mistakes(game_id, sum(themes.values()) + 1, themes)
        games.set_par(game_id, (-(8 + 5 * number), 4))


def lesson_end(window: MainWindow, out: Path) -> None:
    """The second lesson's completion: every exercise done, one missed at the first try."""
    lesson = window.learn.lessons[1]
    for index in range(len(lesson.exercises)):
        window.progress.record_exercise(lesson.id, index, True)
    view = window.learn.view
    view.first_answers[lesson.id] = {i: i != 1 for i in range(len(lesson.exercises))}
    view.earlier[lesson.id] = frozenset()
    window.show_page("learn")
    window.learn.open_lesson(lesson.id, 10_000)
    shoot(window, out)


def game_end(window: MainWindow, out: Path, seed: int) -> None:
    """A game to 300 by the first legal card, its result once every round is reviewed."""
    window.show_page("play")
    page = window.play
    page.new_game(list(SEATS), seed=seed)
    end = time.monotonic() + 600
    while time.monotonic() < end:
        QApplication.processEvents()
        table = page.table
        if QtRunner.busy():
            time.sleep(0.005)
            continue
        if table.stage is Stage.OVER:
            if not reviewing(table):
                break
        elif table.stage is Stage.ROUND_OVER:
            table.next_round()
        elif table.stage is Stage.WARNING:
            table.play_anyway()
        elif table.stage is Stage.LEARNER:
            page.learner_acts(table.view().legal_actions[0])  # type: ignore[union-attr]
        time.sleep(0.005)
    shoot(window, out)


def main() -> int:
    args = arguments(__doc__)
    tag = f"{args.lang}-{args.deck}-{args.size}-{args.appearance}"
    with scratch_window(args, Rules(target=300), fast=True,
                        prepare=lambda games: record_games(games, args.seed)) as window:
        lesson_end(window, args.out / f"lesson-end-{tag}.png")
        game_end(window, args.out / f"game-end-{tag}.png", args.seed)
        window.play.show_statistics()
        shoot(window, args.out / f"statistics-{tag}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
