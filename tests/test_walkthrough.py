"""The recorded round of the first lesson, and any recorded round: replayed by the engine,
every card's reason checked against it, the points adding up to 157 (no Qt)."""

from __future__ import annotations

import io
import re
import textwrap
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Card,
    CardSet,
    Game,
    Trump,
    card_points,
    find_weis,
    has_stoeck,
    illegal_reason,
    legal_cards,
    trick_winner,
)
from engine.chibre.bots import decide, make_bot
from engine.events import CardPlayed, Chibred, Dealt, Event, RoundScored, TrumpChosen
from engine.points import ROUND_POINTS
from tests.shipped import shipped_content
from tutor import i18n, names
from tutor.content import load_content
from tutor.content.babel_extract import extract_content
from tutor.content.walkthrough import (
    Allowed,
    RoundError,
    RoundRecord,
    Walkthrough,
    classify,
    deal_lines,
    points_text,
    replay,
    score_text,
    summary_lines,
    trick_lines,
    why_wins_text,
    winner_text,
)

C = Card.parse


@cache
def first_lesson_round() -> Walkthrough:
    lesson = next(lesson for lesson in shipped_content().lessons if lesson.id == "the-game")
    rounds = [step.round for step in lesson.steps if step.round is not None]
    assert len(rounds) == 1
    return rounds[0]


def engine_round(record: RoundRecord) -> RoundScored:
    """The round played straight through the engine, without the walk-through's code."""
    game = Game(deal=record.deal)
    game.apply(record.trump)
    for card in record.plays:
        game.apply(card)
    return next(e for e in game.events if isinstance(e, RoundScored))


def check_walkthrough(walk: Walkthrough) -> None:
    """Every invariant a told round must keep."""
    trump = walk.trump
    assert len(walk.tricks) == 9
    assert sum(walk.totals) == ROUND_POINTS
    assert walk.totals == engine_round(walk.record).total
    totals = [0, 0]
    leader = walk.chooser
    for trick in walk.tricks:
        assert trick.leader == leader  # the chooser leads first, then the winner of each trick
        on_table: list[Card] = []
        for i, play in enumerate(trick.plays):
            assert play.seat == (trick.leader + i) % 4
            assert play.hand == walk.hand_before(play.seat, trick.number)
            assert play.legal == legal_cards(play.hand, on_table, trump)
            assert illegal_reason(play.card, play.hand, on_table, trump) is None
            assert classify(play.card, play.hand, on_table, trump) == (play.allowed, play.above)
            on_table.append(play.card)
        assert trick.winner == (trick.leader + trick_winner(trick.cards, trump)) % 4
        assert trick.card_points == sum(card_points(card, trump) for card in trick.cards)
        assert trick.bonus == (5 if trick.number == 9 else 0)
        totals[trick.winner % 2] += trick.points
        assert trick.totals == (totals[0], totals[1])
        leader = trick.winner
    assert tuple(totals) == walk.totals


# --- the first lesson's round ------------------------------------------------------------------


def test_the_first_lessons_round_is_replayed_by_the_engine_and_adds_up_to_157() -> None:
    walk = first_lesson_round()
    check_walkthrough(walk)
    assert walk.totals == (99, 58)
    assert walk.chooser == 0 and walk.trump == Trump.HEARTS


def test_the_first_lessons_round_shows_the_basics_of_card_play() -> None:
    kinds = {play.allowed for trick in first_lesson_round().tricks for play in trick.plays}
    assert {Allowed.LEAD, Allowed.FOLLOW, Allowed.TRUMP_IN, Allowed.TRUMP_VOID, Allowed.DISCARD,
            Allowed.FOLLOW_TRUMP, Allowed.NO_TRUMP, Allowed.ONLY_TRUMPS} <= kinds
    played = {play.card for trick in first_lesson_round().tricks for play in trick.plays}
    assert {C("HJ"), C("H9")} <= played  # the Buur and the Nell
    assert {trick.winner % 2 for trick in first_lesson_round().tricks} == {0, 1}


