"""From the coach's word on a decision to the strategy course: theme, lesson, puzzles (no Qt).

``advice_theme(view, advice)`` names the strategy theme (``tutor.content.themes``
``STRATEGY_THEMES``) a decision belongs to, by explicit checks on the position and on the coach's
reason tags, most specific first; ``None`` when none applies. ``course_link`` finds the lesson
that prepares that theme and two of its puzzles, those the learner has not solved first, so a
review that flags a mistake can offer the lesson and practice at once. ``advice_lesson`` is what
the coach's reason names (``python -m tutor.course`` counts it over many positions).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine import CHIBRE, Advice, Card, Game, GameView, Rank, Tag, Trump, advise
from tutor.content.loader import Lesson, Puzzle
from tutor.content.themes import Kind
from tutor.progress.choose import LessonPlan, opening

#: The coach's tags that say which theme a card belongs to, checked in this order.
TAG_THEMES: tuple[tuple[Tag, str], ...] = (
    (Tag.LAST_TRICK_FIVE, "last-tricks"),
    (Tag.KEEP_BUUR, "buur-nell"),
    (Tag.NELL_UNGUARDED, "buur-nell"),
    (Tag.PULL_TRUMPS, "draw-trumps"),
    (Tag.PARTNER_WINNING_GIVE_POINTS, "partner-play"),
    (Tag.SAVE_THE_TEN, "partner-play"),
    (Tag.CANNOT_WIN_DISCARD_LOW, "discard-signal"),
    (Tag.STRONGEST_SUIT, "hand-reading"),
    (Tag.CHIBRE_WEAK_HAND, "trump-or-chibre"),
)


def advice_theme(view: GameView, advice: Advice) -> str | None:
    """The strategy theme of the decision ``view`` shows, advised as ``advice``."""
    best = advice.action
    other = advice.other.action if advice.other is not None else None
    if not isinstance(best, Card):  # a trump choice, or chibre
        if view.chibred:
            return "after-chibre"
        return "trump-or-chibre" if CHIBRE in (best, other) else "hand-reading"
    tags = set(advice.supporting) | set(advice.against)
    if advice.other is not None and advice.is_learners:  # the learner's card, not a next best
        tags |= set(advice.other.tags)
    assert view.trump is not None
    trump = view.trump
    if len(view.tricks) >= 6:
        return "last-tricks"
    if len(view.tricks) >= 4 and all(t.winner % 2 == view.team for t in view.tricks):
        return "the-match"
    mine = advice.other.action if advice.is_learners and advice.other is not None else best
    for card in (best, mine):
        if isinstance(card, Card) and _is_top_trump(card, trump):
            return "buur-nell"
    for tag, theme in TAG_THEMES:
        if tag in tags and (theme != "discard-signal" or discarded(view, mine)):
            return theme
    if view.trick:
        if discarded(view, mine):
            return "discard-signal"
        if len(view.trick) >= 2:
            return "partner-play"
        return None
    return "draw-trumps" if best.suit == trump.suit else "leading"


def discarded(view: GameView, card: object) -> bool:
    """Whether ``card``, the learner's, is a discard: a plain card of another suit than the one
    led (the hand has none of it), neither a lead nor a trump."""
    if not view.trick or not isinstance(card, Card) or view.trump is None:
        return False
    return card.suit != view.trick[0].suit and card.suit != view.trump.suit


def _is_top_trump(card: Card, trump: Trump) -> bool:
    return card.suit == trump.suit and card.rank in (Rank.JACK, Rank.NINE)


@dataclass(frozen=True)
class CourseLink:
    """Where a review sends the learner for a theme: the lesson, whether the learner has
    reached it (completed it: else it is "later in the course"), and two of its puzzles the
    course has opened (none while they are locked)."""

    theme: str
    lesson: Lesson
    puzzles: tuple[Puzzle, ...]
    reached: bool = True


def lesson_for(theme: str, lessons: Sequence[Lesson]) -> Lesson | None:
    """The first lesson that prepares the strategy puzzles of ``theme``."""
    return next((lesson for lesson in sorted(lessons, key=lambda les: les.number)
                 if (Kind.STRATEGY, theme) in lesson.prepares), None)


def course_link(theme: str | None, lessons: Sequence[Lesson], puzzles: Sequence[Puzzle],
                solved: Collection[str] = (),
                completed: Collection[str] | None = None) -> CourseLink | None:
    """The lesson of ``theme`` and two of its strategy puzzles (unsolved ones first, then the
    easiest), or ``None`` without a theme, a lesson for it, or two puzzles. With
    ``completed`` (the ids of the lessons the learner has completed), the link says whether
    the lesson is reached, and offers only puzzles the course has opened
    (``tutor.progress.choose.opening``): none while they are locked."""
    if theme is None:
        return None
    lesson = lesson_for(theme, lessons)
    pool = [p for p in puzzles if p.kind is Kind.STRATEGY and theme in p.themes]
    pool.sort(key=lambda p: (p.id in solved, p.difficulty, p.id))
    if lesson is None or len(pool) < 2:
        return None
    if completed is None:
        return CourseLink(theme, lesson, tuple(pool[:2]))
    opened = opening([LessonPlan(les.id, les.number, frozenset(
        (kind.value, name) for kind, name in les.prepares)) for les in lessons], completed)
    open_pool = [p for p in pool if opened.admits(p.kind.value, p.themes)]
    return CourseLink(theme, lesson, tuple(open_pool[:2]) if len(open_pool) >= 2 else (),
                      lesson.id in completed)


def advice_lesson(view: GameView, advice: Advice, lessons: Sequence[Lesson]) -> Lesson | None:
    """The strategy lesson the coach's word on this decision names, if any."""
    theme = advice_theme(view, advice)
    return lesson_for(theme, lessons) if theme is not None else None


