"""Loading lessons and puzzles: every field checked, every answer re-solved by the engine.

``load_content(root)`` never raises on bad content. A file that cannot be parsed, a lesson with
any problem, or a puzzle with any problem is left out and each of its problems is reported with
file, line, id and field; everything else loads, so the app starts without the broken part.
Files are read within limits and only if they are regular files (``tutor.content.source``); an
error the checks did not foresee is still a problem of its lesson or puzzle, never an exception.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import RULE_IDS, Card, CardSet, Trump
from tutor.content.kinds import LESSON_KINDS, KindSpec, puzzle_kind, shows_cards
from tutor.content.kinds.legal import solve_legal
from tutor.content.reader import Reader, describe
from tutor.content.source import KeyPath, Problem, Source, read_yaml
from tutor.content.strategy import STOP, OutOfTime, Stopped, may_go_on, measuring_until, use_checks
from tutor.content.tasks import (
    BestTask,
    ChoiceTask,
    LegalTask,
    Solution,
    StrategyTask,
    Task,
    WinnerTask,
)
from tutor.content.themes import THEMES_BY_KEY, Kind, applies
from tutor.content.walkthrough import Walkthrough, read_round
from tutor.data import LESSONS, PUZZLES, data_root
from tutor.files import read_bytes

#: The folder holding ``lessons/`` and ``puzzles/``: the package data (``tutor.data``).
ROOT = data_root()

#: The source texts lessons may cite (``shared/rules-texts/``), with what each is.
SOURCES: dict[str, str] = {
    "000_eff31e455dd8c5c0.txt": "Jass Rules - Chibre (English)",
    "001_4dcb16f9134b9e8e.txt": "Chibre (French)",
    "002_01a98373f4636507.txt": "A vos cartes, by Georges Aubert (French)",
    "003_8e28d243d9fb6494.txt": "Jass: game rules (English)",
    "004_68647e25e09b01a9.txt": "Règles du Jass (French)",
}

#: The longest the puzzles of one file may take to check against the engine: the rest of a file
#: that takes longer (thousands of hard puzzles) is skipped with a problem, so loading ends. The
#: shipped files take well under a second each.
MAX_CHECK_SECONDS = 60.0

LESSON_FILE = re.compile(r"^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$")
MIN_EXERCISES = 3


@dataclass(frozen=True)
class Figure:
    trump: Trump | None = None
    hand: CardSet = field(default_factory=CardSet)
    trick: tuple[Card, ...] = ()
    leader: int = 0
    highlight: CardSet = field(default_factory=CardSet)
    #: The cards of ``hand`` that may be played, as the engine says (drawn with the legal
    #: outline, the others dimmed, as at the table); ``None``: no legality shown.
    legal: CardSet | None = None


@dataclass(frozen=True)
class Exercise:
    kind: str  # its kind's name in lessons (``KindSpec.lesson``: ``pick_legal`` …)
    task: Task
    solution: Solution
    prompt: str | None = None
    hint: str | None = None


@dataclass(frozen=True)
class Step:
    text: str
    figure: Figure | None = None
    exercises: tuple[Exercise, ...] = ()
    round: Walkthrough | None = None  # a recorded round told trick by trick (walkthrough.py)


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    rules: tuple[str, ...]
    sources: tuple[str, ...]
    steps: tuple[Step, ...]
    path: str
    #: The puzzles this lesson prepares, as (kind, theme) pairs: "Next for me" serves a puzzle
    #: once every one of its themes is prepared, for its kind, by a lesson the learner has done.
    prepares: frozenset[tuple[Kind, str]] = frozenset()

    @property
    def exercises(self) -> list[Exercise]:
        return [exercise for step in self.steps for exercise in step.exercises]


@dataclass(frozen=True)
class Missing:
    """A content folder (``LESSONS`` or ``PUZZLES``) where nothing was found."""

    what: str
    folder: Path
    exists: bool  # the folder is there, without a single .yaml file

    def __str__(self) -> str:
        why = "holds no .yaml file" if self.exists else "does not exist"
        return f"no {self.what} found: the folder {self.folder} {why}"


@dataclass(frozen=True)
class Puzzle:
    id: str
    kind: Kind
    themes: tuple[str, ...]
    difficulty: int
    task: Task
    solution: Solution
    path: str
    line: int
    prompt: str | None = None
    hint: str | None = None


@dataclass
class Content:
    lessons: list[Lesson] = field(default_factory=list)
    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Folders where content was looked for and none found, each with where it looked (kept
    #: apart from ``problems``: a test may load a folder of puzzles alone).
    missing: list[Missing] = field(default_factory=list)

    def strategy_tasks(self) -> list[StrategyTask]:
        """The positions of every strategy puzzle and lesson exercise."""
        tasks = [p.task for p in self.puzzles if isinstance(p.task, StrategyTask)]
        return tasks + [e.task for lesson in self.lessons for e in lesson.exercises
                        if isinstance(e.task, StrategyTask)]


# --- answers -----------------------------------------------------------------------------------


def _show(answer: object) -> str:
    if answer is None:
        return "nobody"
    if isinstance(answer, tuple):
        return "[" + ", ".join(map(str, answer)) + "]"
    return str(answer) if str(answer) else "no card"


def agree(r: Reader, spec: KindSpec[Any, Any], data: dict[str, Any], keys: KeyPath,
          solution: Solution) -> None:
    """Fail if ``data`` states an answer the engine does not give."""
    if "answer" not in data or spec.answer is None:
        return
    ok, stored = spec.answer(r, data["answer"], (*keys, "answer"))
    if ok and stored != solution.answer:
        r.fail(
            (*keys, "answer"),
            f"stored answer {_show(stored)} disagrees with the engine: {_show(solution.answer)}",
        )


def read_task(
    r: Reader, spec: KindSpec[Any, Any], data: dict[str, Any], keys: KeyPath,
    extra: frozenset[str],
) -> tuple[Task, Solution] | None:
    """The task of kind ``spec`` in ``data`` and the engine's solution, checked."""
    task = spec.read(r, data, keys, extra)
    if task is None:
        return None
    solution = spec.solve(task)
    if not spec.check(r, keys, solution):
        return None
    agree(r, spec, data, keys, solution)
    return task, solution