def test_the_first_lessons_round_has_no_announcement_and_no_stoeck() -> None:
    record = first_lesson_round().record
    assert not any(find_weis(hand, record.trump) for hand in record.deal)
    assert not any(has_stoeck(hand, record.trump) for hand in record.deal)


def test_notes_belong_to_their_tricks_and_name_only_card_codes() -> None:
    notes = {trick.number: trick.note for trick in first_lesson_round().tricks if trick.note}
    assert 1 in notes and 9 in notes
    words = re.compile(r"\b(hearts?|diamonds?|clubs?|spades?|jacks?|queens?|roses?|bells?|"
                       r"acorns?|shields?|unders?|obers?|banners?)\b", re.IGNORECASE)
    assert {n: words.findall(text) for n, text in notes.items() if words.findall(text)} == {}


# --- classify: why a card is allowed, rule by rule ----------------------------------------------

CLASSIFY = [
    # (hand, trick, card, trump, expected kind, expected trump to beat)
    ("HA H6 SK", "", "SK", "H", Allowed.LEAD, None),  # R-LEAD
    ("HA H6 SK", "S6", "SK", "H", Allowed.FOLLOW, None),  # R-FOLLOW
    ("HA H6 SK", "SA", "H6", "H", Allowed.TRUMP_IN, None),  # R-TRUMP-ANYTIME
    ("HA H6 SK", "SA H7", "HA", "H", Allowed.TRUMP_IN, "H7"),  # over the trump in the trick
    ("HA H6 CK", "SA", "H6", "H", Allowed.TRUMP_VOID, None),  # R-DISCARD, a trump
    ("HA H6 CK", "SA", "CK", "H", Allowed.DISCARD, None),  # R-DISCARD
    ("HA H6 CK", "SA HK", "CK", "H", Allowed.DISCARD, "HK"),
    ("HA S6 CK", "H7", "HA", "H", Allowed.FOLLOW_TRUMP, None),  # R-FOLLOW-TRUMP
    ("HJ S6 CK", "H7", "CK", "H", Allowed.BUUR_KEPT, None),  # R-BUUR
    ("D6 S6 CK", "H7", "CK", "H", Allowed.NO_TRUMP, None),  # trump led, none held
    ("H6 H7", "SA HK", "H6", "H", Allowed.ONLY_TRUMPS, "HK"),  # R-NO-UNDERTRUMP exception
]


@pytest.mark.parametrize(("hand", "trick", "card", "trump", "kind", "above"), CLASSIFY)
def test_classify_names_the_rule_that_allows_each_card(
    hand: str, trick: str, card: str, trump: str, kind: Allowed, above: str | None
) -> None:
    trumps = {"H": Trump.HEARTS, "S": Trump.SPADES}
    cards = [C(code) for code in trick.split()]
    result = classify(C(card), CardSet.parse(hand), cards, trumps[trump])
    assert result == (kind, C(above) if above else None)


@pytest.mark.parametrize(("hand", "trick", "card"), [
    ("HA H6 SK", "S6", "CK"),  # not in the hand
    ("HA H6 SK CK", "S6", "CK"),  # must follow
    ("H6 SK", "SA HK", "H6"),  # undertrump while holding another card
    ("HA S6", "H7", "S6"),  # must follow trump
])
def test_classify_refuses_what_the_engine_refuses(hand: str, trick: str, card: str) -> None:
    with pytest.raises(ValueError, match="not allowed"):
        classify(C(card), CardSet.parse(hand), [C(code) for code in trick.split()], Trump.HEARTS)


# --- any recorded round --------------------------------------------------------------------------


def first_bot_round(seed: int) -> tuple[Event, ...]:
    """The events of a first round of heuristic bots from a seeded deal."""
    game = Game(seed=seed)
    bots = [make_bot("heuristic", seed * 4 + seat) for seat in range(4)]
    while game.round == 0:
        game.apply(decide(bots[game.current_player], game.view(game.current_player)))
    return game.events


