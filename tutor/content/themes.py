"""The closed list of puzzle themes, and the engine check that each one applies.

A theme is a claim about a position ("a trump is illegal as an undertrump here"); the checker
refuses a puzzle whose theme does not hold, so the per-theme statistics a learner sees are true.
Names and descriptions are marked for translation and translated where they are shown.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from engine import (
    APPLE_BELOW,
    Card,
    Criterion,
    Rank,
    Reason,
    Trump,
    WeisKind,
    card_points,
    pomme_marks,
    trick_winner,
)
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
    trump_strength,
)
from tutor.i18n import N_


class Kind(enum.Enum):
    """The kinds of puzzle, one file each in ``puzzles/``; each one's entry in the registry of
    kinds (``tutor.content.kinds.puzzle_kind``) says the rest."""

    LEGAL = "legal"
    WINNER = "winner"
    WEIS = "weis"
    POINTS = "points"
    BEST = "best"
    MARKS = "marks"


Check = Callable[[Task, Solution], bool]


@dataclass(frozen=True)
class Theme:
    key: str
    name: str  # marked with N_, translate with _ where shown
    description: str
    checks: dict[Kind, Check]


def _plain_rank(card: Card) -> int:
    return int(card.rank)


def _is_trump(card: Card, trump: Trump) -> bool:
    return card.suit == trump.suit


def _reasons(solution: Solution) -> set[Reason]:
    assert isinstance(solution, LegalSolution)
    return set(solution.reasons.values())


def _legal_follow_suit(task: Task, solution: Solution) -> bool:
    return Reason.MUST_FOLLOW_SUIT in _reasons(solution)


def _legal_follow_trump(task: Task, solution: Solution) -> bool:
    return Reason.MUST_FOLLOW_TRUMP in _reasons(solution)


def _legal_no_undertrump(task: Task, solution: Solution) -> bool:
    return Reason.NO_UNDERTRUMP in _reasons(solution)


def _plain_lead(task: LegalTask) -> bool:
    return bool(task.trick) and not _is_trump(task.trick[0], task.trump)


def _legal_trump_in(task: Task, solution: Solution) -> bool:
    assert isinstance(task, LegalTask) and isinstance(solution, LegalSolution)
    if not _plain_lead(task):
        return False
    led = task.trick[0].suit
    return any(c.suit == led for c in task.hand) and any(
        _is_trump(c, task.trump) for c in solution.legal
    )


def _legal_only_trumps(task: Task, solution: Solution) -> bool:
    assert isinstance(task, LegalTask) and isinstance(solution, LegalSolution)
    high = high_trump(task.trick, task.trump)
    if not _plain_lead(task) or high is None:
        return False
    if not all(_is_trump(card, task.trump) for card in task.hand):
        return False
    return any(trump_strength(c) < trump_strength(high) for c in solution.legal)


def _legal_buur(task: Task, solution: Solution) -> bool:
    assert isinstance(task, LegalTask) and isinstance(solution, LegalSolution)
    if not task.trick or not _is_trump(task.trick[0], task.trump):
        return False
    trumps = [card for card in task.hand if _is_trump(card, task.trump)]
    buur_alone = len(trumps) == 1 and trumps[0].rank == Rank.JACK
    return buur_alone and any(not _is_trump(c, task.trump) for c in solution.legal)


def _legal_trump_order(task: Task, solution: Solution) -> bool:
    assert isinstance(task, LegalTask) and isinstance(solution, LegalSolution)
    high = high_trump(task.trick, task.trump)
    if not _plain_lead(task) or high is None:
        return False
    for card, reason in solution.reasons.items():
        if reason == Reason.NO_UNDERTRUMP and _plain_rank(card) > _plain_rank(high):
            return True
    return any(
        _is_trump(c, task.trump)
        and trump_strength(c) > trump_strength(high)
        and _plain_rank(c) < _plain_rank(high)
        for c in solution.legal
    )


def _legal_discard(task: Task, solution: Solution) -> bool:
    assert isinstance(task, LegalTask) and isinstance(solution, LegalSolution)
    if not _plain_lead(task):
        return False
    led = task.trick[0].suit
    if any(card.suit == led for card in task.hand):
        return False
    return any(not _is_trump(c, task.trump) for c in solution.legal)


def _winner_trump_in(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask) and isinstance(solution, WinnerSolution)
    return not _is_trump(task.trick[0], task.trump) and solution.by_trump


def _winner_buur(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask) and isinstance(solution, WinnerSolution)
    return solution.by_trump and solution.card.rank == Rank.JACK


def _winner_nell(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask)
    return any(_is_trump(c, task.trump) and c.rank == Rank.NINE for c in task.trick)


def _winner_trump_order(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask) and isinstance(solution, WinnerSolution)
    trumps = [card for card in task.trick if _is_trump(card, task.trump)]
    return len(trumps) >= 2 and max(trumps, key=_plain_rank) != solution.card


def _winner_plain_order(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask)
    led = task.trick[0].suit
    no_trump = not any(_is_trump(card, task.trump) for card in task.trick)
    return no_trump and sum(card.suit == led for card in task.trick) >= 2


def _winner_discard(task: Task, solution: Solution) -> bool:
    assert isinstance(task, WinnerTask) and isinstance(solution, WinnerSolution)
    led = task.trick[0].suit
    return any(
        card.suit != led
        and not _is_trump(card, task.trump)
        and _plain_rank(card) > _plain_rank(solution.card)
        for card in task.trick
    )


def _always(task: Task, solution: Solution) -> bool:
    return True


def _points(task: Task) -> PointsTask:
    assert isinstance(task, PointsTask)
    return task


def _points_trump_values(task: Task, solution: Solution) -> bool:
    t = _points(task)
    return any(_is_trump(c, t.trump) and c.rank in (Rank.JACK, Rank.NINE) for c in t.cards)


def _points_last(task: Task, solution: Solution) -> bool:
    return _points(task).last and not _points(task).match


def _points_match(task: Task, solution: Solution) -> bool:
    return _points(task).match


def _points_stoeck(task: Task, solution: Solution) -> bool:
    return _points(task).stoeck


def _points_pique(task: Task, solution: Solution) -> bool:
    assert isinstance(solution, PointsSolution)
    return solution.factor == 2


def _has_kind(kind: WeisKind) -> Check:
    def check(task: Task, solution: Solution) -> bool:
        if isinstance(solution, WeisSolution):
            weises = [w for player in solution.announcements for w in player]
        else:
            assert isinstance(solution, PointsSolution)
            weises = list(solution.announcements)
        return any(weis.kind == kind for weis in weises)

    return check


def _decided_by(criterion: Criterion) -> Check:
    def check(task: Task, solution: Solution) -> bool:
        assert isinstance(task, WeisTask) and isinstance(solution, WeisSolution)
        return solution.criterion == criterion

    return check


def _best(task: Task, solution: Solution) -> tuple[BestTask, BestSolution]:
    assert isinstance(task, BestTask) and isinstance(solution, BestSolution)
    return task, solution


def first_trick(task: BestTask, solution: BestSolution) -> tuple[Card, ...]:
    """The trick on the table completed by the winning line, lead first."""
    return (*task.trick, *(card for _seat, card in solution.line[: 4 - len(task.trick)]))


def first_trick_winner(task: BestTask, solution: BestSolution) -> int:
    """The seat that takes the trick on the table in the winning line."""
    return (task.leader + trick_winner(first_trick(task, solution), task.trump)) % 4


def _best_trump_control(task: Task, solution: Solution) -> bool:
    """You lead a trump that draws the opponents' last trumps."""
    t, s = _best(task, solution)
    if t.trick or not _is_trump(s.answer, t.trump):
        return False
    theirs = [c for seat in (1, 3) for c in t.hands[seat] if _is_trump(c, t.trump)]
    return bool(theirs) and set(theirs) <= set(first_trick(t, s))


