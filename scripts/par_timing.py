"""How long after a round's end its par is shown on the Play page.

``python scripts/par_timing.py LEVEL ROUNDS``: the three bots play at LEVEL (heuristic or
expert), the learner's seat is played by a club player, with the table's real budgets and the
par in its worker process, without the pauses; prints the median and the slowest, in seconds,
from the round's end to its par. Offscreen.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from engine import Rules
    from engine.chibre.bots import decide, make_bot
    from tutor.games import GameStore
    from tutor.progress import Progress
    from tutor.table.controller import Pauses, Stage
    from tutor.ui.background import QtRunner
    from tutor.ui.launch import create_application
    from tutor.ui.window import MainWindow

    level, rounds = sys.argv[1], int(sys.argv[2])
    app = create_application()
    scratch = Path(tempfile.mkdtemp())
    window = MainWindow(Rules(), load_now=True,
                        settings=QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat),
                        progress=Progress(scratch / "p.sqlite3"),
                        games=GameStore(scratch / "g.sqlite3"))
    window.show_page("play")
    window.show()
    page = window.play
    page.table.pauses = Pauses.none()
    learner = make_bot("heuristic", 99)
    seats = ["learner", level, level, level]

    def wait(done: object) -> None:
        while not done():  # type: ignore[operator]
            app.processEvents()
            time.sleep(0.001)

    times: list[float] = []
    seed = 1
    page.new_game(seats, seed=seed)
    while len(times) < rounds:
        app.processEvents()
        time.sleep(0.001)
        table = page.table
        if table.stage is Stage.LEARNER and not QtRunner.busy():
            table.learner_acts(decide(learner, table.view()))
        elif table.stage is Stage.ROUND_OVER and table.scored is not None:
            number = table.scored.round
            began = time.perf_counter()
            wait(lambda n=number, t=table: n in t.pars)
            times.append(time.perf_counter() - began)
            wait(lambda: not QtRunner.busy())
            table.next_round()
        elif table.stage is Stage.OVER:
            wait(lambda: not QtRunner.busy())
            seed += 1
            page.new_game(seats, seed=seed)
    print(f"{level} bots: the par {len(times)} rounds after their end: median "
          f"{statistics.median(times):.2f} s, max {max(times):.2f} s")
    return 0


if __name__ == "__main__":  # the par's worker process is spawned: it imports this file again
    sys.exit(main())
