"""Take the aside or keep the hand (Pomme for 3, R-POMME): the answer measured by playouts.

At your turn in the first trick, before your first card, you may give up your nine cards for the
aside: its face-up top card and eight cards nobody has seen. Which is better is not a rule but a
bet, so the answer of an aside exercise is measured, the same way every time:

- **worlds**: ``WORLDS`` deals consistent with what you see, the unseen cards (26 less those
  already played to the trick) dealt at random to the other two players (each holding the card
  it played) and to the aside under its top card;
- **playouts**: in each world the round is played to its end twice, once keeping your hand and
  once taking the aside, every player choosing a random legal card; the others keep their
  hands. Both playouts of a world draw their random choices from the same seed, so the two
  choices meet the same luck as far as it goes;
- **the measure**: your mark (``engine.pomme_marks`` of the three players' points) averaged
  over the worlds, with your points and the share of apples beside it.

The engine is the authority on every part: the legal cards (``engine.legal_cards``), who takes
each trick (``engine.trick_winner``), its points and the last trick's 5
(``engine.trick_points``), and the marks (``engine.pomme_marks``). A position is a question only
when the better choice wins by a clear margin (``check_aside``): at least ``MIN_MARGIN`` marks a
round, and ``MIN_Z`` standard errors of the difference. Random play by everyone is a plain
measure, not a strong player's judgement; it rewards what any play rewards (trumps, high cards,
points), which is the rule of thumb the lesson teaches. The seed is the position's own
(``seed_of``), so the answer never changes from one load to the next.
"""

from __future__ import annotations

import random
import statistics
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine import Card, CardSet, Trump, legal_cards, pomme_marks, trick_points, trick_winner
from tutor.content.explain import card_ref, mean_text, share_text
from tutor.content.kinds.base import KindSpec
from tutor.content.reader import Reader, describe, legal_trick
from tutor.content.source import KeyPath
from tutor.content.tasks import AsideSolution, AsideTask, Outcome
from tutor.i18n import _, ngettext


