"""Computer players of Pomme (R-POMME): ``random``, ``heuristic`` and ``expert``.

Every Pomme bot answers one question, ``choose_action(view) -> PommeAction``,
from a ``PommeView`` only (the trump 6's exchange, taking the aside, a card).

The heuristic plays by rules of thumb, with no partner to help:

- *The 6*: exchange it for the shown card, which is always the better trump;
  keep it only with 3 players when the hand is so weak that the seat means to
  take the aside, where the shown card then lies (after an exchange the 6 would).
- *The aside* (3 players, before one's first card): take it when the aside is
  expected to be stronger than the hand (``hand_strength``: trumps by rank,
  side aces, kings beside their ace; the aside's known card counts fully, the
  rest at the odds of the unseen cards), by more than ``ASIDE_MARGIN``.
- *The blind* (2 players, R-POMME-TWO): the 3 cards to give up are the weakest
  (``blind_discards``: no trump, no ace, fewest points, lowest rank); exchange
  them when the hand with 3 unseen cards in their place is expected stronger
  than the hand kept by more than ``ASIDE_MARGIN`` (the same rule as the aside).
- *Cards*: lead a master trump to pull the others' trumps when holding several
  trumps, cash a master card nobody can trump, else lead low; follow with the
  cheapest card that keeps the trick for sure, trumping only for a trick worth
  it, else throw the cheapest card, keeping the Buur and Nell.
- *The apple*: under 21 points a seat takes any sure trick with points, even
  with a trump, and cashes its master cards first.

>>> from engine.pomme.game import PommeGame
>>> game = PommeGame(3, seed=2)
>>> bots = [make_pomme_bot("heuristic", seed) for seed in range(3)]
>>> play_pomme_round(game, bots)
>>> game.round
1
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from engine.cards import Card
from engine.pomme.blind import blind_discards, blind_strengths
from engine.pomme.game import (
    PommeAction,
    PommeChoice,
    PommeGame,
    PommePhase,
    PommeView,
)
from engine.pomme.knowledge import PommeKnowledge, six_of
from engine.pomme.position import (
    PommePosition,
    expected_strength,
    hand_strength,
)
from engine.position import lead_or_follow
from engine.tables import KEYS, POINTS, SUIT_OF

if TYPE_CHECKING:
    from engine.pomme.expert import PommeBudget

POMME_BOT_NAMES: Final = ("random", "heuristic", "expert")
#: The aside is taken (the blind exchanged) when expected stronger than the hand by more than
#: this.
ASIDE_MARGIN: Final = 2.0
#: Trick points from which a trump is spent to take a trick (under 21 points: any points).
TRUMP_FOR: Final = 10
#: Trumps from which a master trump is led to pull the others' trumps.
PULL_WITH: Final = 3


class PommeBot(Protocol):
    """A Pomme player: answers for the seat of the view it is given."""

    name: str

    def choose_action(self, view: PommeView) -> PommeAction:
        """A legal action of the seat to move (``view.legal_actions``)."""
        ...


class RandomPommeBot:
    """Uniformly random legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, view: PommeView) -> PommeAction:
        return self.rng.choice(_actions(view))


def _actions(view: PommeView) -> list[PommeAction]:
    if view.current_player != view.seat or not view.legal_actions:
        raise ValueError(f"seat {view.seat} has nothing to decide (seat {view.current_player} "
                         f"is to move, phase {view.phase.value})")
    return list(view.legal_actions)


# -- the heuristic's rules -----------------------------------------------------------


def aside_pool(knowledge: PommeKnowledge) -> tuple[int, int, int]:
    """(the aside's known cards, the unseen cards the rest of it is drawn from, how many
    it draws) for a seat that has not taken it (3 players)."""
    out = knowledge.out
    known = knowledge.holds[out]
    elsewhere = 0
    for pile, cards in enumerate(knowledge.holds):
        if pile != out:
            elsewhere |= cards
    pool = knowledge.unseen & ~known & ~elsewhere & ~knowledge.forbidden[out]
    return known, pool, knowledge.counts[out] - known.bit_count()


def aside_strength(knowledge: PommeKnowledge) -> float:
    """The expected ``hand_strength`` of the aside (3 players, not taken yet)."""
    known, pool, draws = aside_pool(knowledge)
    return expected_strength(known, pool, draws, knowledge.trump)


def prefers_aside(view: PommeView) -> tuple[float, float]:
    """(the hand's strength, the aside's expected strength) for the seat of ``view``."""
    knowledge = PommeKnowledge.of(view)
    return float(hand_strength(knowledge.hand, knowledge.trump)), aside_strength(knowledge)


def should_take_aside(view: PommeView) -> bool:
    """The heuristic's rule: the aside is expected stronger by more than ``ASIDE_MARGIN``."""
    own, aside = prefers_aside(view)
    return aside > own + ASIDE_MARGIN


def should_exchange_blind(view: PommeView) -> bool:
    """The heuristic's rule: the blind is expected stronger by more than ``ASIDE_MARGIN``."""
    own, exchanged = blind_strengths(view)
    return exchanged > own + ASIDE_MARGIN


def should_exchange_six(view: PommeView) -> bool:
    """The heuristic's rule: exchange, unless (3 players) the seat means to take the aside
    with the shown card in it rather than play its hand with the shown card."""
    if view.players != 3:
        return True
    knowledge = PommeKnowledge.of(view)
    t = knowledge.trump
    six, shown = 1 << six_of(t), 1 << view.shown.index
    exchanged = hand_strength(knowledge.hand & ~six | shown, t)
    aside = aside_strength(knowledge)  # the shown card is the aside's known card
    return aside <= exchanged + ASIDE_MARGIN


