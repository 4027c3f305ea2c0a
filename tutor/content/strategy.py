"""Strategy decisions: the best card, or the best trump, defended by the engine (no Qt).

A strategy exercise or puzzle is a decision a strong player makes from what they can see: seat 0
(you) holds nine cards at the start of the round, the other hands are hidden; trump was named
(or is yours to name, or to name after your partner's chibre) and some cards have been played.
Which choice is best is not a rule but a judgement, so the answer is measured, the same way
every time, and shown with its figures:

- **a card** (``trump`` given): the expert's search (``engine.weighed_deals``: the
  expert bot's own double-dummy search with its evaluation and its model of the opponents in
  the trick in progress) over ``CARD_DEALS`` deals of the hidden cards consistent with what you
  have seen (the cards played, who could not follow, the announcements; no discard signal: the
  content is measured under no convention, ``engine.chibre.conventions``), weighed by how well
  they explain the opponents' plays, as the expert reads them (``engine.weighed_deals``, see
  ``CHECK_BUDGET``). Each legal card gets the weighted mean points your team takes from now to
  the end of the round. With ``need`` (playing to the score: the points your team needs this
  round to win the game), each card gets instead the weighted share of deals that make them.
- **a trump** (``trump`` absent): every choice open to you (the four suits, and chibre unless
  your partner has just passed it to you) over ``TRUMP_DEALS`` deals of the 27 cards you cannot
  see, each played out from the first lead by the expert's playout (``engine.chibre.bots.rollout``,
  every hand open, from the first lead of the player who chose, the Stöck and the announcements
  counted: your team's Stöck, and its announcements when it holds the best one, R-WEIS-BEST);
  after a chibre, your partner names the trump its hand is
  best for by the expert's own evaluation (``engine.chibre.bots.trump_model``). The expert's hand
  evaluation (``engine.chibre.bots.expert.trump_values``) must agree on the best choice.

A position is an exercise only when the answer wins by a clear margin: at least ``MIN_POINTS``
expected points (``MIN_SHARE`` of the deals with ``need``) over the runner-up, and ``MIN_Z``
standard errors of the mean paired difference over the same deals; otherwise it is refused with
the figures. The deals are drawn from the position's own seed (``seed_of``), so a check gives
the same figures at every run.

The search is too slow to run on every item at each start of the app (a fifth of a second a
card decision), so its figures are kept in ``puzzles/engine-checks.json`` (``CHECKS_FILE``),
keyed by a digest of the position and of how it is measured (``digest``); the loader uses a kept
figure only for the exact position it was computed for and measures any other itself, and the
tests measure every shipped item again and compare (``python -m tutor.content check --write``
writes the file, ``check --measure`` compares without writing).
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
import zlib
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from engine import (
    CHIBRE,
    NO_CONVENTIONS,
    Budget,
    Card,
    CardSet,
    Chibre,
    Conventions,
    Game,
    GameView,
    Phase,
    Rank,
    Trump,
    WeighedDeals,
    WeisChoice,
    best_trump,
    best_weis,
    find_weis,
    greedy_round,
    has_stoeck,
    trump_values,
    weighed_deals,
)
from tutor.content.reader import Reader, describe
from tutor.content.source import KeyPath
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.data import PUZZLES, data_root
from tutor.files import read_bytes

#: Deals of the hidden cards the search measures a card decision over.
CARD_DEALS: Final = 40
#: Deals of the unseen 27 cards a trump decision is played out over.
TRUMP_DEALS: Final = 400
#: The expert's search for a check: at most ``CARD_DEALS`` different deals, never cut short,
#: weighed as the expert bot weighs them, by how well they explain the opponents' plays so far
#: (``engine.chibre.bots.inference.PlayModel``: a deal the heuristic rules would not have played
#: as the opponents did counts 0.01 for each play they would not have made). A player reads the
#: table so: a low lead says the ace is elsewhere. How (issue 33): ``engine.weighed_deals`` draws
#: a pool of ``pool`` times 40 deals uniformly among those consistent with what was seen (more,
#: while the pool is too narrow), merges equal deals, then searches either the heaviest deals
#: when they hold nearly all the weight, each counted by its weight, or 40 drawn by weight. Two
#: earlier ways were not honest: the bot's own draw with repeats (a figure over 40 "deals" that
#: are a few, its standard error over the repeats), and a draw without repeats of exactly 40
#: (when fewer deals explain the play, it filled the 40 with deals a hundred times less likely,
#: counted as much, and in a position of few hidden cards the pool's copies of one deal were
#: still counted as many deals). Each figure is a weighted mean; its standard error divides the
#: weighted spread by the deals the mean is worth (``WeighedDeals.effective``), and ``deals`` is
#: how many different deals were searched. Where the play pins the hidden cards (a few cards
#: left, plays only one layout explains), the figures are those of that layout: a real property
#: of the position as a player who reads the table sees it, not a defect of drawing.
CHECK_BUDGET: Final = Budget(worlds=CARD_DEALS, deep_worlds=CARD_DEALS, min_worlds=CARD_DEALS,
                             work=10**12, pool=10)
#: The least gain of the answer over the runner-up, in expected points for the team ...
MIN_POINTS: Final = 4.0
#: ... in the share of deals that make the points needed (playing to the score) ...
MIN_SHARE: Final = 0.10
#: ... and in standard errors of the mean paired difference.
MIN_Z: Final = 2.0
#: Changes whenever what a check computes changes, so kept figures are measured again.
METHOD: Final = "strategy-3"

#: The largest file of kept figures read (the shipped one is under 40 kB).
MAX_CHECKS_BYTES: Final = 5_000_000
#: Where the kept figures are, from the content root (beside the puzzle sets).
CHECKS_FILE: Final = f"{PUZZLES}/engine-checks.json"
#: The most points a team can need in a round and still make them by its tricks (R-POINTS).
MAX_NEED: Final = 157

#: The largest mean a kept figure in points may have (a round's 157, the match bonus, the
#: Stöck and announcements stay well under it): a larger one is no figure and is measured again.
MAX_POINTS_FIGURE: Final = 500.0
#: The most deals a kept figure may be over.
MAX_DEALS: Final = 100_000

TRUMP_CODES: Final[dict[str, Trump | Chibre]] = {
    "H": Trump.HEARTS, "D": Trump.DIAMONDS, "C": Trump.CLUBS, "S": Trump.SPADES,
    "chibre": CHIBRE,
}


def choice_code(choice: Card | Trump | Chibre) -> str:
    """``HA`` for a card, ``H`` for a trump, ``chibre``: how a choice is written in YAML."""
    if isinstance(choice, Card):
        return str(choice)
    if isinstance(choice, Chibre):
        return "chibre"
    return next(code for code, value in TRUMP_CODES.items() if value == choice)


# --- the position ---------------------------------------------------------------------------


class PositionError(ValueError):
    """The position cannot be reached: ``field`` names the YAML field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def position_game(task: StrategyTask) -> Game:
    """The round played by the engine up to the decision: trump chosen (after a chibre if
    ``chibred``), every announcement made, then ``played`` card by card. ``PositionError`` if
    the engine refuses a step, or if it is not then seat 0's decision of the task's kind."""
    scores = (0, 0)
    if task.need is not None:
        scores = (Game().rules.target - task.need, 0)
    game = Game(deal=list(task.deal), dealer=(task.chooser + 3) % 4, chooser=task.chooser,
                scores=scores)
    if task.trump is None:
        if task.chibred:
            game.apply(CHIBRE)
        if game.current_player != 0 or game.phase is not Phase.TRUMP:
            raise PositionError("chooser", "you (seat 0) do not choose trump here: the chooser "
                                "is seat 0, or seat 2 with chibre: true")
        return game
    if task.chibred:
        game.apply(CHIBRE)
    game.apply(task.trump)
    for number, card in enumerate(task.played):
        _announce(game)
        if card not in game.legal_actions():
            seat = game.current_player
            raise PositionError("played", f"card {number + 1}, {card}, cannot be played by seat "
                                f"{seat}: {_refusal(game, card)}")
        game.apply(card)
    _announce(game)
    if game.is_over:
        raise PositionError("need", "the game is over before your decision: your team has made "
                            "the points it needs")
    if game.phase is not Phase.PLAY or game.current_player != 0:
        raise PositionError("played", f"after these cards it is seat {game.current_player}'s "
                            "turn, not yours (seat 0)")
    return game


