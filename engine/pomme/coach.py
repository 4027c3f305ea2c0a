"""The Pomme coach: what each choice is worth, and why, for the seat to move (R-POMME).

``assess(view)`` values every legal action of the seat (exchange the trump 6 or
keep it; take the aside or keep the hand; with 2 players keep the hand or
exchange 3 cards for the blind, and each card given up; each card) with the Pomme expert's
search (``engine.pomme.expert``): the seat's expected points at the end of
the round, its chance of an apple (under 21), and the value the expert ranks
by (the points, plus ``APPLE_WEIGHT`` for reaching 21), best first. Each
assessment carries reason tags from a closed vocabulary (``PommeTag``); a tag
is set only when an explicit check on the position holds, never guessed from
the numbers. The engine keeps only the keys: ``tutor/`` says them in words.

``advise(view, found, chosen)`` turns the assessments into the coach's word on
one decision: the recommended action and only the tags that speak for it
(``PommeTag.supports``), compared with ``chosen`` (the learner's, with the tags
against it) or else with the next best.

>>> from engine.pomme.game import PommeGame
>>> game = PommeGame(3, seed=4)
>>> found = assess(game.view(game.current_player))
>>> found[0].value >= found[-1].value
True
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Final

from engine.advice import compare, difference_error
from engine.cards import Card
from engine.points import CLOSE, RICH_CARD, points_alike, touching
from engine.pomme.blind import blind_discards, blind_strengths
from engine.pomme.bots import aside_strength, make_pomme_bot, should_exchange_six
from engine.pomme.expert import (
    POMME_EXPERT_BUDGET,
    PommeBudget,
    expert_values,
)
from engine.pomme.game import PommeAction, PommeChoice, PommeGame, PommePhase, PommeView
from engine.pomme.knowledge import PommeKnowledge
from engine.pomme.position import PommePosition, bits, hand_strength
from engine.position import discards_low, keeps_last_trick, nell_unguarded, will_be_trumped

#: The coach searches twice the expert's deals: a round's par (its review summed, ``engine.par``)
#: then has a standard error under the mistake threshold (over 10 rounds of Pomme for 3: median
#: 6.4, max 9.6 points with the expert's 24 deals; ``docs/performance.md``), and a hint stays well
#: under a second on the project's machine.
POMME_COACH_BUDGET: Final = POMME_EXPERT_BUDGET.times(2)
#: Value a choice may lose against the best before the coach warns (the table's check before
#: a learner's card, as Chibre's ``MISTAKE_THRESHOLD``): about one trick of middling points.
POMME_MISTAKE_THRESHOLD: Final = 8.0


class PommeTag(enum.Enum):
    """Why a Pomme choice is good or bad. Stable keys; the tutor translates them."""

    EXCHANGE_SIX = "exchange-six"
    """Exchange the trump 6: the shown card is a stronger trump than the 6."""
    KEEP_SIX_FOR_ASIDE = "keep-six-for-aside"
    """Keep the 6 (3 players): the hand is weak, the seat means to take the aside, and the
    shown card stays in it (after an exchange the 6 would lie there instead)."""
    TAKE_ASIDE_WEAK_HAND = "take-aside-weak-hand"
    """Take the aside: it is expected stronger than the hand (its known card counts fully,
    the rest at the odds of the unseen cards)."""
    EXCHANGE_WEAK_CARDS = "exchange-weak-cards"
    """Exchange for the blind (2 players): with its 3 weakest cards given up, the hand is
    expected stronger with 3 unseen cards in their place than kept."""
    KEEP_FOR_BLIND = "keep-for-blind"
    """Keep the hand (2 players): even its 3 weakest cards are worth as much as 3 unseen cards
    are expected to be."""
    GIVE_UP_WEAKEST = "give-up-weakest"
    """A card given up for the blind (2 players) that is the weakest left in the hand: no
    trump, no ace, the fewest points, the lowest rank."""
    KEEP_STRONG_HAND = "keep-strong-hand"
    """A card while the aside may be taken: the hand is at least as strong as the aside is
    expected to be."""
    SURE_LEAD = "sure-lead"
    """A card led that nobody can beat: no stronger card of its suit is out, and no seat
    that may lack the suit may hold a trump (for a trump: no stronger trump is out)."""
    WIN_CHEAPLY = "win-cheaply"
    """The card takes the trick for sure, and it is the cheapest card that does."""
    AVOID_APPLE = "avoid-apple"
    """Under 21 points: the card takes a trick with points for sure."""
    PULL_TRUMPS = "pull-trumps"
    """A trump led while another seat may still hold trumps."""
    CANNOT_WIN_DISCARD_LOW = "cannot-win-discard-low"
    """No card can take the trick, and this one gives the fewest points."""
    NO_SURE_WIN_PLAY_LOW = "no-sure-win-play-low"
    """A card could take the lead of the trick but none for sure (a seat still to play may
    beat it), and this one gives the fewest points."""
    LEAD_LOW = "lead-low"
    """No card led would take the trick for sure, and this one gives the fewest points."""
    LAST_TRICK_FIVE = "last-trick-five"
    """With two tricks left, the card kept is the highest trump still out: the last trick
    and its 5 points are the seat's."""
    WILL_BE_TRUMPED = "will-be-trumped"
    """A plain card that would lead the trick, but a seat still to play may lack the suit
    and hold a trump."""
    KEEP_BUUR = "keep-buur"
    """The Buur is played although another card would take the trick for sure."""
    NELL_UNGUARDED = "nell-unguarded"
    """The Nell is the seat's only trump and the Buur is in a hand it cannot see."""
    POINTS_GIVEN_AWAY = "points-given-away"
    """The card carries 10 or more points into a trick it does not take for sure, while a
    card worth less could be played."""

    @property
    def supports(self) -> bool:
        """Whether the tag speaks for the choice it is attached to (the last four speak
        against it and are said only of the learner's own choice)."""
        return self not in _AGAINST


