"""The content loader on broken files: each kind of problem, with its exact message."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tutor.content import Kind, load_content
from tutor.content.source import Problem

GOOD_LEGAL = """\
- id: lg001
  kind: legal
  themes: [follow-suit]
  difficulty: 1
  trump: H
  hand: "S9 HA C7 CT"
  trick: "SK S6"
  answer: "S9 HA"
"""

GOOD_LESSON = """\
id: sample
title: A sample lesson
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: |
      Follow the suit led, like {SK} here.
    figure: {trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}
    exercises:
      - kind: pick_legal
        trump: H
        hand: "S9 HA C7 CT"
        trick: "SK S6"
        answer: "S9 HA"
      - kind: pick_winner
        trump: H
        trick: "SK S6 H6 SA"
      - kind: choice
        prompt: How many cards?
        options: ["36", "40"]
        answer: 0
puzzles: {legal: [follow-suit]}
"""


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(root: Path) -> list[str]:
    return [str(problem) for problem in load_content(root).problems]


def test_good_files_load_without_problems(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL)
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON)
    content = load_content(tmp_path)
    assert content.problems == []
    assert [p.id for p in content.puzzles] == ["lg001"]
    assert content.puzzles[0].kind == Kind.LEGAL
    assert [lesson.id for lesson in content.lessons] == ["sample"]
    assert [e.kind for e in content.lessons[0].exercises] == ["pick_legal", "pick_winner", "choice"]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("  trick:", "  colour: red\n  trick:",
         "puzzles/legal.yaml:7: lg001: colour: unknown field"),
        ('"S9 HA C7 CT"', '"S9 HA CX CT"', "puzzles/legal.yaml:6: lg001: hand: bad card code 'CX'"),
        ('"S9 HA C7 CT"', '"S9 HA C7 C7"', "puzzles/legal.yaml:6: lg001: hand: C7 is there twice"),
        ('"S9 HA C7 CT"', '"S9 HA C7 SK"',
         "puzzles/legal.yaml:6: lg001: hand: SK is also in trick: a card cannot be in two places"),
        ('answer: "S9 HA"', 'answer: "S9"',
         "puzzles/legal.yaml:8: lg001: answer: stored answer S9 disagrees with the engine: HA S9"),
        ("[follow-suit]", "[follow-sute]", "puzzles/legal.yaml:3: lg001: themes[0]: unknown theme "
         "'follow-sute'"),
        ("[follow-suit]", "[no-undertrump]", "puzzles/legal.yaml:3: lg001: themes[0]: theme "
         "'no-undertrump' does not apply to this position"),
        ("[follow-suit]", "[match]", "puzzles/legal.yaml:3: lg001: themes[0]: theme 'match' is "
         "not one for legal puzzles"),
        ("difficulty: 1", "difficulty: 6", "puzzles/legal.yaml:4: lg001: difficulty: must be a "
         "whole number from 1 to 5, not 6"),
        ("trump: H", "trump: X", "puzzles/legal.yaml:5: lg001: trump: must be a suit letter H, D, "
         "C or S, not 'X'"),
        ("id: lg001", "id: wn001", "puzzles/legal.yaml:1: wn001: id: must be 'lg' and 3 or 4 "
         "digits, like 'lg001'"),
        ("kind: legal", "kind: winner", "puzzles/legal.yaml:2: lg001: kind: must be 'legal' in "
         "legal.yaml"),
        ('  trick: "SK S6"\n', "", "puzzles/legal.yaml:1: lg001: missing field 'trick'"),
        ('"SK S6"', '"SK S6 S7 S8"', "puzzles/legal.yaml:7: lg001: trick: must hold 0 to 3 cards, "
         "not 4"),
        ("  answer:", "  rules: {pique: true}\n  answer:", "puzzles/legal.yaml:8: lg001: "
         "rules.pique: unknown rule option (known: chibre_in_first_round, finish_round, "
         "first_trump_card, long_sequences, pique_double, target)"),
    ],
)
def test_each_problem_in_a_puzzle_is_named_with_file_line_id_and_field(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    assert old in GOOD_LEGAL
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL.replace(old, new, 1))
    found = problems(tmp_path)
    assert expected in found, found
    assert load_content(tmp_path).puzzles == []


def test_every_problem_is_reported_not_only_the_first(tmp_path: Path) -> None:
    broken = GOOD_LEGAL.replace('"S9 HA C7 CT"', '"SX HA C7 C7"')
    broken = broken.replace("  trick:", "  x: 1\n  trick:")
    write(tmp_path, "puzzles/legal.yaml", broken)
    assert problems(tmp_path) == [
        "puzzles/legal.yaml:7: lg001: x: unknown field",
        "puzzles/legal.yaml:6: lg001: hand: bad card code 'SX'",
        "puzzles/legal.yaml:6: lg001: hand: C7 is there twice",
    ]


def test_a_broken_puzzle_is_skipped_and_the_others_load(tmp_path: Path) -> None:
    second = GOOD_LEGAL.replace("lg001", "lg002").replace('answer: "S9 HA"', 'answer: "S9"')
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL + second)
    content = load_content(tmp_path)
    assert [p.id for p in content.puzzles] == ["lg001"]
    assert [p.item for p in content.problems] == ["lg002"]


def test_a_duplicate_puzzle_id_is_refused_with_the_first_place(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL + GOOD_LEGAL)
    assert problems(tmp_path) == ["puzzles/legal.yaml:9: lg001: id: id already used at "
                                  "puzzles/legal.yaml:1"]


def test_a_retired_id_is_never_used_again(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL)
    write(tmp_path, "puzzles/RETIRED", "lg001  # wrong answer in 0.1\n")
    assert problems(tmp_path) == ["puzzles/legal.yaml:1: lg001: id: id is retired "
                                  "(puzzles/RETIRED) and is never used again"]


def test_invalid_yaml_names_the_line_and_the_app_still_gets_the_rest(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL)
    write(tmp_path, "puzzles/winner.yaml", "- id: wn001\n  trick: [unclosed\n")
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON)
    content = load_content(tmp_path)
    [problem] = [str(p) for p in content.problems]
    # libyaml (CSafeLoader) and PyYAML's own parser word it differently, at the same line
    assert problem in (
        "puzzles/winner.yaml:3: is not valid YAML: did not find expected ',' or ']'",
        "puzzles/winner.yaml:3: is not valid YAML: expected ',' or ']', but got '<stream end>'",
    )
    assert len(content.puzzles) == 1 and len(content.lessons) == 1


def test_a_key_given_twice_is_a_problem(tmp_path: Path) -> None:
    twice = GOOD_LEGAL.replace("  difficulty: 1", "  difficulty: 1\n  difficulty: 2")
    write(tmp_path, "puzzles/legal.yaml", twice)
    assert problems(tmp_path) == ["puzzles/legal.yaml:5: lg001: difficulty: the key appears twice"]


def test_yaml_tags_that_build_objects_are_refused(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", "- !!python/object/apply:os.system ['echo hacked']\n")
    [problem] = load_content(tmp_path).problems
    assert problem.path == "puzzles/legal.yaml" and "is not valid YAML" in problem.message


def test_a_puzzle_file_must_be_named_after_its_kind(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/tricks.yaml", GOOD_LEGAL)
    assert problems(tmp_path) == [
        "puzzles/tricks.yaml: a puzzle file is named after its kind: legal, winner, weis, points, "
        "best, marks, strategy (or the kind, a hyphen and more, like legal-pomme.yaml)"
    ]


WEIS = """\
- id: ws001
  kind: weis
  themes: [weis-length]
  difficulty: 2
  trump: H
  players: ["CA DA HA SA", "", "D6 D7 D8 D9 DT", ""]
  answer: 2
