"""A game as text: its events as one line of JSON (STYLE.md 6, "a saved game is its events").

Each event is an object ``{"type": <class name>, <field>: <value>, ...}``; the line is
``{"format": 1, "events": [...]}``. Values are written as the engine's own text forms:
a card as its code (``"HJ"``), a card set as its codes joined by spaces, an enum (``Trump``,
``WeisKind``) by member name, ``Rules`` as ``Rules.options()``, an announcement by its fields,
a tuple as a list. Reading is strict and every problem is a ``NotationError`` that says what
and where. Replay with ``Game.from_events`` checks the game itself.

A game of Pomme (``engine.pomme``, R-POMME) is written the same way: its events are ``Event``s
too, beginning with ``PommeStarted``. ``loads_game`` reads a game of Chibre only (a ``Game``;
a saved Pomme game is a ``NotationError`` there), ``loads_pomme_game`` a game of Pomme only
(a ``PommeGame``), and ``loads_any_game`` either, by its first event.

>>> from engine.chibre.game import Game
>>> game = Game(seed=3)
>>> game.apply(game.legal_actions()[0])
>>> text = dumps_events(game.events)
>>> text.startswith('{"format":1,"events":[{"type":"GameStarted","rules":{"profile":"chibre"')
True
>>> Game.from_events(loads_events(text)) == game
True
>>> loads_events('{"format":1,"events":[{"type":"CardPlayed","seat":0}]}')
Traceback (most recent call last):
...
engine.notation.NotationError: event 0 (CardPlayed): missing field 'card'
"""

from __future__ import annotations

import dataclasses
import enum
import json
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.cards import Card
from engine.cardset import CardSet
from engine.chibre.announcements import Weis
from engine.chibre.events import GameOver
from engine.chibre.game import Game
from engine.chibre.notation import check_chibre_event
from engine.events import Event
from engine.pomme.events import POMME_EVENT_TYPES
from engine.pomme.game import (
    PommeGame,
)
from engine.pomme.notation import check_pomme_event
from engine.registry import CHIBRE_GAME, POMME_GAME, AnyGame, GameSpec, spec_of
from engine.rules import Rules

FORMAT: Final = 1
"""The version of the notation written; files of a newer version are refused."""

EVENT_TYPES: Final[Mapping[str, type[Event]]] = {
    cls.__name__: cls for cls in typing.get_args(Event)
}
"""Every event class by the name it is written under."""

Json = Any  # a value as json.loads returns it


class NotationError(ValueError):
    """Text that is not a game in this notation; the message names what is wrong and where."""


# -- writing ------------------------------------------------------------------------------------


def event_to_dict(event: Event) -> dict[str, Json]:
    """The event as plain JSON values, its type name first.

    >>> from engine.event_base import CardPlayed
    >>> event_to_dict(CardPlayed(2, Card.parse("HJ")))
    {'type': 'CardPlayed', 'seat': 2, 'card': 'HJ'}
    """
    if type(event) not in EVENT_TYPES.values():
        raise TypeError(f"not a game event: {event!r}")
    result: dict[str, Json] = {"type": type(event).__name__}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if value is None and field.default is None:
            continue  # a field a later version added, at its default: older readers read it
        result[field.name] = _encode(value)
    return result


def dumps_events(events: Iterable[Event]) -> str:
    """The events as one compact line of JSON, with the notation's ``format`` version."""
    document = {"format": FORMAT, "events": [event_to_dict(e) for e in events]}
    return json.dumps(document, separators=(",", ":"))


def _encode(value: object) -> Json:
    if isinstance(value, Rules):
        return value.options()
    if isinstance(value, Card | CardSet):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    if isinstance(value, Weis):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"no notation for {value!r}")


# -- reading ------------------------------------------------------------------------------------


