"""The expert bot: perfect-information Monte Carlo over a double-dummy search.

For a card: deal the unseen cards many times consistently with what the seat
knows (``worlds.sample_world``), keep those that best explain the opponents'
plays so far (``inference.PlayModel``: ``Budget.pool`` deals sampled per deal
kept, drawn by weight), solve each deal with all hands open
(``engine.dds``: exact when few tricks are left, to a depth limit with an
evaluation earlier), and play the card with the best mean value for the team.
The opponents still to play in the trick in progress are expected to play by
the rules their past plays are read with (``engine.chibre.bots.trick_model``,
``Budget.model``) rather than with every hand open: before the endgame the
tricks after it are scored by the evaluation, in the endgame they are solved.
Under a discard signal (``engine.chibre.conventions``) the deals sampled honour the partner's
signal (``Knowledge.of``), and at its own first discard the expert keeps the convention
when a card that keeps it is within ``SIGNAL_TOLERANCE`` expected points of its best card
(``discard_tiers``, first tier first); else it plays its best.
For trump, where a seat knows only its own nine cards: the hand evaluation of
``engine.chibre.bots.trump_model``, fitted to rounds played out with every choice.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from engine.cards import CHIBRE, Card, Chibre, Trump
from engine.chibre.bots.base import EVALUATION_WORK, Budget
from engine.chibre.bots.heuristic import HeuristicBot
from engine.chibre.bots.heuristic import play as heuristic_play
from engine.chibre.bots.inference import PlayModel
from engine.chibre.bots.knowledge import Knowledge
from engine.chibre.bots.position import bits
from engine.chibre.bots.rollout import EVALUATIONS
from engine.chibre.bots.trick_model import TrickModel
from engine.chibre.bots.trump_model import choice_points, margin
from engine.chibre.bots.trump_sim import simulated_values
from engine.chibre.bots.worlds import sample_world
from engine.chibre.conventions import NO_CONVENTIONS, Conventions, discard_tiers, is_discard
from engine.chibre.game import GameView, WeisChoice
from engine.dds import SWEEP_ANY, SWEEP_BROKEN, Solver
from engine.play import legal_mask, trick_state
from engine.tables import KEYS, POINTS, SUIT_OF

#: Default budget of the expert bot, tuned with ``python -m engine.arena`` to keep the
#: median decision well under 250 ms and the slowest under about 1 s on a 2-core machine.
EXPERT_BUDGET = Budget()
#: The expert of 2026-11-27 (``expert-1`` in the arena), every setting written out so that a new
#: default of ``Budget`` does not change it: what a new expert is measured against.
EXPERT_1_BUDGET: Final = Budget(worlds=32, depth=1, exact=4, deep_worlds=10, work=40_000,
                                min_worlds=6, deeper=0, pool=16, model=True, distinct=False,
                                misfit=0.01, evaluation="blend", trump="fit",
                                partner_rules=False, play="search")
#: Expected points a first discard that keeps the convention may lose against the best card.
SIGNAL_TOLERANCE = 2.0


def legal_indexes(view: GameView) -> list[int]:
    """Card indexes the seat of ``view`` may play (also during its Weis decision)."""
    assert view.trump is not None
    trick = [c.index for c in view.trick]
    led, high = trick_state(trick, view.trump)
    return bits(legal_mask(view.hand.mask, led, high, view.trump))


def card_values(view: GameView, rng: random.Random, budget: Budget,
                conventions: Conventions = NO_CONVENTIONS) -> dict[int, float]:
    """Mean double-dummy points for the seat's team, from now to the end of the
    round (the trick in progress included), of each legal card; the deals honour the
    partner's signal under ``conventions``."""
    return {card: sum(values) / len(values)
            for card, values in deal_values(view, rng, budget, conventions).items()}


def deal_values(view: GameView, rng: random.Random, budget: Budget,
                conventions: Conventions = NO_CONVENTIONS) -> dict[int, list[float]]:
    """Each legal card's double-dummy points for the seat's team deal by deal, in the order the
    deals were drawn (``world_values`` read card by card): ``card_values`` takes their means,
    the coach also the spread of a difference (``engine.advice.difference_error``)."""
    found: dict[int, list[float]] = {}
    for values in world_values(view, rng, budget, conventions):
        for card, value in values.items():
            found.setdefault(card, []).append(value)
    return found


