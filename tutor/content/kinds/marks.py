"""Pomme (R-POMME): each player's mark for the round's points, apples and Putz points."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine import (
    APPLE_BELOW,
    POMME_HAND_SIZE,
    POMME_PLAYERS,
    CardSet,
    PommeGame,
    PommeRoundScored,
    Trump,
    card_points,
    pomme_marks,
)
from tutor.content.difficulty import FIVE, has_theme
from tutor.content.explain import player_name
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import keep_all
from tutor.content.reader import Reader, accept
from tutor.content.source import KeyPath
from tutor.content.tasks import MarksSolution, MarksTask
from tutor.content.themes import Kind
from tutor.i18n import _, ngettext

#: The most points one player can make in a round: every card and the last trick.
ROUND_MOST = 157


@functools.cache
def pomme_totals(players: int) -> frozenset[int]:
    """What the round points of all players of Pomme can add up to: 157 less the cards out of
    play (R-POMME). With 5 players that is one card of trump (the shown card or the 6 that
    replaced it); with 3, nine cards (the aside or the hand given up for it); with 2, the rest
    of the pack and the blind cards not taken (R-POMME-TWO)."""
    values = [card_points(card, Trump.HEARTS) for card in CardSet.full()]
    if players == 5:
        out = {card_points(card, Trump.HEARTS) for card in CardSet.full()
               if card.suit == Trump.HEARTS.suit}
    else:
        size = 36 - players * POMME_HAND_SIZE[players]  # 2 players: 12 left and 6 not taken
        sums: list[set[int]] = [{0}] + [set() for _ in range(size)]
        for value in values:  # the sums of any ``size`` cards (trump is any suit: the same)
            for count in range(size, 0, -1):
                sums[count] |= {total + value for total in sums[count - 1]}
        out = sums[size]
    return frozenset(ROUND_MOST - value for value in out)


def read_marks(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> MarksTask | None:
    if not r.mapping(data, keys, {"points"}, extra):
        return None
    value = data["points"]
    if not isinstance(value, list) or len(value) not in POMME_PLAYERS:
        r.fail((*keys, "points"), "must be a list of the round points of 2, 3 or 5 players, in "
               "order of play")
        return None
    points = [r.integer(p, (*keys, "points", i), 0, ROUND_MOST) for i, p in enumerate(value)]
    checked = [p for p in points if p is not None]
    if len(checked) != len(points):
        return None
    if 1 in checked:
        r.fail((*keys, "points", checked.index(1)), "1 point cannot be made: no card is worth "
               "1 and the last trick is worth 5")
        return None
    total, possible = sum(checked), pomme_totals(len(checked))
    if total not in possible:
        out = ("one card, the shown card or the trump 6 that replaced it: "
               + ", ".join(map(str, sorted(possible, reverse=True))) if len(checked) == 5
               else f"the nine cards of the aside or of the hand given up: {min(possible)} "
               f"to {max(possible)}")
        r.fail((*keys, "points"), f"add up to {total}, which no round of Pomme for "
               f"{len(checked)} makes: 157 less the cards out of play ({out})")
        return None
    try:
        pomme_marks(checked)
    except ValueError as error:  # (the totals above already refuse what no round makes)
        r.fail((*keys, "points"), str(error))
        return None
    return MarksTask(tuple(checked))


def marks_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """The marks of each player, in order of play: ``[2, -1, -1]``."""
    if not isinstance(value, list) or len(value) not in POMME_PLAYERS:
        r.fail(keys, "must be a list of each player's mark (2, 3 or 5 whole numbers)")
        return False, None
    numbers = [r.integer(v, (*keys, i), -1, 3) for i, v in enumerate(value)]
    ok = all(n is not None for n in numbers)
    return ok, tuple(numbers) if ok else None


def places(points: Sequence[int]) -> tuple[int, ...]:
    """Each player's place by points, 1 for the best; equal points share the better place."""
    return tuple(1 + sum(other > mine for other in points) for mine in points)


def solve_marks(task: MarksTask) -> MarksSolution:
    """The engine's marks for the round (``engine.pomme_marks``, R-POMME's table)."""
    return MarksSolution(tuple(pomme_marks(task.points)), places(task.points),
                         sum(points < APPLE_BELOW for points in task.points))


def _best_rule(players: int, apples: int) -> str:
    """R-POMME's rule for the best players at this count of apples."""
    if apples >= 2:
        rules = {2: _("Two players have an apple, so the best marks 2."),
                 3: _("Three players have an apple, so the two best mark 2 each."),
                 4: _("Four players have an apple, so the best marks 3.")}
        return rules[apples]
    if players == 3:
        return _("With three players and at most one apple, the two best mark 1 each.")
    return _("With five players and at most one apple, the three best mark 1 each.")


def explain_marks(task: MarksTask, solution: MarksSolution) -> list[str]:
    lines = []
    for index, (points, mark, place) in enumerate(zip(task.points, solution.marks,
                                                      solution.places, strict=True)):
        player = player_name(index)
        if mark < 0:
            line = ngettext("{player}: {points} point, below 21: an apple, −1.",
                            "{player}: {points} points, below 21: an apple, −1.", points)
        elif mark > 0:
            line = ngettext("{player}: {points} point, place {place}: +{mark}.",
                            "{player}: {points} points, place {place}: +{mark}.", points)
        else:
            line = ngettext("{player}: {points} point, place {place}: no mark.",
                            "{player}: {points} points, place {place}: no mark.", points)
        lines.append(line.format(player=player, points=points, place=place, mark=mark))
    lines.append(_best_rule(task.players, min(solution.apples, 4)))
    if len(set(solution.places)) < len(solution.places):
        lines.append(_("Players with equal points share the better place, and its mark."))
    return lines


def marks_steps(task: MarksTask, solution: MarksSolution) -> int:
    line = any(points in (APPLE_BELOW - 1, APPLE_BELOW) for points in task.points)
    return ((task.players == FIVE) + has_theme("more-apples", Kind.MARKS, task, solution)
            + has_theme("shared-place", Kind.MARKS, task, solution) + line)


def marks_positions(rng: random.Random, theme: str) -> Iterator[MarksTask]:
    """The round points of random rounds of Pomme for 3 or 5, played by the engine's
    ``PommeGame`` with random legal actions (the aside taken now and then)."""
    while True:
        game = PommeGame(rng.choice((3, 5)), rng.randrange(1 << 30))
        try:
            while game.round == 0 and not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
        except ValueError:  # a round with every player under 21, which the marks leave out
            continue
        scored = [e for e in game.events if isinstance(e, PommeRoundScored)]
        if scored:
            yield MarksTask(tuple(scored[0].points))


def marks_yaml(task: MarksTask, solution: MarksSolution) -> list[str]:
    return [f"  points: [{', '.join(map(str, task.points))}]",
            f"  answer: [{', '.join(map(str, solution.answer))}]"]


#: Pomme (R-POMME): each player's mark for the round's points (apples and Putz points).
SPEC = KindSpec(
    name="marks", lesson="count_marks",
    puzzle=PuzzleSpec(Kind.MARKS, prefix="mk", minimum=8, steps=marks_steps,
                      positions=marks_positions, keep=keep_all, yaml=marks_yaml),
    task=MarksTask, solution=MarksSolution, reader=read_marks, answer=marks_answer,
    solver=solve_marks, checker=accept, explainer=explain_marks, shows_cards=False,
)