def _announce(game: Game) -> None:
    """Every announcement made, as the bots make them (the announcements lesson says when)."""
    while game.phase is Phase.WEIS:
        game.apply(WeisChoice.ANNOUNCE)


def _refusal(game: Game, card: Card) -> str:
    hand = game.view(game.current_player).hand
    if card not in hand:
        return "it is not in that hand"
    return "the rules refuse it"


def seed_of(task: StrategyTask) -> int:
    """The position's own seed: the same deals at every check."""
    return zlib.crc32(canonical(task).encode("ascii"))


def canonical(task: StrategyTask) -> str:
    """The position as one line of text: what the digest and the seed are made of."""
    return "|".join([
        " ".join(str(hand) for hand in task.deal),
        str(task.chooser), "chibre" if task.chibred else "-",
        "-" if task.trump is None else choice_code(task.trump),
        " ".join(str(card) for card in task.played),
        "-" if task.need is None else str(task.need),
    ])


def digest(task: StrategyTask) -> str:
    """What a kept figure is keyed by: the position and how it is measured."""
    text = f"{METHOD}|{CARD_DEALS}|{TRUMP_DEALS}|{canonical(task)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:24]


# --- measuring --------------------------------------------------------------------------------


# --- bounds of a load -------------------------------------------------------------------------

