"""Legal cards: which cards of a hand may be played on a trick (Chibre, and Pomme for 3 or 5)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import Card, CardSet, Rank, Reason, Trump, illegal_reason, legal_cards
from tutor.content.difficulty import has_theme, is_trump
from tutor.content.explain import card_ref, cards_ref, reason_line, suit_ref
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.positions import (
    keep_all,
    players_line,
    quoted,
    random_players,
    random_round,
    trick_text,
    trump_lines,
)
from tutor.content.reader import HAND_SIZE, Reader, accept, legal_trick, read_players, undertrump
from tutor.content.source import KeyPath
from tutor.content.tasks import LegalSolution, LegalTask, high_trump
from tutor.content.themes import Kind
from tutor.i18n import _


def read_legal(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> LegalTask | None:
    if not r.mapping(data, keys, {"trump", "hand", "trick"}, {"rules", "players"} | extra):
        return None
    players = read_players(r, data, keys)
    if players is None:
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    hand = r.cards(data["hand"], (*keys, "hand"), 1, HAND_SIZE[players])
    trick = r.cards(data["trick"], (*keys, "trick"), 0, players - 1)
    rules = r.rules(data, keys)
    if trump is None or hand is None or trick is None or rules is None:
        return None
    if not r.disjoint([((*keys, "trick"), trick), ((*keys, "hand"), hand)]):
        return None
    if not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return LegalTask(trump, CardSet(hand), tuple(trick), rules, players)


def cards_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A card string: the legal cards."""
    cards = r.cards(value, keys)
    return (cards is not None, CardSet(cards or ()))


def solve_legal(task: LegalTask) -> LegalSolution:
    legal = legal_cards(task.hand, task.trick, task.trump, task.rules, players=task.players)
    reasons: dict[Card, Reason] = {}
    for card in task.hand:
        reason = illegal_reason(card, task.hand, task.trick, task.trump, task.rules,
                                players=task.players)
        if reason is not None:
            reasons[card] = reason
    return LegalSolution(legal, reasons)


def explain_legal(task: LegalTask, solution: LegalSolution) -> list[str]:
    lines = [_("You may play: {cards}.").format(cards=cards_ref(solution.legal))]
    if not task.trick:
        lines.append(_("You lead this trick, so any card may be played."))
        return lines
    lines += [reason_line(card, reason, task) for card, reason in solution.reasons.items()]
    led = task.trick[0].suit
    trumps = [card for card in task.hand if card.suit == task.trump.suit]
    if led == task.trump.suit:
        if len(trumps) == 1 and trumps[0].rank == Rank.JACK:
            lines.append(_("Your only trump is the Buur: you need not play it on a trump lead."))
    elif not any(card.suit == led for card in task.hand):
        lines.append(discard_line(task, trumps))
    return lines


def discard_line(task: LegalTask, trumps: list[Card]) -> str:
    """R-DISCARD with its limit: no card of the led suit frees every card but an undertrump."""
    suit = suit_ref(task.trick[0].suit)
    high = high_trump(task.trick, task.trump)
    if not trumps:
        return _("You have no {suit} and no trump, so any of your cards may be played; none "
                 "of them can win the trick.").format(suit=suit)
    if high is None:
        return _("You have no {suit}, so you may play any card: nobody has trumped yet, so no "
                 "trump of yours would undertrump. Only a trump can win the trick.").format(
                     suit=suit)
    if len(trumps) == len(task.hand):
        return _("Your hand holds only trumps, so you may play one lower than the "
                 "{high}.").format(high=card_ref(high))
    return _("You have no {suit}, so you may play any card except a trump lower than the "
             "{high} already in the trick: that would undertrump.").format(
                 suit=suit, high=card_ref(high))


#: A legal-card hand of this many cards or more takes a step more to sort.
LARGE_HAND = 6


def legal_steps(task: LegalTask, solution: LegalSolution) -> int:
    trumps = [card for card in task.hand if is_trump(card.suit, task.trump)]
    rule = 0
    if task.trick:
        trump_led = is_trump(task.trick[0].suit, task.trump)
        if trump_led and any(card.rank == Rank.JACK for card in trumps):
            rule = 1  # the Buur exception, or seeing that it does not apply
        if has_theme("trump-in", Kind.LEGAL, task, solution):
            rule = 1
        if not trump_led and trumps and high_trump(task.trick, task.trump) is not None:
            rule = 2  # a trump in the trick: each of yours against the undertrump ban
    order = has_theme("trump-order", Kind.LEGAL, task, solution)
    size = (len(task.hand) >= LARGE_HAND) - (len(task.hand) == 1)
    return rule + order + size


def legal_positions(rng: random.Random, theme: str) -> Iterator[LegalTask]:
    while True:
        players = random_players(rng, theme)
        trump = Trump(rng.randrange(4))
        start, tricks = random_round(rng, trump, players)
        number, position = rng.randrange(len(tricks)), rng.randrange(players)
        trick = tricks[number]
        seat = trick[position][0]
        before = [c for t in tricks[:number] for _, c in t] + [c for _, c in trick[:position]]
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield LegalTask(trump, start[seat] - CardSet(before), shown, players=players)


def legal_yaml(task: LegalTask, solution: LegalSolution) -> list[str]:
    return [*players_line(task.players), *trump_lines(task.trump, task.rules),
            f"  hand: {quoted(task.hand)}", f"  trick: {trick_text(task.trick)}",
            f"  answer: {quoted(solution.answer)}"]


SPEC = KindSpec(
    name="legal", lesson="pick_legal",
    puzzle=PuzzleSpec(Kind.LEGAL, prefix="lg", minimum=70, steps=legal_steps,
                      positions=legal_positions, keep=keep_all, yaml=legal_yaml),
    task=LegalTask, solution=LegalSolution, reader=read_legal, answer=cards_answer,
    solver=solve_legal, checker=accept, explainer=explain_legal, shows_cards=True,
)
