"""Trump choice by a hand evaluation fitted to played rounds.

Before trump is named a seat sees only its own nine cards, so the choice is a
question of hand evaluation, as a club player learns it: the Buur and the Nell,
the length of the suit, side aces and kings, short suits to trump in. Each
choice is scored by a linear function of such features (``suit_features``,
``hand_features``), and the weights are fitted by least squares to the points
of rounds actually played out with every choice (``scripts/trump_fit.py``):
each deal played once per trump suit by four ``heuristic`` bots, and once per
suit named by the partner after a chibre.

Three models, each predicting the points of the chooser's team and of the
opponents over the round (cards, match, Weis, Stöck):

- ``direct``: the seat names a suit itself;
- ``after_chibre``: the partner passed the choice to the seat, which names a suit
  (its partner is known to be weak);
- ``chibre``: the seat passes, and the partner names the suit ``after_chibre``
  rates best for its own hand (read from the seat's hand alone, since the
  partner's is unseen).

The choice with the best margin (own points minus the opponents') is played.

The fitted weights are data, not code: ``trump_weights.json`` beside this module,
read through ``importlib.resources`` (``load_model``) and written by the fitter
(``Model.to_json``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Final

from engine.cards import CHIBRE, Chibre, Trump
from engine.chibre.bots.heuristic import SUITS

_NELL, _TEN, _BUUR, _QUEEN, _KING, _ACE = 3, 4, 5, 6, 7, 8

#: Names of ``suit_features``, in order (for the fitter's printout and the tests).
SUIT_FEATURES: Final = (
    "1", "T6", "T7", "T8", "T9", "T10", "TJ", "TQ", "TK", "TA",
    "trumps", "trumps^2", "J+9", "J*trumps", "9*trumps", "K+Q", "J+9+A", "no J no 9",
    "side A", "side K", "side A+K", "side 10", "side A+10", "side bare 10", "side A+K+Q",
    "voids", "singletons", "doubletons", "voids*trumps", "singletons*trumps", "side A*trumps",
)
#: Names of ``hand_features``, in order.
HAND_FEATURES: Final = (
    "1", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As",
    "shortest", "2nd shortest", "2nd longest", "longest", "J+9 pairs", "J*length", "A+K pairs",
)


def _has(hand: int, suit: int, rank: int) -> int:
    return hand >> (suit * 9 + rank) & 1


def _length(hand: int, suit: int) -> int:
    return (hand >> (suit * 9) & 0x1FF).bit_count()


def suit_features(hand: int, suit: int) -> tuple[int, ...]:
    """Features of ``hand`` (a mask) with ``suit`` (0-3) as trump."""
    ranks = [_has(hand, suit, r) for r in range(9)]
    n = _length(hand, suit)
    buur, nell, ace = ranks[_BUUR], ranks[_NELL], ranks[_ACE]
    aces = kings = ace_kings = tens = ace_tens = bare_tens = ace_king_queens = 0
    voids = singletons = doubletons = 0
    for side in range(4):
        if side == suit:
            continue
        length = _length(hand, side)
        a, k = _has(hand, side, _ACE), _has(hand, side, _KING)
        ten, queen = _has(hand, side, _TEN), _has(hand, side, _QUEEN)
        aces += a
        kings += k
        ace_kings += a * k
        tens += ten
        ace_tens += ten * a
        bare_tens += ten * (1 - a) * (length <= 2)
        ace_king_queens += queen * a * k
        voids += length == 0
        singletons += length == 1
        doubletons += length == 2
    return (1, *ranks, n, n * n, buur * nell, buur * n, nell * n,
            ranks[_KING] * ranks[_QUEEN], buur * nell * ace, (1 - buur) * (1 - nell),
            aces, kings, ace_kings, tens, ace_tens, bare_tens, ace_king_queens,
            voids, singletons, doubletons, voids * n, singletons * n, aces * n)


def hand_features(hand: int) -> tuple[int, ...]:
    """Features of ``hand`` that do not depend on the trump (for passing the choice)."""
    counts = [sum(_has(hand, s, r) for s in range(4)) for r in range(9)]
    lengths = sorted(_length(hand, s) for s in range(4))
    return (1, *counts, *lengths,
            sum(_has(hand, s, _BUUR) * _has(hand, s, _NELL) for s in range(4)),
            sum(_has(hand, s, _BUUR) * _length(hand, s) for s in range(4)),
            sum(_has(hand, s, _ACE) * _has(hand, s, _KING) for s in range(4)))


Weights = tuple[tuple[float, ...], tuple[float, ...]]
"""Two rows of weights: the chooser's team's points, the opponents' points."""


