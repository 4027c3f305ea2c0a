"""Opens the app on a new game of Pomme (for two by default), with fast bots, for the Orca
harness of ``../shared/a11y`` (issue 32): what a screen reader user hears at the blind's choice,
the cards given up, the round's end and its review.

    OS=../shared/a11y/orca-session; $OS start
    JASS_TUTOR_HOME=$(mktemp -d) LC_ALL=C.UTF-8 $OS app .venv/bin/python scripts/a11y_pomme.py 2
    $OS key Return ...; $OS spoken
"""

from __future__ import annotations

import random
import sys

from engine import Rules
from tutor.table import pomme as pomme_table
from tutor.ui.launch import create_application
from tutor.ui.window import MainWindow
from tutor.vocab import LEARNER


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    app = create_application()
    pomme_table.random = random.Random(3)  # type: ignore[assignment]
    window = MainWindow(Rules(), fast=True)
    window.resize(1280, 800)
    window.show_page("play")
    window.show()
    window.play.new_game([LEARNER, *["heuristic"] * (players - 1)])
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