# --- lessons -----------------------------------------------------------------------------------

_EXERCISE_FIELDS = frozenset({"kind", "prompt", "hint", "answer"})


def read_exercise(r: Reader, data: Any, keys: KeyPath) -> Exercise | None:
    if not isinstance(data, dict) or "kind" not in data:
        r.fail(keys, "an exercise must be a mapping with a 'kind'")
        return None
    kind = data["kind"]
    spec = LESSON_KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        r.fail((*keys, "kind"), f"unknown exercise kind {describe(kind)} "
               f"(known: {', '.join(LESSON_KINDS)})")
        return None
    solved = read_task(r, spec, data, keys, _EXERCISE_FIELDS)
    hint = r.optional_text(data, keys, "hint")
    prompt = r.optional_text(data, keys, "prompt")
    if solved is None:
        return None
    return Exercise(kind, solved[0], solved[1], prompt, hint)


def read_figure(r: Reader, data: Any, keys: KeyPath) -> Figure | None:
    fields = {"trump", "hand", "trick", "leader", "highlight", "legal"}
    if not r.mapping(data, keys, set(), fields):
        return None
    trump = r.trump(data["trump"], (*keys, "trump")) if "trump" in data else None
    hand = r.cards(data.get("hand", ""), (*keys, "hand"), 0, 9)
    trick = r.cards(data.get("trick", ""), (*keys, "trick"), 0, 4)
    leader = r.integer(data.get("leader", 0), (*keys, "leader"), 0, 3)
    highlight = r.cards(data.get("highlight", ""), (*keys, "highlight"))
    legal = r.cards(data["legal"], (*keys, "legal")) if "legal" in data else []
    if hand is None or trick is None or leader is None or highlight is None or legal is None:
        return None
    if not r.disjoint([((*keys, "trick"), trick), ((*keys, "hand"), hand)]):
        return None
    stray = CardSet(highlight) - CardSet(hand) - CardSet(trick)
    if stray:
        r.fail((*keys, "highlight"), f"{stray} not in the hand or the trick")
        return None
    marks = None
    if "legal" in data:
        marks = _figure_legal(r, (*keys, "legal"), trump, hand, trick, legal)
        if marks is None:
            return None
    return Figure(trump, CardSet(hand), tuple(trick), leader, CardSet(highlight), marks)


