"""Pomme (Putz) for 2, 3 or 5 players, no teams, as a checked state machine (R-POMME, source
003; R-POMME-TWO, source 001, for 2 players).

Seats are ``0 .. players - 1`` in order of play: the seat after ``s`` is ``(s + 1) % players``.
A round: the dealer deals (3 players: 9 cards each and a 9-card aside whose top card, ``shown``,
names trump; 5 players: 7 cards each and the 36th card, ``shown``). If a player holds the 6 of
trump (and it is not the shown card), the round opens in phase ``EXCHANGE`` with that player to
move: ``PommeChoice.EXCHANGE_SIX`` (the 6 takes the shown card's place: on the aside with 3
players, out of play with 5) or ``PommeChoice.KEEP_SIX``. Then ``PLAY``: the seat after the
dealer leads; with 3 players, in the first trick at one's own turn (so before one's first card)
``PommeChoice.TAKE_ASIDE`` is legal while nobody has taken the aside: the aside becomes the
hand, the old hand is out of play, and the same seat then plays a card. The rule of play and
the trick winner are Chibre's (``engine.play``, one implementation for 3, 4 and 5 players). The
winner of a trick leads the next; the last trick adds 5. No announcements, no Stöck, no
chibre, no multiplier. A round's points per seat give marks (``pomme_marks``: an apple, -1,
under 21 points; the best players +1, +2 or +3), the scores move by them, the dealer passes to
the next seat, and the game ends once a score reaches +7 (``POMME_WIN``) or -3 / -5
(``POMME_LOSS``); ``winners`` are the seats with the best score then.

With 2 players (R-POMME-TWO) each seat is also dealt a *blind* of 3 cards face down, the rest
of the pack is the aside with ``shown`` on it, and the round opens in phase ``BLIND``: the
non-dealer, then the dealer, plays ``PommeChoice.KEEP_BLIND`` or ``EXCHANGE_BLIND``; after
an exchange the same seat is in phase ``DISCARD`` and gives up 3 cards of its hand one by one
(``Card`` actions, unseen by the other), then its blind joins its hand. The blinds not taken
and the cards given up are out of play. Only then is the holder of the trump 6 asked, as
above (the 6 takes the shown card's place on the aside), and the non-dealer leads.

Decided here where the API brief leaves it open:

- the seeded deal gives each hand a block of the shuffled deck, from the seat after the dealer
  on; the rest is the aside, and its last card is the shown one;
- whether the holder of the trump 6 exchanges is public (the table waits for the holder): during
  ``EXCHANGE`` every view shows that phase and the holder as ``current_player``;
- ``PommeView.tricks`` holds the ``PommeTrickWon`` events themselves (``PommeTrick`` is another
  name of that class); ``out_of_play`` (the cards in no hand that were not played: the aside
  not taken or the hand given up, the shown card or the 6) and ``undo`` are additions;
- ``from_events`` takes every round's deal from its ``PommeDealt`` event (a fixed deal and a
  seeded one replay alike); a later round not in the events is dealt from the seed.

>>> game = PommeGame(3, seed=7)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> max(game.scores) >= POMME_WIN or min(game.scores) <= POMME_LOSS[3]
True
>>> pomme_marks((100, 17, 40))
(1, -1, 1)
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from engine.cards import ALL_CARDS, Card, Rank, Suit, Trump
from engine.cardset import CardSet
from engine.event_base import CardPlayed
from engine.play import (
    Reason,
    winner_index,
)
from engine.points import LAST_TRICK_BONUS
from engine.pomme.events import (
    POMME_ACTION_EVENTS,
    AsideTaken,
    BlindChosen,
    BlindsDealt,
    CardGivenUp,
    PommeDealt,
    PommeGameOver,
    PommeRoundScored,
    PommeStarted,
    PommeTrickWon,
    SixExchanged,
)
from engine.replay import CardGame, InvalidDealError, place_cards
from engine.tables import POINTS

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event

POMME_PLAYERS: Final = (2, 3, 5)
"""The numbers of players of Pomme (R-POMME; R-POMME-TWO for 2)."""
APPLE_BELOW: Final = 21
"""A round's points under this give an apple (-1)."""
POMME_WIN: Final = 7
"""The game ends when a score reaches +7 ..."""
POMME_LOSS: Final[Mapping[int, int]] = {2: -3, 3: -3, 5: -5}
"""... or reaches -3 (2 or 3 players) / -5 (5 players)."""