#: Set when the app quits (``tutor.content.loader.stop_loading``): a load under way ends at the
#: next item or deal it measures, raising ``Stopped``.
STOP = threading.Event()
_BOUND = threading.local()  # the deadline of the lesson or puzzle file being checked, if any


class Stopped(Exception):
    """The app is quitting: the load under way ends now (never a problem of the content)."""


class OutOfTime(Exception):
    """Measuring one more strategy item would go past the bound of its lesson or file."""


@contextmanager
def measuring_until(deadline: float) -> Iterator[None]:
    """Strategy items of this thread are measured only until ``deadline`` (``time.monotonic``):
    one more raises ``OutOfTime`` (the loader's bound, checked at every item)."""
    before = getattr(_BOUND, "deadline", None)
    _BOUND.deadline = deadline
    try:
        yield
    finally:
        _BOUND.deadline = before


def may_go_on() -> None:
    """Raise ``Stopped`` if the app is quitting, ``OutOfTime`` past this thread's deadline."""
    if STOP.is_set():
        raise Stopped("the app is quitting")
    deadline = getattr(_BOUND, "deadline", None)
    if deadline is not None and time.monotonic() >= deadline:
        raise OutOfTime(f"past the bound of {deadline:.1f}")


def measure(task: StrategyTask) -> StrategySolution:
    """The engine's figures for every choice of the position (see the module doc)."""
    game = position_game(task)
    view = game.view(0)
    if task.trump is None:
        return _measure_trump(task, view)
    return _measure_card(task, view)


def measure_all(tasks: Iterable[StrategyTask],
                processes: int | None = None) -> dict[str, StrategySolution]:
    """``measure`` of each task, by ``digest``, on ``processes`` worker processes (by default
    one a core): the same figures as one at a time, each measure being seeded by its own
    position. For the checks that measure every item again (``check --measure``, ``--write``
    and the tests), which would otherwise leave all cores but one idle."""
    unique = {digest(task): task for task in tasks}
    workers = min(processes or os.cpu_count() or 1, len(unique))
    if workers <= 1:
        return {key: measure(task) for key, task in unique.items()}
    # spawn: a fork of a process running Qt's or the loader's threads could inherit a held lock
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return dict(zip(unique, pool.map(measure, unique.values()), strict=True))


def _measure_card(task: StrategyTask, view: GameView) -> StrategySolution:
    return card_solution(view, random.Random(seed_of(task)), task.need)


def card_solution(view: GameView, rng: random.Random, need: int | None = None,
                  conventions: Conventions = NO_CONVENTIONS) -> StrategySolution:
    """The figures of every legal card of ``view`` (the seat to move's) over ``CARD_DEALS``
    deals of the hidden cards consistent with it, drawn from ``rng``: the course's measure of a
    card decision, for any position a seat can see (a kept position of the learner's games is
    re-dealt this way, ``tutor.progress.drills``). With ``need``, the share of deals that make
    the points the seat's team needs this round. The deals honour the partner's signal
    under ``conventions`` (the course's content is measured under none)."""
    return card_figures(view, card_rows(view, rng, conventions), need)


def card_rows(view: GameView, rng: random.Random,
              conventions: Conventions = NO_CONVENTIONS) -> WeighedDeals:
    """The search behind ``card_solution``: the deals searched, each with its points of every
    legal card (by card index) and its weight (``engine.weighed_deals``)."""
    return weighed_deals(view, rng, CHECK_BUDGET, conventions)