def record_of(events: tuple[Event, ...]) -> RoundRecord:
    dealt = next(e for e in events if isinstance(e, Dealt))
    chosen = next(e for e in events if isinstance(e, TrumpChosen))
    plays = tuple(e.card for e in events if isinstance(e, CardPlayed))
    return RoundRecord(dealt.hands, chosen.trump, chosen.seat, plays)


def bot_round(seed: int) -> RoundRecord | None:
    """A first round of heuristic bots; ``None`` with weis, Stöck, chibre or a match (the
    walk-through refuses those: see ``test_a_match_is_refused_by_name``)."""
    events = first_bot_round(seed)
    dealt = next(e for e in events if isinstance(e, Dealt))
    chosen = next(e for e in events if isinstance(e, TrumpChosen))
    if any(isinstance(e, Chibred) for e in events) or any(
            find_weis(hand, chosen.trump) or has_stoeck(hand, chosen.trump)
            for hand in dealt.hands):
        return None
    if any(e.match != (0, 0) for e in events if isinstance(e, RoundScored)):
        return None
    return record_of(events)


def test_a_match_is_refused_by_name() -> None:
    """Seed 143120 (found by the property below): one team takes all nine tricks."""
    events = first_bot_round(143120)
    assert any(e.match != (0, 0) for e in events if isinstance(e, RoundScored))
    with pytest.raises(RoundError, match="a match"):
        replay(record_of(events))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_any_bot_round_is_told_with_reasons_the_engine_agrees_with(seed: int) -> None:
    record = bot_round(seed)
    if record is None:
        return
    check_walkthrough(replay(record))


def test_an_illegal_card_is_refused_with_the_engines_reason() -> None:
    record = first_lesson_round().record
    plays = list(record.plays)
    plays[5], plays[6] = plays[6], plays[5]  # trick 2: S9 (seat 1) swapped with SQ (seat 0)
    with pytest.raises(RoundError, match="seat 0 does not hold it") as error:
        replay(RoundRecord(record.deal, record.trump, record.chooser, tuple(plays)))
    assert error.value.play == 5 and error.value.field == "plays"


def test_a_wrong_chooser_is_refused() -> None:
    record = first_lesson_round().record
    with pytest.raises(RoundError, match="seat 0 chooses trump") as error:
        replay(RoundRecord(record.deal, record.trump, 2, record.plays))
    assert error.value.field == "chooser"


# --- the words ------------------------------------------------------------------------------------

FRENCH_WORDS = re.compile(r"\b(hearts|diamonds|clubs|spades|jack|queen)\b")
GERMAN_WORDS = re.compile(r"\b(roses|bells|acorns|shields|under|ober|banner)\b")


def all_lines(walk: Walkthrough) -> list[str]:
    lines = deal_lines(walk) + summary_lines(walk)
    for trick in walk.tricks:
        lines += [text for pair in trick_lines(trick) for text in pair]
        lines += [winner_text(trick), why_wins_text(trick), points_text(trick),
                  score_text(trick.totals)]
    return lines


@pytest.mark.parametrize(("deck", "foreign"), [("french", GERMAN_WORDS),
                                               ("german", FRENCH_WORDS)])
def test_the_narration_names_cards_and_suits_after_the_deck_in_force(
    deck: str, foreign: re.Pattern[str]
) -> None:
    names.set_deck(deck)
    lines = all_lines(first_lesson_round())
    assert [line for line in lines if foreign.search(line)] == []
    own = GERMAN_WORDS if deck == "german" else FRENCH_WORDS
    assert any(own.search(line) for line in lines)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_narration_renders_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    lines = all_lines(first_lesson_round())
    assert all(line and "{" not in line for line in lines)


