"""The author's generator, the check command's failure path, and the explanations."""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import textwrap
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
import yaml

from engine import Card, CardSet, Reason, Trump, find_weis
from tests.shipped import shipped_content
from tutor.content import THEMES, Kind, load_content
from tutor.content.__main__ import main
from tutor.content.explain import weis_name
from tutor.content.generate import generate
from tutor.content.kinds import explain, solve
from tutor.content.tasks import (
    LegalSolution,
    LegalTask,
    PointsTask,
    Task,
    WeisTask,
    WinnerTask,
)
from tutor.markup import to_html
from tutor.names import set_deck
from tutor.refs import plain, suit_rank_words

CASES = [(kind, theme.key) for theme in THEMES for kind in theme.checks]


def generated_and_loaded(kind: Kind, theme: str, folder: Path) -> tuple[int, list[str], bool]:
    """Two candidates of ``theme`` generated into ``folder``, then loaded from it: how many
    were generated, the load's problems, and whether each puzzle has the theme (or three
    others: a candidate lists at most three)."""
    (folder / "puzzles").mkdir(exist_ok=True)
    blocks = generate(folder, kind, theme, 2, seed=7)
    text = "\n".join(blocks).replace("  # hint:", "  hint:")
    (folder / "puzzles" / f"{kind.value}.yaml").write_text(text, encoding="utf-8")
    content = load_content(folder)
    return len(blocks), [str(p) for p in content.problems], all(
        theme in puzzle.themes or len(puzzle.themes) == 3 for puzzle in content.puzzles)


def _in_a_temporary_folder(kind: Kind, theme: str) -> tuple[int, list[str], bool]:
    with tempfile.TemporaryDirectory() as folder:
        return generated_and_loaded(kind, theme, Path(folder))


@pytest.fixture(scope="module")
def strategy_candidates() -> dict[str, tuple[int, list[str], bool]]:
    """The strategy themes' candidates, generated and loaded once on every core: each is a
    search per random position, seconds a theme (the other kinds are done in the test)."""
    themes = [theme for kind, theme in CASES if kind is Kind.STRATEGY]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=context) as pool:
        found = pool.map(_in_a_temporary_folder, [Kind.STRATEGY] * len(themes), themes)
        return dict(zip(themes, found, strict=True))


@pytest.mark.parametrize(("kind", "theme"), CASES)
def test_generated_candidates_load_with_their_theme(tmp_path: Path, kind: Kind, theme: str,
                                                     request: pytest.FixtureRequest) -> None:
    if kind is Kind.STRATEGY:
        count, problems, themed = request.getfixturevalue("strategy_candidates")[theme]
    else:
        count, problems, themed = generated_and_loaded(kind, theme, tmp_path)
    assert count == 2, f"no {theme} found in random {kind.value} positions"
    assert problems == []
    assert themed


def test_generated_ids_continue_after_the_ids_in_use(tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "RETIRED").write_text("lg007\n", encoding="utf-8")
    [block] = generate(tmp_path, Kind.LEGAL, "follow-suit", 1, seed=1)
    assert yaml.safe_load(block)[0]["id"] == "lg008"


def test_generation_is_reproducible_for_a_seed(tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    first = generate(tmp_path, Kind.WEIS, "weis-length", 2, seed=3)
    assert generate(tmp_path, Kind.WEIS, "weis-length", 2, seed=3) == first


def test_check_exits_non_zero_listing_every_problem(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "lessons").mkdir()
    (tmp_path / "puzzles" / "winner.yaml").write_text(textwrap.dedent("""\
        - id: wn001
          kind: winner
          themes: [plain-order]
          difficulty: 1
          trump: H
          trick: "SK S6 SQ SA"
          answer: SK
        """), encoding="utf-8")
    assert main(["--root", str(tmp_path), "check"]) == 1
    err = capsys.readouterr().err
    assert ("puzzles/winner.yaml:7: wn001: answer: stored answer SK disagrees with the engine: SA"
            in err)
    assert "R-POMME: no lesson teaches this rule" in err


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def said(task: Task) -> list[str]:
    """The explanation as the learner reads it: references in words, capitalised at a
    sentence start."""
    return [plain(line) for line in explain(task, solve(task))]


def test_legal_explanation_gives_the_reason_of_each_illegal_card() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("HA S6 SA"), cards("HK SQ"))
    lines = said(task)
    assert lines[0] == "You may play: ace of hearts, ace of spades."
    assert lines[1] == ("Six of spades would undertrump the queen of spades already in the "
                        "trick, and you have other cards to play.")


def test_explanation_lines_name_cards_and_suits_by_reference() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("DA S6 SA"), cards("HK SQ"))
    lines = explain(task, solve(task))
    assert lines[0] == "You may play: {DA}, {SA}."
    assert lines[1].startswith("{S6} would undertrump the {SQ}")
    assert lines[2] == ("You have no {suit:H}, so you may play any card except a trump lower "
                        "than the {SQ} already in the trick: that would undertrump.")


def test_explanation_follows_the_deck_and_capitalises_a_card_that_starts_a_sentence() -> None:
    task = LegalTask(Trump.HEARTS, CardSet.parse("DQ C6 HA"), cards("C7"))
    set_deck("german")
    try:
        assert said(task)[1] == ("Ober of bells: you hold acorns, the suit led, so you must "
                                 "follow it or play a trump.")
        assert "<b>Ober of bells</b>" in to_html(explain(task, solve(task))[1])
    finally:
        set_deck("french")
    assert said(task)[1].startswith("Queen of diamonds: you hold clubs, the suit led")


