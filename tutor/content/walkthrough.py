"""A recorded round played out trick by trick: reading, checking and telling it (no Qt).

A lesson step may carry ``round:`` (docs/content-format.md): the deal, the trump, the seat that
chose it and the nine tricks, each card in the order played, with optional notes for some
tricks. The round is replayed through the engine's checked ``Game``, so every card is verified
legal; a card the engine refuses is a problem with file, line, field and the engine's ``Reason``.

:func:`replay` turns the record into :class:`Walkthrough` data: per trick its leader, each card with
*why it was allowed* (:class:`Allowed`, computed from the hand at that moment and checked against
``engine.illegal_reason``), who took it and why, its points and the running totals. The sentences
are rendered from that data when shown (:func:`trick_lines`, :func:`winner_text` …), in the
language and deck in force; nothing here stores English prose except the authored notes.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import (
    LAST_TRICK_BONUS,
    ROUND_POINTS,
    Card,
    CardSet,
    Game,
    IllegalPlayError,
    InvalidDealError,
    Phase,
    Rank,
    Reason,
    RoundScored,
    Suit,
    TrickWon,
    Trump,
    card_points,
    find_weis,
    has_stoeck,
    illegal_reason,
    legal_cards,
    trick_winner,
)
from tutor.i18n import _, ngettext
from tutor.names import Phrase, card_phrase, seat_name, suit_name
from tutor.vocab import LEARNER_SEAT, LEARNER_TEAM

if TYPE_CHECKING:
    from tutor.content.reader import Reader
    from tutor.content.source import KeyPath

SEATS = 4
TRICKS = 9
CARDS_PER_ROUND = SEATS * TRICKS


class Allowed(enum.Enum):
    """Why a card was allowed when it was played (the rule that allows it)."""

    LEAD = "lead"  # the first card of a trick: any card (R-LEAD)
    FOLLOW = "follow"  # the led suit, held and followed (R-FOLLOW)
    TRUMP_IN = "trump_in"  # a trump although the led suit was held (R-TRUMP-ANYTIME)
    TRUMP_VOID = "trump_void"  # no card of the led suit: a trump (R-DISCARD)
    DISCARD = "discard"  # no card of the led suit: another suit, which cannot win (R-DISCARD)
    FOLLOW_TRUMP = "follow_trump"  # trump led and followed (R-FOLLOW-TRUMP)
    BUUR_KEPT = "buur_kept"  # trump led, the Buur the only trump, kept back (R-BUUR)
    NO_TRUMP = "no_trump"  # trump led and no trump held: any card (R-DISCARD)
    ONLY_TRUMPS = "only_trumps"  # only trumps held: a lower trump too (R-NO-UNDERTRUMP)


#: The rule ID of RULES.md behind each kind of allowed card.
RULE_OF: dict[Allowed, str] = {
    Allowed.LEAD: "R-LEAD",
    Allowed.FOLLOW: "R-FOLLOW",
    Allowed.TRUMP_IN: "R-TRUMP-ANYTIME",
    Allowed.TRUMP_VOID: "R-DISCARD",
    Allowed.DISCARD: "R-DISCARD",
    Allowed.FOLLOW_TRUMP: "R-FOLLOW-TRUMP",
    Allowed.BUUR_KEPT: "R-BUUR",
    Allowed.NO_TRUMP: "R-DISCARD",
    Allowed.ONLY_TRUMPS: "R-NO-UNDERTRUMP",
}


class RoundError(ValueError):
    """A recorded round the engine does not accept: ``field`` is the field at fault (``deal``,
    ``chooser`` or ``plays``) and ``play`` the index in ``plays`` (from 0) of the card refused."""

    def __init__(self, message: str, field: str = "deal", play: int | None = None) -> None:
        self.field = field
        self.play = play
        super().__init__(message)


@dataclass(frozen=True)
class RoundRecord:
    """A round as the YAML records it: hands by seat (0 = you, 1 = right, 2 = partner,
    3 = left), the trump, the seat that chose it, the 36 cards in the order played (the YAML
    gives them trick by trick), and the authored notes as (trick number, English text) pairs."""

    deal: tuple[CardSet, CardSet, CardSet, CardSet]
    trump: Trump
    chooser: int
    plays: tuple[Card, ...]
    notes: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Play:
    """One card of a trick, with the hand it came from and why it was allowed."""

    seat: int
    card: Card
    hand: CardSet  # the player's hand just before the card
    legal: CardSet  # every card the engine allowed from that hand
    allowed: Allowed
    #: For a card that does not follow a plain-suit lead: the highest trump already in the
    #: trick, if any (a trump played then must beat it, R-NO-UNDERTRUMP).
    above: Card | None = None

    @property
    def rule(self) -> str:
        return RULE_OF[self.allowed]


@dataclass(frozen=True)
class TrickTaken:
    """A complete trick as it is told: its cards from the lead, who took it, its points.

    Seats are seen from the learner (0 = you, 1 = right, 2 = partner, 3 = left).
    """

    number: int  # 1 to 9
    trump: Trump
    leader: int
    cards: tuple[Card, ...]  # the four cards, the lead first
    winner: int  # the seat that took the trick
    card_points: int  # the value of its four cards (doubled when the round counts double)
    points: int  # as credited: the cards, plus 5 (or 10 when doubled) for the last trick
    factor: int  # 2 when the round counts double (R-PIQUE-DOUBLE), else 1

    @classmethod
    def of(cls, won: TrickWon, trump: Trump, seat: int = 0) -> TrickTaken:
        """The engine's ``won`` told to the player at ``seat``; the factor of R-PIQUE-DOUBLE is
        read from the points the engine credited."""
        cards = sum(card_points(card, trump) for card in won.cards)
        plain = cards + (LAST_TRICK_BONUS if won.number == TRICKS else 0)
        factor = won.points // plain if plain else 1
        winner = (won.leader + trick_winner(won.cards, trump)) % SEATS
        shown = f"trick {won.number} ({' '.join(map(str, won.cards))}, trump {trump.name})"
        if won.points != plain * factor or factor not in (1, 2):
            raise ValueError(f"{shown} is worth {plain} (or {2 * plain} doubled), "
                             f"not {won.points}")
        if winner != won.winner:
            raise ValueError(f"{shown} led by seat {won.leader} goes to seat {winner}, "
                             f"not {won.winner}")
        return cls(won.number, trump, (won.leader - seat) % SEATS, won.cards,
                   (won.winner - seat) % SEATS, cards * factor, won.points, factor)

    @property
    def led(self) -> Card:
        return self.cards[0]

    @property
    def winning_card(self) -> Card:
        return self.cards[(self.winner - self.leader) % SEATS]

    @property
    def last(self) -> bool:
        return self.number == TRICKS

    @property
    def bonus(self) -> int:
        return self.points - self.card_points


@dataclass(frozen=True)
class TrickStep(TrickTaken):
    """One trick of the round as the engine scored it, with each card's hand and rule."""

    plays: tuple[Play, Play, Play, Play]
    totals: tuple[int, int]  # the running points of (your team, opponents) after it
    note: str | None = None  # the authored note (English; translated in the content domain)

    @property
    def winning(self) -> Play:
        return next(play for play in self.plays if play.seat == self.winner)


