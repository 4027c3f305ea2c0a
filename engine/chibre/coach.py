"""The coach: what each choice is worth, and why, for the seat to move.

``assess(view)`` scores every legal card (or every trump choice, with chibre)
by the expected points of the seat's team over the rest of the round, from the
expert's search (``engine.chibre.bots.expert``), best first. Each assessment carries
reason tags from a closed vocabulary (``Tag``); a tag is set only when an
explicit check on the position holds, never guessed from the numbers. The
engine keeps only the keys: ``tutor/`` translates names and descriptions.

``mistake(view, card)`` says whether a card loses more than ``threshold``
expected points against the best choice, by how much, and with what tags.

``advise(view, found, chosen)`` turns the assessments into the coach's word on
one decision: the recommended choice, only the tags that speak for it
(``Tag.supports``), the choice it is compared with (the learner's, or the next
best) with the tags against that one, and what makes the difference where the
position can name it (``Difference``, each set by an explicit check like the
tags). Under a discard signal (``engine.chibre.conventions``, given as ``conventions``) the
search honours the partner's signal, and the advice names the signal when the recommended
lead follows from it (``Advice.signal``). ``weis_advice(view)`` says whether to announce the
hand's Weis, and why (``WeisReason``, from R-WEIS-BEST and the values announced before).

>>> from engine.chibre.game import Game
>>> game = Game(seed=4)
>>> first = assess(game.view(game.current_player), budget=Budget(worlds=2))
>>> len(first), first[0].points >= first[-1].points
(5, True)
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
from engine.cards import Card, Chibre, Trump
from engine.cardset import SUIT_MASKS, CardSet
from engine.chibre.announcements import FOUR_POINTS, Weis, find_weis
from engine.chibre.bots import make_bot
from engine.chibre.bots.base import TABLE_BUDGET, Budget, decide
from engine.chibre.bots.expert import deal_values, legal_indexes, trump_values
from engine.chibre.bots.heuristic import CHIBRE_BELOW
from engine.chibre.bots.knowledge import Knowledge
from engine.chibre.bots.position import Position
from engine.chibre.conventions import (
    NO_CONVENTIONS,
    Conventions,
    Reading,
    Signal,
    live,
    partner_reading,
)
from engine.chibre.game import Game, GameView, Phase
from engine.points import CLOSE, RICH_CARD, points_alike, touching
from engine.position import discards_low, keeps_last_trick, nell_unguarded, will_be_trumped
from engine.strength import suit_strength

#: The coach's default budget: the expert's, without weighing deals by the opponents'
#: plays (``Budget.pool``), which took the p95 of ``assess`` from 0.4 s to 1.9 s.
COACH_BUDGET: Final = Budget(pool=1)
#: The budget the Play table's coach thinks with: the table's (``TABLE_BUDGET``) without
#: weighing deals by the opponents' plays, as ``COACH_BUDGET``: a hint well under a second;
#: what ``python -m engine.chibre.coach --reasons`` measures hints at.
TABLE_COACH_BUDGET: Final = dataclasses.replace(TABLE_BUDGET, pool=1)
#: Expected points a card may lose against the best before it is a mistake.
MISTAKE_THRESHOLD: Final = 10.0


class Tag(enum.Enum):
    """Why a choice is good or bad. Stable keys; the tutor translates them."""

    PARTNER_WINNING_GIVE_POINTS = "partner-winning-give-points"
    """The partner takes the trick whatever comes, and this card adds 10 or more."""
    WIN_CHEAPLY = "win-cheaply"
    """The card takes the trick for sure, and it is the cheapest card that does."""
    WILL_BE_TRUMPED = "will-be-trumped"
    """A plain card that would lead the trick, but an opponent still to play has
    none of the suit and may hold a trump."""
    PULL_TRUMPS = "pull-trumps"
    """A trump led while an opponent may still hold trumps."""
    KEEP_BUUR = "keep-buur"
    """The Buur is played although it is not needed: the partner already takes
    the trick, or another card would take it for sure."""
    NELL_UNGUARDED = "nell-unguarded"
    """The Nell is the seat's only trump and the Buur is in a hand it cannot see."""
    SAVE_THE_TEN = "save-the-ten"
    """A plain ten played into a trick the team takes for sure."""
    CANNOT_WIN_DISCARD_LOW = "cannot-win-discard-low"
    """No card can take the trick from the opponents, and this one gives the fewest points."""
    LAST_TRICK_FIVE = "last-trick-five"
    """With two tricks left, the card kept is the highest trump still out: the
    last trick and its 5 points are the team's."""
    STRONGEST_SUIT = "strongest-suit"
    """A trump choice: the suit where the hand is strongest (Buur, Nell, length, aces)."""
    CHIBRE_WEAK_HAND = "chibre-weak-hand"
    """Chibre with a hand too weak in every suit to name trump."""

    @property
    def supports(self) -> bool:
        """Whether the tag speaks for the choice it is attached to.

        For: giving points to a partner sure of the trick, winning with the cheapest sure
        winner, leading trump while the opponents may hold trumps (it draws them), a ten into
        a trick the team keeps for sure, the lowest discard when no card of the seat can win,
        keeping the top trump for the last trick, the strongest suit as trump, chibre with a
        weak hand. Against: a plain winner an opponent may trump, the Buur spent on a trick
        the team keeps without it, the Nell played as the only trump with the Buur still out.
        A tag against a choice is said only of the learner's own choice (``Advice.against``).
        """
        return self not in _AGAINST


