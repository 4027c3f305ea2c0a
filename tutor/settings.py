"""The learner's settings, read from the settings file's raw text through one typed reader
(no Qt: the window hands it the file's values as strings).

Every value is checked on its own: a value the app cannot use (not a whole number, not one of
the choices the Settings page offers, outside the card size slider's range) is reset alone to
its default, or clamped into range, and the reset is reported with its reason, so that the
window can say what was reset, write the values in force back and show them on the Settings
page. ``read_settings`` never raises, whatever the text.

>>> read = read_settings({"deck": "german", "card_height": "15000", "rules/target": "abc"})
>>> read.settings.deck, read.settings.card_height, read.settings.rules.target
('german', 200, 1000)
>>> [(reset.key, reset.reason, reset.text) for reset in read.resets]
[('card_height', 'too_large', '200'), ('rules/target', 'not_a_number', '1000')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from engine import FIRST_TRUMP_CARDS, NO_CONVENTIONS, STANDARD_TARGETS, Conventions, Rules, Signal
from tutor.design import APPEARANCES, DEFAULT_APPEARANCE, Appearance, is_appearance
from tutor.i18n import N_, Language, _, is_language
from tutor.progress.overview import DEFAULT_GOAL, GOALS, Goal
from tutor.rule_options import convention_label, conventions_to_text, option_label, rules_to_text
from tutor.speech import DEFAULT_SPEECH, SPEECH_LEVELS
from tutor.vocab import DECKS, DEFAULT_DECK, Deck, is_deck

#: The card size slider's range on the Settings page and the size a new learner starts with.
CARD_HEIGHT_MIN: Final = 70
CARD_HEIGHT_MAX: Final = 200
DEFAULT_CARD_HEIGHT: Final = 110

#: The keys of the settings file (the table options under ``rules/``).
LANGUAGE_KEY: Final = "language"
DECK_KEY: Final = "deck"
CARD_HEIGHT_KEY: Final = "card_height"
GOAL_KEY: Final = "daily_goal"
SPEECH_KEY: Final = "table_speech"
APPEARANCE_KEY: Final = "appearance"
MOTION_KEY: Final = "reduce_motion"
#: The values of ``MOTION_KEY`` (a check box on the Settings page).
MOTION_CHOICES: Final = ("false", "true")
RULES_PREFIX: Final = "rules/"
#: The table options kept in the settings file, in the engine's order (not the profile).
RULE_KEYS: Final[tuple[str, ...]] = tuple(rules_to_text(Rules()))
#: The table conventions (``engine.Conventions``), under ``conventions/``: Chibre only.
CONVENTIONS_PREFIX: Final = "conventions/"
CONVENTION_KEYS: Final[tuple[str, ...]] = tuple(conventions_to_text(NO_CONVENTIONS))
#: The discard signals a learner may choose (their codes, as the file keeps them).
SIGNALS: Final[tuple[str, ...]] = tuple(signal.value for signal in Signal)

#: Why a value was reset: not a whole number, not one of the choices, or clamped into range.
Reason = Literal["not_a_number", "not_a_choice", "too_small", "too_large"]

#: A raw value is shown in a notice up to this many characters (a file may hold megabytes).
SHOWN_CHARACTERS: Final = 24
#: Whole numbers longer than this are not converted (Python refuses over 4300 digits): they
#: are beyond every range the app has.
MAX_DIGITS: Final = 18

_WHOLE: Final = re.compile(r"[+-]?[0-9]+")

_LABELS: Final[dict[str, str]] = {
    LANGUAGE_KEY: N_("Language"),
    DECK_KEY: N_("Deck"),
    CARD_HEIGHT_KEY: N_("Card size"),
    GOAL_KEY: N_("Daily goal"),
    SPEECH_KEY: N_("Screen reader at the table"),
    APPEARANCE_KEY: N_("Appearance"),
    MOTION_KEY: N_("Reduce motion"),
}


@dataclass(frozen=True)
class Settings:
    """The values in force. ``language`` is ``None`` when none was chosen (the system's is
    used, when the app has it)."""

    language: Language | None = None
    deck: Deck = DEFAULT_DECK
    card_height: int = DEFAULT_CARD_HEIGHT
    goal: Goal = DEFAULT_GOAL
    speech: str = DEFAULT_SPEECH
    appearance: Appearance = DEFAULT_APPEARANCE
    reduce_motion: bool = False
    rules: Rules = field(default_factory=Rules)
    conventions: Conventions = NO_CONVENTIONS


@dataclass(frozen=True)
class Reset:
    """One value of the file that was not used: its key, the raw ``value`` read, why, and the
    ``text`` to write back in its place (``None``: remove the key, the default follows)."""

    key: str
    value: str
    reason: Reason
    text: str | None

    def label(self) -> str:
        """The setting's name as the Settings page shows it, in the current language."""
        if self.key.startswith(RULES_PREFIX):
            return option_label(self.key.removeprefix(RULES_PREFIX))
        if self.key.startswith(CONVENTIONS_PREFIX):
            return convention_label(self.key.removeprefix(CONVENTIONS_PREFIX))
        return _(_LABELS[self.key])

    def explanation(self) -> str:
        """Why, in the current language: ``Card size (“abc” is not a whole number)``."""
        shown = shorten(self.value)
        reasons: dict[Reason, str] = {
            "not_a_number": _("“{value}” is not a whole number"),
            "not_a_choice": _("“{value}” is not one of the choices"),
            "too_small": _("“{value}” is below the smallest size"),
            "too_large": _("“{value}” is above the largest size"),
        }
        return _("{setting} ({reason})").format(
            setting=self.label(), reason=reasons[self.reason].format(value=shown))


