"""The long checks of ``make reliability`` (issue 19, item 10), run here at their smallest so
that they keep working: two ``kill -9`` during play with restarts (integrity, nothing moved
aside, the exact saved game resumed), and the memory benchmark's arithmetic."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def test_two_kills_during_play_restart_intact_with_the_saved_game(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TMPDIR=str(tmp_path))
    result = subprocess.run([sys.executable, str(SCRIPTS / "kill_loop.py"), "--kills", "2",
                             "--seed", "5"], env=env, capture_output=True, text=True,
                            timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "2 kills with SIGKILL" in result.stdout
    assert result.stdout.count("integrity {'progress.sqlite3': 'ok', 'games.sqlite3': 'ok'}") == 2
    assert not list(tmp_path.glob("jass-tutor-kill-*"))  # its folder is removed


def test_the_memory_benchmark_measures_growth_per_game():
    spec = importlib.util.spec_from_file_location("memory_games", SCRIPTS / "memory_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.slope([100.0, 100.0, 100.0]) == 0.0
    assert abs(module.slope([100.0, 101.25, 102.5, 103.75]) - 1.25) < 1e-9
    assert module.slope([7.0]) == 0.0
    assert module.rss_mb() > 1.0