def card_figures(view: GameView, deals: WeighedDeals,
                 need: int | None = None) -> StrategySolution:
    """``card_solution``'s figures from its ``deals``: points, or with ``need`` the
    weighted share of deals that make them."""
    rows = deals.rows
    cards = sorted(rows[0])
    if need is not None:
        have = view.round_points[view.team]
        per_deal = {Card.from_index(c): [1.0 if have + row[c] >= need else 0.0 for row in rows]
                    for c in cards}
    else:
        per_deal = {Card.from_index(c): [row[c] for row in rows] for c in cards}
    unit = "share" if need is not None else "points"
    if len(set(deals.weights)) == 1 and deals.effective == len(rows):  # equal: a plain mean
        return _solution(per_deal, len(rows), unit, {})
    return _solution(per_deal, len(rows), unit, {}, deals.weights, deals.effective)


def _measure_trump(task: StrategyTask, view: GameView) -> StrategySolution:
    return trump_solution(view, random.Random(seed_of(task)))


def trump_solution(view: GameView, rng: random.Random) -> StrategySolution:
    """The figures of every trump choice open to seat 0 in ``view`` over ``TRUMP_DEALS`` deals
    of the 27 cards it cannot see, drawn from ``rng``, each played out from the first lead of
    the seat that chose (``view.trump_chooser``): the course's measure of a trump decision."""
    if view.seat != 0 or view.phase is not Phase.TRUMP:
        raise ValueError("a trump decision is measured from seat 0, in the trump phase")
    hand = view.hand
    chooser = view.trump_chooser
    unseen = sorted(CardSet.full() - hand)
    choices = [a for a in view.legal_actions if isinstance(a, Trump | Chibre)]
    per_deal: dict[Card | Trump | Chibre, list[float]] = {choice: [] for choice in choices}
    for _ in range(TRUMP_DEALS):
        if STOP.is_set():  # a quit does not wait for the 400 deals
            raise Stopped("the app is quitting")
        cards = list(unseen)
        rng.shuffle(cards)
        hands = [hand, CardSet(cards[0:9]), CardSet(cards[9:18]), CardSet(cards[18:27])]
        masks = [h.mask for h in hands]
        for choice in choices:
            trump = (best_trump(masks[2], after_chibre=True) if isinstance(choice, Chibre)
                     else choice)
            points = greedy_round(masks, int(trump), chooser)[0]
            if has_stoeck(hands[0], trump) or has_stoeck(hands[2], trump):
                points += 20
            points += _announced(hands, trump, chooser)
            per_deal[choice].append(float(points))
    model = {choice_code(a): v for a, v in trump_values(view).items()}
    return _solution(per_deal, TRUMP_DEALS, "points", model)


def _announced(hands: list[CardSet], trump: Trump, leader: int) -> int:
    """The announcements your team scores in this deal (R-WEIS-BEST): every player announces
    what the hand holds, and the team of the single best announcement, in order of play from
    ``leader``, scores all of its own."""
    order = [(leader + i) % 4 for i in range(4)]
    declared = [find_weis(hands[seat], trump) for seat in order]
    best = best_weis(declared, trump)
    if best is None or order[best] % 2 != 0:
        return 0
    return sum(w.points for seat, weises in zip(order, declared, strict=True) if seat % 2 == 0
               for w in weises)


def _solution(per_deal: Mapping[Any, list[float]], deals: int, unit: str,
              model: dict[str, float], weights: list[float] | None = None,
              effective: float | None = None) -> StrategySolution:
    """The figures of every choice: its mean over the deals (weighted by ``weights``, summing to
    1, when the deals are weighed), best first, and each other choice's standard error of the
    best one's gain over it, deal by deal: the weighted spread of the gains over the ``effective``
    deals the mean is worth (with equal weights, the usual sample standard error)."""
    count = len(next(iter(per_deal.values())))
    shares = weights if weights is not None else [1.0 / count] * count
    worth = effective if effective is not None else float(count)

    def mean(values: list[float]) -> float:
        if weights is None:
            return statistics.fmean(values)
        return math.fsum(w * v for w, v in zip(shares, values, strict=True))

    means = {choice_code(c): mean(v) for c, v in per_deal.items()}
    order = sorted(means, key=lambda code: (-means[code], code))
    errors: dict[str, float] = {}
    best = next(c for c in per_deal if choice_code(c) == order[0])
    for choice, values in per_deal.items():
        code = choice_code(choice)
        if code == order[0]:
            continue
        gains = [b - v for b, v in zip(per_deal[best], values, strict=True)]
        if weights is None:
            errors[code] = statistics.stdev(gains) / count ** 0.5 if count > 1 else 0.0
        else:
            errors[code] = _error(gains, shares, worth)
    return StrategySolution(
        values=tuple((code, round(means[code], 3)) for code in order),
        errors=tuple((code, round(errors[code], 3)) for code in order[1:]),
        deals=deals, unit=unit,
        model=tuple((code, round(value, 3)) for code, value in sorted(model.items())))


