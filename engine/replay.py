"""What every game kept as its events shares, whatever it plays (Chibre's ``Game``, Pomme's
``PommeGame``): the base ``EventGame`` (copy, undo, rebuild from the events, compare), the
state machine ``CardGame`` both games are (its phase, scores, seats, checked actions, replay),
the state copy they rely on, and the error of a deal that cannot be played."""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine.cards import ALL_CARDS, Card, Trump
from engine.cardset import CardSet
from engine.play import IllegalPlayError, Reason, illegal_reason, legal_mask, trick_state

if TYPE_CHECKING:  # the index of every game's events imports this game
    from engine.events import Event


class InvalidDealError(ValueError):
    """A fixed deal that is not 4 hands of 9 distinct cards; lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("invalid deal: " + "; ".join(problems))


def place_cards(places: Sequence[tuple[str, Collection[Card], int | None]],
                problems: list[str]) -> dict[Card, str]:
    """Where each card of a deal lies: ``places`` name their cards and how many they must hold
    (``None``: any number). A place of another size, or a card in two places, is added to
    ``problems`` (for ``InvalidDealError``, which names every problem at once).

    >>> problems: list[str] = []
    >>> seen = place_cards([("seat 0", CardSet.parse("H6 H7"), 2),
    ...                     ("seat 1", CardSet.parse("H7"), 2)], problems)
    >>> problems
    ['seat 1 has 1 cards, not 2', 'H7 is in seat 0 and seat 1']
    """
    seen: dict[Card, str] = {}
    for place, cards, size in places:
        if size is not None and len(cards) != size:
            problems.append(f"{place} has {len(cards)} cards, not {size}")
        for card in cards:
            if card in seen:
                problems.append(f"{card} is in {seen[card]} and {place}")
            else:
                seen[card] = place
    return seen


class EventGame:
    """What a game kept as its events does the same way whatever it plays (Chibre's ``Game``,
    ``engine.pomme.PommeGame``): copy, undo, rebuild from the events, compare. A subclass gives
    ``replay`` and ``ACTION_KINDS``, the events that record a player's decision."""

    ACTION_KINDS: tuple[type, ...] = ()
    _events: list[Event]
    _current: int
    _round: int

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def current_player(self) -> int:
        return self._current

    @property
    def round(self) -> int:
        """The round in progress, counted from 0."""
        return self._round

    # What each game gives (the replay of the par, the tutor's table and its session ask it of
    # any game through this class).

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Apply the action of the player to move (``IllegalPlayError`` if it may not be)."""
        raise NotImplementedError

    def illegal_reason(self, action: Any) -> Any:
        """``None`` if ``action`` may be applied now, else why not (a ``Reason``)."""
        raise NotImplementedError

    def view(self, seat: int) -> Any:
        """What ``seat`` sees of the game."""
        raise NotImplementedError

    @classmethod
    def replay(cls, events: Sequence[Event], game: Self | None = None
               ) -> Iterator[tuple[Self, Any]]:
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy.

        The game's whole state, every attribute, is copied as one value by
        ``copied_state``: no attribute, present or added later, can be forgotten and
        shared between the two games. Immutable values (events, cards, frozen
        dataclasses) are shared, as they cannot change.
        """
        twin = type(self).__new__(type(self))
        twin.__dict__.update(copied_state(self.__dict__))
        return twin

    def undo(self) -> None:
        """Take back the last action and all that followed from it."""
        last = max((i for i, e in enumerate(self._events) if isinstance(e, self.ACTION_KINDS)),
                   default=None)
        if last is None:
            raise ValueError("nothing to undo")
        self.__dict__.update(type(self).from_events(self._events[:last]).__dict__)

    @classmethod
    def from_events(cls, events: Sequence[Event]) -> Self:
        """Rebuild a game from its events; ``ValueError`` if they do not replay."""
        game = cls.__new__(cls)
        for _position in cls.replay(events, game):
            pass
        if game._events != list(events):
            mismatch = next(
                (i for i, (a, b) in enumerate(zip(game._events, events, strict=False)) if a != b),
                min(len(game._events), len(events)),
            )
            raise ValueError(f"events do not replay: they differ from event {mismatch} on")
        return game

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._events == other._events

    # Unhashable (a game changes). Stub gap: typeshed declares object.__hash__ a method, so
    # the None that Python documents for this needs the ignore typeshed's own list and dict use.
    __hash__ = None  # type: ignore[assignment]


class GameStart(Protocol):
    """What the first event of any game says: its seed, first dealer and starting scores."""

    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


PhaseT = TypeVar("PhaseT", bound=enum.Enum)
ActionT = TypeVar("ActionT")
StartT = TypeVar("StartT", bound=GameStart)
DealT = TypeVar("DealT")


