"""Loading lessons and puzzles: every field checked, every answer re-solved by the engine.

``load_content(root)`` never raises on bad content. A file that cannot be parsed, a lesson with
any problem, or a puzzle with any problem is left out and each of its problems is reported with
file, line, id and field; everything else loads, so the app starts without the broken part.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import (
    RULE_IDS,
    Card,
    CardSet,
    InvalidCardError,
    Rules,
    RulesError,
    Trump,
)
from tutor import refs
from tutor.content.source import KeyPath, Problem, Source, field_name, read_yaml
from tutor.content.tasks import (
    BestSolution,
    BestTask,
    ChoiceTask,
    LegalTask,
    PointsTask,
    SlateTask,
    Solution,
    Task,
    WeisTask,
    WinnerTask,
    announcements_of,
    solve,
    solve_legal,
    trump_strength,
)
from tutor.content.themes import ID_PREFIX, THEMES_BY_KEY, Kind, applies
from tutor.content.walkthrough import Walkthrough, read_round
from tutor.data import LESSONS, PUZZLES, data_root

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

TRUMPS = {"H": Trump.HEARTS, "D": Trump.DIAMONDS, "C": Trump.CLUBS, "S": Trump.SPADES}
EXERCISE_KINDS = {
    "pick_legal": Kind.LEGAL,
    "pick_winner": Kind.WINNER,
    "pick_weis": Kind.WEIS,
    "count_points": Kind.POINTS,
    "slate": None,
    "choice": None,
}
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
    kind: str  # a key of EXERCISE_KINDS
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


class Reader:
    """Reads one lesson or puzzle out of a source, collecting every problem on the way."""

    def __init__(self, source: Source, item: str, strip: int = 0, puzzle: bool = False) -> None:
        self.puzzle = puzzle  # puzzles are whole positions; lessons may count a few cards
        self.source = source
        self.item = item
        self.strip = strip
        self.problems: list[Problem] = []

    def duplicates(self, under: KeyPath) -> None:
        """Report each key given twice under ``under``: YAML silently keeps the last one."""
        for keys, line in self.source.duplicates:
            if keys[: len(under)] == under:
                name = field_name(keys[self.strip:])
                self.problems.append(Problem(self.source.display, line, self.item, name,
                                             "the key appears twice"))

    def fail(self, keys: KeyPath, message: str) -> None:
        self.problems.append(self.source.problem(self.item, keys, message, self.strip))

    def mapping(
        self, value: Any, keys: KeyPath, required: AbstractSet[str], optional: AbstractSet[str]
    ) -> bool:
        if not isinstance(value, dict):
            self.fail(keys, f"must be a mapping, not {_describe(value)}")
            return False
        for name in sorted(set(map(str, value)) - required - optional):
            self.fail((*keys, name), "unknown field")
        for name in sorted(required - set(value)):
            self.fail(keys, f"missing field '{name}'")
        return required <= set(value)

    def text(self, value: Any, keys: KeyPath) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.fail(keys, f"must be non-empty text, not {_describe(value)}")
            return None
        for problem in refs.problems(value):
            self.fail(keys, problem)
        words = refs.suit_rank_words(value)
        if words:
            self.fail(keys, f"names a suit or rank in words ({', '.join(words)}): its name "
                      "depends on the deck, so write a reference: a card {HJ}, {suit:H}, "
                      "{of:H}, {rank:J} or {ranks:J}")
        codes = refs.option_codes(value)
        if codes:
            self.fail(keys, f"shows a table option's code ({', '.join(codes)}): write "
                      f"{{option:{codes[0]}}}, which the app shows by its Settings label")
        if re.search(r"^\s*#|<[a-zA-Z/]|\]\(", value, re.MULTILINE):
            self.fail(keys, "uses markup outside the subset (headings, HTML or links)")
        return value.strip()

    def optional_text(self, data: dict[str, Any], keys: KeyPath, name: str) -> str | None:
        return self.text(data[name], (*keys, name)) if name in data else None

    def cards(self, value: Any, keys: KeyPath, low: int = 0, high: int = 36) -> list[Card] | None:
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.fail(keys, f"must be card codes in one string, not {_describe(value)}")
            return None
        cards: list[Card] = []
        ok = True
        for code in value.split():
            try:
                card = Card.parse(code)
            except InvalidCardError:
                self.fail(keys, f"bad card code '{code}'")
                ok = False
                continue
            if card in cards:
                self.fail(keys, f"{card} is there twice")
                ok = False
            cards.append(card)
        if ok and not low <= len(cards) <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            self.fail(keys, f"must hold {count} cards, not {len(cards)}")
            ok = False
        return cards if ok else None

    def card(self, value: Any, keys: KeyPath) -> Card | None:
        cards = self.cards(value, keys, 1, 1)
        return cards[0] if cards else None

    def trump(self, value: Any, keys: KeyPath) -> Trump | None:
        if isinstance(value, str) and value in TRUMPS:
            return TRUMPS[value]
        self.fail(keys, f"must be a suit letter H, D, C or S, not {_describe(value)}")
        return None

    def rules(self, data: dict[str, Any], keys: KeyPath) -> Rules | None:
        value = data.get("rules", {})
        keys = (*keys, "rules")
        if not isinstance(value, dict):
            self.fail(keys, f"must be a mapping of rule options, not {_describe(value)}")
            return None
        known = set(Rules.__dataclass_fields__) - {"profile"}
        for name in sorted(set(value) - known):
            self.fail((*keys, name), f"unknown rule option (known: {', '.join(sorted(known))})")
        try:
            return Rules(**{k: v for k, v in value.items() if k in known})
        except (RulesError, TypeError, ValueError) as error:
            self.fail(keys, str(error))
            return None

    def integer(self, value: Any, keys: KeyPath, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(keys, f"must be a whole number from {low} to {high}, not {_describe(value)}")
            return None
        return value

    def flag(self, data: dict[str, Any], keys: KeyPath, name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            self.fail((*keys, name), f"must be true or false, not {_describe(value)}")
            return False
        return value

    def disjoint(self, groups: list[tuple[KeyPath, list[Card]]]) -> bool:
        seen: dict[Card, KeyPath] = {}
        ok = True
        for keys, cards in groups:
            for card in cards:
                if card in seen:
                    where = field_name(seen[card][self.strip:])
                    self.fail(keys, f"{card} is also in {where}: a card cannot be in two places")
                    ok = False
                seen[card] = keys
        return ok


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float, str)):
        return repr(value)
    return f"a {type(value).__name__}"


# --- tasks -------------------------------------------------------------------------------------

TaskReader = Callable[[Reader, dict[str, Any], KeyPath, frozenset[str]], Task | None]


def read_legal(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"trump", "hand", "trick"}, {"rules"} | extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    hand = r.cards(data["hand"], (*keys, "hand"), 1, 9)
    trick = r.cards(data["trick"], (*keys, "trick"), 0, 3)
    rules = r.rules(data, keys)
    if trump is None or hand is None or trick is None or rules is None:
        return None
    if not r.disjoint([((*keys, "trick"), trick), ((*keys, "hand"), hand)]):
        return None
    if not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return LegalTask(trump, CardSet(hand), tuple(trick), rules)


def read_winner(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"trump", "trick"}, extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    trick = r.cards(data["trick"], (*keys, "trick"), 4, 4)
    if trump is None or trick is None or not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return WinnerTask(trump, tuple(trick))


def undertrump(trick: Sequence[Card], trump: Trump) -> tuple[Card, Card] | None:
    """The first card of ``trick`` that undertrumps on a plain-suit lead, and the higher trump
    already in the trick; ``None`` when every card could be legal.

    R-NO-UNDERTRUMP allows it only to a hand of nothing but trumps, which a trick cannot show,
    so a trick a learner is shown never holds one.
    """
    suit = trump.suit
    if suit is None or not trick or trick[0].suit == suit:
        return None
    high: Card | None = None
    for card in trick:
        if card.suit != suit:
            continue
        if high is not None and trump_strength(card) < trump_strength(high):
            return card, high
        high = card
    return None


def legal_trick(r: Reader, trick: Sequence[Card], trump: Trump, keys: KeyPath) -> bool:
    """Fail a trick, complete or in progress, that shows an undertrump."""
    found = undertrump(trick, trump)
    if found is None:
        return True
    card, high = found
    r.fail(keys, f"{card} undertrumps {high} on a plain-suit lead, which R-NO-UNDERTRUMP forbids "
           "(only a hand of nothing but trumps may, and a trick cannot show that): change a card "
           "so that every play is legal")
    return False


def _announced(r: Reader, cards: list[Card], keys: KeyPath, trump: Trump, rules: Rules) -> bool:
    hand = CardSet(cards)
    used = CardSet()
    for weis in announcements_of(hand, trump, rules):
        used = used | weis.cards
    left = hand - used
    if left:
        r.fail(keys, f"{left} {'is' if len(left) == 1 else 'are'} not part of any announcement")
        return False
    return True


def read_weis(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"trump", "players"}, {"rules"} | extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    rules = r.rules(data, keys)
    players = data["players"]
    if not isinstance(players, list) or len(players) != 4:
        r.fail((*keys, "players"), "must be a list of 4 card strings, one per player")
        return None
    groups = [((*keys, "players", i), r.cards(p, (*keys, "players", i), 0, 9))
              for i, p in enumerate(players)]
    if trump is None or rules is None or any(cards is None for _, cards in groups):
        return None
    checked = [(k, c) for k, c in groups if c is not None]
    if not r.disjoint(checked):
        return None
    if not all([_announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return WeisTask(trump, tuple(CardSet(c) for _, c in checked), rules)


def read_points(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    optional = {"tricks", "cards", "last", "weis", "stoeck", "rules"} | extra
    if not r.mapping(data, keys, {"trump"}, optional):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    rules = r.rules(data, keys)
    if ("tricks" in data) == ("cards" in data):
        r.fail(keys, "give either 'tricks' or 'cards', not both and not neither")
        return None
    groups: list[tuple[KeyPath, list[Card]]] = []
    tricks: tuple[tuple[Card, ...], ...] | None = None
    if "tricks" in data:
        value = data["tricks"]
        if not isinstance(value, list) or not 1 <= len(value) <= 9:
            r.fail((*keys, "tricks"), "must be a list of 1 to 9 tricks")
            return None
        parsed = [r.cards(t, (*keys, "tricks", i), 4, 4) for i, t in enumerate(value)]
        if any(t is None for t in parsed):
            return None
        groups = [((*keys, "tricks", i), t) for i, t in enumerate(parsed) if t is not None]
        if trump is not None and not all([legal_trick(r, t, trump, k) for k, t in groups]):
            return None
        tricks = tuple(tuple(t) for _, t in groups)
    else:
        pile = r.cards(data["cards"], (*keys, "cards"), 4 if r.puzzle else 1, 36)
        if pile is None:
            return None
        if r.puzzle and len(pile) % 4:
            r.fail((*keys, "cards"), f"{len(pile)} cards cannot be whole tricks of 4")
            return None
        groups = [((*keys, "cards"), pile)]
    weis = _read_weis_list(r, data, keys, trump, rules)
    last, stoeck = r.flag(data, keys, "last"), r.flag(data, keys, "stoeck")
    if trump is None or rules is None or weis is None or not r.disjoint(groups):
        return None
    if tricks is not None and len(tricks) == 9 and "last" in data and not last:
        r.fail((*keys, "last"), "a match of 9 tricks includes the last trick")
        return None
    cards = CardSet([card for _, group in groups for card in group])
    return PointsTask(trump, cards, tricks, last, weis, stoeck, rules)


def _read_weis_list(
    r: Reader, data: dict[str, Any], keys: KeyPath, trump: Trump | None, rules: Rules | None
) -> tuple[CardSet, ...] | None:
    value = data.get("weis", [])
    if not isinstance(value, list):
        r.fail((*keys, "weis"), "must be a list of card strings, one per announcement")
        return None
    parsed = [((*keys, "weis", i), r.cards(w, (*keys, "weis", i), 3, 9))
              for i, w in enumerate(value)]
    if any(c is None for _, c in parsed) or trump is None or rules is None:
        return None
    checked = [(k, c) for k, c in parsed if c is not None]
    if not r.disjoint(checked):
        return None
    if not all([_announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return tuple(CardSet(c) for _, c in checked)


def read_slate(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"points"}, extra):
        return None
    points = r.integer(data["points"], (*keys, "points"), 0, 10000)
    return None if points is None else SlateTask(points)


def read_choice(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"prompt", "options", "answer"}, extra):
        return None
    prompt = r.text(data["prompt"], (*keys, "prompt"))
    options = data["options"]
    if not isinstance(options, list) or not 2 <= len(options) <= 5:
        r.fail((*keys, "options"), "must be a list of 2 to 5 choices")
        return None
    texts = [r.text(o, (*keys, "options", i)) for i, o in enumerate(options)]
    if len(set(texts)) != len(texts):
        r.fail((*keys, "options"), "two choices are the same")
    answer = r.integer(data["answer"], (*keys, "answer"), 0, len(options) - 1)
    if prompt is None or answer is None or any(t is None for t in texts):
        return None
    return ChoiceTask(prompt, tuple(t for t in texts if t is not None), answer)


def _hand_sizes(r: Reader, hands: list[list[Card]], trick: list[Card], leader: int,
                keys: KeyPath) -> bool:
    """Each hand holds as many cards as tricks are left, one fewer once it played to the trick;
    the player to move is the learner, seat 0, and holds 2 to 4 cards."""
    player = (leader + len(trick)) % 4
    if player != 0:
        r.fail((*keys, "leader"), f"the player to move must be seat 0 (the learner): with "
               f"{len(trick)} card{'s' if len(trick) != 1 else ''} in the trick the leader is "
               f"seat {(4 - len(trick)) % 4}, not {leader}")
        return False
    left = len(hands[0])
    if not 2 <= left <= 4:
        r.fail((*keys, "hands", 0), f"holds {left} cards: a best puzzle is an ending of 2 to 4 "
               "tricks")
        return False
    played = {(leader + i) % 4 for i in range(len(trick))}
    ok = True
    for seat, hand in enumerate(hands):
        expected = left - (seat in played)
        if len(hand) != expected:
            r.fail((*keys, "hands", seat), f"holds {len(hand)} cards, not {expected}: "
                   f"{'it has played to the trick and ' if seat in played else ''}"
                   f"seat 0 holds {left}")
            ok = False
    return ok


def read_best(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> Task | None:
    if not r.mapping(data, keys, {"trump", "hands", "trick", "leader"}, extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    trick = r.cards(data["trick"], (*keys, "trick"), 0, 3)
    leader = r.integer(data["leader"], (*keys, "leader"), 0, 3)
    value = data["hands"]
    if not isinstance(value, list) or len(value) != 4:
        r.fail((*keys, "hands"), "must be a list of 4 card strings, one per seat from 0 (you)")
        return None
    hands = [r.cards(h, (*keys, "hands", i), 0, 4) for i, h in enumerate(value)]
    if trump is None or trick is None or leader is None or None in hands:
        return None
    checked = [h for h in hands if h is not None]
    groups = [((*keys, "hands", i), h) for i, h in enumerate(checked)]
    if not r.disjoint([*groups, ((*keys, "trick"), trick)]):
        return None
    if not _hand_sizes(r, checked, trick, leader, keys):
        return None
    if not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return BestTask(trump, tuple(CardSet(h) for h in checked), tuple(trick), leader)


def _names(cards: tuple[Card, ...]) -> str:
    codes = [str(card) for card in cards]
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} and {codes[-1]}"


def check_best(r: Reader, keys: KeyPath, solution: BestSolution) -> bool:
    """A best puzzle offers a choice and has exactly one best card."""
    if len(solution.values) < 2:
        r.fail((*keys, "hands", 0), f"only {solution.values[0][0]} is legal: there is nothing "
               "to choose")
        return False
    if len(solution.best) > 1:
        r.fail((*keys, "answer"), f"{_names(solution.best)} are equally best ({solution.value} "
               "points each): a best puzzle needs exactly one best card")
        return False
    return True


READERS: dict[str, TaskReader] = {
    "pick_legal": read_legal, "legal": read_legal,
    "pick_winner": read_winner, "winner": read_winner,
    "pick_weis": read_weis, "weis": read_weis,
    "count_points": read_points, "points": read_points,
    "slate": read_slate, "choice": read_choice, "best": read_best,
}


# --- answers -----------------------------------------------------------------------------------


def _show(answer: object) -> str:
    if answer is None:
        return "nobody"
    if isinstance(answer, tuple):
        return "[" + ", ".join(map(str, answer)) + "]"
    return str(answer) if str(answer) else "no card"


def read_answer(r: Reader, kind: str, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """The stored answer in the engine's form; ``(False, None)`` if it cannot be read."""
    if kind in ("pick_legal", "legal"):
        cards = r.cards(value, keys)
        return (cards is not None, CardSet(cards or ()))
    if kind in ("pick_winner", "winner", "best"):
        card = r.card(value, keys)
        return (card is not None, card)
    if kind in ("pick_weis", "weis"):
        if value is None:
            return True, None
        return _ok(r.integer(value, keys, 0, 3))
    if kind in ("count_points", "points"):
        return _ok(r.integer(value, keys, 0, 10000))
    if kind == "slate":
        if not isinstance(value, list) or len(value) != 4:
            r.fail(keys, "must be a list of 4 whole numbers: hundreds, fifties, twenties, rest")
            return False, None
        numbers = [r.integer(v, (*keys, i), 0, 10000) for i, v in enumerate(value)]
        ok = all(n is not None for n in numbers)
        return ok, tuple(numbers) if ok else None
    return True, value