def _best_give_points(task: Task, solution: Solution) -> bool:
    """The best card is worth 10 or more and goes to the partner, who takes the trick."""
    t, s = _best(task, solution)
    return (bool(t.trick) and card_points(s.answer, t.trump) >= 10
            and first_trick_winner(t, s) == 2)


def _best_duck(task: Task, solution: Solution) -> bool:
    """The best card lets the opponents take the trick though another card would beat it now."""
    t, s = _best(task, solution)
    if not t.trick or first_trick_winner(t, s) % 2 == 0:
        return False
    if (t.leader + trick_winner(t.trick, t.trump)) % 2 == 0:
        return False  # the partner holds the trick so far: not a duck but not overtaking

    def beats(card: Card) -> bool:
        return trick_winner((*t.trick, card), t.trump) == len(t.trick)

    return not beats(s.answer) and any(beats(card) for card, _value in s.values)


def _pomme_table(task: Task, solution: Solution) -> bool:
    """A legal or winner position at a Pomme table (3 or 5 players, R-POMME)."""
    assert isinstance(task, (LegalTask, WinnerTask))
    return task.players != 4


def _marks(solution: Solution) -> MarksSolution:
    assert isinstance(solution, MarksSolution)
    return solution


def _marks_apple(task: Task, solution: Solution) -> bool:
    return min(_marks(solution).marks) < 0


