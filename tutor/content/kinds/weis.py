"""Announcements: whose announcement (Weis) wins, and by which criterion."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine import CardSet, Criterion, Trump, Weis, best_weis, compare_weis, find_weis
from tutor.content.explain import weis_line
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import keep_all, quoted, random_hands, trump_lines
from tutor.content.reader import Reader, accept, announced, read_ok
from tutor.content.source import KeyPath
from tutor.content.tasks import WeisSolution, WeisTask, announcements_of
from tutor.content.themes import Kind
from tutor.i18n import _, ngettext
from tutor.names import seat_name, team_name
from tutor.vocab import LEARNER_SEAT, LEARNER_TEAM


def read_weis(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> WeisTask | None:
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
    if not all([announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return WeisTask(trump, tuple(CardSet(c) for _, c in checked), rules)


def player_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A player 0 to 3, or ``null`` for nobody."""
    if value is None:
        return True, None
    return read_ok(r.integer(value, keys, 0, 3))


def strongest(weises: Sequence[Weis], trump: Trump) -> Weis:
    return max(weises, key=lambda weis: weis.key(trump))


def solve_weis(task: WeisTask) -> WeisSolution:
    declared = tuple(tuple(announcements_of(p, task.trump, task.rules)) for p in task.players)
    winner = best_weis(declared, task.trump, task.rules)
    if winner is None:
        return WeisSolution(declared, None)
    others = [i for i, weises in enumerate(declared) if weises and i != winner]
    if not others:
        return WeisSolution(declared, winner)
    # The next best: the strongest of the others, the earlier one first at equal strength.
    runner = max(others, key=lambda i: (strongest(declared[i], task.trump).key(task.trump), -i))
    first, second = sorted((winner, runner))
    result = compare_weis(
        strongest(declared[first], task.trump),
        strongest(declared[second], task.trump),
        task.trump,
        task.rules,
    )
    return WeisSolution(declared, winner, runner, result.criterion)


def _criterion_text(criterion: Criterion, other: str) -> str:
    texts = {
        Criterion.POINTS: _("It is worth more points than {other}."),
        Criterion.LENGTH: _("At equal points it has more cards than {other}."),
        Criterion.HEIGHT: _("At equal points and length its top card is higher than in "
                            "{other}."),
        Criterion.TRUMP: _("It equals {other} in all but trump, and it is in trump."),
        Criterion.ORDER: _("It is exactly as strong as {other} and was announced first."),
    }
    return texts[criterion].format(other=other)


def announcer_name(index: int) -> str:
    """An announcer as the table names seats ("You", "Right", "Partner", "Left"): the players
    of an announcement task are in order of play, from you (``tutor.names.seat_name``)."""
    return seat_name((LEARNER_SEAT + index) % 4)


def announcer_label(index: int) -> str:
    """An announcer with the team it plays for, as an answer says it: "Right · Opponents"."""
    return _("{seat} · {team}").format(seat=announcer_name(index),
                                       team=team_name((LEARNER_SEAT + index) % 2))


def order_text() -> str:
    """Who is who in an announcement task."""
    return _("In order of play: you, then Right, your partner and Left. You and your partner "
             "are one team, Right and Left the other.")


def explain_weis(task: WeisTask, solution: WeisSolution) -> list[str]:
    lines = []
    for index, weises in enumerate(solution.announcements):
        if weises:
            lines.append(_("{player}: {announcements}.").format(
                player=announcer_name(index), announcements=_(", ").join(map(weis_line, weises))))
    if solution.winner is None:
        return [_("Nobody holds an announcement, so nobody scores one.")]
    best = max(solution.announcements[solution.winner], key=lambda w: w.key(task.trump))
    lines.append(_("{player} holds the best announcement: {weis}.").format(
        player=announcer_name(solution.winner), weis=weis_line(best)))
    if solution.runner_up is not None and solution.criterion is not None:
        other = max(solution.announcements[solution.runner_up], key=lambda w: w.key(task.trump))
        lines.append(_criterion_text(solution.criterion, weis_line(other)))
    team = [i for i in range(4) if i % 2 == solution.winner % 2]
    total = sum(w.points for i in team for w in solution.announcements[i])
    if (LEARNER_SEAT + solution.winner) % 2 == LEARNER_TEAM:
        lines.append(ngettext("Your team scores all its announcements: {points} point.",
                              "Your team scores all its announcements: {points} points.",
                              total).format(points=total))
    else:
        lines.append(ngettext("The opponents score all their announcements: {points} point.",
                              "The opponents score all their announcements: {points} points.",
                              total).format(points=total))
    return lines


def weis_steps(task: WeisTask, solution: WeisSolution) -> int:
    if solution.winner is None:
        return 0
    announcing = sum(1 for weises in solution.announcements if weises)
    several = any(len(weises) > 1 for weises in solution.announcements)
    not_points = solution.criterion not in (None, Criterion.POINTS)
    return (not_points + (announcing >= 3) + several + _weis_trap(task, solution)
            + task.rules.long_sequences)


#: R-WEIS-BEST in the order applied; the first four are the parts of ``Weis.key``.
_CRITERIA = (Criterion.POINTS, Criterion.LENGTH, Criterion.HEIGHT, Criterion.TRUMP,
             Criterion.ORDER)


def _weis_trap(task: WeisTask, solution: WeisSolution) -> bool:
    """Whether the runner-up is better than the winner on a criterion after the deciding one
    (longer, higher or in trump; or announced first, when the two tie on points), which a
    learner may wrongly apply first."""
    runner, criterion = solution.runner_up, solution.criterion
    if solution.winner is None or runner is None or criterion is None:
        return False
    win = strongest(solution.announcements[solution.winner], task.trump).key(task.trump)
    other = strongest(solution.announcements[runner], task.trump).key(task.trump)
    decided = _CRITERIA.index(criterion)
    later = any(other[i] > win[i] for i in range(decided + 1, len(win)))
    close = criterion not in (Criterion.POINTS, Criterion.ORDER)  # a tie on points
    return later or (close and runner < solution.winner)


def weis_positions(rng: random.Random, theme: str) -> Iterator[WeisTask]:
    while True:
        trump = Trump(rng.randrange(4))
        players = []
        for hand in random_hands(rng):
            shown = CardSet()
            for weis in find_weis(hand, trump):
                shown = shown | weis.cards
            players.append(shown)
        yield WeisTask(trump, tuple(players))


def weis_yaml(task: WeisTask, solution: WeisSolution) -> list[str]:
    answer = solution.answer
    return [*trump_lines(task.trump, task.rules), "  players:",
            *(f"    - {quoted(p)}" for p in task.players),
            f"  answer: {'null' if answer is None else answer}"]


SPEC = KindSpec(
    name="weis", lesson="pick_weis",
    puzzle=PuzzleSpec(Kind.WEIS, prefix="ws", minimum=40, steps=weis_steps,
                      positions=weis_positions, keep=keep_all, yaml=weis_yaml),
    task=WeisTask, solution=WeisSolution, reader=read_weis, answer=player_answer,
    solver=solve_weis, checker=accept, explainer=explain_weis, shows_cards=True,
)
