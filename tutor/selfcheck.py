"""``jass-tutor --check``: is the whole app here? (no Qt)

Loads every lesson and puzzle from the package data and re-solves each with the engine, opens
every language's two catalogs and reads the course in it, and looks for every shipped file (the
resources, the license). Prints what it found and where, one line each, and returns the
problems: an installed app that is missing a file says so here rather than looking empty.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

from tutor import i18n
from tutor.content.loader import Content, load_content
from tutor.data import INDEX_FONT, INDEX_FONT_LICENSE, data_root, resource
from tutor.desktop import DESKTOP_ENTRY, ICON, METAINFO

DISTRIBUTION = "jass-tutor"
#: The files of ``resources/`` the app uses (a missing one is a problem).
SHIPPED = (INDEX_FONT, INDEX_FONT_LICENSE, ICON, DESKTOP_ENTRY, METAINFO)


def _content_lines(content: Content) -> tuple[list[str], list[str]]:
    steps = sum(len(lesson.steps) for lesson in content.lessons)
    exercises = sum(len(lesson.exercises) for lesson in content.lessons)
    lines = [f"lessons: {len(content.lessons)} ({steps} steps, {exercises} exercises), "
             f"puzzles: {len(content.puzzles)}, each answer re-solved by the engine"]
    problems = [str(problem) for problem in content.problems]
    problems += [str(missing) for missing in content.missing]
    if not content.lessons:
        problems.append("no lesson loaded")
    if not content.puzzles:
        problems.append("no puzzle loaded")
    return lines, problems


def _language_lines(content: Content) -> tuple[list[str], list[str]]:
    """Each language in turn: its catalogs open, and the course reads in it."""
    lines, problems = [], []
    before = i18n.current_language()
    texts = [(lesson.title, lesson.id) for lesson in content.lessons]
    texts += [(step.text, lesson.id) for lesson in content.lessons for step in lesson.steps]
    try:
        for code in i18n.LANGUAGES:
            if (problem := i18n.catalog_problem(code)) is not None:
                problems.append(problem)
                continue
            i18n.set_language(code)
            if code == i18n.SOURCE_LANGUAGE:
                lines.append("en: the source language, no catalog needed")
                continue
            translated = sum(i18n.content_text(text, context) != text for text, context in texts)
            lines.append(f"{code}: {translated} of {len(texts)} lesson titles and steps "
                         f"translated, the app's words: {i18n._('Learn')!r} "
                         f"(from {i18n.LOCALE_DIR / code})")
            if translated < len(texts):
                problems.append(f"{code}: {len(texts) - translated} lesson titles or steps "
                                "read in English")
    finally:
        i18n.set_language(before)
    return lines, problems


def _file_lines() -> tuple[list[str], list[str]]:
    missing = [str(resource(name)) for name in SHIPPED if not resource(name).is_file()]
    lines = [f"resources: {len(SHIPPED) - len(missing)} of {len(SHIPPED)} files"]
    # Every record of the distribution on the path: in a checkout, the build's egg-info (which
    # carries no license file) can come before the installed metadata.
    texts = [dist.read_text("licenses/LICENSE")
             for dist in metadata.distributions(name=DISTRIBUTION)]
    if any(text and "GNU GENERAL PUBLIC LICENSE" in text for text in texts):
        lines.append("license: GPL-3.0-or-later, in the installed metadata (licenses/LICENSE)")
    else:
        missing.append(f"the license (licenses/LICENSE of the {DISTRIBUTION} distribution)")
    return lines, [f"missing: {name}" for name in missing]


def check(say: Callable[[str], None] = print) -> list[str]:
    """Say what the app has, line by line; return what is missing or wrong (empty: all well)."""
    say(f"data: {data_root()}")
    content = load_content()
    problems: list[str] = []
    for lines, found in (_content_lines(content), _language_lines(content), _file_lines()):
        for line in lines:
            say(line)
        problems += found
    return problems
