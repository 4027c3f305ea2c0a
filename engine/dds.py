"""Double-dummy search: the best play when every hand is known (all four open).

An alpha-beta search over the internal bitmask path (``engine.search``): hands
are 36-bit ints, cards indexes 0-35. The value of a position is the card points
one team takes from it to the end of the round (the cards of the trick in
progress and the 5 of the last trick included; the match bonus, Weis and Stöck
are not part of card play and are left out).

- A transposition table keyed on the four hands and the leader at each trick
  start keeps lower and upper bounds (the value of the rest of the round does
  not depend on how the points so far were won).
- Equivalent cards are searched once: two cards of one hand, next to each other
  in the order of the cards still in play and worth the same points, lead to
  the same values (the 6 7 8 of a suit, for instance).
- Moves are ordered: the cheapest winning card first, points to a winning
  partner, low cards when the trick is lost.
- With ``sweep`` the match bonus counts (R-MATCH): the value is then the
  team's points plus 100 if it takes every trick, minus 100 if the opponents do
  (still zero-sum, so one search serves both sides).
- With ``depth`` the search stops after that many tricks (the one in progress
  counts) and ``estimate`` scores the rest; ``depth=None`` solves exactly.

>>> from engine.cardset import CardSet
>>> hands = [CardSet.parse(h).mask for h in ("HA", "H6", "HK", "S6")]
>>> Solver(trump=3, team=0).value(hands, leader=0)  # spade 6 trumps the ace
0
>>> Solver(trump=0, team=0).value(hands, leader=0)  # hearts trump: 11 + 4 + 5
20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.cardset import mask_indexes
from engine.chibre.scoring import MATCH_BONUS
from engine.play import legal_mask, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import (
    KEYS,
    NO_TRUMP,
    POINTS,
    SUIT_OF,
    TRUMP_POWER,
    TRUMP_SUIT,
)

INF: Final = 10_000
#: Match accounting: off; on with no trick won yet; on but both teams have a trick.
#: A team number (0 or 1) means that team has won every trick so far.
SWEEP_OFF: Final = -3
SWEEP_ANY: Final = -2
SWEEP_BROKEN: Final = -1

Estimate = Callable[[Sequence[int], int, int, int, int], int]
"""``estimate(hands, leader, trump, team, tricks_left)``: points ``team`` should take."""


def _power(t: int, card: int) -> int:
    suit, rank = divmod(card, 9)
    return TRUMP_POWER[rank] if suit == TRUMP_SUIT[t] else rank


def _equal_below(t: int) -> tuple[tuple[int, ...], ...]:
    """For each card and each 9-bit pattern of live cards of its suit: the next
    lower live card of the suit if it is worth the same points, else -1."""
    table = []
    for card in range(36):
        suit = card // 9
        order = sorted(range(9), key=lambda r: _power(t, suit * 9 + r))
        place = order.index(card % 9)
        row = []
        for pattern in range(512):
            below = -1
            for rank in reversed(order[:place]):
                if pattern >> rank & 1:
                    below = suit * 9 + rank
                    break
            same = below >= 0 and POINTS[t][below] == POINTS[t][card]
            row.append(below if same else -1)
        table.append(tuple(row))
    return tuple(table)


def _top_two(t: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each suit and 9-bit pattern of live cards: the two strongest (or -1)."""
    table = []
    for suit in range(4):
        order = sorted(range(9), key=lambda r: -_power(t, suit * 9 + r))
        row = []
        for pattern in range(512):
            live = [suit * 9 + r for r in order if pattern >> r & 1] + [-1, -1]
            row.append((live[0], live[1]))
        table.append(tuple(row))
    return tuple(table)


_EQUAL_BELOW: dict[int, tuple[tuple[int, ...], ...]] = {}
_TOP_TWO: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def equal_below(t: int) -> tuple[tuple[int, ...], ...]:
    """The equivalence table of trump mode ``t``, built on first use."""
    if t not in _EQUAL_BELOW:
        _EQUAL_BELOW[t] = _equal_below(t)
    return _EQUAL_BELOW[t]