"""


def test_a_weis_player_must_show_only_cards_of_announcements(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/weis.yaml", WEIS.replace('"CA DA HA SA"', '"CA DA HA SA S6"'))
    assert problems(tmp_path) == [
        "puzzles/weis.yaml:6: ws001: players[0]: S6 is not part of any announcement"
    ]


def test_a_weis_answer_that_disagrees_is_named(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/weis.yaml", WEIS.replace("answer: 2", "answer: 0"))
    assert problems(tmp_path) == ["puzzles/weis.yaml:7: ws001: answer: stored answer 0 disagrees "
                                  "with the engine: 2"]


def test_a_card_in_two_players_hands_is_an_impossible_position(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/weis.yaml", WEIS.replace('""]', '"D7 D8 D9"]'))
    assert "D7 is also in players[2]" in problems(tmp_path)[0]


POINTS = """\
- id: pt001
  kind: points
  themes: [last-trick]
  difficulty: 1
  trump: S
  tricks: ["SJ S6 S7 S8"]
  last: true
  answer: 25
"""


def test_points_puzzles_add_cards_last_trick_and_announcements(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/points.yaml", POINTS)
    assert problems(tmp_path) == []
    doubled = POINTS.replace("[last-trick]", "[pique-double, stoeck]").replace(
        "answer: 25",
        'rules: {pique_double: true}\n  stoeck: true\n  weis: ["H6 H7 H8"]\n  answer: 130',
    )
    write(tmp_path, "puzzles/points.yaml", doubled)
    assert problems(tmp_path) == []


def test_points_need_tricks_or_cards_but_not_both(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/points.yaml", POINTS.replace("  last:", '  cards: "HA"\n  last:'))
    assert problems(tmp_path) == ["puzzles/points.yaml:1: pt001: give either 'tricks' or "
                                  "'cards', not both and not neither"]


def test_a_lesson_with_an_unknown_rule_id_and_source_is_skipped(tmp_path: Path) -> None:
    lesson = GOOD_LESSON.replace("R-FOLLOW]", "R-FOLOW]").replace("000_eff31e455dd8c5c0", "999_x")
    write(tmp_path, "lessons/01-sample.yaml", lesson)
    content = load_content(tmp_path)
    assert content.lessons == []
    assert [str(p) for p in content.problems] == [
        "lessons/01-sample.yaml:3: sample: rules[0]: unknown rule ID 'R-FOLOW'",
        "lessons/01-sample.yaml:4: sample: sources[0]: unknown source text '999_x.txt'",
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("id: sample", "id: other", "lessons/01-sample.yaml:1: other: id: must be 'sample', the "
         "name of the file without its number"),
        ('hand: "S9 HA C7 CT"', 'hand: "S9 HA C7 CT SK"', "lessons/01-sample.yaml:12: sample: "
         "steps[0].exercises[0].hand: SK is also in steps[0].exercises[0].trick: a card cannot "
         "be in two places"),
        ("        answer: 0", "        answer: 2", "lessons/01-sample.yaml:21: sample: "
         "steps[0].exercises[2].answer: must be a whole number from 0 to 1, not 2"),
        ("kind: pick_winner", "kind: pick_looser", "lessons/01-sample.yaml:15: sample: "
         "steps[0].exercises[1].kind: unknown exercise kind 'pick_looser' (known: pick_legal, "
         "pick_winner, pick_weis, count_points, slate, choice, count_marks, take_aside, "
         "best_play)"),
        ("like {SK} here", "like {SZ} here", "lessons/01-sample.yaml:6: sample: steps[0].text: "
         "{SZ} is not a card code"),
        ('highlight: "S9"', 'highlight: "C9"', "lessons/01-sample.yaml:8: sample: "
         "steps[0].figure.highlight: C9 not in the hand or the trick"),
        ("trick: \"SK S6 H6 SA\"", "trick: \"SK S6 H6 SA\"\n        answer: SA",
         "lessons/01-sample.yaml:18: sample: steps[0].exercises[1].answer: stored answer SA "
         "disagrees with the engine: H6"),
    ],
)
def test_each_problem_in_a_lesson_is_named(tmp_path: Path, old: str, new: str,
                                           expected: str) -> None:
    assert old in GOOD_LESSON
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(old, new, 1))
    found = problems(tmp_path)
    assert expected in found, found
    assert load_content(tmp_path).lessons == []


def test_a_lesson_needs_three_exercises(tmp_path: Path) -> None:
    lesson = GOOD_LESSON.split("      - kind: pick_winner")[0]
    write(tmp_path, "lessons/01-sample.yaml", lesson)
    assert problems(tmp_path) == ["lessons/01-sample.yaml:6: sample: steps: has 1 exercises; a "
                                  "lesson needs at least 3"]


def test_a_lesson_file_name_has_a_number_and_a_slug(tmp_path: Path) -> None:
    write(tmp_path, "lessons/sample.yaml", GOOD_LESSON)
    assert problems(tmp_path) == ["lessons/sample.yaml: a lesson file is named NN-slug.yaml, "
                                  "like 05-following-suit.yaml"]


def test_two_lessons_with_one_id_are_refused_naming_the_first(tmp_path: Path) -> None:
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON)
    write(tmp_path, "lessons/02-sample.yaml", GOOD_LESSON)
    content = load_content(tmp_path)
    assert [lesson.number for lesson in content.lessons] == [1]
    assert [str(p) for p in content.problems if "02-sample" in str(p)] == [
        "lessons/02-sample.yaml:1: sample: id: lesson id sample is also the id of "
        "lessons/01-sample.yaml"]


def test_problems_sort_by_file_then_line() -> None:
    a = Problem("a.yaml", 9, "x", "f", "m")
    b = Problem("a.yaml", 10, "x", "f", "m")
    c = Problem("b.yaml", 1, "x", "f", "m")
    assert sorted([c, b, a]) == [a, b, c]


def test_a_puzzle_theme_that_no_lesson_prepares_is_named(tmp_path: Path) -> None:
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace("[follow-suit]", "[trump-in]"))
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL)
    assert problems(tmp_path) == [
        "puzzles/legal.yaml:1: lg001: themes: no lesson prepares legal puzzles of theme "
        "'follow-suit' (add it to a lesson's 'puzzles:')"]


def test_a_lesson_prepares_only_known_kinds_and_their_themes(tmp_path: Path) -> None:
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(
        "{legal: [follow-suit]}", "{legal: [follow-suit, nell], riddles: [x]}"))
    found = problems(tmp_path)
    assert any("puzzles.riddles: unknown puzzle kind" in p for p in found)
    assert any("puzzles.legal[1]: theme 'nell' is not one for legal puzzles" in p for p in found)


WINNER = """\
- id: wn001
  kind: winner
  themes: [trump-in]
  difficulty: 2
  trump: C
  trick: "DJ C7 D9 CA"
  answer: CA
