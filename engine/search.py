"""The unchecked internal path for search and simulation (STYLE.md 5).

Hands are 36-bit ints, cards are indexes 0-35, the trump mode is an int. Nothing
here validates its input: the checked boundary is ``engine.play`` and
``engine.chibre.game``. ``SearchState`` offers make/unmake for tree search;
``random_round`` is the hot loop of Monte Carlo playouts and of the benchmark.

``TrickSolver`` is the one double-dummy alpha-beta search of every game, for any
number of seats: who plays with whom is a parameter (each seat's side), so
Chibre's team search (``engine.dds``) and Pomme's paranoid search of one seat
against all others (``engine.pomme.search``) are the same loop. ``TrickState``
is the trick in progress as the search and the bots read it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from engine.cardset import BITS, FULL_MASK, SUIT_MASKS, mask_indexes
from engine.play import legal_mask, trick_state, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import (
    ABOVE,
    BUUR_BIT,
    KEYS,
    NO_TRUMP,
    POINTS,
    SUIT_OF,
    TRUMP_MASK,
    TRUMP_POWER,
    TRUMP_SUIT,
)

_DECK: Final = tuple(range(36))


class SearchState:
    """One round from any point of its card play, with ``play``/``undo`` and no checks.

    ``points`` are the card points each team has taken (last-trick 5 included,
    no multiplier). ``history`` lets ``undo`` restore the exact previous state.
    """

    __slots__ = (
        "_history",
        "hands",
        "leader",
        "player",
        "points",
        "trick",
        "tricks_left",
        "trump",
    )

    def __init__(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        trick: Sequence[int] = (),
        points: tuple[int, int] = (0, 0),
        tricks_left: int = 9,
    ) -> None:
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.trick = list(trick)
        self.points = list(points)
        self.tricks_left = tricks_left
        self.player = (leader + len(trick)) % 4
        self._history: list[tuple[int, int, int, int, int]] = []

    def legal(self) -> int:
        """Mask of the legal cards of the player to move."""
        led, high = trick_state(self.trick, self.trump)
        return legal_mask(self.hands[self.player], led, high, self.trump)

    def is_over(self) -> bool:
        return self.tricks_left == 0

    def play(self, card: int) -> None:
        """Make: the player to move plays ``card`` (an index), trick completed if full."""
        seat = self.player
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            self.player = (seat + 1) & 3
            self._history.append((card, seat, -1, 0, 0))
            return
        t = self.trump
        values = POINTS[t]
        gained = values[trick[0]] + values[trick[1]] + values[trick[2]] + values[trick[3]]
        self.tricks_left -= 1
        if self.tricks_left == 0:
            gained += LAST_TRICK_BONUS
        winner = (self.leader + winner_index(trick, t)) & 3
        self.points[winner & 1] += gained
        packed = trick[0] | trick[1] << 6 | trick[2] << 12 | trick[3] << 18
        self._history.append((card, seat, self.leader, gained, packed))
        self.trick = []
        self.leader = winner
        self.player = winner

    def undo(self) -> None:
        """Unmake the last ``play``."""
        card, seat, leader, gained, packed = self._history.pop()
        if leader >= 0:
            self.tricks_left += 1
            self.points[self.leader & 1] -= gained
            self.trick = [packed & 63, packed >> 6 & 63, packed >> 12 & 63]
            self.leader = leader
        else:
            self.trick.pop()
        self.hands[seat] |= 1 << card
        self.player = seat


_FACT36: Final = math.factorial(36)
_NOT_TRUMP: Final = tuple(FULL_MASK ^ m for m in TRUMP_MASK)
_FOLLOWERS: Final = tuple(((s + 1) & 3, (s + 2) & 3, (s + 3) & 3) for s in range(4))


def random_deal(rng: random.Random) -> list[int]:
    """Four hand masks of a uniformly random deal.

    One exact uniform draw below 36! (rejection on ``getrandbits``), unranked
    into a Fisher-Yates shuffle whose last 9 positions go to seat 3, and so on.
    """
    x = rng.getrandbits(139)
    while x >= _FACT36:
        x = rng.getrandbits(139)
    deck = list(_DECK)
    hands = [0, 0, 0, 0]
    bits = BITS
    for i in range(35, 0, -1):
        x, j = divmod(x, i + 1)
        card = deck[j]
        deck[j] = deck[i]
        hands[i // 9] |= bits[card]
    hands[0] |= bits[deck[0]]
    return hands


def random_round(rng: random.Random) -> tuple[int, int]:
    """Deal, pick a random trump, play 36 uniformly random legal cards; card points."""
    hands = random_deal(rng)
    rand = rng.random
    return playout(hands, int(rand() * 4), int(rand() * 4), rand)


def playout(hands: list[int], t: int, leader: int, rand: Callable[[], float]) -> tuple[int, int]:
    """Play a whole round from its first card with uniformly random legal cards.

    ``hands`` (four masks of 9 cards) is consumed. Returns the card points of
    teams 0 and 1 (they sum to 157). The hot loop of simulation: ``legal_mask``
    and the trick winner (``engine.play.winner_index``) are inlined, no object is
    made per card, and one ``rand()`` per trick feeds the four choices (each takes
    log2(n) of its 53 bits). tests/test_engine_search.py proves it equal, deal by
    deal, to the same choices made through the checked rules. STYLE.md 15 allows
    this one long function.
    """
    keys_t = KEYS[t]
    values = POINTS[t]
    above = ABOVE[t]
    tmask = TRUMP_MASK[t]
    notrump = _NOT_TRUMP[t]
    tsuit = TRUMP_SUIT[t]
    buur = BUUR_BIT[t]
    suits = SUIT_MASKS
    suit_of = SUIT_OF
    followers = _FOLLOWERS
    p0 = p1 = 0
    for trick_no in range(8):
        r = rand() * (9 - trick_no)
        k = int(r)
        r -= k
        seat = leader
        hand = hands[seat]
        legal = hand
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        hands[seat] = hand ^ bit
        card = bit.bit_length() - 1
        led = suit_of[card]
        keys = keys_t[led]
        best = keys[card]
        winner = seat
        gained = values[card]
        follow = suits[led]
        bare_buur = buur if led == tsuit else -1
        allowed = tmask if best < 100 else above[card]
        for seat in followers[leader]:
            hand = hands[seat]
            legal = hand & follow
            if legal and legal != bare_buur:  # R-FOLLOW, R-FOLLOW-TRUMP, R-TRUMP-ANYTIME
                legal |= hand & allowed
            else:  # R-DISCARD; R-BUUR; only trumps left: any (R-NO-UNDERTRUMP)
                legal = hand & notrump
                legal = legal | (hand & allowed) if legal else hand
            r *= legal.bit_count()
            k = int(r)
            r -= k
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            card = bit.bit_length() - 1
            gained += values[card]
            key = keys[card]
            if key > best:
                best = key
                winner = seat
                if best >= 100:
                    allowed = above[card]
        if winner & 1:
            p1 += gained
        else:
            p0 += gained
        leader = winner
    # The last trick: one card each, so every card is forced.
    card = hands[leader].bit_length() - 1
    keys = keys_t[suit_of[card]]
    best = keys[card]
    winner = leader
    gained = values[card] + LAST_TRICK_BONUS
    for seat in followers[leader]:
        card = hands[seat].bit_length() - 1
        gained += values[card]
        key = keys[card]
        if key > best:
            best = key
            winner = seat
    if winner & 1:
        p1 += gained
    else:
        p0 += gained
    return p0, p1




# -- the double-dummy search of every game ------------------------------------------

INF: Final = 10_000
#: The match (every trick to one side): not counted; counted, no trick won yet; counted but
#: two sides have a trick. A side number (0, 1, ...) means that side has won every trick so far.
SWEEP_OFF: Final = -3
SWEEP_ANY: Final = -2
SWEEP_BROKEN: Final = -1

Estimate = Callable[[Sequence[int], int, int, int, int], int]
"""``estimate(hands, leader, trump, side, tricks_left)``: the points ``side`` should take
from a trick start to the end of the round."""

#: The seats after each seat in the order of play, by number of seats (``[n][seat]``).
SEATS_AFTER: Final = tuple(
    tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in range(9))


class TrickState(NamedTuple):
    """The trick in progress: the suit led, the winning card's key (``engine.tables.KEYS``),
    the winning card and seat, and the card points in it (-1, -1, ``NO_TRUMP``, -1, 0 when
    it is empty)."""

    led: int
    win_key: int
    win_card: int
    win_seat: int
    points: int

    @classmethod
    def of(cls, trick: Sequence[int], leader: int, t: int, players: int) -> TrickState:
        if not trick:
            return cls(-1, -1, NO_TRUMP, -1, 0)
        led = SUIT_OF[trick[0]]
        best = winner_index(trick, t)
        return cls(led, KEYS[t][led][trick[best]], trick[best], (leader + best) % players,
                   sum(POINTS[t][c] for c in trick))

    @property
    def high(self) -> int:
        """The winning card if it is a trump, else ``NO_TRUMP`` (what ``legal_mask`` needs)."""
        return self.win_card if self.win_key >= 100 else NO_TRUMP


def card_power(t: int, card: int) -> int:
    """``card``'s place in its suit under trump mode ``t``: its trump order in the trump
    suit (the Buur highest), else its rank."""
    suit, rank = divmod(card, 9)
    return TRUMP_POWER[rank] if suit == TRUMP_SUIT[t] else rank


def _equal_below(t: int) -> tuple[tuple[int, ...], ...]:
    """For each card and each 9-bit pattern of live cards of its suit: the next
    lower live card of the suit if it is worth the same points, else -1."""
    table = []
    for card in range(36):
        suit = card // 9
        order = sorted(range(9), key=lambda r: card_power(t, suit * 9 + r))
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


_EQUAL_BELOW: dict[int, tuple[tuple[int, ...], ...]] = {}


def equal_below(t: int) -> tuple[tuple[int, ...], ...]:
    """The equivalence table of trump mode ``t``, built on first use."""
    if t not in _EQUAL_BELOW:
        _EQUAL_BELOW[t] = _equal_below(t)
    return _EQUAL_BELOW[t]


#: Weight of a trump by rank (6 7 8 9 T J Q K A) in the material estimates: the Buur most.
TRUMP_WEIGHT: Final = (6, 6, 7, 13, 8, 15, 9, 10, 11)
#: Sum of ``TRUMP_WEIGHT`` over the ranks of each 9-bit pattern.
TRUMP_WEIGHTS: Final = tuple(
    sum(w for r, w in enumerate(TRUMP_WEIGHT) if p >> r & 1) for p in range(512))
#: Points of each 9-bit pattern of a suit, as trump and as a plain suit.
TRUMP_POINTS: Final = tuple(
    sum(POINTS[0][r] for r in range(9) if p >> r & 1) for p in range(512))
PLAIN_POINTS: Final = tuple(
    sum(POINTS[0][9 + r] for r in range(9) if p >> r & 1) for p in range(512))


def last_trick(hands: Sequence[int], leader: int, t: int) -> tuple[int, int]:
    """(points with the 5, winning seat) of the forced last trick: one card in each hand.

    ``engine.play.winner_index`` inlined, for a leaf of the search; tests/test_dds.py
    proves the two equal on a large sample of last tricks."""
    card = hands[leader].bit_length() - 1
    keys = KEYS[t][SUIT_OF[card]]
    values = POINTS[t]
    best = keys[card]
    winner = leader
    gained = values[card] + LAST_TRICK_BONUS
    for seat in SEATS_AFTER[len(hands)][leader]:
        card = hands[seat].bit_length() - 1
        gained += values[card]
        if keys[card] > best:
            best = keys[card]
            winner = seat
    return gained, winner


class TrickSolver:
    """Double-dummy values of card play (every hand known) for one trump mode ``trump``.

    ``sides[seat]`` is the side each seat plays for (Chibre: the two teams, ``(0, 1, 0,
    1)``; Pomme: every seat its own). The value of a position is the card points ``side``
    takes from it to the end of the round (the trick in progress and the 5 of the last
    trick included); its seats maximise it, every other seat minimises it, so the search
    is two-sided and zero-sum whatever the number of sides (with more than two, the others
    are as if they played together against ``side``: a *paranoid* search).

    - A transposition table keyed on the hands and the leader at each trick start keeps
      lower and upper bounds (the value of the rest of the round does not depend on how
      the points so far were won).
    - Equivalent cards are searched once (``equal_below``): two cards of one hand, next to
      each other in the order of the cards still in play and worth the same points, lead
      to the same values (the 6 7 8 of a suit, for instance).
    - Moves are ordered: the cheapest card that takes the lead first, points to a trick
      held by one's own side, low cards when the trick is lost.
    - ``match_bonus``, with a ``sweep`` other than ``SWEEP_OFF``: a side that takes every
      trick adds it, for ``side`` (+) or against it (-).
    - With ``depth`` the search stops after that many tricks (the one in progress
      counts) and ``estimate`` scores the rest; ``None`` solves exactly.

    A solver keeps its transposition table between calls with the same depth; make a new
    one for another deal.
    """

    def __init__(self, trump: int, sides: Sequence[int], side: int, depth: int | None,
                 estimate: Estimate, match_bonus: int = 0) -> None:
        self.trump = trump
        self.sides = tuple(sides)
        self.side = side
        self.players = len(self.sides)
        self.depth = depth
        self.estimate = estimate
        self.match_bonus = match_bonus
        self.nodes = 0
        self.evaluations = 0  # calls of ``estimate`` at the depth limit
        self._table: dict[tuple[int, ...], tuple[int, int]] = {}
        self._horizon = -1

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
              sweep: int = SWEEP_OFF) -> int:
        """Points ``side`` takes from this position on with best play by all."""
        values = self.move_values(hands, leader, trick, only_best=True, sweep=sweep)
        player = (leader + len(trick)) % self.players
        return (max if self.sides[player] == self.side else min)(values.values())

    def move_values(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
                    only_best: bool = False, sweep: int = SWEEP_OFF) -> dict[int, int]:
        """The value of each legal card of the seat to move (equivalent cards share a
        value). With ``only_best`` the others may be bounds only. ``sweep``: ``SWEEP_OFF``,
        or which side has won every trick so far (``SWEEP_ANY`` before the first trick,
        ``SWEEP_BROKEN``)."""
        search = _AlphaBeta(self, list(hands), trick, sweep)
        if search.horizon != self._horizon:  # estimates hold for one horizon only
            self._table.clear()
            self._horizon = search.horizon
        try:
            return search.root(leader, tuple(trick), only_best)
        finally:
            self.nodes += search.nodes
            self.evaluations += search.evaluations


class _AlphaBeta:
    """One search: the mutable hands and the recursive alpha-beta (the hot loop).

    STYLE.md 15 allows ``node`` to be long: it follows the trick card by card (the
    winning key so far) instead of calling ``engine.play.winner_index``;
    tests/test_dds.py and tests/test_pomme_bots.py prove its values equal to a plain
    minimax.
    """

    def __init__(self, solver: TrickSolver, hands: list[int], trick: Sequence[int],
                 sweep: int) -> None:
        self.hands = hands
        self.trump = solver.trump
        self.players = solver.players
        self.sides = solver.sides
        self.side = solver.side
        self.mine = tuple(s == solver.side for s in solver.sides)
        self.estimate = solver.estimate
        self.match_bonus = solver.match_bonus
        self.table = solver._table
        self.sweep = sweep
        self.nodes = 0
        self.evaluations = 0
        cards = sum(h.bit_count() for h in hands) + len(trick)
        self.tricks_left = cards // self.players
        depth = solver.depth
        self.horizon = 0 if depth is None else max(0, self.tricks_left - depth)

    def root(self, leader: int, trick: tuple[int, ...], only_best: bool) -> dict[int, int]:
        t = self.trump
        hands = self.hands
        k = len(trick)
        player = (leader + k) % self.players
        maximize = self.mine[player]
        led, win_key, win_card, win_seat, gained = state = TrickState.of(
            trick, leader, t, self.players)
        legal = legal_mask(hands[player], led, state.high, t)
        live = 0
        for hand in hands:
            live |= hand
        for c in trick:
            live |= BITS[c]
        values: dict[int, int] = {}
        alpha, beta = -INF, INF
        for card in self.candidates(player, legal, live, k, led, win_key, win_seat):
            bit = BITS[card]
            hands[player] ^= bit
            new_led = SUIT_OF[card] if k == 0 else led
            key = KEYS[t][new_led][card]
            try:
                if key > win_key:
                    v = self.node(leader, k + 1, new_led, key, card, player,
                                  gained + POINTS[t][card], live, self.tricks_left, alpha, beta)
                else:
                    v = self.node(leader, k + 1, new_led, win_key, win_card, win_seat,
                                  gained + POINTS[t][card], live, self.tricks_left, alpha, beta)
            finally:
                hands[player] ^= bit
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
        t = self.trump
        below = equal_below(t)
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
        values = POINTS[t]
        keys_led = KEYS[t][led]
        mine = self.mine
        if mine[player] == mine[win_seat]:  # the trick is on the seat's side so far
            cards.sort(key=lambda c: -values[c])
        else:
            cards.sort(key=lambda c: (keys_led[c] <= win_key,
                                      keys_led[c] if keys_led[c] > win_key else values[c]))
        return cards

    def bonus(self) -> int:
        """The match bonus at the end of the round, for ``side`` (+) or against it (-)."""
        sweep = self.sweep
        if sweep < 0:
            return 0
        return self.match_bonus if sweep == self.side else -self.match_bonus

    def swept(self, seat: int) -> int:
        """The sweep once ``seat`` has won a trick (the match counted)."""
        sweep, side = self.sweep, self.sides[seat]
        return side if sweep in (SWEEP_ANY, side) else SWEEP_BROKEN

    def node(self, leader: int, k: int, led: int, win_key: int, win_card: int, win_seat: int,
             gained: int, live: int, tricks_left: int, alpha: int, beta: int) -> int:
        """Alpha-beta value for ``side`` of the rest of the round from a node: ``k`` cards
        of the trick led by ``leader`` played, ``live`` the cards in the hands and the
        trick."""
        hands = self.hands
        if k == self.players:
            tricks_left -= 1
            if tricks_left == 0:
                gained += LAST_TRICK_BONUS
            add = gained if self.mine[win_seat] else 0
            sweep = self.sweep
            if sweep == SWEEP_OFF:
                return add + self.node(win_seat, 0, -1, -1, NO_TRUMP, -1, 0, 0, tricks_left,
                                       alpha - add, beta - add)
            self.sweep = self.swept(win_seat)
            v = add + self.node(win_seat, 0, -1, -1, NO_TRUMP, -1, 0, 0, tricks_left,
                                alpha - add, beta - add)
            self.sweep = sweep
            return v
        t = self.trump
        if k == 0:
            if tricks_left == 0:
                return self.bonus()
            if tricks_left == 1:
                gained, seat = last_trick(hands, leader, t)
                add = gained if self.mine[seat] else 0
                sweep = self.sweep
                if sweep == SWEEP_OFF:
                    return add
                self.sweep = self.swept(seat)
                v = add + self.bonus()
                self.sweep = sweep
                return v
            if tricks_left == self.horizon:
                self.evaluations += 1
                return self.estimate(hands, leader, t, self.side, tricks_left)
            position = (*hands, leader | (self.sweep + 3) << 3)
            table = self.table
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
            for hand in hands:
                live |= hand
        self.nodes += 1
        player = (leader + k) % self.players
        hand = hands[player]
        legal = hand if k == 0 else legal_mask(hand, led, win_card if win_key >= 100 else NO_TRUMP,
                                               t)
        cards = self.candidates(player, legal, live, k, led, win_key, win_seat)
        maximize = self.mine[player]
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
                              live, tricks_left, alpha, beta)
            else:
                v = self.node(leader, k + 1, new_led, win_key, win_card, win_seat,
                              gained + values[card], live, tricks_left, alpha, beta)
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


__all__ = [
    "INF",
    "PLAIN_POINTS",
    "SEATS_AFTER",
    "SWEEP_ANY",
    "SWEEP_BROKEN",
    "SWEEP_OFF",
    "TRUMP_POINTS",
    "TRUMP_WEIGHT",
    "TRUMP_WEIGHTS",
    "Estimate",
    "SearchState",
    "TrickSolver",
    "TrickState",
    "card_power",
    "equal_below",
    "last_trick",
    "playout",
    "random_deal",
    "random_round",
]