_AGAINST: Final = frozenset({Tag.WILL_BE_TRUMPED, Tag.KEEP_BUUR, Tag.NELL_UNGUARDED})


class Difference(enum.Enum):
    """What the position shows makes the difference between the recommended card and
    another one. Each is set only when its check on the position holds (``Position``: what
    the seat knows, the cards the opponents still to play may hold); never read from the
    numbers. Stable keys; the tutor says them in words. "Keeps the trick for sure" means
    the card takes the lead and no opponent still to play can beat it, or the partner
    already leads the trick and no opponent still to play can beat the partner."""

    TRICK_LOST = "trick-lost"
    """With the recommended card the team keeps the trick for sure; with the other the
    opponents take it for sure: it does not take the lead from an opponent, and the
    partner, if still to play, cannot beat the opponent's card."""
    TRICK_AT_RISK = "trick-at-risk"
    """With the recommended card the team keeps the trick for sure; with the other an
    opponent still to play may take it (not for sure: else ``TRICK_LOST``)."""
    POINTS_GIVEN = "points-given"
    """The other card carries 10 or more card points into a trick the team does not keep
    for sure, and the recommended card gives the opponents fewer: it keeps the trick for
    sure, or it carries fewer points."""
    POINTS_WON = "points-won"
    """The recommended card keeps the trick for sure and carries 10 or more card points more
    than the other card into it, or any more when the team keeps the trick with the other
    too."""
    TRUMP_DRAWN = "trump-drawn"
    """The recommended card leads trump while an opponent may still hold trumps; the other
    card is not a trump."""
    TRUMP_WASTED = "trump-wasted"
    """The other card is a trump, the recommended one is not, and with the recommended
    card the team keeps the trick for sure: the trump would be spent for nothing."""
    POINTS_SAVED = "points-saved"
    """The team keeps the trick for sure with neither card, and the recommended card carries
    fewer card points into it than the other (under 10 fewer or the other under 10: else
    ``POINTS_GIVEN``)."""
    MASTER_KEPT = "master-kept"
    """The other card is the best of its suit still out (``Position.master``), the recommended
    one is not, and the other would not keep the trick for sure where the recommended card
    does not: the master card stays in the hand for a later trick."""
    TRUMP_KEPT = "trump-kept"
    """The other card is a trump, the recommended one is not, and the team keeps the trick
    for sure with neither: the trump stays in the hand for a later trick."""
    LEAD_TAKEN = "lead-taken"
    """An opponent leads the trick; the recommended card takes the lead from them, the other
    does not (neither keeps the trick for sure: else ``TRICK_LOST`` or ``TRICK_AT_RISK``)."""
    PARTNER_LEFT = "partner-left"
    """The partner leads the trick; the recommended card leaves it to them, the other would
    take the lead from the partner."""
    MASTER_LED = "master-led"
    """A lead: the recommended card is the best of its suit still out, the other is not."""
    PARTNER_TO_PLAY = "partner-to-play"
    """The partner plays after the seat and may still take the trick, the team keeps it for
    sure with neither card, and the recommended card carries more card points into it."""
    OTHER_TRUMPED = "other-trumped"
    """The other card would lead the trick, but an opponent still to play has none of its
    suit and may trump it (``Tag.WILL_BE_TRUMPED``); the recommended card would not be."""
    LATER_TRICKS = "later-tricks"
    """None of the checks above tells the two cards apart in this trick: what decides is the
    tricks still to come, as the search counts them (said only when no other is)."""