"""


def test_a_winner_trick_with_an_overtrump_loads(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/winner.yaml", WINNER)
    assert problems(tmp_path) == []


def test_a_winner_trick_that_undertrumps_on_a_plain_lead_is_refused(tmp_path: Path) -> None:
    # R-NO-UNDERTRUMP: the seven may not go under the ace once diamonds were trumped.
    write(tmp_path, "puzzles/winner.yaml", WINNER.replace("DJ C7 D9 CA", "DJ CA D9 C7"))
    assert problems(tmp_path) == [
        "puzzles/winner.yaml:6: wn001: trick: C7 undertrumps CA on a plain-suit lead, which "
        "R-NO-UNDERTRUMP forbids (only a hand of nothing but trumps may, and a trick cannot "
        "show that): change a card so that every play is legal"]


def test_a_lower_trump_on_a_trump_lead_is_no_undertrump(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/winner.yaml", WINNER.replace("DJ C7 D9 CA", "CQ C7 D9 C9")
          .replace("[trump-in]", "[nell]").replace("answer: CA", "answer: C9"))
    assert [p for p in problems(tmp_path) if "undertrump" in p] == []


def test_an_undertrump_in_a_legal_puzzle_or_points_trick_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL.replace('trick: "SK S6"',
                                                             'trick: "SK HK H6"'))
    write(tmp_path, "puzzles/points.yaml", POINTS.replace("SJ S6 S7 S8", "H6 SJ H7 S6"))
    found = problems(tmp_path)
    assert [line.split(": trick")[0] for line in found] == [
        "puzzles/legal.yaml:7: lg001", "puzzles/points.yaml:6: pt001"]
    assert all("R-NO-UNDERTRUMP" in line for line in found)
    assert "S6 undertrumps SJ" in found[1]


def test_a_lesson_winner_exercise_gets_the_same_check(tmp_path: Path) -> None:
    write(tmp_path, "lessons/01-sample.yaml",
          GOOD_LESSON.replace('trick: "SK S6 H6 SA"', 'trick: "SK HA SA H6"'))
    assert problems(tmp_path) == [
        "lessons/01-sample.yaml:17: sample: steps[0].exercises[1].trick: H6 undertrumps HA on "
        "a plain-suit lead, which R-NO-UNDERTRUMP forbids (only a hand of nothing but trumps "
        "may, and a trick cannot show that): change a card so that every play is legal"]

# --- pictures the text points at, and a figure's legal marks ---------------------------------

CHOICE_STEP = """\
id: sample
title: A sample lesson
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: |
      {text}
    exercises:
      - kind: choice
        prompt: {prompt}
        options: ["36", "40"]
        answer: 0
      - kind: slate
        points: 157
      - kind: choice
        prompt: Which way does play go?
        options: ["clockwise", "counter-clockwise"]
        answer: 1