def world_values(view: GameView, rng: random.Random, budget: Budget,
                 conventions: Conventions = NO_CONVENTIONS) -> Iterator[dict[int, float]]:
    """For each deal the search samples, the double-dummy points for the seat's team of each
    legal card, from now to the end of the round: what ``card_values`` averages (a check that
    asks more of the deals than their mean, such as how often a card makes enough points,
    reads them one by one). The deals honour the partner's signal under ``conventions``."""
    assert view.trump is not None
    cards = legal_indexes(view)
    knowledge = Knowledge.of(view, conventions)
    tricks_left = 9 - len(view.tricks)
    depth = budget.depth_for(tricks_left)
    worlds = budget.worlds if depth == 1 else budget.deep_worlds
    if not knowledge.unseen:
        worlds = 1
    trick = [c.index for c in view.trick]
    sweep = sweep_of(view)
    pool: list[list[int]] = []
    chosen: list[int] = []
    if budget.pool > 1 and worlds > 1:
        model = PlayModel(view, budget.misfit)
        if model.plays:
            pool = [sample_world(knowledge, rng) for _ in range(worlds * budget.pool)]
            weights = [model.weight(hands) for hands in pool]
            if budget.distinct:
                chosen = weighted_draw(weights, worlds, rng)
                worlds = len(chosen)
            else:
                chosen = rng.choices(range(len(pool)), weights=weights, k=worlds)
    against = None
    if budget.model and knowledge.unseen:
        if depth == 1:
            against = TrickModel(view, EVALUATIONS[budget.evaluation], budget.partner_rules)
        elif depth is None and sweep == SWEEP_BROKEN:  # no match bonus left to play for
            against = TrickModel(view, solve_rest, budget.partner_rules)
    solved: dict[int, dict[int, int]] = {}
    work = 0
    done = 0
    while done < worlds and (done < budget.min_worlds or work < budget.work):
        if chosen and chosen[done] in solved:
            values = solved[chosen[done]]
        else:
            hands = pool[chosen[done]] if chosen else sample_world(knowledge, rng)
            if against is not None:
                before = against.evaluations
                values = against.values(hands)
                work += EVALUATION_WORK * (against.evaluations - before)
            else:
                solver = Solver(int(view.trump), view.seat % 2, depth,
                                EVALUATIONS[budget.evaluation])
                values = solver.move_values(hands, view.leader, trick, sweep=sweep)
                work += solver.nodes + EVALUATION_WORK * solver.evaluations
            if chosen:
                solved[chosen[done]] = values
        yield {card: float(values[card]) for card in cards}
        done += 1


#: The least share of the weighed pool's mass the heaviest deals must hold for ``weighed_deals``
#: to search just them, each counted by its weight (the rest is left out: at most this little).
WEIGHED_TAIL: Final = 0.001
#: ``weighed_deals`` samples at most this many times ``Budget.pool`` pools while the weighed
#: pool is too narrow to draw from (an effective size under four deals per deal searched).
WEIGHED_GROWTH: Final = 10


@dataclasses.dataclass(frozen=True)
class WeighedDeals:
    """The deals ``weighed_deals`` searched: each one's points of every legal card (``rows``),
    its share of the mean (``weights``, summing to 1), and how many independent deals the mean
    is worth (``effective``: what a standard error divides by)."""

    rows: list[dict[int, float]]
    weights: list[float]
    effective: float


