"""The author's generator, the check command's failure path, and the explanations."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from engine import Card, CardSet, Trump
from tutor.content import THEMES, Kind, load_content
from tutor.content.__main__ import main
from tutor.content.explain import explain
from tutor.content.generate import generate
from tutor.content.tasks import LegalTask, PointsTask, WeisTask, WinnerTask, solve
from tutor.refs import plain

CASES = [(kind, theme.key) for theme in THEMES for kind in theme.checks]


@pytest.mark.parametrize(("kind", "theme"), CASES)
def test_generated_candidates_load_with_their_theme(tmp_path: Path, kind: Kind,
                                                     theme: str) -> None:
    (tmp_path / "puzzles").mkdir()
    blocks = generate(tmp_path, kind, theme, 2, seed=7)
    assert len(blocks) == 2, f"no {theme} found in random {kind.value} positions"
    text = "\n".join(blocks).replace("  # hint:", "  hint:")
    (tmp_path / "puzzles" / f"{kind.value}.yaml").write_text(text, encoding="utf-8")
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == []
    assert all(theme in puzzle.themes or len(puzzle.themes) == 3 for puzzle in content.puzzles)


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


def test_legal_explanation_gives_the_reason_of_each_illegal_card() -> None:
    task = LegalTask(Trump.SPADES, CardSet.parse("HA S6 SA"), cards("HK SQ"))
    lines = explain(task, solve(task))
    assert lines[0] == "You may play: ace of hearts, ace of spades."
    assert lines[1] == ("six of spades would undertrump the queen of spades already in the "
                        "trick, and you have other cards to play.")


def test_legal_explanation_names_the_buur_exception() -> None:
    task = LegalTask(Trump.HEARTS, CardSet.parse("HJ S6"), cards("H6"))
    assert explain(task, solve(task))[-1] == ("Your only trump is the Buur: you need not play it "
                                              "on a trump lead.")


def test_winner_explanation_says_discards_cannot_win() -> None:
    task = WinnerTask(Trump.HEARTS, cards("S7 DA S6 CA"))
    assert explain(task, solve(task)) == [
        "The seven of spades wins: nobody trumped, and it is the highest card of spades, the "
        "suit led.",
        "The ace of diamonds is a discard of another suit and cannot win.",
        "The ace of clubs is a discard of another suit and cannot win.",
    ]


def test_weis_explanation_names_the_deciding_criterion() -> None:
    task = WeisTask(Trump.HEARTS, (CardSet.parse("CA DA HA SA"), CardSet(),
                                   CardSet.parse("D6 D7 D8 D9 DT"), CardSet()))
    lines = explain(task, solve(task))
    assert "Player 3 holds the best announcement: a sequence of 5 to the ten of diamonds (100)." \
        in lines
    assert "At equal points it has more cards than four aces (100)." in lines


def test_points_explanation_breaks_the_total_down() -> None:
    task = PointsTask(Trump.SPADES, CardSet.parse("SJ S6 S7 S8"), None, True, (), True,
                      __import__("engine").Rules(pique_double=True))
    assert [plain(line) for line in explain(task, solve(task))] == [
        "Cards: 20.", "Last trick: +5.", "Stöck: +20.",
        "Spades are trump with pique double: everything counts twice.", "Total: 90.",
    ]
