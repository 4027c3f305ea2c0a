"""References in prose ({HJ}, {suit:H}, {rank:J}, {ranks:J}, {option:…}): parsed, checked, and
drawn in the deck, language and table options in force."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import Rules
from tutor import refs
from tutor.i18n import set_language
from tutor.markup import to_html
from tutor.names import set_deck
from tutor.rule_options import set_table_rules


@pytest.fixture(autouse=True)
def english_french_deck() -> Iterator[None]:
    yield
    set_language("en")
    set_deck("french")
    set_table_rules(Rules())


@pytest.mark.parametrize(
    ("deck", "text", "expected"),
    [
        ("french", "{suit:H} are trump; lead the {rank:J}.", "Hearts are trump; lead the jack."),
        ("german", "{suit:H} are trump; lead the {rank:J}.", "Roses are trump; lead the under."),
        ("german", "Four {ranks:Q} and {SQ}.", "Four obers and ober of shields."),
        ("french", "It wins. {HA} leads! {ranks:T}?", "It wins. Ace of hearts leads! Tens?"),
        ("german", "The ace {of:S}.\n- {rank:T}: 10", "The ace of shields.\n- Banner: 10"),
    ],
)
def test_references_follow_the_deck_and_a_sentence_start_is_capitalised(
    deck: str, text: str, expected: str
) -> None:
    set_deck(deck)
    assert refs.plain(text) == expected


def test_an_option_reference_shows_its_settings_label_and_the_value_in_force() -> None:
    set_table_rules(Rules(first_trump_card="H7"))
    assert refs.plain("See {option:first_trump_card}.") == \
        "See First trump chosen by (now: Holder of 7♥)."
    set_deck("german")
    assert refs.plain("{option:pique_double}") == "Shields count double (now: No)"
    set_language("de")
    assert "Schilten" in refs.plain("{option:pique_double}")


def test_the_of_suit_reference_lets_french_elide() -> None:
    set_language("fr")
    set_deck("german")
    assert refs.plain("l'as {of:S}") == "l'as d'écussons"


def test_the_rich_text_draws_a_suit_symbol_only_for_the_french_deck() -> None:
    assert "♥" in to_html("{suit:H} are trump")
    set_deck("german")
    html = to_html("{suit:H} are trump")
    assert "♥" not in html and html.startswith("<p>Roses")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{suit:X}", "{suit:X}: a suit is one of H, D, C, S"),
        ("{rank:Z}", "{rank:Z}: a rank is one of 6 7 8 9 T J Q K A"),
        ("{ZZ}", "{ZZ} is not a card code"),
        ("{option:speed}", "{option:speed}: a table option is one of chibre_in_first_round, "
                           "discard_signal, finish_round, first_trump_card, long_sequences, "
                           "pique_double, target"),
        ("{jack of hearts}", "{jack of hearts} is not a reference (a card like {HJ} or "
                             "{dem:HJ}, {suit:H}, {of:H}, {rank:J}, {ranks:J} or {option:NAME})"),
        ("{den:ZZ}", "{ZZ} is not a card code"),
        ("{les:HJ}", "{les:HJ}: 'les' is neither suit, of, rank, ranks, option nor an article "
                     "(al, am, au, beim, col, dal, del, dem, den, der, du, il, im, le, nel, sul, "
                     "the, vom, zum)"),
    ],
)
def test_a_bad_reference_is_named(text: str, problem: str) -> None:
    assert refs.problems(f"Play {text} now.") == [problem]


def test_suit_and_rank_words_are_found_outside_references_only() -> None:
    assert refs.suit_rank_words("The {suit:H} and {HQ}: ♠, Spades, the queen, four jacks, roses"
                                ) == ["♠", "Spades", "queen", "jacks", "roses"]
    assert refs.suit_rank_words("Pique double is on; under 21 points; a club player") == []


def test_the_checker_names_suit_words_and_option_codes_with_file_line_and_field(tmp_path) -> None:
    from tutor.content import load_content

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-sample.yaml").write_text("""\
id: sample
title: Hearts and the queen
rules: [R-FOLLOW]
sources: [000_eff31e455dd8c5c0.txt]
steps:
  - text: |
      Set long_sequences in Settings, then play {suit:H}.
    exercises:
      - {kind: choice, prompt: "Which?", options: ["a", "b"], answer: 0}
      - {kind: choice, prompt: "Which one?", options: ["a", "b"], answer: 0}
      - {kind: choice, prompt: "Which ones?", options: ["a", "b"], answer: 0}
""", encoding="utf-8")
    problems = [str(p) for p in load_content(tmp_path).problems]
    assert problems == [
        "lessons/01-sample.yaml:2: sample: title: names a suit or rank in words (Hearts, queen): "
        "its name depends on the deck, so write a reference: a card {HJ}, {suit:H}, {of:H}, "
        "{rank:J} or {ranks:J}",
        "lessons/01-sample.yaml:6: sample: steps[0].text: shows a table option's code "
        "(long_sequences): write {option:long_sequences}, which the app shows by its Settings "
        "label",
    ]


def test_no_english_prose_puts_a_before_a_suit_name() -> None:
    """"A {suit:C}" reads "a clubs" (a suit's name is plural): "a card {of:C}" is written."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    found = [f"{path.relative_to(root)}:{number}"
             for path in sorted([*root.glob("lessons/*.yaml"), *root.glob("puzzles/*.yaml")])
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b[Aa]n? \{suit:", line)]
    assert found == []