_AGAINST: Final = frozenset({PommeTag.WILL_BE_TRUMPED, PommeTag.KEEP_BUUR,
                             PommeTag.NELL_UNGUARDED, PommeTag.POINTS_GIVEN_AWAY})


class PommeDifference(enum.Enum):
    """What the position shows makes the difference between the recommended card and another
    one (``PommeAdvice.other``), each set only when its check holds (as Chibre's
    ``Difference``, for a player alone: "sure" is a card that takes the lead and that no seat
    still to play can beat). Stable keys; the tutor says them in words."""

    TRICK_SURE = "trick-sure"
    """The recommended card takes the trick for sure, the other does not."""
    POINTS_SAVED = "points-saved"
    """Neither takes the trick for sure, and the recommended card carries fewer points."""
    POINTS_WON = "points-won"
    """Both take the trick for sure, and the recommended card carries more points."""
    MASTER_KEPT = "master-kept"
    """The other card is the best of its suit still out, the recommended one is not."""
    MASTER_LED = "master-led"
    """A lead: the recommended card is the best of its suit still out, the other is not."""
    TRUMP_KEPT = "trump-kept"
    """The other card is a trump, the recommended one is not."""
    LEAD_TAKEN = "lead-taken"
    """The recommended card takes the lead of the trick, the other does not (neither for
    sure)."""
    OTHER_TRUMPED = "other-trumped"
    """The other card would lead the trick, but a seat still to play may lack its suit and
    hold a trump (``PommeTag.WILL_BE_TRUMPED``); the recommended card would not be."""
    LATER_TRICKS = "later-tricks"
    """None of the checks above tells the two apart (or they are not cards): what decides is
    the tricks still to come, as the search counts them."""