def read_aside(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> AsideTask | None:
    if not r.mapping(data, keys, {"hand", "top"}, {"trick"} | extra):
        return None
    hand = r.cards(data["hand"], (*keys, "hand"), 9, 9)
    top = r.card(data["top"], (*keys, "top"))
    trick = r.cards(data.get("trick", ""), (*keys, "trick"), 0, 2)
    if hand is None or top is None or trick is None:
        return None
    if not r.disjoint([((*keys, "hand"), hand), ((*keys, "top"), [top]),
                       ((*keys, "trick"), trick)]):
        return None
    task = AsideTask(CardSet(hand), top, tuple(trick))
    if not legal_trick(r, trick, task.trump, (*keys, "trick")):
        return None
    return task


ASIDE_CHOICES = ("take", "keep")


def choice_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """``take`` (the aside) or ``keep`` (the hand)."""
    if value not in ASIDE_CHOICES:
        r.fail(keys, f"must be take or keep, not {describe(value)}")
        return False, None
    return True, value


PLAYERS = 3


TRICKS = 9


#: Deals sampled per exercise.
WORLDS = 100


#: The least gain of the better choice, in marks per round, for a position to be a question.
MIN_MARGIN = 0.2


#: ... and in standard errors of the mean difference.
MIN_Z = 3.0


def seed_of(task: AsideTask) -> int:
    """The position's own seed: the same worlds and playouts at every load."""
    text = f"{task.hand}|{task.top}|{' '.join(map(str, task.trick))}"
    return zlib.crc32(text.encode("ascii"))


@dataclass(frozen=True)
class World:
    """One deal consistent with the learner's view: the hands in order of play from the leader
    (seat 0), each without the card it already played to the trick; the learner at seat
    ``len(trick)``; and the aside, its top card included."""

    hands: tuple[CardSet, ...]
    aside: CardSet


def worlds(task: AsideTask, count: int, rng: random.Random) -> Iterator[World]:
    """``count`` deals of the unseen cards, uniformly at random."""
    me = len(task.trick)
    unseen = sorted(CardSet.full() - task.hand - CardSet([task.top, *task.trick]))
    for _world in range(count):
        cards = list(unseen)
        rng.shuffle(cards)
        hands: list[CardSet] = []
        for seat in range(PLAYERS):
            if seat == me:
                hands.append(task.hand)
                continue
            size = TRICKS - 1 if seat < me else TRICKS  # the players before you played one
            hands.append(CardSet(cards[:size]))
            del cards[:size]
        yield World(tuple(hands), CardSet([task.top, *cards]))


def play_out(hands: Sequence[CardSet], trick: Sequence[Card], trump: Trump,
             rng: random.Random, record: list[Card] | None = None) -> tuple[int, ...]:
    """The round points of each seat when the round is played on from the first trick's
    ``trick`` (led by seat 0), every seat choosing a random legal card (each appended to
    ``record`` when given)."""
    held = list(hands)
    points = [0] * PLAYERS
    current = list(trick)
    leader = 0
    for number in range(1, TRICKS + 1):
        while len(current) < PLAYERS:
            seat = (leader + len(current)) % PLAYERS
            card = rng.choice(tuple(legal_cards(held[seat], current, trump, players=PLAYERS)))
            held[seat] = held[seat] - CardSet([card])
            current.append(card)
            if record is not None:
                record.append(card)
        winner = (leader + trick_winner(current, trump, players=PLAYERS)) % PLAYERS
        points[winner] += trick_points(current, trump, last=number == TRICKS)
        leader, current = winner, []
    return tuple(points)


def marks_of(points: tuple[int, ...]) -> tuple[int, ...]:
    """``engine.pomme_marks`` (a round where every player is under 21, which happens when a
    strong hand is given up for the aside, is an apple for each there)."""
    return pomme_marks(points)


def _outcome(points: list[int], marks: list[int]) -> Outcome:
    apples = sum(mark < 0 for mark in marks)
    return Outcome(statistics.fmean(points), statistics.fmean(marks), apples / len(marks))


def solve_aside(task: AsideTask, count: int = WORLDS) -> AsideSolution:
    """Both choices played out over the same ``count`` worlds (see the module doc)."""
    me = len(task.trick)
    rng = random.Random(seed_of(task))
    results: dict[bool, tuple[list[int], list[int]]] = {False: ([], []), True: ([], [])}
    for number, world in enumerate(worlds(task, count, rng)):
        for taking in (False, True):
            hands = list(world.hands)
            if taking:
                hands[me] = world.aside
            round_points = play_out(hands, task.trick, task.trump,
                                    random.Random(seed_of(task) + number))
            results[taking][0].append(round_points[me])
            results[taking][1].append(marks_of(round_points)[me])
    keep, take = results[False], results[True]
    gains = [t - k for t, k in zip(take[1], keep[1], strict=True)]
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return AsideSolution(_outcome(*keep), _outcome(*take), count, error)


def aside_problem(solution: AsideSolution) -> str | None:
    """Why the position is no question (too close to call), or ``None``."""
    better, worse = ((solution.take, solution.keep) if solution.take_aside
                     else (solution.keep, solution.take))
    if solution.margin < MIN_MARGIN or solution.margin < MIN_Z * solution.error:
        return (f"too close to call: taking the aside marks {solution.take.mark:+.2f} a round "
                f"and keeping the hand {solution.keep.mark:+.2f} (± {solution.error:.2f}); "
                f"an exercise needs a gain of {MIN_MARGIN} marks and {MIN_Z:g} standard errors")
    if better.points <= worse.points:
        return (f"the choices disagree: the better mark ({better.mark:+.2f}) comes with fewer "
                f"points ({better.points:.1f} against {worse.points:.1f})")
    return None


def check_aside(r: Reader, keys: KeyPath, solution: AsideSolution) -> bool:
    """An aside exercise has one clearly better choice (the problem names the figures)."""
    problem = aside_problem(solution)
    if problem is not None:
        r.fail((*keys, "hand"), problem)
    return problem is None


def explain_aside(task: AsideTask, solution: AsideSolution) -> list[str]:
    trumps = sum(card.suit == task.top.suit for card in task.hand)
    lines = [ngettext("Your hand holds {count} trump; the aside holds the {top} and 8 cards "
                      "nobody has seen.",
                      "Your hand holds {count} trumps; the aside holds the {top} and 8 cards "
                      "nobody has seen.", trumps).format(count=trumps, top=card_ref(task.top)),
             ngettext("The engine played the round out {count} time from here, the unseen cards "
                      "dealt at random each time and every player choosing a random legal card "
                      "(the others keep their hands):",
                      "The engine played the round out {count} times from here, the unseen cards "
                      "dealt at random each time and every player choosing a random legal card "
                      "(the others keep their hands):", solution.worlds).format(
                          count=solution.worlds)]
    for text, outcome in ((_("Keeping your hand: {points} points on average, an apple in {share} "
                             "of the rounds, an average mark of {mark}."), solution.keep),
                          (_("Taking the aside: {points} points on average, an apple in {share} "
                             "of the rounds, an average mark of {mark}."), solution.take)):
        lines.append(text.format(points=mean_text(outcome.points), share=share_text(outcome.apples),
                                 mark=mean_text(outcome.mark, 2)))
    if solution.take_aside:
        lines.append(_("So take the aside: it marks {gain} more per round on average.").format(
            gain=mean_text(solution.margin, 2)))
    else:
        lines.append(_("So keep your hand: it marks {gain} more per round on average.").format(
            gain=mean_text(solution.margin, 2)))
    return lines


#: Lessons only: Pomme for 3, take the aside or keep the hand, measured by playouts
#: (``tutor.content.aside``), too slow to check by the hundred as puzzles.
SPEC = KindSpec(
    name="aside", lesson="take_aside", puzzle=None,
    task=AsideTask, solution=AsideSolution, reader=read_aside, answer=choice_answer,
    solver=solve_aside, checker=check_aside, explainer=explain_aside, shows_cards=True,
)
