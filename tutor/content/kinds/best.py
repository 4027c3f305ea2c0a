"""Best card: an open-hand ending valued by the exact double-dummy search (puzzles only)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import LAST_TRICK_BONUS, Card, CardSet, Solver, Trump, trick_points, trick_winner
from tutor.content.difficulty import has_theme
from tutor.content.explain import card_ref, cards_ref
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import quoted, random_round, trick_text, trump_lines
from tutor.content.reader import Reader, card_answer, legal_trick, undertrump
from tutor.content.source import KeyPath
from tutor.content.tasks import BestSolution, BestTask, Play
from tutor.content.themes import Kind
from tutor.i18n import _, ngettext
from tutor.names import seat_name


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
) -> BestTask | None:
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


def _card_values(solver: Solver, hands: list[int], leader: int,
                 trick: list[int]) -> dict[Card, int]:
    values = solver.move_values(hands, leader, trick)
    return {Card.from_index(index): value for index, value in values.items()}


def solve_best(task: BestTask) -> BestSolution:
    """Every legal card valued by the exact double-dummy search, and the line of best play.

    The line takes, at each turn, the best card for the side to move (the first in deck order
    among equals), until every hand is empty.
    """
    team = task.player % 2
    solver = Solver(int(task.trump), team)
    hands = [cards.mask for cards in task.hands]
    trick = [card.index for card in task.trick]
    leader = task.leader
    first = _card_values(solver, hands, leader, trick)
    values = tuple(sorted(first.items(), key=lambda item: (-item[1], item[0].index)))
    line: list[Play] = []
    while any(hands):
        player = (leader + len(trick)) % 4
        options = first if not line else _card_values(solver, hands, leader, trick)
        sign = 1 if player % 2 == team else -1
        card = min(options, key=lambda c: (-sign * options[c], c.index))
        line.append((player, card))
        hands[player] &= ~(1 << card.index)
        trick.append(card.index)
        if len(trick) == 4:
            cards = tuple(Card.from_index(index) for index in trick)
            leader = (leader + trick_winner(cards, task.trump)) % 4
            trick = []
    return BestSolution(values, tuple(line))


def line_tricks(task: BestTask, solution: BestSolution) -> list[tuple[list[tuple[int, Card]],
                                                                      int, int]]:
    """The winning line trick by trick: its plays by seat (the cards already on the table
    first), the seat that takes it, and its points (the last with its 5)."""
    plays = [((task.leader + i) % 4, card) for i, card in enumerate(task.trick)]
    plays += list(solution.line)
    tricks = []
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        cards = [card for _seat, card in trick]
        winner = trick[trick_winner(cards, task.trump)][0]
        points = trick_points(cards, task.trump)
        if start + 4 == len(plays):
            points += LAST_TRICK_BONUS
        tricks.append((trick, winner, points))
    return tricks


def explain_best(task: BestTask, solution: BestSolution) -> list[str]:
    best = card_ref(solution.answer)
    lines = [ngettext("Best: the {card}. Your team then takes {points} point from here to the "
                      "end, the trick on the table included.",
                      "Best: the {card}. Your team then takes {points} points from here to the "
                      "end, the trick on the table included.",
                      solution.value).format(card=best, points=solution.value)]
    runner = solution.runner_up
    if runner is not None:
        lines.append(ngettext("That is {margin} point more than the next best choice: {cards}.",
                              "That is {margin} points more than the next best choice: {cards}.",
                              solution.margin).format(margin=solution.margin,
                                                      cards=cards_ref(runner[0])))
    lines.append(_("The winning line, with best play on every side:"))
    for number, (plays, winner, points) in enumerate(line_tricks(task, solution), 1):
        shown = _(", ").join(_("{seat}: {card}").format(seat=seat_name(seat), card=card_ref(card))
                             for seat, card in plays)
        lines.append(ngettext("Trick {number}: {plays}. Taken by: {seat}, {points} point.",
                              "Trick {number}: {plays}. Taken by: {seat}, {points} points.",
                              points).format(number=number, plays=shown, seat=seat_name(winner),
                                             points=points))
    return lines


#: A best card that wins less than this over the next best card is a close call.
CLOSE_MARGIN = 15


def best_steps(task: BestTask, solution: BestSolution) -> int:
    length = len(task.hands[0]) - 2
    choices = len(solution.values) >= 4
    close = solution.margin < CLOSE_MARGIN
    named = (has_theme("trump-control", Kind.BEST, task, solution)
             or has_theme("give-points", Kind.BEST, task, solution))
    hidden = has_theme("duck", Kind.BEST, task, solution) or not named
    return length + choices + close + hidden


#: A best-card candidate must win at least this much over the next best card.
MIN_MARGIN = 5


def best_positions(rng: random.Random, theme: str) -> Iterator[BestTask]:
    """Random rounds cut 2 to 4 tricks from the end, seats turned so the player to move is 0."""
    while True:
        trump = Trump(rng.randrange(4))
        start, tricks = random_round(rng, trump)
        number, position = 9 - rng.randint(2, 4), rng.randrange(4)
        trick = tricks[number]
        mover = trick[position][0]
        played = CardSet([c for t in tricks[:number] for _, c in t] +
                         [c for _, c in trick[:position]])
        hands = tuple(start[(mover + i) % 4] - played for i in range(4))
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield BestTask(trump, hands, shown, (trick[0][0] - mover) % 4)


def worth_solving(solution: BestSolution) -> bool:
    """A best-card candidate: one best card that wins at least ``MIN_MARGIN`` over the next."""
    return len(solution.best) == 1 and solution.margin >= MIN_MARGIN


def best_yaml(task: BestTask, solution: BestSolution) -> list[str]:
    """The position and answer, and each card's value and the winning line as comments for the
    curator."""
    values = ", ".join(f"{card} {value}" for card, value in solution.values)
    line = " ".join(f"{seat}:{card}" for seat, card in solution.line)
    return [
        *trump_lines(task.trump),
        "  hands: [" + ", ".join(quoted(hand) for hand in task.hands) + "]",
        f"  trick: {trick_text(task.trick)}",
        f"  leader: {task.leader}",
        f"  answer: {solution.answer}",
        f"  # values: {values}",
        f"  # line: {line}",
    ]


#: Puzzles only: an open-hand ending needs the whole table, which a lesson step does not draw.
SPEC = KindSpec(
    name="best", lesson=None,
    puzzle=PuzzleSpec(Kind.BEST, prefix="bs", minimum=40, steps=best_steps,
                      positions=best_positions, keep=worth_solving, yaml=best_yaml),
    task=BestTask, solution=BestSolution, reader=read_best, answer=card_answer,
    solver=solve_best, checker=check_best, explainer=explain_best, shows_cards=True,
)
