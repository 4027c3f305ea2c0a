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

from engine import Trump
from tutor.content.tasks import (
    Solution,
    Task,
)
from tutor.content.themes import THEMES_BY_KEY, Kind, applies

LOWEST, HIGHEST = 1, 5
#: Pomme for 5: a trick of five cards to compare, five players' marks.
FIVE = 5


def level(steps: int) -> int:
    """The difficulty of a puzzle whose kind counts ``steps``: 1 plus the steps, within 1 to 5.
    ``tutor.content.kinds.estimate_difficulty`` counts the steps of the puzzle's kind."""
    return max(LOWEST, min(HIGHEST, 1 + steps))


def has_theme(key: str, kind: Kind, task: Task, solution: Solution) -> bool:
    return applies(THEMES_BY_KEY[key], kind, task, solution)


def is_trump(suit: object, trump: Trump) -> bool:
    return trump.suit is not None and suit == trump.suit


