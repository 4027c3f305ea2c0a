"""The benchmark command runs and prints its figures (their values are not tested)."""

from __future__ import annotations

import json

from engine import bench


def test_bench_json_has_the_figures_the_readme_reports(capsys):
    assert bench.main(["--json", "--quick"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("rounds_per_s", "legal_calls_per_s", "legal_public_calls_per_s",
                "game_rounds_per_s", "find_weis_hands_per_s", "pomme3_rounds_per_s",
                "pomme5_rounds_per_s"):
        assert isinstance(figures[key], int) and figures[key] > 0
        assert figures[key] >= figures[key.replace("_per_s", "_per_s_median")]
    assert figures["python"].count(".") == 2


def test_bench_table_names_the_python_version(capsys):
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Python 3.") and "rounds/s" in out and "find_weis" in out
    assert "Pomme for 3" in out and "Pomme for 5" in out
