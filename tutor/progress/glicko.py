"""Glicko-2 for puzzles, the way Lichess rates them: the learner and the puzzle play a game.

Each attempt is one game and one rating period of its own (Glickman, *Example of the Glicko-2
system*, 2013, steps 1-8). A correct answer is a win for the learner and a loss for the puzzle; a
wrong answer the reverse. Both sides are updated from their ratings *before* the attempt, so the
update is symmetric and deterministic (the volatility is found with Glickman's Illinois
iteration, a fixed number of steps at most).

Choices, documented because they shape what the learner sees:

* ``TAU = 0.75``, as Lichess uses for puzzles: volatility may change quickly, which suits a
  learner whose strength does change quickly.
* Learners start at ``START_VALUE`` ± ``START_DEVIATION`` = 1000 ± 150, volatility 0.06: rated
  like a difficulty-1 puzzle, so "next for me", which serves puzzles near the learner's rating
  (``tutor.progress.choose``), begins with the easiest. Glickman's default, 1500 ± 350, rated a
  newcomer like a difficulty-3 puzzle and let one early miss cost 290 to 410 points; a learner
  who reaches the puzzles has done the lessons that open them, so we start lower and surer.
  From the start, a miss costs 46 points against a difficulty-1 puzzle (23 against
  difficulty 2), a right answer gains 46 (71), and a learner who answers every puzzle right
  is served difficulty 3 from about the 14th puzzle on. The Glicko-2 update itself is
  unchanged: ``CENTER`` (1500) stays the zero of Glicko-2's internal scale.
* A puzzle starts at ``1000 + 250 * (difficulty - 1)`` (1000 … 2000 for difficulty 1 … 5) with
  deviation ``PUZZLE_DEVIATION``: the author's difficulty is a guess, so the first few attempts
  move the puzzle's rating a lot; play decides in the end, never the author (STYLE.md 8).
* Like Lichess, values are kept in bounds so that a long streak cannot run away: rating in
  [``MIN_RATING``, ``MAX_RATING``], deviation in [``MIN_DEVIATION``, ``MAX_DEVIATION``],
  volatility at most ``MAX_VOLATILITY``. With these bounds every quantity stays finite.

>>> after, _ = play(Rating(1500.0, 350.0, 0.06), Rating(1500.0, 350.0, 0.06), won=True)
>>> round(after.value), after.deviation < 350
(1662, True)
>>> missed, _ = play(Rating.initial(), Rating.for_difficulty(1), won=False)
>>> round(Rating.initial().value), round(missed.value - Rating.initial().value)
(1000, -46)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

TAU = 0.75
SCALE = 173.7178  # Glicko-1 points per Glicko-2 unit
CENTER = 1500.0  # the Glicko-1 value of Glicko-2's 0
START_VALUE = 1000.0
START_DEVIATION = 150.0
START_VOLATILITY = 0.06
PUZZLE_DEVIATION = 250.0
MIN_RATING, MAX_RATING = 400.0, 4000.0
MIN_DEVIATION, MAX_DEVIATION = 45.0, 350.0
MAX_VOLATILITY = 0.1
_EPSILON = 1e-6
_MAX_STEPS = 100


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale (value ± deviation), with a volatility."""

    value: float
    deviation: float
    volatility: float

    @classmethod
    def initial(cls) -> Rating:
        """The learner's rating before the first puzzle."""
        return cls(START_VALUE, START_DEVIATION, START_VOLATILITY)

    @classmethod
    def for_difficulty(cls, difficulty: int) -> Rating:
        """A puzzle's rating before anyone played it, from its authored difficulty (1-5)."""
        value = 1000.0 + 250.0 * (difficulty - 1)
        return cls(_clamp(value, MIN_RATING, MAX_RATING), PUZZLE_DEVIATION, START_VOLATILITY)


def play(learner: Rating, puzzle: Rating, *, won: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt; ``won`` = answered correctly."""
    score = 1.0 if won else 0.0
    return rate(learner, [(puzzle, score)]), rate(puzzle, [(learner, 1.0 - score)])


def expected(player: Rating, opponent: Rating) -> float:
    """The probability, as Glicko-2 sees it, that ``player`` wins against ``opponent``."""
    mu, mu_j, phi_j = _mu(player), _mu(opponent), opponent.deviation / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """Steps 2-8 of Glicko-2: ``player`` after one rating period of ``games`` (opponent, score).

    Glickman's worked example (tau 0.5; published as 1464.06, 151.52, 0.05999, from rounded
    intermediate values):

    >>> r = rate(Rating(1500, 200, 0.06), [(Rating(1400, 30, 0.06), 1.0),
    ...     (Rating(1550, 100, 0.06), 0.0), (Rating(1700, 300, 0.06), 0.0)], tau=0.5)
    >>> round(r.value, 2), round(r.deviation, 2), round(r.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu, phi = _mu(player), player.deviation / SCALE
    info = 0.0  # 1 / v
    gain = 0.0  # sum of g * (s - E)
    for opponent, score in games:
        g, e = _g(opponent.deviation / SCALE), expected(player, opponent)
        info += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / info
    sigma = min(_volatility(phi, player.volatility, v, v * gain, tau), MAX_VOLATILITY)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + info)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(
        _clamp(CENTER + SCALE * mu_new, MIN_RATING, MAX_RATING),
        _clamp(SCALE * phi_new, MIN_DEVIATION, MAX_DEVIATION),
        sigma,
    )


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm (regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < _MAX_STEPS:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_STEPS):
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _mu(rating: Rating) -> float:
    return (rating.value - CENTER) / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _clamp(x: float, low: float, high: float) -> float:
    return max(low, min(high, x))
