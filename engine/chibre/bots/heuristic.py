"""The heuristic bot: the rules of thumb of a careful club player, with card counting.

- Trump: the suit where the hand is strongest (Buur, Nell, length, side aces);
  chibre when no suit is strong enough.
- Lead: pull the opponents' trumps with a master trump when the team chose
  trump and holds it; else cash a master card no opponent can trump; else a low
  card of a plain suit.
- Follow: give points to a partner who wins safely (schmieren); take a trick
  with the cheapest card that wins it safely, trumping only when it is worth
  it; otherwise discard the cheapest card, keeping the Buur and Nell.
- It remembers the cards out and the voids shown (``Knowledge``).
- Under a discard signal (``engine.chibre.conventions``) it keeps the convention at its first
  discard when that costs at most ``SIGNAL_SLACK`` card points against its own choice
  (``discard_tiers``: under ``ASK`` a true signal first, else a discard that says nothing;
  under ``REFUSE`` a discard of a suit whose best card still out it does not hold), and it
  reads its partner's first discard when it leads: under ``ASK`` it leads the suit its
  partner asked for, while the card signalled is out and no opponent may trump it; under
  ``REFUSE`` it avoids leading the suit refused. An opponent's discard is not read (the
  convention is the partners').
"""

from __future__ import annotations

import random

from engine.cards import CHIBRE, Card, Chibre, Trump
from engine.chibre.bots.position import Position
from engine.chibre.conventions import (
    NO_CONVENTIONS,
    Conventions,
    Signal,
    discard_tiers,
    is_discard,
    live,
    partner_reading,
)
from engine.chibre.game import GameView, WeisChoice
from engine.position import lead_or_follow
from engine.strength import suit_strength
from engine.tables import KEYS, POINTS, SUIT_OF

SUITS = (Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES)
#: Below this strength the chooser passes the choice to the partner.
CHIBRE_BELOW = 28
#: Trick points from which a trump is spent to take a trick.
TRUMP_FOR = 10
#: Card points a first discard that keeps the convention may cost more than the rules' own
#: discard (or give less, when giving points to the partner): a small card, a jack or a
#: queen instead of a small card, but never a ten or an ace instead of a small card.
SIGNAL_SLACK = 3


def best_suit(hand: int) -> tuple[Trump, int]:
    """The strongest trump suit for ``hand`` and its strength."""
    scores = [suit_strength(hand, s) for s in range(4)]
    best = max(range(4), key=lambda s: scores[s])
    return SUITS[best], scores[best]


class HeuristicBot:
    """Rule-based play; the generator only breaks exact ties."""

    name = "heuristic"

    def __init__(self, seed: int = 0, chibre_below: int = CHIBRE_BELOW,
                 conventions: Conventions = NO_CONVENTIONS) -> None:
        self.rng = random.Random(seed)
        self.chibre_below = chibre_below
        self.conventions = conventions

    def choose_trump(self, view: GameView) -> Trump | Chibre:
        trump, strength = best_suit(view.hand.mask)
        if strength < self.chibre_below and CHIBRE in view.legal_actions:
            return CHIBRE
        return trump

    def choose_weis(self, view: GameView) -> WeisChoice:
        return WeisChoice.ANNOUNCE

    def choose_card(self, view: GameView) -> Card:
        return Card.from_index(play(view, self.conventions))


def play(view: GameView, conventions: Conventions = NO_CONVENTIONS) -> int:
    """The index of the card the rules choose for the seat of ``view`` under ``conventions``
    (also read, without conventions, by the expert, which expects its opponents to play by
    these rules)."""
    return lead_or_follow(Position(view, conventions), lead, follow)


