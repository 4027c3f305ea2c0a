"""The coach and the discard signal: ``advise`` names the partner's signal when its lead follows
from it under the convention in force (and never without a convention), and the coach's words
name the card, the convention and what it says, in the deck in force."""

from __future__ import annotations

import re

import pytest

from engine import Card, Conventions, Signal
from engine.chibre.bots import Budget
from engine.chibre.coach import Assessment, advise, assess, signal_followed
from engine.chibre.game import GameView
from tests.test_conventions import AFTER_SIGNAL, ASKED, REFUSED, game_of
from tests.test_deck_words import forbidden
from tutor.i18n import set_language
from tutor.names import card_name, set_deck, suit_name
from tutor.table.coach_text import hint_text, review_text, signal_text, warning_text

ASK = Conventions(Signal.ASK)
REFUSE = Conventions(Signal.REFUSE)
BUDGET = Budget(worlds=16, pool=1)


def asked_view() -> GameView:
    """Seat 0 to lead; its partner discarded the six of clubs, holding the ace."""
    return game_of(ASKED, AFTER_SIGNAL).view(0)


def refused_view() -> GameView:
    """Seat 0 to lead; its partner discarded the seven of clubs, the ace being out."""
    return game_of(REFUSED, "HA H6 C7 HT").view(0)


@pytest.fixture(autouse=True)
def english_french_deck():
    set_language("en")
    set_deck("french")
    yield
    set_language("en")
    set_deck("french")


def test_the_coach_leads_to_the_partners_ask_and_names_it():
    view = asked_view()
    found = assess(view, BUDGET, seed=0, conventions=ASK)
    advice = advise(view, found, conventions=ASK)
    assert advice.action == Card.parse("C7")
    assert advice.signal is not None and advice.signal.card == Card.parse("C6")
    assert hint_text(advice).startswith(
        "Hint: seven of clubs. Your partner discarded the six of clubs: by our convention (low "
        "card asks) that says they hold the best card of clubs still out, so lead clubs to "
        "them.")
    plain = advise(view, assess(view, BUDGET, seed=0))
    assert plain.signal is None and "convention" not in hint_text(plain)


def test_a_lead_against_the_ask_or_without_a_convention_names_no_signal():
    view = asked_view()
    seven, six = Card.parse("C7"), Card.parse("H6")
    assert signal_followed(view, ASK, seven, six) is not None
    assert signal_followed(view, ASK, six, seven) is None
    assert signal_followed(view, Conventions(), seven, six) is None


def test_not_leading_the_refused_suit_is_named_only_against_a_lead_of_it():
    view = refused_view()
    diamond, club, heart = Card.parse("D7"), Card.parse("C6"), Card.parse("H8")
    reading = signal_followed(view, REFUSE, diamond, club)
    assert reading is not None and reading.card == Card.parse("C7") and not reading.holds
    assert signal_followed(view, REFUSE, diamond, heart) is None
    assert signal_followed(view, REFUSE, club, diamond) is None
    found = [Assessment(diamond, 50.0, ()), Assessment(club, 40.0, ())]
    advice = advise(view, found, club, conventions=REFUSE)
    assert advice.signal == reading
    text = warning_text(advice)
    assert ("Your partner discarded the seven of clubs: by our convention (discard refuses) "
            "that says they do not hold the best card of clubs still out, so better not lead "
            "clubs to them.") in text
    assert signal_text(advice) in " ".join(review_text(advice))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("deck", ["french", "german"])
def test_the_signal_is_said_in_the_deck_in_force(lang, deck):
    words = forbidden(lang, deck)
    set_language(lang)
    set_deck(deck)
    view = refused_view()
    found = [Assessment(Card.parse("D7"), 50.0, ()), Assessment(Card.parse("C6"), 40.0, ())]
    text = signal_text(advise(view, found, conventions=REFUSE))
    assert card_name(Card.parse("C7")) in text and suit_name(Card.parse("C7").suit) in text
    said = set(re.findall(r"\w+", text.lower()))
    assert not said & words, (text, said & words)
