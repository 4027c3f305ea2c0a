"""How hard a puzzle is, estimated from what it asks (no Qt).

The stored ``difficulty:`` of every puzzle is this estimate (a test holds them equal), so "Next
for me" can serve a new learner the easy ones first and the numbers cannot drift as puzzles are
added. The estimate reads the position and the engine's solution, never the authored labels:
relabelling a puzzle cannot change its difficulty. Each kind adds steps to 1 and the sum is
kept within 1 to 5; ``docs/content-format.md`` (Difficulty) lists the steps.

- **legal**: the rule the position needs (following suit or trump, or discarding with nothing
  to compare: none; trumping in while holding the led suit, or a trump lead while holding the
  Buur: one step; a trump in the trick on a plain lead while you hold trumps, each of them to
  hold against the undertrump ban or the only-trumps exception: two steps), a step when the
  trump order decides (plain order would mislead), a step for a hand of 6 or more cards to
  sort, a step less for a single card (nothing to choose).
- **winner**: a step for comparing two or more trumps, a step when the trump order decides
  (plain order would pick another card), a step for a decoy (a discard that outranks the
  winner, or a jack or nine outside trump that does not win: no Buur, no Nell).
  A trick of five cards (Pomme for 5) is a step more.
- **marks** (Pomme): a step for 5 players, a step when two apples or more make the best mark
  2 or 3, a step when a shared place decides a mark, a step for a player on 20 or 21 points
  (right at the apple's line).
- **weis**: a step when points do not decide (length, height, trump or order does), a step for
  three or four players announcing, a step for a hand of several announcements (only the best
  one is compared, or the cards must be split), a step for a trap (the loser is better on a
  criterion after the one that decides, or announced first at equal points), a step for the
  ``long_sequences`` option.
- **points**: a step for 5 to 12 cards counted, two for more (none for a match: always 257),
  a step for each part added to the cards (the last trick, the match, the announcements,
  Stöck, pique double in force), and a step for pique double set but not in force (the trump
  is not spades).
- **best**: a step for each trick beyond 2 in the ending, a step for 4 legal cards, a step for
  a close margin (under 15 points over the next best card), a step when the idea is a duck or
  has no name (only counting shows the best card).
"""

from __future__ import annotations

from engine import APPLE_BELOW, Criterion, Rank, Trump
from tutor.content.tasks import (
    BestSolution,
    BestTask,
    LegalSolution,
    LegalTask,
    MarksSolution,
    MarksTask,
    PointsSolution,
    PointsTask,
    Solution,
    Task,
    WeisSolution,
    WeisTask,
    WinnerSolution,
    WinnerTask,
    high_trump,
    strongest,
)
from tutor.content.themes import THEMES_BY_KEY, Kind, applies

LOWEST, HIGHEST = 1, 5
#: Pomme for 5: a trick of five cards to compare, five players' marks.
FIVE = 5
#: A best card that wins less than this over the next best card is a close call.
CLOSE_MARGIN = 15
#: A legal-card hand of this many cards or more takes a step more to sort.
LARGE_HAND = 6
#: Points puzzles: up to SMALL_PILE cards to count is no step, up to LARGE_PILE one, more two.
SMALL_PILE, LARGE_PILE = 4, 12


def level(steps: int) -> int:
    """The difficulty of a puzzle whose kind counts ``steps``: 1 plus the steps, within 1 to 5.
    ``tutor.content.kinds.estimate_difficulty`` counts the steps of the puzzle's kind."""
    return max(LOWEST, min(HIGHEST, 1 + steps))


def _theme(key: str, kind: Kind, task: Task, solution: Solution) -> bool:
    return applies(THEMES_BY_KEY[key], kind, task, solution)


def _is_trump(suit: object, trump: Trump) -> bool:
    return trump.suit is not None and suit == trump.suit