@dataclass(frozen=True)
class Walkthrough:
    """A whole round, replayed and checked by the engine, ready to be told trick by trick."""

    record: RoundRecord
    tricks: tuple[TrickStep, ...]
    totals: tuple[int, int]  # the round's points of (your team, opponents), from the engine

    @property
    def trump(self) -> Trump:
        return self.record.trump

    @property
    def chooser(self) -> int:
        return self.record.chooser

    def hand_before(self, seat: int, number: int) -> CardSet:
        """The cards ``seat`` holds before trick ``number`` (1 to 9; 10 = after the round)."""
        played = [play.card for trick in self.tricks[: number - 1] for play in trick.plays
                  if play.seat == seat]
        return self.record.deal[seat] - CardSet(played)

    def tricks_won(self, team: int) -> int:
        return sum(1 for trick in self.tricks if trick.winner % 2 == team)


# --- checking with the engine -------------------------------------------------------------------


class Situation(enum.Enum):
    """What the rules allow a whole hand on the trick so far (the rule that decides)."""

    LEAD = "lead"  # the first card of a trick: any card (R-LEAD)
    FOLLOW = "follow"  # a plain suit led and held: that suit, or a trump (R-FOLLOW)
    DISCARD = "discard"  # a plain suit led, none held: any card but an undertrump (R-DISCARD)
    ONLY_TRUMPS = "only_trumps"  # as DISCARD, the hand all trumps: any of them (R-NO-UNDERTRUMP)
    FOLLOW_TRUMP = "follow_trump"  # trump led and held: a trump (R-FOLLOW-TRUMP)
    BUUR_KEPT = "buur_kept"  # trump led, the Buur the only trump: any card (R-BUUR)
    NO_TRUMP = "no_trump"  # trump led and no trump held: any card (R-DISCARD)