POMME_HAND_SIZE: Final[Mapping[int, int]] = {2: 9, 3: 9, 5: 7}
"""Cards in each hand, and tricks in a round, by number of players."""
HAND_SIZE: Final = POMME_HAND_SIZE
BLIND_SIZE: Final = 3
"""2 players (R-POMME-TWO): the cards of each blind, and of an exchange (all or none)."""
#: (players, apples) -> (how many of the best mark, how much each) (R-POMME).
_BEST_MARK: Final[Mapping[tuple[int, int], tuple[int, int]]] = {
    # (3, 3): every player under 21, which happens when a rich hand is given up for the aside
    # (R-POMME and 003 are silent): an apple each and no mark, as a player with an apple never
    # marks in the other cases. Five players cannot all be under 21 (at most 20 points out).
    (3, 0): (2, 1), (3, 1): (2, 1), (3, 2): (1, 2), (3, 3): (0, 0),
    (5, 0): (3, 1), (5, 1): (3, 1), (5, 2): (1, 2), (5, 3): (2, 2), (5, 4): (1, 3),
}
_FULL: Final = (1 << 36) - 1

PommeTrick: TypeAlias = PommeTrickWon


class PommePhase(enum.Enum):
    BLIND = "blind"  # 2 players: keep the hand or exchange 3 cards for the blind
    DISCARD = "discard"  # 2 players: the exchanging seat gives up its 3 cards
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


class PommeChoice(enum.Enum):
    """The decisions of Pomme that are not a card."""

    EXCHANGE_SIX = "exchange_six"  # key G: the holder of the trump 6 swaps it for the shown card
    KEEP_SIX = "keep_six"  # the holder declines
    TAKE_ASIDE = "take_aside"  # key H (3 players): the hand becomes the aside
    KEEP_BLIND = "keep_blind"  # 2 players: "I keep" my 9 cards
    EXCHANGE_BLIND = "exchange_blind"  # 2 players: "I exchange" 3 of them for my blind


PommeAction: TypeAlias = PommeChoice | Card


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_players(players: object) -> int:
    if not _is_int(players) or players not in POMME_PLAYERS:
        raise ValueError(f"Pomme is for 2, 3 or 5 players, not {players!r}")
    assert isinstance(players, int)
    return players


def pomme_marks(points: Sequence[int]) -> tuple[int, ...]:
    """The score change of each player for one round's ``points`` (2, 3 or 5 of them, R-POMME,
    R-POMME-TWO).

    2 players: the one with more points marks a Putz (+1), one under 21 an apple (-1); both
    under 21, or equal points, nobody marks (save the apple).

    Under 21 points: an apple, -1. The best mark: with 3 players the two best +1, or with two
    apples the best +2; with 5 players the three best +1, with two apples the best +2, with
    three the two best +2 each, with four the best +3. Players with equal points share the
    better place. All three players of 3 under 21 (a rich hand given up for the aside leaves
    as little as 55 points in play; the rules are silent): an apple each, nobody marks.
    ``ValueError`` for anything else (five apples of five: no round can give that).

    >>> pomme_marks((60, 60, 37))
    (1, 1, 0)
    >>> pomme_marks((100, 20, 37))
    (1, -1, 1)
    >>> pomme_marks((90, 30, 20, 10, 7))
    (2, 2, -1, -1, -1)
    >>> pomme_marks((120, 20)), pomme_marks((18, 12)), pomme_marks((60, 60))
    ((1, -1), (0, 0), (0, 0))
    """
    values = tuple(points)
    if len(values) not in POMME_PLAYERS:
        raise ValueError(f"a round of Pomme has 2, 3 or 5 players' points, not {len(values)}")
    if not all(_is_int(p) and p >= 0 for p in values):
        raise ValueError(f"points are whole numbers from 0, not {values!r}")
    apples = sum(p < APPLE_BELOW for p in values)
    if len(values) == 2:  # R-POMME-TWO
        if apples == 2:
            return 0, 0
        return tuple(-1 if p < APPLE_BELOW else int(p > q)
                     for p, q in zip(values, values[::-1], strict=True))
    rule = _BEST_MARK.get((len(values), apples))
    if rule is None:
        raise ValueError(f"{apples} apples of {len(values)} players: no round of Pomme gives "
                         f"that (points {values!r})")
    best, mark = rule
    return tuple(-1 if p < APPLE_BELOW else mark if sum(q > p for q in values) < best else 0
                 for p in values)