@dataclass(frozen=True)
class ReadSettings:
    """What ``read_settings`` found: the values in force and what was reset, in file order."""

    settings: Settings
    resets: tuple[Reset, ...] = ()

    def corrections(self) -> dict[str, str | None]:
        """What to write back for the values reset: key -> text, or ``None`` to remove it."""
        return {reset.key: reset.text for reset in self.resets}

    def notice(self) -> str | None:
        """One notice naming every setting reset and why, or ``None`` when none was."""
        if not self.resets:
            return None
        return _("Some settings could not be used and were reset: {resets}. The Settings page "
                 "shows the values in force.").format(
            resets="; ".join(reset.explanation() for reset in self.resets))


def shorten(value: str) -> str:
    """A raw value as a notice shows it: on one line, cut to ``SHOWN_CHARACTERS``."""
    flat = " ".join(value.split())
    return flat if len(flat) <= SHOWN_CHARACTERS else flat[:SHOWN_CHARACTERS - 1] + "…"


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (``" 120 "``, ``"+5"``), else ``None``; one of more than
    ``MAX_DIGITS`` digits is read as just beyond that many, never converted."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        return None
    digits = stripped.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        huge = 10 ** MAX_DIGITS
        return -huge if stripped.startswith("-") else huge
    return -int(digits) if stripped.startswith("-") else int(digits)