def legal_steps(task: LegalTask, solution: LegalSolution) -> int:
    trumps = [card for card in task.hand if _is_trump(card.suit, task.trump)]
    rule = 0
    if task.trick:
        trump_led = _is_trump(task.trick[0].suit, task.trump)
        if trump_led and any(card.rank == Rank.JACK for card in trumps):
            rule = 1  # the Buur exception, or seeing that it does not apply
        if _theme("trump-in", Kind.LEGAL, task, solution):
            rule = 1
        if not trump_led and trumps and high_trump(task.trick, task.trump) is not None:
            rule = 2  # a trump in the trick: each of yours against the undertrump ban
    order = _theme("trump-order", Kind.LEGAL, task, solution)
    size = (len(task.hand) >= LARGE_HAND) - (len(task.hand) == 1)
    return rule + order + size


def winner_steps(task: WinnerTask, solution: WinnerSolution) -> int:
    trumps = [card for card in task.trick if _is_trump(card.suit, task.trump)]
    decoy = _theme("discard", Kind.WINNER, task, solution) or any(
        card.rank in (Rank.JACK, Rank.NINE) and not _is_trump(card.suit, task.trump)
        and card != solution.card for card in task.trick)
    five = task.players == FIVE
    return ((len(trumps) >= 2) + _theme("trump-order", Kind.WINNER, task, solution) + decoy
            + five)


def marks_steps(task: MarksTask, solution: MarksSolution) -> int:
    line = any(points in (APPLE_BELOW - 1, APPLE_BELOW) for points in task.points)
    return ((task.players == FIVE) + _theme("more-apples", Kind.MARKS, task, solution)
            + _theme("shared-place", Kind.MARKS, task, solution) + line)


def weis_steps(task: WeisTask, solution: WeisSolution) -> int:
    if solution.winner is None:
        return 0
    announcing = sum(1 for weises in solution.announcements if weises)
    several = any(len(weises) > 1 for weises in solution.announcements)
    not_points = solution.criterion not in (None, Criterion.POINTS)
    return (not_points + (announcing >= 3) + several + _weis_trap(task, solution)
            + task.rules.long_sequences)


#: R-WEIS-BEST in the order applied; the first four are the parts of ``Weis.key``.
_CRITERIA = (Criterion.POINTS, Criterion.LENGTH, Criterion.HEIGHT, Criterion.TRUMP,
             Criterion.ORDER)


def _weis_trap(task: WeisTask, solution: WeisSolution) -> bool:
    """Whether the runner-up is better than the winner on a criterion after the deciding one
    (longer, higher or in trump; or announced first, when the two tie on points), which a
    learner may wrongly apply first."""
    runner, criterion = solution.runner_up, solution.criterion
    if solution.winner is None or runner is None or criterion is None:
        return False
    win = strongest(solution.announcements[solution.winner], task.trump).key(task.trump)
    other = strongest(solution.announcements[runner], task.trump).key(task.trump)
    decided = _CRITERIA.index(criterion)
    later = any(other[i] > win[i] for i in range(decided + 1, len(win)))
    close = criterion not in (Criterion.POINTS, Criterion.ORDER)  # a tie on points
    return later or (close and runner < solution.winner)


def points_steps(task: PointsTask, solution: PointsSolution) -> int:
    count = 0 if task.match else len(task.cards)
    size = 0 if count <= SMALL_PILE else 1 if count <= LARGE_PILE else 2
    last = bool(solution.last) and not solution.match  # a match includes its last trick
    parts = (last + bool(solution.match) + bool(solution.weis) + bool(solution.stoeck)
             + (solution.factor != 1))
    idle_option = task.rules.pique_double and solution.factor == 1
    return size + parts + idle_option


def best_steps(task: BestTask, solution: BestSolution) -> int:
    length = len(task.hands[0]) - 2
    choices = len(solution.values) >= 4
    close = solution.margin < CLOSE_MARGIN
    named = (_theme("trump-control", Kind.BEST, task, solution)
             or _theme("give-points", Kind.BEST, task, solution))
    hidden = _theme("duck", Kind.BEST, task, solution) or not named
    return length + choices + close + hidden
