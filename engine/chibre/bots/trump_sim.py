"""Trump choice by simulation: the seat's nine cards against deals of the other 27.

Before trump is named a seat knows only its own hand. For each choice open to it, this
chooser deals the unseen cards to the other three seats ``samples`` times and plays each
deal out with every suit as trump by players who see only their own hands
(``engine.chibre.bots.rollout.blind_round``), counting the match and Stöck; the margin of
the chooser's team (its points minus the opponents') is averaged over the deals. After a
chibre the partner is expected to name the suit the fitted model of
``engine.chibre.bots.trump_model`` rates best for its hand in that deal.

The same deals serve every choice, so their luck weighs on each alike; the deals are drawn
from a generator seeded by the seat's hand, so a choice replays exactly.
"""

from __future__ import annotations

import random
from typing import Final

from engine.cards import CHIBRE, Chibre, Trump
from engine.chibre.announcements import STOECK_POINTS
from engine.chibre.bots.heuristic import SUITS
from engine.chibre.bots.rollout import blind_choose, play_out
from engine.chibre.bots.trump_model import best_trump
from engine.chibre.game import GameView
from engine.chibre.scoring import MATCH_BONUS, multiplier
from engine.points import ROUND_POINTS
from engine.rules import Rules
from engine.tables import STOECK_MASK

#: Deals of the unseen cards per trump choice.
TRUMP_SAMPLES: Final = 120


def simulated_margins(hand: int, seat: int, leader: int, may_chibre: bool,
                      rng: random.Random, samples: int = TRUMP_SAMPLES,
                      rules: Rules | None = None) -> dict[Trump | Chibre, float]:
    """The mean margin of ``seat``'s team over ``samples`` deals of each suit as trump, and of
    chibre when ``may_chibre``; ``leader`` leads the first trick; each suit's points counted
    with its ``multiplier`` under ``rules`` (R-PIQUE-DOUBLE; the default rules if none)."""
    rules = rules or Rules()
    unseen = [c for c in range(36) if not hand >> c & 1]
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    partner = (seat + 2) % 4
    team = seat % 2
    totals: dict[Trump | Chibre, float] = dict.fromkeys(SUITS, 0.0)
    if may_chibre:
        totals[CHIBRE] = 0.0
    for _ in range(samples):
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        for k, other in enumerate(others):
            for card in unseen[9 * k: 9 * k + 9]:
                hands[other] |= 1 << card
        margins = [_margin(hands, int(suit), leader, team) * multiplier(suit, rules)
                   for suit in SUITS]
        for suit, value in zip(SUITS, margins, strict=True):
            totals[suit] += value
        if may_chibre:
            named = best_trump(hands[partner], True)
            totals[CHIBRE] += margins[SUITS.index(named)]
    return {choice: total / samples for choice, total in totals.items()}


def _margin(hands: list[int], t: int, leader: int, team: int) -> float:
    """The team's points minus the opponents' when the deal is played out blind with trump
    ``t`` (the match bonus and Stöck counted)."""
    found, won = play_out(hands, t, leader, blind_choose)
    points = list(found)
    for side in (0, 1):
        if not won[1 - side]:  # every trick: the match (R-MATCH)
            points[side] += MATCH_BONUS
    for seat in range(4):
        if hands[seat] & STOECK_MASK[t] == STOECK_MASK[t]:
            points[seat % 2] += STOECK_POINTS
    return float(points[team] - points[1 - team])


def simulated_values(view: GameView) -> dict[Trump | Chibre, float]:
    """``simulated_margins`` for the seat of ``view``, as the expected points of its team at
    the choices' mean total (as ``engine.chibre.bots.expert.trump_values`` gives them)."""
    rng = random.Random(view.hand.mask * 4 + view.seat)
    found = simulated_margins(view.hand.mask, view.seat, view.trump_chooser,
                              CHIBRE in view.legal_actions, rng, rules=view.rules)
    return {choice: (ROUND_POINTS + value) / 2 for choice, value in found.items()}


__all__ = ["TRUMP_SAMPLES", "simulated_margins", "simulated_values"]