class _Reader:
    def __init__(self, raw: Mapping[str, str]) -> None:
        self.raw = raw
        self.resets: list[Reset] = []

    def text(self, key: str) -> str | None:
        value = self.raw.get(key)
        return None if value is None else str(value)

    def reset(self, key: str, value: str, reason: Reason, text: str | None) -> None:
        self.resets.append(Reset(key, value, reason, text))

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.text(key)
        if value is None:
            return default
        if value.strip() in choices:
            return value.strip()
        self.reset(key, value, "not_a_choice", default)
        return default

    def language(self) -> Language | None:
        value = self.text(LANGUAGE_KEY)
        if value is None or value == "":
            return None
        code = value.strip().lower()
        if is_language(code):
            return code
        self.reset(LANGUAGE_KEY, value, "not_a_choice", None)
        return None

    def deck(self) -> Deck:
        deck = self.choice(DECK_KEY, DECKS, DEFAULT_DECK)
        return deck if is_deck(deck) else DEFAULT_DECK

    def card_height(self) -> int:
        value = self.text(CARD_HEIGHT_KEY)
        if value is None:
            return DEFAULT_CARD_HEIGHT
        number = whole_number(value)
        if number is None:
            self.reset(CARD_HEIGHT_KEY, value, "not_a_number", str(DEFAULT_CARD_HEIGHT))
            return DEFAULT_CARD_HEIGHT
        if number < CARD_HEIGHT_MIN:
            self.reset(CARD_HEIGHT_KEY, value, "too_small", str(CARD_HEIGHT_MIN))
            return CARD_HEIGHT_MIN
        if number > CARD_HEIGHT_MAX:
            self.reset(CARD_HEIGHT_KEY, value, "too_large", str(CARD_HEIGHT_MAX))
            return CARD_HEIGHT_MAX
        return number

    def goal(self) -> Goal:
        key = self.choice(GOAL_KEY, tuple(goal.key for goal in GOALS), DEFAULT_GOAL.key)
        return next((goal for goal in GOALS if goal.key == key), DEFAULT_GOAL)

    def appearance(self) -> Appearance:
        value = self.choice(APPEARANCE_KEY, APPEARANCES, DEFAULT_APPEARANCE)
        return value if is_appearance(value) else DEFAULT_APPEARANCE

    def rules(self) -> Rules:
        """Each table option on its own: a bad one takes its default, the others stay."""
        defaults = rules_to_text(Rules())
        values: dict[str, object] = {}
        for name in RULE_KEYS:
            key = RULES_PREFIX + name
            value = self.text(key)
            if value is None or name == "target":
                continue
            if defaults[name] in ("true", "false"):
                flag = value.strip().lower()
                if flag in ("true", "false"):
                    values[name] = flag == "true"
                    continue
                self.reset(key, value, "not_a_choice", defaults[name])
            elif name == "first_trump_card":
                cards = tuple(str(card) for card in FIRST_TRUMP_CARDS)
                code = value.strip().upper()
                if code in cards:
                    values[name] = code
                    continue
                self.reset(key, value, "not_a_choice", defaults[name])
            else:  # an option the engine adds later, as text: the engine says if it is good
                try:
                    values[name] = Rules.from_options({name: value}).options()[name]
                except ValueError:
                    self.reset(key, value, "not_a_choice", defaults[name])
        # The target last: its default follows pique double (R-TARGET); the Settings page
        # offers the standard targets only, so another one would be played unseen.
        pique = values.get("pique_double") is True
        default_target = Rules(pique_double=pique).target
        key = RULES_PREFIX + "target"
        value = self.text(key)
        if value is not None:
            number = whole_number(value)
            if number is None:
                self.reset(key, value, "not_a_number", str(default_target))
            elif number not in STANDARD_TARGETS:
                self.reset(key, value, "not_a_choice", str(default_target))
            else:
                values["target"] = number
        try:
            return Rules.from_options(values)
        except ValueError:  # options that each are good but not together: none today
            for name in values:
                self.reset(RULES_PREFIX + name, str(self.raw.get(RULES_PREFIX + name)),
                           "not_a_choice", defaults.get(name))
            return Rules()


    def conventions(self) -> Conventions:
        """The discard signal: one of ``SIGNALS`` (any case, spaces around), else none."""
        key = CONVENTIONS_PREFIX + "discard"
        value = self.text(key)
        if value is None:
            return NO_CONVENTIONS
        code = value.strip().lower()
        if code in SIGNALS:
            return Conventions(Signal(code))
        self.reset(key, value, "not_a_choice", Signal.NONE.value)
        return NO_CONVENTIONS


def read_settings(raw: Mapping[str, str]) -> ReadSettings:
    """The settings in the file's raw text ``raw`` (key -> text, the table options under
    ``rules/``; a key left out takes its default), each checked on its own. Never raises."""
    reader = _Reader(raw)
    settings = Settings(language=reader.language(), deck=reader.deck(),
                        card_height=reader.card_height(), goal=reader.goal(),
                        speech=reader.choice(SPEECH_KEY, SPEECH_LEVELS, DEFAULT_SPEECH),
                        appearance=reader.appearance(),
                        reduce_motion=reader.choice(MOTION_KEY, MOTION_CHOICES,
                                                    "false") == "true",
                        rules=reader.rules(), conventions=reader.conventions())
    return ReadSettings(settings, tuple(reader.resets))


def settings_keys() -> tuple[str, ...]:
    """Every key the reader reads, in its order."""
    return (LANGUAGE_KEY, DECK_KEY, CARD_HEIGHT_KEY, GOAL_KEY, SPEECH_KEY, APPEARANCE_KEY,
            MOTION_KEY,
            *(RULES_PREFIX + name for name in RULE_KEYS),
            *(CONVENTIONS_PREFIX + name for name in CONVENTION_KEYS))


__all__ = [
    "APPEARANCE_KEY",
    "CARD_HEIGHT_KEY",
    "CARD_HEIGHT_MAX",
    "CARD_HEIGHT_MIN",
    "CONVENTIONS_PREFIX",
    "CONVENTION_KEYS",
    "DECK_KEY",
    "DEFAULT_CARD_HEIGHT",
    "GOAL_KEY",
    "LANGUAGE_KEY",
    "MOTION_CHOICES",
    "MOTION_KEY",
    "RULES_PREFIX",
    "RULE_KEYS",
    "SIGNALS",
    "SPEECH_KEY",
    "ReadSettings",
    "Reason",
    "Reset",
    "Settings",
    "read_settings",
    "settings_keys",
    "shorten",
    "whole_number",
]
