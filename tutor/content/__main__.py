"""``python -m tutor.content check`` and ``python -m tutor.content generate``.

``check`` loads every lesson and puzzle, re-solves each with the engine, prints the counts, and
exits 1 listing every problem (file:line: id: field: message). ``generate`` prints candidate
puzzles for a theme as YAML ready to curate.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from engine import RULE_IDS
from tutor.content.generate import generate
from tutor.content.kinds import puzzle_kind
from tutor.content.loader import ROOT, Content, load_content
from tutor.content.source import Problem
from tutor.content.strategy import CHECKS_FILE, Checks, use_checks
from tutor.content.themes import THEMES, THEMES_BY_KEY, Kind

MIN_PER_THEME = 5
MIN_LESSONS = 16
#: The puzzles each kind needs at least (its entry in the registry of kinds says it).
MIN_PER_KIND = {kind: puzzle_kind(kind).as_puzzle().minimum for kind in Kind}


def coverage_problems(content: Content) -> list[Problem]:
    """What the whole set lacks: rule IDs no lesson teaches, thin themes and kinds."""
    problems = []
    taught = {rule for lesson in content.lessons for rule in lesson.rules}
    for rule in RULE_IDS:
        if rule not in taught:
            problems.append(Problem("lessons", 0, "", rule, "no lesson teaches this rule"))
    if len(content.lessons) < MIN_LESSONS:
        problems.append(Problem("lessons", 0, "", "", f"{len(content.lessons)} lessons load; "
                                f"the course needs at least {MIN_LESSONS}"))
    themes = Counter(theme for puzzle in content.puzzles for theme in puzzle.themes)
    for theme in THEMES:
        if themes[theme.key] < MIN_PER_THEME:
            problems.append(Problem("puzzles", 0, "", theme.key, f"{themes[theme.key]} puzzles "
                                    f"have this theme; each theme needs {MIN_PER_THEME}"))
    kinds = Counter(puzzle.kind for puzzle in content.puzzles)
    for kind, least in MIN_PER_KIND.items():
        if kinds[kind] < least:
            problems.append(Problem(f"puzzles/{kind.value}.yaml", 0, "", "", f"{kinds[kind]} "
                                    f"puzzles load; the set needs at least {least}"))
    return problems


def _row(counter: Counter[str], keys: list[str]) -> str:
    return "  ".join(f"{key} {counter[key]}" for key in keys)


def report(content: Content) -> str:
    exercises = Counter(e.kind for lesson in content.lessons for e in lesson.exercises)
    kinds = Counter(p.kind.value for p in content.puzzles)
    themes = Counter(t for p in content.puzzles for t in p.themes)
    levels = Counter(str(p.difficulty) for p in content.puzzles)
    lines = [
        f"lessons: {len(content.lessons)}, steps "
        f"{sum(len(lesson.steps) for lesson in content.lessons)}, exercises "
        f"{sum(exercises.values())} ({_row(exercises, sorted(exercises))})",
        f"puzzles: {len(content.puzzles)} ({_row(kinds, [k.value for k in Kind])})",
        "by difficulty: " + _row(levels, ["1", "2", "3", "4", "5"]),
        "by theme:",
    ]
    lines += [f"  {theme.key:<16} {themes[theme.key]:>4}" for theme in THEMES]
    return "\n".join(lines)


def check(root: Path, measure: bool = False, write: bool = False) -> int:
    checks = use_checks(root, Checks(root / CHECKS_FILE, trust=not (measure or write)))
    if measure or write:  # the positions read with the kept figures, measured on every core
        use_checks(root, Checks(root / CHECKS_FILE))
        checks.measure_ahead(load_content(root).strategy_tasks())
        use_checks(root, checks)
    content = load_content(root)
    problems = sorted(content.problems) + coverage_problems(content)
    if checks.problem is not None:
        print(f"note: {checks.problem}", file=sys.stderr)
    if measure:
        problems += [Problem(CHECKS_FILE, 0, "", "", f"figures differ from the engine's: {d}")
                     for d in checks.differences()]
    if write:
        checks.write()
        print(f"{CHECKS_FILE}: the figures of {len(checks.used)} strategy items written")
    problems += [Problem(str(root), 0, "", "", str(missing)) for missing in content.missing]
    print(report(content))
    if problems:
        print(f"\n{len(problems)} problem{'s' if len(problems) != 1 else ''}:", file=sys.stderr)
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1
    print("\nevery lesson and puzzle agrees with the engine")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.content", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="folder holding lessons/ and puzzles/ (default: the checkout's "
                        "root, or the installed package's data)")
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check every lesson and puzzle against the "
                                   "engine")
    checking.add_argument("--measure", action="store_true",
                          help="measure every strategy item again instead of using the figures "
                          f"kept in {CHECKS_FILE}, and fail where they differ")
    checking.add_argument("--write", action="store_true",
                          help=f"measure every strategy item again and write {CHECKS_FILE}")
    gen = commands.add_parser("generate", help="propose candidate puzzles for a theme")
    gen.add_argument("kind", choices=[kind.value for kind in Kind])
    gen.add_argument("--theme", required=True, choices=sorted(THEMES_BY_KEY))
    gen.add_argument("--count", type=int, default=5)
    gen.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.root, args.measure, args.write)
    kind = Kind(args.kind)
    if kind not in THEMES_BY_KEY[args.theme].checks:
        parser.error(f"theme {args.theme} is not one for {kind.value} puzzles")
    blocks = generate(args.root, kind, args.theme, args.count, args.seed)
    print("\n".join(blocks))
    if len(blocks) < args.count:
        print(f"# found {len(blocks)} of {args.count}: the theme is rare in random deals",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