@dataclass(frozen=True)
class Position:
    """A hand to play from, the trick so far and the trump: what the rules look at.

    Built by :func:`position`; ``legal`` is the engine's ``legal_cards``, the other fields say
    which rule decides (``situation``) and what it looks at.
    """

    hand: CardSet
    trick: tuple[Card, ...]
    trump: Trump
    situation: Situation
    legal: CardSet  # the cards the engine allows
    trumps: CardSet  # the trumps in the hand
    #: On a plain-suit lead: the highest trump already in the trick, if any (a trump played
    #: then must beat it, R-NO-UNDERTRUMP).
    high: Card | None

    @property
    def led(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    def beats(self, card: Card) -> bool:
        """Whether ``card`` would take the trick as it stands."""
        return _beats(self.trick, card, self.trump)

    def allowed(self, card: Card) -> Allowed:
        """Why ``card``, one of ``legal``, may be played (``ValueError`` if it may not)."""
        if card not in self.legal:
            reason = illegal_reason(card, self.hand, self.trick, self.trump)
            raise ValueError(f"{card} is not allowed: {reason.value if reason else 'illegal'}")
        kind = self.situation
        trump = card.suit == self.trump.suit
        if kind is Situation.LEAD:
            return Allowed.LEAD
        if kind in (Situation.FOLLOW_TRUMP, Situation.BUUR_KEPT, Situation.NO_TRUMP):
            if trump:
                return Allowed.FOLLOW_TRUMP
            return Allowed.BUUR_KEPT if kind is Situation.BUUR_KEPT else Allowed.NO_TRUMP
        if card.suit == self.led:
            return Allowed.FOLLOW
        if not trump:
            return Allowed.DISCARD
        if kind is Situation.FOLLOW:
            return Allowed.TRUMP_IN
        if kind is Situation.ONLY_TRUMPS and not self.beats(card):
            return Allowed.ONLY_TRUMPS
        return Allowed.TRUMP_VOID


def position(hand: CardSet, trick: Sequence[Card], trump: Trump, players: int = 4) -> Position:
    """What the rules allow from ``hand`` on ``trick`` at a table of ``players`` (Chibre's
    four, or Pomme's), and which rule decides it.

    >>> position(CardSet.parse("HJ S6 CK"), [Card.parse("H7")], Trump.HEARTS).situation
    <Situation.BUUR_KEPT: 'buur_kept'>
    """
    cards = tuple(trick)
    legal = legal_cards(hand, cards, trump, players=players)
    tsuit = trump.suit
    trumps = CardSet(card for card in hand if card.suit == tsuit)
    high = None
    if not cards:
        kind = Situation.LEAD
    elif cards[0].suit == tsuit:
        buur = len(trumps) == 1 and next(iter(trumps)).rank is Rank.JACK
        kind = Situation.NO_TRUMP if not trumps else \
            Situation.BUUR_KEPT if buur else Situation.FOLLOW_TRUMP
    else:
        high = _high_trump(cards, trump)
        if any(card.suit == cards[0].suit for card in hand):
            kind = Situation.FOLLOW
        elif high is not None and len(trumps) == len(hand) and \
                not all(_beats(cards, card, trump) for card in trumps):
            kind = Situation.ONLY_TRUMPS
        else:
            kind = Situation.DISCARD
    return Position(hand, cards, trump, kind, legal, trumps, high)


def classify(card: Card, hand: CardSet, trick: Sequence[Card], trump: Trump) -> tuple[Allowed,
                                                                                       Card | None]:
    """Why ``card`` may be played from ``hand`` on ``trick``, and the trump it must beat.

    ``ValueError`` if the engine does not allow it. The answer is always one of the cases the
    engine's ``legal_cards`` lets through.

    >>> hand = CardSet.parse("HA H6 SK")
    >>> classify(Card.parse("H6"), hand, [Card.parse("SA")], Trump.HEARTS)
    (<Allowed.TRUMP_IN: 'trump_in'>, None)
    """
    where = position(hand, trick, trump)
    allowed = where.allowed(card)
    return allowed, where.high if allowed in _ABOVE else None


#: The kinds of card told with the trump they must beat: a card that does not follow a
#: plain-suit lead.
_ABOVE = (Allowed.TRUMP_IN, Allowed.TRUMP_VOID, Allowed.DISCARD, Allowed.ONLY_TRUMPS)


#: The most cards a trick has at any table (Pomme for 5).
MOST_PLAYERS = 5


def _beats(trick: Sequence[Card], card: Card, trump: Trump) -> bool:
    # who takes a trick does not depend on the table's size; five bounds any table's trick
    return trick_winner([*trick, card], trump, players=MOST_PLAYERS) == len(trick)


def _high_trump(trick: Sequence[Card], trump: Trump) -> Card | None:
    trumps = [card for card in trick if card.suit == trump.suit]
    return trumps[trick_winner(trumps, trump, players=MOST_PLAYERS)] if trumps else None


def replay(record: RoundRecord) -> Walkthrough:
    """The round of ``record`` played through the engine's checked ``Game``.

    ``RoundError`` names the first thing the engine refuses: a deal that is not 4 hands of 9, a
    chooser the rules do not give the first round, announcements or Stöck (this walk-through
    tells card play only), a card that is not legal, with the engine's reason, or a match (its
    summary tells the 157 points of a round without one).
    """
    if len(record.plays) != CARDS_PER_ROUND:
        raise RoundError(f"a round has {CARDS_PER_ROUND} cards in the order played, "
                         f"not {len(record.plays)}", "plays")
    try:
        game = Game(deal=record.deal, dealer=(record.chooser + SEATS - 1) % SEATS)
    except InvalidDealError as error:
        raise RoundError("; ".join(error.problems)) from None
    _check_start(game, record)
    game.apply(record.trump)
    tricks: list[TrickStep] = []
    trick: list[Play] = []
    totals = [0, 0]
    for index, card in enumerate(record.plays):
        trick.append(_play(game, record, index, card))
        if len(trick) == SEATS:
            won = next(e for e in reversed(game.events) if isinstance(e, TrickWon))
            totals[won.winner % 2] += won.points
            tricks.append(_trick_step(record, won, trick, totals))
            trick = []
    scored = next(e for e in reversed(game.events) if isinstance(e, RoundScored))
    if any(scored.match):  # the summary tells the 157 of the cards: a match adds 100 more
        raise RoundError("one team took all nine tricks, a match (R-MATCH): this walk-through "
                         "tells rounds without one", "plays")
    if scored.total != (totals[0], totals[1]) or sum(totals) != ROUND_POINTS:
        raise RoundError(f"the engine scored {scored.total}, the tricks add up to {totals}",
                         "plays")
    return Walkthrough(record, tuple(tricks), scored.total)


def _check_start(game: Game, record: RoundRecord) -> None:
    if game.current_player != record.chooser:
        raise RoundError(f"in a first round seat {game.current_player} chooses trump (it holds "
                         f"{game.rules.first_trump_card}), not seat {record.chooser}",
                         "chooser")
    for seat, hand in enumerate(record.deal):
        if find_weis(hand, record.trump):
            raise RoundError(f"seat {seat} holds announcements with this trump; choose a deal "
                             "without them (the walk-through tells card play only)")
        if has_stoeck(hand, record.trump):
            raise RoundError(f"seat {seat} holds Stöck with this trump; choose a deal without it")


def _play(game: Game, record: RoundRecord, index: int, card: Card) -> Play:
    seat = game.current_player
    view = game.view(seat)
    if game.phase is not Phase.PLAY:  # announcements are refused before the first card
        raise RoundError(f"the engine expects {game.phase.value}, not a card", "plays", index)
    try:
        game.apply(card)
    except IllegalPlayError as error:
        raise RoundError(_refusal(seat, card, error.reason), "plays", index) from None
    allowed, above = classify(card, view.hand, view.trick, record.trump)
    legal = legal_cards(view.hand, view.trick, record.trump)
    return Play(seat, card, view.hand, legal, allowed, above)


def _refusal(seat: int, card: Card, reason: Reason) -> str:
    if reason is Reason.NOT_IN_HAND:
        return f"card {card}: it is seat {seat}'s turn, and seat {seat} does not hold it"
    return f"card {card} of seat {seat} is not legal here: {reason.value}"


def _trick_step(record: RoundRecord, won: TrickWon, trick: list[Play],
                totals: list[int]) -> TrickStep:
    taken = TrickTaken.of(won, record.trump)
    return TrickStep(**vars(taken), plays=(trick[0], trick[1], trick[2], trick[3]),
                     totals=(totals[0], totals[1]), note=dict(record.notes).get(won.number))


# --- reading the YAML ---------------------------------------------------------------------------

def read_round(r: Reader, data: Any, keys: KeyPath) -> Walkthrough | None:
    """The ``round:`` of a lesson step, replayed; ``None`` after reporting each problem."""
    if not r.mapping(data, keys, {"deal", "trump", "chooser", "tricks"}, {"notes"}):
        return None
    deal, tricks = data["deal"], data["tricks"]
    if not isinstance(deal, list) or len(deal) != SEATS:
        r.fail((*keys, "deal"), "must be a list of 4 hands of 9 cards, by seat from you (0)")
        return None
    if not isinstance(tricks, list) or len(tricks) != TRICKS:
        r.fail((*keys, "tricks"), "must be a list of the 9 tricks, each of its 4 cards in the "
               "order played, the lead first")
        return None
    hands = [r.cards(hand, (*keys, "deal", seat), TRICKS, TRICKS)
             for seat, hand in enumerate(deal)]
    played = [r.cards(trick, (*keys, "tricks", i), SEATS, SEATS) for i, trick in enumerate(tricks)]
    trump = r.trump(data["trump"], (*keys, "trump"))
    chooser = r.integer(data["chooser"], (*keys, "chooser"), 0, SEATS - 1)
    notes = _read_notes(r, data.get("notes", {}), (*keys, "notes"))
    held = [hand for hand in hands if hand is not None]
    cards = [trick for trick in played if trick is not None]
    if len(held) != SEATS or len(cards) != TRICKS or trump is None or chooser is None \
            or notes is None:
        return None
    if not r.disjoint([((*keys, "deal", seat), hand) for seat, hand in enumerate(held)]) or \
            not r.disjoint([((*keys, "tricks", i), trick) for i, trick in enumerate(cards)]):
        return None
    record = RoundRecord((CardSet(held[0]), CardSet(held[1]), CardSet(held[2]), CardSet(held[3])),
                         trump, chooser, tuple(card for trick in cards for card in trick), notes)
    try:
        return replay(record)
    except RoundError as error:
        if error.play is None:
            r.fail((*keys, error.field), str(error))
        else:
            r.fail((*keys, "tricks", error.play // SEATS),
                   f"card {error.play % SEATS + 1} of the trick: {error}")
        return None


def _read_notes(r: Reader, value: Any, keys: KeyPath) -> tuple[tuple[int, str], ...] | None:
    if not isinstance(value, dict):
        r.fail(keys, "must be a mapping of trick number (1 to 9) to a sentence")
        return None
    notes: list[tuple[int, str]] = []
    ok = True
    for number, text in value.items():
        where = (*keys, str(number))
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= TRICKS:
            r.fail(where, f"a note belongs to a trick number from 1 to {TRICKS}")
            ok = False
            continue
        checked = r.text(text, where)
        if checked is None:
            ok = False
        else:
            notes.append((number, checked))
    return tuple(sorted(notes)) if ok else None


# --- telling it (rendered in the language and deck in force) ------------------------------------


def action_text(play: Play) -> str:
    """``Left leads the ace of hearts.`` / ``You play the six of hearts.``"""
    card = card_phrase(play.card)
    if play.allowed is Allowed.LEAD:
        if play.seat == LEARNER_SEAT:
            return _("You lead the {card}.").format(card=card)
        return _("{seat} leads the {card}.").format(seat=seat_name(play.seat), card=card)
    if play.seat == LEARNER_SEAT:
        return _("You play the {card}.").format(card=card)
    return _("{seat} plays the {card}.").format(seat=seat_name(play.seat), card=card)


def why_text(play: Play, trick: TrickStep) -> str:
    """Why the card was allowed, as the rule says it (the same words for every seat)."""
    led = trick.led
    suit = suit_name(led.suit)
    high = Phrase() if play.above is None else card_phrase(play.above)
    kind = play.allowed
    if kind is Allowed.LEAD and led.suit == trick.trump.suit:
        return _("The first card of a trick may be any card. This one is a trump: the others "
                 "must now play trump if they can.")
    if kind is Allowed.LEAD:
        return _("The first card of a trick may be any card; its suit, {suit}, is now the led "
                 "suit.").format(suit=suit)
    if kind is Allowed.FOLLOW:
        return _("It follows the led suit, {suit}: whoever holds the led suit must follow it or "
                 "play a trump.").format(suit=suit)
    if kind is Allowed.FOLLOW_TRUMP:
        return _("Trump was led, and whoever holds a trump must play one (a Buur that is the "
                 "only trump excepted).")
    if kind is Allowed.BUUR_KEPT:
        return _("Trump was led, but when the Buur is a player's only trump it never has to be "
                 "played, so another card is allowed.")
    if kind is Allowed.NO_TRUMP:
        return _("Trump was led and no trump was left to play, so any card may be played.")
    if kind is Allowed.ONLY_TRUMPS:
        return _("Nothing but trumps was left to play, so even a trump lower than the {high} is "
                 "allowed.").format(high=high)
    if kind is Allowed.TRUMP_IN:
        if play.above is not None:
            return _("A trump may be played on another suit at any time, even by a player who "
                     "could follow {suit}, as long as it beats the {high} already in the "
                     "trick.").format(suit=suit, high=high)
        return _("A trump may be played on another suit at any time, even by a player who could "
                 "follow {suit}.").format(suit=suit)
    if kind is Allowed.TRUMP_VOID:
        if play.above is not None:
            return _("No card of {suit} was left to follow with, so another suit, or a trump "
                     "higher than the {high}, may be played; this trump is higher.").format(
                         suit=suit, high=high)
        return _("No card of {suit} was left to follow with, so another suit or a trump may be "
                 "played; a trump can take the trick.").format(suit=suit)
    if play.above is not None:
        return _("No card of {suit} was left to follow with, so another suit, or a trump higher "
                 "than the {high}, may be played; a card of another suit is a discard and cannot "
                 "take the trick.").format(suit=suit, high=high)
    return _("No card of {suit} was left to follow with, so another suit or a trump may be "
             "played; a card of another suit is a discard and cannot take the trick.").format(
                 suit=suit)


def winner_text(trick: TrickTaken) -> str:
    """Who takes the trick, with how many points."""
    seat = None if trick.winner == LEARNER_SEAT else seat_name(trick.winner)
    return taken_text(seat, trick.number, trick.points)


def taken_text(seat: str | None, number: int, points: int) -> str:
    """"You take trick 3: 21 points." (``seat`` None), or the named seat takes it."""
    if seat is None:
        return ngettext("You take trick {number}: {points} point.",
                        "You take trick {number}: {points} points.",
                        points).format(number=number, points=points)
    return ngettext("{seat} takes trick {number}: {points} point.",
                    "{seat} takes trick {number}: {points} points.",
                    points).format(seat=seat, number=number, points=points)


def why_wins_text(trick: TrickTaken) -> str:
    """Why the winning card takes the trick (R-TRICK)."""
    return why_card_wins(trick.winning_card, trick.cards, trick.trump)


def why_card_wins(card: Card, cards: Sequence[Card], trump: Trump) -> str:
    """Why ``card`` takes the trick of ``cards`` under ``trump`` (R-TRICK), for any number of
    players."""
    name = card_phrase(card)
    trumps = [c for c in cards if c.suit == trump.suit]
    if card.suit != trump.suit:
        return _("The {card} takes it: nobody played a trump, and it is the highest card of the "
                 "led suit, {suit}.").format(card=name, suit=suit_name(card.suit))
    if card.rank is Rank.JACK:
        return _("The {card} takes it: it is the Buur, the highest trump of all.").format(
            card=name)
    if len(trumps) == 1:
        return _("The {card} takes it: it is the only trump in the trick, and a trump beats "
                 "every card of the other suits.").format(card=name)
    if card.rank is Rank.NINE:
        return _("The {card} takes it: it is the Nell, the highest trump after the Buur.").format(
            card=name)
    return _("The {card} takes it: it is the highest trump in the trick.").format(card=name)


def points_text(trick: TrickTaken) -> str:
    """What the trick is worth: its cards, and the 5 of the last trick."""
    return trick_points_text(trick.card_points, trick.bonus)


def trick_points_text(cards: int, bonus: int) -> str:
    """A trick's worth: its ``cards``' points, and the ``bonus`` of the last trick (0: none)."""
    if bonus:
        return ngettext("Its cards are worth {cards} point, and the last trick earns {bonus} "
                        "more.",
                        "Its cards are worth {cards} points, and the last trick earns {bonus} "
                        "more.", cards).format(cards=cards, bonus=bonus)
    return ngettext("Its cards are worth {cards} point.", "Its cards are worth {cards} points.",
                    cards).format(cards=cards)


def score_text(totals: tuple[int, int]) -> str:
    """The running points: ``Your team 16 · Opponents 58``."""
    return _("Points so far: your team {mine}, opponents {theirs}.").format(mine=totals[0],
                                                                            theirs=totals[1])


def deal_lines(walk: Walkthrough) -> list[str]:
    """The screen before the first trick: the hands, the trump, who leads."""
    suit = suit_name(walk.trump.suit) if walk.trump.suit is not None else ""
    chooser = walk.chooser
    if chooser == 0:
        chose = _("You chose the trump: {suit}.").format(suit=suit)
        lead = _("Whoever chose trump leads the first trick: you.")
    else:
        chose = _("{seat} chose the trump: {suit}.").format(seat=seat_name(chooser), suit=suit)
        lead = _("Whoever chose trump leads the first trick: {seat}.").format(
            seat=seat_name(chooser))
    return [
        _("The cards are dealt: every player holds 9 cards. Below are yours; the others stay "
          "hidden until they are played."),
        chose,
        lead,
    ]


def trick_lines(trick: TrickStep) -> list[tuple[str, str]]:
    """For each card of the trick in order: (what was played, why it was allowed)."""
    return [(action_text(play), why_text(play, trick)) for play in trick.plays]


def why_key(play: Play, trick: TrickStep) -> tuple[Allowed, bool]:
    """Which rule ``why_text`` tells for ``play``: the same key, the same rule said again."""
    if play.allowed is Allowed.LEAD:
        return play.allowed, trick.led.suit == trick.trump.suit
    return play.allowed, play.above is not None


def wins_key(card: Card, cards: Sequence[Card], trump: Trump) -> str:
    """Which reason ``why_card_wins`` gives (the highest of the led suit, the Buur, the only
    trump, the Nell, the highest trump)."""
    if card.suit != trump.suit:
        return "led"
    if card.rank is Rank.JACK:
        return "buur"
    if sum(1 for c in cards if c.suit == trump.suit) == 1:
        return "only-trump"
    return "nell" if card.rank is Rank.NINE else "high-trump"


_VOID = (Allowed.TRUMP_VOID, Allowed.DISCARD)


def void_again_text(play: Play) -> str:
    """What is new about a card played on a suit its player lacks, once the rule (another
    suit or a trump may be played) was said in the round: only what this card adds."""
    high = Phrase() if play.above is None else card_phrase(play.above)
    if play.allowed is Allowed.TRUMP_VOID:
        if play.above is not None:
            return _("This trump beats the {high} already in the trick, as it must.").format(
                high=high)
        return _("A trump can take the trick.")
    if play.above is not None:
        return _("A card of another suit is a discard and cannot take the trick; a trump "
                 "would have had to beat the {high}.").format(high=high)
    return _("A card of another suit is a discard and cannot take the trick.")


def told_lines(walk: Walkthrough, number: int) -> tuple[list[tuple[str, str]], str]:
    """Trick ``number`` (1 to 9) of ``walk`` as the round tells it, each rule once: for each
    card, what was played and why it was allowed, the why empty when the same rule was said
    for an earlier card of the round; then why the trick was taken, empty when that reason
    was given for an earlier trick. Read in order, the round says each rule the first time it
    applies and afterwards only what is new (who played what, who took it, its points)."""
    said: set[tuple[Allowed, bool]] = set()
    for trick in walk.tricks[: number - 1]:
        said.update(why_key(play, trick) for play in trick.plays)
    trick = walk.tricks[number - 1]
    lines: list[tuple[str, str]] = []
    for play in trick.plays:
        key = why_key(play, trick)
        if key in said:
            why = ""
        elif play.allowed in _VOID and any(kind in _VOID for kind, _above in said):
            why = void_again_text(play)  # the rule was said for another card: what is new
        else:
            why = why_text(play, trick)
        lines.append((action_text(play), why))
        said.add(key)
    reasons = {wins_key(t.winning_card, t.cards, t.trump) for t in walk.tricks[: number - 1]}
    new = wins_key(trick.winning_card, trick.cards, trick.trump) not in reasons
    return lines, why_wins_text(trick) if new else ""


def summary_lines(walk: Walkthrough) -> list[str]:
    """The end of the round: the teams' points and tricks, the last trick, the 157."""
    mine, theirs = walk.totals
    last = walk.tricks[-1]
    lines = [
        ngettext("Your team: {points} points from {tricks} trick.",
                 "Your team: {points} points from {tricks} tricks.",
                 walk.tricks_won(0)).format(points=mine, tricks=walk.tricks_won(0)),
        ngettext("Opponents: {points} points from {tricks} trick.",
                 "Opponents: {points} points from {tricks} tricks.",
                 walk.tricks_won(1)).format(points=theirs, tricks=walk.tricks_won(1)),
        (_("The last trick went to your team, with its {bonus} extra points.")
         if last.winner % 2 == LEARNER_TEAM else
         _("The last trick went to the opponents, with its {bonus} extra points.")).format(
             bonus=last.bonus),
        _("Together {total} points: the cards are worth {cards} and the last trick {bonus}, so "
          "every round is worth {total}.").format(total=sum(walk.totals),
                                                  cards=ROUND_POINTS - LAST_TRICK_BONUS,
                                                  bonus=LAST_TRICK_BONUS),
        _("The points of each round are added to the team's score; the first team to reach the "
          "target wins the game."),
    ]
    return lines


__all__ = [
    "RULE_OF", "Allowed", "Play", "Position", "RoundError", "RoundRecord", "Situation",
    "TrickStep", "TrickTaken", "Walkthrough", "action_text", "classify", "deal_lines",
    "points_text", "position", "read_round", "replay", "score_text", "summary_lines",
    "told_lines", "trick_lines", "void_again_text", "why_key", "why_text", "why_wins_text",
    "winner_text", "wins_key",
]
