"""The table options in force, as rows of translated text, and as the settings file's text
(no Qt).

Each option of ``engine.Rules`` gets a label, its value in words and a one-line meaning; so
does each table convention of ``engine.Conventions`` (a partnership agreement the bots keep,
not a rule of play: Chibre only, Pomme has no partners), kept in the settings file under
``conventions/``.
An option the engine adds later still shows, under its field name, until it gets a label here,
and is saved by ``rules_to_text`` as it is (``tutor.settings`` reads it back, option by option).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine import Card, Conventions, Rules, Signal, Suit
from tutor.i18n import N_, _, format_number, ngettext, pgettext
from tutor.names import capitalized, card_name, suit_name, suit_symbol

# field name -> (label, meaning); translated where shown.
_OPTION_TEXTS: Final = {
    "profile": (N_("Rule profile"), N_("The family of rules the table plays by.")),
    "first_trump_card": (
        N_("First trump chosen by"),
        N_("In the first round, the player holding this card chooses trump."),
    ),
    "chibre_in_first_round": (
        N_("Chibre in the first round"),
        N_("The chooser may pass the choice of trump to the partner in the first round too."),
    ),
    "pique_double": (
        N_("{suit} count double"),
        N_("A round with {suit} as trump scores double; the target becomes 1500."),
    ),
    "long_sequences": (
        N_("Long sequences"),
        N_("Sequences of 6 to 9 cards are worth 150 to 300 instead of 100."),
    ),
    "target": (N_("Target"), N_("The first team to reach it wins the game.")),
    "finish_round": (
        N_("Play the round out"),
        N_("When a team reaches the target, the round is finished and the higher total wins."),
    ),
}


# convention field name -> (label, meaning); translated where shown.
_CONVENTION_TEXTS: Final = {
    "discard": (
        N_("Discard signal"),
        N_("What a player's first discard tells the partner. Your partner and the opponents "
           "keep it and read it; the coach names it."),
    ),
}

# the discard signals in words: (name, meaning); a name is lower case, to go inside a sentence
_SIGNAL_TEXTS: Final = {
    Signal.NONE: (N_("none"), N_("Discards mean nothing.")),
    Signal.ASK: (
        N_("low card asks"),
        N_("A first discard of a 6, 7, 8 or 9 says: I hold the best card of this suit still "
           "out. A higher card says nothing."),
    ),
    Signal.REFUSE: (
        N_("discard refuses"),
        N_("A first discard says: I do not hold the best card of this suit still out, do not "
           "lead it for me."),
    ),
}


def convention_label(name: str) -> str:
    """A convention's label, as on the Settings page, in the current language."""
    return _(_CONVENTION_TEXTS.get(name, (name, ""))[0])


def convention_meaning(name: str) -> str:
    meaning = _CONVENTION_TEXTS.get(name, (name, ""))[1]
    return _(meaning) if meaning else ""


def signal_name(signal: Signal) -> str:
    """A discard signal's name in words, lower case (``low card asks``): never its code."""
    return _(_SIGNAL_TEXTS[signal][0])


def signal_meaning(signal: Signal) -> str:
    """What a first discard says under ``signal``, in one or two sentences."""
    return _(_SIGNAL_TEXTS[signal][1])


def conventions_to_text(conventions: Conventions) -> dict[str, str]:
    """The conventions as the settings file keeps them: ``{"discard": "ask"}``;
    ``tutor.settings.read_settings`` reads them back."""
    return conventions.options()


@dataclass(frozen=True)
class OptionRow:
    """One option as shown: its field name, label, value and meaning."""

    name: str
    label: str
    value: str
    meaning: str


_table_rules = Rules()


def set_table_rules(rules: Rules) -> None:
    """The table options in force, as ``{option:…}`` references in lessons show them."""
    global _table_rules
    _table_rules = rules


def table_rules() -> Rules:
    return _table_rules


def _spades(text: str, *, label: bool = False) -> str:
    """Fill ``{suit}`` with the name of spades in the deck in force (pique double)."""
    name = suit_name(Suit.SPADES)
    text = text.format(suit=name)
    return capitalized(text) if label else text


#: The discard signal as a lesson's ``{option:discard_signal}`` names it (``tutor.refs``).
DISCARD_SIGNAL_OPTION: Final = "discard_signal"

_table_conventions = Conventions()


def set_table_conventions(conventions: Conventions) -> None:
    """The conventions in force, as ``{option:discard_signal}`` in lessons shows them."""
    global _table_conventions
    _table_conventions = conventions


def table_conventions() -> Conventions:
    return _table_conventions


def option_label(name: str) -> str:
    """An option's label, as on the Settings page, in the current language and deck."""
    if name == DISCARD_SIGNAL_OPTION:
        return convention_label("discard")
    label = _OPTION_TEXTS.get(name, (name, ""))[0]
    return _spades(_(label), label=True) if name == "pique_double" else _(label)


def option_meaning(name: str) -> str:
    meaning = _OPTION_TEXTS.get(name, (name, ""))[1]
    return _spades(_(meaning)) if meaning else ""


def option_value(name: str) -> str:
    """The value in force of the table option ``name``, in words."""
    if name == DISCARD_SIGNAL_OPTION:
        return signal_name(_table_conventions.discard)
    return format_value(name, _table_rules.options()[name])


def option_rows(rules: Rules) -> list[OptionRow]:
    """The options of ``rules`` in the engine's order, in the current language."""
    return [OptionRow(name, option_label(name), format_value(name, value), option_meaning(name))
            for name, value in rules.options().items()]


def format_value(name: str, value: object) -> str:
    """An option value in words: yes/no, points, a card with its suit symbol."""
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if name == "target" and isinstance(value, int):
        return ngettext("{points} point", "{points} points", value).format(
            points=format_number(value))
    if name == "first_trump_card" and isinstance(value, str):
        return _("Holder of {card}").format(card=card_label(value))
    if name == "profile" and value == "chibre":  # the game's name, not the profile's code
        return pgettext("game", "Chibre")
    return str(value)


def rules_to_text(rules: Rules) -> dict[str, str]:
    """The options of ``rules`` but the profile as the settings file keeps them: ``true`` or
    ``false``, ``1000``, ``D7``; ``tutor.settings.read_settings`` reads them back.

    >>> rules_to_text(Rules(target=2500, pique_double=True))["pique_double"]
    'true'
    """
    return {name: str(value).lower() if isinstance(value, bool) else str(value)
            for name, value in rules.options().items() if name != "profile"}



def card_label(code: str) -> str:
    """A card as people write it: ``"D7"`` -> ``"7♦"`` with the French deck, the card's name
    (``seven of bells``) with the Swiss German deck, which has no such symbols."""
    card = Card.parse(code)
    symbol = suit_symbol(card.suit)
    if symbol is None:
        return card_name(card)
    rank = code[1:]
    return ("10" if rank == "T" else rank) + symbol
