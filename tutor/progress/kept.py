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
    PommeChoice,
    PommePhase,
    PommeTrickWon,
    PommeView,
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
#: The games a kept position is of.
CHIBRE_GAME: Final = "chibre"
POMME_GAME: Final = "pomme"

Choice = Card | Trump | Chibre
#: A choice of either game: Chibre's trump or chibre, Pomme's choices that are no card, a card.
AnyChoice = Card | Trump | Chibre | PommeChoice
AnyView = GameView | PommeView


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
    trick: int  # 1 to 9; 0 for the choice of trump (Pomme's: of the trump 6)
    view: AnyView
    chosen: AnyChoice
    best: AnyChoice
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
        """Whether the decision is Chibre's choice of trump."""
        return isinstance(self.view, GameView) and self.view.phase is Phase.TRUMP

    def to_json(self) -> dict[str, Any]:
        """The position as plain JSON values (``from_json`` reads it back)."""
        return {
            "version": KEPT_FORMAT, "game": self.game, "game_id": self.game_id,
            "round": self.round, "trick": self.trick, "step": self.step,
            "view": (view_to_json(self.view) if isinstance(self.view, GameView)
                     else pomme_view_to_json(self.view)),
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
            game = data["game"]
            if game not in (CHIBRE_GAME, POMME_GAME):
                raise KeptError(f"game {game!r} keeps no positions")
            view: AnyView = (view_from_json(data["view"]) if game == CHIBRE_GAME
                             else pomme_view_from_json(data["view"]))
            return cls(
                game_id=_text(data["game_id"]), round=_whole(data["round"]),
                trick=_whole(data["trick"]), view=view, game=game,
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
    """The position of one reviewed decision of Chibre (a choice of trump or a card;
    ``ValueError`` for any other action)."""
    if not isinstance(chosen, Card | Trump | Chibre) or not isinstance(best, Card | Trump | Chibre):
        raise ValueError("a kept decision is a choice of trump or a card")
    return KeptPosition(game_id, round_number, trick, view, chosen, best, float(lost),
                        float(lost_error), conventions)


def kept_pomme_position(game_id: str, round_number: int, trick: int, step: int,
                        view: PommeView, chosen: Card | PommeChoice, best: Card | PommeChoice,
                        lost: float, lost_error: float) -> KeptPosition:
    """The position of one reviewed decision of Pomme (``step``: its order within the trick,
    the trump 6's, the aside's, the blind's and the cards given up before the first card)."""
    return KeptPosition(game_id, round_number, trick, view, chosen, best, float(lost),
                        float(lost_error), game=POMME_GAME, step=step)


# --- choices ----------------------------------------------------------------------------------


def choice_text(choice: AnyChoice) -> str:
    """``HA`` for a card, ``HEARTS`` for a trump, ``CHIBRE``, ``TAKE_ASIDE`` for Pomme's."""
    if isinstance(choice, Card):
        return str(choice)
    if isinstance(choice, Chibre):
        return "CHIBRE"
    return choice.name


def choice_of(text: str) -> AnyChoice:
    """The choice ``choice_text`` wrote; ``ValueError`` if none."""
    if text == "CHIBRE":
        return CHIBRE
    if text in Trump.__members__:
        return Trump[text]
    if text in PommeChoice.__members__:
        return PommeChoice[text]
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
        legal_actions=tuple(_chibre_choice(_text(code)) for code in data["legal"]),
        winner=None,
    )


def pomme_view_to_json(view: PommeView) -> dict[str, Any]:
    """What the learner could see at Pomme (``pomme_view_from_json`` reads it back): never
    another hand nor the aside, only the hand the learner gave up for it."""
    return {
        "seat": view.seat, "players": view.players, "round": view.round, "dealer": view.dealer,
        "phase": view.phase.name, "to_move": view.current_player, "hand": str(view.hand),
        "trump": view.trump.name, "shown": str(view.shown),
        "six_exchanged": view.six_holder_exchanged, "six_holder": view.six_holder,
        "aside_taken_by": view.aside_taken_by, "given_up": str(view.given_up),
        "aside_available": view.aside_available, "leader": view.leader,
        "trick": [str(card) for card in view.trick],
        "tricks": [[t.number, t.leader, " ".join(map(str, t.cards)), t.winner, t.points]
                   for t in view.tricks],
        "round_points": list(view.round_points), "scores": list(view.scores),
        "legal": [choice_text(a) for a in view.legal_actions], "winners": list(view.winners),
        "blind_exchanged": list(view.blind_exchanged),
    }


def pomme_view_from_json(data: Mapping[str, Any]) -> PommeView:
    """The view ``pomme_view_to_json`` wrote (``KeyError``, ``TypeError`` or ``ValueError`` if
    not)."""
    players = _whole(data["players"])
    if players not in (2, 3, 5):
        raise ValueError(f"Pomme is played by 2, 3 or 5, not {players}")

    def seat(value: object) -> int:
        found = _whole(value)
        if found not in range(players):
            raise ValueError(f"a seat is 0-{players - 1}, not {found}")
        return found

    def maybe(value: object) -> int | None:
        return None if value is None else seat(value)

    legal: list[Card | PommeChoice] = []
    for code in data["legal"]:
        choice = choice_of(_text(code))
        if not isinstance(choice, Card | PommeChoice):
            raise ValueError(f"{code!r} is no choice of Pomme")
        legal.append(choice)
    return PommeView(
        seat=seat(data["seat"]), players=players, round=_whole(data["round"]),
        dealer=seat(data["dealer"]), phase=PommePhase[data["phase"]],
        current_player=seat(data["to_move"]), hand=CardSet.parse(data["hand"]),
        trump=Trump[data["trump"]], shown=Card.parse(data["shown"]),
        six_holder_exchanged=maybe(data["six_exchanged"]), six_holder=maybe(data["six_holder"]),
        aside_taken_by=maybe(data["aside_taken_by"]), given_up=CardSet.parse(data["given_up"]),
        aside_available=bool(data["aside_available"]), leader=seat(data["leader"]),
        trick=tuple(Card.parse(code) for code in data["trick"]),
        tricks=tuple(PommeTrickWon(_whole(n), seat(leader),
                                   tuple(Card.parse(c) for c in str(cards).split()),
                                   seat(winner), _whole(points))
                     for n, leader, cards, winner, points in data["tricks"]),
        round_points=tuple(_whole(v) for v in data["round_points"]),
        scores=tuple(_whole(v) for v in data["scores"]),
        legal_actions=tuple(legal), winners=tuple(seat(v) for v in data["winners"]),
        blind_exchanged=tuple(None if v is None else bool(v) for v in data["blind_exchanged"]),
    )


def seen_cards(view: GameView) -> CardSet:
    """Every card the view shows: the hand, the cards played, those shown in announcements."""
    cards = set(view.hand) | set(view.played)
    if view.weis_scored is not None:
        for _seat_shown, weises in view.weis_scored.shown:
            for weis in weises:
                cards |= set(weis.cards)
    return CardSet(cards)


def _chibre_choice(code: str) -> Choice:
    choice = choice_of(code)
    if isinstance(choice, PommeChoice):
        raise ValueError(f"{code!r} is no choice of Chibre")
    return choice


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


__all__ = ["CHIBRE_GAME", "KEPT_FORMAT", "POMME_GAME", "AnyChoice", "AnyView", "Choice",
           "KeptError", "KeptPosition", "choice_of", "choice_text", "kept_pomme_position",
           "kept_position", "pomme_view_from_json", "pomme_view_to_json", "seen_cards",
           "view_from_json", "view_to_json"]
