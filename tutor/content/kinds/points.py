"""Points: what a team scores with its cards, the last trick, announcements and Stöck."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    STOECK_POINTS,
    Card,
    CardSet,
    Rules,
    Trump,
    Weis,
    card_points,
    find_weis,
    has_stoeck,
    multiplier,
    trick_winner,
)
from tutor.content.explain import weis_line
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import keep_all, quoted, random_round, trick_text, trump_lines
from tutor.content.reader import Reader, accept, announced, legal_trick, read_ok, undertrump
from tutor.content.source import KeyPath
from tutor.content.tasks import PointsSolution, PointsTask, announcements_of
from tutor.content.themes import Kind
from tutor.i18n import _


def read_points(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> PointsTask | None:
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
    if not all([announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return tuple(CardSet(c) for _, c in checked)


def points_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A total of points."""
    return read_ok(r.integer(value, keys, 0, 10000))


def solve_points(task: PointsTask) -> PointsSolution:
    announcements: list[Weis] = []
    for cards in task.weis:
        announcements.extend(announcements_of(cards, task.trump, task.rules))
    return PointsSolution(
        cards=sum(card_points(card, task.trump) for card in task.cards),
        last=LAST_TRICK_BONUS if task.last or task.match else 0,
        match=MATCH_BONUS if task.match else 0,
        weis=sum(weis.points for weis in announcements),
        stoeck=STOECK_POINTS if task.stoeck else 0,
        factor=multiplier(task.trump, task.rules),
        announcements=tuple(announcements),
    )


def explain_points(task: PointsTask, solution: PointsSolution) -> list[str]:
    lines = [_("Cards: {points}.").format(points=solution.cards)]
    if solution.last:
        lines.append(_("Last trick: +{points}.").format(points=solution.last))
    if solution.match:
        lines.append(_("Match, all nine tricks: +{points}.").format(points=MATCH_BONUS))
    if solution.weis:
        lines.append(_("Announcements: +{points} ({list}).").format(
            points=solution.weis, list=_(", ").join(map(weis_line, solution.announcements))))
    if solution.stoeck:
        lines.append(_("Stöck: +{points}.").format(points=solution.stoeck))
    if solution.factor != 1:
        lines.append(_("{suit:S} are trump with pique double: everything counts twice."))
    lines.append(_("Total: {points}.").format(points=solution.total))
    return lines


#: Points puzzles: up to SMALL_PILE cards to count is no step, up to LARGE_PILE one, more two.
SMALL_PILE, LARGE_PILE = 4, 12


def points_steps(task: PointsTask, solution: PointsSolution) -> int:
    count = 0 if task.match else len(task.cards)
    size = 0 if count <= SMALL_PILE else 1 if count <= LARGE_PILE else 2
    last = bool(solution.last) and not solution.match  # a match includes its last trick
    parts = (last + bool(solution.match) + bool(solution.weis) + bool(solution.stoeck)
             + (solution.factor != 1))
    idle_option = task.rules.pique_double and solution.factor == 1
    return size + parts + idle_option


def points_positions(rng: random.Random, theme: str) -> Iterator[PointsTask]:
    while True:
        trump = Trump.SPADES if theme == "pique-double" else Trump(rng.randrange(4))
        rules = Rules(pique_double=theme == "pique-double")
        start, tricks = random_round(rng, trump)
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


def points_yaml(task: PointsTask, solution: PointsSolution) -> list[str]:
    lines = [*trump_lines(task.trump, task.rules), "  tricks:",
             *(f"    - {trick_text(t)}" for t in task.tricks or ()),
             f"  last: {'true' if task.last else 'false'}"]
    if task.weis:
        lines.append("  weis: [" + ", ".join(quoted(w) for w in task.weis) + "]")
    if task.stoeck:
        lines.append("  stoeck: true")
    lines.append(f"  answer: {solution.answer}")
    return lines


SPEC = KindSpec(
    name="points", lesson="count_points",
    puzzle=PuzzleSpec(Kind.POINTS, prefix="pt", minimum=40, steps=points_steps,
                      positions=points_positions, keep=keep_all, yaml=points_yaml),
    task=PointsTask, solution=PointsSolution, reader=read_points, answer=points_answer,
    solver=solve_points, checker=accept, explainer=explain_points, shows_cards=True,
)
