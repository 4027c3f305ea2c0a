"""The coach: what each choice is worth, and why, for the seat to move.

``assess(view)`` scores every legal card (or every trump choice, with chibre)
by the expected points of the seat's team over the rest of the round, from the
expert's search (``engine.bots.expert``), best first. Each assessment carries
reason tags from a closed vocabulary (``Tag``); a tag is set only when an
explicit check on the position holds, never guessed from the numbers. The
engine keeps only the keys: ``tutor/`` translates names and descriptions.

``mistake(view, card)`` says whether a card loses more than ``threshold``
expected points against the best choice, by how much, and with what tags.

>>> from engine.game import Game
>>> game = Game(seed=4)
>>> first = assess(game.view(game.current_player), budget=Budget(worlds=2))
>>> len(first), first[0].points >= first[-1].points
(5, True)
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Final

from engine.bots import make_bot
from engine.bots.base import Budget, decide
from engine.bots.expert import card_values, legal_indexes, trump_values
from engine.bots.heuristic import CHIBRE_BELOW, suit_strength
from engine.bots.position import Position, bits
from engine.cards import Card, Chibre, Trump
from engine.game import Game, GameView, Phase
from engine.tables import KEYS, SUIT_OF

#: The coach's default budget: the expert's, without weighing deals by the opponents'
#: plays (``Budget.pool``), which took the p95 of ``assess`` from 0.4 s to 1.9 s.
COACH_BUDGET: Final = Budget(pool=1)
#: Expected points a card may lose against the best before it is a mistake.
MISTAKE_THRESHOLD: Final = 10.0


class Tag(enum.Enum):
    """Why a choice is good or bad. Stable keys; the tutor translates them."""

    PARTNER_WINNING_GIVE_POINTS = "partner-winning-give-points"
    """The partner takes the trick whatever comes, and this card adds 10 or more."""
    WIN_CHEAPLY = "win-cheaply"
    """The card takes the trick for sure, and it is the cheapest card that does."""
    WILL_BE_TRUMPED = "will-be-trumped"
    """A plain card that would lead the trick, but an opponent still to play has
    none of the suit and may hold a trump."""
    PULL_TRUMPS = "pull-trumps"
    """A trump led while an opponent may still hold trumps."""
    KEEP_BUUR = "keep-buur"
    """The Buur is played although it is not needed: the partner already takes
    the trick, or another card would take it for sure."""
    NELL_UNGUARDED = "nell-unguarded"
    """The Nell is the seat's only trump and the Buur is in a hand it cannot see."""
    SAVE_THE_TEN = "save-the-ten"
    """A plain ten played into a trick the team takes for sure."""
    CANNOT_WIN_DISCARD_LOW = "cannot-win-discard-low"
    """No card can take the trick from the opponents, and this one gives the fewest points."""
    LAST_TRICK_FIVE = "last-trick-five"
    """With two tricks left, the card kept is the highest trump still out: the
    last trick and its 5 points are the team's."""
    STRONGEST_SUIT = "strongest-suit"
    """A trump choice: the suit where the hand is strongest (Buur, Nell, length, aces)."""
    CHIBRE_WEAK_HAND = "chibre-weak-hand"
    """Chibre with a hand too weak in every suit to name trump."""


Choice = Card | Trump | Chibre


@dataclasses.dataclass(frozen=True)
class Assessment:
    """One choice, the points the seat's team should take from now to the end of
    the round with it, and the reasons that apply."""

    action: Choice
    points: float
    tags: tuple[Tag, ...]


@dataclasses.dataclass(frozen=True)
class Mistake:
    """A card that loses ``points_lost`` expected points against ``best``."""

    card: Card
    points_lost: float
    tags: tuple[Tag, ...]  # the reasons that apply to the card played
    best: Assessment


def assess(view: GameView, budget: Budget = COACH_BUDGET, seed: int = 0) -> list[Assessment]:
    """Every legal choice of the seat to move, best first (see the module text).

    Cards during play (and during the seat's Weis decision, for its first card);
    trumps and chibre while trump is chosen; nothing once the game is over.
    """
    if view.current_player != view.seat:
        raise ValueError(f"seat {view.seat} is not to move (seat {view.current_player} is)")
    rng = random.Random(seed)
    if view.phase is Phase.TRUMP:
        values = trump_values(view)
        found = [Assessment(a, v, trump_tags(view, a)) for a, v in values.items()]
    elif view.phase in (Phase.WEIS, Phase.PLAY):
        pos = Position(view)
        card_points = card_values(view, rng, budget)
        found = [Assessment(Card.from_index(c), v, card_tags(pos, c))
                 for c, v in card_points.items()]
    else:
        return []
    found.sort(key=lambda a: -a.points)
    return found


def mistake(
    view: GameView, card: Card, threshold: float = MISTAKE_THRESHOLD,
    budget: Budget = COACH_BUDGET, seed: int = 0,
) -> Mistake | None:
    """``None`` if ``card`` is within ``threshold`` expected points of the best
    card, else how much it loses and why."""
    if card.index not in legal_indexes(view):
        raise ValueError(f"{card} is not a legal card for seat {view.seat}")
    found = assess(view, budget, seed)
    best = found[0]
    mine = next(a for a in found if a.action == card)
    lost = best.points - mine.points
    if lost <= threshold:
        return None
    return Mistake(card, lost, mine.tags, best)