def _error(gains: list[float], shares: list[float], worth: float) -> float:
    """The standard error of the weighted mean of ``gains``: their weighted variance, corrected
    as a sample variance is (``worth`` over ``worth`` - 1), over the ``worth`` deals the mean is
    worth; 0 when it rests on one deal's worth or the gains do not vary."""
    if worth <= 1.0:
        return 0.0
    centre = math.fsum(w * g for w, g in zip(shares, gains, strict=True))
    spread = math.fsum(w * (g - centre) ** 2 for w, g in zip(shares, gains, strict=True))
    return math.sqrt(spread * worth / (worth - 1.0) / worth)


def problem(solution: StrategySolution) -> str | None:
    """Why the position is no exercise (no choice, too close, the two measures disagree), with
    the figures; ``None`` if it is one."""
    if len(solution.values) < 2:
        return f"only {solution.values[0][0]} is possible: there is nothing to choose"
    best, value = solution.values[0]
    runner, second = solution.values[1]
    least = MIN_SHARE if solution.unit == "share" else MIN_POINTS
    gain = value - second
    shown = _figure(solution.unit)
    for code, error in solution.errors:
        other = dict(solution.values)[code]
        if value - other < MIN_Z * error:
            return (f"too close to call: {best} {shown(value)} against {code} {shown(other)}, "
                    f"a gain of {shown(value - other)} with a standard error of {shown(error)} "
                    f"over {solution.deals} deals (at least {MIN_Z:g} standard errors needed)")
    if gain < least:
        return (f"too close to call: {best} {shown(value)} against the runner-up {runner} "
                f"{shown(second)} over {solution.deals} deals; the answer must gain at least "
                f"{shown(least)}")
    if solution.model:
        model = dict(solution.model)
        favourite = max(model, key=lambda code: (model[code], code))
        if favourite != best:
            return (f"the two measures disagree: played out, {best} is best ({shown(value)}), "
                    f"but the expert's hand evaluation prefers {favourite} "
                    f"({model[favourite]:.1f} against {model[best]:.1f})")
    return None


def _figure(unit: str) -> Any:
    if unit == "share":
        return lambda x: f"{100 * x:.0f}%"
    return lambda x: f"{x:.1f} points"


# --- kept figures -----------------------------------------------------------------------------


def solution_to_json(solution: StrategySolution) -> dict[str, Any]:
    return {"values": [list(row) for row in solution.values],
            "errors": [list(row) for row in solution.errors],
            "deals": solution.deals, "unit": solution.unit,
            "model": [list(row) for row in solution.model]}


def solution_from_json(data: Any) -> StrategySolution | None:
    """A kept figure, or ``None`` if it is not one (it is then measured again): it must be
    what ``_solution`` writes. A figure that is not a finite number, a share outside 0..1, a
    mean of points outside 0..``MAX_POINTS_FIGURE``, a negative standard error, a count of
    deals that is not a whole number from 1 to ``MAX_DEALS``, choices repeated or not in
    order of their figures, errors of other choices than the runners-up: none is one."""
    try:
        def rows(name: str) -> tuple[tuple[str, float], ...]:
            found = tuple((str(code), float(value)) for code, value in data[name])
            if not all(math.isfinite(value) for _, value in found):
                raise ValueError(f"{name}: a figure that is not a finite number")
            return found
        unit = data["unit"]
        deals = data["deals"]
        if unit not in ("points", "share") or isinstance(deals, bool) \
                or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            return None
        values, errors, model = rows("values"), rows("errors"), rows("model")
        top = 1.0 if unit == "share" else MAX_POINTS_FIGURE
        codes = [code for code, _ in values]
        figures = [value for _, value in values]
        if (not values or len(set(codes)) != len(codes)
                or not all(0.0 <= value <= top for value in figures)
                or figures != sorted(figures, reverse=True)
                or [code for code, _ in errors] != codes[1:]
                or not all(0.0 <= error <= top for _, error in errors)
                or not {code for code, _ in model} <= set(codes)):
            return None
        return StrategySolution(values, errors, deals, unit, model)
    except (KeyError, TypeError, ValueError):
        return None