def weighed_deals(view: GameView, rng: random.Random, budget: Budget,
                  conventions: Conventions = NO_CONVENTIONS) -> WeighedDeals:
    """The search's points of each legal card over deals of the hidden cards weighed by how well
    they explain the opponents' plays (``inference.PlayModel``), for a measure that must say how
    sure it is (the strategy course's): every deal searched at most once, and the mean weighted
    as the play model weighs the deals, not resampled with repeats.

    A pool of deals is drawn uniformly among those consistent with what the seat knows
    (``Budget.pool`` times the deals to search, more while the pool's effective size, the
    square of its total weight over the sum of squared weights, is under four times that,
    up to ``WEIGHED_GROWTH`` times), and equal deals are merged, their weights added. Then:

    - if the heaviest ``worlds`` deals hold all but ``WEIGHED_TAIL`` of the weight (few hidden
      cards, or plays that pin them), just those are searched and each counts by its weight;
      the mean is then worth the pool's effective size (a deal found once in a pool of
      hundreds is uncertain; a position whose hidden cards the play pins is not);
    - else ``worlds`` deals are drawn from the pool in proportion to their weights, with
      repeats, each different one searched once and counted as often as drawn: the mean is
      worth ``worlds`` independent deals, or the pool's effective size if that is smaller.

    Without opponents' plays to read (or ``Budget.pool`` 1) the deals are drawn uniformly, each
    counts the same, as ``world_values`` does. ``Budget.work`` is not applied: every deal chosen
    is searched."""
    assert view.trump is not None
    knowledge = Knowledge.of(view, conventions)
    depth = budget.depth_for(9 - len(view.tricks))
    worlds = budget.worlds if depth == 1 else budget.deep_worlds
    model = PlayModel(view, budget.misfit)
    if budget.pool <= 1 or not model.plays or not knowledge.unseen or worlds <= 1:
        uniform = dataclasses.replace(budget, pool=1, work=10**15, min_worlds=worlds)
        rows = list(world_values(view, rng, uniform, conventions))
        return WeighedDeals(rows, [1.0 / len(rows)] * len(rows), float(len(rows)))
    mass: dict[tuple[int, ...], float] = {}
    weight_of: dict[tuple[int, ...], float] = {}
    drawn = squares = total = 0.0
    batches = 0
    while True:
        for _ in range(worlds):
            hands = sample_world(knowledge, rng)
            key = tuple(hands)
            if key not in weight_of:
                weight_of[key] = model.weight(hands)
            weight = weight_of[key]
            mass[key] = mass.get(key, 0.0) + weight
            total += weight
            squares += weight * weight
            drawn += 1
        batches += 1
        if batches < budget.pool:
            continue
        effective = total * total / squares if squares else 0.0
        heaviest = sorted(mass, key=lambda k: -mass[k])[:worlds]
        held = sum(mass[k] for k in heaviest)
        if held >= (1.0 - WEIGHED_TAIL) * total or effective >= 4 * worlds \
                or batches >= budget.pool * WEIGHED_GROWTH:
            break
    if held >= (1.0 - WEIGHED_TAIL) * total:
        chosen = {key: mass[key] / held for key in heaviest}
    else:
        keys = list(mass)
        picks = rng.choices(range(len(keys)), weights=[mass[k] for k in keys], k=worlds)
        chosen = {}
        for pick in picks:
            chosen[keys[pick]] = chosen.get(keys[pick], 0.0) + 1.0 / worlds
        effective = min(effective, float(worlds))
    search = _searcher(view, budget, knowledge, depth)
    cards = legal_indexes(view)
    rows = []
    for key in chosen:
        values = search(list(key))
        rows.append({card: float(values[card]) for card in cards})
    return WeighedDeals(rows, list(chosen.values()), effective)


def _searcher(view: GameView, budget: Budget, knowledge: Knowledge,
              depth: int | None) -> Callable[[list[int]], dict[int, int]]:
    """``world_values``' search of one deal: each legal card's points for the seat's team."""
    assert view.trump is not None
    trick = [c.index for c in view.trick]
    sweep = sweep_of(view)
    against = None
    if budget.model and knowledge.unseen:
        if depth == 1:
            against = TrickModel(view, EVALUATIONS[budget.evaluation], budget.partner_rules)
        elif depth is None and sweep == SWEEP_BROKEN:
            against = TrickModel(view, solve_rest, budget.partner_rules)
    trump = int(view.trump)

    def search(hands: list[int]) -> dict[int, int]:
        if against is not None:
            return against.values(hands)
        solver = Solver(trump, view.seat % 2, depth, EVALUATIONS[budget.evaluation])
        return solver.move_values(hands, view.leader, trick, sweep=sweep)

    return search