# -- the checks behind the tags ----------------------------------------------------------


def trump_tags(view: GameView, action: Trump | Chibre) -> tuple[Tag, ...]:
    """Tags of a trump choice."""
    hand = view.hand.mask
    strengths = [suit_strength(hand, s) for s in range(4)]
    if isinstance(action, Chibre):
        return (Tag.CHIBRE_WEAK_HAND,) if max(strengths) < CHIBRE_BELOW else ()
    suit = int(action)
    return (Tag.STRONGEST_SUIT,) if strengths[suit] == max(strengths) else ()


def card_tags(pos: Position, card: int) -> tuple[Tag, ...]:
    """Tags of playing ``card`` (an index) in ``pos``, in the order of ``Tag``."""
    checks = (
        (Tag.PARTNER_WINNING_GIVE_POINTS, _gives_points),
        (Tag.WIN_CHEAPLY, _wins_cheaply),
        (Tag.WILL_BE_TRUMPED, _will_be_trumped),
        (Tag.PULL_TRUMPS, _pulls_trumps),
        (Tag.KEEP_BUUR, _wastes_buur),
        (Tag.NELL_UNGUARDED, _nell_unguarded),
        (Tag.SAVE_THE_TEN, _saves_ten),
        (Tag.CANNOT_WIN_DISCARD_LOW, _discards_low),
        (Tag.LAST_TRICK_FIVE, _keeps_last_trick),
    )
    return tuple(tag for tag, check in checks if check(pos, card))


def _gives_points(pos: Position, card: int) -> bool:
    return pos.partner_safe() and pos.value(card) >= 10 and not pos.is_trump(card)


def _safe_winners(pos: Position) -> list[int]:
    return [c for c in bits(pos.legal) if pos.wins_now(c) and pos.safe(c)]


def _wins_cheaply(pos: Position, card: int) -> bool:
    if pos.n == 0 or pos.partner_winning():
        return False
    winners = _safe_winners(pos)
    return bool(winners) and card == min(winners, key=lambda c: (pos.value(c), pos.key(c)))


def _will_be_trumped(pos: Position, card: int) -> bool:
    if pos.is_trump(card) or not pos.wins_now(card):
        return False
    suit = pos.led if pos.led >= 0 else SUIT_OF[card]
    return any(pos.void_in(s, suit) and pos.may_hold_trumps(s)
               for s in pos.later if s % 2 != pos.seat % 2)


def _pulls_trumps(pos: Position, card: int) -> bool:
    return pos.n == 0 and pos.is_trump(card) and any(
        pos.may_hold_trumps(s) for s in pos.opponents())


def _wastes_buur(pos: Position, card: int) -> bool:
    if not 1 << card & pos.buur or pos.n == 0:
        return False
    return pos.partner_safe() or any(c != card for c in _safe_winners(pos))


def _nell_unguarded(pos: Position, card: int) -> bool:
    return bool(1 << card & pos.nell) and pos.hand & pos.trumps == pos.nell and pos.buur_unseen()


def _saves_ten(pos: Position, card: int) -> bool:
    if pos.is_trump(card) or pos.value(card) != 10:
        return False
    return pos.partner_safe() or (pos.wins_now(card) and pos.safe(card))


def _discards_low(pos: Position, card: int) -> bool:
    if pos.n == 0 or pos.partner_winning():
        return False
    cards = bits(pos.legal)
    if any(pos.wins_now(c) for c in cards):
        return False
    return pos.value(card) == min(pos.value(c) for c in cards)


def _keeps_last_trick(pos: Position, card: int) -> bool:
    if pos.tricks_left != 2:
        return False
    kept = pos.hand & ~(1 << card)
    if kept.bit_count() != 1 or not kept & pos.trumps:
        return False
    keys = KEYS[pos.t][pos.tsuit]
    top = kept.bit_length() - 1
    return all(keys[c] < keys[top] for c in bits(pos.know.unseen & pos.trumps))


def bench(games: int, seed: int, budget: Budget = COACH_BUDGET) -> list[float]:
    """Milliseconds of ``assess`` at every decision of the first round of ``games``
    seeded games between heuristic bots (the coach's speed figure)."""
    times = []
    for number in range(games):
        game = Game(seed=seed * 10_007 + number)
        bots = [make_bot("heuristic", seat) for seat in range(4)]
        while game.round == 0:
            view = game.view(game.current_player)
            began = time.perf_counter()
            assess(view, budget, seed=number)
            times.append((time.perf_counter() - began) * 1000)
            game.apply(decide(bots[view.seat], view))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.coach --games N --seed S``: how long ``assess`` takes."""
    parser = argparse.ArgumentParser(prog="python -m engine.coach", description=main.__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    times = sorted(bench(args.games, args.seed))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"coach assess over {len(times)} decisions of {args.games} rounds, seed {args.seed}: "
          f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["COACH_BUDGET", "MISTAKE_THRESHOLD", "Assessment", "Mistake", "Tag", "assess",
           "card_tags", "mistake", "trump_tags"]
