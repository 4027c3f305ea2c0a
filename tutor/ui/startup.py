"""How fast the window opens and how much memory the app holds (``python -m tutor.ui.startup``).

Each run starts a fresh ``python -m tutor --startup-report`` process and reads back when its
window was first shown (time since the parent started it) and its peak memory after every page
has been opened, after one start not counted (which compiles the modules, as pip does at
install). Prints the median of the runs; ``--json`` for machines. Figures for
docs/performance.md; not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tutor.vocab import NAVIGATION, Page


class Pages(Protocol):
    """The window as the report uses it (``tutor.ui.window.MainWindow``, whose launch imports this
    module: naming it here would make a cycle)."""

    def show_page(self, name: Page, *, focus: bool = True) -> None: ...


def report_when_shown(app: QApplication, window: Pages, started: float) -> None:
    """Child side: print when the window first showed and the peak memory after every page."""
    import resource

    def shown() -> None:
        shown_at = time.time()
        for name in NAVIGATION:
            window.show_page(name)
            app.processEvents()
        rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({"shown_at": shown_at, "started": started, "max_rss_mb": rss_kb / 1024}))
        app.quit()

    QTimer.singleShot(0, shown)


def measure(runs: int) -> dict[str, float]:
    starts, rss = [], []
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # as a learner starts it: from compiled modules (pip compiles them at install; a checkout
    # writes them at its first start), not recompiling every module at every start
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "tutor", "--startup-report"], env=env,
                   capture_output=True, check=True)  # the warm-up: writes them
    for _ in range(runs):
        began = time.time()
        out = subprocess.run([sys.executable, "-m", "tutor", "--startup-report"], env=env,
                             capture_output=True, text=True, check=True).stdout
        data = json.loads(out.strip().splitlines()[-1])
        starts.append(data["shown_at"] - began)
        rss.append(data["max_rss_mb"])
    return {"runs": runs, "first_window_s_median": statistics.median(starts),
            "first_window_s_max": max(starts), "max_rss_mb": max(rss),
            "platform": env["QT_QPA_PLATFORM"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.ui.startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.runs)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"first window shown: median {result['first_window_s_median']:.2f} s, "
              f"slowest {result['first_window_s_max']:.2f} s over {args.runs} runs "
              f"({result['platform']})")
        print(f"peak memory after opening every page: {result['max_rss_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