class CardGame(EventGame, Generic[PhaseT, ActionT, StartT, DealT]):
    """The checked state machine every game is, whatever it plays (Chibre's ``Game``, Pomme's
    ``PommeGame``): its phase, whether it is over, the seats and their hands, an action
    checked before it is applied, and the replay of its events.

    A game gives ``OVER`` (its phase once over), ``players`` (its number of seats),
    ``_begin`` (its own state at the start of a game, before the first round),
    ``_start_round``, ``illegal_reason`` and ``_act`` (an allowed action of the seat to
    move), and for the replay ``_replay_start`` (the start event and fixed deals of
    events, checked) and ``_action_of`` (the action an action event records)."""

    OVER: ClassVar[enum.Enum]
    players: int
    seed: int
    _phase: PhaseT
    _scores: list[int]
    _hands: list[int]
    _trump: int | None  # the trump's index (``Trump``), once known
    _trick: list[int]  # the indexes of the cards of the trick in progress
    _fixed_deals: dict[int, DealT]

    def _setup(self, start: StartT, fixed_deals: Mapping[int, DealT]) -> None:
        """A game from ``start``, the rounds of ``fixed_deals`` dealt as they say."""
        self.seed = start.seed
        self._fixed_deals = dict(fixed_deals)
        self._events = [start]  # type: ignore[list-item]  # every game's start is an Event
        self._scores = list(start.scores)
        self._round = -1
        self._begin(start)
        self._start_round()

    def _begin(self, start: StartT) -> None:
        raise NotImplementedError

    def _start_round(self) -> None:
        raise NotImplementedError

    # -- public state -------------------------------------------------------------

    @property
    def phase(self) -> PhaseT:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase is self.OVER

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now; a seat not at the table is a ``ValueError``."""
        return CardSet.from_mask(self._hands[self._check_seat(seat)])

    def apply(self, action: ActionT) -> None:
        """Apply the action of the player to move; ``IllegalPlayError`` (the game unchanged)
        if not allowed."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalPlayError(reason, action)
        self._act(self._current, action)

    def illegal_reason(self, action: ActionT) -> Reason | None:
        raise NotImplementedError

    def _act(self, seat: int, action: ActionT) -> None:
        """Apply ``action`` of ``seat``, the seat to move, once it is known to be allowed."""
        raise NotImplementedError

    @classmethod
    def replay(cls, events: Sequence[Event], game: Self | None = None
               ) -> Iterator[tuple[Self, ActionT]]:
        """Replay ``events``: each action in order, with the game just before it (a view taken
        of it then is the position the action was chosen in). It is one game, the action is
        applied to it when the next one is asked for; pass ``game`` to fill an empty one.
        ``ValueError`` if the events do not begin a game or an action cannot be applied."""
        start, deals = cls._replay_start(events)
        game = game if game is not None else cls.__new__(cls)
        game._setup(start, deals)
        for event in events:
            if isinstance(event, cls.ACTION_KINDS):
                action = cls._action_of(event)
                yield game, action
                game.apply(action)

    @classmethod
    def _replay_start(cls, events: Sequence[Event]) -> tuple[StartT, Mapping[int, DealT]]:
        """The start event of ``events`` and the deals to replay, checked (``ValueError``)."""
        raise NotImplementedError

    @staticmethod
    def _action_of(event: Event) -> ActionT:
        raise NotImplementedError

    # -- cards ----------------------------------------------------------------------

    def _legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (R-FOLLOW, for any number of
        players)."""
        trump = self._trump
        assert trump is not None  # cards are played once trump is known
        led, high = trick_state(self._trick, trump)
        return legal_mask(self._hands[self._current], led, high, trump)

    def _card_reason(self, card: Card) -> Reason | None:
        """``None`` if the seat to move may play ``card`` now, else why not."""
        if not self._hands[self._current] >> card.index & 1:
            return Reason.NOT_IN_HAND
        if self._legal_mask() >> card.index & 1:
            return None
        assert self._trump is not None
        hand = CardSet.from_mask(self._hands[self._current])
        trick = [ALL_CARDS[c] for c in self._trick]
        return illegal_reason(card, hand, trick, Trump(self._trump), players=self.players)

    # -- seats and events ------------------------------------------------------------

    def _check_seat(self, seat: object) -> int:
        """``seat`` when it is a seat at this table, else ``ValueError``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0-{self.players - 1}, not {seat!r}")
        return seat

    def _emit(self, event: Event) -> None:
        self._events.append(event)


_IMMUTABLE_TYPES: dict[type, bool] = {}


def _immutable(kind: type) -> bool:
    """Values of ``kind`` never change: numbers, strings, enums, cards, frozen dataclasses."""
    known = _IMMUTABLE_TYPES.get(kind)
    if known is None:
        params = getattr(kind, "__dataclass_params__", None)
        known = (kind in (int, float, bool, str, type(None), Card, CardSet)
                 or issubclass(kind, enum.Enum) or (params is not None and params.frozen))
        _IMMUTABLE_TYPES[kind] = known
    return known


def copied_state(value: Any) -> Any:
    """``value`` copied so that the copy shares nothing mutable with it (``Game.clone``).

    Lists and dicts are copied all the way down; anything else must be immutable
    (``_immutable``, or a tuple of such values) and is shared; any other type raises
    ``TypeError``, so a new kind of state cannot be shared by mistake.

    >>> state = {"hands": [1, 2], "parts": {"cards": [0, 0]}, "trick": (Card.parse("HA"),)}
    >>> twin = copied_state(state)
    >>> twin == state, twin["parts"]["cards"] is state["parts"]["cards"]
    (True, False)
    """
    kind = type(value)
    if kind is list:
        if all(_immutable(item_type) for item_type in set(map(type, value))):
            return value.copy()  # the events, the hands: one copy of the list is enough
        return [copied_state(item) for item in value]
    if kind is dict:
        return {key: copied_state(item) for key, item in value.items()}
    if kind is tuple:
        if any(copied_state(item) is not item for item in value):
            raise TypeError(f"a tuple of game state holds a mutable value: {value!r}")
        return value
    if not _immutable(kind):
        raise TypeError(f"Game.clone cannot copy a value of type {kind.__name__}")
    return value
