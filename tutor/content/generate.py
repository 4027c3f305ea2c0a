"""Candidate puzzles for authors: random deals filtered by the engine for a theme.

``python -m tutor.content generate legal --theme no-undertrump --count 5 --seed 1`` prints YAML
ready to curate: the position, the engine's answer, every theme that applies, the next free ids
and the difficulty (``tutor.content.difficulty``, which every stored difficulty must equal). An
author keeps the few that teach something and writes the hint.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import yaml

from engine import (
    Card,
    CardSet,
    Rules,
    Trump,
    find_weis,
    has_stoeck,
    legal_cards,
    random_deal,
    trick_winner,
)
from tutor.content.difficulty import estimate_difficulty
from tutor.content.loader import retired_ids, undertrump
from tutor.content.tasks import (
    BestSolution,
    BestTask,
    LegalTask,
    PointsTask,
    Solution,
    Task,
    WeisTask,
    WinnerTask,
    solve,
)
from tutor.content.themes import ID_PREFIX, THEMES_BY_KEY, Kind, applies, themes_for
from tutor.data import PUZZLES

Played = list[tuple[int, Card]]  # (seat, card) in the order played


def _deal(rng: random.Random) -> list[CardSet]:
    return [CardSet.from_mask(mask) for mask in random_deal(rng)]


def _random_round(rng: random.Random, trump: Trump) -> tuple[list[CardSet], list[Played]]:
    """A deal and its 9 tricks played with random legal cards."""
    hands = _deal(rng)
    start = list(hands)
    tricks: list[Played] = []
    leader = rng.randrange(4)
    for _ in range(9):
        trick: Played = []
        for offset in range(4):
            seat = (leader + offset) % 4
            options = list(legal_cards(hands[seat], [c for _, c in trick], trump))
            card = rng.choice(options)
            hands[seat] = hands[seat] - CardSet([card])
            trick.append((seat, card))
        tricks.append(trick)
        leader = trick[trick_winner([c for _, c in trick], trump)][0]
    return start, tricks


def _legal_tasks(rng: random.Random) -> Iterator[Task]:
    while True:
        trump = Trump(rng.randrange(4))
        start, tricks = _random_round(rng, trump)
        number, position = rng.randrange(9), rng.randrange(4)
        trick = tricks[number]
        seat = trick[position][0]
        before = [c for t in tricks[:number] for _, c in t] + [c for _, c in trick[:position]]
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield LegalTask(trump, start[seat] - CardSet(before), shown)


def _winner_tasks(rng: random.Random) -> Iterator[Task]:
    while True:
        trump = Trump(rng.randrange(4))
        _, tricks = _random_round(rng, trump)
        trick = tuple(c for _, c in tricks[rng.randrange(9)])
        if undertrump(trick, trump) is None:
            yield WinnerTask(trump, trick)


def _weis_tasks(rng: random.Random) -> Iterator[Task]:
    while True:
        trump = Trump(rng.randrange(4))
        players = []
        for hand in _deal(rng):
            shown = CardSet()
            for weis in find_weis(hand, trump):
                shown = shown | weis.cards
            players.append(shown)
        yield WeisTask(trump, tuple(players))


def _points_tasks(rng: random.Random, theme: str) -> Iterator[Task]:
    while True:
        trump = Trump.SPADES if theme == "pique-double" else Trump(rng.randrange(4))
        rules = Rules(pique_double=theme == "pique-double")
        start, tricks = _random_round(rng, trump)
        team = rng.randrange(2)
        won = [t for t in tricks if t[trick_winner([c for _, c in t], trump)][0] % 2 == team]
        if theme == "match":
            won = tricks
        if not won or any(undertrump([c for _, c in t], trump) for t in won):
            continue
        last_won = won[-1] is tricks[-1]
        weis = [w.cards for seat in (team, team + 2) for w in find_weis(start[seat], trump)]
        stoeck = any(has_stoeck(start[seat], trump) for seat in (team, team + 2))
        cards = CardSet([c for t in won for _, c in t])
        yield PointsTask(trump, cards, tuple(tuple(c for _, c in t) for t in won), last_won,
                         tuple(weis), stoeck, rules)


#: A best-card candidate must win at least this much over the next best card.
MIN_MARGIN = 5


def _best_tasks(rng: random.Random) -> Iterator[Task]:
    """Random rounds cut 2 to 4 tricks from the end, seats turned so the player to move is 0."""
    while True:
        trump = Trump(rng.randrange(4))
        start, tricks = _random_round(rng, trump)
        number, position = 9 - rng.randint(2, 4), rng.randrange(4)
        trick = tricks[number]
        mover = trick[position][0]
        played = CardSet([c for t in tricks[:number] for _, c in t] +
                         [c for _, c in trick[:position]])
        hands = tuple(start[(mover + i) % 4] - played for i in range(4))
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield BestTask(trump, hands, shown, (trick[0][0] - mover) % 4)


def worth_solving(solution: Solution) -> bool:
    """A best-card candidate: one best card that wins at least ``MIN_MARGIN`` over the next."""
    assert isinstance(solution, BestSolution)
    return len(solution.best) == 1 and solution.margin >= MIN_MARGIN


def candidates(
    kind: Kind, theme: str, rng: random.Random, tries: int = 20000
) -> Iterator[tuple[Task, Solution]]:
    """Positions of ``kind`` in which the engine finds ``theme``, without repeats, among
    ``tries`` random ones."""
    source = {
        Kind.LEGAL: _legal_tasks(rng),
        Kind.WINNER: _winner_tasks(rng),
        Kind.WEIS: _weis_tasks(rng),
        Kind.POINTS: _points_tasks(rng, theme),
        Kind.BEST: _best_tasks(rng),
    }[kind]
    seen: set[Task] = set()
    wanted = THEMES_BY_KEY[theme]
    for _, task in zip(range(tries), source, strict=False):
        if task in seen:
            continue
        solution = solve(task)
        if kind == Kind.BEST and not worth_solving(solution):
            continue
        if applies(wanted, kind, task, solution):
            seen.add(task)
            yield task, solution


def _q(cards: object) -> str:
    return f'"{cards}"'


def to_yaml(kind: Kind, puzzle_id: str, task: Task, solution: Solution) -> str:
    themes = [t.key for t in themes_for(kind) if applies(t, kind, task, solution)][:3]
    lines = [
        f"- id: {puzzle_id}",
        f"  kind: {kind.value}",
        f"  themes: [{', '.join(themes)}]",
        f"  difficulty: {estimate_difficulty(kind, task, solution)}",
    ]
    if not isinstance(task, (LegalTask, WinnerTask, WeisTask, PointsTask, BestTask)):
        raise ValueError(f"no puzzle kind for {task!r}")
    lines.append(f"  trump: {'HDCS'[int(task.trump)]}")
    rules = getattr(task, "rules", Rules())
    if rules.pique_double:
        lines.append("  rules: {pique_double: true}")
    if isinstance(task, LegalTask):
        lines += [f"  hand: {_q(task.hand)}", f"  trick: {_q(' '.join(map(str, task.trick)))}",
                  f"  answer: {_q(solution.answer)}"]
    elif isinstance(task, WinnerTask):
        lines += [f"  trick: {_q(' '.join(map(str, task.trick)))}", f"  answer: {solution.answer}"]
    elif isinstance(task, WeisTask):
        lines.append("  players:")
        lines += [f"    - {_q(p)}" for p in task.players]
        answer = solution.answer
        lines.append(f"  answer: {'null' if answer is None else answer}")
    elif isinstance(task, PointsTask):
        lines.append("  tricks:")
        lines += [f"    - {_q(' '.join(map(str, t)))}" for t in task.tricks or ()]
        lines.append(f"  last: {'true' if task.last else 'false'}")
        if task.weis:
            lines.append("  weis: [" + ", ".join(_q(w) for w in task.weis) + "]")
        if task.stoeck:
            lines.append("  stoeck: true")
        lines.append(f"  answer: {solution.answer}")
    elif isinstance(task, BestTask) and isinstance(solution, BestSolution):
        lines += _best_lines(task, solution)
    lines.append("  # hint: one sentence on why this position is worth solving")
    return "\n".join(lines)


def _best_lines(task: BestTask, solution: BestSolution) -> list[str]:
    values = ", ".join(f"{card} {value}" for card, value in solution.values)
    line = " ".join(f"{seat}:{card}" for seat, card in solution.line)
    return [
        "  hands: [" + ", ".join(_q(hand) for hand in task.hands) + "]",
        f"  trick: {_q(' '.join(map(str, task.trick)))}",
        f"  leader: {task.leader}",
        f"  answer: {solution.answer}",
        f"  # values: {values}",
        f"  # line: {line}",
    ]


def next_ids(root: Path, kind: Kind, count: int) -> list[str]:
    """The next ``count`` ids of ``kind`` after every id in use or retired."""
    prefix = ID_PREFIX[kind]
    used: set[str] = set()
    for path in (root / PUZZLES).glob("*.yaml"):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(data, list):
            used |= {str(p.get("id")) for p in data if isinstance(p, dict)}
    used |= retired_ids(root)
    numbers = [int(u[2:]) for u in used if u.startswith(prefix) and u[2:].isdigit()]
    start = max(numbers, default=0) + 1
    return [f"{prefix}{n:03d}" for n in range(start, start + count)]


def generate(root: Path, kind: Kind, theme: str, count: int, seed: int,
             tries: int = 20000) -> list[str]:
    """Up to ``count`` candidates as YAML blocks (fewer when the theme is rare)."""
    rng = random.Random(f"jass-tutor generate {seed}")
    ids = next_ids(root, kind, count)
    blocks = []
    found = candidates(kind, theme, rng, tries)
    for puzzle_id in ids:
        task_solution = next(found, None)
        if task_solution is None:
            break
        blocks.append(to_yaml(kind, puzzle_id, *task_solution))
    return blocks