class Checks:
    """The kept figures (``engine-checks.json``), read once; a figure missing, unreadable or
    kept for another position is measured again (``solve``)."""

    def __init__(self, path: Path | None = None, trust: bool = True) -> None:
        self.path = path
        self.trust = trust  # use kept figures (else measure every item, to compare or rewrite)
        self.kept: dict[str, Any] = {}
        self.used: set[str] = set()
        self.measured: dict[str, StrategySolution] = {}
        #: why the kept figures could not be read, if they could not (every item is then
        #: measured again); ``None`` when they were read or there is no file
        self.problem: str | None = None
        self._told = False  # the problem was logged, when an item was first measured for it
        if path is not None:
            try:
                data = json.loads(read_bytes(path, limit=MAX_CHECKS_BYTES).decode("utf-8"))
            except FileNotFoundError:
                data = {}
                self.problem = (f"{path}: there is no file of kept figures: every strategy "
                                "item is measured, which makes loading slower")
            except (OSError, ValueError, RecursionError) as error:
                data = {}
                self.problem = (f"{path}: the kept figures cannot be read "
                                f"({getattr(error, 'strerror', None) or error}): every "
                                "strategy item is measured again")
            if isinstance(data, dict) and isinstance(data.get("checks"), dict):
                self.kept = data["checks"]

    def solve(self, task: StrategyTask) -> StrategySolution:
        key = digest(task)
        self.used.add(key)
        found = solution_from_json(self.kept.get(key)) if self.trust else None
        if found is not None:
            return found
        if key not in self.measured:  # a repeat is measured once
            may_go_on()
            if self.trust and self.problem is not None and not self._told:
                self._told = True  # said once, when it costs time: not silently slower
                print(f"jass-tutor: {self.problem}", file=sys.stderr)
            self.measured[key] = measure(task)
        return self.measured[key]

    def measure_ahead(self, tasks: Iterable[StrategyTask], processes: int | None = None) -> int:
        """Measure now, in parallel (``measure_all``), each of ``tasks`` that ``solve`` would
        measure (all of them when the kept figures are not trusted); returns how many."""
        wanted = [task for task in tasks if digest(task) not in self.measured and not (
            self.trust and solution_from_json(self.kept.get(digest(task))) is not None)]
        self.measured.update(measure_all(wanted, processes))
        return len(wanted)

    def differences(self) -> list[str]:
        """The items measured again whose kept figures differ from the new ones."""
        found = []
        for key, solution in sorted(self.measured.items()):
            kept = solution_from_json(self.kept.get(key))
            if kept is None:
                found.append(f"{key}: no kept figures")
            elif kept != solution:
                found.append(f"{key}: kept {kept.values[:2]}, measured {solution.values[:2]}")
        return found

    def write(self) -> None:
        """Keep the figures of every item solved (``fresh``) in the file."""
        if self.path is None:
            return
        fresh = self.fresh()
        rows = [f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)}"
                for key, value in fresh["checks"].items()]  # an item a line: short diffs
        text = (f'{{"method": {json.dumps(fresh["method"])}, "checks": {{\n'
                + ",\n".join(rows) + "\n}}\n")
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(text, encoding="utf-8")
        part.replace(self.path)

    def fresh(self) -> dict[str, Any]:
        """The file's content for the items solved since it was read: kept figures for those
        not measured again, the new ones for the others, nothing for items no longer there."""
        checks = {key: self.kept[key] for key in sorted(self.used) if key in self.kept
                  and key not in self.measured}
        checks.update({key: solution_to_json(s) for key, s in self.measured.items()})
        return {"method": METHOD, "checks": dict(sorted(checks.items()))}


_CHECKS: dict[Path, Checks] = {}
_ACTIVE: list[Path] = []


def checks_for(root: Path) -> Checks:
    """The kept figures of the content under ``root``, read once per folder."""
    if root not in _CHECKS:
        _CHECKS[root] = Checks(root / CHECKS_FILE)
    return _CHECKS[root]


