"""Best-card puzzles: open-hand endings solved exactly, checked, explained and generated."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path

import pytest
import yaml

from engine import Card, CardSet, Trump, legal_cards, trick_points, trick_winner
from engine.points import LAST_TRICK_BONUS
from tests.shipped import shipped_content
from tutor.content import THEMES, Kind, load_content
from tutor.content.generate import generate
from tutor.content.kinds import explain, solve
from tutor.content.kinds.best import MIN_MARGIN
from tutor.content.loader import Puzzle
from tutor.content.tasks import BestSolution, BestTask
from tutor.refs import plain

# Hearts trump. You lead from HJ SA; the opponents hold H6 S7 and C6 C7; partner SK D6.
# The Buur first draws the last trump, then the ace is safe: 20 + 15 + 5 = 40 for your side;
# the ace first lets the H6 trump it, and only the Buur's trick is yours (25).
GOOD = """\
- id: bs001
  kind: best
  themes: [endgame, trump-control]
  difficulty: 1
  trump: H
  hands: ["HJ SA", "H6 S7", "SK D6", "C6 C7"]
  trick: ""
  leader: 0
  hint: "Draw the last trump first."
  answer: HJ
"""


def write(root: Path, text: str) -> None:
    (root / "puzzles").mkdir(parents=True, exist_ok=True)
    (root / "puzzles" / "best.yaml").write_text(textwrap.dedent(text), encoding="utf-8")


def problems(root: Path) -> list[str]:
    return [str(problem) for problem in load_content(root).problems]


def test_a_good_best_puzzle_loads_with_its_values_and_line(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    content = load_content(tmp_path)
    assert content.problems == []
    [puzzle] = content.puzzles
    assert puzzle.kind == Kind.BEST and puzzle.themes == ("endgame", "trump-control")
    solution = puzzle.solution
    assert isinstance(solution, BestSolution)
    assert solution.values == ((Card.parse("HJ"), 40), (Card.parse("SA"), 25))
    assert solution.margin == 15
    assert [f"{seat}:{card}" for seat, card in solution.line] == [
        "0:HJ", "1:H6", "2:D6", "3:C6", "0:SA", "1:S7", "2:SK", "3:C7"]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("answer: HJ", "answer: SA",
         "puzzles/best.yaml:10: bs001: answer: stored answer SA disagrees with the engine: HJ"),
        ('"SK D6"', '"SK D6 DA"',
         "puzzles/best.yaml:6: bs001: hands[2]: holds 3 cards, not 2: seat 0 holds 2"),
        ('"H6 S7"', '"H6 SK"',
         "puzzles/best.yaml:6: bs001: hands[2]: SK is also in hands[1]: a card cannot be in two "
         "places"),
        ('leader: 0', 'leader: 1',
         "puzzles/best.yaml:8: bs001: leader: the player to move must be seat 0 (the learner): "
         "with 0 cards in the trick the leader is seat 0, not 1"),
        ('hands: ["HJ SA", "H6 S7", "SK D6", "C6 C7"]', 'hands: ["HJ", "H6", "HK", "C6"]',
         "puzzles/best.yaml:6: bs001: hands[0]: holds 1 cards: a best puzzle is an ending of 2 "
         "to 4 tricks"),
        ('hands: ["HJ SA", "H6 S7", "SK D6", "C6 C7"]', 'hands: ["HJ SA", "H6 S7", "HK SK"]',
         "puzzles/best.yaml:6: bs001: hands: must be a list of 4 card strings, one per seat "
         "from 0 (you)"),
    ],
)
def test_each_problem_of_a_best_puzzle_is_named(tmp_path: Path, old: str, new: str,
                                                 expected: str) -> None:
    assert old in GOOD
    write(tmp_path, GOOD.replace(old, new))
    assert problems(tmp_path) == [expected]


def test_hand_sizes_follow_the_trick_in_progress(tmp_path: Path) -> None:
    # Seat 2 led the D6 and seat 3 the C7: they hold one card fewer than you and seat 1.
    text = (GOOD.replace('"SK D6", "C6 C7"', '"SK", "C6"')
            .replace('trick: ""', 'trick: "D6 C7"').replace("leader: 0", "leader: 2")
            .replace("[endgame, trump-control]", "[endgame]").replace("answer: HJ", "answer: SA"))
    write(tmp_path, text)
    assert problems(tmp_path) == []
    write(tmp_path, text.replace('"SK", "C6"', '"SK DA", "C6"'))
    assert problems(tmp_path) == [
        "puzzles/best.yaml:6: bs001: hands[2]: holds 2 cards, not 1: it has played to the "
        "trick and seat 0 holds 2"]


def test_two_equally_good_cards_are_not_a_best_puzzle(tmp_path: Path) -> None:
    # Spades trump: nobody can trump the ace, so the order does not matter (22 either way).
    write(tmp_path, GOOD.replace("trump: H", "trump: S").replace("[endgame, trump-control]",
                                                                  "[endgame]"))
    assert problems(tmp_path) == [
        "puzzles/best.yaml:10: bs001: answer: HJ and SA are equally best (22 points each): a "
        "best puzzle needs exactly one best card"]


def test_a_position_with_one_legal_card_offers_no_choice(tmp_path: Path) -> None:
    # Left led a trump and you hold one: you must play it.
    write(tmp_path, GOOD.replace('"HJ SA", "H6 S7", "SK D6", "C6 C7"',
                                 '"H8 SA", "H7 S7", "SK D6", "C6"')
          .replace('trick: ""', 'trick: "H6"').replace("leader: 0", "leader: 3")
          .replace("[endgame, trump-control]", "[endgame]"))
    assert problems(tmp_path) == [
        "puzzles/best.yaml:6: bs001: hands[0]: only H8 is legal: there is nothing to choose"]


def test_a_theme_that_does_not_hold_is_refused(tmp_path: Path) -> None:
    write(tmp_path, GOOD.replace("[endgame, trump-control]", "[endgame, duck]"))
    assert problems(tmp_path) == [
        "puzzles/best.yaml:3: bs001: themes[1]: theme 'duck' does not apply to this position"]


def test_the_explanation_gives_the_margin_and_the_winning_line() -> None:
    task = BestTask(Trump.HEARTS, tuple(CardSet.parse(h) for h in
                                        ("HJ SA", "H6 S7", "SK D6", "C6 C7")), (), 0)
    assert [plain(line) for line in explain(task, solve(task))] == [
        "Best: the jack of hearts. Your team then takes 40 points from here to the end, the "
        "trick on the table included.",
        "That is 15 points more than the next best choice: ace of spades.",
        "The winning line, with best play on every side:",
        "Trick 1: You: jack of hearts, Right: six of hearts, Partner: six of diamonds, Left: six "
        "of clubs. Taken by: You, 20 points.",
        "Trick 2: You: ace of spades, Right: seven of spades, Partner: king of spades, Left: "
        "seven of clubs. Taken by: You, 20 points.",
    ]


# --- the shipped puzzles against a plain minimax ---------------------------------------------


def minimax(trump: Trump, hands: tuple[CardSet, ...], leader: int, trick: tuple[Card, ...],
            team: int) -> int:
    """Card points ``team`` takes from here on, every legal card of every hand tried."""

    @cache
    def value(hands: tuple[CardSet, ...], leader: int, trick: tuple[Card, ...]) -> int:
        if not any(hands) and not trick:
            return 0
        player = (leader + len(trick)) % 4
        results = [after(hands, leader, trick, player, card)
                   for card in legal_cards(hands[player], list(trick), trump)]
        return max(results) if player % 2 == team else min(results)

    def after(hands: tuple[CardSet, ...], leader: int, trick: tuple[Card, ...], player: int,
              card: Card) -> int:
        rest = tuple(h.remove(card) if seat == player else h for seat, h in enumerate(hands))
        played = (*trick, card)
        if len(played) < 4:
            return value(rest, leader, played)
        winner = (leader + trick_winner(played, trump)) % 4
        points = trick_points(played, trump) + (LAST_TRICK_BONUS if not any(rest) else 0)
        return (points if winner % 2 == team else 0) + value(rest, winner, ())

    player = (leader + len(trick)) % 4
    return {card: after(hands, leader, trick, player, card)  # type: ignore[return-value]
            for card in legal_cards(hands[player], list(trick), trump)}


@cache
def shipped() -> list[Puzzle]:
    return [p for p in shipped_content().puzzles if p.kind == Kind.BEST]


def test_at_least_forty_best_puzzles_with_every_difficulty_and_theme() -> None:
    puzzles = shipped()
    assert len(puzzles) >= 40
    assert {p.difficulty for p in puzzles} == {1, 2, 3, 4, 5}
    for theme in (t for t in THEMES if Kind.BEST in t.checks):
        assert sum(theme.key in p.themes for p in puzzles) >= 5, theme.key


def test_the_double_dummy_answer_equals_a_brute_force_minimax_on_every_puzzle() -> None:
    for puzzle in shipped():
        task, solution = puzzle.task, puzzle.solution
        assert isinstance(task, BestTask) and isinstance(solution, BestSolution)
        values = minimax(task.trump, task.hands, task.leader, task.trick, task.player % 2)
        assert dict(solution.values) == values, puzzle.id
        best = max(values.values())
        assert [c for c, v in values.items() if v == best] == [solution.answer], puzzle.id


def test_the_winning_line_is_legal_and_earns_the_best_value() -> None:
    for puzzle in shipped():
        task, solution = puzzle.task, puzzle.solution
        assert isinstance(task, BestTask) and isinstance(solution, BestSolution)
        hands, trick, leader, ours = list(task.hands), list(task.trick), task.leader, 0
        for seat, card in solution.line:
            assert seat == (leader + len(trick)) % 4
            assert card in legal_cards(hands[seat], trick, task.trump), puzzle.id
            hands[seat] = hands[seat].remove(card)
            trick.append(card)
            if len(trick) == 4:
                winner = (leader + trick_winner(trick, task.trump)) % 4
                points = trick_points(trick, task.trump) + (0 if any(hands) else LAST_TRICK_BONUS)
                ours += points if winner % 2 == task.player % 2 else 0
                trick, leader = [], winner
        assert not any(hands) and not trick
        assert ours == solution.value, puzzle.id


# --- the generator ------------------------------------------------------------------------


@pytest.mark.parametrize("theme", [t.key for t in THEMES if Kind.BEST in t.checks])
def test_generated_best_candidates_have_one_best_card_and_their_theme(tmp_path: Path,
                                                                     theme: str) -> None:
    (tmp_path / "puzzles").mkdir()
    blocks = generate(tmp_path, Kind.BEST, theme, 2, seed=3, tries=3000)
    assert len(blocks) == 2
    text = "\n".join(blocks).replace("  # hint:", "  hint:")
    assert [p["id"] for p in yaml.safe_load(text)] == ["bs001", "bs002"]
    (tmp_path / "puzzles" / "best.yaml").write_text(text, encoding="utf-8")
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == []
    for puzzle in content.puzzles:
        assert theme in puzzle.themes
        assert isinstance(puzzle.solution, BestSolution)
        assert puzzle.solution.margin >= MIN_MARGIN
        assert 2 <= len(puzzle.task.hands[0]) <= 4  # type: ignore[union-attr]