def _figure_legal(r: Reader, keys: KeyPath, trump: Trump | None, hand: list[Card],
                  trick: list[Card], legal: list[Card]) -> CardSet | None:
    """A figure's ``legal`` marks: the hand's cards the engine allows on the trick."""
    stray = CardSet(legal) - CardSet(hand)
    if stray:
        r.fail(keys, f"{stray} not in the hand: only cards of the hand are marked legal")
        return None
    if trump is None or not hand or len(trick) > 3:
        r.fail(keys, "needs the figure's trump, a hand, and a trick of 0 to 3 cards that the "
               "hand plays to")
        return None
    engine = solve_legal(LegalTask(trump, CardSet(hand), tuple(trick))).legal
    if CardSet(legal) != engine:
        r.fail(keys, f"'{CardSet(legal)}' disagrees with the engine: the legal cards are "
               f"'{engine}' (default rules)")
        return None
    return CardSet(legal)


#: What a step's text says when it points at cards drawn on screen: "in the picture", "the
#: spades shown", "here are", "this trick", "these cards", "the trick below", "Below, …", a
#: sentence opening with "Here" that speaks of cards. Such a step must draw cards: a figure, or an
#: exercise that shows cards (choice and slate exercises show none). Documented, with the
#: reasoning, in docs/content-format.md ("Pictures the text points at").
_SENTENCE_START = r"(?:^|(?<=[.!?:])\s+|(?<=\n))"
POINTERS: tuple[re.Pattern[str], ...] = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    r"\b(?:the|this|that) (?:picture|figure|diagram)\b",
    r"\bpictured\b",
    r"\b(?:the|these|those) (?:\S+ ){0,2}\S+ shown\b",
    r"\bshown (?:here|below|above)\b",
    r"\bhere (?:are|is)\b",
    r"\b(?:this|these) (?:tricks?|hands?)\b",
    r"\bthese (?:\w+ )?cards\b",
    r"\b(?:tricks?|hands?|cards?|picture) (?:below|above)\b",
    _SENTENCE_START + r"(?:below|above)\b,?",
))
#: A sentence that opens with "Here" points at the cards when it speaks of cards or play;
#: "Here the texts disagree." does not.
_HERE = re.compile(_SENTENCE_START + r"here\b[^.!?\n]*", re.IGNORECASE)
_PLAY_WORDS = re.compile(r"\{[^{}]*\}|\b(?:trumps?|trumped|tricks?|hands?|holds?|led|leads?|"
                         r"played|plays?|cards?|make|makes)\b", re.IGNORECASE)


def picture_phrase(text: str) -> str | None:
    """The first phrase of ``text`` that points at cards on screen, or ``None``."""
    found: list[tuple[int, str]] = []
    for pattern in POINTERS:
        match = pattern.search(text)
        if match is not None:
            found.append((match.start(), match.group().strip().rstrip(",")))
    for match in _HERE.finditer(text):
        if _PLAY_WORDS.search(match.group()):
            found.append((match.start(), " ".join(match.group().split()[:4]) + " …"))
            break
    return min(found)[1] if found else None