@dataclasses.dataclass(frozen=True)
class PommeDeal:
    """One round's cards: 3 hands of 9 and an aside of 9 whose top card ``shown`` (in the aside)
    names trump; or 5 hands of 7, ``shown`` the 36th card and the aside empty; or 2 hands of 9,
    2 ``blinds`` of 3 and the rest, 12 cards, as the aside with ``shown`` among them."""

    hands: tuple[CardSet, ...]
    aside: CardSet
    shown: Card
    blinds: tuple[CardSet, ...] = ()

    @classmethod
    def parse(cls, hands: Sequence[str], aside: str, shown: str,
              blinds: Sequence[str] = ()) -> PommeDeal:
        """A deal from card codes, checked (``InvalidDealError``)."""
        deal = cls(tuple(CardSet.parse(h) for h in hands), CardSet.parse(aside),
                   Card.parse(shown), tuple(CardSet.parse(b) for b in blinds))
        check_pomme_deal(len(deal.hands), deal)
        return deal

    @property
    def players(self) -> int:
        return len(self.hands)


def check_pomme_deal(players: int, deal: PommeDeal) -> PommeDeal:
    """``deal`` if it is a deal of Pomme for ``players``, else ``InvalidDealError`` naming every
    problem at once."""
    players = _check_players(players)
    problems = []
    if not isinstance(deal, PommeDeal):
        raise InvalidDealError([f"not a Pomme deal: {deal!r}"])
    if not isinstance(deal.shown, Card):
        raise InvalidDealError([f"the shown card must be a card, not {deal.shown!r}"])
    size = HAND_SIZE[players]
    if len(deal.hands) != players:
        problems.append(f"a deal of {players} players has {players} hands, not "
                        f"{len(deal.hands)}")
    blinds = deal.blinds if isinstance(deal.blinds, tuple) else ()
    if len(blinds) != (players if players == 2 else 0):
        problems.append(f"a deal of {players} players has {players if players == 2 else 0} "
                        f"blinds, not {len(blinds)}")
    places = ([(f"seat {s}", h, size) for s, h in enumerate(deal.hands)]
              + [(f"the blind of seat {s}", b, BLIND_SIZE) for s, b in enumerate(blinds)]
              + [("the aside", deal.aside, None)])
    for place, cards, _ in places:
        if not isinstance(cards, CardSet):
            raise InvalidDealError([f"{place} must be a card set, not {cards!r}"])
    seen = place_cards(places, problems)
    aside_size = 36 - players * size - len(blinds) * BLIND_SIZE - (0 if players < 5 else 1)
    if len(deal.aside) != aside_size:
        problems.append(f"the aside has {len(deal.aside)} cards, not {aside_size}")
    if players < 5:
        if deal.shown not in deal.aside:
            problems.append(f"the shown card {deal.shown} is not in the aside")
    elif deal.shown in seen:
        problems.append(f"the shown card {deal.shown} is in {seen[deal.shown]}")
    else:
        seen[deal.shown] = "shown"
    missing = CardSet.full() - CardSet(seen)
    if missing and len(deal.hands) == players:
        problems.append(f"missing cards: {missing}")
    if problems:
        raise InvalidDealError(problems)
    return deal


