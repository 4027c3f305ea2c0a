"""Trick winner: which card of a complete trick takes it (4 cards, or 3 or 5 at Pomme)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import Rank, Trump, trick_winner
from tutor.content.difficulty import FIVE, has_theme, is_trump
from tutor.content.explain import card_ref, suit_ref, trump_order
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import (
    keep_all,
    players_line,
    random_players,
    random_round,
    trick_text,
    trump_lines,
)
from tutor.content.reader import Reader, accept, card_answer, legal_trick, read_players, undertrump
from tutor.content.source import KeyPath
from tutor.content.tasks import WinnerSolution, WinnerTask
from tutor.content.themes import Kind
from tutor.i18n import _


def read_winner(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> WinnerTask | None:
    if not r.mapping(data, keys, {"trump", "trick"}, {"players"} | extra):
        return None
    players = read_players(r, data, keys)
    if players is None:
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    trick = r.cards(data["trick"], (*keys, "trick"), players, players)
    if trump is None or trick is None or not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return WinnerTask(trump, tuple(trick))


def solve_winner(task: WinnerTask) -> WinnerSolution:
    index = trick_winner(task.trick, task.trump, players=task.players)
    card = task.trick[index]
    return WinnerSolution(index, card, card.suit == task.trump.suit)


def explain_winner(task: WinnerTask, solution: WinnerSolution) -> list[str]:
    card = card_ref(solution.card)
    led = task.trick[0].suit
    if solution.by_trump:
        trumps = [c for c in task.trick if c.suit == task.trump.suit]
        if len(trumps) == 1:
            lines = [_("The {card} wins: it is the only trump in the trick.").format(card=card)]
        else:
            lines = [_("The {card} wins: it is the highest trump, in the trump order {order}.")
                     .format(card=card, order=trump_order())]
    else:
        lines = [_("The {card} wins: nobody trumped, and it is the highest card of {suit}, "
                   "the suit led.").format(card=card, suit=suit_ref(led))]
    for other in task.trick:
        if other.suit not in (led, task.trump.suit):
            lines.append(_("The {card} is a discard of another suit and cannot win.").format(
                card=card_ref(other)))
    return lines


def winner_steps(task: WinnerTask, solution: WinnerSolution) -> int:
    trumps = [card for card in task.trick if is_trump(card.suit, task.trump)]
    decoy = has_theme("discard", Kind.WINNER, task, solution) or any(
        card.rank in (Rank.JACK, Rank.NINE) and not is_trump(card.suit, task.trump)
        and card != solution.card for card in task.trick)
    five = task.players == FIVE
    return ((len(trumps) >= 2) + has_theme("trump-order", Kind.WINNER, task, solution) + decoy
            + five)


def winner_positions(rng: random.Random, theme: str) -> Iterator[WinnerTask]:
    while True:
        players = random_players(rng, theme)
        trump = Trump(rng.randrange(4))
        _, tricks = random_round(rng, trump, players)
        trick = tuple(c for _, c in tricks[rng.randrange(len(tricks))])
        if undertrump(trick, trump) is None:
            yield WinnerTask(trump, trick)


def winner_yaml(task: WinnerTask, solution: WinnerSolution) -> list[str]:
    return [*players_line(task.players), *trump_lines(task.trump),
            f"  trick: {trick_text(task.trick)}", f"  answer: {solution.answer}"]


SPEC = KindSpec(
    name="winner", lesson="pick_winner",
    puzzle=PuzzleSpec(Kind.WINNER, prefix="wn", minimum=50, steps=winner_steps,
                      positions=winner_positions, keep=keep_all, yaml=winner_yaml),
    task=WinnerTask, solution=WinnerSolution, reader=read_winner, answer=card_answer,
    solver=solve_winner, checker=accept, explainer=explain_winner, shows_cards=True,
)
