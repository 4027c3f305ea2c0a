"""R-POMME in lesson 19: the lesson and its engine-checked exercises held to RULES.md's words.

The engine plays Pomme (tests/test_pomme_engine.py); lesson 19 teaches it with exercises the
engine checks: take the aside or keep the hand (tutor.content.aside), who takes a trick of five,
what each player marks (engine.pomme_marks). These tests hold the lesson to R-POMME as
docs/RULES.md words it: the deal for 3 and 5 players, the apple under 21 and the marks of the best
players (worked out here from RULES.md's words, apart from the engine), who leads, no
announcements, and Chibre's trumps, order and values (the engine's).
"""

from __future__ import annotations

import re

from engine import Card, CardSet, Rank, Trump, trick_points
from tests.rules_md import rule_text

POMME = rule_text("R-POMME")
POMME_TWO = rule_text("R-POMME-TWO")


def pomme_lesson(content):
    [lesson] = [lesson for lesson in content.lessons if lesson.id == "pomme-putz"]
    return lesson


def choices(lesson) -> dict[str, str]:
    """Each multiple-choice prompt of the lesson and the option it gives as the answer."""
    return {exercise.task.prompt: exercise.task.options[exercise.task.answer]
            for exercise in lesson.exercises if exercise.kind == "choice"}


def answer_to(lesson, *words: str) -> str:
    """The answer of the one choice exercise whose prompt holds every one of ``words``."""
    found = [answer for prompt, answer in choices(lesson).items()
             if all(word in prompt for word in words)]
    assert len(found) == 1, (words, list(choices(lesson)))
    return found[0]


def of_kind(lesson, kind: str) -> list:
    return [exercise for exercise in lesson.exercises if exercise.kind == kind]


def fact(pattern: str) -> tuple[int, ...]:
    """The numbers R-POMME gives where ``pattern`` matches it."""
    found = re.search(pattern, POMME)
    assert found, f"R-POMME no longer says {pattern!r}"
    return tuple(map(int, found.groups()))


# -- R-POMME's marks, worked out from its words --------------------------------------------

APPLE_BELOW = fact(r"under (\d+) points gets an \*apple\* \(−1\)")[0]
# (players, apples) -> (how many of the best mark, how much each); "the two best mark a point"
# with 3 players and at most one apple, "the three best mark 1" with 5 and at most one apple.
BEST_MARK = {
    (3, 0): (2, 1), (3, 1): (2, 1), (3, 2): (1, 2),
    (5, 0): (3, 1), (5, 1): (3, 1), (5, 2): (1, 2), (5, 3): (2, 2), (5, 4): (1, 3),
}


def marks(points: tuple[int, ...]) -> list[int]:
    """Each player's mark for a round: −1 under 21 points; the best mark as R-POMME says, and
    players with equal points share the better place; with 2 players as R-POMME-TWO says."""
    apples = sum(p < APPLE_BELOW for p in points)
    if len(points) == 2:  # "if both are under 21 nobody marks; equal points, nobody marks a Putz"
        assert "if both are under 21 nobody marks; equal points, nobody marks a Putz" in POMME_TWO
        if apples == 2:
            return [0, 0]
        return [-1 if p < APPLE_BELOW else int(p > q)
                for p, q in zip(points, points[::-1], strict=True)]
    best, mark = BEST_MARK[len(points), apples]
    return [-1 if p < APPLE_BELOW else mark if sum(q > p for q in points) < best else 0
            for p in points]


def test_r_pomme_marks_follow_the_words_of_rules_md():
    assert "with two apples the best marks 2" in POMME
    assert "three apples, the two best mark 2 each; four apples, the best marks 3" in POMME
    assert marks((60, 40, 30)) == [1, 1, 0]
    assert marks((100, 20, 17)) == [2, -1, -1]
    assert marks((48, 45, 25, 25, 12)) == [1, 1, 1, 1, -1]
    assert marks((90, 30, 20, 10, 7)) == [2, 2, -1, -1, -1]
    assert marks((90, 20, 20, 10, 7)) == [3, -1, -1, -1, -1]


# -- the lesson --------------------------------------------------------------------------------

def test_r_pomme_lesson_loads_and_cites_r_pomme(content):
    lesson = pomme_lesson(content)
    assert "R-POMME" in lesson.rules
    assert lesson.exercises
    assert {"take_aside", "pick_winner", "pick_legal", "count_marks"} <= {
        e.kind for e in lesson.exercises}
    assert "reading only" not in " ".join(step.text for step in lesson.steps)


