"""No answer in sight: the lesson check refuses a step whose text or figure shows an exercise's
answer, or whose figure is drawn under another trump than the exercise it illustrates, with
file and line; the shipped lessons pass it (those being rewritten elsewhere are listed as
known, each with its reason)."""

from __future__ import annotations

import pytest

from tests.test_content_loader import GOOD_LESSON, problems, write
from tutor.content.loader import KNOWN_IN_SIGHT, answer_in_sight


def test_the_sample_lesson_shows_no_answer(tmp_path) -> None:
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON)
    assert problems(tmp_path) == []


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("like {SK} here.", "like {SK} here. The {H6} takes the trick below.",
         "lessons/01-sample.yaml:6: sample: steps[0].text: names {H6}, the answer of exercise "
         "2, right above its question: reword the text (or move the sentence to the "
         "exercise's hint)"),
        ('figure: {trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}',
         'figure: {trump: H, trick: "SK S6 H6 SA", highlight: "H6"}',
         "lessons/01-sample.yaml:8: sample: steps[0].figure.highlight: marks H6, the answer "
         "of exercise 2, in the very trick the exercise asks about: mark another card or none"),
        ('figure: {trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}',
         'figure: {trump: H, hand: "S9 HA C7 CT", trick: "SK S6", legal: "S9 HA"}',
         "lessons/01-sample.yaml:8: sample: steps[0].figure.legal: marks the legal cards of "
         "exercise 1, its answer, on the very hand and trick the exercise asks about"),
        ('figure: {trump: H, hand: "S9 HA", trick: "SK", highlight: "S9"}',
         'figure: {trump: D, hand: "S9 HA", trick: "SK", highlight: "S9"}',
         "lessons/01-sample.yaml:8: sample: steps[0].figure.trump: the figure's trump is "
         "diamonds but exercise 1, the first it illustrates, is about hearts: draw the figure "
         "under the exercise's trump (or give the exercise its own step)"),
    ],
)
def test_a_step_showing_its_answer_is_refused_with_file_and_line(
        tmp_path, old: str, new: str, expected: str) -> None:
    assert old in GOOD_LESSON
    write(tmp_path, "lessons/01-sample.yaml", GOOD_LESSON.replace(old, new))
    assert problems(tmp_path) == [expected]


def test_a_later_exercise_may_change_the_trump_of_the_figure(tmp_path) -> None:
    lesson = GOOD_LESSON.replace('trump: H\n        trick: "SK S6 H6 SA"',
                                 'trump: S\n        trick: "SK S6 H6 SA"')
    write(tmp_path, "lessons/01-sample.yaml", lesson)
    assert problems(tmp_path) == []


def test_the_shipped_lessons_show_no_answer_but_the_known_ones(content) -> None:
    flagged = {(lesson.id, index): answer_in_sight(step.text, step.figure, step.exercises)
               for lesson in content.lessons for index, step in enumerate(lesson.steps)}
    refused = {key for key, found in flagged.items() if found}
    # every known step is still refused (remove it from KNOWN_IN_SIGHT once fixed) ...
    assert refused == set(KNOWN_IN_SIGHT)
    # ... and none is in a lesson this change fixed: 1, 4, 5 and 14
    ours = {"the-game", "trump-buur-nell", "who-wins-a-trick", "which-announcement-wins"}
    assert not {lesson for lesson, _step in KNOWN_IN_SIGHT} & ours
    assert all(reason.strip() for reason in KNOWN_IN_SIGHT.values())


def test_a_strategy_exercise_whose_card_the_text_names_is_refused() -> None:
    from engine import CardSet, Trump
    from tutor.content.loader import Exercise
    from tutor.content.tasks import StrategySolution, StrategyTask

    hands = tuple(CardSet.parse(h) for h in (
        "H6 D8 D9 C9 CT S6 S7 S8 SA", "D6 C7 C8 CK CA S9 ST SQ SK",
        "HT HJ HK D7 DK DA C6 CQ SJ", "H7 H8 H9 HQ HA DT DJ DQ CJ"))
    task = StrategyTask(hands, 0, False, Trump.SPADES)
    measured = StrategySolution((("SA", 90.0), ("S6", 80.0)), (("S6", 2.0),), 40, "points")
    exercise = Exercise("best_strategy", task, measured)
    assert answer_in_sight("Lead your {S6} first.", None, [exercise]) == []
    assert answer_in_sight("Lead your {SA} first.", None, [exercise]) == [
        (("text",), "names {SA}, the answer of exercise 1, right above its question: reword "
         "the text (or move the sentence to the exercise's hint)")]
