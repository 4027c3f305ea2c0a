"""The command line at its edges (issue 19, item 9): a bad ``--lesson`` is refused by argparse
with a usage error, and ``--screenshot`` leaves no temporary folder behind (``--watch``: see
tests/test_ui_play.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tutor.__main__ import main


@pytest.mark.parametrize("value, said", [
    ("first-steps:abc", "'abc' is not a screen"),
    ("first-steps:0", "'0' is not a screen"),
    ("first-steps:-2", "'-2' is not a screen"),
    ("first-steps:", "'' is not a screen"),
    ("first-steps:²", "'²' is not a screen"),
    (":3", "names no lesson"),
    ("", "names no lesson"),
])
def test_a_bad_lesson_reference_is_a_usage_error_not_a_traceback(value, said, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--screenshot", "x.png", "--lesson", value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --lesson:" in err and said in err
    assert "Traceback" not in err


def test_a_good_lesson_reference_is_accepted_by_the_parser():
    from tutor.__main__ import _parser

    assert _parser().parse_args(["--lesson", "first-steps:2"]).lesson == "first-steps:2"
    assert _parser().parse_args(["--lesson", "first-steps"]).lesson == "first-steps"


def test_a_screenshot_removes_its_temporary_folder(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    path = tmp_path / "s.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TMPDIR=str(temporary))
    result = subprocess.run([sys.executable, "-m", "tutor", "--screenshot", str(path),
                             "--page", "play"],
                            env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert path.stat().st_size > 1000
    assert not [p for p in temporary.iterdir() if p.name.startswith("jass-tutor-")]
