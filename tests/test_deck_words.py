"""Words true to the deck: with the Swiss German deck no screen says hearts or queen, with the
French deck none says roses or Ober, in any of the four languages.

Every learner-facing text that names cards is rendered in each language and deck: lesson and
puzzle prose, the engine's explanations, the Rules page, puzzle themes and the table options.
The words to refuse are the other deck's suit and rank names in that language, taken from the
catalogs themselves (``tutor.names``), so a new translation is checked with no list to keep.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

from engine import Rank, Suit
from tutor.content import THEMES, Content
from tutor.content.kinds import explain
from tutor.content.rule_reference import RULES
from tutor.content.tasks import ChoiceTask
from tutor.i18n import LANGUAGES, _, content_text, set_language
from tutor.markup import to_html
from tutor.names import rank_name, rank_plural, set_deck, suit_name
from tutor.refs import plain
from tutor.rule_options import option_rows, table_rules
from tutor.vocab import DECKS

#: Ranks whose name depends on the deck (the ten is a number as well: "ten points").
_RANKS = (Rank.JACK, Rank.QUEEN)
#: Words that are names of an option or ordinary words as well, per language.
_ALLOWED = {
    "en": ("pique double", "club player", "under"),
    "fr": ("pique double", "par cœur"),
    "de": ("pique double",),
    "it": ("picche doppie", "pique double"),
}


def deck_words(lang: str, deck: str) -> set[str]:
    """The suit and deck-specific rank names of ``deck`` in ``lang`` (lower case)."""
    set_language(lang)
    set_deck(deck)
    words = {suit_name(suit) for suit in Suit}
    words |= {rank_name(rank) for rank in _RANKS} | {rank_plural(rank) for rank in _RANKS}
    if deck == "german":
        words |= {rank_name(Rank.TEN), rank_plural(Rank.TEN)}  # Banner is no number
    return {word.lower() for word in words}


def forbidden(lang: str, deck: str) -> set[str]:
    """What a screen in ``lang`` must not say with ``deck`` in force: the other deck's names,
    in this language and in English (an untranslated leftover), less words both decks share."""
    other = next(d for d in DECKS if d != deck)
    words = deck_words(lang, other) | deck_words("en", other)
    return words - deck_words(lang, deck) - deck_words("en", deck)


def texts(content: Content) -> Iterator[tuple[str, str]]:
    """(where, text as the learner reads it) for everything that names cards, in the current
    language and deck."""
    for lesson in content.lessons:
        yield lesson.id, content_text(lesson.title, lesson.id)
        for i, step in enumerate(lesson.steps):
            yield f"{lesson.id} step {i + 1}", to_html(content_text(step.text, lesson.id))
            for exercise in step.exercises:
                for extra in (exercise.prompt, exercise.hint):
                    if extra:
                        yield f"{lesson.id} step {i + 1}", to_html(content_text(extra, lesson.id))
                if isinstance(exercise.task, ChoiceTask):
                    for option in (exercise.task.prompt, *exercise.task.options):
                        yield f"{lesson.id} step {i + 1}", content_text(option, lesson.id)
                else:
                    for line in explain(exercise.task, exercise.solution):
                        yield f"{lesson.id} step {i + 1} explanation", to_html(line)
    for puzzle in content.puzzles:
        for extra in (puzzle.prompt, puzzle.hint):
            if extra:
                yield puzzle.id, to_html(content_text(extra, puzzle.id))
        for line in explain(puzzle.task, puzzle.solution):
            yield f"{puzzle.id} explanation", to_html(line)
    for entry in RULES:
        yield entry.id, plain(_(entry.title)) + " " + plain(_(entry.text))
    for theme in THEMES:
        yield theme.key, _(theme.name) + " " + plain(_(theme.description))
    for row in option_rows(table_rules()):
        yield row.name, f"{row.label} {row.value} {row.meaning}"


def _visible(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_screen_names_a_suit_or_rank_of_the_other_deck(
    content: Content, lang: str, deck: str
) -> None:
    words = forbidden(lang, deck)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    set_language(lang)
    set_deck(deck)
    wrong = []
    for where, text in texts(content):
        visible = _visible(text)
        for allowed in _ALLOWED[lang]:
            visible = re.sub(re.escape(allowed), " ", visible, flags=re.I)
        found = sorted({m.group(0) for m in pattern.finditer(visible)})
        if found:
            wrong.append(f"{where}: {', '.join(found)}")
    assert wrong == [], f"{len(wrong)} texts in {lang} with the {deck} deck:\n" + "\n".join(wrong)
