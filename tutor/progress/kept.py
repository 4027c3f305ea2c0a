"""A position kept from the learner's games: what the learner could see at a costly decision
(issue 36, item 1; no Qt).

When the review of a round is ready, each decision it marks as a mistake is kept in the
progress file as a :class:`KeptPosition`: the learner's view of the table at that moment (the
hand, trump and who chose it and whether it was chibred, the trick in progress and its leader,
the tricks played with their leaders and winners, the announcements shown, the Stöck, the
scores, the table's rules and conventions), the learner's choice and the coach's, and what the
choice lost. Never a hidden hand: a position is made from an ``engine.GameView``, which holds
only what its seat may know, and is written as a compact JSON object (``to_json``) carrying its
format ``version``, so a later version can read what an older one kept.

A position is keyed by its game, round, trick (0 for the choice of trump) and ``step``, the
decision's order within its trick (always 0 at Chibre, where the learner makes one decision a
trick; Pomme's aside and blind come before its first card): the same decision is kept once
however often its review lands.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine import (
    CHIBRE,
    NO_CONVENTIONS,
    Action,
    Card,
    CardSet,
    Chibre,
    Conventions,
    GameView,
    Phase,
    Rules,
    StoeckScored,
    TrickWon,
    Trump,
    Weis,
    WeisKind,
    WeisScored,
)

#: The format of a kept position's JSON; a reader refuses a newer one.
KEPT_FORMAT: Final = 1
#: The game a kept position is of (only Chibre keeps positions so far).
CHIBRE_GAME: Final = "chibre"

Choice = Card | Trump | Chibre


class KeptError(ValueError):
    """Text that is no kept position this version reads; the message says why."""


@dataclasses.dataclass(frozen=True)
class KeptPosition:
    """One costly decision of the learner's, as the learner saw it (see the module text).

    ``view``: the learner's view when deciding (``GameView``, the seat's own knowledge only);
    ``chosen``: the learner's choice; ``best``: the coach's; ``lost`` and ``lost_error``: what
    the choice gave away by the review, with one standard error; ``conventions``: the table's
    (the partner's signal the learner could read)."""

    game_id: str
    round: int
    trick: int  # 1 to 9; 0 for the choice of trump
    view: GameView
    chosen: Choice
    best: Choice
    lost: float
    lost_error: float
    conventions: Conventions = NO_CONVENTIONS
    game: str = CHIBRE_GAME
    step: int = 0  # the decision's order within its trick (see the module text)

    @property
    def key(self) -> tuple[str, int, int, int]:
        """What tells kept positions apart: game, round, trick, step."""
        return (self.game_id, self.round, self.trick, self.step)

    @property
    def is_trump(self) -> bool:
        """Whether the decision is the choice of trump (else a card)."""
        return self.view.phase is Phase.TRUMP

    def to_json(self) -> dict[str, Any]:
        """The position as plain JSON values (``from_json`` reads it back)."""
        return {
            "version": KEPT_FORMAT, "game": self.game, "game_id": self.game_id,
            "round": self.round, "trick": self.trick, "step": self.step,
            "view": view_to_json(self.view),
            "chosen": choice_text(self.chosen), "best": choice_text(self.best),
            "lost": round(self.lost, 3), "lost_error": round(self.lost_error, 3),
            "conventions": self.conventions.options(),
        }

    def dumps(self) -> str:
        """The position as one compact line of JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, data: object) -> KeptPosition:
        """The position ``to_json`` wrote; ``KeptError`` saying why if it is not one."""
        try:
            if not isinstance(data, Mapping):
                raise KeptError("a kept position is a JSON object")
            version = data["version"]
            if not isinstance(version, int) or not 1 <= version <= KEPT_FORMAT:
                raise KeptError(f"format {version!r} is not one this version reads")
            if data["game"] != CHIBRE_GAME:
                raise KeptError(f"game {data['game']!r} keeps no positions")
            return cls(
                game_id=_text(data["game_id"]), round=_whole(data["round"]),
                trick=_whole(data["trick"]), view=view_from_json(data["view"]),
                chosen=choice_of(_text(data["chosen"])), best=choice_of(_text(data["best"])),
                lost=float(data["lost"]), lost_error=float(data["lost_error"]),
                conventions=Conventions.from_options(data["conventions"]),
                step=_whole(data.get("step", 0)),
            )
        except KeptError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise KeptError(f"not a kept position: {error!r}") from None

    @classmethod
    def loads(cls, text: str) -> KeptPosition:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise KeptError(f"not JSON: {error}") from None
        return cls.from_json(data)


def kept_position(game_id: str, round_number: int, trick: int, view: GameView, chosen: Action,
                  best: Action, lost: float, lost_error: float,
                  conventions: Conventions = NO_CONVENTIONS) -> KeptPosition:
    """The position of one reviewed decision (a choice of trump or a card; ``ValueError`` for
    any other action)."""
    if not isinstance(chosen, Card | Trump | Chibre) or not isinstance(best, Card | Trump | Chibre):
        raise ValueError("a kept decision is a choice of trump or a card")
    return KeptPosition(game_id, round_number, trick, view, chosen, best, float(lost),
                        float(lost_error), conventions)


# --- choices ----------------------------------------------------------------------------------


def choice_text(choice: Choice) -> str:
    """``HA`` for a card, ``HEARTS`` for a trump, ``CHIBRE``."""
    if isinstance(choice, Card):
        return str(choice)
    if isinstance(choice, Chibre):
        return "CHIBRE"
    return choice.name


def choice_of(text: str) -> Choice:
    """The choice ``choice_text`` wrote; ``ValueError`` if none."""
    if text == "CHIBRE":
        return CHIBRE
    if text in Trump.__members__:
        return Trump[text]
    return Card.parse(text)


# --- the view ---------------------------------------------------------------------------------


def view_to_json(view: GameView) -> dict[str, Any]:
    """What the learner could see, as plain JSON values (``view_from_json`` reads it back)."""
    return {
        "seat": view.seat, "rules": view.rules.options(), "round": view.round,
        "dealer": view.dealer, "phase": view.phase.name, "to_move": view.current_player,
        "hand": str(view.hand),
        "trump": None if view.trump is None else view.trump.name,
        "chooser": view.trump_chooser, "declarer": view.trump_declarer,
        "chibred": view.chibred, "leader": view.leader,
        "trick": [str(card) for card in view.trick],
        "tricks": [[t.number, t.leader, " ".join(map(str, t.cards)), t.winner, t.points]
                   for t in view.tricks],
        "announced": list(view.announced),
        "own_weis": [_weis_to_json(w) for w in view.own_weis],
        "weis_scored": None if view.weis_scored is None else {
            "best_seat": view.weis_scored.best_seat, "points": view.weis_scored.points,
            "shown": [[seat, [_weis_to_json(w) for w in weises]]
                      for seat, weises in view.weis_scored.shown]},
        "stoeck": None if view.stoeck is None else [view.stoeck.seat, view.stoeck.points],
        "scores": list(view.scores), "round_points": list(view.round_points),
        "legal": [choice_text(a) for a in view.legal_actions
                  if isinstance(a, Card | Trump | Chibre)],
    }


def view_from_json(data: Mapping[str, Any]) -> GameView:
    """The view ``view_to_json`` wrote (``KeyError``, ``TypeError`` or ``ValueError`` if not)."""
    trick = tuple(Card.parse(code) for code in data["trick"])
    return GameView(
        seat=_seat(data["seat"]), rules=Rules(**data["rules"]), round=_whole(data["round"]),
        dealer=_seat(data["dealer"]), phase=Phase[data["phase"]],
        current_player=_seat(data["to_move"]), hand=CardSet.parse(data["hand"]),
        trump=None if data["trump"] is None else Trump[data["trump"]],
        trump_chooser=_seat(data["chooser"]),
        trump_declarer=None if data["declarer"] is None else _seat(data["declarer"]),
        chibred=bool(data["chibred"]), leader=_seat(data["leader"]), trick=trick,
        tricks=tuple(_trick(row) for row in data["tricks"]),
        announced=_four(data["announced"]),
        own_weis=tuple(_weis_from_json(w) for w in data["own_weis"]),
        weis_scored=None if data["weis_scored"] is None else WeisScored(
            _seat(data["weis_scored"]["best_seat"]),
            tuple((_seat(seat), tuple(_weis_from_json(w) for w in weises))
                  for seat, weises in data["weis_scored"]["shown"]),
            _whole(data["weis_scored"]["points"])),
        stoeck=None if data["stoeck"] is None else StoeckScored(
            _seat(data["stoeck"][0]), _whole(data["stoeck"][1])),
        scores=_pair(data["scores"]), round_points=_pair(data["round_points"]),
        legal_actions=tuple(choice_of(code) for code in data["legal"]),
        winner=None,
    )


def seen_cards(view: GameView) -> CardSet:
    """Every card the view shows: the hand, the cards played, those shown in announcements."""
    cards = set(view.hand) | set(view.played)
    if view.weis_scored is not None:
        for _seat_shown, weises in view.weis_scored.shown:
            for weis in weises:
                cards |= set(weis.cards)
    return CardSet(cards)


def _weis_to_json(weis: Weis) -> list[Any]:
    return [weis.kind.name, str(weis.cards), weis.points, str(weis.top)]


def _weis_from_json(row: Sequence[Any]) -> Weis:
    kind, cards, points, top = row
    return Weis(WeisKind[kind], CardSet.parse(cards), _whole(points), Card.parse(top))


def _trick(row: Sequence[Any]) -> TrickWon:
    number, leader, cards, winner, points = row
    played = tuple(Card.parse(code) for code in str(cards).split())
    if len(played) != 4:
        raise ValueError(f"a trick of {len(played)} cards")
    return TrickWon(_whole(number), _seat(leader), (played[0], played[1], played[2], played[3]),
                    _seat(winner), _whole(points))


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def _seat(value: object) -> int:
    seat = _whole(value)
    if seat not in range(4):
        raise ValueError(f"a seat is 0-3, not {seat}")
    return seat


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, not {value!r}")
    return value


def _pair(value: Sequence[Any]) -> tuple[int, int]:
    first, second = value
    return (_whole(first), _whole(second))


def _four(value: Sequence[Any]) -> tuple[int | None, int | None, int | None, int | None]:
    a, b, c, d = (None if v is None else _whole(v) for v in value)
    return (a, b, c, d)


__all__ = ["CHIBRE_GAME", "KEPT_FORMAT", "Choice", "KeptError", "KeptPosition", "choice_of",
           "choice_text", "kept_position", "seen_cards", "view_from_json", "view_to_json"]