def test_the_narration_says_why_each_trick_is_won_and_the_round_totals() -> None:
    walk = first_lesson_round()
    first, last = walk.tricks[0], walk.tricks[-1]
    assert winner_text(first) == "Left takes trick 1: 11 points."
    assert "the only trump in the trick" in why_wins_text(first)
    assert trick_lines(first)[3] == (
        "Left plays the six of hearts.",
        "A trump may be played on another suit at any time, even by a player who could follow "
        "spades.")
    assert winner_text(last) == "You take trick 9: 28 points."
    assert points_text(last) == "Its cards are worth 23 points, and the last trick earns 5 more."
    summary = summary_lines(walk)
    assert summary[0] == "Your team: 99 points from 6 tricks."
    assert summary[1] == "Opponents: 58 points from 3 tricks."
    assert "157" in summary[3]


# --- the YAML -------------------------------------------------------------------------------------

LESSON = """\
id: sample
title: A round
rules: [R-TRICK]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: Watch a round.
    round:
      trump: H
      chooser: 0
      deal:
        - "HA HQ H9 C9 DK D7 SA SQ ST"
        - "HT H7 C8 DQ DT D9 SK S9 S7"
        - "HK H8 CA CJ C6 DA D6 SJ S8"
        - "HJ H6 CK CQ CT C7 DJ D8 S6"
      tricks:
        - "SA S7 S8 H6"
        - "S6 SQ S9 SJ"
        - "D7 D9 D6 DJ"
        - "C7 C9 C8 CA"
        - "DA HJ DK DT"
        - "CK HA DQ CJ"
        - "H9 H7 H8 D8"
        - "ST SK HK CQ"
        - "C6 CT HQ HT"
      notes:
        5: The Buur, {HJ}, takes 45 points.
  - text: Questions.
    exercises:
      - {kind: pick_winner, trump: H, trick: "SA S7 S8 H6"}
      - {kind: pick_winner, trump: H, trick: "C7 C9 C8 CA"}
      - {kind: choice, prompt: "How many points in a round?", options: ["152", "157"], answer: 1}
"""


def load(tmp_path: Path, text: str) -> tuple[list[str], list[Walkthrough]]:
    path = tmp_path / "lessons" / "01-sample.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    content = load_content(tmp_path)
    rounds = [step.round for lesson in content.lessons for step in lesson.steps
              if step.round is not None]
    return [str(problem) for problem in content.problems], rounds


def test_a_recorded_round_in_a_lesson_loads_with_its_notes(tmp_path: Path) -> None:
    problems, rounds = load(tmp_path, LESSON)
    assert problems == []
    assert [trick.note for trick in rounds[0].tricks if trick.note] == [
        "The Buur, {HJ}, takes 45 points."]
    assert rounds[0].tricks[4].note is not None


