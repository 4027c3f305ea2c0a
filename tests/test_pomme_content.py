"""Pomme content (R-POMME): the legal and winner positions of 3 and 5 players, the marks kind,
the aside kind, their checks, themes and difficulty, and the shipped Pomme puzzles.

Every stored answer is the engine's: a wrong one is refused with file, line, id and field.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from engine import (
    Card,
    CardSet,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    PommeRoundScored,
    pomme_marks,
)
from tutor.content import Kind, load_content
from tutor.content.kinds import LESSON_KINDS, estimate_difficulty, solve
from tutor.content.kinds.aside import MIN_MARGIN, play_out, solve_aside, worlds
from tutor.content.kinds.marks import pomme_totals
from tutor.content.loader import ROOT
from tutor.content.reader import Reader
from tutor.content.source import parse_yaml
from tutor.content.tasks import AsideTask, MarksTask, WinnerTask
from tutor.content.themes import THEMES_BY_KEY, applies

POMME_FILES = ("legal-pomme.yaml", "winner-pomme.yaml", "marks.yaml")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def read(kind: str, text: str) -> tuple[object, list[str]]:
    """The task of a lesson exercise of ``kind`` written in YAML, and the problems found."""
    spec = LESSON_KINDS[kind]
    source = parse_yaml(textwrap.dedent(text), Path("x.yaml"), "x.yaml")
    r = Reader(source, "x")
    task = spec.read(r, source.data, (), frozenset({"answer"}))
    if task is not None and not spec.check(r, (), spec.solve(task)):
        task = None
    return task, [str(problem) for problem in r.problems]


# -- the shipped puzzles ----------------------------------------------------------------------

def test_the_pomme_puzzles_load_and_cover_3_and_5_players(content):
    pomme = [p for p in content.puzzles if "pomme" in p.themes]
    assert len(pomme) >= 20
    by_kind = {kind: [p for p in pomme if p.kind == kind]
               for kind in (Kind.LEGAL, Kind.WINNER, Kind.MARKS)}
    assert all(len(found) >= 5 for found in by_kind.values())
    for kind in (Kind.LEGAL, Kind.WINNER):
        assert {p.task.players for p in by_kind[kind]} == {2, 3, 5}
    assert {len(p.task.trick) for p in by_kind[Kind.WINNER]} == {2, 3, 5}
    assert {p.task.players for p in by_kind[Kind.MARKS]} == {2, 3, 5}
    for puzzle in by_kind[Kind.MARKS]:
        assert puzzle.solution.marks == pomme_marks(puzzle.task.points)


@pytest.mark.parametrize("name, pid, old, new, message", [
    ("legal-pomme.yaml", "lg102", 'answer: "D9 SJ"', 'answer: "D9 SJ S7"',
     "answer: stored answer D9 S7 SJ disagrees with the engine: D9 SJ"),
    ("winner-pomme.yaml", "wn110", "answer: S9", "answer: SK",
     "answer: stored answer SK disagrees with the engine: S9"),
    ("marks.yaml", "mk007", "answer: [1, 1, 1, 1, -1]", "answer: [1, 1, 1, 0, -1]",
     "answer: stored answer [1, 1, 1, 0, -1] disagrees with the engine: [1, 1, 1, 1, -1]"),
])
def test_a_wrong_stored_pomme_answer_fails_with_path_line_and_id(tmp_path, name, pid, old, new,
                                                                 message):
    (tmp_path / "puzzles").mkdir()  # the edited file alone: the others would be solved again
    path = tmp_path / "puzzles" / name
    text = (ROOT / "puzzles" / name).read_text(encoding="utf-8")
    start = text.index(f"- id: {pid}\n")
    end = text.find("\n- id:", start)
    block = text[start:end if end > 0 else len(text)]
    assert old in block
    path.write_text(text.replace(block, block.replace(old, new)), encoding="utf-8")
    line = text[:start].count("\n") + block.split("\n").index("  " + old) + 1
    content = load_content(tmp_path)
    assert f"puzzles/{name}:{line}: {pid}: {message}" in [str(p) for p in content.problems]
    assert pid not in {p.id for p in content.puzzles}
    assert len(content.puzzles) == sum(line.startswith("- id: ") for line in text.split("\n")) - 1


def test_a_wrong_stored_lesson_answer_fails_with_path_line_and_id(tmp_path):
    (tmp_path / "lessons").mkdir()  # the edited lesson alone
    path = tmp_path / "lessons" / "19-pomme-putz.yaml"
    text = (ROOT / "lessons" / path.name).read_text(encoding="utf-8")
    text = text.replace("        top: H6\n        answer: keep\n", "        top: H6\n"
                        "        answer: take\n")
    text = text.replace("        answer: [2, 2, -1, -1, -1]\n",
                        "        answer: [2, 0, -1, -1, -1]\n")
    path.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    take = lines.index("        answer: take", lines.index("        top: H6")) + 1
    marks = lines.index("        answer: [2, 0, -1, -1, -1]") + 1
    problems = [str(p) for p in load_content(tmp_path).problems]
    assert (f"lessons/19-pomme-putz.yaml:{take}: pomme-putz: steps[2].exercises[1].answer: "
            "stored answer take disagrees with the engine: keep") in problems
    assert (f"lessons/19-pomme-putz.yaml:{marks}: pomme-putz: steps[4].exercises[3].answer: "
            "stored answer [2, 0, -1, -1, -1] disagrees with the engine: [2, 2, -1, -1, -1]"
            ) in problems


# -- legal and winner at a table of 3 or 5 ----------------------------------------------------

def test_a_trick_of_five_is_read_and_won_by_the_engines_rule():
    task, problems = read("pick_winner", """\
        players: 5
        trump: D
        trick: "D8 DA DK DQ D9"
        """)
    assert problems == [] and isinstance(task, WinnerTask) and task.players == 5
    assert solve(task).answer == Card.parse("D9")


@pytest.mark.parametrize("text, problem", [
    ('players: 5\ntrump: D\ntrick: "D8 DA DK DQ"\n', "trick: must hold 5 cards, not 4"),
    ('players: 3\ntrump: D\ntrick: "D8 DA DK DQ"\n', "trick: must hold 3 cards, not 4"),
    ('players: 6\ntrump: D\ntrick: "D8 DA DK"\n', "players: must be 2, 3 or 5 (Pomme) or 4"),
    ('players: true\ntrump: D\ntrick: "D8 DA DK"\n', "players: must be 2, 3 or 5 (Pomme) or 4"),
    ('players: 3\ntrump: H\ntrick: "SA HA H6"\n', "H6 undertrumps HA"),
])
def test_a_pomme_trick_of_the_wrong_size_or_an_undertrump_is_refused(text, problem):
    task, problems = read("pick_winner", text)
    assert task is None
    assert any(problem in found for found in problems), problems


def test_a_pomme_hand_is_at_most_what_the_deal_gives():
    task, problems = read("pick_legal", 'players: 5\ntrump: H\nhand: "H6 H7 H8 H9 HT HJ HQ HK"\n'
                          'trick: ""\n')
    assert task is None and any("must hold 1 to 7 cards, not 8" in p for p in problems)
    task, problems = read("pick_legal", 'players: 5\ntrump: H\nhand: "H6 S7"\n'
                          'trick: "SA SK SQ ST"\n')
    assert problems == [] and solve(task).answer == CardSet.parse("H6 S7")


def test_the_pomme_theme_and_the_trick_of_five_step():
    five = WinnerTask(*_winner("S", "HA H6 SK S9 HK"))
    four = WinnerTask(*_winner("S", "HA H6 SK S9"))
    pomme = THEMES_BY_KEY["pomme"]
    assert applies(pomme, Kind.WINNER, five, solve(five))
    assert not applies(pomme, Kind.WINNER, four, solve(four))
    assert (estimate_difficulty(Kind.WINNER, five, solve(five))
            == estimate_difficulty(Kind.WINNER, four, solve(four)) + 1)


def _winner(trump: str, trick: str):
    from tutor.content.reader import TRUMPS
    return TRUMPS[trump], cards(trick)


# -- marks ------------------------------------------------------------------------------------

@pytest.mark.parametrize("points, marks", [
    ([60, 52, 45], (1, 1, 0)),
    ([100, 20, 17], (2, -1, -1)),
    ([48, 45, 25, 25, 14], (1, 1, 1, 1, -1)),
    ([110, 15, 12, 10, 0], (3, -1, -1, -1, -1)),
])
def test_marks_are_the_engines(points, marks):
    task, problems = read("count_marks", f"points: {points}\n")
    assert problems == [] and isinstance(task, MarksTask)
    assert solve(task).answer == marks


@pytest.mark.parametrize("points, problem", [
    ("[48, 45, 25, 25, 12]", "add up to 155, which no round of Pomme for 5 makes"),
    ("[60, 60, 40]", "add up to 160, which no round of Pomme for 3 makes"),
    ("[60, 52, 1]", "1 point cannot be made"),
    ("[60, 52, 45, 0]", "must be a list of the round points of 2, 3 or 5 players"),
    ("[60, 52, -3]", "must be a whole number from 0 to 157"),
])
def test_round_points_no_round_of_pomme_makes_are_refused(points, problem):
    task, problems = read("count_marks", f"points: {points}\n")
    assert task is None
    assert any(problem in found for found in problems), problems


def test_the_totals_of_pomme_are_157_less_the_cards_out_of_play():
    assert pomme_totals(5) == {157, 154, 153, 147, 146, 143, 137}
    assert 157 in pomme_totals(3) and 156 not in pomme_totals(3)
    assert min(pomme_totals(3)) == 157 - (20 + 14 + 4 * 11 + 3 * 10)  # the richest 9 cards


@pytest.mark.parametrize("points, shared", [
    ((70, 40, 40), True),  # the two on 40 share second place: both mark
    ((55, 55, 40), False),  # two share first, but both would mark anyway
    ((45, 30, 30, 30, 19), True),
    ((40, 40, 40, 20, 14), True),
    ((50, 36, 36, 21, 11), False),
])
def test_the_shared_place_theme_applies_only_where_the_tie_decides_a_mark(points, shared):
    task = MarksTask(points)
    assert applies(THEMES_BY_KEY["shared-place"], Kind.MARKS, task, solve(task)) is shared


# -- the aside ----------------------------------------------------------------------------------

JUNK = "C6 C7 C8 D6 D7 D8 S6 S7 DQ"
STRONG = "HJ H9 HA HK HT SA DA CK ST"


def test_the_aside_answer_is_measured_and_the_same_at_every_load():
    task = AsideTask(CardSet.parse(JUNK), Card.parse("HA"))
    first, again = solve_aside(task), solve_aside(task)
    assert first == again
    assert first.answer == "take" and first.margin >= MIN_MARGIN
    assert first.take.points > first.keep.points and first.keep.apples > first.take.apples
    strong = solve_aside(AsideTask(CardSet.parse(STRONG), Card.parse("H6")))
    assert strong.answer == "keep"


def test_an_aside_too_close_to_call_is_refused():
    """Both choices mark about the same: no question to ask, whatever answer is stored."""
    for answer in ("take", "keep"):
        task, problems = read("take_aside", 'hand: "H8 HK HA DK DA C9 CQ S7 SK"\ntop: SA\n'
                              f"answer: {answer}\n")
        assert task is None and any("hand: too close to call" in p for p in problems), problems


@pytest.mark.parametrize("text, problem", [
    ('hand: "C6 C7 C8 D6 D7 D8 S6 S7"\ntop: HA\n', "hand: must hold 9 cards, not 8"),
    ('hand: "C6 C7 C8 D6 D7 D8 S6 S7 HA"\ntop: HA\n', "HA is also in hand"),
    ('hand: "C6 C7 C8 D6 D7 D8 S6 S7 DQ"\ntop: HA\ntrick: "SA SK HK"\n', "trick: must hold 0 to 2"),
])
def test_an_aside_position_that_cannot_be_is_refused(text, problem):
    task, problems = read("take_aside", text)
    assert task is None and any(problem in found for found in problems), problems


@pytest.mark.parametrize("trick", ["", "CA", "CA C6"])
def test_a_playout_scores_as_the_engines_pomme_game(trick):
    """A playout of the aside's measure, replayed card by card through ``PommeGame`` from the
    same deal, gives the same round points: the same rule of play, leader, last trick and
    points as the game at the table, whether the learner keeps the hand or takes the aside."""
    task = AsideTask(CardSet.parse("S6 S7 S9 D6 D7 C7 C8 CQ H6"), Card.parse("HK"),
                     cards(trick))
    me = len(task.trick)
    for number, world in enumerate(worlds(task, 6, random.Random(5))):
        take = number % 2 == 1
        hands = list(world.hands)
        if take:
            hands[me] = world.aside
        record: list[Card] = []
        points = play_out(hands, task.trick, task.trump, random.Random(number), record)
        dealt = tuple(hand | CardSet(task.trick[seat:seat + 1]) for seat, hand
                      in enumerate(world.hands))
        game = PommeGame(3, deal=PommeDeal(dealt, world.aside, task.top), dealer=2)
        if game.phase == PommePhase.EXCHANGE:
            game.apply(PommeChoice.KEEP_SIX)
        for card in task.trick:
            game.apply(card)
        if take:
            game.apply(PommeChoice.TAKE_ASIDE)
        for card in record:
            game.apply(card)
        [scored] = [e for e in game.events if isinstance(e, PommeRoundScored)]
        assert scored.points == points


@pytest.mark.parametrize("points, level", [
    ((60, 52, 45), 1),  # three players, no apple: the two best
    ((85, 45, 20), 2),  # an apple right at the line
    ((100, 20, 17), 3),  # two apples: the best marks 2, and a player on 20
    ((40, 35, 30, 28, 24), 2),  # five players
    ((40, 40, 40, 20, 14), 5),  # five, two apples, a shared first place, a player on 20
])
def test_the_difficulty_of_marks_counts_its_steps(points, level):
    task = MarksTask(points)
    assert estimate_difficulty(Kind.MARKS, task, solve(task)) == level