__all__ = ["CourseLink", "advice_lesson", "advice_theme", "course_link", "discarded",
           "lesson_for"]


def count_named(positions: int, seed: int) -> tuple[int, dict[str, int]]:
    """Over ``positions`` decisions of rounds the heuristic bots play (a trump choice or a card
    with a choice), how many the coach's word sends to a strategy lesson, by theme."""
    import random

    from engine import COACH_BUDGET, Phase, WeisChoice, assess, make_bot
    from tutor.content.loader import load_content

    lessons = load_content().lessons
    rng = random.Random(seed)
    by_theme: dict[str, int] = {}
    seen = named = 0
    while seen < positions:
        game = Game(seed=rng.randrange(1 << 30))
        bots = [make_bot("heuristic", rng.randrange(1 << 30)) for _ in range(4)]
        while game.round == 0 and not game.is_over and seen < positions:
            seat = game.current_player
            view = game.view(seat)
            if game.phase is Phase.WEIS:
                game.apply(WeisChoice.ANNOUNCE)
                continue
            action = (bots[seat].choose_trump(view) if game.phase is Phase.TRUMP
                      else bots[seat].choose_card(view))
            if len(view.legal_actions) > 1 and rng.random() < 0.3:
                found = assess(view, COACH_BUDGET, seed=0)
                advice = advise(view, found, action if action != found[0].action else None)
                seen += 1
                theme = advice_theme(view, advice)
                if theme is not None and lesson_for(theme, lessons) is not None:
                    named += 1
                    by_theme[theme] = by_theme.get(theme, 0) + 1
            game.apply(action)
    return named, by_theme


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tutor.course", description=__doc__)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    named, by_theme = count_named(args.positions, args.seed)
    print(f"{named} of {args.positions} decisions: the coach's word names a strategy lesson "
          f"({100 * named / args.positions:.0f}%)")
    for theme, count in sorted(by_theme.items(), key=lambda item: -item[1]):
        print(f"  {theme:<16} {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