def heuristic_card(view: PommeView) -> int:
    """The index of the card the heuristic's rules choose for the seat of ``view``."""
    return lead_or_follow(PommePosition(view), lead, follow)


def lead(pos: PommePosition, cards: list[int]) -> int:
    """The card to lead."""
    trumps = [c for c in cards if pos.is_trump(c)]
    others_trumps = any(pos.may_hold_trumps(s) for s in pos.others())
    if trumps and others_trumps and len(trumps) >= PULL_WITH:
        masters = [c for c in trumps if pos.master(c)]
        if masters:
            return max(masters, key=pos.key)
    cash = [c for c in cards if not pos.is_trump(c) and pos.master(c)
            and all(not pos.void_in(s, SUIT_OF[c]) or not pos.may_hold_trumps(s)
                    for s in pos.others())]
    if cash:
        return max(cash, key=lambda c: (pos.value(c), pos.key(c)))
    if trumps and pos.needs_points() and pos.tricks_left <= 3:
        masters = [c for c in trumps if pos.master(c)]
        if masters:
            return max(masters, key=pos.key)
    plain = [c for c in cards if not pos.is_trump(c)] or cards
    return min(plain, key=lambda c: (_exposed_ten(pos, c), pos.value(c), pos.key(c)))


def _exposed_ten(pos: PommePosition, card: int) -> bool:
    """A ten led while its ace is still out."""
    return pos.value(card) == 10 and not pos.is_trump(card) and not pos.master(card)


def follow(pos: PommePosition, cards: list[int]) -> int:
    """The card to play on a trick already led."""
    winners = pos.safe_winners()
    if winners:
        card = min(winners, key=lambda c: (pos.precious(c), pos.value(c), pos.key(c)))
        worth = pos.points + pos.value(card)
        if (not pos.is_trump(card) or worth >= TRUMP_FOR or pos.tricks_left == 1
                or (pos.needs_points() and worth > 0)
                or (worth >= 4 and not pos.precious(card))):
            return card
    return discard(pos, cards)


def discard(pos: PommePosition, cards: list[int]) -> int:
    """The card that gives the least away: no points, no trump, no master card."""
    keys = KEYS[pos.t]
    return min(cards, key=lambda c: (pos.precious(c), pos.is_trump(c), pos.value(c),
                                     pos.master(c), keys[SUIT_OF[c]][c]))


class HeuristicPommeBot:
    """Rule-based Pomme (the module's rules); deterministic."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, view: PommeView) -> PommeAction:
        actions = _actions(view)
        if view.phase is PommePhase.BLIND:
            return PommeChoice.EXCHANGE_BLIND if should_exchange_blind(view) \
                else PommeChoice.KEEP_BLIND
        if view.phase is PommePhase.DISCARD:
            return Card.from_index(blind_discards(view)[0])
        if view.phase is PommePhase.EXCHANGE:
            return PommeChoice.EXCHANGE_SIX if should_exchange_six(view) \
                else PommeChoice.KEEP_SIX
        if PommeChoice.TAKE_ASIDE in actions and should_take_aside(view):
            return PommeChoice.TAKE_ASIDE
        return Card.from_index(heuristic_card(view))


def make_pomme_bot(name: str, seed: int = 0, budget: PommeBudget | None = None) -> PommeBot:
    """A Pomme bot by name (``random``, ``heuristic``, ``expert``) with its own seed;
    ``budget`` sets how much the expert searches (``POMME_EXPERT_BUDGET`` by default)."""
    if name == "random":
        return RandomPommeBot(seed)
    if name == "heuristic":
        return HeuristicPommeBot(seed)
    if name == "expert":
        from engine.pomme.expert import POMME_EXPERT_BUDGET, ExpertPommeBot

        return ExpertPommeBot(seed, budget if budget is not None else POMME_EXPERT_BUDGET)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(POMME_BOT_NAMES)}")


PommeTimer = Callable[[int, PommeAction, float], None]
"""Called after each decision with (seat, action, seconds it took)."""


def play_pomme_round(game: PommeGame, bots: Sequence[PommeBot],
                     timer: PommeTimer | None = None) -> None:
    """Let ``bots`` (one per seat) play the round in progress to its end."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} players need {game.players} bots, not {len(bots)}")
    start = game.round
    while game.round == start and not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        began = time.perf_counter()
        action = bots[seat].choose_action(view)
        if timer is not None:
            timer(seat, action, time.perf_counter() - began)
        game.apply(action)


def play_pomme_game(game: PommeGame, bots: Sequence[PommeBot],
                    timer: PommeTimer | None = None) -> None:
    """Let ``bots`` play ``game`` to its end."""
    while not game.is_over:
        play_pomme_round(game, bots, timer)


def card_order(t: int, card: int) -> tuple[int, int]:
    """(points, strength) of a card, for ties: the cheaper and weaker first."""
    return POINTS[t][card], KEYS[t][SUIT_OF[card]][card]


__all__ = ["ASIDE_MARGIN", "POMME_BOT_NAMES", "PULL_WITH", "TRUMP_FOR", "HeuristicPommeBot",
           "PommeBot", "PommeTimer", "RandomPommeBot", "aside_pool", "aside_strength",
           "card_order", "discard", "follow", "heuristic_card", "lead", "make_pomme_bot",
           "play_pomme_game", "play_pomme_round", "prefers_aside", "should_exchange_blind",
           "should_exchange_six", "should_take_aside"]