def _top_table(t: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    if t not in _TOP_TWO:
        _TOP_TWO[t] = _top_two(t)
    return _TOP_TWO[t]


#: Weight of a trump by rank (6 7 8 9 T J Q K A) in ``estimate``: the Buur most.
_TRUMP_WEIGHT: Final = (6, 6, 7, 13, 8, 15, 9, 10, 11)


#: Sum of ``_TRUMP_WEIGHT`` over the ranks of each 9-bit pattern.
_TRUMP_WEIGHTS: Final = tuple(
    sum(w for r, w in enumerate(_TRUMP_WEIGHT) if p >> r & 1) for p in range(512))
#: Points of each 9-bit pattern of a suit, as trump and as a plain suit.
_TRUMP_POINTS: Final = tuple(
    sum(POINTS[0][r] for r in range(9) if p >> r & 1) for p in range(512))
_PLAIN_POINTS: Final = tuple(
    sum(POINTS[0][9 + r] for r in range(9) if p >> r & 1) for p in range(512))


def estimate(hands: Sequence[int], leader: int, t: int, team: int, tricks_left: int) -> int:
    """A quick guess of the points ``team`` takes from a trick start to the end.

    The points left are shared in proportion to each team's trick-taking
    material: its trumps (by rank), and in every other suit the strongest
    and second strongest cards still in play. The leader gets a small edge.
    """
    ours = hands[team] | hands[team + 2]
    theirs = hands[1 - team] | hands[3 - team]
    tsuit = TRUMP_SUIT[t]
    tops = _top_table(t)
    left = LAST_TRICK_BONUS
    mine = 3 if leader & 1 == team else 1
    other = 4 - mine
    for suit in range(4):
        shift = 9 * suit
        a = ours >> shift & 511
        b = theirs >> shift & 511
        if suit == tsuit:
            left += _TRUMP_POINTS[a | b]
            mine += _TRUMP_WEIGHTS[a]
            other += _TRUMP_WEIGHTS[b]
        elif a | b:
            left += _PLAIN_POINTS[a | b]
            first, second = tops[suit][a | b]
            if ours >> first & 1:
                mine += 8
            else:
                other += 8
            if second >= 0:
                if ours >> second & 1:
                    mine += 3
                else:
                    other += 3
    return left * mine // (mine + other)


class Solver:
    """Double-dummy values for one trump mode, from the side of ``team`` (0 or 1).

    ``depth``: tricks to search (the trick in progress counts as one) before
    ``estimate`` scores the rest; ``None`` searches to the end. A solver keeps
    its transposition table between calls with the same hands and depth; make
    a new one for another deal.
    """

    def __init__(
        self, trump: int, team: int, depth: int | None = None, estimate: Estimate = estimate
    ) -> None:
        self.trump = trump
        self.team = team
        self.depth = depth
        self.estimate = estimate
        self.nodes = 0
        self.evaluations = 0  # calls of ``estimate`` at the depth limit
        self._table: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self._horizon = -1

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
              sweep: int = SWEEP_OFF) -> int:
        """Points ``team`` takes from this position on with best play by all."""
        values = self.move_values(hands, leader, trick, only_best=True, sweep=sweep)
        best = max if (leader + len(trick)) & 1 == self.team else min
        return best(values.values())

    def move_values(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
        only_best: bool = False, sweep: int = SWEEP_OFF,
    ) -> dict[int, int]:
        """The value of each legal card of the player to move (equivalent cards
        share a value). With ``only_best`` the others may be bounds only.
        ``sweep``: ``SWEEP_OFF``, or who has won every trick so far (a team,
        ``SWEEP_ANY`` before the first trick, ``SWEEP_BROKEN``)."""
        search = _Search(self, list(hands), trick, sweep)
        if search.horizon != self._horizon:  # estimates hold for one horizon only
            self._table.clear()
            self._horizon = search.horizon
        return search.root(leader, tuple(trick), only_best)