def _pointing_without_picture(r: Reader, data: dict[str, Any], keys: KeyPath, text: str,
                              exercises: list[Exercise]) -> None:
    """Fail a step whose text (or a card-less exercise's prompt) points at a picture while
    the step draws no card: no figure and no exercise that shows cards."""
    if "figure" in data or "round" in data or any(shows_cards(e.task) for e in exercises):
        return
    places: list[tuple[KeyPath, str]] = [((*keys, "text"), text)]
    for index, exercise in enumerate(exercises):
        task = exercise.task
        if isinstance(task, ChoiceTask):
            places.append(((*keys, "exercises", index, "prompt"), task.prompt))
    for where, words in places:
        phrase = picture_phrase(words)
        if phrase is not None:
            r.fail(where, f"says '{phrase}' but the step shows no cards: add a 'figure:' "
                   "(or an exercise that shows cards), or reword it")
            return


#: A card named in a text: ``{S6}``, ``{HA}`` (as ``tutor.content.reader`` formats them).
_CARD_TOKEN = re.compile(r"\{([SHDC][6-9TJQKA])\}")


#: Steps the answer-in-sight check knows it refuses, each with why it is let through for now:
#: (lesson id, step index) -> reason. ``tests/test_content_answers.py`` fails when an entry is
#: no longer needed (the step was fixed) and names each one; no lesson of ours is on it.
KNOWN_IN_SIGHT: dict[tuple[str, int], str] = {}


def answer_in_sight(text: str, figure: Figure | None,
                    exercises: Sequence[Exercise]) -> list[tuple[KeyPath, str]]:
    """Where a step shows an exercise its answer above the question, or draws its figure under
    another trump than the exercise it illustrates, and what to do: (field under the step,
    message). The step's text and figure stay in view while each of its exercises is asked
    (``tutor.ui.pages.learn``), so it is refused when

    * its text names the card a "which card" exercise asks for (``{S6}`` above "which card
      takes the trick?" when the answer is the ``{S6}``), or the card a strategy exercise's
      engine plays;
    * its figure draws the exercise's own trick (with the hand, for the best card) and marks
      the answer in it (``highlight``), or marks the legal cards (``legal``) of the very hand
      and trick a legal-cards exercise asks about;
    * its figure names a trump and the first exercise with a trump another: the figure is read
      as the position of the exercise under it (a later exercise may change the trump on
      purpose, "the same cards with diamonds as trump", and says so in its own prompt).
    """
    found: list[tuple[KeyPath, str]] = []
    named = {match.group(1) for match in _CARD_TOKEN.finditer(text)}
    trumps = [(index, getattr(e.task, "trump", None)) for index, e in enumerate(exercises)]
    first = next(((index, trump) for index, trump in trumps if trump is not None), None)
    if figure is not None and figure.trump is not None and first is not None \
            and first[1] != figure.trump:
        found.append((("figure", "trump"),
                      f"the figure's trump is {figure.trump.name.lower()} but exercise "
                      f"{first[0] + 1}, the first it illustrates, is about "
                      f"{Trump(first[1]).name.lower()}: draw the figure under the exercise's "
                      "trump (or give the exercise its own step)"))
    for index, exercise in enumerate(exercises):
        task, answer = exercise.task, exercise.solution.answer
        if isinstance(task, StrategyTask) and str(answer) in named:  # a card to play
            found.append((("text",), f"names {{{answer}}}, the answer of exercise "
                          f"{index + 1}, right above its question: reword the text (or "
                          "move the sentence to the exercise's hint)"))
        if isinstance(task, WinnerTask | BestTask) and isinstance(answer, Card):
            if str(answer) in named:
                found.append((("text",), f"names {{{answer}}}, the answer of exercise "
                              f"{index + 1}, right above its question: reword the text (or "
                              "move the sentence to the exercise's hint)"))
            shown = figure is not None and figure.trick == task.trick and (
                isinstance(task, WinnerTask) or figure.hand == task.hands[task.player])
            if shown and figure is not None and answer in figure.highlight:
                found.append((("figure", "highlight"),
                              f"marks {answer}, the answer of exercise {index + 1}, in the "
                              "very trick the exercise asks about: mark another card or none"))
        if isinstance(task, LegalTask) and figure is not None and figure.legal is not None \
                and figure.trick == task.trick and figure.hand == task.hand:
            found.append((("figure", "legal"),
                          f"marks the legal cards of exercise {index + 1}, its answer, on the "
                          "very hand and trick the exercise asks about"))
    return found


