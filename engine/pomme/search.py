"""Pomme's search on the internal path: 3 or 5 players, no teams (RULES.md R-POMME).

Hands are a list of ``n`` masks, seats in order of play (the seat after ``s`` is
``(s + 1) % n``), cards indexes 0-35, the trump a suit 0-3. The rules of play
are the engine's one implementation (``engine.play.legal_mask`` and
``winner_index``), which hold for tricks of any size.

``PommeSolver`` is Pomme's use of the one search of every game
(``engine.search.TrickSolver``) with every seat its own side: a *paranoid*
alpha-beta search. The value of a position is the card points one seat, ``me``,
takes from it to the end of the round (the trick in progress and the 5 of the last
trick included); ``me`` maximises it and every other seat minimises it, as if the
others played together against ``me``. Why paranoid rather than max-n (each seat
maximising its own points):

- Pomme's marks follow one's own points first: under 21 an apple, and the
  best players mark. The points in play are fixed (157), so what any other
  seat takes is lost to ``me``; the search counts exactly that.
- The value is then two-sided and zero-sum, so alpha-beta pruning and a
  transposition table apply as in Chibre's team search; max-n allows only shallow
  pruning and would search several times fewer sampled deals in the same time.
- Its pessimism is kept where it costs least: the expert uses it only to solve
  the endgame exactly (from 4 tricks left with 3 players, 3 with 5), after the
  trick in progress is played out by greedy seats; before that every seat plays
  the rest out greedily for itself (``greedy_points``), and the expert averages
  over many sampled deals.

``depth`` limits the tricks searched (the one in progress counts); ``estimate``
then scores the rest. Nothing here depends on the number of seats.

>>> from engine.cardset import CardSet
>>> hands = [CardSet.parse(h).mask for h in ("HA", "H6", "S6")]
>>> PommeSolver(3, trump=3, me=0).value(hands, leader=0)  # the spade 6 trumps the ace
0
>>> PommeSolver(3, trump=0, me=0).value(hands, leader=0)  # hearts trump: 11 + 0 + 0 + 5
16
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from engine.cardset import BITS, mask_indexes
from engine.play import legal_mask, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.search import PLAIN_POINTS, TRUMP_POINTS, TRUMP_WEIGHTS, Estimate, TrickSolver
from engine.tables import KEYS, NO_TRUMP, POINTS, SUIT_OF

PommeEstimate = Estimate
"""``estimate(hands, leader, trump, me, tricks_left)``: points ``me`` should take."""
#: For each 9-bit pattern of live plain cards: the strongest and second strongest rank (or -1).
_PLAIN_TOP: Final = tuple(
    tuple(([r for r in range(8, -1, -1) if p >> r & 1] + [-1, -1])[:2]) for p in range(512))
#: Every seat's share of the material to begin with, and the leader's edge.
BASE_MATERIAL: Final = 3
LEADER_EDGE: Final = 2


def pomme_estimate(hands: Sequence[int], leader: int, t: int, me: int, tricks_left: int) -> int:
    """A quick guess of the points ``me`` takes from a trick start to the end.

    The points left (and the last trick's 5) are shared in proportion to each
    seat's trick-taking material: its trumps by rank, and in every other suit
    the strongest (8) and second strongest (3) cards still in play; each seat
    starts with ``BASE_MATERIAL`` and the leader gets ``LEADER_EDGE`` more.
    """
    n = len(hands)
    material = [BASE_MATERIAL] * n
    material[leader] += LEADER_EDGE
    live = 0
    for hand in hands:
        live |= hand
    left = LAST_TRICK_BONUS
    for suit in range(4):
        shift = 9 * suit
        pattern = live >> shift & 511
        if not pattern:
            continue
        if suit == t:
            left += TRUMP_POINTS[pattern]
            for s in range(n):
                material[s] += TRUMP_WEIGHTS[hands[s] >> shift & 511]
        else:
            left += PLAIN_POINTS[pattern]
            first, second = _PLAIN_TOP[pattern]
            for s in range(n):
                own = hands[s] >> shift
                if own >> first & 1:
                    material[s] += 8
                elif second >= 0 and own >> second & 1:
                    material[s] += 3
    return left * material[me] // sum(material)


def greedy_points(hands: Sequence[int], t: int, leader: int) -> list[int]:
    """Card points of every seat when greedy players play the deal out from a trick
    start with the hands open (the last trick's 5 included): lead a card nobody can
    beat, the richest first, else the cheapest; follow with the cheapest card that
    keeps the trick for sure, else the cheapest card, trumps last."""
    n = len(hands)
    hands = list(hands)
    values = POINTS[t]
    points = [0] * n
    tricks = hands[leader].bit_count()
    for trick_no in range(tricks):
        trick: list[int] = []
        win_seat, win_key, led, high = -1, -1, -1, NO_TRUMP
        for i in range(n):
            seat = (leader + i) % n
            legal = legal_mask(hands[seat], led, high, t)
            card = greedy_card(hands, seat, legal, i, leader, t, led, win_key)
            hands[seat] ^= BITS[card]
            trick.append(card)
            led = SUIT_OF[trick[0]]
            best = winner_index(trick, t)
            win_seat, win_key = (leader + best) % n, KEYS[t][led][trick[best]]
            high = trick[best] if win_key >= 100 else NO_TRUMP
        last = LAST_TRICK_BONUS if trick_no == tricks - 1 else 0
        points[win_seat] += sum(values[c] for c in trick) + last
        leader = win_seat
    return points


def _beaten(hands: list[int], leader: int, k: int, key: int, led: int, t: int) -> bool:
    """A seat still to play after position ``k`` of the trick holds a card above ``key``
    (a higher card of the suit led, or a higher trump: a trump may be played at any time)."""
    n = len(hands)
    keys = KEYS[t][led]
    for i in range(k + 1, n):
        for c in mask_indexes(hands[(leader + i) % n]):
            if keys[c] > key:
                return True
    return False


def greedy_card(hands: list[int], seat: int, legal: int, k: int, leader: int, t: int,
                led: int, win_key: int) -> int:
    """The greedy player's card (see ``greedy_points``) for ``seat``, at position ``k`` of
    the trick led by ``leader``; ``led`` and ``win_key``: the suit led and the winning key
    so far (unused on the lead)."""
    cards = mask_indexes(legal)
    if len(cards) == 1:
        return cards[0]
    values = POINTS[t]
    if k == 0:
        keys_t = KEYS[t]
        sure = [c for c in cards
                if not _beaten(hands, seat, 0, keys_t[SUIT_OF[c]][c], SUIT_OF[c], t)]
        if sure:
            return max(sure, key=lambda c: (values[c], -keys_t[SUIT_OF[c]][c]))
        return min(cards, key=lambda c: (SUIT_OF[c] == t, values[c], keys_t[SUIT_OF[c]][c]))
    keys = KEYS[t][led]
    winners = [c for c in cards
               if keys[c] > win_key and not _beaten(hands, leader, k, keys[c], led, t)]
    if winners:
        return min(winners, key=lambda c: (values[c], keys[c]))
    return min(cards, key=lambda c: (SUIT_OF[c] == t, values[c], keys[c]))


def blended_estimate(hands: Sequence[int], leader: int, t: int, me: int,
                     tricks_left: int) -> int:
    """The mean of the greedy open-hand playout and of ``pomme_estimate``."""
    return (greedy_points(hands, t, leader)[me]
            + pomme_estimate(hands, leader, t, me, tricks_left)) // 2


class PommeSolver(TrickSolver):
    """Paranoid values for ``me`` in one trump suit ``trump`` with ``players`` seats.

    ``depth``: tricks to search (the trick in progress counts as one) before
    ``estimate`` scores the rest; ``None`` searches to the end. A solver keeps its
    transposition table between calls with the same depth; make a new one for
    another deal.
    """

    def __init__(self, players: int, trump: int, me: int, depth: int | None = None,
                 estimate: PommeEstimate = pomme_estimate) -> None:
        super().__init__(trump, range(players), me, depth, estimate)
        self.me = me


def random_pomme_points(hands: Sequence[int], t: int, leader: int,
                        rng: random.Random) -> list[int]:
    """Card points of every seat when the deal is played out from a trick start with
    uniformly random legal cards (for tests and benchmarks of the search)."""
    n = len(hands)
    hands = list(hands)
    points = [0] * n
    tricks = hands[leader].bit_count()
    for trick_no in range(tricks):
        trick: list[int] = []
        led, high = -1, NO_TRUMP
        for i in range(n):
            seat = (leader + i) % n
            card = rng.choice(mask_indexes(legal_mask(hands[seat], led, high, t)))
            hands[seat] ^= BITS[card]
            trick.append(card)
            led = SUIT_OF[trick[0]]
            best = trick[winner_index(trick, t)]
            high = best if SUIT_OF[best] == t else NO_TRUMP
        winner = (leader + winner_index(trick, t)) % n
        points[winner] += sum(POINTS[t][c] for c in trick) + (
            LAST_TRICK_BONUS if trick_no == tricks - 1 else 0)
        leader = winner
    return points


__all__ = ["BASE_MATERIAL", "LEADER_EDGE", "PommeEstimate", "PommeSolver", "blended_estimate",
           "greedy_card", "greedy_points", "pomme_estimate", "random_pomme_points"]