def test_r_pomme_deals_use_the_whole_deck_as_rules_md_says():
    each_of_3, aside = fact(r"with 3 players (\d+) cards each and a (\d+)-card aside")
    (each_of_5,) = fact(r"with 5 players (\d+) cards each, the last card shows trump")
    deck = len(CardSet.full())
    assert 3 * each_of_3 + aside == deck
    assert 5 * each_of_5 + 1 == deck  # one card left over: the one that shows trump


def test_r_pomme_lesson_deals_as_rules_md_says(content):
    lesson = pomme_lesson(content)
    (each_of_5,) = fact(r"with 5 players (\d+) cards each")
    assert answer_to(lesson, "How many cards", "5 players") == str(each_of_5)
    each_of_3, aside = fact(r"with 3 players (\d+) cards each and a (\d+)-card aside")
    text = " ".join(step.text for step in lesson.steps)
    assert f"three hands of {each_of_3} use up {3 * each_of_3} cards" in text
    assert f"The {aside} cards nobody gets form a spare hand, the **aside**" in text


def test_r_pomme_lesson_shows_the_trump_6_as_the_card_to_exchange(content):
    assert "the holder of the trump 6 may exchange it for that card" in POMME
    [figure] = [step.figure for step in pomme_lesson(content).steps if step.figure]
    assert figure.trump is not None and figure.trump.suit is not None
    assert figure.highlight == CardSet([Card(figure.trump.suit, Rank.SIX)])
    assert figure.highlight <= figure.hand


def test_r_pomme_lesson_marks_as_rules_md_says(content):
    """Every marks exercise: the engine's answer is the one RULES.md's words give, and the
    lesson asks of 3 and of 5 players, of one apple and of several, and of a shared place."""
    exercises = of_kind(pomme_lesson(content), "count_marks")
    assert len(exercises) >= 3
    for exercise in exercises:
        assert list(exercise.solution.marks) == marks(exercise.task.points), exercise.prompt
    points = [exercise.task.points for exercise in exercises]
    assert {len(p) for p in points} == {2, 3, 5}
    apples = {sum(q < APPLE_BELOW for q in p) for p in points}
    assert 1 in apples and max(apples) >= 2
    assert any(len(set(p)) < len(p) for p in points)  # equal points share a place


def test_r_pomme_lesson_asks_who_takes_a_trick_of_five(content):
    lesson = pomme_lesson(content)
    winners = [e for e in of_kind(lesson, "pick_winner") if e.task.players == 5]
    assert len(winners) >= 2
    for exercise in winners:
        assert len(exercise.task.trick) == 5
        # the highest trump, or else the highest card of the led suit (R-TRICK)
        trick, trump = exercise.task.trick, exercise.task.trump
        trumps = [card for card in trick if card.suit == trump.suit]
        led = [card for card in trick if card.suit == trick[0].suit]
        order = ["6", "7", "8", "T", "Q", "K", "A", "9", "J"]  # R-ORDER-TRUMP, lowest first
        expected = (max(trumps, key=lambda c: order.index(str(c)[1])) if trumps
                    else max(led, key=lambda c: int(c.rank)))
        assert exercise.solution.card == expected


def test_r_pomme_lesson_asks_to_take_the_aside_and_to_keep_the_hand(content):
    """The aside exercises: both answers occur, each by a clear margin of the playouts, and
    the one asked after a lead sees the led card in the trick."""
    exercises = of_kind(pomme_lesson(content), "take_aside")
    assert {e.solution.answer for e in exercises} == {"take", "keep"}
    for exercise in exercises:
        solution = exercise.solution
        assert solution.margin >= 0.2 and solution.margin >= 3 * solution.error
        better = solution.take if solution.take_aside else solution.keep
        worse = solution.keep if solution.take_aside else solution.take
        assert better.points > worse.points and better.apples <= worse.apples
    assert any(e.task.trick for e in exercises)


def test_r_pomme_lesson_leads_and_announces_as_rules_md_says(content):
    lesson = pomme_lesson(content)
    assert "the player after the dealer (next in order of play) leads the first trick" in POMME
    assert answer_to(lesson, "Who leads the first trick").startswith("The player after the dealer")
    assert "there are no announcements and no Stöck" in POMME
    assert "Pomme has no announcements" in answer_to(lesson, "as an announcement")


def test_r_pomme_lesson_keeps_chibres_trumps_order_and_values(content):
    assert "no teams (003): same trumps, order and values;" in POMME
    steps = pomme_lesson(content).steps
    same = "Trump, the order of the cards and their values are exactly as in Chibre"
    assert same in steps[0].text
    # "a round is often worth less than 157": Chibre's round, every card and the last trick
    [chibre_round] = {trick_points(CardSet.full(), trump, last=True) for trump in Trump
                      if trump.suit is not None}
    assert f"less than {chibre_round}" in " ".join(step.text for step in steps)