def read_step(r: Reader, data: Any, keys: KeyPath) -> Step | None:
    if not r.mapping(data, keys, {"text"}, {"figure", "exercises", "round"}):
        return None
    text = r.text(data["text"], (*keys, "text"))
    figure = read_figure(r, data["figure"], (*keys, "figure")) if "figure" in data else None
    played = read_round(r, data["round"], (*keys, "round")) if "round" in data else None
    exercises = data.get("exercises", [])
    if not isinstance(exercises, list):
        r.fail((*keys, "exercises"), "must be a list of exercises")
        return None
    read = [read_exercise(r, e, (*keys, "exercises", i)) for i, e in enumerate(exercises)]
    if text is None or ("figure" in data and figure is None) or None in read \
            or ("round" in data and played is None):
        return None
    checked = [e for e in read if e is not None]
    _pointing_without_picture(r, data, keys, text, checked)
    if (r.item, keys[-1]) not in KNOWN_IN_SIGHT:
        for where, message in answer_in_sight(text, figure, checked):
            r.fail((*keys, *where), message)
    return Step(text, figure, tuple(checked), played)


def _id_list(r: Reader, data: dict[str, Any], name: str, known: Any, what: str) -> tuple[str, ...]:
    value = data[name]
    if not isinstance(value, list) or not value:
        r.fail((name,), f"must be a non-empty list of {what}")
        return ()
    for i, entry in enumerate(value):
        if not isinstance(entry, str) or entry not in known:  # a list is no key of ``known``
            r.fail((name, i), f"unknown {what[:-1]} {describe(entry)}")
    return tuple(str(entry) for entry in value)


def _read_prepares(r: Reader, data: dict[str, Any]) -> frozenset[tuple[Kind, str]]:
    """The lesson's ``puzzles:`` mapping, kind -> the themes of that kind the lesson teaches."""
    value = data.get("puzzles", {})
    if not isinstance(value, dict):
        r.fail(("puzzles",), f"must be a mapping of puzzle kind to themes, not {describe(value)}")
        return frozenset()
    kinds = {kind.value: kind for kind in Kind}
    pairs: set[tuple[Kind, str]] = set()
    for name, themes in value.items():
        kind = kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            r.fail(("puzzles", str(name)), f"unknown puzzle kind (known: {', '.join(kinds)})")
            continue
        if not isinstance(themes, list) or not themes:
            r.fail(("puzzles", name), "must be a non-empty list of themes")
            continue
        for i, key in enumerate(themes):
            theme = THEMES_BY_KEY.get(key) if isinstance(key, str) else None
            if theme is None:
                r.fail(("puzzles", name, i), f"unknown theme {describe(key)}")
            elif kind not in theme.checks:
                r.fail(("puzzles", name, i), f"theme '{key}' is not one for {name} puzzles")
            else:
                pairs.add((kind, key))
    return frozenset(pairs)