class _Search:
    """One search: the mutable hands and the recursive alpha-beta (the hot loop).

    STYLE.md 15 allows ``node`` to be long: it follows the trick card by card (the
    winning key so far) instead of calling ``engine.play.winner_index``;
    tests/test_dds.py proves its values equal to a plain minimax over
    ``engine.search.SearchState``.
    """

    def __init__(self, solver: Solver, hands: list[int], trick: Sequence[int],
                 sweep: int) -> None:
        self.solver = solver
        self.hands = hands
        self.sweep = sweep
        cards = sum(h.bit_count() for h in hands) + len(trick)
        self.tricks_left = cards // 4
        depth = solver.depth
        self.horizon = 0 if depth is None else max(0, self.tricks_left - depth)

    def root(self, leader: int, trick: tuple[int, ...], only_best: bool) -> dict[int, int]:
        t = self.solver.trump
        player = (leader + len(trick)) & 3
        maximize = player & 1 == self.solver.team
        values: dict[int, int] = {}
        state = _trick_info(trick, leader, t)
        high = state[2] if state[1] >= 100 else NO_TRUMP
        legal = legal_mask(self.hands[player], state[0], high, t)
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in trick:
            live |= 1 << c
        cards = self.candidates(player, legal, live, state, len(trick))
        alpha, beta = -INF, INF
        for card in cards:
            v = self.play(player, card, leader, trick, state, alpha, beta)
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

    def candidates(
        self, player: int, legal: int, live: int, state: tuple[int, int, int, int, int],
        n: int,
    ) -> list[int]:
        """The legal cards worth searching, best guesses first."""
        t = self.solver.trump
        below = equal_below(t)
        values = POINTS[t]
        led, win_key, _, win_seat, _ = state
        cards = []
        for card in mask_indexes(legal):
            lower = below[card][live >> (9 * SUIT_OF[card]) & 511]
            if lower < 0 or not legal >> lower & 1:
                cards.append(card)
        if n == 0:
            keys = KEYS[t]
            cards.sort(key=lambda c: -keys[SUIT_OF[c]][c])
            return cards
        keys_led = KEYS[t][led]
        if (win_seat ^ player) & 1 == 0:
            cards.sort(key=lambda c: -values[c])
        else:
            cards.sort(key=lambda c: (keys_led[c] <= win_key, keys_led[c] if keys_led[c] >
                                      win_key else values[c]))
        return cards

    def play(
        self, player: int, card: int, leader: int, trick: tuple[int, ...],
        state: tuple[int, int, int, int, int], alpha: int, beta: int,
    ) -> int:
        """Value after ``player`` plays ``card`` at the root."""
        t = self.solver.trump
        led, win_key, win_card, win_seat, gained = state
        n = len(trick)
        if n == 0:
            led = SUIT_OF[card]
        key = KEYS[t][led][card]
        if key > win_key:
            win_key, win_card, win_seat = key, card, player
        gained += POINTS[t][card]
        trick_mask = 0
        for c in trick:
            trick_mask |= 1 << c
        self.hands[player] ^= 1 << card
        try:
            return self.node(leader, n + 1, led, win_key, win_card, win_seat, gained,
                             trick_mask | 1 << card, self.tricks_left, alpha, beta)
        finally:
            self.hands[player] ^= 1 << card

    def bonus(self) -> int:
        """The match bonus at the end of the round, for ``team`` (+) or against it (-)."""
        sweep = self.sweep
        if sweep < 0:
            return 0
        return MATCH_BONUS if sweep == self.solver.team else -MATCH_BONUS

    def node(
        self, leader: int, n: int, led: int, win_key: int, win_card: int, win_seat: int,
        gained: int, trick_mask: int, tricks_left: int, alpha: int, beta: int,
    ) -> int:
        """Alpha-beta value for ``team`` of the rest of the round from a node."""
        solver = self.solver
        team = solver.team
        t = solver.trump
        hands = self.hands
        if n == 4:
            tricks_left -= 1
            if tricks_left == 0:
                gained += LAST_TRICK_BONUS
            add = gained if win_seat & 1 == team else 0
            sweep = self.sweep
            if sweep > SWEEP_OFF:
                self.sweep = win_seat & 1 if sweep in (SWEEP_ANY, win_seat & 1) else SWEEP_BROKEN
            v = add + self.node(win_seat, 0, -1, -1, NO_TRUMP, -1, 0, 0, tricks_left,
                                alpha - add, beta - add)
            self.sweep = sweep
            return v
        if n == 0:
            if tricks_left == 0:
                return self.bonus()
            if tricks_left == 1:
                gained, winner = _last_trick(hands, leader, t)
                sweep = self.sweep
                if sweep > SWEEP_OFF:
                    self.sweep = winner & 1 if sweep in (SWEEP_ANY, winner & 1) else SWEEP_BROKEN
                v = (gained if winner & 1 == team else 0) + self.bonus()
                self.sweep = sweep
                return v
            if tricks_left == self.horizon:
                solver.evaluations += 1
                return solver.estimate(hands, leader, t, team, tricks_left)
            position = (hands[0], hands[1], hands[2], hands[3], leader | (self.sweep + 3) << 2)
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
        player = (leader + n) & 3
        hand = hands[player]
        legal = hand if n == 0 else legal_mask(hand, led,
                                               win_card if win_key >= 100 else NO_TRUMP, t)
        live = hands[0] | hands[1] | hands[2] | hands[3] | trick_mask
        cards = self.candidates(player, legal, live, (led, win_key, win_card, win_seat, gained), n)
        maximize = player & 1 == team
        best = -INF if maximize else INF
        keys_t = KEYS[t]
        values = POINTS[t]
        for card in cards:
            bit = 1 << card
            hands[player] = hand ^ bit
            new_led = SUIT_OF[card] if n == 0 else led
            key = keys_t[new_led][card]
            if key > win_key:
                v = self.node(leader, n + 1, new_led, key, card, player, gained + values[card],
                              trick_mask | bit, tricks_left, alpha, beta)
            else:
                v = self.node(leader, n + 1, new_led, win_key, win_card, win_seat,
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
        if n == 0:
            if best <= alpha0:
                high = best
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            table[position] = (low, high)
        return best


def _trick_info(trick: Sequence[int], leader: int, t: int) -> tuple[int, int, int, int, int]:
    """(led suit, winning key, winning card, winning seat, points) of a trick in progress."""
    if not trick:
        return -1, -1, NO_TRUMP, -1, 0
    led = SUIT_OF[trick[0]]
    best = winner_index(trick, t)
    gained = sum(POINTS[t][c] for c in trick)
    return led, KEYS[t][led][trick[best]], trick[best], (leader + best) & 3, gained


def _last_trick(hands: Sequence[int], leader: int, t: int) -> tuple[int, int]:
    """(points, winning seat) of the forced last trick: one card in each hand.

    ``engine.play.winner_index`` inlined, for a leaf of the search; tests/test_dds.py
    proves the two equal on a large sample of last tricks."""
    card = hands[leader].bit_length() - 1
    keys = KEYS[t][SUIT_OF[card]]
    values = POINTS[t]
    best = keys[card]
    winner = leader
    gained = values[card] + LAST_TRICK_BONUS
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        card = hands[seat].bit_length() - 1
        gained += values[card]
        if keys[card] > best:
            best = keys[card]
            winner = seat
    return gained, winner


__all__ = ["SWEEP_ANY", "SWEEP_BROKEN", "SWEEP_OFF", "Solver", "equal_below", "estimate"]
