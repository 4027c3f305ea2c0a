"""A whole game of Chibre as a checked state machine (DESIGN.md ``Game``).

Actions are a ``Trump`` or ``CHIBRE`` while trump is chosen, a ``WeisChoice``
before a player's first card when the hand holds announcements, and a ``Card``
otherwise. ``apply`` refuses an illegal action with ``IllegalPlayError`` and
leaves the game unchanged. Everything that happens is appended to ``events``;
``Game.from_events`` rebuilds an equal game from them.

>>> game = Game(seed=7)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> game.winner in (0, 1) and max(game.scores) >= 1000
True
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from engine.cards import ALL_CARDS, CHIBRE, Card, Chibre, Trump
from engine.cardset import CardSet
from engine.chibre.announcements import STOECK_POINTS, Weis, best_weis, find_weis
from engine.chibre.events import (
    ACTION_EVENTS,
    Chibred,
    Dealt,
    GameOver,
    GameStarted,
    MatchScored,
    RoundScored,
    StoeckScored,
    TrickWon,
    TrumpChosen,
    WeisDeclared,
    WeisScored,
    WeisWithheld,
)
from engine.chibre.scoring import MATCH_BONUS, multiplier, rubicon
from engine.event_base import CardPlayed
from engine.play import (
    Reason,
    winner_index,
)
from engine.points import LAST_TRICK_BONUS
from engine.replay import CardGame, InvalidDealError, place_cards
from engine.rules import Rules
from engine.tables import POINTS, STOECK_MASK

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event

SUIT_TRUMPS: Final = (Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES)


class Phase(enum.Enum):
    TRUMP = "trump"
    WEIS = "weis"
    PLAY = "play"
    OVER = "over"


class WeisChoice(enum.Enum):
    """Announce one's announcements with the first card, or keep them quiet."""

    ANNOUNCE = "announce"
    WITHHOLD = "withhold"


Action: TypeAlias = Trump | Chibre | WeisChoice | Card
Hands: TypeAlias = tuple[CardSet, CardSet, CardSet, CardSet]


def check_deal(hands: Sequence[CardSet | str]) -> Hands:
    """The deal as 4 card sets (or card-code strings), or ``InvalidDealError``
    naming every problem at once."""
    problems = []
    sets = [CardSet.parse(h) if isinstance(h, str) else h for h in hands]
    if len(sets) != 4:
        problems.append(f"a deal has 4 hands, not {len(sets)}")
    seen = place_cards([(f"seat {seat}", hand, 9) for seat, hand in enumerate(sets)], problems)
    missing = CardSet.full() - CardSet(seen)
    if missing and len(sets) == 4:
        problems.append(f"missing cards: {missing}")
    if problems:
        raise InvalidDealError(problems)
    return (sets[0], sets[1], sets[2], sets[3])


def check_start(start: GameStarted) -> None:
    """``ValueError`` unless ``start`` can begin a game: rules, a whole-number seed, a first
    dealer 0-3 and two scores from 0 up to below the target (R-TARGET)."""
    if not isinstance(start.rules, Rules):
        raise ValueError(f"not rules: {start.rules!r}")
    if isinstance(start.seed, bool) or not isinstance(start.seed, int):
        raise ValueError(f"the seed must be a whole number, not {start.seed!r}")
    if isinstance(start.first_dealer, bool) or not isinstance(start.first_dealer, int) \
            or start.first_dealer not in range(4):
        raise ValueError(f"dealer must be a seat 0-3, not {start.first_dealer!r}")
    chooser = start.first_chooser
    if chooser is not None and (isinstance(chooser, bool) or not isinstance(chooser, int)
                                or chooser not in range(4)):
        raise ValueError(f"the first chooser must be a seat 0-3, not {chooser!r}")
    # Under the default R-FINISH a game at the target is over; with finish_round
    # a tie at or above it goes on to another round.
    rules = start.rules
    limit = float("inf") if rules.finish_round else rules.target
    scores = start.scores
    if (not isinstance(scores, tuple) or len(scores) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < limit
                       for p in scores)):
        raise ValueError(f"scores must be two totals from 0 up to below the target "
                         f"{rules.target}, not {scores!r}")


