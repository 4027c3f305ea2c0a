"""Playing a card: which cards are legal, why a card is not, who wins a trick.

Two layers (STYLE.md 5): ``legal_mask`` and ``winner_index`` work on plain
ints for search and simulation, without checks; ``legal_cards``,
``illegal_reason`` and ``trick_winner`` are the checked public boundary.

>>> from engine.cards import Trump
>>> hand = CardSet.parse("H6 HK S7 C9")
>>> str(legal_cards(hand, [Card.parse("HA")], Trump.SPADES))
'H6 HK S7'
>>> illegal_reason(Card.parse("C9"), hand, [Card.parse("HA")], Trump.SPADES)
<Reason.MUST_FOLLOW_SUIT: 'must_follow_suit'>
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from engine.cards import Card, Trump, check_trump
from engine.cardset import BITS, SUIT_MASKS, CardSet
from engine.rules import Rules
from engine.tables import ABOVE, BUUR_BIT, KEYS, NO_TRUMP, SUIT_OF, TRUMP_MASK, TRUMP_SUIT


class Reason(enum.Enum):
    """Why an action is not allowed. Never English: the tutor explains each one."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_FOLLOW_TRUMP = "must_follow_trump"
    NO_UNDERTRUMP = "no_undertrump"
    NOT_YOUR_PHASE = "not_your_phase"
    CHIBRE_NOT_IN_FIRST_ROUND = "chibre_not_in_first_round"
    CHIBRE_ONLY_ONCE = "chibre_only_once"
    TRUMP_NOT_IN_PROFILE = "trump_not_in_profile"
    GAME_OVER = "game_over"
    # Pomme (R-POMME)
    NO_TRUMP_SIX = "no_trump_six"  # exchanging (or declining) without holding the trump 6
    SIX_EXCHANGE_OVER = "six_exchange_over"  # the 6 is exchanged only before the first trick
    NO_ASIDE = "no_aside"  # Pomme for 5 has no aside
    ASIDE_TAKEN = "aside_taken"  # somebody has taken the aside already
    ASIDE_AFTER_FIRST_CARD = "aside_after_first_card"  # the aside is taken before one's first card


class IllegalPlayError(ValueError):
    """A well-formed action that the rules do not allow now; carries the ``Reason``."""

    def __init__(self, reason: Reason, action: object = None) -> None:
        self.reason = reason
        self.action = action
        super().__init__(f"{action!s} is not allowed: {reason.value}")


class InvalidTrickError(ValueError):
    """A trick that cannot exist: too many cards, or a card twice."""


def legal_mask(hand: int, led: int, high: int, t: int) -> int:
    """Legal cards of ``hand`` (a mask) on the internal path, without checks.

    ``led`` is the suit led (-1 on an empty trick), ``high`` the index of the
    highest trump in the trick (``NO_TRUMP`` = 36 if none), ``t`` the trump mode.
    """
    if led < 0:
        return hand
    trumps = hand & TRUMP_MASK[t]
    if led == TRUMP_SUIT[t]:  # R-FOLLOW-TRUMP, R-BUUR
        if trumps and trumps != BUUR_BIT[t]:
            return trumps
        return hand
    follow = hand & SUIT_MASKS[led]
    allowed = trumps & ABOVE[t][high]  # R-TRUMP-ANYTIME, R-NO-UNDERTRUMP
    if follow:  # R-FOLLOW
        return follow | allowed
    others = hand & ~TRUMP_MASK[t]
    if others:  # R-DISCARD
        return others | allowed
    return hand  # only trumps left: any of them (R-NO-UNDERTRUMP exception)


def winner_index(trick: Sequence[int], t: int) -> int:
    """Position in ``trick`` (card indexes, lead first) of the card winning so far (R-TRICK).

    The one implementation of the trick winner: every other reader of a trick calls
    it, and the hot loops that follow a trick card by card (``engine.search.playout``,
    ``engine.dds``) are tested equal to it.
    """
    keys = KEYS[t][SUIT_OF[trick[0]]]
    best = 0
    for i in range(1, len(trick)):
        if keys[trick[i]] > keys[trick[best]]:
            best = i
    return best