def read_lesson(source: Source, number: int, slug: str) -> tuple[Lesson | None, list[Problem]]:
    data = source.data
    item = data.get("id", slug) if isinstance(data, dict) else slug
    r = Reader(source, str(item))
    r.duplicates(())
    required = {"id", "title", "rules", "sources", "steps"}
    if not r.mapping(data, (), required, {"puzzles"}):
        return None, r.problems
    if data["id"] != slug:
        r.fail(("id",), f"must be '{slug}', the name of the file without its number")
    title = r.text(data["title"], ("title",))
    rules = _id_list(r, data, "rules", RULE_IDS, "rule IDs")
    sources = _id_list(r, data, "sources", SOURCES, "source texts")
    prepares = _read_prepares(r, data)
    steps_data = data["steps"]
    if not isinstance(steps_data, list) or not steps_data:
        r.fail(("steps",), "must be a non-empty list of steps")
        return None, r.problems
    steps: list[Step | None] = []
    started = time.monotonic()
    with measuring_until(started + MAX_CHECK_SECONDS):  # the bound, checked at every item too
        for i, step in enumerate(steps_data):
            try:
                may_go_on()
                steps.append(read_step(r, step, ("steps", i)))
            except OutOfTime:  # a lesson is shown whole or not
                r.fail(("steps", i), f"checking this lesson took over {MAX_CHECK_SECONDS:g} s: "
                                     f"it was not shown (step {i + 1} of {len(steps_data)} was "
                                     "being checked)")
                return None, r.problems
    count = sum(len(s.exercises) for s in steps if s is not None)
    if None not in steps and count < MIN_EXERCISES:
        r.fail(("steps",), f"has {count} exercises; a lesson needs at least {MIN_EXERCISES}")
    if r.problems or title is None:
        return None, r.problems
    lesson = Lesson(slug, number, title, rules, sources,
                    tuple(s for s in steps if s is not None), source.display, prepares)
    return lesson, []


# --- puzzles -----------------------------------------------------------------------------------

_PUZZLE_FIELDS = frozenset({"id", "kind", "themes", "difficulty", "prompt", "hint", "answer"})
PUZZLE_ID = re.compile(r"^([a-z]{2})[0-9]{3,4}$")


def read_puzzle(source: Source, index: int, data: Any, kind: Kind) -> tuple[Puzzle | None,
                                                                           list[Problem]]:
    keys: KeyPath = (index,)
    item = str(data["id"]) if isinstance(data, dict) and "id" in data else ""
    r = Reader(source, item, strip=1 if item else 0, puzzle=True)
    r.duplicates(keys)
    if not isinstance(data, dict):
        r.fail(keys, f"a puzzle must be a mapping, not {describe(data)}")
        return None, r.problems
    for name in ("id", "kind", "themes", "difficulty", "answer"):
        if name not in data:
            r.fail(keys, f"missing field '{name}'")
    if r.problems:
        return None, r.problems
    match = PUZZLE_ID.match(str(data["id"]))
    spec = puzzle_kind(kind)
    prefix = spec.as_puzzle().prefix
    if match is None or match.group(1) != prefix:
        r.fail((*keys, "id"), f"must be '{prefix}' and 3 or 4 digits, like '{prefix}001'")
    if data["kind"] != kind.value:
        r.fail((*keys, "kind"), f"must be '{kind.value}' in {source.path.name}")
        return None, r.problems
    difficulty = r.integer(data["difficulty"], (*keys, "difficulty"), 1, 5)
    solved = read_task(r, spec, data, keys, _PUZZLE_FIELDS)
    themes = _read_themes(r, data["themes"], (*keys, "themes"), kind, solved)
    hint = r.optional_text(data, keys, "hint")
    prompt = r.optional_text(data, keys, "prompt")
    if r.problems or solved is None or difficulty is None:
        return None, r.problems
    line = source.line(keys)
    puzzle = Puzzle(str(data["id"]), kind, themes, difficulty, solved[0], solved[1],
                    source.display, line, prompt, hint)
    return puzzle, []