"""


def choice_lesson(text: str, prompt: str = "How many cards are in the pack?") -> str:
    return CHOICE_STEP.replace("{text}", text).replace("{prompt}", prompt)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("In the picture {suit:H} are trump.", "the picture"),
        ("{suit:H} are trump, so the cards shown are a plain suit.", "the cards shown"),
        ("Here are all nine cards of {suit:H}.", "Here are"),
        ("In this trick you led the {SK}.", "this trick"),
        ("With this hand, {suit:H} is an easy choice.", "this hand"),
        ("Count these four cards.", "these four cards"),
        ("Take the trick below with {suit:C} as trump.", "trick below"),
        ("A discard never wins. Below, you led the {C7}.", "Below"),
        ("Here {C6} {C7} {C8} make three cards.", "Here {C6} {C7} {C8} …"),
        ("Trumps win. Here {suit:S} are trump.", "Here {suit:S} are trump …"),
    ],
)
def test_a_step_that_points_at_a_picture_it_does_not_show_is_named(
        tmp_path: Path, text: str, phrase: str) -> None:
    write(tmp_path, "lessons/01-sample.yaml", choice_lesson(text))
    assert problems(tmp_path) == [
        f"lessons/01-sample.yaml:6: sample: steps[0].text: says '{phrase}' but the step shows no "
        "cards: add a 'figure:' (or an exercise that shows cards), or reword it"]


@pytest.mark.parametrize(
    "text",
    [
        "May you chibre in the first round? Here the texts disagree.",
        "Our texts do not all agree here.",
        "The game goes to 1500 with pique double (see below).",
        "Your eight is below the {rank:Q}, and the ten sits above the nine.",
        "The holder of the 6 of trump may trade it for the shown card.",
        "In the pictures of this app, you sit at the bottom.",
        "The order of these last two is disputed.",
    ],
)
def test_words_that_do_not_point_at_a_picture_pass(tmp_path: Path, text: str) -> None:
    write(tmp_path, "lessons/01-sample.yaml", choice_lesson(text))
    assert problems(tmp_path) == []


def test_a_choice_prompt_that_points_at_a_picture_needs_one(tmp_path: Path) -> None:
    write(tmp_path, "lessons/01-sample.yaml",
          choice_lesson("Choosing trump.", "You must name trump with this hand. Which suit?"))
    assert problems(tmp_path) == [
        "lessons/01-sample.yaml:10: sample: steps[0].exercises[0].prompt: says 'this hand' but "
        "the step shows no cards: add a 'figure:' (or an exercise that shows cards), or reword it"]


def test_a_figure_or_an_exercise_with_cards_shows_what_the_text_points_at(tmp_path: Path) -> None:
    with_figure = choice_lesson("Here are all nine cards of {suit:H}.").replace(
        "    exercises:", '    figure: {hand: "H6 H7 H8 H9 HT HJ HQ HK HA"}\n    exercises:', 1)
    write(tmp_path, "lessons/01-sample.yaml", with_figure)
    assert problems(tmp_path) == []
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(
        "    figure: {trump: H, hand: \"S9 HA\", trick: \"SK\", highlight: \"S9\"}\n", "").replace(
        "like {SK} here.", "like the {SK} in this trick."))
    assert problems(tmp_path) == []  # its pick_legal exercise draws the trick


def test_every_real_step_that_points_at_its_figure_is_caught_without_it(tmp_path: Path) -> None:
    """Not blind: take the figure away from a real step whose text points at it and whose
    exercises show no cards, and the checker names the step."""
    import yaml

    from tutor.content.loader import ROOT, picture_phrase

    caught = 0
    for path in sorted((ROOT / "lessons").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for index, step in enumerate(data["steps"]):
            cardless = all(e["kind"] in ("choice", "slate") for e in step.get("exercises", []))
            if "figure" not in step or not cardless or picture_phrase(step["text"]) is None:
                continue
            changed = dict(data, steps=[dict(s) for s in data["steps"]])
            del changed["steps"][index]["figure"]
            root = tmp_path / f"{path.stem}-{index}"
            write(root, f"lessons/{path.name}", yaml.safe_dump(changed, allow_unicode=True))
            found = problems(root)
            assert any(f"steps[{index}].text: says" in p for p in found), (path.name, found)
            caught += 1
    assert caught >= 5


def test_a_figure_shows_the_legal_cards_the_engine_gives(tmp_path: Path) -> None:
    figure = '{trump: H, hand: "S9 HA C7", trick: "SK", leader: 3, legal: "S9 HA"}'
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(
        '{trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}', figure))
    content = load_content(tmp_path)
    assert content.problems == []
    shown = content.lessons[0].steps[0].figure
    assert shown is not None and shown.legal is not None
    assert sorted(map(str, shown.legal)) == ["HA", "S9"]
    assert content.lessons[0].steps[0].figure is not None


@pytest.mark.parametrize(
    ("figure", "expected"),
    [
        ('{trump: H, hand: "S9 HA C7", trick: "SK", legal: "S9 HA C7"}',
         "steps[0].figure.legal: 'HA C7 S9' disagrees with the engine: the legal cards are "
         "'HA S9' (default rules)"),
        ('{trump: H, hand: "S9 HA C7", trick: "SK", legal: "S9 D6"}',
         "steps[0].figure.legal: D6 not in the hand: only cards of the hand are marked legal"),
        ('{hand: "S9 HA C7", trick: "SK", legal: "S9"}',
         "steps[0].figure.legal: needs the figure's trump, a hand, and a trick of 0 to 3 cards "
         "that the hand plays to"),
        ('{trump: H, hand: "S9 HA C7", trick: "SK", legal: "S9 HX"}',
         "steps[0].figure.legal: bad card code 'HX'"),
    ],
)
def test_a_figures_legal_marks_must_agree_with_the_engine(tmp_path: Path, figure: str,
                                                          expected: str) -> None:
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(
        '{trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}', figure))
    assert problems(tmp_path) == [f"lessons/01-sample.yaml:8: sample: {expected}"]