def shuffled_pomme_deal(players: int, seed: int, round_number: int, dealer: int) -> PommeDeal:
    """The seeded deal of a round: a block of the shuffled deck per hand from the seat after
    the dealer on, then (2 players) a block of 3 per blind in the same order; the rest is the
    aside (2 or 3 players), its last card the shown one."""
    rng = random.Random(f"jass-tutor pomme deal {players} {seed} {round_number}")
    deck = list(range(36))
    rng.shuffle(deck)
    size = HAND_SIZE[players]
    hands = [0] * players
    for i in range(players):
        for card in deck[i * size:(i + 1) * size]:
            hands[(dealer + 1 + i) % players] |= 1 << card
    rest = deck[players * size:]
    blinds = [0] * (players if players == 2 else 0)
    for i in range(len(blinds)):
        for card in rest[i * BLIND_SIZE:(i + 1) * BLIND_SIZE]:
            blinds[(dealer + 1 + i) % players] |= 1 << card
    rest = rest[len(blinds) * BLIND_SIZE:]
    aside = CardSet.from_mask(sum(1 << c for c in rest)) if players < 5 else CardSet()
    return PommeDeal(tuple(CardSet.from_mask(h) for h in hands), aside, ALL_CARDS[rest[-1]],
                     tuple(CardSet.from_mask(b) for b in blinds))


def check_pomme_start(start: PommeStarted) -> None:
    """``ValueError`` unless ``start`` can begin a game: 2, 3 or 5 players, a whole-number seed, a
    first dealer among the seats and one score per seat strictly between the ends."""
    players = _check_players(start.players)
    if not _is_int(start.seed):
        raise ValueError(f"the seed must be a whole number, not {start.seed!r}")
    if not _is_int(start.first_dealer) or start.first_dealer not in range(players):
        raise ValueError(f"dealer must be a seat 0-{players - 1}, not {start.first_dealer!r}")
    scores = start.scores
    low = POMME_LOSS[players]
    if (not isinstance(scores, tuple) or len(scores) != players
            or not all(_is_int(s) and low < s < POMME_WIN for s in scores)):
        raise ValueError(f"scores must be {players} whole numbers above {low} and below "
                         f"{POMME_WIN}, not {scores!r}")


@dataclasses.dataclass(frozen=True)
class PommeView:
    """What one seat may know: its hand, the shown card, never another hand nor the aside."""

    seat: int
    players: int
    round: int
    dealer: int
    phase: PommePhase
    current_player: int
    hand: CardSet
    trump: Trump
    shown: Card
    six_holder_exchanged: int | None
    six_holder: int | None  # who was dealt the trump 6 (asked in public); None: it is the shown
    # card, or it lies in the aside
    aside_taken_by: int | None
    given_up: CardSet  # the hand this seat gave up for the aside (it knows it); else empty
    aside_available: bool
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[PommeTrickWon, ...]
    round_points: tuple[int, ...]
    scores: tuple[int, ...]
    legal_actions: tuple[PommeAction, ...]
    winners: tuple[int, ...]
    # 2 players (R-POMME-TWO): each seat's word on its blind (None: not said yet; True: it
    # exchanged), what is public; ``given_up`` then holds the cards this seat gave up
    blind_exchanged: tuple[bool | None, ...] = ()

    @property
    def played(self) -> CardSet:
        """Every card played this round, the trick in progress included."""
        cards = [card for trick in self.tricks for card in trick.cards]
        return CardSet(cards + list(self.trick))