def weighted_draw(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` different indexes of ``weights`` (all of them if fewer), drawn in proportion to
    their weights without putting any back (Efraimidis and Spirakis: the largest keys
    ``log(u) / w``), in the order drawn."""
    keys = [(math.log(1.0 - rng.random()) / w if w > 0 else -math.inf, i)
            for i, w in enumerate(weights)]
    keys.sort(reverse=True)
    return [i for _key, i in keys[:count]]


def solve_rest(hands: Sequence[int], leader: int, t: int, team: int, tricks_left: int) -> int:
    """An ``engine.dds`` estimate that is exact: the rest of the round solved."""
    return Solver(t, team).value(hands, leader)


def sweep_of(view: GameView) -> int:
    """Who has won every trick of the round so far, for the match bonus (``engine.dds``)."""
    teams = {trick.winner % 2 for trick in view.tricks}
    if not teams:
        return SWEEP_ANY
    return teams.pop() if len(teams) == 1 else SWEEP_BROKEN


def trump_values(view: GameView) -> dict[Trump | Chibre, float]:
    """Expected points for the seat's team of each trump choice open to it (and
    of chibre when allowed), by the fitted hand evaluation of
    ``engine.chibre.bots.trump_model``. The choices are ranked by their predicted
    margin over the opponents; each is given as the team's points at the
    choices' mean total, so the best margin is the most points."""
    found = choice_points(view.hand.mask, CHIBRE in view.legal_actions,
                          view.chibred)
    total = sum(own + theirs for own, theirs in found.values()) / len(found)
    return {action: (total + margin(points)) / 2 for action, points in found.items()}


#: The ways a ``Budget`` may name to choose trump (``Budget.trump``): each gives the expected
#: points for the seat's team of every choice open to it.
TRUMP_CHOOSERS: Final[dict[str, Callable[[GameView], dict[Trump | Chibre, float]]]] = {
    "fit": trump_values,
    "sim": simulated_values,
    "fit+sim": lambda view: _mean_values(trump_values(view), simulated_values(view)),
    "rule": lambda view: {HeuristicBot().choose_trump(view): 1.0},
}


def _mean_values(first: dict[Trump | Chibre, float],
                 second: dict[Trump | Chibre, float]) -> dict[Trump | Chibre, float]:
    return {choice: (first[choice] + second[choice]) / 2 for choice in first}


def best_card(values: dict[int, float], t: int) -> int:
    """The card of highest value; on a tie the one giving fewer points, then the weaker."""
    return max(values, key=lambda c: (round(values[c], 6), -POINTS[t][c],
                                      -KEYS[t][SUIT_OF[c]][c]))


def convention_card(view: GameView, values: dict[int, float], conventions: Conventions,
                    tolerance: float = SIGNAL_TOLERANCE) -> int:
    """The card to play from the search's ``values``: the best, or at the seat's first discard
    the best card of the first tier of ``discard_tiers`` within ``tolerance`` expected points
    of it (the best card itself when it is in a tier before any such card)."""
    assert view.trump is not None
    t = int(view.trump)
    best = best_card(values, t)
    trick = [c.index for c in view.trick]
    tiers = discard_tiers(view, conventions, values)
    if not tiers or not is_discard(trick, best, t):
        return best
    for tier in tiers:
        if best in tier:
            return best
        near = {c: values[c] for c in tier if values[c] >= values[best] - tolerance}
        if near:
            return best_card(near, t)
    return best


class ExpertBot:
    """PIMC with double-dummy search, within an explicit ``Budget``."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: Budget = EXPERT_BUDGET,
                 conventions: Conventions = NO_CONVENTIONS,
                 signal_tolerance: float = SIGNAL_TOLERANCE) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.conventions = conventions
        self.signal_tolerance = signal_tolerance

    def choose_trump(self, view: GameView) -> Trump | Chibre:
        values = TRUMP_CHOOSERS[self.budget.trump](view)
        return max(values, key=lambda a: values[a])

    def choose_weis(self, view: GameView) -> WeisChoice:
        return WeisChoice.ANNOUNCE

    def choose_card(self, view: GameView) -> Card:
        assert view.trump is not None
        cards = legal_indexes(view)
        if len(cards) == 1:
            return Card.from_index(cards[0])
        if self.budget.play == "rules":
            return Card.from_index(heuristic_play(view, self.conventions))
        values = card_values(view, self.rng, self.budget, self.conventions)
        return Card.from_index(convention_card(view, values, self.conventions,
                                               self.signal_tolerance))


__all__ = ["EXPERT_1_BUDGET", "EXPERT_BUDGET", "SIGNAL_TOLERANCE", "TRUMP_CHOOSERS", "ExpertBot",
           "best_card", "card_values", "convention_card", "deal_values", "legal_indexes",
           "trump_values", "world_values"]