def loads_events(text: str | bytes) -> list[Event]:
    """The events of a text written by ``dumps_events``; ``NotationError`` if it is not one.

    Each event is checked on its own as well: seats 0-3, a deal of four hands of 9 different
    cards, start scores from 0 up to below the target. Whether the events replay as one game
    is ``Game.from_events``'s to say (``loads_game`` does both). No other error escapes:
    text nested too deep or not text at all is a ``NotationError`` too.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise NotationError(f"a saved game is text, not {type(text).__name__}")
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise NotationError(f"not JSON: {error}") from None
    except RecursionError:
        raise NotationError("not JSON this engine reads: nested too deep") from None
    if not isinstance(document, dict):
        raise NotationError(
            f"expected a JSON object with 'format' and 'events', not {_kind(document)}"
        )
    _check_format(document.get("format"))
    extra = sorted(set(document) - {"format", "events"})
    if extra:
        raise NotationError(f"unknown top-level field {extra[0]!r}")
    items = document.get("events")
    if not isinstance(items, list):
        raise NotationError(f"'events' must be a list, not {_kind(items)}")
    events = []
    for index, item in enumerate(items):
        try:
            events.append(event_from_dict(item))
        except NotationError as error:
            name = item.get("type") if isinstance(item, dict) else None
            label = f"event {index} ({name})" if isinstance(name, str) and name in EVENT_TYPES \
                else f"event {index}"
            raise NotationError(f"{label}: {error}") from None
    return events


def loads_game(text: str | bytes) -> Game:
    """The game of Chibre a text written by ``dumps_events`` saves, replayed; ``NotationError``
    (and only that) if it is not one, or its events do not replay as a game."""
    events = loads_events(text)
    spec = spec_of(events)
    if spec is not CHIBRE_GAME:
        raise NotationError(f"not a game of Chibre: a game of {spec.title} (read it with "
                            f"loads_{spec.key}_game or loads_any_game)")
    game = _replay(events)
    assert isinstance(game, Game)
    return game


def loads_pomme_game(text: str | bytes) -> PommeGame:
    """The game of Pomme a text written by ``dumps_events`` saves, replayed; ``NotationError``
    (and only that) if it is not one, or its events do not replay as a game of Pomme.

    >>> game = PommeGame(5, seed=2)
    >>> game.apply(game.legal_actions()[0])
    >>> loads_pomme_game(dumps_events(game.events)) == game
    True
    """
    events = loads_events(text)
    game = _replay(events, POMME_GAME)
    assert isinstance(game, PommeGame)
    return game


def loads_any_game(text: str | bytes) -> AnyGame:
    """The game of any kind of the registry (``engine.registry``: Chibre or Pomme, by its
    first event) a text written by ``dumps_events`` saves, replayed; ``NotationError`` as
    ``loads_game`` and ``loads_pomme_game``."""
    return _replay(loads_events(text))


def _replay(events: list[Event], spec: GameSpec | None = None) -> AnyGame:
    """``events`` replayed as a game of ``spec`` (by default the one they begin);
    ``NotationError`` naming the game if they do not replay as one."""
    spec = spec or spec_of(events)
    try:
        return spec.replay(events)
    except ValueError as error:
        what = "a game" if spec is CHIBRE_GAME else f"a game of {spec.title}"
        raise NotationError(f"not {what}: {error}") from None


def _check_format(version: Json) -> None:
    if version is None:
        raise NotationError("missing field 'format' (the notation's version)")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise NotationError(f"'format' must be a version number, not {version!r}")
    if version > FORMAT:
        raise NotationError(
            f"format {version} is newer than this version of the engine reads (format {FORMAT})"
        )


def event_from_dict(data: Mapping[str, Json]) -> Event:
    """The event written by ``event_to_dict``; ``NotationError`` naming the field at fault."""
    if not isinstance(data, Mapping):
        raise NotationError(f"an event is a JSON object, not {_kind(data)}")
    name = data.get("type")
    if not isinstance(name, str):
        raise NotationError("missing field 'type'" if name is None
                            else f"'type' must be an event name, not {name!r}")
    cls = EVENT_TYPES.get(name)
    if cls is None:
        raise NotationError(f"unknown event type {name!r}")
    event = typing.cast(Event, _decode_dataclass(cls, data, skip=("type",)))
    _check_event(event)
    return event


_SEAT_FIELDS: Final = ("seat", "dealer", "leader", "winner", "best_seat", "first_dealer")


def _check_event(event: Event) -> None:
    """``NotationError`` if ``event`` could not happen in any game, seen on its own: its seats
    here, the rest by its game (``check_chibre_event``, ``check_pomme_event``)."""
    pomme = isinstance(event, POMME_EVENT_TYPES)
    seats = 5 if pomme else 4
    for name in _SEAT_FIELDS:
        if isinstance(event, GameOver):
            break  # its winner is a team
        value = getattr(event, name, 0)
        if value not in range(seats):
            raise NotationError(f"field {name!r}: a seat is 0-{seats - 1}, not {value!r}")
    try:
        (check_pomme_event if pomme else check_chibre_event)(event)
    except ValueError as error:
        raise NotationError(str(error)) from None


def _decode_dataclass(cls: type[Any], data: Mapping[str, Json], skip: tuple[str, ...] = ()) -> Any:
    """An instance of the dataclass ``cls`` from its fields; a field with a default may be absent
    (so that a later version can add one)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields) - set(skip))
    if unknown:
        raise NotationError(f"unknown field {unknown[0]!r}")
    hints = _hints(cls)
    values = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _decode_field(name, hints[name], data[name])
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise NotationError(f"missing field {name!r}")
    try:
        return cls(**values)
    except (ValueError, TypeError) as error:
        raise NotationError(str(error)) from None


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved field types of ``cls``, kept: resolving them is slow."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _decode_field(name: str, hint: Any, value: Json) -> Any:
    try:
        return _decode(hint, value)
    except NotationError as error:
        raise NotationError(f"field {name!r}: {error}") from None


