"""The typed reader of settings.ini (tutor.settings), without Qt: every value is checked on its
own, clamped or reset alone to its default with a reason, and nothing the file holds makes it
raise (the attacks of issue 19: ``card_height=abc``, ``110.5``, ``15000``, ``target=abc``, a
target of 2^63 or of 5000 digits, ``deck=klingon``, ``target=5``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import FIRST_TRUMP_CARDS, STANDARD_TARGETS, Rules
from tutor.i18n import LANGUAGES, is_language
from tutor.progress.overview import DEFAULT_GOAL, GOALS, Goal
from tutor.rule_options import rules_to_text
from tutor.settings import (
    CARD_HEIGHT_MAX,
    CARD_HEIGHT_MIN,
    DEFAULT_CARD_HEIGHT,
    ReadSettings,
    Settings,
    read_settings,
    settings_keys,
    shorten,
    whole_number,
)
from tutor.speech import SPEECH_LEVELS
from tutor.vocab import DECKS

GOOD_VALUES = ["true", "false", "TRUE", "D7", "H7", "h7", "C7", "1000", "1500", "2500", "5",
               "0", "-1", "70", "200", "69", "201", "110.5", "1e3", " 120 ", "french", "german",
               "klingon", "en", "de", "xx", "1/10", "3/30", "1/11", "cards", "tricks", "off", "",
               str(2**63), "9" * 5000, "-" + "9" * 5000, "١٢٠", "\x00", "abc"]
VALUES = st.one_of(st.sampled_from(GOOD_VALUES), st.text(), st.from_regex(r"[+-]?[0-9]{1,30}"))
KEYS = st.one_of(st.sampled_from(settings_keys()), st.text(max_size=12))
FILES = st.dictionaries(KEYS, VALUES, max_size=20)


def assert_valid(settings: Settings) -> None:
    assert settings.language is None or is_language(settings.language)
    assert settings.deck in DECKS
    assert CARD_HEIGHT_MIN <= settings.card_height <= CARD_HEIGHT_MAX
    assert settings.goal in GOALS
    assert settings.speech in SPEECH_LEVELS
    rules = settings.rules
    assert isinstance(rules, Rules)
    assert rules.first_trump_card in FIRST_TRUMP_CARDS
    assert rules.target in STANDARD_TARGETS
    assert Rules.from_options(rules.options()) == rules


@given(FILES)
def test_any_text_gives_valid_settings_and_never_raises(raw):
    read = read_settings(raw)
    assert_valid(read.settings)
    assert {reset.key for reset in read.resets} <= set(raw)
    assert (read.notice() is None) == (not read.resets)
    for reset in read.resets:
        assert reset.explanation()  # the words of every reason exist


@given(FILES)
def test_the_values_written_back_are_read_again_without_a_reset(raw):
    read = read_settings(raw)
    fixed = dict(raw)
    for key, text in read.corrections().items():
        if text is None:
            del fixed[key]
        else:
            fixed[key] = text
    again = read_settings(fixed)
    assert again.resets == ()
    assert again.settings == read.settings


def app_file(settings: Settings) -> dict[str, str]:
    """The settings as the window writes them."""
    raw = {"deck": settings.deck, "card_height": str(settings.card_height),
           "daily_goal": settings.goal.key, "table_speech": settings.speech}
    if settings.language is not None:
        raw["language"] = settings.language
    raw.update({f"rules/{name}": text for name, text in rules_to_text(settings.rules).items()})
    return raw


SETTINGS = st.builds(
    Settings,
    language=st.one_of(st.none(), st.sampled_from(LANGUAGES)),
    deck=st.sampled_from(DECKS),
    card_height=st.integers(CARD_HEIGHT_MIN, CARD_HEIGHT_MAX),
    goal=st.sampled_from(GOALS),
    speech=st.sampled_from(SPEECH_LEVELS),
    rules=st.builds(Rules, first_trump_card=st.sampled_from([str(c) for c in FIRST_TRUMP_CARDS]),
                    chibre_in_first_round=st.booleans(), pique_double=st.booleans(),
                    long_sequences=st.booleans(), target=st.sampled_from(STANDARD_TARGETS),
                    finish_round=st.booleans()))


@given(SETTINGS)
def test_settings_the_app_wrote_come_back_as_they_were(settings):
    assert read_settings(app_file(settings)) == ReadSettings(settings)


def test_an_empty_file_is_the_defaults_without_a_notice():
    read = read_settings({})
    assert read.settings == Settings()
    assert read.settings.card_height == DEFAULT_CARD_HEIGHT and read.settings.goal == DEFAULT_GOAL
    assert read.notice() is None


@pytest.mark.parametrize(("text", "height", "reason"), [
    ("abc", DEFAULT_CARD_HEIGHT, "not_a_number"),
    ("110.5", DEFAULT_CARD_HEIGHT, "not_a_number"),
    ("", DEFAULT_CARD_HEIGHT, "not_a_number"),
    ("15000", CARD_HEIGHT_MAX, "too_large"),
    ("9" * 5000, CARD_HEIGHT_MAX, "too_large"),
    ("5", CARD_HEIGHT_MIN, "too_small"),
    ("-" + "9" * 5000, CARD_HEIGHT_MIN, "too_small"),
])
def test_a_bad_card_size_is_reset_or_clamped_into_the_sliders_range(text, height, reason):
    read = read_settings({"card_height": text})
    assert read.settings.card_height == height
    [reset] = read.resets
    assert (reset.key, reset.reason, reset.text) == ("card_height", reason, str(height))


def test_a_card_size_in_range_is_kept_as_it_is():
    assert read_settings({"card_height": " 150 "}) == ReadSettings(Settings(card_height=150))


@pytest.mark.parametrize(("text", "reason"), [
    ("abc", "not_a_number"), (str(2**63), "not_a_choice"), ("9" * 5000, "not_a_choice"),
    ("5", "not_a_choice"), ("0", "not_a_choice"), ("-1000", "not_a_choice"),
    ("1000.0", "not_a_number"),
])
def test_a_target_the_settings_page_does_not_offer_is_reset_to_the_default(text, reason):
    read = read_settings({"rules/target": text, "rules/long_sequences": "true"})
    assert read.settings.rules == Rules(long_sequences=True)  # the target is 1000
    [reset] = read.resets
    assert (reset.key, reset.reason, reset.text) == ("rules/target", reason, "1000")


def test_a_bad_target_with_pique_double_takes_pique_doubles_target():
    read = read_settings({"rules/target": "5", "rules/pique_double": "true"})
    assert read.settings.rules == Rules(pique_double=True)
    assert read.settings.rules.target == 1500
    assert read.corrections() == {"rules/target": "1500"}


def test_one_bad_rule_option_resets_only_itself():
    raw = {f"rules/{name}": text for name, text in rules_to_text(
        Rules(first_trump_card="H7", chibre_in_first_round=False, long_sequences=True,
              target=2500, finish_round=True)).items()}
    raw["rules/pique_double"] = "yes"
    read = read_settings(raw)
    assert read.settings.rules == Rules(first_trump_card="H7", chibre_in_first_round=False,
                                        long_sequences=True, target=2500, finish_round=True)
    assert read.corrections() == {"rules/pique_double": "false"}


@pytest.mark.parametrize(("key", "text", "written"), [
    ("deck", "klingon", "french"),
    ("daily_goal", "1/11", DEFAULT_GOAL.key),
    ("table_speech", "loud", "cards"),
    ("rules/first_trump_card", "C7", "D7"),
    ("rules/finish_round", "1", "false"),
    ("language", "klingon", None),
])
def test_a_value_that_is_not_one_of_the_choices_is_reset_to_the_default(key, text, written):
    read = read_settings({key: text})
    assert_valid(read.settings)
    assert read.settings == Settings()
    assert read.corrections() == {key: written}
    assert read.resets[0].reason == "not_a_choice"


def test_choices_are_read_with_spaces_and_case_where_the_file_may_have_them():
    read = read_settings({"deck": " german ", "rules/first_trump_card": "h7",
                          "rules/pique_double": "True", "daily_goal": "3/30"})
    assert read.resets == ()
    assert read.settings == Settings(deck="german", goal=Goal(3, 30),
                                     rules=Rules(first_trump_card="H7", pique_double=True))


def test_the_notice_names_each_setting_reset_and_why():
    read = read_settings({"card_height": "abc", "deck": "klingon", "rules/target": "5",
                          "rules/pique_double": "yes", "language": "de"})
    notice = read.notice()
    assert notice is not None
    assert "Card size (“abc” is not a whole number)" in notice
    assert "Deck (“klingon” is not one of the choices)" in notice
    assert "Target (“5” is not one of the choices)" in notice
    assert "Spades count double (“yes” is not one of the choices)" in notice
    assert "Language" not in notice  # a good value is not named


def test_a_long_value_is_cut_in_the_notice():
    read = read_settings({"rules/target": "9" * 5000})
    notice = read.notice()
    assert notice is not None and len(notice) < 200
    assert shorten("9" * 5000) in notice and shorten("a\nb") == "a b"


@pytest.mark.parametrize(("text", "number"), [
    ("12", 12), (" +12 ", 12), ("-3", -3), ("007", 7), ("1.5", None), ("1e3", None),
    ("", None), ("١٢", None), ("9" * 5000, 10**18), ("-" + "9" * 5000, -(10**18)),
    ("0" * 5000 + "1", 1),
])
def test_whole_numbers_are_read_without_converting_thousands_of_digits(text, number):
    assert whole_number(text) == number


def test_the_readers_docstring_example_holds():
    import doctest

    import tutor.settings

    result = doctest.testmod(tutor.settings)
    assert result.attempted > 0 and result.failed == 0