def _dot(weights: Sequence[float], features: Sequence[int]) -> float:
    return sum(w * f for w, f in zip(weights, features, strict=True))


def predict(weights: Weights, features: Sequence[int]) -> tuple[float, float]:
    """(own points, opponents' points) predicted from ``features``."""
    return _dot(weights[0], features), _dot(weights[1], features)


def choice_points(hand: int, may_chibre: bool, after_chibre: bool,
                  model: Model | None = None) -> dict[Trump | Chibre, tuple[float, float]]:
    """Predicted (own, opponents') points of each choice open to the seat:
    the four suits, and chibre when ``may_chibre``."""
    model = model or MODEL
    table = model.after_chibre if after_chibre else model.direct
    found: dict[Trump | Chibre, tuple[float, float]] = {
        SUITS[s]: predict(table, suit_features(hand, s)) for s in range(4)}
    if may_chibre:
        found[CHIBRE] = predict(model.chibre, hand_features(hand))
    return found


def margin(points: tuple[float, float]) -> float:
    return points[0] - points[1]


def best_choice(hand: int, may_chibre: bool, after_chibre: bool,
                model: Model | None = None) -> Trump | Chibre:
    """The choice of best predicted margin."""
    found = choice_points(hand, may_chibre, after_chibre, model)
    return max(found, key=lambda a: margin(found[a]))


def best_trump(hand: int, after_chibre: bool, model: Model | None = None) -> Trump:
    """The suit of best predicted margin (chibre not considered)."""
    found = choice_points(hand, False, after_chibre, model)
    return max(SUITS, key=lambda s: margin(found[s]))


class Model:
    """The three fitted tables."""

    def __init__(self, direct: Weights, after_chibre: Weights, chibre: Weights) -> None:
        for name, table, size in (("direct", direct, len(SUIT_FEATURES)),
                                  ("after_chibre", after_chibre, len(SUIT_FEATURES)),
                                  ("chibre", chibre, len(HAND_FEATURES))):
            if any(len(row) != size for row in table):
                raise ValueError(f"{name}: expected {size} weights per row")
        self.direct = direct
        self.after_chibre = after_chibre
        self.chibre = chibre

    def to_json(self) -> str:
        """The tables as the text of ``trump_weights.json`` (what ``load_model`` reads)."""
        def table(weights: Weights) -> dict[str, list[float]]:
            return {"own": list(weights[0]), "opponents": list(weights[1])}
        data = {"about": WEIGHTS_ABOUT, "suit_features": list(SUIT_FEATURES),
                "hand_features": list(HAND_FEATURES), "direct": table(self.direct),
                "after_chibre": table(self.after_chibre), "chibre": table(self.chibre)}
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Model:
        """The tables of ``to_json``'s text; ``ValueError`` if they are not for these features."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("trump weights: expected a JSON object")
        if data.get("suit_features") != list(SUIT_FEATURES) or \
                data.get("hand_features") != list(HAND_FEATURES):
            raise ValueError("trump weights: fitted for other features than suit_features and "
                             "hand_features compute; fit them again (scripts/trump_fit.py)")
        return cls(_table(data, "direct"), _table(data, "after_chibre"), _table(data, "chibre"))


WEIGHTS_FILE: Final = "trump_weights.json"
WEIGHTS_ABOUT: Final = ("The weights of engine/chibre/bots/trump_model.py, written by "
                        "scripts/trump_fit.py --write (docs/performance.md: the command and "
                        "the fit's figures)")


def _table(data: Mapping[str, object], name: str) -> Weights:
    table = data.get(name)
    rows = [_numbers(table.get(key)) for key in ("own", "opponents")] \
        if isinstance(table, dict) else []
    if len(rows) != 2 or rows[0] is None or rows[1] is None:
        raise ValueError(f"trump weights: {name} needs two lists of numbers, own and opponents")
    return rows[0], rows[1]


def _numbers(row: object) -> tuple[float, ...] | None:
    """``row`` as floats if it is a JSON list of numbers, else None."""
    if not isinstance(row, list) or not all(
            isinstance(w, int | float) and not isinstance(w, bool) for w in row):
        return None
    return tuple(float(w) for w in row)


def load_model() -> Model:
    """The fitted model shipped with the engine (``trump_weights.json``)."""
    weights = resources.files("engine.chibre.bots").joinpath(WEIGHTS_FILE)
    return Model.from_json(weights.read_text(encoding="utf-8"))


MODEL: Final = load_model()

__all__ = ["HAND_FEATURES", "MODEL", "SUITS", "SUIT_FEATURES", "WEIGHTS_FILE", "Model",
           "Weights", "best_choice", "best_trump", "choice_points", "hand_features",
           "load_model", "margin", "predict", "suit_features"]