def use_checks(root: Path, checks: Checks | None = None) -> Checks:
    """Solve the strategy items loaded from now on with the kept figures of ``root`` (the
    loader calls it before loading a folder); ``checks``: others in their place (``python -m
    tutor.content check --measure`` measures everything again)."""
    if checks is not None:
        _CHECKS[root] = checks
    _ACTIVE[:] = [root]
    return checks_for(root)


# --- reading ----------------------------------------------------------------------------------


def read_strategy(r: Reader, data: dict[str, Any], keys: KeyPath,
                  extra: frozenset[str]) -> StrategyTask | None:
    if not r.mapping(data, keys, {"deal", "chooser"},
                     {"trump", "chibre", "played", "need"} | extra):
        return None
    value = data["deal"]
    if not isinstance(value, list) or len(value) != 4:
        r.fail((*keys, "deal"), "must be a list of 4 card strings of 9 cards, one per seat from "
               "0 (you)")
        return None
    hands = [r.cards(h, (*keys, "deal", i), 9, 9) for i, h in enumerate(value)]
    chooser = r.integer(data["chooser"], (*keys, "chooser"), 0, 3)
    trump = r.trump(data["trump"], (*keys, "trump")) if "trump" in data else None
    chibred = r.flag(data, keys, "chibre")
    played = r.cards(data.get("played", ""), (*keys, "played"), 0, 35)
    need = None
    if "need" in data:
        need = r.integer(data["need"], (*keys, "need"), 1, MAX_NEED)
        if need is None:
            return None
    if None in hands or chooser is None or played is None or ("trump" in data and trump is None):
        return None
    checked = [h for h in hands if h is not None]
    if not r.disjoint([((*keys, "deal", i), h) for i, h in enumerate(checked)]):
        return None
    if trump is None and played:
        r.fail((*keys, "played"), "a trump decision comes before any card is played")
        return None
    if need is not None and trump is None:
        r.fail((*keys, "need"), "playing to the score is a card decision: give the trump")
        return None
    task = StrategyTask(tuple(CardSet(h) for h in checked), chooser, chibred, trump,
                        tuple(played), need)
    try:
        position_game(task)
    except PositionError as error:
        r.fail((*keys, error.field), str(error))
        return None
    except ValueError as error:
        r.fail((*keys, "deal"), str(error))
        return None
    return task