class PommeAlike(enum.Enum):
    """Why the choices within ``CLOSE`` of the recommended card work as well: what they share
    (as Chibre's ``Alike``, for a player alone). Stable keys; the tutor says them."""

    TOUCHING = "touching"
    """All of one suit, no card still out ranked between them."""
    ALL_SURE = "all-sure"
    """Each takes the trick for sure."""
    NONE_WINS = "none-wins"
    """None of them takes the lead of the trick."""
    SAME_POINTS = "same-points"
    """Each carries the same points (``PommeAdvice.alike_value``)."""
    ALL_LOW = "all-low"
    """Each carries fewer than 10 points."""
    LATER_TRICKS = "later-tricks"
    """None of the checks above holds for all: the tricks to come play out about the same."""


@dataclasses.dataclass(frozen=True)
class PommeAssessment:
    """One action: the seat's expected points at the end of the round with it, its chance
    of an apple, the value the coach ranks by, and the reasons that apply."""

    action: PommeAction
    points: float
    apple: float
    value: float
    tags: tuple[PommeTag, ...]
    #: its value deal by deal, in the order the search drew the deals
    deals: tuple[float, ...] = dataclasses.field(default=(), compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class PommeAdvice:
    """The coach's word on one decision (``advise``): the recommended ``action`` with its
    expected ``points`` and ``apple`` chance; ``supporting``: its tags that speak for it;
    ``other``: the choice it is compared with (the learner's when given and different,
    else the next best, ``None`` with one choice); ``against``: the tags against the
    learner's choice; ``equal``: other actions about as good (within ``CLOSE``);
    ``differences``: what the position shows makes the difference with ``other``
    (``card_differences``), ``alike``: what the choices of ``equal`` share (``card_alike``),
    with the points of the cards they speak of."""

    action: PommeAction
    points: float
    apple: float
    supporting: tuple[PommeTag, ...]
    other: PommeAssessment | None
    against: tuple[PommeTag, ...]
    is_learners: bool
    equal: tuple[PommeAction, ...]
    value: float = 0.0
    differences: tuple[PommeDifference, ...] = ()  # with ``other``
    alike: tuple[PommeAlike, ...] = ()  # what the choices of ``equal`` share with ``action``
    alike_value: int = 0  # their points, for ``PommeAlike.SAME_POINTS``
    action_value: int = 0  # the points of the recommended card, and of ``other``
    other_value: int = 0
    lost_error: float = 0.0  # one standard error of ``lost``, over the deals searched

    @property
    def lost(self) -> float:
        """How much less ``other`` is worth than the recommended action (0 without one)."""
        return self.value - self.other.value if self.other is not None else 0.0


def assess(view: PommeView, budget: PommeBudget = POMME_COACH_BUDGET,
           seed: int = 0) -> list[PommeAssessment]:
    """Every legal action of the seat to move, best first; ``[]`` once the game is over;
    ``ValueError`` for a view of a seat not to move."""
    if view.phase is PommePhase.OVER:
        return []
    if view.current_player != view.seat:
        raise ValueError(f"seat {view.seat} is not to move (seat {view.current_player} is)")
    values = expert_values(view, random.Random(seed), budget)
    tags = action_tags(view)
    found = [PommeAssessment(a, v.points, v.apple, v.value, tags.get(a, ()), v.deals)
             for a, v in values.items()]
    found.sort(key=lambda a: -a.value)
    return found


def advise(view: PommeView, found: Sequence[PommeAssessment],
           chosen: PommeAction | None = None) -> PommeAdvice:
    """The coach's word on the decision of ``view`` from ``found`` (``assess(view)``, best
    first), compared with ``chosen`` (the learner's choice) or else the next best.
    ``ValueError`` if ``found`` is empty or ``chosen`` is not one of its actions."""
    ranked = compare(found, chosen, lambda a: a.value)
    best, is_learners, equal, other, against = (
        ranked.best, ranked.is_learners, ranked.equal, ranked.other, ranked.against)
    differences: tuple[PommeDifference, ...] = ()
    alike: tuple[PommeAlike, ...] = (PommeAlike.LATER_TRICKS,) if equal else ()
    alike_value = action_value = other_value = 0
    cards = view.phase is PommePhase.PLAY and isinstance(best.action, Card)
    if other is not None:
        differences = (PommeDifference.LATER_TRICKS,)
        if cards and isinstance(best.action, Card) and isinstance(other.action, Card):
            pos = PommePosition(view)
            differences = card_differences(pos, best.action.index, other.action.index)
            action_value, other_value = pos.value(best.action.index), pos.value(
                other.action.index)
    if equal and cards and isinstance(best.action, Card) and \
            all(isinstance(a, Card) for a in equal):
        pos = PommePosition(view)
        indexes = [best.action.index, *(a.index for a in equal if isinstance(a, Card))]
        alike = card_alike(pos, indexes)
        alike_value = pos.value(indexes[0])
    lost_error = 0.0 if other is None else difference_error(best.deals, other.deals)
    return PommeAdvice(best.action, best.points, best.apple,
                       tuple(t for t in best.tags if t.supports), other, against, is_learners,
                       equal, best.value, differences, alike, alike_value, action_value,
                       other_value, lost_error)


def card_differences(pos: PommePosition, card: int, other: int) -> tuple[PommeDifference, ...]:
    """What makes the difference between playing ``card`` rather than ``other`` (indexes) in
    ``pos``, in the order of ``PommeDifference``: each check of its documentation."""
    sure, sure_other = _sure(pos, card), _sure(pos, other)
    found = []
    if sure and not sure_other:
        found.append(PommeDifference.TRICK_SURE)
    if not sure and not sure_other and pos.value(card) < pos.value(other):
        found.append(PommeDifference.POINTS_SAVED)
    if sure and sure_other and pos.value(card) > pos.value(other):
        found.append(PommeDifference.POINTS_WON)
    if pos.master(other) and not pos.master(card):
        found.append(PommeDifference.MASTER_KEPT)
    if pos.k == 0 and pos.master(card) and not pos.master(other):
        found.append(PommeDifference.MASTER_LED)
    if pos.is_trump(other) and not pos.is_trump(card) and \
            PommeDifference.MASTER_KEPT not in found:
        found.append(PommeDifference.TRUMP_KEPT)
    if pos.k and not sure and pos.wins_now(card) and not pos.wins_now(other):
        found.append(PommeDifference.LEAD_TAKEN)
    if will_be_trumped(pos, other) and not will_be_trumped(pos, card):
        found.append(PommeDifference.OTHER_TRUMPED)
    return tuple(found) or (PommeDifference.LATER_TRICKS,)


def card_alike(pos: PommePosition, cards: Sequence[int]) -> tuple[PommeAlike, ...]:
    """What ``cards`` (indexes, the recommended card first) share in ``pos``, in the order of
    ``PommeAlike``: each check of its documentation."""
    found = []
    if touching(pos.t, cards, pos.know.unseen & ~pos.hand):
        found.append(PommeAlike.TOUCHING)
    if all(_sure(pos, c) for c in cards):
        found.append(PommeAlike.ALL_SURE)
    elif pos.k and not any(pos.wins_now(c) for c in cards):
        found.append(PommeAlike.NONE_WINS)
    worth = points_alike(pos.value(c) for c in cards)
    if worth is not None:
        found.append(PommeAlike.SAME_POINTS if worth == "same" else PommeAlike.ALL_LOW)
    return tuple(found) or (PommeAlike.LATER_TRICKS,)


#: The names ``engine`` exports these two under (beside Chibre's ``assess`` and ``advise``).
pomme_assess = assess
pomme_advise = advise


# -- the checks behind the tags ----------------------------------------------------------


def action_tags(view: PommeView) -> dict[PommeAction, tuple[PommeTag, ...]]:
    """The tags of every legal action of the seat to move."""
    found: dict[PommeAction, tuple[PommeTag, ...]] = {}
    if view.phase is PommePhase.EXCHANGE:
        exchange = should_exchange_six(view)
        found[PommeChoice.EXCHANGE_SIX] = (PommeTag.EXCHANGE_SIX,)
        found[PommeChoice.KEEP_SIX] = () if exchange else (PommeTag.KEEP_SIX_FOR_ASIDE,)
        return found
    if view.phase is PommePhase.BLIND:
        own, exchanged = blind_strengths(view)
        found[PommeChoice.EXCHANGE_BLIND] = (PommeTag.EXCHANGE_WEAK_CARDS,) \
            if exchanged > own else ()
        found[PommeChoice.KEEP_BLIND] = (PommeTag.KEEP_FOR_BLIND,) if own >= exchanged else ()
        return found
    if view.phase is PommePhase.DISCARD:
        weakest = Card.from_index(blind_discards(view)[0])
        return {weakest: (PommeTag.GIVE_UP_WEAKEST,)}
    if view.phase is not PommePhase.PLAY:
        return found
    pos = PommePosition(view)
    aside: tuple[PommeTag, ...] = ()
    if PommeChoice.TAKE_ASIDE in view.legal_actions:
        own, expected = _strengths(pos.know)
        found[PommeChoice.TAKE_ASIDE] = (PommeTag.TAKE_ASIDE_WEAK_HAND,) if expected > own \
            else ()
        aside = (PommeTag.KEEP_STRONG_HAND,) if own >= expected else ()
    for card in bits(pos.legal):
        found[Card.from_index(card)] = aside + card_tags(pos, card)
    return found


def _strengths(knowledge: PommeKnowledge) -> tuple[float, float]:
    return float(hand_strength(knowledge.hand, knowledge.trump)), aside_strength(knowledge)


def card_tags(pos: PommePosition, card: int) -> tuple[PommeTag, ...]:
    """Tags of playing ``card`` (an index) in ``pos``, in the order of ``PommeTag``."""
    checks = (
        (PommeTag.SURE_LEAD, _sure_lead),
        (PommeTag.WIN_CHEAPLY, _wins_cheaply),
        (PommeTag.AVOID_APPLE, _avoids_apple),
        (PommeTag.PULL_TRUMPS, _pulls_trumps),
        (PommeTag.CANNOT_WIN_DISCARD_LOW, discards_low),
        (PommeTag.NO_SURE_WIN_PLAY_LOW, _plays_low),
        (PommeTag.LEAD_LOW, _leads_low),
        (PommeTag.LAST_TRICK_FIVE, keeps_last_trick),
        (PommeTag.WILL_BE_TRUMPED, will_be_trumped),
        (PommeTag.KEEP_BUUR, _wastes_buur),
        (PommeTag.NELL_UNGUARDED, nell_unguarded),
        (PommeTag.POINTS_GIVEN_AWAY, _gives_points_away),
    )
    return tuple(tag for tag, check in checks if check(pos, card))


def _sure(pos: PommePosition, card: int) -> bool:
    """With ``card`` the trick is the seat's for sure."""
    return pos.wins_now(card) and pos.safe(card)


def _sure_lead(pos: PommePosition, card: int) -> bool:
    return pos.k == 0 and pos.safe(card)


def _wins_cheaply(pos: PommePosition, card: int) -> bool:
    if pos.k == 0:
        return False
    winners = pos.safe_winners()
    return bool(winners) and card == min(winners, key=lambda c: (pos.value(c), pos.key(c)))


def _avoids_apple(pos: PommePosition, card: int) -> bool:
    return pos.needs_points() and _sure(pos, card) and (pos.points + pos.value(card) > 0
                                                       or pos.tricks_left == 1)


def _pulls_trumps(pos: PommePosition, card: int) -> bool:
    return pos.k == 0 and pos.is_trump(card) and any(
        pos.may_hold_trumps(s) for s in pos.others())


def _plays_low(pos: PommePosition, card: int) -> bool:
    if pos.k == 0 or pos.safe_winners():
        return False
    cards = bits(pos.legal)
    if not any(pos.wins_now(c) for c in cards):
        return False
    return pos.value(card) == min(pos.value(c) for c in cards)


def _leads_low(pos: PommePosition, card: int) -> bool:
    if pos.k != 0 or pos.safe_winners():
        return False
    return pos.value(card) == min(pos.value(c) for c in bits(pos.legal))






def _wastes_buur(pos: PommePosition, card: int) -> bool:
    if not 1 << card & pos.buur or pos.k == 0:
        return False
    return any(c != card for c in pos.safe_winners())




def _gives_points_away(pos: PommePosition, card: int) -> bool:
    if pos.value(card) < RICH_CARD or _sure(pos, card):
        return False
    return any(pos.value(c) < pos.value(card) for c in bits(pos.legal))


# -- figures -----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PommeReasonFigures:
    """What ``reasons_bench`` measured over ``positions`` decisions with a choice."""

    positions: int
    choices: int  # of them: the 6 or the aside
    tagged: int  # hints with a supporting tag
    close: int  # hints where the next best is within ``CLOSE``
    contradicting: int  # hints with a tag against their own action in ``supporting``
    times: tuple[float, ...]  # milliseconds to each hint (assess + advise), sorted


def reasons_bench(players: int, positions: int, seed: int,
                  budget: PommeBudget = POMME_COACH_BUDGET) -> PommeReasonFigures:
    """The coach's hints at ``positions`` decisions with more than one legal action (the
    6, the aside, cards) of one seat per round in seeded games of heuristic bots."""
    times: list[float] = []
    tagged = close = contradicting = choices = 0
    number = 0
    while len(times) < positions:
        game = PommeGame(players, seed=seed * 10_007 + number)
        bots = [make_pomme_bot("heuristic", s) for s in range(players)]
        learner = number % players
        number += 1
        while game.round == 0 and len(times) < positions:
            view = game.view(game.current_player)
            if view.seat == learner and len(view.legal_actions) > 1:
                began = time.perf_counter()
                advice = advise(view, assess(view, budget, seed=number))
                times.append((time.perf_counter() - began) * 1000)
                choices += not isinstance(advice.action, Card) or any(
                    not isinstance(a, Card) for a in view.legal_actions)
                tagged += bool(advice.supporting)
                close += advice.other is not None and advice.lost < CLOSE
                contradicting += any(not t.supports for t in advice.supporting)
            game.apply(bots[view.seat].choose_action(view))
    return PommeReasonFigures(len(times), choices, tagged, close, contradicting,
                              tuple(sorted(times)))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.pomme.coach --players 3|5 --reasons N --seed S``: how often the
    coach's hints carry a supporting reason, and how long a hint takes."""
    parser = argparse.ArgumentParser(prog="python -m engine.pomme.coach",
                                     description=main.__doc__)
    parser.add_argument("--players", type=int, choices=(3, 5), default=3)
    parser.add_argument("--reasons", type=int, default=100, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    f = reasons_bench(args.players, args.reasons, args.seed)
    print(f"Pomme coach for {args.players}: hints at {f.positions} decisions with a choice "
          f"({f.choices} with the 6 or the aside), seed {args.seed}:\n"
          f"  with a supporting reason: {f.tagged} ({100 * f.tagged / f.positions:.0f}%)\n"
          f"  the next best within {CLOSE:g} point: {f.close}\n"
          f"  with a reason against their own action: {f.contradicting}\n"
          f"  time to a hint: median {statistics.median(f.times):.0f} ms, "
          f"p95 {f.times[min(len(f.times) - 1, int(0.95 * len(f.times)))]:.0f} ms, "
          f"max {f.times[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())


pomme_action_tags = action_tags  # engine's public name (the tutor's drills use it)


__all__ = [
    "CLOSE",
    "POMME_COACH_BUDGET",
    "POMME_MISTAKE_THRESHOLD",
    "RICH_CARD",
    "PommeAdvice",
    "PommeAlike",
    "PommeAssessment",
    "PommeDifference",
    "PommeReasonFigures",
    "PommeTag",
    "action_tags",
    "advise",
    "assess",
    "card_alike",
    "card_differences",
    "card_tags",
    "pomme_action_tags",
    "pomme_advise",
    "pomme_assess",
    "reasons_bench",
]