@pytest.mark.parametrize(("changes", "expected"), [
    ([('"S6 SQ S9 SJ"', '"S6 SJ S9 SQ"')],
     "lessons/01-sample.yaml:17: sample: steps[0].round.tricks[1]: card 2 of the trick: card SJ: "
     "it is seat 0's turn, and seat 0 does not hold it"),
    ([('"CK HA DQ CJ"', '"CK HA HT CJ"'), ('"C6 CT HQ HT"', '"C6 CT HQ DQ"')],
     "lessons/01-sample.yaml:21: sample: steps[0].round.tricks[5]: card 3 of the trick: card HT "
     "of seat 1 is not legal here: no_undertrump"),
    ([('"D7 D9 D6 DJ"', '"D7 D9 C6 DJ"'), ('"C6 CT HQ HT"', '"D6 CT HQ HT"')],
     "lessons/01-sample.yaml:18: sample: steps[0].round.tricks[2]: card 3 of the trick: card C6 "
     "of seat 2 is not legal here: must_follow_suit"),
    ([("chooser: 0", "chooser: 1")],
     "lessons/01-sample.yaml:9: sample: steps[0].round.chooser: in a first round seat 0 chooses "
     "trump (it holds D7), not seat 1"),
    ([("HA HQ H9 C9", "HA HQ H9 HK"), ('"HK H8 CA', '"C9 H8 CA')],
     "lessons/01-sample.yaml:11: sample: steps[0].round.deal: seat 0 holds announcements with "
     "this trump; choose a deal without them (the walk-through tells card play only)"),
    ([('        - "C6 CT HQ HT"\n', "")],
     "lessons/01-sample.yaml:16: sample: steps[0].round.tricks: must be a list of the 9 tricks, "
     "each of its 4 cards in the order played, the lead first"),
    ([('"S6 SQ S9 SJ"', '"S6 SQ S9"')],
     "lessons/01-sample.yaml:17: sample: steps[0].round.tricks[1]: must hold 4 cards, not 3"),
    ([('"HA HQ H9 C9 DK D7 SA SQ ST"', '"HA HQ H9 C9 DK D7 SA SQ S6"')],
     "lessons/01-sample.yaml:14: sample: steps[0].round.deal[3]: S6 is also in "
     "steps[0].round.deal[0]: a card cannot be in two places"),
    ([("        5: The", "        10: The")],
     "lessons/01-sample.yaml:26: sample: steps[0].round.notes.10: a note belongs to a trick "
     "number from 1 to 9"),
    ([("      chooser: 0\n", "")],
     "lessons/01-sample.yaml:8: sample: steps[0].round: missing field 'chooser'"),
])
def test_each_problem_in_a_recorded_round_names_file_line_and_field(
    tmp_path: Path, changes: list[tuple[str, str]], expected: str
) -> None:
    text = LESSON
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    problems, rounds = load(tmp_path, text)
    assert expected in problems, problems
    assert rounds == []


def test_the_notes_are_extracted_for_translation_with_the_lesson_as_context() -> None:
    source = io.BytesIO(textwrap.dedent(LESSON).encode())
    source.name = "lessons/01-sample.yaml"  # type: ignore[attr-defined]
    messages = list(extract_content(source, [], [], {}))
    notes = [m for m in messages if m[3] == ["steps[0].round.notes.5"]]
    assert notes == [(26, "pgettext", ("sample", "The Buur, {HJ}, takes 45 points."),
                      ["steps[0].round.notes.5"])]


# --- each rule once (issue 34, item 6) -----------------------------------------------------------


def test_lesson_ones_round_says_each_rule_the_first_time_it_applies_and_never_again() -> None:
    from tutor.content.walkthrough import told_lines, why_key, why_text, wins_key

    walk = first_lesson_round()
    said: list[str] = []
    keys_seen: set[object] = set()
    reasons_seen: set[str] = set()
    for number, trick in enumerate(walk.tricks, start=1):
        lines, why_won = told_lines(walk, number)
        assert [action for action, _why in lines] == [a for a, _w in trick_lines(trick)]
        for play, (_action, why) in zip(trick.plays, lines, strict=True):
            key = why_key(play, trick)
            if key in keys_seen:
                assert why == "", (number, play.card)
            else:  # the first time: the rule, whole (or what is new about a void, once told)
                assert why and (why == why_text(play, trick) or play.allowed in (
                    Allowed.TRUMP_VOID, Allowed.DISCARD))
            keys_seen.add(key)
            said += [why] if why else []
        reason = wins_key(trick.winning_card, trick.cards, trick.trump)
        assert (why_won == why_wins_text(trick)) is (reason not in reasons_seen)
        assert why_won in ("", why_wins_text(trick))
        reasons_seen.add(reason)
        said += [why_won] if why_won else []
    assert len(said) == len(set(said))  # no sentence twice
    assert len(said) <= 15 < 9 * 5  # was 45: a rule for each card and each trick
    first_void = next(why for number in range(1, 10) for (_a, why), play in zip(
        told_lines(walk, number)[0], walk.tricks[number - 1].plays, strict=True)
        if play.allowed is Allowed.DISCARD and why)
    assert first_void.startswith("A card of another suit is a discard")  # only what is new