class Alike(enum.Enum):
    """Why the choices within ``CLOSE`` expected points of the recommended card
    (``Advice.equal``) work as well as it: what the position shows they share. Each is set
    only when its check holds for the recommended card and every one of them (cards only).
    Stable keys; the tutor says them in words."""

    TOUCHING = "touching"
    """All of one suit, and every card of that suit ranked between them is in the seat's hand
    or already played: no card still out lies between them."""
    TEAM_KEEPS = "team-keeps"
    """With any of them the team keeps the trick for sure."""
    OPPONENTS_TAKE = "opponents-take"
    """With any of them the opponents take the trick for sure."""
    NONE_WINS = "none-wins"
    """None of them takes the lead of the trick (not for sure lost: else ``OPPONENTS_TAKE``)."""
    SAME_POINTS = "same-points"
    """Each carries the same card points (``Advice.alike_value``)."""
    ALL_LOW = "all-low"
    """Each carries fewer than 10 card points (not all the same: else ``SAME_POINTS``)."""
    ALL_MASTERS = "all-masters"
    """Each is the best card of its suit still out."""
    LATER_TRICKS = "later-tricks"
    """None of the checks above holds for all of them: the search finds the tricks to come
    play out about the same (said only when no other is, and for choices that are not cards)."""


class WeisReason(enum.Enum):
    """Why to announce the hand's Weis or keep it quiet (R-WEIS-WHEN, R-WEIS-BEST), from
    the values announced before the seat decides. Stable keys; the tutor says them."""

    POINTS_ONLY_IF_ANNOUNCED = "points-only-if-announced"
    """Announce: an announcement scores only when announced, and nothing announced before
    beats this hand's best for sure."""
    PARTNER_AHEAD = "partner-ahead"
    """Announce: the partner already announced a higher value than this hand's best and no
    opponent before announced as much; if the team holds the best announcement it scores
    all of both players' announcements, these too."""
    PARTNER_MAY_BEAT = "partner-may-beat"
    """Announce: an opponent before announced more than this hand's best, but the partner
    may still hold a stronger one (announced as much, or still to decide and may hold
    cards worth more); then the team scores all of both players' announcements."""
    ALREADY_BEATEN = "already-beaten"
    """Keep quiet: an opponent before announced more points than this hand's best, and the
    partner cannot beat it (decided before with less or nothing, or cannot hold an
    announcement worth more): announcing scores nothing and only tells the opponents
    about the hand."""

    @property
    def announce(self) -> bool:
        return self is not WeisReason.ALREADY_BEATEN


Choice = Card | Trump | Chibre