def trick_state(trick: Sequence[int], t: int) -> tuple[int, int]:
    """(led suit, index of the highest trump or NO_TRUMP) of a trick of card indexes:
    what ``legal_mask`` needs. The highest trump is the winning card when it is a trump."""
    if not trick:
        return -1, NO_TRUMP
    led = SUIT_OF[trick[0]]
    card = trick[winner_index(trick, t)]
    return led, card if KEYS[t][led][card] >= 100 else NO_TRUMP


PLAYERS: Final = (2, 3, 4, 5)
"""The numbers of players the rule of play serves: Pomme for 2, 3 and 5, Chibre for 4."""


def _check_players(players: object) -> int:
    if isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"players must be 2, 3, 4 or 5, not {players!r}")
    assert isinstance(players, int)
    return players


def _trick_indexes(trick: Sequence[Card], hand: CardSet | None = None,
                   players: int = 4) -> list[int]:
    if len(trick) > players - 1 and hand is not None:
        raise InvalidTrickError(f"a trick in progress of {players} players has at most "
                                f"{players - 1} cards, not {len(trick)}")
    indexes = [card.index for card in trick]
    mask = 0
    for index in indexes:
        mask |= BITS[index]
    if mask.bit_count() != len(indexes):
        raise InvalidTrickError(f"a card appears twice in the trick {_codes(trick)}")
    if hand is not None and hand.mask & mask:
        raise InvalidTrickError(f"a card of the hand is already in the trick {_codes(trick)}")
    return indexes


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def legal_cards(
    hand: CardSet, trick: Sequence[Card], trump: Trump, rules: Rules | None = None,
    *, players: int = 4,
) -> CardSet:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, lead first).

    ``players`` (3, 4 or 5: Pomme or Chibre) bounds the trick: at most ``players - 1`` cards
    before this one. The rule itself is the same for any number of players (R-POMME).
    """
    trump = check_trump(trump)
    indexes = _trick_indexes(trick, hand, _check_players(players))
    led, high = trick_state(indexes, trump)
    return CardSet.from_mask(legal_mask(hand.mask, led, high, trump))


def illegal_reason(
    card: Card, hand: CardSet, trick: Sequence[Card], trump: Trump, rules: Rules | None = None,
    *, players: int = 4,
) -> Reason | None:
    """``None`` if ``card`` may be played, else the ``Reason`` it may not (``players`` as for
    ``legal_cards``)."""
    trump = check_trump(trump)
    players = _check_players(players)
    if card not in hand:
        return Reason.NOT_IN_HAND
    indexes = _trick_indexes(trick, hand, players)
    led, high = trick_state(indexes, trump)
    if legal_mask(hand.mask, led, high, trump) >> card.index & 1:
        return None
    if led == TRUMP_SUIT[trump]:
        return Reason.MUST_FOLLOW_TRUMP
    if card.suit == TRUMP_SUIT[trump]:
        return Reason.NO_UNDERTRUMP
    return Reason.MUST_FOLLOW_SUIT


def trick_winner(trick: Sequence[Card], trump: Trump, *, players: int = 4) -> int:
    """Index in ``trick`` (0 = the lead) of the card that wins it (R-TRICK).

    Meant for a complete trick of ``players`` cards (4 in Chibre, 3 or 5 in Pomme); on a
    trick in progress it names the card winning so far.

    >>> from engine.cards import Trump
    >>> trick_winner([Card.parse(c) for c in "D6 DA S6 DK H9".split()], Trump.SPADES, players=5)
    2
    """
    trump = check_trump(trump)
    players = _check_players(players)
    if not 1 <= len(trick) <= players:
        raise InvalidTrickError(f"a trick of {players} players has 1 to {players} cards, "
                                f"not {len(trick)}")
    return winner_index(_trick_indexes(trick), trump)
