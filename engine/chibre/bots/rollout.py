"""Fast greedy playouts of a whole deal with all hands open (the search's evaluation).

Each player follows the heuristic bot's rules of thumb, but reading the open
hands instead of guessing: give points to a partner who keeps the trick, take
the trick with the cheapest card that keeps it, otherwise throw the cheapest
card; lead a master trump while the opponents hold trumps, then master cards,
then low cards. Hands are masks; nothing but ints is made per card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.cardset import BITS, mask_indexes
from engine.dds import Estimate, estimate
from engine.play import legal_mask, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import KEYS, NO_TRUMP, POINTS, SUIT_OF, TRUMP_MASK, TRUMP_SUIT

Chooser = Callable[[list[int], int, int, list[int], int, int, int, int], int]
"""A playout's player: (hands, seat, legal mask, trick so far, leader, trump, seat winning the
trick so far, its key) -> the card index it plays."""


def play_out(hands: Sequence[int], t: int, leader: int,
             choose: Chooser) -> tuple[tuple[int, int], tuple[int, int]]:
    """Card points (the last trick's 5 included) and tricks of teams 0 and 1 when every seat
    plays the deal out from a trick start with ``choose``."""
    hands = list(hands)
    values = POINTS[t]
    points = [0, 0]
    won = [0, 0]
    tricks = hands[leader].bit_count()
    for trick_no in range(tricks):
        trick: list[int] = []
        win_seat, win_key, led, high = -1, -1, -1, NO_TRUMP
        for i in range(4):
            seat = (leader + i) & 3
            legal = legal_mask(hands[seat], led, high, t)
            card = choose(hands, seat, legal, trick, leader, t, win_seat, win_key)
            hands[seat] ^= BITS[card]
            trick.append(card)
            led = SUIT_OF[trick[0]]
            best = winner_index(trick, t)
            win_seat, win_key = (leader + best) & 3, KEYS[t][led][trick[best]]
            high = trick[best] if win_key >= 100 else NO_TRUMP
        last = LAST_TRICK_BONUS if trick_no == tricks - 1 else 0
        points[win_seat & 1] += sum(values[c] for c in trick) + last
        won[win_seat & 1] += 1
        leader = win_seat
    return (points[0], points[1]), (won[0], won[1])


def greedy_round(hands: Sequence[int], t: int, leader: int) -> tuple[int, int]:
    """Card points of teams 0 and 1 when greedy players play the deal out from a
    trick start (the last trick's 5 included)."""
    return play_out(hands, t, leader, _choose)[0]


def _beaten(hands: list[int], seat: int, leader: int, n: int, key: int, led: int, t: int) -> bool:
    """An opponent of ``seat`` still to play holds a card above ``key``."""
    keys = KEYS[t][led]
    for i in range(n + 1, 4):
        other = (leader + i) & 3
        if (other ^ seat) & 1 and any(keys[c] > key for c in mask_indexes(hands[other])):
            return True
    return False


def _partner_takes(hands: list[int], seat: int, n: int, win_key: int,
                   keys: tuple[int, ...]) -> bool:
    """Second to play: the partner, last, holds a card above all the opponent can add."""
    if n != 1:
        return False
    best = max([win_key] + [keys[c] for c in mask_indexes(hands[(seat + 1) & 3])])
    return any(keys[c] > best for c in mask_indexes(hands[(seat + 2) & 3]))


def _choose(hands: list[int], seat: int, legal: int, trick: list[int], leader: int, t: int,
            win_seat: int, win_key: int) -> int:
    cards = mask_indexes(legal)
    if len(cards) == 1:
        return cards[0]
    values = POINTS[t]
    tsuit = TRUMP_SUIT[t]
    n = len(trick)
    if n == 0:
        return _lead(hands, seat, cards, t)
    led = SUIT_OF[trick[0]]
    keys = KEYS[t][led]
    partner_wins = (win_seat ^ seat) & 1 == 0 and not _beaten(hands, seat, leader, n, win_key,
                                                              led, t)
    if partner_wins or _partner_takes(hands, seat, n, win_key, keys):
        plain = [c for c in cards if SUIT_OF[c] != tsuit]
        if plain:
            return max(plain, key=lambda c: (values[c], -keys[c]))
        return min(cards, key=lambda c: (values[c], keys[c]))
    winners = [c for c in cards if keys[c] > win_key and
               not _beaten(hands, seat, leader, n, keys[c], led, t)]
    if winners:
        return min(winners, key=lambda c: (values[c], keys[c]))
    return min(cards, key=lambda c: (SUIT_OF[c] == tsuit, values[c], keys[c]))


def _lead(hands: list[int], seat: int, cards: list[int], t: int) -> int:
    tmask = TRUMP_MASK[t]
    opponents = hands[(seat + 1) & 3] | hands[(seat + 3) & 3]
    trumps = [c for c in cards if BITS[c] & tmask]
    keys = KEYS[t]
    if trumps and opponents & tmask:
        top = max(trumps, key=lambda c: keys[SUIT_OF[c]][c])
        out = mask_indexes(opponents & tmask)
        if all(keys[SUIT_OF[c]][c] < keys[SUIT_OF[top]][top] for c in out):
            return top
    for card in sorted(cards, key=lambda c: -POINTS[t][c]):
        if BITS[card] & tmask:
            continue
        suit_keys = keys[SUIT_OF[card]]
        suit = 0x1FF << (9 * SUIT_OF[card])
        theirs = mask_indexes(opponents & suit)
        ruff = any(not hands[s] & suit and hands[s] & tmask for s in ((seat + 1) & 3,
                                                                     (seat + 3) & 3))
        if not ruff and all(suit_keys[c] < suit_keys[card] for c in theirs):
            return card
    partner = hands[(seat + 2) & 3]
    for card in sorted(cards, key=lambda c: POINTS[t][c]):  # a low card to the partner's master
        suit = 0x1FF << (9 * SUIT_OF[card])
        suit_keys = keys[SUIT_OF[card]]
        if BITS[card] & tmask or not partner & suit:
            continue
        top = max(mask_indexes(partner & suit), key=lambda c: suit_keys[c])
        ruff = any(not hands[s] & suit and hands[s] & tmask for s in ((seat + 1) & 3,
                                                                     (seat + 3) & 3))
        if not ruff and all(suit_keys[c] < suit_keys[top] for c in mask_indexes(opponents & suit)):
            return card
    plain = [c for c in cards if not BITS[c] & tmask] or cards
    return min(plain, key=lambda c: (POINTS[t][c], keys[SUIT_OF[c]][c]))


def blind_round(hands: Sequence[int], t: int, leader: int) -> tuple[int, int]:
    """Card points of teams 0 and 1 when the deal is played out from a trick start by players
    who follow the same rules as ``greedy_round``'s but see only their own hand and the cards
    played (``blind_choose``; the last trick's 5 included)."""
    return play_out(hands, t, leader, blind_choose)[0]


def blind_choose(hands: list[int], seat: int, legal: int, trick: list[int], leader: int, t: int,
                 win_seat: int, win_key: int) -> int:
    """``_choose`` for a player who sees only its own hand and the cards played: a card is safe
    when no card still hidden from it beats it, a master card is cashed when no hidden card of
    its suit is higher (a ruff is not foreseen), and no low card is led to a partner's master,
    the partner's hand being hidden."""
    cards = mask_indexes(legal)
    if len(cards) == 1:
        return cards[0]
    own = hands[seat]
    hidden = (hands[0] | hands[1] | hands[2] | hands[3]) & ~own
    tmask = TRUMP_MASK[t]
    if not trick:
        return _blind_lead(cards, hidden, t, tmask)
    values = POINTS[t]
    tsuit = TRUMP_SUIT[t]
    keys = KEYS[t][SUIT_OF[trick[0]]]
    last = len(trick) == 3
    top = max((keys[c] for c in mask_indexes(hidden)), default=-1)
    if (win_seat ^ seat) & 1 == 0 and (last or top < win_key):
        plain = [c for c in cards if SUIT_OF[c] != tsuit]
        if plain:
            return max(plain, key=lambda c: (values[c], -keys[c]))
        return min(cards, key=lambda c: (values[c], keys[c]))
    winners = [c for c in cards if keys[c] > win_key and (last or keys[c] > top)]
    if winners:
        return min(winners, key=lambda c: (values[c], keys[c]))
    return min(cards, key=lambda c: (SUIT_OF[c] == tsuit, values[c], keys[c]))


def _blind_lead(cards: list[int], hidden: int, t: int, tmask: int) -> int:
    """``_lead`` for a player who sees only ``hidden``, the cards still out of its hand."""
    keys = KEYS[t]
    trumps = [c for c in cards if BITS[c] & tmask]
    if trumps and hidden & tmask:
        top = max(trumps, key=lambda c: keys[SUIT_OF[c]][c])
        if all(keys[SUIT_OF[c]][c] < keys[SUIT_OF[top]][top] for c in mask_indexes(hidden & tmask)):
            return top
    for card in sorted(cards, key=lambda c: -POINTS[t][c]):
        if BITS[card] & tmask:
            continue
        suit_keys = keys[SUIT_OF[card]]
        suit = 0x1FF << (9 * SUIT_OF[card])
        if all(suit_keys[c] < suit_keys[card] for c in mask_indexes(hidden & suit)):
            return card
    plain = [c for c in cards if not BITS[c] & tmask] or cards
    return min(plain, key=lambda c: (POINTS[t][c], keys[SUIT_OF[c]][c]))


def blind_estimate(hands: Sequence[int], leader: int, t: int, team: int,
                   tricks_left: int) -> int:
    """The blind playout (``blind_round``) and the material share, as ``blended_estimate``
    takes them with the open playout."""
    return (blind_round(hands, t, leader)[team]
            + estimate(hands, leader, t, team, tricks_left)) // 2


def blended_estimate(hands: Sequence[int], leader: int, t: int, team: int,
                     tricks_left: int) -> int:
    """The expert's evaluation: the mean of the greedy playout and of the static
    share of the points by trick-taking material (``engine.dds.estimate``); the
    two err in different places, and their mean chose better cards in the arena."""
    return (greedy_round(hands, t, leader)[team]
            + estimate(hands, leader, t, team, tricks_left)) // 2


def playout_estimate(hands: Sequence[int], leader: int, t: int, team: int,
                     tricks_left: int) -> int:
    """The greedy playout alone (``greedy_round``), as an ``engine.dds`` estimate."""
    return greedy_round(hands, t, leader)[team]


#: The evaluations a ``Budget`` may name for the depth limit (``Budget.evaluation``).
EVALUATIONS: Final[dict[str, Estimate]] = {
    "blend": blended_estimate,
    "playout": playout_estimate,
    "material": estimate,
    "blind": blind_estimate,
}


__all__ = ["EVALUATIONS", "Chooser", "blended_estimate", "blind_choose", "blind_estimate",
           "blind_round", "greedy_round", "play_out", "playout_estimate"]
