"""Which puzzle the Puzzles page (``tutor.ui.pages.puzzles.PuzzlesPage``) serves next in each of
its modes — "filter", "for-me", "review", "practise" and "daily" (and "games", the positions
from the learner's games: ``tutor.ui.pages.drill_panel``) — the filters it chooses by, what the
mode is called above the puzzle, and what the page says when the mode has none to serve. Which
puzzles the lessons done have opened, and the learner's order among them, are
``tutor.progress``'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from tutor.content import THEMES, Kind, Lesson, Puzzle
from tutor.i18n import _, ngettext
from tutor.progress import Progress, PuzzleRef, choose
from tutor.refs import content_plain, plain

#: The three filters' values: a kind (its value), a theme (its key), a difficulty; None is any.
Filters = tuple[str | None, str | None, int | None]


def fill_filters(kind_box: QComboBox, theme_box: QComboBox, level_box: QComboBox,
                 kind_name: Callable[[Kind], str]) -> None:
    """The filters' choices in the current language, each keeping the one selected."""
    boxes = (kind_box, theme_box, level_box)
    for box in boxes:
        box.blockSignals(True)
    selected = [box.currentData() for box in boxes]
    kind_box.clear()
    kind_box.addItem(_("All kinds"), None)
    for kind in Kind:
        kind_box.addItem(kind_name(kind), kind.value)
    theme_box.clear()
    theme_box.addItem(_("All themes"), None)
    for theme in sorted(THEMES, key=lambda t: _(t.name)):
        theme_box.addItem(_(theme.name), theme.key)
        theme_box.setItemData(theme_box.count() - 1, plain(_(theme.description)),
                              Qt.ItemDataRole.ToolTipRole)
    level_box.clear()
    level_box.addItem(_("All difficulties"), None)
    for level in range(1, 6):
        level_box.addItem(_("Difficulty {level}").format(level=level), level)
    for box, value in zip(boxes, selected, strict=True):
        box.setCurrentIndex(max(box.findData(value), 0))
        box.blockSignals(False)


def ref(puzzle: Puzzle) -> PuzzleRef:
    return PuzzleRef(puzzle.id, puzzle.themes, puzzle.difficulty)


def plan(lesson: Lesson) -> choose.LessonPlan:
    """What the choice needs of a lesson."""
    return choose.LessonPlan(lesson.id, lesson.number,
                             frozenset((kind.value, theme) for kind, theme in lesson.prepares))


def matching(puzzles: list[Puzzle], filters: Filters) -> list[Puzzle]:
    """The puzzles the filters let through."""
    kind, theme, level = filters
    return [p for p in puzzles
            if (kind is None or p.kind.value == kind)
            and (theme is None or theme in p.themes)
            and (level is None or p.difficulty == level)]


def next_puzzle(mode: str, puzzles: list[Puzzle], progress: Progress, rng: random.Random, *,
                lessons: list[Lesson], practice: frozenset[tuple[str, str]],
                practice_ids: frozenset[str], filters: Filters,
                previous: str | None) -> tuple[Puzzle | None, choose.LessonPlan | None]:
    """The next puzzle of ``mode`` after ``previous`` (an id), or None; and, when "Next for me"
    finds none open, the lesson that opens the first ones. ``practice``: the (kind value,
    theme) pairs "practise" serves, ``practice_ids`` only these puzzles if any."""
    by_id = {p.id: p for p in puzzles}
    if mode == "review":
        due = [by_id[i] for i in progress.due_reviews() if i in by_id]
        return (due[0] if due else None), None
    if mode in ("for-me", "practise"):
        locked_by = None
        opening = choose.opening([plan(lesson) for lesson in lessons],
                                 progress.completed_lessons())
        if mode == "practise":
            pool = [p for p in puzzles
                    if choose.practises(p.kind.value, p.themes, practice)
                    and (not practice_ids or p.id in practice_ids)]
            pool = [p for p in pool if opening.admits(p.kind.value, p.themes)] or pool
        else:
            pool = [p for p in puzzles if opening.admits(p.kind.value, p.themes)]
            if not pool:
                locked_by = choose.first_unlocking([plan(lesson) for lesson in lessons],
                                                   progress.completed_lessons())
        chosen = progress.next_for_me([ref(p) for p in pool], rng)
        if chosen is None:  # only the puzzle just played is left: it again
            return (rng.choice(pool) if pool else None), locked_by
        return by_id[chosen], locked_by
    filtered = matching(puzzles, filters)
    pool = [p for p in filtered if p.id != previous] or filtered
    played = {a.puzzle_id for a in progress.attempts()}
    fresh = [p for p in pool if p.id not in played]
    return (rng.choice(fresh or pool) if pool else None), None


def empty_message(mode: str, progress: Progress, lessons: list[Lesson],
                  locked_by: choose.LessonPlan | None) -> str:
    """Why ``mode`` has no puzzle to serve, and what the learner can do."""
    if mode == "review":
        later = progress.review_count()
        if later:
            return ngettext("Nothing to review now. {count} puzzle comes back later.",
                            "Nothing to review now. {count} puzzles come back later.",
                            later).format(count=later)
        return _("Nothing to review: no mistakes waiting.")
    if mode == "for-me":
        if locked_by is not None:
            lesson = next(les for les in lessons if les.id == locked_by.id)
            return _("Finish lesson {number}, “{title}”, to unlock your first puzzles. "
                     "Until then you may pick any puzzle with the filters above and "
                     "Next puzzle.").format(number=locked_by.number,
                                            title=content_plain(lesson.title, lesson.id))
        return _("No puzzle is open for you yet. Pick one with the filters above and "
                 "Next puzzle.")
    if mode == "practise":
        return _("No puzzle practises this lesson yet.")
    return _("No puzzle matches these filters.")


def mode_title(mode: str, practice_title: str = "", practice_context: str = "") -> str:
    """The mode's name above the puzzle; "practise" names the lesson (``practice_title``, as
    written in its file, and its ``practice_context``, the lesson id) when it has one."""
    titles = {"filter": _("Practice"), "for-me": _("Next for me"),
              "review": _("Review my mistakes"), "daily": _("Puzzle of the day"),
              "games": _("From your games"),
              "practise": (_("This lesson's puzzles: {title}").format(
                  title=content_plain(practice_title, practice_context))
                  if practice_title
                  else _("This lesson's puzzles"))}
    return titles[mode]