def _read_themes(r: Reader, value: Any, keys: KeyPath, kind: Kind,
                 solved: tuple[Task, Solution] | None) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        r.fail(keys, "must be a list of 1 to 3 themes")
        return ()
    for i, key in enumerate(value):
        theme = THEMES_BY_KEY.get(key) if isinstance(key, str) else None
        if theme is None:
            r.fail((*keys, i), f"unknown theme {describe(key)}")
        elif kind not in theme.checks:
            r.fail((*keys, i), f"theme '{key}' is not one for {kind.value} puzzles")
        elif solved is not None and not applies(theme, kind, *solved):
            r.fail((*keys, i), f"theme '{key}' does not apply to this position")
    if len(set(map(str, value))) != len(value):
        r.fail(keys, "a theme is listed twice")
    return tuple(str(key) for key in value)


def retired_ids(root: Path, problems: list[Problem] | None = None) -> set[str]:
    """Ids that left the puzzle set; they are never given to a new puzzle. A file that cannot
    be read is a problem (in ``problems`` when given, else ``OSError``)."""
    path = root / PUZZLES / "RETIRED"
    if not os.path.lexists(path):
        return set()
    try:
        lines = read_bytes(path, root / PUZZLES).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        if problems is None:
            raise
        problems.append(Problem(_display(path, root), 0, "", "", f"cannot be read: {error}"))
        return set()
    return {line.split("#")[0].strip() for line in lines} - {""}


# --- everything --------------------------------------------------------------------------------


