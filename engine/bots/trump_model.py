"""Trump choice by a hand evaluation fitted to played rounds.

Before trump is named a seat sees only its own nine cards, so the choice is a
question of hand evaluation, as a club player learns it: the Buur and the Nell,
the length of the suit, side aces and kings, short suits to trump in. Each
choice is scored by a linear function of such features (``suit_features``,
``hand_features``), and the weights are fitted by least squares to the points
of rounds actually played out with every choice (``engine.bots.trump_fit``):
each deal played once per trump suit by four ``heuristic`` bots, and once per
suit named by the partner after a chibre.

Three models, each predicting the points of the chooser's team and of the
opponents over the round (cards, match, Weis, Stöck):

- ``DIRECT``: the seat names a suit itself;
- ``AFTER_CHIBRE``: the partner passed the choice to the seat, which names a suit
  (its partner is known to be weak);
- ``CHIBRE``: the seat passes, and the partner names the suit ``AFTER_CHIBRE``
  rates best for its own hand (read from the seat's hand alone, since the
  partner's is unseen).

The choice with the best margin (own points minus the opponents') is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.bots.heuristic import SUITS
from engine.cards import CHIBRE, Chibre, Trump

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


# Fitted by ``python -m engine.bots.trump_fit`` (see that module for the command).
# BEGIN FITTED
DIRECT: Weights = (
    (  # own points: 1, T6, T7, T8, ...
        50.9, -6.079, -4.528, -3.542, 10.439, -1.414, 16.367, -5.619,
        -6.437, 1.176, 0.362, 1.35, -9.032, 4.858, 3.333, 29.653,
        -10.007, 15.062, 0.444, 1.471, -0.695, 1.198, -2.35, -2.788,
        21.098, 15.571, 11.815, 6.29, 1.901, 0.549, 0.421,
    ),
    (  # opponents' points: 1, T6, T7, T8, ...
        99.325, -0.132, -3.193, -2.65, 21.042, -6.974, 14.646, -9.609,
        -8.089, -8.162, -3.121, -0.2, -34.292, -2.805, -1.5, 1.381,
        4.018, 29.346, -2.478, -1.58, 0.115, -0.278, 0.029, 0.046,
        -5.809, -0.196, -1.232, -1.181, -1.509, -0.685, 0.665,
    ),
)
AFTER_CHIBRE: Weights = (
    (  # own points: 1, T6, T7, T8, ...
        44.657, -7.438, -8.516, -5.843, 9.703, 0.607, 23.298, -2.185,
        -5.049, -0.254, 4.325, 1.385, -3.594, -1.609, 1.022, 25.651,
        -3.376, 8.061, -0.821, 1.403, -0.511, 4.983, -4.208, -7.755,
        19.06, 10.151, 6.696, 6.065, 2.521, 1.202, 0.955,
    ),
    (  # opponents' points: 1, T6, T7, T8, ...
        102.157, 0.065, 0.535, -2.001, 20.165, -8.202, 10.949, -12.132,
        -9.258, -7.1, -6.978, -0.376, -37.244, 1.78, 0.684, 5.796,
        1.068, 33.798, -1.563, -2.18, 1.821, -2.572, 1.22, 3.862,
        -5.319, 5.213, 5.033, 1.085, -1.488, -0.9, -0.106,
    ),
)
CHIBRE_WEIGHTS: Weights = (
    (  # own points: 1, 6s, 7s, 8s, ...
        3.665, 1.907, 2.088, 3.428, 3.115, 3.309, 7.818, 2.557,
        3.7, 5.064, 7.574, 6.364, 6.677, 12.371, -1.444, -1.277,
        2.111,
    ),
    (  # opponents' points: 1, 6s, 7s, 8s, ...
        2.326, 6.02, 4.192, 4.21, 2.488, 1.995, -3.926, 2.512,
        2.147, 1.292, 4.083, 5.045, 6.206, 5.596, 1.781, 1.817,
        0.061,
    ),
)
# END FITTED

MODEL: Final = Model(DIRECT, AFTER_CHIBRE, CHIBRE_WEIGHTS)

__all__ = ["HAND_FEATURES", "MODEL", "SUITS", "SUIT_FEATURES", "Model", "Weights",
           "best_choice", "best_trump", "choice_points", "hand_features", "margin", "predict",
           "suit_features"]
