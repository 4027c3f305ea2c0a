"""The Rules page data: one entry per rule ID of RULES.md, in order, in plain translatable text."""

from __future__ import annotations

import dataclasses
import doctest
import re

import pytest

from engine import RULE_IDS, Rules
from tests import rules_md
from tutor import refs
from tutor.content import rule_reference
from tutor.content.rule_reference import RULES, SCHIEBER_NOTE, SECTIONS, entries_by_section

OPTION_FIELDS = {field.name for field in dataclasses.fields(Rules)}


def all_strings() -> list[str]:
    return [s for e in RULES for s in (e.section, e.title, e.text)] + [SCHIEBER_NOTE]


def test_every_rule_id_appears_once_in_rules_md_order():
    assert tuple(entry.id for entry in RULES) == RULE_IDS


def test_every_option_is_a_rules_field():
    for entry in RULES:
        assert entry.option is None or entry.option in OPTION_FIELDS, entry.id


def test_every_table_option_but_the_profile_is_explained_by_a_rule():
    named = {entry.option for entry in RULES if entry.option}
    assert named == OPTION_FIELDS - {"profile"}


@pytest.mark.parametrize("entry", RULES, ids=lambda entry: entry.id)
def test_texts_are_plain_and_non_empty(entry):
    for text in (entry.section, entry.title, entry.text):
        assert text.strip() == text and text
        assert refs.problems(text) == [], text
        assert not re.search(r"[{}*`#_\n]", refs.REF.sub("", text)), text


def test_texts_name_suits_and_ranks_only_through_references():
    for text in all_strings():
        assert refs.suit_rank_words(text) == [], text


def test_every_string_renders_without_braces():
    for text in all_strings():
        assert not re.search(r"[{}]", refs.plain(text)), text


def test_sections_are_in_order_and_each_used():
    assert len(set(SECTIONS)) == len(SECTIONS)
    order = [SECTIONS.index(entry.section) for entry in RULES]
    assert order == sorted(order)
    assert set(order) == set(range(len(SECTIONS)))


def test_entries_by_section_groups_every_rule_in_order():
    groups = entries_by_section()
    assert [section for section, _ in groups] == list(SECTIONS)
    assert tuple(e for _, entries in groups for e in entries) == RULES
    assert all(e.section == section for section, entries in groups for e in entries)


def test_sections_follow_the_headings_of_rules_md():
    section_of = rules_md.section_of()
    # Same grouping as RULES.md: two rules share a section here iff they share a heading there.
    for a in RULES:
        for b in RULES:
            assert (a.section == b.section) == (section_of[a.id] == section_of[b.id]), (a.id, b.id)


def test_pomme_says_where_it_is_played_and_schieber_that_it_is_not_yet():
    pomme = next(entry for entry in RULES if entry.id == "R-POMME")
    assert "does not play" not in pomme.text
    assert "Play page offers Pomme for 3 and for 5" in pomme.text and "lesson 19" in pomme.text
    assert "does not play" in SCHIEBER_NOTE


def test_doctests():
    result = doctest.testmod(rule_reference)
    assert result.attempted > 0 and result.failed == 0
