"""The expert Pomme bot: perfect-information Monte Carlo, greedy playouts, a paranoid endgame.

For each decision the seat deals the hidden cards many times in ways that
agree with what it knows (``sample_pomme_world``: the other hands and the cards
out of play, honouring voids and the known places of the shown card and the
6), and values each choice in each deal:

- before the endgame (more than ``PommeBudget.exact`` tricks left: 4 with 3
  players, 3 with 5): the seats still to play in the trick play the greedy
  card of ``engine.pomme.search`` (a player who does not see through the
  cards plays by rules, not against this seat), then every seat plays the rest
  of the round out greedily with the hands open (``greedy_points``), each for
  itself: max-n in spirit, one playout per card;
- in the endgame: the same trick, then the rest solved exactly by the
  paranoid search of ``engine.pomme.search`` (its own points, every other
  seat against it; see there why), which keeps alpha-beta pruning.

The value of a choice is the mean over the deals of the seat's expected round
points plus ``APPLE_WEIGHT`` when they reach 21: an apple costs a mark, so a
few points that lift the seat over 21 are worth more than as many points above
it (the marks of R-POMME, where the apple is the one threshold a seat can
reach on its own).

- *A card*: the value of each legal card, as above.
- *The aside* (3 players, among the cards of one's first turn): in each deal
  the value of the position with the hand kept and with the aside taken (the
  hand out of play), each the best card's value in that deal; taken when the
  mean with the aside is higher.
- *The blind* (2 players): in each deal the seat's own blind is 3 of the cards
  out of play (the shown card is not among them); keeping the hand and
  exchanging the heuristic's ``blind_discards`` for the blind are each valued
  at the start of play as the 6 is (a trump 6 in either hand exchanged for the
  shown card); the better mean wins. The 3 cards are then given up as the
  heuristic gives them.
- *The 6*: the two hands (with the 6, or with the shown card), each played or
  given up for the aside (3 players), valued by the same evaluation at the
  start of play over the sampled deals; the better mean wins.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.cardset import BITS, mask_indexes
from engine.play import legal_mask, trick_state, winner_index
from engine.points import LAST_TRICK_BONUS
from engine.pomme.blind import blind_discards
from engine.pomme.game import (
    APPLE_BELOW,
    BLIND_SIZE,
    HAND_SIZE,
    PommeAction,
    PommeChoice,
    PommePhase,
    PommeView,
)
from engine.pomme.knowledge import PommeKnowledge, sample_pomme_world, six_of
from engine.pomme.search import (
    PommeSolver,
    blended_estimate,
    greedy_card,
    greedy_points,
    pomme_estimate,
)
from engine.tables import KEYS, POINTS, SUIT_OF

#: What reaching 21 points in the round is worth, in points (an apple costs a mark).
APPLE_WEIGHT: Final = 12.0


@dataclasses.dataclass(frozen=True)
class PommeBudget:
    """How much the expert thinks, in work rather than seconds (a seed plays the same on
    any machine). ``worlds``: deals sampled per decision before the endgame; ``exact``:
    with this many tricks left or fewer (``exact3``, ``exact5`` by number of players) the
    rest is solved exactly, over ``exact_worlds`` deals; ``start_worlds``: deals for the 6.
    ``playout``: before the endgame the trick is played out by greedy seats and the rest of
    the round by the greedy open-hand playout of every seat (``greedy_points``); without it
    the trick is searched (``depth`` tricks, the one in progress counting, the seats after
    this one playing the greedy card when ``model``) and the rest scored by the material
    estimate (``pomme_estimate``)."""

    worlds: int = 24
    exact_worlds: int = 12
    exact3: int = 4
    exact5: int = 3
    exact2: int = 5
    depth: int = 1
    start_worlds: int = 24
    playout: bool = True
    model: bool = True
    apple_weight: float = APPLE_WEIGHT  # what reaching 21 points is worth (see ``utility``)

    def exact(self, players: int) -> int:
        return self.exact2 if players == 2 else self.exact3 if players == 3 else self.exact5

    def times(self, factor: int) -> PommeBudget:
        """This budget searching ``factor`` times its deals (before the endgame, in it and for
        the 6), everything else the same: the coach's and a drill's larger searches."""
        return dataclasses.replace(self, worlds=factor * self.worlds,
                                   exact_worlds=factor * self.exact_worlds,
                                   start_worlds=factor * self.start_worlds)


POMME_EXPERT_BUDGET: Final = PommeBudget()


def utility(points: float, weight: float = APPLE_WEIGHT) -> float:
    """The value of ending the round with ``points``: the points, plus ``weight``
    (``APPLE_WEIGHT``) from 21 on."""
    return points + (weight if points >= APPLE_BELOW else 0.0)


@dataclasses.dataclass(frozen=True)
class ChoiceValue:
    """One choice over the sampled deals: the mean utility, the mean points of the seat at
    the end of the round, and the share of deals that end under 21 (an apple)."""

    value: float
    points: float
    apple: float
    #: the utility deal by deal, in the order the deals were drawn (the same deals for every
    #: choice of one decision): what the standard error of a difference needs
    deals: tuple[float, ...] = dataclasses.field(default=(), compare=False, repr=False)


class _Mean:
    def __init__(self, weight: float = APPLE_WEIGHT) -> None:
        self.weight = weight
        self.points = self.apples = 0.0
        self.deals: list[float] = []  # the utility deal by deal: its mean is the value

    def add(self, points: float) -> None:
        self.deals.append(utility(points, self.weight))
        self.points += points
        self.apples += points < APPLE_BELOW

    def result(self) -> ChoiceValue:
        n = max(1, len(self.deals))
        return ChoiceValue(sum(self.deals, 0.0) / n, self.points / n, self.apples / n,
                           tuple(self.deals))


def tricks_left(view: PommeView) -> int:
    return HAND_SIZE[view.players] - len(view.tricks)


def _solver(view: PommeView, budget: PommeBudget) -> tuple[PommeSolver, bool]:
    exact = tricks_left(view) <= budget.exact(view.players)
    depth = None if exact else budget.depth
    return PommeSolver(view.players, int(view.trump), view.seat, depth, pomme_estimate), exact


def _card_values_in(view: PommeView, solver: PommeSolver, hands: Sequence[int],
                    budget: PommeBudget) -> dict[int, int]:
    """The points each legal card of the seat takes from now to the end of the round in
    one sampled deal ``hands`` (see ``PommeBudget``)."""
    trick = [c.index for c in view.trick]
    if solver.depth is not None and budget.playout:
        return _playout_values(view, hands)
    if budget.model and len(trick) < view.players - 1:
        return _modelled_values(view, solver, hands, trick)
    return solver.move_values(list(hands), view.leader, trick)


def _finish_trick(view: PommeView, hands: list[int], card: int) -> tuple[int, int]:
    """Play ``card`` for the seat and the rest of the trick in progress by greedy seats in
    ``hands`` (changed); (the winner, the trick's points with the last trick's 5)."""
    n, t, me, leader = view.players, int(view.trump), view.seat, view.leader
    hands[me] ^= BITS[card]
    cards = [*(c.index for c in view.trick), card]
    for k in range(len(cards), n):
        seat = (leader + k) % n
        led, high = trick_state(cards, t)
        best = cards[winner_index(cards, t)]
        choice = greedy_card(hands, seat, legal_mask(hands[seat], led, high, t), k, leader, t,
                             led, KEYS[t][led][best])
        hands[seat] ^= BITS[choice]
        cards.append(choice)
    winner = (leader + winner_index(cards, t)) % n
    last = LAST_TRICK_BONUS if tricks_left(view) == 1 else 0
    return winner, sum(POINTS[t][c] for c in cards) + last


def _playout_values(view: PommeView, hands: Sequence[int]) -> dict[int, int]:
    """Each legal card's points to the end of the round when the trick is finished by
    greedy seats and the rest played out by all seats greedily with the hands open: no
    seat plays against this one, each takes what it can (a max-n flavour that costs one
    playout per card). Before the endgame it chose far better cards than the paranoid
    search with the material estimate with 5 players (``docs/performance.md``), as well with 3."""
    t, me = int(view.trump), view.seat
    trick = [c.index for c in view.trick]
    led, high = trick_state(trick, t)
    values: dict[int, int] = {}
    for card in mask_indexes(legal_mask(hands[me], led, high, t)):
        hs = list(hands)
        winner, gained = _finish_trick(view, hs, card)
        value = gained if winner == me else 0
        if tricks_left(view) > 1:
            value += greedy_points(hs, t, winner)[me]
        values[card] = value
    return values


def _modelled_values(view: PommeView, solver: PommeSolver, hands: Sequence[int],
                     trick: list[int]) -> dict[int, int]:
    """Each legal card's value when the seats still to play in the trick play the greedy
    card of ``engine.pomme.search`` (a player who does not see through the cards
    plays by rules, not against this seat), the rest of the round scored by ``solver``
    from the next trick on (its estimate, or solved in the endgame)."""
    t, me = solver.trump, view.seat
    led, high = trick_state(trick, t)
    left = tricks_left(view)
    values: dict[int, int] = {}
    for card in mask_indexes(legal_mask(hands[me], led, high, t)):
        hs = list(hands)
        winner, gained = _finish_trick(view, hs, card)
        value = gained if winner == me else 0
        if left > 1:
            if solver.depth is None:
                value += solver.value(hs, winner)
            else:
                value += solver.estimate(hs, winner, t, me, left - 1)
        values[card] = value
    return values


def play_values(view: PommeView, rng: random.Random,
                budget: PommeBudget = POMME_EXPERT_BUDGET,
                given_up: int = 0) -> dict[PommeAction, ChoiceValue]:
    """Each legal action of the seat during play (its cards, and taking the aside when
    legal) with its ``ChoiceValue`` over sampled deals (``given_up``: see
    ``PommeKnowledge.of``)."""
    knowledge = PommeKnowledge.of(view, given_up)
    t = int(view.trump)
    trick = [c.index for c in view.trick]
    led, high = trick_state(trick, t)
    cards = mask_indexes(legal_mask(knowledge.hand, led, high, t))
    take = PommeChoice.TAKE_ASIDE in view.legal_actions
    _, exact = _solver(view, budget)
    worlds = budget.exact_worlds if exact else budget.worlds
    if not knowledge.unseen & ~knowledge.hand:
        worlds = 1
    won = view.round_points[view.seat]
    weight = budget.apple_weight
    means = {card: _Mean(weight) for card in cards}
    kept, aside = _Mean(weight), _Mean(weight)
    for _ in range(worlds):
        piles = sample_pomme_world(knowledge, rng)
        hands = piles[:view.players]
        solver, _ = _solver(view, budget)
        values = _card_values_in(view, solver, hands, budget)
        for card in cards:
            means[card].add(won + values[card])
        if take:
            kept.add(won + max(values.values()))
            swapped = list(hands)
            swapped[view.seat] = piles[view.players]
            other, _ = _solver(view, budget)
            aside.add(won + max(_card_values_in(view, other, swapped, budget).values()))
    found: dict[PommeAction, ChoiceValue] = {
        Card.from_index(card): mean.result() for card, mean in means.items()}
    if take:
        found[PommeChoice.TAKE_ASIDE] = _aside_value(found, kept.result(), aside.result())
    return found


def _aside_value(cards: dict[PommeAction, ChoiceValue], kept: ChoiceValue,
                 aside: ChoiceValue) -> ChoiceValue:
    """Taking the aside, on the scale of the cards: in each deal the best card is known
    with either hand (``kept``, ``aside``: the means of the best card's value), which
    flatters both alike; the aside is given the best card's value plus the difference."""
    best = max(cards.values(), key=lambda v: v.value)
    deals = (tuple(b + a - k for b, a, k in zip(best.deals, aside.deals, kept.deals, strict=True))
             if len(best.deals) == len(aside.deals) == len(kept.deals) else ())
    return ChoiceValue(best.value + aside.value - kept.value,
                       best.points + aside.points - kept.points, aside.apple, deals)


def exchange_values(view: PommeView, rng: random.Random,
                    budget: PommeBudget = POMME_EXPERT_BUDGET) -> dict[PommeAction, ChoiceValue]:
    """``EXCHANGE_SIX`` and ``KEEP_SIX`` for the holder of the trump 6, each as the better of
    playing the hand it gives and (3 players) taking the aside instead, valued at the start
    of play by the search's evaluation over sampled deals."""
    knowledge = PommeKnowledge.of(view)
    n, seat, t = view.players, view.seat, int(view.trump)
    six, shown = BITS[six_of(t)], BITS[view.shown.index]
    leader = view.leader
    weight = budget.apple_weight
    means = {choice: (_Mean(weight), _Mean(weight)) for choice in (PommeChoice.EXCHANGE_SIX,
                                                       PommeChoice.KEEP_SIX)}
    for _ in range(budget.start_worlds):
        piles = sample_pomme_world(knowledge, rng)
        for choice, (play, aside) in means.items():
            hands = list(piles[:n])
            out = piles[n]
            if choice is PommeChoice.EXCHANGE_SIX:
                hands[seat] = hands[seat] & ~six | shown
                out = out & ~shown | six
            play.add(_start_value(hands, leader, t, seat, budget))
            if n == 3:
                hands[seat] = out
                aside.add(_start_value(hands, leader, t, seat, budget))
    found: dict[PommeAction, ChoiceValue] = {}
    for choice, (play, aside) in means.items():
        results = [play.result()] + ([aside.result()] if n == 3 else [])
        found[choice] = max(results, key=lambda r: r.value)
    return found


def blind_values(view: PommeView, rng: random.Random,
                 budget: PommeBudget = POMME_EXPERT_BUDGET) -> dict[PommeAction, ChoiceValue]:
    """2 players: ``KEEP_BLIND`` and ``EXCHANGE_BLIND`` (giving up ``blind_discards``), or in
    phase ``DISCARD`` each card given up now (the heuristic's next ones after it), each
    valued at the start of play over sampled deals; the seat's blind in a deal is 3 cards of
    those out of play, the shown card not among them, and a trump 6 in a hand is exchanged."""
    knowledge = PommeKnowledge.of(view)
    n, seat, t = view.players, view.seat, int(view.trump)
    six, shown = BITS[six_of(t)], BITS[view.shown.index]
    weakest = blind_discards(view)
    choices: dict[PommeAction, int | None] = {}
    if view.phase is PommePhase.BLIND:
        choices[PommeChoice.KEEP_BLIND] = None
        choices[PommeChoice.EXCHANGE_BLIND] = sum(BITS[c] for c in weakest)
    else:  # DISCARD: each card given up now, the heuristic's weakest others after it
        for card in mask_indexes(knowledge.hand):
            others = [c for c in weakest if c != card][:len(weakest) - 1]
            choices[Card.from_index(card)] = BITS[card] + sum(BITS[c] for c in others)
    means = {choice: _Mean(budget.apple_weight) for choice in choices}
    for _ in range(budget.start_worlds):
        piles = sample_pomme_world(knowledge, rng)
        blind = 0
        for card in rng.sample(mask_indexes(piles[n] & ~shown & ~view.given_up.mask),
                               BLIND_SIZE):
            blind |= BITS[card]
        for choice, given in choices.items():
            hand = piles[seat] if given is None else piles[seat] & ~given | blind
            hands = [hand if s == seat else piles[s] for s in range(n)]
            hands = [h & ~six | shown if h & six else h for h in hands]
            means[choice].add(_start_value(hands, view.leader, t, seat, budget))
    return {choice: mean.result() for choice, mean in means.items()}


def _start_value(hands: Sequence[int], leader: int, t: int, seat: int,
                 budget: PommeBudget) -> float:
    """The seat's points in a sampled deal from the first trick: the greedy playout (with
    ``playout``), else the mean of it and the material estimate."""
    if budget.playout:
        return float(greedy_points(hands, t, leader)[seat])
    return float(blended_estimate(hands, leader, t, seat, HAND_SIZE[len(hands)]))


def best_action(values: dict[PommeAction, ChoiceValue], t: int) -> PommeAction:
    """The action of highest value; on a tie a card before the aside, the card giving
    fewer points, then the weaker card."""
    def order(action: PommeAction) -> tuple[float, int, int]:
        if isinstance(action, Card):
            c = action.index
            return round(values[action].value, 6), -POINTS[t][c], -KEYS[t][SUIT_OF[c]][c]
        return round(values[action].value, 6), -100, -100
    return max(values, key=order)


def expert_values(view: PommeView, rng: random.Random,
                  budget: PommeBudget = POMME_EXPERT_BUDGET,
                  given_up: int = 0) -> dict[PommeAction, ChoiceValue]:
    """Every legal action of the seat to move with its ``ChoiceValue`` (``given_up``: the
    hand the seat gave up for the aside, if known: ``PommeKnowledge.of``)."""
    if view.phase is PommePhase.EXCHANGE:
        return exchange_values(view, rng, budget)
    if view.phase is PommePhase.BLIND or view.phase is PommePhase.DISCARD:
        return blind_values(view, rng, budget)
    return play_values(view, rng, budget, given_up)


class ExpertPommeBot:
    """PIMC with a paranoid search, within an explicit ``PommeBudget``."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: PommeBudget = POMME_EXPERT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def choose_action(self, view: PommeView) -> PommeAction:
        if view.current_player != view.seat or not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to decide")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if view.phase is PommePhase.DISCARD:  # the cards its value of the exchange gave up
            return Card.from_index(blind_discards(view)[0])
        # the hand given up for the aside is in the view (``given_up``): never dealt to others
        return best_action(expert_values(view, self.rng, self.budget), int(view.trump))


__all__ = ["APPLE_WEIGHT", "POMME_EXPERT_BUDGET", "ChoiceValue", "ExpertPommeBot", "PommeBudget",
           "best_action", "blind_values", "exchange_values", "expert_values", "play_values",
           "utility"]
