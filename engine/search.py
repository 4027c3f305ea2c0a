"""The unchecked internal path for search and simulation (STYLE.md 5).

Hands are 36-bit ints, cards are indexes 0-35, the trump mode is an int. Nothing
here validates its input: the checked boundary is ``engine.play`` and
``engine.chibre.game``. ``SearchState`` offers make/unmake for tree search;
``random_round`` is the hot loop of Monte Carlo playouts and of the benchmark.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final

from engine.cardset import BITS, FULL_MASK, SUIT_MASKS
from engine.play import legal_mask, trick_state, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.tables import ABOVE, BUUR_BIT, KEYS, POINTS, SUIT_OF, TRUMP_MASK, TRUMP_SUIT

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


__all__ = ["SearchState", "playout", "random_deal", "random_round"]