class PommeGame(CardGame[PommePhase, PommeAction, PommeStarted, PommeDeal]):
    """A game of Pomme to +7 or the loss limit: rounds, marks, events (clone, undo,
    ``from_events`` and equality as ``Game``'s: ``engine.replay.EventGame``)."""

    ACTION_KINDS = POMME_ACTION_EVENTS
    OVER = PommePhase.OVER
    _trump: int  # always a suit: the shown card's

    def __init__(
        self,
        players: int,
        seed: int = 0,
        *,
        deal: PommeDeal | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        players = _check_players(players)
        if not _is_int(seed):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if dealer is None:
            dealer = random.Random(f"jass-tutor pomme dealer {seed}").randrange(players)
        start = PommeStarted(players, seed, dealer,
                             tuple(scores) if scores is not None else (0,) * players)
        check_pomme_start(start)
        fixed = {0: check_pomme_deal(players, deal)} if deal is not None else {}
        self._setup(start, fixed)

    def _begin(self, start: PommeStarted) -> None:
        self.players = start.players
        self._winners: tuple[int, ...] = ()
        self._dealer = start.first_dealer

    # -- public state -------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def trump(self) -> Trump:
        """Always a suit: the shown card's."""
        return Trump(self._trump)

    @property
    def shown(self) -> Card:
        return ALL_CARDS[self._shown]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best score once the game is over, else ``()``."""
        return self._winners

    @property
    def out_of_play(self) -> CardSet:
        """The cards of the round in no hand and not played: the aside not (yet) taken or the
        hand given up for it, the shown card or the 6 that replaced it. They count for
        nobody."""
        held = 0
        for hand in self._hands:
            held |= hand
        return CardSet.from_mask(_FULL & ~held & ~self._played)

    def legal_actions(self) -> list[PommeAction]:
        """The actions of the player to move, sorted (cards, then taking the aside); empty once
        the game is over."""
        if self._phase is PommePhase.BLIND:
            return [PommeChoice.EXCHANGE_BLIND, PommeChoice.KEEP_BLIND]
        if self._phase is PommePhase.DISCARD:
            return list(CardSet.from_mask(self._hands[self._current]))
        if self._phase is PommePhase.EXCHANGE:
            return [PommeChoice.EXCHANGE_SIX, PommeChoice.KEEP_SIX]
        if self._phase is PommePhase.PLAY:
            actions: list[PommeAction] = list(CardSet.from_mask(self._legal_mask()))
            if self._aside_reason() is None:
                actions.append(PommeChoice.TAKE_ASIDE)
            return actions
        return []

    def illegal_reason(self, action: PommeAction) -> Reason | None:
        """``None`` if ``action`` may be applied now, else why not; ``TypeError`` for what is
        no action of Pomme."""
        phase = self._phase
        if phase is PommePhase.OVER:
            return Reason.GAME_OVER
        blind = phase is PommePhase.BLIND or phase is PommePhase.DISCARD
        if action is PommeChoice.EXCHANGE_BLIND or action is PommeChoice.KEEP_BLIND:
            return None if phase is PommePhase.BLIND else Reason.NOT_YOUR_PHASE
        if blind and isinstance(action, PommeChoice):
            return Reason.NOT_YOUR_PHASE
        if action is PommeChoice.EXCHANGE_SIX or action is PommeChoice.KEEP_SIX:
            if phase is PommePhase.EXCHANGE:
                return None
            six = 1 << (self._trump * 9 + Rank.SIX)
            return Reason.SIX_EXCHANGE_OVER if self._hands[self._current] & six \
                else Reason.NO_TRUMP_SIX
        if action is PommeChoice.TAKE_ASIDE:
            if phase is PommePhase.EXCHANGE and self.players == 3:
                return Reason.NOT_YOUR_PHASE
            return self._aside_reason()
        if isinstance(action, Card):
            if phase is PommePhase.DISCARD:
                return None if self._hands[self._current] >> action.index & 1 \
                    else Reason.NOT_IN_HAND
            if phase is not PommePhase.PLAY:
                return Reason.NOT_YOUR_PHASE
            return self._card_reason(action)
        raise TypeError(f"not an action of Pomme: {action!r}")

    def _act(self, seat: int, action: PommeAction) -> None:
        if action is PommeChoice.EXCHANGE_SIX or action is PommeChoice.KEEP_SIX:
            self._exchange(seat, action is PommeChoice.EXCHANGE_SIX)
        elif action is PommeChoice.TAKE_ASIDE:
            self._take_aside(seat)
        elif action is PommeChoice.EXCHANGE_BLIND or action is PommeChoice.KEEP_BLIND:
            self._choose_blind(seat, action is PommeChoice.EXCHANGE_BLIND)
        else:
            assert isinstance(action, Card)
            if self._phase is PommePhase.DISCARD:
                self._give_up(seat, action)
            else:
                self._play(seat, action)

    def view(self, seat: int) -> PommeView:
        """What ``seat`` may know now: its own hand and what was shown to all."""
        self._check_seat(seat)
        return PommeView(
            seat=seat,
            players=self.players,
            round=self._round,
            dealer=self._dealer,
            phase=self._phase,
            current_player=self._current,
            hand=CardSet.from_mask(self._hands[seat]),
            trump=self.trump,
            shown=self.shown,
            six_holder_exchanged=self._six_exchanged_by,
            six_holder=self._six_holder,
            aside_taken_by=self._aside_taken_by,
            given_up=(CardSet.from_mask(self._aside) if seat == self._aside_taken_by
                      else CardSet.from_mask(self._given_up[seat]) if self.players == 2
                      else CardSet()),
            aside_available=self.players == 3 and self._aside_taken_by is None,
            leader=self._leader,
            trick=tuple(ALL_CARDS[c] for c in self._trick),
            tricks=tuple(self._tricks),
            round_points=tuple(self._points),
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self._current else (),
            winners=self._winners,
            blind_exchanged=tuple(self._blind_said),
        )

    @classmethod
    def _replay_start(cls, events: Sequence[Event]
                      ) -> tuple[PommeStarted, Mapping[int, PommeDeal]]:
        """The start and every round's deal (``PommeDealt``, ``BlindsDealt``) of ``events``,
        checked."""
        if not events or not isinstance(events[0], PommeStarted):
            raise ValueError("events must begin with PommeStarted")
        start = events[0]
        check_pomme_start(start)
        blinds = {e.round: e.blinds for e in events if isinstance(e, BlindsDealt)}
        return start, {e.round: check_pomme_deal(start.players, PommeDeal(
            e.hands, e.aside, e.shown, blinds.get(e.round, ()))) for e in events
            if isinstance(e, PommeDealt)}

    @staticmethod
    def _action_of(event: Event) -> PommeAction:
        return pomme_action_of(event)

    # -- rounds -------------------------------------------------------------------

    def _start_round(self) -> None:
        self._round += 1
        if self._round > 0:
            self._dealer = (self._dealer + 1) % self.players  # R-POMME: the deal passes on
        n = self.players
        deal = self._fixed_deals.get(self._round)
        if deal is None:
            deal = shuffled_pomme_deal(n, self.seed, self._round, self._dealer)
        self._emit(PommeDealt(self._round, self._dealer, deal.hands, deal.aside, deal.shown))
        if deal.blinds:
            self._emit(BlindsDealt(self._round, deal.blinds))
        self._blinds = [blind.mask for blind in deal.blinds]
        self._blind_said: list[bool | None] = [None] * len(deal.blinds)
        self._given_up = [0] * len(deal.blinds)
        self._hands = [hand.mask for hand in deal.hands]
        self._aside = deal.aside.mask
        self._shown = deal.shown.index
        self._trump = int(deal.shown.suit)
        self._six_exchanged_by: int | None = None
        self._aside_taken_by: int | None = None
        self._played = 0
        self._trick: list[int] = []
        self._tricks: list[PommeTrickWon] = []
        self._points = [0] * n
        self._leader = (self._dealer + 1) % n  # R-POMME: the player after the dealer leads
        if self._blinds:  # R-POMME-TWO: the non-dealer says first
            self._phase = PommePhase.BLIND
            self._current = self._leader
            self._six_holder: int | None = None
        else:
            self._open_play()

    def _open_play(self) -> None:
        """The trump 6's exchange if a hand holds it, else the first trick."""
        n = self.players
        six = self._trump * 9 + Rank.SIX
        holder = next((s for s in range(n) if self._hands[s] >> six & 1), None)
        self._six_holder = holder
        if holder is not None:  # the shown card is in no hand: it is not the 6
            self._phase = PommePhase.EXCHANGE
            self._current = holder
        else:
            self._phase = PommePhase.PLAY
            self._current = self._leader

    def _exchange(self, seat: int, exchanged: bool) -> None:
        self._emit(SixExchanged(seat, exchanged))
        if exchanged:
            six = 1 << (self._trump * 9 + Rank.SIX)
            shown = 1 << self._shown
            self._hands[seat] = self._hands[seat] & ~six | shown
            if self.players < 5:  # the 6 lies on the aside in the shown card's place
                self._aside = self._aside & ~shown | six
            self._six_exchanged_by = seat
        self._phase = PommePhase.PLAY
        self._current = self._leader

    def _choose_blind(self, seat: int, exchanged: bool) -> None:
        self._emit(BlindChosen(seat, exchanged))
        self._blind_said[seat] = exchanged
        if exchanged:
            self._phase = PommePhase.DISCARD
        else:
            self._next_blind(seat)

    def _give_up(self, seat: int, card: Card) -> None:
        self._emit(CardGivenUp(seat, card))
        bit = 1 << card.index
        self._hands[seat] &= ~bit
        self._given_up[seat] |= bit
        if self._given_up[seat].bit_count() == BLIND_SIZE:
            self._hands[seat] |= self._blinds[seat]
            self._next_blind(seat)

    def _next_blind(self, seat: int) -> None:
        """After ``seat``'s word on its blind: the dealer's turn, or the 6 and play."""
        if seat == self._dealer:
            self._open_play()
        else:
            self._phase = PommePhase.BLIND
            self._current = self._dealer

    def _aside_reason(self) -> Reason | None:
        if self.players != 3:
            return Reason.NO_ASIDE
        if self._aside_taken_by is not None:
            return Reason.ASIDE_TAKEN
        if self._tricks:  # every seat has played a card
            return Reason.ASIDE_AFTER_FIRST_CARD
        return None

    def _take_aside(self, seat: int) -> None:
        self._emit(AsideTaken(seat))
        self._hands[seat], self._aside = self._aside, self._hands[seat]
        self._aside_taken_by = seat

    # -- play ---------------------------------------------------------------------

    def _play(self, seat: int, card: Card) -> None:
        self._emit(CardPlayed(seat, card))
        bit = 1 << card.index
        self._hands[seat] &= ~bit
        self._played |= bit
        self._trick.append(card.index)
        if len(self._trick) == self.players:
            self._finish_trick()
        else:
            self._current = (seat + 1) % self.players

    def _finish_trick(self) -> None:
        n = self.players
        number = len(self._tricks) + 1
        last = number == HAND_SIZE[n]
        cards = self._trick
        winner = (self._leader + winner_index(cards, self._trump)) % n
        points = sum(POINTS[self._trump][c] for c in cards) + (LAST_TRICK_BONUS if last else 0)
        won = PommeTrickWon(number, self._leader, tuple(ALL_CARDS[c] for c in cards), winner,
                            points)
        self._emit(won)
        self._tricks.append(won)
        self._points[winner] += points
        self._trick = []
        self._leader = self._current = winner
        if last:
            self._end_round()

    def _end_round(self) -> None:
        marks = pomme_marks(self._points)
        self._scores = [s + m for s, m in zip(self._scores, marks, strict=True)]
        self._emit(PommeRoundScored(self._round, tuple(self._points), marks, self.scores))
        if any(s >= POMME_WIN or s <= POMME_LOSS[self.players] for s in self._scores):
            best = max(self._scores)
            self._winners = tuple(s for s, score in enumerate(self._scores) if score == best)
            self._phase = PommePhase.OVER
            self._emit(PommeGameOver(self._winners, self.scores))
        else:
            self._start_round()


def pomme_action_of(event: Event) -> PommeAction:
    """The action that made ``event`` (one of ``POMME_ACTION_EVENTS``); ``ValueError``
    otherwise."""
    if isinstance(event, SixExchanged):
        return PommeChoice.EXCHANGE_SIX if event.exchanged else PommeChoice.KEEP_SIX
    if isinstance(event, BlindChosen):
        return PommeChoice.EXCHANGE_BLIND if event.exchanged else PommeChoice.KEEP_BLIND
    if isinstance(event, CardGivenUp):
        return event.card
    if isinstance(event, AsideTaken):
        return PommeChoice.TAKE_ASIDE
    if isinstance(event, CardPlayed):
        return event.card
    raise ValueError(f"not an action event of Pomme: {event!r}")


def six_of_trump(trump: Trump | Suit) -> Card:
    """The 6 of the trump suit: the card its holder may exchange for the shown one."""
    return Card(Suit(int(trump)), Rank.SIX)


__all__ = [
    "APPLE_BELOW",
    "BLIND_SIZE",
    "HAND_SIZE",
    "POMME_HAND_SIZE",
    "POMME_LOSS",
    "POMME_PLAYERS",
    "POMME_WIN",
    "PommeAction",
    "PommeChoice",
    "PommeDeal",
    "PommeGame",
    "PommePhase",
    "PommeTrick",
    "PommeView",
    "check_pomme_deal",
    "pomme_action_of",
    "pomme_marks",
    "shuffled_pomme_deal",
    "six_of_trump",
]
