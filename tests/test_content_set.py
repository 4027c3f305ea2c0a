"""The shipped lessons and puzzles: all load, agree with the engine, and cover the course."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import yaml

from engine import RULE_IDS
from tests.shipped import shipped_content
from tutor.content import THEMES, Content, Kind
from tutor.content.__main__ import MIN_PER_KIND, MIN_PER_THEME, coverage_problems
from tutor.data import PUZZLES, data_root


def content() -> Content:
    return shipped_content()


def test_every_lesson_and_puzzle_agrees_with_the_engine() -> None:
    assert [str(problem) for problem in content().problems] == []


def test_every_rule_id_is_taught_by_some_lesson() -> None:
    taught = {rule for lesson in content().lessons for rule in lesson.rules}
    assert sorted(set(RULE_IDS) - taught) == []


def test_every_theme_has_at_least_five_puzzles() -> None:
    counts = Counter(theme for puzzle in content().puzzles for theme in puzzle.themes)
    thin = {theme.key: counts[theme.key] for theme in THEMES if counts[theme.key] < MIN_PER_THEME}
    assert thin == {}


def test_each_kind_has_its_share_of_puzzles_and_difficulties_spread() -> None:
    kinds = Counter(puzzle.kind for puzzle in content().puzzles)
    assert all(kinds[kind] >= least for kind, least in MIN_PER_KIND.items()), kinds
    for kind in Kind:  # difficulties are estimated (tests/test_difficulty.py): a spread
        levels = {p.difficulty for p in content().puzzles if p.kind == kind}
        assert {1, 2, 3, 4} <= levels, (kind, levels)


def test_no_puzzle_id_is_used_twice_across_files() -> None:
    ids = []
    for path in sorted((data_root() / PUZZLES).glob("*.yaml")):
        ids += [puzzle["id"] for puzzle in yaml.safe_load(path.read_text(encoding="utf-8"))]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    assert len(ids) == len(content().puzzles)


def test_sixteen_lessons_in_order_each_with_three_exercises() -> None:
    lessons = content().lessons
    assert len(lessons) >= 16
    assert [lesson.number for lesson in lessons] == sorted({lesson.number for lesson in lessons})
    assert all(len(lesson.exercises) >= 3 for lesson in lessons)


def test_every_puzzle_has_a_hint_that_says_why_it_is_worth_solving() -> None:
    assert [p.id for p in content().puzzles if not p.hint] == []


def test_the_whole_set_has_no_coverage_problem() -> None:
    assert coverage_problems(content()) == []


def test_check_command_passes_and_prints_the_counts() -> None:
    result = subprocess.run([sys.executable, "-m", "tutor.content", "check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "puzzles:" in result.stdout and "by theme:" in result.stdout
    assert "every lesson and puzzle agrees with the engine" in result.stdout