def test_no_explanation_names_a_suit_or_rank_in_words() -> None:
    content = shipped_content()
    tasks = [(p.task, p.solution) for p in content.puzzles]
    tasks += [(e.task, e.solution) for lesson in content.lessons for e in lesson.exercises
              if e.kind != "choice"]
    for task, solution in tasks:
        for line in explain(task, solution):
            assert suit_rank_words(line) == [], line


# R-DISCARD: with no card of the led suit every card is free but an undertrump.


def test_a_discard_on_a_trumped_trick_states_the_undertrump_limit() -> None:
    # Clubs led, trumped with the queen of spades; no club in hand.
    task = LegalTask(Trump.SPADES, CardSet.parse("S6 SA HA D7"), cards("C8 SQ"))
    lines = said(task)
    assert lines == [
        "You may play: ace of hearts, seven of diamonds, ace of spades.",
        "Six of spades would undertrump the queen of spades already in the trick, and you have "
        "other cards to play.",
        "You have no clubs, so you may play any card except a trump lower than the queen of "
        "spades already in the trick: that would undertrump.",
    ]


def test_a_discard_before_anyone_trumped_says_no_trump_can_undertrump_yet() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("S6 HA D7"), cards("C8 CA"))
    assert said(task)[-1] == ("You have no clubs, so you may play any card: nobody has trumped "
                              "yet, so no trump of yours would undertrump. Only a trump can win "
                              "the trick.")


def test_a_discard_without_trumps_frees_every_card() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("HA D7"), cards("C8 SQ"))
    assert said(task)[-1] == ("You have no clubs and no trump, so any of your cards may be "
                              "played; none of them can win the trick.")


def test_a_hand_of_only_trumps_may_undertrump_and_is_told_so() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("S6 S7"), cards("C8 SQ"))
    assert said(task) == [
        "You may play: six of spades, seven of spades.",
        "Your hand holds only trumps, so you may play one lower than the queen of spades.",
    ]


def test_every_shipped_undertrump_on_a_discard_is_explained_with_its_limit() -> None:
    """The puzzles and lesson exercises where an undertrump is refused to a hand without the
    led suit never say "any card" without the exception."""
    content = shipped_content()
    tasks = [(p.task, p.solution) for p in content.puzzles]
    tasks += [(e.task, e.solution) for lesson in content.lessons for e in lesson.exercises]
    found = 0
    for task, solution in tasks:
        if not isinstance(task, LegalTask) or not isinstance(solution, LegalSolution):
            continue
        if not task.trick or any(card.suit == task.trick[0].suit for card in task.hand):
            continue
        if Reason.NO_UNDERTRUMP not in solution.reasons.values():
            continue
        found += 1
        lines = said(task)
        assert any("except a trump lower than" in line for line in lines), lines
        assert not any(line.endswith("so you may play any card; only a trump can win the "
                                     "trick.") for line in lines)
    assert found >= 7


def test_legal_explanation_names_the_buur_exception() -> None:
    task = LegalTask(Trump.HEARTS, CardSet.parse("HJ S6"), cards("H6"))
    assert explain(task, solve(task))[-1] == ("Your only trump is the Buur: you need not play it "
                                              "on a trump lead.")


def test_winner_explanation_says_discards_cannot_win() -> None:
    task = WinnerTask(Trump.HEARTS, cards("S7 DA S6 CA"))
    assert said(task) == [
        "The seven of spades wins: nobody trumped, and it is the highest card of spades, the "
        "suit led.",
        "The ace of diamonds is a discard of another suit and cannot win.",
        "The ace of clubs is a discard of another suit and cannot win.",
    ]


def test_winner_explanation_gives_the_trump_order_in_the_deck_in_force() -> None:
    task = WinnerTask(Trump.HEARTS, cards("S7 HA S6 H9"))
    assert said(task) == ["The nine of hearts wins: it is the highest trump, in the trump order "
                          "jack, nine, ace, king, queen, ten, eight, seven, six."]
    set_deck("german")
    try:
        assert "under, nine, ace, king, ober, banner, eight" in said(task)[0]
    finally:
        set_deck("french")


def test_weis_explanation_names_the_deciding_criterion() -> None:
    task = WeisTask(Trump.HEARTS, (CardSet.parse("CA DA HA SA"), CardSet(),
                                   CardSet.parse("D6 D7 D8 D9 DT"), CardSet()))
    lines = said(task)
    assert "Partner holds the best announcement: a sequence of 5 to the ten of diamonds (100)." \
        in lines
    assert "At equal points it has more cards than four aces (100)." in lines
    assert "Your team scores all its announcements: 200 points." in lines
    opponents = WeisTask(Trump.HEARTS, (CardSet(), CardSet.parse("D6 D7 D8"), CardSet(),
                                        CardSet()))
    assert said(opponents)[-1] == "The opponents score all their announcements: 20 points."


def test_weis_names_follow_the_deck() -> None:
    [four] = find_weis(CardSet.parse("HJ DJ CJ SJ"), Trump.HEARTS)
    assert weis_name(four) == "four jacks (200)"
    set_deck("german")
    try:
        assert weis_name(four) == "four unders (200)"
    finally:
        set_deck("french")


def test_points_explanation_breaks_the_total_down() -> None:
    task = PointsTask(Trump.SPADES, CardSet.parse("SJ S6 S7 S8"), None, True, (), True,
                      __import__("engine").Rules(pique_double=True))
    assert said(task) == [
        "Cards: 20.", "Last trick: +5.", "Stöck: +20.",
        "Spades are trump with pique double: everything counts twice.", "Total: 90.",
    ]