def strategy_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A card code (the best card), a suit letter (the best trump) or ``chibre``."""
    if isinstance(value, str) and value in TRUMP_CODES:
        return True, value
    card = r.card(value, keys) if isinstance(value, str) else None
    if card is None:
        if not isinstance(value, str):
            r.fail(keys, f"must be a card, a suit letter or chibre, not {describe(value)}")
        return False, None
    return True, str(card)


def check_strategy(r: Reader, keys: KeyPath, solution: StrategySolution) -> bool:
    """The engine defends the answer by a clear margin (the problem names the figures)."""
    found = problem(solution)
    if found is not None:
        r.fail((*keys, "answer"), found)
    return found is None


def solve_strategy(task: StrategyTask) -> StrategySolution:
    """The figures of ``task``: kept ones for the shipped content, else measured."""
    return checks_for(_ACTIVE[0] if _ACTIVE else data_root()).solve(task)


def hidden_hands(task: StrategyTask) -> Iterator[tuple[int, CardSet]]:
    """The hands you could not see, by seat, less the cards they have played."""
    played = CardSet(task.played)
    for seat in (1, 2, 3):
        yield seat, task.deal[seat] - played

# --- what the learner sees, for the themes and the generator ---------------------------------


def view_of(task: StrategyTask) -> GameView:
    """What you (seat 0) see at the decision."""
    return position_game(task).view(0)


def answer_choice(code: str) -> Card | Trump | Chibre:
    """A choice back from its code."""
    if code in TRUMP_CODES:
        return TRUMP_CODES[code]
    return Card.parse(code)


def strategy_steps(task: StrategyTask, solution: StrategySolution) -> int:
    """Steps of difficulty: how much of the round is left to see through, how many choices
    there are, and how narrow the answer's margin is. A trump decision: how narrow the margin
    is (under four, then under two times the least accepted), and chibre as the answer (a
    hand too weak to name trump is harder to see than a strong suit)."""
    if task.trump is None:
        return ((solution.margin < 4 * MIN_POINTS) + (solution.margin < 2 * MIN_POINTS)
                + (solution.answer == "chibre"))
    tricks = len(task.played) // 4
    early = tricks <= 3
    choices = len(solution.values) >= 4
    least = MIN_SHARE if solution.unit == "share" else MIN_POINTS
    narrow = solution.margin < 2 * least
    return early + choices + narrow


def strategy_positions(rng: random.Random, theme: str) -> Iterator[StrategyTask]:
    """Decisions from rounds the heuristic bots play from random deals, seats turned so that
    the player to move is seat 0; for the trump themes, the trump decision of a random deal."""
    from engine import make_bot  # the generator only: the loader never plays rounds

    while True:
        hands = list(CardSet.full())
        rng.shuffle(hands)
        deal = [CardSet(hands[i * 9:(i + 1) * 9]) for i in range(4)]
        if theme in TRUMP_THEMES:
            chibred = theme == "after-chibre"
            yield StrategyTask(tuple(deal), 2 if chibred else 0, chibred, None)
            continue
        chooser = rng.randrange(4)
        game = Game(deal=deal, dealer=(chooser + 3) % 4, chooser=chooser)
        bots = [make_bot("heuristic", rng.randrange(1 << 30)) for _ in range(4)]
        stop = rng.randrange(4 if theme != "last-tricks" else 24, 33)
        actions: list[Card] = []
        trump = bots[chooser].choose_trump(game.view(chooser))
        chibred = isinstance(trump, Chibre)
        if chibred:
            game.apply(CHIBRE)
            trump = bots[(chooser + 2) % 4].choose_trump(game.view((chooser + 2) % 4))
        assert isinstance(trump, Trump)
        game.apply(trump)
        while len(actions) < stop and game.round == 0 and not game.is_over:
            _announce(game)
            seat = game.current_player
            card = bots[seat].choose_card(game.view(seat))
            game.apply(card)
            actions.append(card)
        _announce(game)
        if game.round != 0 or game.phase is not Phase.PLAY:
            continue
        mover = game.current_player
        turned = tuple(deal[(mover + i) % 4] for i in range(4))
        need = None
        if theme == "to-the-score":
            have = game.view(mover).round_points[mover % 2]
            need = have + rng.randrange(15, 70)
            if need > MAX_NEED:
                continue
        if _fits(theme, game.view(mover)):
            yield StrategyTask(turned, (chooser - mover) % 4, chibred, trump, tuple(actions),
                               need)


def _fits(theme: str, view: GameView) -> bool:
    """Whether a candidate can have ``theme`` before it is measured (the theme's own check,
    ``tutor.content.themes``, decides after): the generator's shortcut past the slow search."""
    trick = view.trick
    if theme in ("leading", "draw-trumps"):
        return not trick
    if theme == "partner-play":
        return len(trick) >= 2
    if theme == "discard-signal":
        return bool(trick) and not any(c.suit == trick[0].suit for c in view.hand)
    if theme == "the-match":
        return len(view.tricks) >= 4 and all(t.winner % 2 == view.seat % 2 for t in view.tricks)
    if theme == "announcements":
        return any(p for seat, p in enumerate(view.announced) if seat != view.seat and p)
    if theme == "last-tricks":
        return len(view.tricks) >= 6
    if theme == "buur-nell":
        assert view.trump is not None
        suit = view.trump.suit
        return any(c.suit == suit and c.rank in (Rank.JACK, Rank.NINE) for c in view.hand)
    return True


#: The themes whose decision is the trump.
TRUMP_THEMES: Final = frozenset({"hand-reading", "trump-or-chibre", "after-chibre"})


def worth_keeping(solution: StrategySolution) -> bool:
    """A candidate the engine defends by a clear margin."""
    return problem(solution) is None


def strategy_yaml(task: StrategyTask, solution: StrategySolution) -> list[str]:
    """The position and answer, with the engine's figures as comments for the curator."""
    lines = ["  deal: [" + ", ".join(f'"{hand}"' for hand in task.deal) + "]",
             f"  chooser: {task.chooser}"]
    if task.chibred:
        lines.append("  chibre: true")
    if task.trump is not None:
        lines.append(f"  trump: {choice_code(task.trump)}")
        lines.append(f'  played: "{" ".join(map(str, task.played))}"')
    if task.need is not None:
        lines.append(f"  need: {task.need}")
    lines.append(f"  answer: {solution.answer}")
    shown = _figure(solution.unit)
    lines.append("  # " + ", ".join(f"{code} {shown(value)}" for code, value in solution.values))
    return lines