def cut_deck(deck: Sequence[int], cut: int) -> list[int]:
    """The deck after a cut that lifts ``cut`` cards; each part keeps 2 or more (R-DEAL)."""
    if not 2 <= cut <= len(deck) - 2:
        raise ValueError(f"a cut leaves at least 2 cards in each part, not {cut} of {len(deck)}")
    return [*deck[cut:], *deck[:cut]]


def deal_deck(deck: Sequence[int], dealer: int) -> list[int]:
    """Hand masks of dealing ``deck`` 3 cards at a time, counter-clockwise from the
    dealer's right (R-DEAL)."""
    hands = [0, 0, 0, 0]
    position = 0
    for _ in range(3):
        for offset in range(1, 5):
            for card in deck[position : position + 3]:
                hands[(dealer + offset) % 4] |= 1 << card
            position += 3
    return hands


def shuffled_deal(seed: int, round_number: int, dealer: int) -> tuple[int, list[int]]:
    """(cut, hand masks) of a seeded shuffle, cut and 3-by-3 deal (R-DEAL)."""
    rng = random.Random(f"jass-tutor deal {seed} {round_number}")
    deck = list(range(36))
    rng.shuffle(deck)
    cut = rng.randint(2, 34)
    return cut, deal_deck(cut_deck(deck, cut), dealer)


@dataclasses.dataclass(frozen=True)
class GameView:
    """What one seat may know (DESIGN.md ``view(seat)``)."""

    seat: int
    rules: Rules
    round: int
    dealer: int
    phase: Phase
    current_player: int
    hand: CardSet
    trump: Trump | None
    trump_chooser: int
    trump_declarer: int | None
    chibred: bool
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[TrickWon, ...]
    announced: tuple[int | None, int | None, int | None, int | None]
    own_weis: tuple[Weis, ...]
    weis_scored: WeisScored | None
    stoeck: StoeckScored | None
    scores: tuple[int, int]
    round_points: tuple[int, int]
    legal_actions: tuple[Action, ...]
    winner: int | None

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def played(self) -> CardSet:
        """Every card played this round, the trick in progress included."""
        cards = [card for trick in self.tricks for card in trick.cards]
        return CardSet(cards + list(self.trick))


