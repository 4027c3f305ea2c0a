"""The difficulty estimate: what a puzzle asks decides how hard it is, and the stored values
are the estimate."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Card, CardSet, Rules, Trump
from tests.shipped import shipped_content
from tutor.content import Content, Kind
from tutor.content.generate import candidates
from tutor.content.kinds import estimate_difficulty, solve
from tutor.content.tasks import (
    BestTask,
    LegalTask,
    PointsTask,
    Task,
    WeisTask,
    WinnerTask,
)


def content() -> Content:
    return shipped_content()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def estimate(kind: Kind, task: Task) -> int:
    return estimate_difficulty(kind, task, solve(task))


def legal(trump: Trump, hand: str, trick: str) -> int:
    return estimate(Kind.LEGAL, LegalTask(trump, CardSet.parse(hand), cards(trick)))


def winner(trump: Trump, trick: str) -> int:
    return estimate(Kind.WINNER, WinnerTask(trump, cards(trick)))


def test_every_stored_difficulty_is_the_estimate() -> None:
    wrong = {p.id: (p.difficulty, estimate_difficulty(p.kind, p.task, p.solution))
             for p in content().puzzles
             if p.difficulty != estimate_difficulty(p.kind, p.task, p.solution)}
    assert wrong == {}, "stored difficulty, estimate (docs/content-format.md, Difficulty)"


def test_following_suit_is_easier_than_trumping_in_the_buur_and_the_undertrump_ban() -> None:
    follow = legal(Trump.HEARTS, "SK S7 DA C8", "S9")
    trump_in = legal(Trump.DIAMONDS, "HK H6 D8 CA", "HA")
    buur = legal(Trump.SPADES, "SJ HT H6 CA", "SQ")
    undertrump = legal(Trump.SPADES, "S6 HK H7 DA", "DQ SA")
    assert (follow, trump_in, buur, undertrump) == (1, 2, 2, 3)


def test_the_trump_order_and_a_large_hand_each_add_a_step() -> None:
    plain = legal(Trump.HEARTS, "HK S7 SK DQ", "S9 HQ")  # the king overtrumps the queen
    order = legal(Trump.HEARTS, "HA S7 SK DQ", "S9 H9")  # the ace looks higher than the Nell
    assert order == plain + 1
    small = legal(Trump.HEARTS, "HJ D6 DQ", "HT H9 HA")
    large = legal(Trump.HEARTS, "HJ D6 DQ SA S7 C8 CT", "HT H9 HA")
    assert (small, large) == (2, 3)  # the same Buur exception, more cards to sort


def test_a_single_card_in_hand_is_no_choice() -> None:
    assert legal(Trump.SPADES, "S7", "H6 SA") == 2  # only trumps, but nothing to choose
    assert legal(Trump.SPADES, "S7 S8", "H6 SA") == 3


def test_winner_steps_trumps_to_compare_the_trump_order_and_decoys() -> None:
    assert winner(Trump.HEARTS, "S6 SK S8 SQ") == 1  # plain order
    assert winner(Trump.DIAMONDS, "CA C6 D6 CK") == 1  # the only trump
    assert winner(Trump.SPADES, "H7 HT DA H8") == 2  # an ace discarded
    assert winner(Trump.CLUBS, "D8 C6 DA C7") == 2  # two trumps, plain order agrees
    assert winner(Trump.DIAMONDS, "DA D9 DK D6") == 3  # the Nell over the ace
    assert winner(Trump.HEARTS, "H9 SJ HT CJ") == 4  # and jacks that are no Buur


def test_a_plain_buur_win_is_not_rated_as_hard() -> None:
    # wn060 was rated 5: three jacks, the jack of trump wins a trump lead.
    assert winner(Trump.DIAMONDS, "DT DJ CJ HJ") == 3


def test_weis_steps_criteria_players_several_announcements_and_traps() -> None:
    def weis(trump: Trump, *players: str, rules: Rules | None = None) -> int:
        task = WeisTask(trump, tuple(CardSet.parse(p) for p in players), rules or Rules())
        return estimate(Kind.WEIS, task)

    assert weis(Trump.HEARTS, "", "C9 CT CJ CQ", "", "D6 D7 D8") == 1
    assert weis(Trump.HEARTS, "H7 H8 H9", "", "SJ SQ SK SA", "") == 2  # the 20 in trump loses
    assert weis(Trump.HEARTS, "D7 D8 D9", "", "H7 H8 H9", "") == 3  # trump decides, 2nd wins
    assert weis(Trump.DIAMONDS, "H6 H7 H8 S6 S7 S8", "", "C9 CT CJ CQ", "") == 2  # two 20s
    assert weis(Trump.DIAMONDS, "C9 CT CJ CQ CK", "", "H6 H7 H8 H9 HT HJ", "",
                rules=Rules(long_sequences=True)) == 3


def test_points_steps_cards_to_count_and_parts_to_add() -> None:
    def points(text: str, **fields: object) -> int:
        trump = fields.pop("trump", Trump.HEARTS)
        assert isinstance(trump, Trump)
        task = PointsTask(trump, CardSet.parse(text), **fields)  # type: ignore[arg-type]
        return estimate(Kind.POINTS, task)

    assert points("SA ST SK SQ") == 1
    assert points("SA ST SK SQ", last=True) == 2
    assert points("HJ H9 SA S6 DT DK CQ C6") == 2
    assert points("HJ H9 SA S6 DT DK CQ C6", rules=Rules(pique_double=True)) == 3  # not spades
    assert points("SA S6 S7 S8", trump=Trump.SPADES, rules=Rules(pique_double=True),
                  stoeck=True, weis=(CardSet.parse("H6 H7 H8"),)) == 4


def test_best_steps_length_choices_margin_and_idea() -> None:
    short = BestTask(Trump.HEARTS, tuple(CardSet.parse(h) for h in
                                         ("HJ SA", "H6 S7", "SK D6", "C6 C7")), (), 0)
    assert estimate(Kind.BEST, short) == 1  # draw the last trump, 15 points better
    shipped = {p.id: p.difficulty for p in content().puzzles if p.kind == Kind.BEST}
    four = [p for p in content().puzzles
            if p.kind == Kind.BEST and isinstance(p.task, BestTask) and len(p.task.hands[0]) == 4]
    assert all(p.difficulty >= 3 for p in four), shipped


@pytest.mark.parametrize("kind", [Kind.LEGAL, Kind.WINNER, Kind.WEIS, Kind.POINTS])
def test_the_estimate_is_1_to_5_on_random_positions(kind: Kind) -> None:
    theme = {Kind.LEGAL: "follow-suit", Kind.WINNER: "trump-in", Kind.WEIS: "sequence",
             Kind.POINTS: "card-values"}[kind]
    found = candidates(kind, theme, random.Random(5), tries=300)
    levels = [estimate_difficulty(kind, task, solution) for task, solution in found]
    assert levels and all(1 <= level <= 5 for level in levels)


def test_a_learner_who_finished_the_legal_and_winner_lessons_finds_easy_puzzles() -> None:
    """After the lessons that prepare legal-card and trick-winner puzzles, at least 10 of those
    puzzles of difficulty 1-2 are open, of both kinds."""
    lessons = content().lessons
    last = max(lesson.number for lesson in lessons
               if any(kind in (Kind.LEGAL, Kind.WINNER) for kind, _theme in lesson.prepares))
    prepared = {pair for lesson in lessons if lesson.number <= last for pair in lesson.prepares}
    easy = [p for p in content().puzzles
            if p.kind in (Kind.LEGAL, Kind.WINNER) and p.difficulty <= 2
            and all((p.kind, theme) in prepared for theme in p.themes)]
    kinds = Counter(p.kind for p in easy)
    assert len(easy) >= 10 and kinds[Kind.LEGAL] >= 3 and kinds[Kind.WINNER] >= 3, kinds
    themes = {theme for p in easy for theme in p.themes}
    assert len(themes) >= 5, themes  # a mix, not ten of the same idea


def test_the_first_lesson_puzzles_are_difficulty_1() -> None:
    first = [p for p in content().puzzles if p.kind in (Kind.LEGAL, Kind.WINNER)
             and set(p.themes) <= {"follow-suit", "follow-trump", "plain-order"}]
    assert first and Counter(p.difficulty for p in first)[1] >= 10