def _marks_more_apples(task: Task, solution: Solution) -> bool:
    """Two or more apples: the best mark more than 1."""
    return max(_marks(solution).marks) >= 2


def marks_tie_matters(task: MarksTask, solution: MarksSolution) -> bool:
    """Players with equal points (21 or more) share a place, and telling them apart (a point
    more for each one above the next) would change a mark among them: the shared place
    decides."""
    points = task.points
    for value in set(points):
        tied = [i for i, p in enumerate(points) if p == value]
        if value < APPLE_BELOW or len(tied) < 2:
            continue
        apart = list(points)
        for rank, player in enumerate(tied):
            apart[player] += len(tied) - 1 - rank
        marks = pomme_marks(apart)
        if any(marks[player] != solution.marks[player] for player in tied):
            return True
    return False


def _marks_shared_place(task: Task, solution: Solution) -> bool:
    assert isinstance(task, MarksTask)
    return marks_tie_matters(task, _marks(solution))


_L, _W, _S, _P, _B = Kind.LEGAL, Kind.WINNER, Kind.WEIS, Kind.POINTS, Kind.BEST
_M = Kind.MARKS

THEMES: tuple[Theme, ...] = (
    Theme("follow-suit", N_("Following suit"),
          N_("You hold the led suit: follow it, or trump."), {_L: _legal_follow_suit}),
    Theme("follow-trump", N_("Following trump"),
          N_("Trump was led: play trump if you have one."), {_L: _legal_follow_trump}),
    Theme("trump-in", N_("Trumping in"),
          N_("A trump may be played on a plain lead at any time."),
          {_L: _legal_trump_in, _W: _winner_trump_in}),
    Theme("no-undertrump", N_("No undertrumping"),
          N_("After someone has trumped, a lower trump may not be played."),
          {_L: _legal_no_undertrump}),
    Theme("only-trumps", N_("Only trumps left"),
          N_("A hand of nothing but trumps may undertrump."), {_L: _legal_only_trumps}),
    Theme("buur", N_("The Buur"),
          N_("The {rank:J} of trump: highest card, and never forced out."),
          {_L: _legal_buur, _W: _winner_buur}),
    Theme("nell", N_("The Nell"),
          N_("The nine of trump: second only to the Buur."), {_W: _winner_nell}),
    Theme("trump-order", N_("Trump order"),
          N_("In trump the order is {rank:J}, {rank:9}, {rank:A}, {rank:K}, {rank:Q}, {rank:T}, "
             "{rank:8}, {rank:7}, {rank:6}."),
          {_L: _legal_trump_order, _W: _winner_trump_order}),
    Theme("plain-order", N_("Plain order"),
          N_("Without trump, the highest card of the led suit wins."),
          {_W: _winner_plain_order}),
    Theme("discard", N_("Discarding"),
          N_("With no card of the led suit you may play any card except a trump that would "
             "undertrump; a card of another suit cannot win."),
          {_L: _legal_discard, _W: _winner_discard}),
    Theme("card-values", N_("Card values"),
          N_("Counting the points of the cards won."), {_P: _always}),
    Theme("trump-values", N_("Trump values"),
          N_("The Buur counts 20 and the Nell 14."), {_P: _points_trump_values}),
    Theme("last-trick", N_("The last trick"),
          N_("The last trick brings 5 more points."), {_P: _points_last}),
    Theme("match", N_("Match"),
          N_("All nine tricks: 257 points."), {_P: _points_match}),
    Theme("stoeck", N_("Stöck"),
          N_("The {rank:K} and the {rank:Q} of trump in one hand: 20 points."),
          {_P: _points_stoeck}),
    Theme("pique-double", N_("Pique double"),
          N_("With {suit:S} as trump, everything counts double."), {_P: _points_pique}),
    Theme("sequence", N_("Sequences"),
          N_("Three or more cards in a row of one suit."),
          {_S: _has_kind(WeisKind.SEQUENCE), _P: _has_kind(WeisKind.SEQUENCE)}),
    Theme("four-of-a-kind", N_("Four of a kind"),
          N_("Four {ranks:J}, nines, {ranks:A}, {ranks:K}, {ranks:Q} or {ranks:T}."),
          {_S: _has_kind(WeisKind.FOUR), _P: _has_kind(WeisKind.FOUR)}),
    Theme("weis-points", N_("Announcement points"),
          N_("The announcement worth more points wins."), {_S: _decided_by(Criterion.POINTS)}),
    Theme("weis-length", N_("Announcement length"),
          N_("At equal points, more cards win."), {_S: _decided_by(Criterion.LENGTH)}),
    Theme("weis-height", N_("Announcement height"),
          N_("At equal points and length, the higher top card wins."),
          {_S: _decided_by(Criterion.HEIGHT)}),
    Theme("weis-trump", N_("Announcement in trump"),
          N_("Otherwise equal, the announcement in trump wins."),
          {_S: _decided_by(Criterion.TRUMP)}),
    Theme("weis-order", N_("Order of announcing"),
          N_("Fully equal, the one announced first wins."), {_S: _decided_by(Criterion.ORDER)}),
    Theme("endgame", N_("Endgame"),
          N_("The last tricks with every hand open: one card is best."), {_B: _always}),
    Theme("trump-control", N_("Drawing trumps"),
          N_("Lead a trump that pulls the opponents' last trumps."), {_B: _best_trump_control}),
    Theme("give-points", N_("Giving points"),
          N_("Give a card of 10 or more to the partner who takes the trick."),
          {_B: _best_give_points}),
    Theme("duck", N_("Ducking"),
          N_("Let the opponents take this trick to win more later."), {_B: _best_duck}),
    Theme("pomme", N_("Pomme for 3 or 5"),
          N_("No teams: a trick of one card per player, and marks instead of points."),
          {_L: _pomme_table, _W: _pomme_table, _M: _always}),
    Theme("apple", N_("Apples"),
          N_("Below 21 points in a round: an apple, minus 1."), {_M: _marks_apple}),
    Theme("more-apples", N_("More apples, bigger Putz"),
          N_("With two apples or more, the best players mark 2 or 3."),
          {_M: _marks_more_apples}),
    Theme("shared-place", N_("Shared places"),
          N_("Players with equal points share the better place and its mark."),
          {_M: _marks_shared_place}),
)

THEMES_BY_KEY: dict[str, Theme] = {theme.key: theme for theme in THEMES}


def themes_for(kind: Kind) -> list[Theme]:
    """The themes that can apply to puzzles of ``kind``."""
    return [theme for theme in THEMES if kind in theme.checks]


def applies(theme: Theme, kind: Kind, task: Task, solution: Solution) -> bool:
    """Whether the engine finds ``theme`` in this position."""
    check = theme.checks.get(kind)
    return check is not None and check(task, solution)
