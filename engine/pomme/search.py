"""Pomme's search on the internal path: 3 or 5 players, no teams (RULES.md R-POMME).

Hands are a list of ``n`` masks, seats in order of play (the seat after ``s`` is
``(s + 1) % n``), cards indexes 0-35, the trump a suit 0-3. The rules of play
are the engine's one implementation (``engine.play.legal_mask`` and
``winner_index``), which hold for tricks of any size.

``PommeSolver`` is a *paranoid* alpha-beta search: the value of a position is
the card points one seat, ``me``, takes from it to the end of the round (the
trick in progress and the 5 of the last trick included); ``me`` maximises it
and every other seat minimises it, as if the others played together against
``me``. Why paranoid rather than max-n (each seat maximising its own points):

- Pomme's marks follow one's own points first: under 21 an apple, and the
  best players mark. The points in play are fixed (157), so what any other
  seat takes is lost to ``me``; the search counts exactly that.
- The value is then two-sided and zero-sum, so alpha-beta pruning and a
  transposition table apply as in ``engine.dds``; max-n allows only shallow
  pruning and would search several times fewer sampled deals in the same time.
- Its pessimism is kept where it costs least: the expert uses it only to solve
  the endgame exactly (from 4 tricks left with 3 players, 3 with 5), after the
  trick in progress is played out by greedy seats; before that every seat plays
  the rest out greedily for itself (``greedy_points``), and the expert averages
  over many sampled deals.

Like ``engine.dds``: a transposition table at trick starts, equivalent cards
searched once (``engine.dds.equal_below``: neighbours in the order of the
cards still live, worth the same points), moves ordered (the cheapest card that
takes the lead first). ``depth`` limits the tricks searched (the one in
progress counts); ``estimate`` then scores the rest.

>>> from engine.cardset import CardSet
>>> hands = [CardSet.parse(h).mask for h in ("HA", "H6", "S6")]
>>> PommeSolver(3, trump=3, me=0).value(hands, leader=0)  # the spade 6 trumps the ace
0
>>> PommeSolver(3, trump=0, me=0).value(hands, leader=0)  # hearts trump: 11 + 0 + 0 + 5
16
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from engine.cardset import BITS, mask_indexes
from engine.dds import equal_below
from engine.play import legal_mask, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import KEYS, NO_TRUMP, POINTS, SUIT_OF

INF: Final = 10_000

PommeEstimate = Callable[[Sequence[int], int, int, int, int], int]
"""``estimate(hands, leader, trump, me, tricks_left)``: points ``me`` should take."""

#: Weight of a trump by rank (6 7 8 9 T J Q K A) in ``pomme_estimate``: the Buur most.
_TRUMP_WEIGHT: Final = (6, 6, 7, 13, 8, 15, 9, 10, 11)
_TRUMP_WEIGHTS: Final = tuple(
    sum(w for r, w in enumerate(_TRUMP_WEIGHT) if p >> r & 1) for p in range(512))
_TRUMP_POINTS: Final = tuple(
    sum(POINTS[0][r] for r in range(9) if p >> r & 1) for p in range(512))
_PLAIN_POINTS: Final = tuple(
    sum(POINTS[0][9 + r] for r in range(9) if p >> r & 1) for p in range(512))
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
            left += _TRUMP_POINTS[pattern]
            for s in range(n):
                material[s] += _TRUMP_WEIGHTS[hands[s] >> shift & 511]
        else:
            left += _PLAIN_POINTS[pattern]
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


class PommeSolver:
    """Paranoid values for ``me`` in one trump suit ``trump`` with ``players`` seats.

    ``depth``: tricks to search (the trick in progress counts as one) before
    ``estimate`` scores the rest; ``None`` searches to the end. A solver keeps its
    transposition table between calls with the same depth; make a new one for
    another deal.
    """

    def __init__(self, players: int, trump: int, me: int, depth: int | None = None,
                 estimate: PommeEstimate = pomme_estimate) -> None:
        self.players = players
        self.trump = trump
        self.me = me
        self.depth = depth
        self.estimate = estimate
        self.nodes = 0
        self.evaluations = 0
        self._table: dict[tuple[int, ...], tuple[int, int]] = {}
        self._horizon = -1

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> int:
        """Points ``me`` takes from this position on, every other seat against it."""
        values = self.move_values(hands, leader, trick, only_best=True)
        player = (leader + len(trick)) % self.players
        return (max if player == self.me else min)(values.values())

    def move_values(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
                    only_best: bool = False) -> dict[int, int]:
        """The value of each legal card of the seat to move (equivalent cards share a
        value). With ``only_best`` the others may be bounds only."""
        search = _Search(self, list(hands), trick)
        if search.horizon != self._horizon:
            self._table.clear()
            self._horizon = search.horizon
        return search.root(leader, tuple(trick), only_best)


class _Search:
    """One search: the mutable hands and the recursive alpha-beta (the hot loop, which
    follows the trick card by card; tests/test_pomme_bots.py checks it against a plain
    minimax)."""

    def __init__(self, solver: PommeSolver, hands: list[int], trick: Sequence[int]) -> None:
        self.solver = solver
        self.hands = hands
        self.n = solver.players
        cards = sum(h.bit_count() for h in hands) + len(trick)
        self.tricks_left = cards // self.n
        depth = solver.depth
        self.horizon = 0 if depth is None else max(0, self.tricks_left - depth)

    def root(self, leader: int, trick: tuple[int, ...], only_best: bool) -> dict[int, int]:
        solver = self.solver
        t = solver.trump
        n = self.n
        player = (leader + len(trick)) % n
        maximize = player == solver.me
        if trick:
            led = SUIT_OF[trick[0]]
            best = winner_index(trick, t)
            win_card = trick[best]
            win_key = KEYS[t][led][win_card]
            win_seat = (leader + best) % n
        else:
            led, win_key, win_card, win_seat = -1, -1, NO_TRUMP, -1
        gained = sum(POINTS[t][c] for c in trick)
        legal = legal_mask(self.hands[player], led, win_card if win_key >= 100 else NO_TRUMP, t)
        live = 0
        for hand in self.hands:
            live |= hand
        trick_mask = 0
        for c in trick:
            trick_mask |= BITS[c]
        live |= trick_mask
        values: dict[int, int] = {}
        alpha, beta = -INF, INF
        for card in self.candidates(player, legal, live, len(trick), led, win_key, win_seat):
            bit = BITS[card]
            self.hands[player] ^= bit
            new_led = SUIT_OF[card] if not trick else led
            key = KEYS[t][new_led][card]
            try:
                if key > win_key:
                    v = self.node(leader, len(trick) + 1, new_led, key, card, player,
                                  gained + POINTS[t][card], trick_mask | bit, self.tricks_left,
                                  alpha, beta)
                else:
                    v = self.node(leader, len(trick) + 1, new_led, win_key, win_card, win_seat,
                                  gained + POINTS[t][card], trick_mask | bit, self.tricks_left,
                                  alpha, beta)
            finally:
                self.hands[player] ^= bit
            values[card] = v
            if only_best:
                if maximize:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        below = equal_below(t)
        for card in mask_indexes(legal):  # equivalent cards take the value of the one searched
            if card not in values:
                lower = below[card][live >> (9 * SUIT_OF[card]) & 511]
                while lower not in values:
                    lower = below[lower][live >> (9 * SUIT_OF[lower]) & 511]
                values[card] = values[lower]
        return values

    def candidates(self, player: int, legal: int, live: int, k: int, led: int, win_key: int,
                   win_seat: int) -> list[int]:
        """The legal cards worth searching, best guesses first."""
        t = self.solver.trump
        below = equal_below(t)
        values = POINTS[t]
        cards = []
        for card in mask_indexes(legal):
            lower = below[card][live >> (9 * SUIT_OF[card]) & 511]
            if lower < 0 or not legal >> lower & 1:
                cards.append(card)
        if len(cards) < 2:
            return cards
        if k == 0:
            keys = KEYS[t]
            cards.sort(key=lambda c: -keys[SUIT_OF[c]][c])
            return cards
        keys_led = KEYS[t][led]
        me = self.solver.me
        if (player == me) == (win_seat == me):  # the trick is on the seat's side so far
            cards.sort(key=lambda c: -values[c])
        else:
            cards.sort(key=lambda c: (keys_led[c] <= win_key,
                                      keys_led[c] if keys_led[c] > win_key else values[c]))
        return cards

    def node(self, leader: int, k: int, led: int, win_key: int, win_card: int, win_seat: int,
             gained: int, trick_mask: int, tricks_left: int, alpha: int, beta: int) -> int:
        """Alpha-beta value for ``me`` of the rest of the round from a node."""
        solver = self.solver
        n = self.n
        me = solver.me
        t = solver.trump
        hands = self.hands
        if k == n:
            tricks_left -= 1
            if tricks_left == 0:
                gained += LAST_TRICK_BONUS
            add = gained if win_seat == me else 0
            return add + self.node(win_seat, 0, -1, -1, NO_TRUMP, -1, 0, 0, tricks_left,
                                   alpha - add, beta - add)
        if k == 0:
            if tricks_left == 0:
                return 0
            if tricks_left == 1:
                points, winner = _last_trick(hands, leader, t)
                return points if winner == me else 0
            if tricks_left == self.horizon:
                solver.evaluations += 1
                return solver.estimate(hands, leader, t, me, tricks_left)
            position = (*hands, leader)
            table = solver._table
            bounds = table.get(position)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha = max(alpha, low)
                beta = min(beta, high)
            else:
                low, high = -INF, INF
            alpha0, beta0 = alpha, beta
        solver.nodes += 1
        player = (leader + k) % n
        hand = hands[player]
        legal = hand if k == 0 else legal_mask(hand, led, win_card if win_key >= 100 else NO_TRUMP,
                                               t)
        live = trick_mask
        for h in hands:
            live |= h
        cards = self.candidates(player, legal, live, k, led, win_key, win_seat)
        maximize = player == me
        best = -INF if maximize else INF
        keys_t = KEYS[t]
        values = POINTS[t]
        for card in cards:
            bit = BITS[card]
            hands[player] = hand ^ bit
            new_led = SUIT_OF[card] if k == 0 else led
            key = keys_t[new_led][card]
            if key > win_key:
                v = self.node(leader, k + 1, new_led, key, card, player, gained + values[card],
                              trick_mask | bit, tricks_left, alpha, beta)
            else:
                v = self.node(leader, k + 1, new_led, win_key, win_card, win_seat,
                              gained + values[card], trick_mask | bit, tricks_left, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[player] = hand
        if k == 0:
            if best <= alpha0:
                high = best
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            table[position] = (low, high)
        return best


def _last_trick(hands: Sequence[int], leader: int, t: int) -> tuple[int, int]:
    """(points with the 5, winning seat) of the forced last trick: one card in each hand."""
    n = len(hands)
    card = hands[leader].bit_length() - 1
    keys = KEYS[t][SUIT_OF[card]]
    values = POINTS[t]
    best = keys[card]
    winner = leader
    gained = values[card] + LAST_TRICK_BONUS
    for i in range(1, n):
        seat = (leader + i) % n
        card = hands[seat].bit_length() - 1
        gained += values[card]
        if keys[card] > best:
            best = keys[card]
            winner = seat
    return gained, winner


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