class Game(CardGame[Phase, Action, GameStarted, Hands]):
    """A game to the target: rounds of 9 tricks, scores, events.

    ``deal`` fixes the first round's hands (seat order), ``dealer`` the first dealer, ``scores``
    the totals the game starts from, and ``chooser`` the seat that chooses trump in the first
    round instead of the holder of ``rules.first_trump_card`` (R-TRUMP-FIRST): a position taken
    from the middle of a game, as the strategy exercises are (``GameStarted.first_chooser``).
    """

    ACTION_KINDS = ACTION_EVENTS
    OVER = Phase.OVER
    players = 4

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        deal: Sequence[CardSet | str] | None = None,
        dealer: int | None = None,
        scores: tuple[int, int] = (0, 0),
        chooser: int | None = None,
    ) -> None:
        rules = rules if rules is not None else Rules()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")  # a saved game's seed
        if dealer is None:
            dealer = random.Random(f"jass-tutor dealer {seed}").randrange(4)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in range(4):
            raise ValueError(f"dealer must be a seat 0-3, not {dealer!r}")
        if len(scores) != 2 or not all(isinstance(p, int) and not isinstance(p, bool)
                                       for p in scores):
            raise ValueError(f"scores must be two totals, not {scores!r}")
        fixed = {0: check_deal(deal)} if deal is not None else {}
        start = GameStarted(rules, seed, dealer, (int(scores[0]), int(scores[1])), chooser)
        check_start(start)
        self._setup(start, fixed)

    def _begin(self, start: GameStarted) -> None:
        self.rules = start.rules
        self._winner: int | None = None
        self._chooser = start.first_dealer  # each round is dealt by the last chooser
        self._first_chooser = start.first_chooser

    # -- public state -------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, int]:
        return (self._scores[0], self._scores[1])

    @property
    def winner(self) -> int | None:
        """The winning team (0 = seats 0 and 2, 1 = seats 1 and 3), once over."""
        return self._winner

    @property
    def rubicon(self) -> tuple[int, ...]:
        """The teams that ended the game below half the target (R-RUBICON); ``()`` until over."""
        return rubicon(self.scores, self.rules.target) if self.is_over else ()

    @property
    def trump(self) -> Trump | None:
        return self._trump

    def legal_actions(self) -> list[Action]:
        """The actions of the player to move, sorted; empty once the game is over."""
        if self._phase is Phase.TRUMP:
            actions: list[Action] = list(SUIT_TRUMPS)
            if self._chibre_reason() is None:
                actions.append(CHIBRE)
            return actions
        if self._phase is Phase.WEIS:
            return [WeisChoice.ANNOUNCE, WeisChoice.WITHHOLD]
        if self._phase is Phase.PLAY:
            return list(CardSet.from_mask(self._legal_mask()))
        return []

    def illegal_reason(self, action: Action) -> Reason | None:
        """``None`` if ``action`` may be applied now, else why not."""
        phase = self._phase
        if phase is Phase.OVER:
            return Reason.GAME_OVER
        if isinstance(action, Chibre):
            return self._chibre_reason() if phase is Phase.TRUMP else Reason.NOT_YOUR_PHASE
        if isinstance(action, Trump):
            if phase is not Phase.TRUMP:
                return Reason.NOT_YOUR_PHASE
            return None if action in SUIT_TRUMPS else Reason.TRUMP_NOT_IN_PROFILE
        if isinstance(action, WeisChoice):
            return None if phase is Phase.WEIS else Reason.NOT_YOUR_PHASE
        if isinstance(action, Card):
            if phase is not Phase.PLAY:
                return Reason.NOT_YOUR_PHASE
            return self._card_reason(action)
        raise TypeError(f"not a Jass action: {action!r}")

    def _act(self, seat: int, action: Action) -> None:
        if isinstance(action, Chibre):
            self._chibre(seat)
        elif isinstance(action, Trump):
            self._choose_trump(seat, action)
        elif isinstance(action, WeisChoice):
            self._decide_weis(seat, action)
        else:
            self._play(seat, action)

    def view(self, seat: int) -> GameView:
        """What ``seat`` may know now: its own hand, and what was shown to all."""
        self._check_seat(seat)
        phase = self._phase
        if phase is Phase.WEIS and seat != self._current:
            phase = Phase.PLAY  # whether a player holds announcements is private
        announced = tuple(
            max(w.points for w in d) if d else None for d in self._declared
        )
        return GameView(
            seat=seat,
            rules=self.rules,
            round=self._round,
            dealer=self._dealer,
            phase=phase,
            current_player=self._current,
            hand=CardSet.from_mask(self._hands[seat]),
            trump=self._trump,
            trump_chooser=self._chooser,
            trump_declarer=self._declarer,
            chibred=self._chibred,
            leader=self._leader,
            trick=tuple(ALL_CARDS[c] for c in self._trick),
            tricks=tuple(self._tricks),
            announced=(announced[0], announced[1], announced[2], announced[3]),
            own_weis=self._holdings[seat],
            weis_scored=self._weis_scored,
            stoeck=self._stoeck_scored,
            scores=self.scores,
            round_points=self._round_points(),
            legal_actions=tuple(self.legal_actions()) if seat == self._current else (),
            winner=self._winner,
        )

    @classmethod
    def _replay_start(cls, events: Sequence[Event]) -> tuple[GameStarted, Mapping[int, Hands]]:
        """The start and the fixed deals (cut 0) of ``events``, checked."""
        if not events or not isinstance(events[0], GameStarted):
            raise ValueError("events must begin with GameStarted")
        check_start(events[0])
        return events[0], {e.round: check_deal(e.hands) for e in events
                           if isinstance(e, Dealt) and e.cut == 0}

    @staticmethod
    def _action_of(event: Event) -> Action:
        return action_of(event)

    # -- rounds -------------------------------------------------------------------

    def _start_round(self) -> None:
        self._round += 1
        self._dealer = self._chooser  # R-TRUMP-NEXT: the previous chooser deals
        fixed = self._fixed_deals.get(self._round)
        if fixed is not None:
            cut, hands = 0, [hand.mask for hand in fixed]
        else:
            cut, hands = shuffled_deal(self.seed, self._round, self._dealer)
        self._hands = hands
        self._emit(Dealt(self._round, self._dealer, cut,
                         (CardSet.from_mask(hands[0]), CardSet.from_mask(hands[1]),
                          CardSet.from_mask(hands[2]), CardSet.from_mask(hands[3]))))
        if self._round == 0 and self._first_chooser is not None:
            self._chooser = self._first_chooser  # a position set in a later round
        elif self._round == 0:  # R-TRUMP-FIRST
            first = self.rules.first_trump_card.index
            self._chooser = next(s for s in range(4) if hands[s] >> first & 1)
        else:
            self._chooser = (self._chooser + 1) % 4
        self._trump: Trump | None = None
        self._declarer: int | None = None
        self._chibred = False
        self._leader = self._chooser  # R-LEAD
        self._current = self._chooser
        self._trick: list[int] = []
        self._tricks: list[TrickWon] = []
        self._declared: list[tuple[Weis, ...]] = [(), (), (), ()]
        self._pending_weis = [False, False, False, False]
        self._holdings: list[tuple[Weis, ...]] = [(), (), (), ()]
        self._stoeck_seat: int | None = None
        self._stoeck_left = 2
        self._stoeck_scored: StoeckScored | None = None
        self._weis_scored: WeisScored | None = None
        self._parts = {"cards": [0, 0], "match": [0, 0], "weis": [0, 0], "stoeck": [0, 0]}
        self._mult = 1
        self._phase = Phase.TRUMP

    def _chibre_reason(self) -> Reason | None:
        if self._chibred:
            return Reason.CHIBRE_ONLY_ONCE
        if self._round == 0 and not self.rules.chibre_in_first_round:
            return Reason.CHIBRE_NOT_IN_FIRST_ROUND
        return None

    def _chibre(self, seat: int) -> None:
        self._emit(Chibred(seat))
        self._chibred = True
        self._current = (seat + 2) % 4

    def _choose_trump(self, seat: int, trump: Trump) -> None:
        self._emit(TrumpChosen(seat, trump, self._chibred))
        self._trump = trump
        self._declarer = seat
        self._mult = multiplier(trump, self.rules)
        for s in range(4):
            hand = CardSet.from_mask(self._hands[s])
            self._holdings[s] = tuple(find_weis(hand, trump, self.rules))
            self._pending_weis[s] = bool(self._holdings[s])
            if self._hands[s] & STOECK_MASK[trump] == STOECK_MASK[trump]:
                self._stoeck_seat = s
        self._current = self._leader
        self._enter_turn()

    def _enter_turn(self) -> None:
        self._current = (self._leader + len(self._trick)) % 4
        first_trick = not self._tricks
        deciding = first_trick and self._pending_weis[self._current]
        self._phase = Phase.WEIS if deciding else Phase.PLAY

    def _decide_weis(self, seat: int, choice: WeisChoice) -> None:
        if choice is WeisChoice.ANNOUNCE:
            self._declared[seat] = self._holdings[seat]
            self._emit(WeisDeclared(seat, self._holdings[seat]))
        else:
            self._emit(WeisWithheld(seat))
        self._pending_weis[seat] = False
        self._phase = Phase.PLAY

    # -- play ---------------------------------------------------------------------

    def _play(self, seat: int, card: Card) -> None:
        self._emit(CardPlayed(seat, card))
        self._hands[seat] &= ~(1 << card.index)
        self._trick.append(card.index)
        trump = self._trump
        assert trump is not None
        if seat == self._stoeck_seat and not self._tricks and self._stoeck_takes_out(seat):
            # R-FINISH: Stöck that takes its team to the target counts at the holder's first
            # card of the round, before any announcement or trick of the round
            self._score_stoeck(seat)
            return
        if seat == self._stoeck_seat and STOECK_MASK[trump] >> card.index & 1:
            self._stoeck_left -= 1
            # R-STOECK: scored with the second card
            if self._stoeck_left == 0 and self._stoeck_scored is None and \
                    self._score_stoeck(seat):
                return
        if len(self._trick) == 4:
            self._finish_trick(trump)
        else:
            self._enter_turn()

    def _stoeck_takes_out(self, seat: int) -> bool:
        """Whether the Stöck of ``seat`` alone takes its team to the target (R-FINISH)."""
        points = STOECK_POINTS * self._mult
        return not self.rules.finish_round and \
            self._scores[seat % 2] + points >= self.rules.target

    def _score_stoeck(self, seat: int) -> bool:
        """Credit the Stöck of ``seat``; True if that ended the game."""
        self._stoeck_scored = StoeckScored(seat, STOECK_POINTS * self._mult)
        self._emit(self._stoeck_scored)
        return self._credit(seat % 2, self._stoeck_scored.points, "stoeck")

    def _finish_trick(self, trump: Trump) -> None:
        number = len(self._tricks) + 1
        if number == 1 and self._settle_weis(trump):
            return
        cards = self._trick
        winner = (self._leader + winner_index(cards, trump)) % 4
        raw = sum(POINTS[trump][c] for c in cards) + (LAST_TRICK_BONUS if number == 9 else 0)
        won = TrickWon(number, self._leader, (ALL_CARDS[cards[0]], ALL_CARDS[cards[1]],
                                              ALL_CARDS[cards[2]], ALL_CARDS[cards[3]]),
                       winner, raw * self._mult)
        self._emit(won)
        self._tricks.append(won)
        self._trick = []
        self._leader = winner
        self._current = winner
        if self._credit(winner % 2, won.points, "cards"):
            return
        if number < 9:
            self._enter_turn()
            return
        teams = {t.winner % 2 for t in self._tricks}
        if len(teams) == 1:  # R-MATCH
            team = teams.pop()
            self._emit(MatchScored(team, MATCH_BONUS * self._mult))
            if self._credit(team, MATCH_BONUS * self._mult, "match"):
                return
        self._end_round()

    def _settle_weis(self, trump: Trump) -> bool:
        """R-WEIS-BEST after the first trick; True if the game ended."""
        order = [(self._leader + i) % 4 for i in range(4)]
        best = best_weis([self._declared[s] for s in order], trump, self.rules)
        if best is None:
            return False
        team = order[best] % 2
        shown = tuple((s, self._declared[s]) for s in order if s % 2 == team and self._declared[s])
        points = sum(w.points for _, weises in shown for w in weises) * self._mult
        self._weis_scored = WeisScored(order[best], shown, points)
        self._emit(self._weis_scored)
        return self._credit(team, points, "weis")

    def _credit(self, team: int, points: int, part: str) -> bool:
        """Add points; True if that ended the game (R-FINISH default)."""
        self._scores[team] += points
        self._parts[part][team] += points
        if not self.rules.finish_round and self._scores[team] >= self.rules.target:
            self._emit_round_scored(complete=False)
            self._end_game(team)
            return True
        return False

    def _round_points(self) -> tuple[int, int]:
        """Points credited to each team so far this round, from every source."""
        return (sum(p[0] for p in self._parts.values()), sum(p[1] for p in self._parts.values()))

    def _emit_round_scored(self, complete: bool) -> None:
        p = {key: (value[0], value[1]) for key, value in self._parts.items()}
        self._emit(RoundScored(self._round, p["cards"], p["match"], p["weis"], p["stoeck"],
                               self._mult, complete))

    def _end_round(self) -> None:
        self._emit_round_scored(complete=True)
        a, b = self._scores
        if self.rules.finish_round and max(a, b) >= self.rules.target and a != b:
            self._end_game(0 if a > b else 1)
        else:
            self._start_round()

    def _end_game(self, team: int) -> None:
        self._winner = team
        self._phase = Phase.OVER
        self._emit(GameOver(team, self.scores))


def action_of(event: Event) -> Action:
    """The action that made ``event`` (one of ``ACTION_EVENTS``); ``ValueError`` otherwise."""
    if isinstance(event, Chibred):
        return CHIBRE
    if isinstance(event, TrumpChosen):
        return event.trump
    if isinstance(event, WeisDeclared):
        return WeisChoice.ANNOUNCE
    if isinstance(event, WeisWithheld):
        return WeisChoice.WITHHOLD
    if isinstance(event, CardPlayed):
        return event.card
    raise ValueError(f"not an action event: {event!r}")

