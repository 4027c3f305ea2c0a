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
    CardSet,
    Criterion,
    Rank,
    Reason,
    Trump,
    WeisKind,
    card_points,
    pomme_marks,
    trick_winner,
)
from tutor.content.strategy import view_of
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
    StrategySolution,
    StrategyTask,
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
    STRATEGY = "strategy"


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


# --- strategy: each a claim about the position and the engine's answer (tutor.content.strategy)


def _strategy(task: Task, solution: Solution) -> tuple[StrategyTask, StrategySolution]:
    assert isinstance(task, StrategyTask) and isinstance(solution, StrategySolution)
    return task, solution


def _answer_card(task: StrategyTask, solution: StrategySolution) -> Card | None:
    if task.trump is None:
        return None
    return Card.parse(solution.answer)


def _in_trick(task: StrategyTask) -> tuple[Card, ...]:
    return task.played[len(task.played) // 4 * 4:]


def _strategy_hand_reading(task: Task, solution: Solution) -> bool:
    """Your trump decision, and the hand is strong enough to name a suit."""
    t, s = _strategy(task, solution)
    return t.trump is None and not t.chibred and s.answer != "chibre"


def _strategy_trump_or_chibre(task: Task, solution: Solution) -> bool:
    """Your trump decision, chibre open to you, and chibre is the answer or the runner-up."""
    t, s = _strategy(task, solution)
    return t.trump is None and not t.chibred and "chibre" in (s.answer, s.runner_up[0])


def _strategy_after_chibre(task: Task, solution: Solution) -> bool:
    t, _ = _strategy(task, solution)
    return t.trump is None and t.chibred


def _strategy_draw_trumps(task: Task, solution: Solution) -> bool:
    """You lead, and the answer is a trump."""
    t, s = _strategy(task, solution)
    card = _answer_card(t, s)
    return card is not None and not _in_trick(t) and t.trump is not None \
        and _is_trump(card, t.trump)


def _strategy_buur_nell(task: Task, solution: Solution) -> bool:
    """The Buur or the Nell is the answer or the runner-up."""
    t, s = _strategy(task, solution)
    if t.trump is None:
        return False
    top = {c for c in (s.answer, s.runner_up[0])}
    suit = "HDCS"[int(t.trump)]
    return bool(top & {suit + "J", suit + "9"})


def _strategy_partner(task: Task, solution: Solution) -> bool:
    """Your partner (seat 2) has played to the trick in progress."""
    t, _ = _strategy(task, solution)
    trick = _in_trick(t)
    return t.trump is not None and len(trick) >= 2


def _strategy_leading(task: Task, solution: Solution) -> bool:
    """You lead, and the answer is not a trump."""
    t, s = _strategy(task, solution)
    card = _answer_card(t, s)
    return card is not None and not _in_trick(t) and t.trump is not None \
        and not _is_trump(card, t.trump)


def _strategy_discard(task: Task, solution: Solution) -> bool:
    """You cannot follow the led suit."""
    t, _ = _strategy(task, solution)
    trick = _in_trick(t)
    if t.trump is None or not trick:
        return False
    hand = t.deal[0] - CardSet(t.played)
    return not any(card.suit == trick[0].suit for card in hand)


def _strategy_counting(task: Task, solution: Solution) -> bool:
    """The answer is the highest card of its suit still out only because higher ones have been
    played: a card you know is master only by counting."""
    t, s = _strategy(task, solution)
    card = _answer_card(t, s)
    if card is None or t.trump is None:
        return False
    gone = CardSet(t.played)
    trump = _is_trump(card, t.trump)
    order = trump_strength if trump else _plain_rank
    higher = [c for c in CardSet.full() if c.suit == card.suit and order(c) > order(card)]
    return bool(higher) and all(c in gone for c in higher)


def _strategy_announcements(task: Task, solution: Solution) -> bool:
    """Another player announced, and the deals the engine searches honour what was shown."""
    t, _ = _strategy(task, solution)
    if t.trump is None:
        return False
    view = view_of(t)
    return any(points for seat, points in enumerate(view.announced) if seat != 0 and points)


def _strategy_match(task: Task, solution: Solution) -> bool:
    """Your team has taken every trick so far, four or more: the match is in play."""
    t, _ = _strategy(task, solution)
    if t.trump is None or len(t.played) < 16:
        return False
    tricks = view_of(t).tricks
    return len(tricks) >= 4 and all(trick.winner % 2 == 0 for trick in tricks)


def _strategy_last_tricks(task: Task, solution: Solution) -> bool:
    t, _ = _strategy(task, solution)
    return t.trump is not None and len(t.played) >= 24


def _strategy_score(task: Task, solution: Solution) -> bool:
    t, _ = _strategy(task, solution)
    return t.need is not None


_L, _W, _S, _P, _B = Kind.LEGAL, Kind.WINNER, Kind.WEIS, Kind.POINTS, Kind.BEST
_M, _G = Kind.MARKS, Kind.STRATEGY

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

#: The strategy course's themes, in the order of its lessons.
STRATEGY_THEMES: tuple[Theme, ...] = (
    Theme("hand-reading", N_("Reading your hand"),
          N_("Count what your hand will take before you name trump."),
          {_G: _strategy_hand_reading}),
    Theme("trump-or-chibre", N_("Trump or chibre"),
          N_("Name trump with a strong suit; chibre with none."), {_G: _strategy_trump_or_chibre}),
    Theme("after-chibre", N_("After a chibre"),
          N_("Your partner passed: name the trump your hand is best for."),
          {_G: _strategy_after_chibre}),
    Theme("draw-trumps", N_("Drawing and counting trumps"),
          N_("Lead trump to pull the opponents' trumps, and count them."),
          {_G: _strategy_draw_trumps}),
    Theme("buur-nell", N_("Buur and Nell"),
          N_("When to spend the two highest trumps, and when to keep them."),
          {_G: _strategy_buur_nell}),
    Theme("partner-play", N_("Playing with your partner"),
          N_("Give points to a partner who takes the trick; do not take it from them."),
          {_G: _strategy_partner}),
    Theme("leading", N_("Leading"), N_("What to lead when the trick is yours to start."),
          {_G: _strategy_leading}),
    Theme("discard-signal", N_("Discards"),
          N_("With no card of the led suit: points on your partner's trick, nothing on the "
             "opponents', and the card you keep."),
          {_G: _strategy_discard}),
    Theme("counting", N_("Counting cards"),
          N_("A card is master once every higher one has fallen: count them."),
          {_G: _strategy_counting}),
    Theme("announcements", N_("Reading announcements"),
          N_("What an announcement tells you about the hands you cannot see."),
          {_G: _strategy_announcements}),
    Theme("the-match", N_("Going for the match"),
          N_("Every trick so far is yours: play for all nine."), {_G: _strategy_match}),
    Theme("last-tricks", N_("The last tricks"),
          N_("Three tricks or fewer left: the last trick is worth 5 more."),
          {_G: _strategy_last_tricks}),
    Theme("to-the-score", N_("Playing to the score"),
          N_("When only the points you need count, play for the sure ones."),
          {_G: _strategy_score}),
)

THEMES = THEMES + STRATEGY_THEMES

THEMES_BY_KEY: dict[str, Theme] = {theme.key: theme for theme in THEMES}


def themes_for(kind: Kind) -> list[Theme]:
    """The themes that can apply to puzzles of ``kind``."""
    return [theme for theme in THEMES if kind in theme.checks]


def applies(theme: Theme, kind: Kind, task: Task, solution: Solution) -> bool:
    """Whether the engine finds ``theme`` in this position."""
    check = theme.checks.get(kind)
    return check is not None and check(task, solution)