@dataclasses.dataclass(frozen=True)
class Assessment:
    """One choice, the points the seat's team should take from now to the end of
    the round with it, and the reasons that apply."""

    action: Choice
    points: float
    tags: tuple[Tag, ...]
    #: its points deal by deal, in the order the search drew the deals (``()`` for a trump
    #: choice, valued by the fitted model): what the standard error of a difference needs
    deals: tuple[float, ...] = dataclasses.field(default=(), compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class Mistake:
    """A card that loses ``points_lost`` expected points against ``best``."""

    card: Card
    points_lost: float
    tags: tuple[Tag, ...]  # the reasons that apply to the card played
    best: Assessment


@dataclasses.dataclass(frozen=True)
class Advice:
    """The coach's word on one decision (``advise``).

    ``action``: the recommended choice, with ``points``, its expected points for the team;
    ``supporting``: its tags that speak for it (``Tag.supports``), in the order of ``Tag``;
    ``other``: the choice it is compared with: the learner's when given and different,
    else the next best, the best that gives up ``CLOSE`` points or more when there is one;
    ``None`` when there is only one choice; ``equal``: the other choices within ``CLOSE``
    expected points of ``action`` (about as good), best first; ``against``: the tags
    against the learner's choice (only when it was given and differs from ``action``);
    ``differences``: what the position shows makes the difference with ``other`` (cards
    only); ``action_value`` and ``other_value``: the card points of the two cards in this
    trump mode (0 for a trump choice), for the words of ``POINTS_GIVEN`` and ``POINTS_WON``;
    ``signal``: under the conventions in force, the partner's first discard when the
    recommended card is a lead that follows from what it says (``signal_followed``);
    ``alike``: why the choices of ``equal`` work as well (``card_alike``), with
    ``alike_value`` their card points when they carry the same.
    """

    action: Choice
    points: float
    supporting: tuple[Tag, ...]
    other: Assessment | None
    against: tuple[Tag, ...] = ()
    differences: tuple[Difference, ...] = ()
    action_value: int = 0
    other_value: int = 0
    is_learners: bool = False  # ``other`` is the learner's choice (else the next best)
    equal: tuple[Choice, ...] = ()
    signal: Reading | None = None  # the partner's signal the recommended lead follows from
    alike: tuple[Alike, ...] = ()  # what the choices of ``equal`` share with ``action``
    alike_value: int = 0  # their card points, for ``Alike.SAME_POINTS``
    lost_error: float = 0.0  # one standard error of ``lost``, over the deals searched

    @property
    def lost(self) -> float:
        """Expected points ``other`` gives up against ``action`` (0 without another)."""
        return 0.0 if self.other is None else self.points - self.other.points


@dataclasses.dataclass(frozen=True)
class WeisAdvice:
    """Announce the hand's Weis or keep it quiet (``weis_advice``).

    ``weis``: what the hand would announce, strongest first; ``points``: their points at
    face value (before the trump mode's multiplier); ``best``: the value announced aloud,
    that of the strongest (R-WEIS-WHEN); ``rival``: the highest value an opponent announced
    before this seat, if any.
    """

    announce: bool
    reason: WeisReason
    weis: tuple[Weis, ...]
    points: int
    best: int
    rival: int | None = None


def assess(view: GameView, budget: Budget = COACH_BUDGET, seed: int = 0,
           conventions: Conventions = NO_CONVENTIONS) -> list[Assessment]:
    """Every legal choice of the seat to move, best first (see the module text); the deals
    searched honour the partner's signal under ``conventions``.

    Cards during play (and during the seat's Weis decision, for its first card);
    trumps and chibre while trump is chosen; nothing once the game is over.
    """
    if view.current_player != view.seat:
        raise ValueError(f"seat {view.seat} is not to move (seat {view.current_player} is)")
    rng = random.Random(seed)
    if view.phase is Phase.TRUMP:
        values = trump_values(view)
        found = [Assessment(a, v, trump_tags(view, a)) for a, v in values.items()]
    elif view.phase in (Phase.WEIS, Phase.PLAY):
        pos = Position(view)
        deals = deal_values(view, rng, budget, conventions)
        # the mean as ``card_values`` takes it, with the points deal by deal beside it
        found = [Assessment(Card.from_index(c), sum(v) / len(v), card_tags(pos, c), tuple(v))
                 for c, v in deals.items()]
    else:
        return []
    found.sort(key=lambda a: -a.points)
    return found


def mistake(
    view: GameView, card: Card, threshold: float = MISTAKE_THRESHOLD,
    budget: Budget = COACH_BUDGET, seed: int = 0,
) -> Mistake | None:
    """``None`` if ``card`` is within ``threshold`` expected points of the best
    card, else how much it loses and why."""
    if card.index not in legal_indexes(view):
        raise ValueError(f"{card} is not a legal card for seat {view.seat}")
    found = assess(view, budget, seed)
    best = found[0]
    mine = next(a for a in found if a.action == card)
    lost = best.points - mine.points
    if lost <= threshold:
        return None
    return Mistake(card, lost, mine.tags, best)


def advise(view: GameView, found: Sequence[Assessment], chosen: Choice | None = None,
           conventions: Conventions = NO_CONVENTIONS) -> Advice:
    """The coach's word on the decision of ``view`` from ``found`` (``assess(view)``, best
    first): the best choice and what speaks for it, compared with ``chosen`` (the learner's
    choice, for a warning or the review) or else with the next best (for a hint); under
    ``conventions``, the partner's signal the recommended lead follows from.

    Raises ``ValueError`` if ``found`` is empty or ``chosen`` is not one of its choices.
    """
    ranked = compare(found, chosen, lambda a: a.points)
    best, is_learners, equal, other, against = (
        ranked.best, ranked.is_learners, ranked.equal, ranked.other, ranked.against)
    differences: tuple[Difference, ...] = ()
    action_value = other_value = 0
    if isinstance(best.action, Card) and other is not None and isinstance(other.action, Card):
        pos = Position(view)
        differences = card_differences(pos, best.action.index, other.action.index)
        action_value = pos.value(best.action.index)
        other_value = pos.value(other.action.index)
    alike: tuple[Alike, ...] = (Alike.LATER_TRICKS,) if equal else ()
    alike_value = 0
    if equal and isinstance(best.action, Card) and all(isinstance(a, Card) for a in equal):
        pos = Position(view)
        cards = [best.action.index, *(a.index for a in equal if isinstance(a, Card))]
        alike = card_alike(pos, cards)
        alike_value = pos.value(cards[0])
    elif other is not None and not isinstance(best.action, Card):
        differences = (Difference.LATER_TRICKS,)
    signal = signal_followed(view, conventions, best.action,
                             None if other is None else other.action)
    lost_error = 0.0 if other is None else difference_error(best.deals, other.deals)
    return Advice(best.action, best.points, tuple(t for t in best.tags if t.supports), other,
                  against, differences, action_value, other_value, is_learners, equal, signal,
                  alike, alike_value, lost_error)


def signal_followed(view: GameView, conventions: Conventions, action: Choice,
                    other: Choice | None) -> Reading | None:
    """The partner's signal under ``conventions`` when leading ``action`` follows from it:
    under ``ASK``, ``action`` leads the suit the partner asked for while the card signalled
    is out (not played, not in this hand); under ``REFUSE``, ``action`` is not of the suit
    refused and ``other`` (the choice it is compared with) is. ``None`` otherwise."""
    if conventions.none or view.trick or view.phase is not Phase.PLAY or \
            not isinstance(action, Card):
        return None
    reading = partner_reading(view, conventions)
    if reading is None:
        return None
    if reading.signal is Signal.ASK:
        return reading if action.suit == reading.suit and live(reading, view) else None
    if action.suit != reading.suit and isinstance(other, Card) and other.suit == reading.suit:
        return reading
    return None


def card_differences(pos: Position, card: int, other: int) -> tuple[Difference, ...]:
    """What makes the difference between playing ``card`` rather than ``other`` (indexes)
    in ``pos``, in the order of ``Difference``: each check of its documentation."""
    keeps, keeps_other = _team_keeps(pos, card), _team_keeps(pos, other)
    found = []
    if keeps and not keeps_other:
        found.append(Difference.TRICK_LOST if _opponents_take(pos, other)
                     else Difference.TRICK_AT_RISK)
    if (pos.value(other) >= RICH_CARD and not keeps_other
            and (keeps or pos.value(card) < pos.value(other))):
        found.append(Difference.POINTS_GIVEN)
    if keeps and (pos.value(card) >= pos.value(other) + RICH_CARD
                  or (keeps_other and pos.value(card) > pos.value(other))):
        found.append(Difference.POINTS_WON)
    if _pulls_trumps(pos, card) and not pos.is_trump(other):
        found.append(Difference.TRUMP_DRAWN)
    if pos.is_trump(other) and not pos.is_trump(card) and keeps:
        found.append(Difference.TRUMP_WASTED)
    if not keeps and not keeps_other and pos.value(card) < pos.value(other) and \
            Difference.POINTS_GIVEN not in found:
        found.append(Difference.POINTS_SAVED)
    master_kept = pos.master(other) and not pos.master(card)
    if master_kept:
        found.append(Difference.MASTER_KEPT)
    if pos.is_trump(other) and not pos.is_trump(card) and not keeps and not keeps_other \
            and not master_kept:
        found.append(Difference.TRUMP_KEPT)
    if pos.n and not keeps and pos.win_seat % 2 != pos.seat % 2 and pos.wins_now(card) \
            and not pos.wins_now(other):
        found.append(Difference.LEAD_TAKEN)
    if pos.partner_winning() and not pos.wins_now(card) and pos.wins_now(other):
        found.append(Difference.PARTNER_LEFT)
    if pos.n == 0 and pos.master(card) and not pos.master(other):
        found.append(Difference.MASTER_LED)
    if pos.n and pos.partner in pos.later and not keeps and not keeps_other and \
            pos.value(card) > pos.value(other) and \
            pos.could_beat(pos.partner, max(pos.win_key, pos.key(card)), pos.led):
        found.append(Difference.PARTNER_TO_PLAY)
    if will_be_trumped(pos, other) and not will_be_trumped(pos, card):
        found.append(Difference.OTHER_TRUMPED)
    if not found:
        found.append(Difference.LATER_TRICKS)
    return tuple(found)


def card_alike(pos: Position, cards: Sequence[int]) -> tuple[Alike, ...]:
    """What ``cards`` (indexes, the recommended card first) share in ``pos``, in the order of
    ``Alike``: each check of its documentation."""
    found = []
    if touching(pos.t, cards, pos.know.unseen & ~pos.hand):
        found.append(Alike.TOUCHING)
    if all(_team_keeps(pos, c) for c in cards):
        found.append(Alike.TEAM_KEEPS)
    elif all(_opponents_take(pos, c) for c in cards):
        found.append(Alike.OPPONENTS_TAKE)
    elif pos.n and not any(pos.wins_now(c) for c in cards):
        found.append(Alike.NONE_WINS)
    worth = points_alike(pos.value(c) for c in cards)
    if worth is not None:
        found.append(Alike.SAME_POINTS if worth == "same" else Alike.ALL_LOW)
    if all(pos.master(c) for c in cards):
        found.append(Alike.ALL_MASTERS)
    return tuple(found) or (Alike.LATER_TRICKS,)


def _team_keeps(pos: Position, card: int) -> bool:
    """With ``card`` played, the trick is the team's for sure."""
    return pos.partner_safe() or (pos.wins_now(card) and pos.safe(card))


def _opponents_take(pos: Position, card: int) -> bool:
    """With ``card`` played, the trick is the opponents' for sure: an opponent leads it, the
    card does not take the lead, and the partner, if still to play, cannot beat it."""
    if pos.n == 0 or pos.wins_now(card) or pos.win_seat % 2 == pos.seat % 2:
        return False
    return not any(pos.could_beat(s, pos.win_key, pos.led)
                   for s in pos.later if s % 2 == pos.seat % 2)


def weis_advice(view: GameView) -> WeisAdvice:
    """Announce the Weis of the seat deciding in ``view`` (``Phase.WEIS``) or keep it quiet,
    and why (``WeisReason``): from the values announced by the seats before it in the first
    trick and R-WEIS-BEST (only the team of the single best announcement scores, all of
    both its players' announcements). Announcements at equal points are never taken as
    beaten: length, height and trump may still decide either way."""
    if view.phase is not Phase.WEIS or view.current_player != view.seat or not view.own_weis:
        raise ValueError("weis advice needs the seat deciding its announcements (Phase.WEIS)")
    assert view.trump is not None
    weis = view.own_weis
    best = max(w.points for w in weis)
    before = [(view.leader + i) % 4 for i in range(len(view.trick))]
    partner = (view.seat + 2) % 4
    rivals = [v for s in before if s % 2 != view.seat % 2
              if (v := view.announced[s]) is not None]
    rival = max(rivals) if rivals else None
    ours = view.announced[partner] if partner in before else None
    if rival is None or rival <= best:
        reason = (WeisReason.PARTNER_AHEAD if ours is not None and ours > best
                  and (rival is None or rival < ours) else WeisReason.POINTS_ONLY_IF_ANNOUNCED)
    elif partner in before:
        reason = (WeisReason.PARTNER_AHEAD if ours is not None and ours > rival
                  else WeisReason.PARTNER_MAY_BEAT if ours is not None and ours == rival
                  else WeisReason.ALREADY_BEATEN)
    else:
        may = Knowledge.of(view).may_hold(partner)
        reason = (WeisReason.PARTNER_MAY_BEAT if _highest_weis(may, view) > rival
                  else WeisReason.ALREADY_BEATEN)
    return WeisAdvice(reason.announce, reason, weis, sum(w.points for w in weis), best, rival)


def _highest_weis(mask: int, view: GameView) -> int:
    """The most points one announcement among the cards of ``mask`` could be worth."""
    assert view.trump is not None
    found = [w.points for suit in range(4)
             for w in find_weis(CardSet.from_mask(mask & SUIT_MASKS[suit]), view.trump,
                                view.rules)]
    found += [FOUR_POINTS[rank] for rank in range(9)
              if all(mask >> (9 * suit + rank) & 1 for suit in range(4))]
    return max(found, default=0)


# -- the checks behind the tags ----------------------------------------------------------


def trump_tags(view: GameView, action: Trump | Chibre) -> tuple[Tag, ...]:
    """Tags of a trump choice."""
    hand = view.hand.mask
    strengths = [suit_strength(hand, s) for s in range(4)]
    if isinstance(action, Chibre):
        return (Tag.CHIBRE_WEAK_HAND,) if max(strengths) < CHIBRE_BELOW else ()
    suit = int(action)
    return (Tag.STRONGEST_SUIT,) if strengths[suit] == max(strengths) else ()


def card_tags(pos: Position, card: int) -> tuple[Tag, ...]:
    """Tags of playing ``card`` (an index) in ``pos``, in the order of ``Tag``."""
    checks = (
        (Tag.PARTNER_WINNING_GIVE_POINTS, _gives_points),
        (Tag.WIN_CHEAPLY, _wins_cheaply),
        (Tag.WILL_BE_TRUMPED, will_be_trumped),
        (Tag.PULL_TRUMPS, _pulls_trumps),
        (Tag.KEEP_BUUR, _wastes_buur),
        (Tag.NELL_UNGUARDED, nell_unguarded),
        (Tag.SAVE_THE_TEN, _saves_ten),
        (Tag.CANNOT_WIN_DISCARD_LOW, _discards_low),
        (Tag.LAST_TRICK_FIVE, keeps_last_trick),
    )
    return tuple(tag for tag, check in checks if check(pos, card))


def _gives_points(pos: Position, card: int) -> bool:
    return pos.partner_safe() and pos.value(card) >= 10 and not pos.is_trump(card)




def _wins_cheaply(pos: Position, card: int) -> bool:
    if pos.n == 0 or pos.partner_winning():
        return False
    winners = pos.safe_winners()
    return bool(winners) and card == min(winners, key=lambda c: (pos.value(c), pos.key(c)))




def _pulls_trumps(pos: Position, card: int) -> bool:
    return pos.n == 0 and pos.is_trump(card) and any(
        pos.may_hold_trumps(s) for s in pos.opponents())


def _wastes_buur(pos: Position, card: int) -> bool:
    if not 1 << card & pos.buur or pos.n == 0:
        return False
    return pos.partner_safe() or any(c != card for c in pos.safe_winners())




def _saves_ten(pos: Position, card: int) -> bool:
    if pos.is_trump(card) or pos.value(card) != 10:
        return False
    return pos.partner_safe() or (pos.wins_now(card) and pos.safe(card))


def _discards_low(pos: Position, card: int) -> bool:
    return not pos.partner_winning() and discards_low(pos, card)




def bench(games: int, seed: int, budget: Budget = COACH_BUDGET) -> list[float]:
    """Milliseconds of ``assess`` at every decision of the first round of ``games``
    seeded games between heuristic bots (the coach's speed figure)."""
    times = []
    for number in range(games):
        game = Game(seed=seed * 10_007 + number)
        bots = [make_bot("heuristic", seat) for seat in range(4)]
        while game.round == 0:
            view = game.view(game.current_player)
            began = time.perf_counter()
            assess(view, budget, seed=number)
            times.append((time.perf_counter() - began) * 1000)
            game.apply(decide(bots[view.seat], view))
    return times


@dataclasses.dataclass(frozen=True)
class ReasonFigures:
    """What ``reasons_bench`` measured over ``positions`` decisions with a choice."""

    positions: int
    trump_choices: int
    supported: int  # hints with a supporting reason: a supporting tag, or the search's
    rule_of_thumb: int  # hints with a supporting tag or a named ``Difference``
    tagged: int  # hints with a supporting tag
    named: int  # hints with a named ``Difference``
    close: int  # hints where every choice is within ``CLOSE`` expected points of the best
    contradicting: int  # hints with a tag against their own card in ``supporting``
    times: tuple[float, ...]  # milliseconds to each hint (assess + advise), sorted


def reasons_bench(positions: int, seed: int,
                  budget: Budget = TABLE_COACH_BUDGET) -> ReasonFigures:
    """The coach's hints at ``positions`` decisions with more than one legal choice (trump
    choices and cards at every trick), from the first round of seeded games between
        heuristic bots: the choice of trump, and the cards of one seat (each game the next).
    For each: ``assess`` at ``budget`` and ``advise``, timed."""
    times: list[float] = []
    supported = rule_of_thumb = tagged = named = close = contradicting = trumps = 0
    number = 0
    while len(times) < positions:
        game = Game(seed=seed * 10_007 + number)
        bots = [make_bot("heuristic", seat) for seat in range(4)]
        learner = number % 4
        number += 1
        while game.round == 0 and len(times) < positions:
            view = game.view(game.current_player)
            mine = view.phase is Phase.PLAY and view.seat == learner
            if (view.phase is Phase.TRUMP or mine) and len(view.legal_actions) > 1:
                began = time.perf_counter()
                advice = advise(view, assess(view, budget, seed=number))
                times.append((time.perf_counter() - began) * 1000)
                trumps += view.phase is Phase.TRUMP
                search = advice.other is not None  # the two expected points, always given
                supported += bool(advice.supporting) or search
                rule_of_thumb += bool(advice.supporting or advice.differences)
                tagged += bool(advice.supporting)
                named += bool(advice.differences)
                close += search and advice.lost < CLOSE
                contradicting += any(not tag.supports for tag in advice.supporting)
            game.apply(decide(bots[view.seat], view))
    return ReasonFigures(len(times), trumps, supported, rule_of_thumb, tagged, named, close,
                         contradicting, tuple(sorted(times)))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.chibre.coach --games N --seed S``: how long ``assess`` takes;
    ``--reasons N``: whether the coach's hints say why, over N decisions with a choice."""
    parser = argparse.ArgumentParser(prog="python -m engine.chibre.coach", description=main.__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reasons", type=int, default=0, metavar="N",
                        help="measure the reasons of N hints at the table's budget")
    parser.add_argument("--pool", type=int, default=TABLE_COACH_BUDGET.pool,
                        help="deals sampled per deal searched (the table's bots: 16)")
    args = parser.parse_args(argv)
    if args.reasons:
        budget = dataclasses.replace(TABLE_COACH_BUDGET, pool=args.pool)
        f = reasons_bench(args.reasons, args.seed, budget)
        share = 100 * f.supported / f.positions
        print(f"coach hints at {f.positions} decisions with a choice ({f.trump_choices} trump "
              f"choices), seed {args.seed}, pool {args.pool}:\n"
              f"  with a supporting reason: {f.supported} ({share:.0f}%)\n"
              f"  with a rule-of-thumb tag or a named difference: {f.rule_of_thumb} "
              f"(tag {f.tagged}, difference {f.named})\n"
              f"  every choice within {CLOSE:g} point of the best: {f.close}\n"
              f"  with a reason against their own card: {f.contradicting}\n"
              f"  time to a hint: median {statistics.median(f.times):.0f} ms, "
              f"max {f.times[-1]:.0f} ms")
        return 0
    times = sorted(bench(args.games, args.seed))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"coach assess over {len(times)} decisions of {args.games} rounds, seed {args.seed}: "
          f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = [
    "CLOSE",
    "COACH_BUDGET",
    "MISTAKE_THRESHOLD",
    "RICH_CARD",
    "TABLE_COACH_BUDGET",
    "Advice",
    "Alike",
    "Assessment",
    "Difference",
    "Mistake",
    "ReasonFigures",
    "Tag",
    "WeisAdvice",
    "WeisReason",
    "advise",
    "assess",
    "card_alike",
    "card_differences",
    "card_tags",
    "mistake",
    "reasons_bench",
    "signal_followed",
    "trump_tags",
    "weis_advice",
]