def _decode(hint: Any, value: Json) -> Any:
    """``value`` read as the type ``hint``; ``NotationError`` if it is not one."""
    if typing.get_origin(hint) is tuple:
        return _decode_tuple(typing.get_args(hint), value)
    if hint is bool:
        if not isinstance(value, bool):
            raise NotationError(f"expected true or false, not {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise NotationError(f"expected a whole number, not {value!r}")
        return value
    if hint is Rules:
        return _decode_rules(value)
    if hint is Weis:
        if not isinstance(value, dict):
            raise NotationError(f"an announcement is a JSON object, not {_kind(value)}")
        return _decode_dataclass(Weis, value)
    if not isinstance(value, str):
        raise NotationError(f"expected a string, not {value!r}")
    return _decode_text(hint, value)


def _decode_text(hint: Any, value: str) -> Any:
    if hint is Card:
        try:
            return Card.parse(value)
        except ValueError as error:
            raise NotationError(str(error)) from None
    if hint is CardSet:
        try:
            return CardSet.parse(value)
        except ValueError as error:
            raise NotationError(f"bad card set {value!r}: {error}") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint[value]
        except KeyError:
            names = ", ".join(hint.__members__)
            raise NotationError(f"not a {hint.__name__}: {value!r} (one of {names})") from None
    raise TypeError(f"the notation cannot read a {hint!r}")  # a new event field needs a reader


def _decode_tuple(args: tuple[Any, ...], value: Json) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise NotationError(f"expected a list, not {_kind(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        args = (args[0],) * len(value)
    elif len(value) != len(args):
        raise NotationError(f"expected a list of {len(args)} items, not {len(value)}")
    items = []
    for index, (hint, item) in enumerate(zip(args, value, strict=True)):
        try:
            items.append(_decode(hint, item))
        except NotationError as error:
            raise NotationError(f"item {index}: {error}") from None
    return tuple(items)


def _decode_rules(value: Json) -> Rules:
    """``Rules(**options)``; an option left out takes its default."""
    if not isinstance(value, dict):
        raise NotationError(f"the rules are a JSON object of options, not {_kind(value)}")
    known = {f.name for f in dataclasses.fields(Rules)}
    unknown = sorted(set(value) - known)
    if unknown:
        raise NotationError(f"unknown rule option {unknown[0]!r}")
    try:
        return Rules(**value)
    except ValueError as error:
        raise NotationError(f"bad rules: {error}") from None


def _kind(value: Json) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


__all__ = [
    "EVENT_TYPES",
    "FORMAT",
    "NotationError",
    "dumps_events",
    "event_from_dict",
    "event_to_dict",
    "loads_any_game",
    "loads_events",
    "loads_game",
    "loads_pomme_game",
]
