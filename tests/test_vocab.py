"""The app's vocabulary: each set of choices written once (``tutor.vocab``, ``tutor.i18n``), the
same everywhere it is used (engine, command line, settings file, saved games, pages), and
``Rules`` to and from plain values and the settings file's text in one place."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from engine import Rules, RulesError
from engine.chibre.bots import BOT_NAMES
from engine.rules import FIRST_TRUMP_CARDS, STANDARD_TARGETS
from tests.engine_helpers import rules_strategy
from tutor import i18n, names, rule_options, vocab
from tutor.__main__ import _parser
from tutor.games import GameStore
from tutor.table.session import Session
from tutor.ui.settings_file import read_rules, write_rules
from tutor.ui.widgets import cardfaces
from tutor.ui.window import MainWindow
from tutor.vocab import (
    BOT_LEVELS,
    COACH_LEVELS,
    DECKS,
    DEFAULT_BOT,
    DEFAULT_COACH,
    DEFAULT_DECK,
    LEARNER,
    LEARNER_SEAT,
    LEARNER_TEAM,
    NAVIGATION,
    PAGES,
    PLAYERS,
)

RULES = rules_strategy(*STANDARD_TARGETS, 300)


@pytest.mark.parametrize("module", [vocab, rule_options, names])
def test_the_examples_in_the_vocabulary_modules_run_and_hold(module):
    failed, attempted = doctest.testmod(module)
    assert attempted > 0 and failed == 0


def test_the_bot_levels_are_the_engines_bots():
    assert BOT_LEVELS == BOT_NAMES
    assert (LEARNER, *BOT_LEVELS) == PLAYERS
    assert DEFAULT_BOT in BOT_LEVELS and DEFAULT_COACH in COACH_LEVELS


def test_every_value_has_its_guard():
    assert all(map(vocab.is_player, PLAYERS)) and not vocab.is_player("robot")
    assert all(map(vocab.is_bot_level, BOT_LEVELS)) and not vocab.is_bot_level(LEARNER)
    assert all(map(vocab.is_coach_level, COACH_LEVELS)) and not vocab.is_coach_level(None)
    assert all(map(vocab.is_page, PAGES)) and not vocab.is_page("home page")
    assert all(map(vocab.is_deck, DECKS)) and not vocab.is_deck("tarot")
    assert all(map(i18n.is_language, i18n.LANGUAGES)) and not i18n.is_language("rm")


def test_each_language_has_its_name_and_locale():
    assert set(i18n.LANGUAGE_NAMES) == set(i18n.LOCALES) == set(i18n.LANGUAGES)
    assert i18n.LANGUAGES[0] == i18n.SOURCE_LANGUAGE == "en"


def test_each_deck_is_named_and_drawn():
    for deck in DECKS:
        names.set_deck(deck)
        assert names.current_deck() == deck
    assert set(cardfaces.INK) == set(cardfaces.INDEX) == set(DECKS)
    assert DECKS[0] == DEFAULT_DECK


def test_an_unknown_deck_is_refused_naming_the_decks():
    with pytest.raises(ValueError, match="unknown deck 'tarot': choose one of french, german"):
        names.set_deck("tarot")


def test_suit_symbols_come_with_the_french_suited_deck_only():
    names.set_deck("french")
    assert rule_options.card_label("D7") == "7♦" and rule_options.card_label("HT") == "10♥"
    names.set_deck("german")
    assert rule_options.card_label("D7") == "seven of bells"


def test_the_seats_are_named_from_the_learners_place():
    seats = [names.seat_name(LEARNER_SEAT + turn) for turn in range(4)]
    assert seats == ["You", "Right", "Partner", "Left"]
    assert names.team_name(LEARNER_TEAM) == "Your team"
    assert names.team_name(1 - LEARNER_TEAM) == "Opponents"


def test_the_command_line_offers_the_vocabularys_pages_and_decks():
    actions = {action.dest: action for action in _parser()._actions}
    assert tuple(actions["page"].choices) == NAVIGATION
    assert tuple(actions["deck"].choices) == DECKS
    assert "en, fr, de or it" in actions["lang"].help
    with pytest.raises(SystemExit):
        _parser().parse_args(["--page", "home"])  # About and Keys are not listed on the left


def test_a_game_seats_players_only(tmp_path):
    with pytest.raises(ValueError, match="unknown seat 'robot'"):
        Session(Rules(), [LEARNER, "robot", "random", "random"], seed=1)
    store = GameStore(tmp_path / "games.sqlite3")
    session = Session(Rules(), [LEARNER, *BOT_LEVELS], seed=1)
    with pytest.raises(ValueError, match="seats must be 4 names"):
        store.save_current("g1", session.game.events, seats=[LEARNER, "robot", "random",
                                                                 "random"], rules=Rules())
    store.save_current("g1", session.game.events, seats=session.seats, rules=Rules())
    saved = store.current()
    assert saved is not None and saved.seats == (LEARNER, *BOT_LEVELS)


@given(RULES)
def test_rules_survive_their_plain_values(rules):
    assert Rules.from_options(rules.options()) == rules


@given(RULES)
def test_rules_survive_the_settings_files_text(rules):
    from tutor.settings import RULES_PREFIX, read_settings

    text = rule_options.rules_to_text(rules)
    assert all(isinstance(value, str) for value in text.values()) and "profile" not in text
    read = read_settings({RULES_PREFIX + name: value for name, value in text.items()})
    if rules.target in STANDARD_TARGETS:  # the targets the Settings page offers
        assert read.resets == () and read.settings.rules == rules
    else:  # the guided game's 300 is never saved as the table's target: reset alone
        assert [reset.key for reset in read.resets] == [RULES_PREFIX + "target"]
        assert read.settings.rules.replace(target=rules.target) == rules


def test_the_settings_file_keeps_the_options_as_before():
    text = rule_options.rules_to_text(Rules(first_trump_card="H7", pique_double=True))
    assert text == {"first_trump_card": "H7", "chibre_in_first_round": "true",
                    "pique_double": "true", "long_sequences": "false", "target": "1500",
                    "finish_round": "false"}


@pytest.mark.parametrize(("values", "error"), [
    ({"trump_rank": "J"}, "unknown rule option 'trump_rank'"),
    ({"target": "1000"}, "target must be a positive whole number"),
    ({"first_trump_card": "C7"}, "first_trump_card must be D7 or H7"),
])
def test_rules_from_bad_plain_values_say_what_is_wrong(values, error):
    with pytest.raises(RulesError, match=error):
        Rules.from_options(values)


def test_rules_saved_in_the_settings_come_back_and_a_bad_one_falls_back_alone(tmp_path: Path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    rules = Rules(first_trump_card="H7", long_sequences=True, target=2500)
    write_rules(settings, rules)
    assert read_rules(settings) == rules
    settings.setValue("rules/target", "lots")
    assert read_rules(settings) == Rules(first_trump_card="H7", long_sequences=True)


def test_the_window_has_a_page_and_a_title_for_each_page(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, load_now=True)
    qtbot.addWidget(window)
    assert window.pages.count() == len(PAGES)
    assert tuple(window._page_titles()) == PAGES
    assert window.nav.count() == len(NAVIGATION)
    for page in PAGES:
        window.show_page(page, focus=False)
        assert window.current_page() == page


def test_settings_offers_the_engines_targets_and_first_trump_cards(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, load_now=True)
    qtbot.addWidget(window)
    page = window.settings_page
    assert [page.target.itemData(i) for i in range(page.target.count())] == \
        list(STANDARD_TARGETS)
    assert [page.first_card.itemData(i) for i in range(page.first_card.count())] == \
        [str(card) for card in FIRST_TRUMP_CARDS]
    assert [page.deck.itemData(i) for i in range(page.deck.count())] == list(DECKS)
    page.pique.setChecked(True)  # the usual target follows pique double
    assert window.rules.target == Rules(pique_double=True).target


@given(st.sampled_from(COACH_LEVELS))
def test_a_saved_coach_level_comes_back(level):
    from tutor.table.controller import Options

    assert Options.from_json(Options(coach=level).to_json()).coach == level
    assert Options.from_json({"coach": "loud"}).coach == DEFAULT_COACH