def _ok(value: int | None) -> tuple[bool, object]:
    return value is not None, value


def agree(r: Reader, kind: str, data: dict[str, Any], keys: KeyPath, solution: Solution) -> None:
    """Fail if ``data`` states an answer the engine does not give."""
    if "answer" not in data or kind == "choice":
        return
    ok, stored = read_answer(r, kind, data["answer"], (*keys, "answer"))
    if ok and stored != solution.answer:
        r.fail(
            (*keys, "answer"),
            f"stored answer {_show(stored)} disagrees with the engine: {_show(solution.answer)}",
        )


def read_task(
    r: Reader, kind: str, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> tuple[Task, Solution] | None:
    task = READERS[kind](r, data, keys, extra)
    if task is None:
        return None
    solution = solve(task)
    if isinstance(solution, BestSolution) and not check_best(r, keys, solution):
        return None
    agree(r, kind, data, keys, solution)
    return task, solution


# --- lessons -----------------------------------------------------------------------------------

_EXERCISE_FIELDS = frozenset({"kind", "prompt", "hint", "answer"})


def read_exercise(r: Reader, data: Any, keys: KeyPath) -> Exercise | None:
    if not isinstance(data, dict) or "kind" not in data:
        r.fail(keys, "an exercise must be a mapping with a 'kind'")
        return None
    kind = data["kind"]
    if kind not in EXERCISE_KINDS:
        r.fail((*keys, "kind"), f"unknown exercise kind {_describe(kind)} "
               f"(known: {', '.join(EXERCISE_KINDS)})")
        return None
    solved = read_task(r, kind, data, keys, _EXERCISE_FIELDS)
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


def shows_cards(task: Task) -> bool:
    """Whether an exercise draws cards (choice and slate exercises draw none)."""
    return not isinstance(task, (ChoiceTask, SlateTask))


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
    return Step(text, figure, tuple(checked), played)


def _id_list(r: Reader, data: dict[str, Any], name: str, known: Any, what: str) -> tuple[str, ...]:
    value = data[name]
    if not isinstance(value, list) or not value:
        r.fail((name,), f"must be a non-empty list of {what}")
        return ()
    for i, entry in enumerate(value):
        if entry not in known:
            r.fail((name, i), f"unknown {what[:-1]} {_describe(entry)}")
    return tuple(str(entry) for entry in value)


def _read_prepares(r: Reader, data: dict[str, Any]) -> frozenset[tuple[Kind, str]]:
    """The lesson's ``puzzles:`` mapping, kind -> the themes of that kind the lesson teaches."""
    value = data.get("puzzles", {})
    if not isinstance(value, dict):
        r.fail(("puzzles",), f"must be a mapping of puzzle kind to themes, not {_describe(value)}")
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
                r.fail(("puzzles", name, i), f"unknown theme {_describe(key)}")
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
    steps = [read_step(r, s, ("steps", i)) for i, s in enumerate(steps_data)]
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
        r.fail(keys, f"a puzzle must be a mapping, not {_describe(data)}")
        return None, r.problems
    for name in ("id", "kind", "themes", "difficulty", "answer"):
        if name not in data:
            r.fail(keys, f"missing field '{name}'")
    if r.problems:
        return None, r.problems
    match = PUZZLE_ID.match(str(data["id"]))
    if match is None or match.group(1) != ID_PREFIX[kind]:
        r.fail((*keys, "id"), f"must be '{ID_PREFIX[kind]}' and 3 or 4 digits, like "
               f"'{ID_PREFIX[kind]}001'")
    if data["kind"] != kind.value:
        r.fail((*keys, "kind"), f"must be '{kind.value}' in {source.path.name}")
        return None, r.problems
    difficulty = r.integer(data["difficulty"], (*keys, "difficulty"), 1, 5)
    solved = read_task(r, kind.value, data, keys, _PUZZLE_FIELDS)
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
            r.fail((*keys, i), f"unknown theme {_describe(key)}")
        elif kind not in theme.checks:
            r.fail((*keys, i), f"theme '{key}' is not one for {kind.value} puzzles")
        elif solved is not None and not applies(theme, kind, *solved):
            r.fail((*keys, i), f"theme '{key}' does not apply to this position")
    if len(set(map(str, value))) != len(value):
        r.fail(keys, "a theme is listed twice")
    return tuple(str(key) for key in value)


def retired_ids(root: Path) -> set[str]:
    """Ids that left the puzzle set; they are never given to a new puzzle."""
    path = root / PUZZLES / "RETIRED"
    if not path.exists():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
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
    if not any(folder.glob("*.yaml")):
        return Missing(what, folder, exists=True)
    return None


def load_lessons(root: Path, content: Content) -> None:
    folder = root / LESSONS
    if (missing := _missing(folder, LESSONS)) is not None:
        content.missing.append(missing)
    numbers: dict[int, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        display = _display(path, root)
        match = LESSON_FILE.match(path.name)
        if match is None:
            content.problems.append(Problem(display, 0, "", "", "a lesson file is named "
                                            "NN-slug.yaml, like 05-following-suit.yaml"))
            continue
        source, problems = read_yaml(path, display)
        content.problems.extend(problems)
        if source is None or problems:
            continue
        number, slug = int(match.group(1)), match.group(2)
        lesson, problems = read_lesson(source, number, slug)
        if lesson is not None and number in numbers:
            problems = [source.problem(slug, (), f"lesson number {number:02d} is also "
                                                 f"{numbers[number]}")]
            lesson = None
        content.problems.extend(problems)
        if lesson is not None:
            numbers[number] = display
            content.lessons.append(lesson)


def load_puzzles(root: Path, content: Content) -> None:
    retired = retired_ids(root)
    seen: dict[str, Puzzle] = {}
    kinds = {kind.value: kind for kind in Kind}
    folder = root / PUZZLES
    if (missing := _missing(folder, PUZZLES)) is not None:
        content.missing.append(missing)
    for path in sorted(folder.glob("*.yaml")):
        display = _display(path, root)
        kind = kinds.get(path.stem.split("-")[0])
        if kind is None:
            content.problems.append(Problem(display, 0, "", "", "a puzzle file is named after "
                                            f"its kind: {', '.join(kinds)}"))
            continue
        source, problems = read_yaml(path, display)
        content.problems.extend(problems)
        if source is None or problems:
            continue
        if not isinstance(source.data, list):
            content.problems.append(source.problem("", (), "must be a list of puzzles"))
            continue
        for index, data in enumerate(source.data):
            puzzle, problems = read_puzzle(source, index, data, kind)
            if puzzle is not None:
                problems += _identity_problems(source, index, puzzle, seen, retired)
            content.problems.extend(problems)
            if puzzle is not None and not problems:
                seen[puzzle.id] = puzzle
                content.puzzles.append(puzzle)


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


def load_content(root: Path = ROOT) -> Content:
    """Every lesson and puzzle under ``root`` that passes its checks, and every problem."""
    content = Content()
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