def lead(pos: Position, cards: list[int]) -> int:
    """The card to lead."""
    trumps = [c for c in cards if pos.is_trump(c)]
    opponents_trumps = any(pos.may_hold_trumps(s) for s in pos.opponents())
    our_trump = pos.view.trump_declarer is not None and pos.view.trump_declarer % 2 == pos.seat % 2
    if trumps and opponents_trumps and (our_trump or len(trumps) >= 4):
        masters = [c for c in trumps if pos.master(c)]
        if masters:
            return max(masters, key=pos.key)  # pull trumps
    cash = [c for c in cards if not pos.is_trump(c) and pos.master(c) and
            all(not pos.void_in(s, SUIT_OF[c]) or not pos.may_hold_trumps(s)
                for s in pos.opponents())]
    if cash:
        return max(cash, key=lambda c: (pos.value(c), pos.key(c)))
    plain = [c for c in cards if not pos.is_trump(c)] or cards
    reading = None if pos.conventions.none else partner_reading(pos.view, pos.conventions)
    if reading is not None:
        suit = int(reading.suit)
        ruffed = any(pos.void_in(s, suit) and pos.may_hold_trumps(s) for s in pos.opponents())
        if reading.signal is Signal.ASK and live(reading, pos.view) and not ruffed:
            asked = [c for c in plain if SUIT_OF[c] == suit]
            if asked:  # to the partner's best card of the suit
                return min(asked, key=lambda c: (pos.value(c), pos.key(c)))
        if reading.signal is Signal.REFUSE:
            plain = [c for c in plain if SUIT_OF[c] != suit] or plain
    return min(plain, key=lambda c: (_exposed_ten(pos, c), pos.value(c), pos.key(c)))


def _exposed_ten(pos: Position, card: int) -> bool:
    """A ten led while its ace is still out."""
    return POINTS[pos.t][card] == 10 and not pos.is_trump(card) and not pos.master(card)


def follow(pos: Position, cards: list[int]) -> int:
    """The card to play on a trick already led."""
    if pos.partner_safe():
        return keep_convention(pos, cards, give_points(pos, cards), gives=True)
    winners = [c for c in cards if pos.wins_now(c) and pos.safe(c)]
    if winners:
        card = min(winners, key=lambda c: (_precious(pos, c), pos.value(c), pos.key(c)))
        worth = pos.points + pos.value(card)
        if not pos.is_trump(card) or worth >= TRUMP_FOR or (
                pos.tricks_left == 1 or (worth >= 4 and not _precious(pos, card))):
            return card
    return keep_convention(pos, cards, discard(pos, cards), gives=False)


def keep_convention(pos: Position, cards: list[int], normal: int, gives: bool) -> int:
    """The rules' card ``normal``, or at the seat's first discard under a discard signal the
    best card of the first tier of ``discard_tiers`` that has one within ``SIGNAL_SLACK``
    card points of it (``gives``: points given to the partner, the more the better; else
    points thrown away, the fewer the better; never the Buur or the Nell, nor a master card
    in place of one that is not)."""
    tiers = discard_tiers(pos.view, pos.conventions, cards)
    if not tiers or not is_discard(pos.trick, normal, pos.t):
        return normal
    keys = KEYS[pos.t]
    worth = pos.value(normal)
    for tier in tiers:
        if normal in tier:
            return normal
        if gives:
            fits = [c for c in tier if worth - pos.value(c) <= SIGNAL_SLACK]
            if fits:
                return max(fits, key=lambda c: (pos.value(c), -keys[SUIT_OF[c]][c]))
        else:
            fits = [c for c in tier if pos.value(c) - worth <= SIGNAL_SLACK and
                    not _precious(pos, c) and (pos.master(normal) or not pos.master(c))]
            if fits:
                return min(fits, key=lambda c: (pos.value(c), pos.master(c),
                                                keys[SUIT_OF[c]][c]))
    return normal


def _precious(pos: Position, card: int) -> bool:
    """The Buur, or the Nell while the Buur is out."""
    bit = 1 << card
    return bool(bit & pos.buur or (bit & pos.nell and pos.buur_unseen()))


def give_points(pos: Position, cards: list[int]) -> int:
    """Schmieren: the most points that are not worth keeping for later."""
    plain = [c for c in cards if not pos.is_trump(c)]
    if plain:
        return max(plain, key=lambda c: (pos.value(c) - (6 if pos.master(c) and
                                                         pos.value(c) == 11 else 0),
                                         -pos.key(c)))
    return min(cards, key=lambda c: (_precious(pos, c), pos.value(c), pos.key(c)))


def discard(pos: Position, cards: list[int]) -> int:
    """The card that gives the least away: no points, no trump, no master card."""
    keys = KEYS[pos.t]
    return min(cards, key=lambda c: (_precious(pos, c), pos.is_trump(c), pos.value(c),
                                     pos.master(c), keys[SUIT_OF[c]][c]))


__all__ = ["SIGNAL_SLACK", "HeuristicBot", "best_suit", "keep_convention", "play",
           "suit_strength"]