def _display(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _missing(folder: Path, what: str) -> Missing | None:
    """A folder with no content file, with where it was looked for: an app that finds
    nothing must not look merely empty."""
    if not folder.is_dir():
        return Missing(what, folder, exists=False)
    if not _files(folder, Path(), []):
        return Missing(what, folder, exists=True)
    return None


def _files(folder: Path, root: Path, problems: list[Problem]) -> list[Path]:
    """The ``.yaml`` files of ``folder``, sorted; a folder that cannot be listed is a problem."""
    try:
        return sorted(folder.glob("*.yaml"))
    except OSError as error:
        problems.append(Problem(_display(folder, root), 0, "", "",
                                f"cannot be listed: {error.strerror or error}"))
        return []


def _unforeseen(display: str, line: int, item: str, error: Exception) -> Problem:
    """A problem for an error no check foresaw (a bug in a check, not a crash of the app)."""
    return Problem(display, line, item, "", f"could not be checked ({type(error).__name__}: "
                   f"{str(error)[:200]})")


def load_lessons(root: Path, content: Content) -> None:
    folder = root / LESSONS
    if (missing := _missing(folder, LESSONS)) is not None:
        content.missing.append(missing)
    numbers: dict[int, str] = {}
    ids: dict[str, str] = {}
    for path in _files(folder, root, content.problems):
        display = _display(path, root)
        match = LESSON_FILE.match(path.name)
        if match is None:
            content.problems.append(Problem(display, 0, "", "", "a lesson file is named "
                                            "NN-slug.yaml, like 05-following-suit.yaml"))
            continue
        source, problems = read_yaml(path, display, folder)
        content.problems.extend(problems)
        if source is None or problems:
            continue
        number, slug = int(match.group(1)), match.group(2)
        try:
            lesson, problems = read_lesson(source, number, slug)
        except Stopped:
            raise
        except Exception as error:
            lesson, problems = None, [_unforeseen(display, 1, slug, error)]
        if lesson is not None and number in numbers:
            problems = [source.problem(slug, (), f"lesson number {number:02d} is also "
                                                 f"{numbers[number]}")]
            lesson = None
        if lesson is not None and lesson.id in ids:  # progress is kept by lesson id
            problems = [source.problem(slug, ("id",), f"lesson id {lesson.id} is also the id "
                                                      f"of {ids[lesson.id]}")]
            lesson = None
        content.problems.extend(problems)
        if lesson is not None:
            numbers[number] = display
            ids[lesson.id] = display
            content.lessons.append(lesson)


def load_puzzles(root: Path, content: Content) -> None:
    retired = retired_ids(root, content.problems)
    seen: dict[str, Puzzle] = {}
    kinds = {kind.value: kind for kind in Kind}
    folder = root / PUZZLES
    if (missing := _missing(folder, PUZZLES)) is not None:
        content.missing.append(missing)
    for path in _files(folder, root, content.problems):
        display = _display(path, root)
        kind = kinds.get(path.stem.split("-")[0])
        if kind is None:
            content.problems.append(Problem(display, 0, "", "", "a puzzle file is named after "
                                            f"its kind: {', '.join(kinds)} (or the kind, a "
                                            "hyphen and more, like legal-pomme.yaml)"))
            continue
        source, problems = read_yaml(path, display, folder)
        content.problems.extend(problems)
        if source is None or problems:
            continue
        if not isinstance(source.data, list):
            content.problems.append(source.problem("", (), "must be a list of puzzles"))
            continue
        started = time.monotonic()
        for index, data in enumerate(source.data):
            try:
                with measuring_until(started + MAX_CHECK_SECONDS):  # checked at every item
                    may_go_on()
                    puzzle, problems = read_puzzle(source, index, data, kind)
            except OutOfTime:
                left = len(source.data) - index
                content.problems.append(source.problem("", (index,), _out_of_time(left)))
                break
            except Stopped:
                raise
            except Exception as error:
                puzzle, problems = None, [_unforeseen(display, source.line((index,)), "", error)]
            if puzzle is not None:
                problems += _identity_problems(source, index, puzzle, seen, retired)
            content.problems.extend(problems)
            if puzzle is not None and not problems:
                seen[puzzle.id] = puzzle
                content.puzzles.append(puzzle)


def _out_of_time(left: int) -> str:
    """The problem of a file whose check ran out of time (for authors: English only)."""
    return (f"checking this file took over {MAX_CHECK_SECONDS:g} s: this puzzle and the "
            f"{left - 1} after it were skipped" if left > 1 else
            f"checking this file took over {MAX_CHECK_SECONDS:g} s: this puzzle was skipped")


def _identity_problems(source: Source, index: int, puzzle: Puzzle, seen: dict[str, Puzzle],
                       retired: set[str]) -> list[Problem]:
    if puzzle.id in seen:
        first = seen[puzzle.id]
        return [source.problem(puzzle.id, (index, "id"),
                               f"id already used at {first.path}:{first.line}", strip=1)]
    if puzzle.id in retired:
        return [source.problem(puzzle.id, (index, "id"), "id is retired (puzzles/RETIRED) "
                               "and is never used again", strip=1)]
    return []


def stop_loading() -> None:
    """End a load under way at its next item (the app is quitting): ``load_content`` raises
    ``Stopped`` then, and every later load at once (this process is ending)."""
    STOP.set()


def load_content(root: Path = ROOT) -> Content:
    """Every lesson and puzzle under ``root`` that passes its checks, and every problem;
    ``Stopped`` once the app is quitting (``stop_loading``)."""
    content = Content()
    use_checks(root)  # the strategy items' kept figures (tutor.content.strategy)
    load_lessons(root, content)
    load_puzzles(root, content)
    content.lessons.sort(key=lambda lesson: lesson.number)
    content.problems.extend(_unprepared(content))
    return content


def _unprepared(content: Content) -> list[Problem]:
    """A puzzle theme no lesson prepares would never be served by "Next for me"."""
    if not content.lessons:
        return []  # a partial load (no lesson folder) says so elsewhere
    prepared = {pair for lesson in content.lessons for pair in lesson.prepares}
    return [
        Problem(puzzle.path, puzzle.line, puzzle.id, "themes",
                f"no lesson prepares {puzzle.kind.value} puzzles of theme '{theme}' (add it to a "
                "lesson's 'puzzles:')")
        for puzzle in content.puzzles
        for theme in puzzle.themes
        if (puzzle.kind, theme) not in prepared
    ]
