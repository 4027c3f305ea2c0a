"""Every key of the app, written once (no Qt): the pages bind these, Help lists them.

A key is a ``QKeySequence`` string in its portable form ("Ctrl+Return"); the Keys page shows
it in the platform's words. ``KEYS`` groups them by where they work, each with what it does
(marked for translation, translated when shown). ``SHORTCUTS`` are those bound as shortcuts
(a test checks that the app binds exactly these); the others are handled by the widget that
has the focus (arrows in a hand, Enter on a card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.i18n import N_

# --- everywhere
PAGE_KEYS: Final = ("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+5", "Ctrl+6")
KEYS_HELP: Final = "F1"
QUIT: Final = "Ctrl+Q"
# --- lessons
NEXT_STEP: Final = "Alt+Right"
PREVIOUS_STEP: Final = "Alt+Left"
NEXT_TRICK: Final = "Ctrl+Right"  # a round told trick by trick
PREVIOUS_TRICK: Final = "Ctrl+Left"
# --- exercises and puzzles
CHECK: Final = "Ctrl+Return"
EXERCISE_HINT: Final = "Ctrl+H"
NEXT_PUZZLE: Final = "Ctrl+N"
# --- the table: keys that read it, and keys of the buttons that come and go
TABLE_TRUMP: Final = "A"
TABLE_CARDS: Final = "C"
TABLE_LED_SUIT: Final = "F"
TABLE_SCORES: Final = "S"
TABLE_TURN: Final = "T"
TABLE_LAST_TRICK: Final = "L"
TABLE_HINT: Final = "H"
# --- a game of Pomme (R-POMME): 003's keys; H takes the aside there, so the hint is Ctrl+H
# (as in an exercise), which also works in a game of Chibre
TABLE_ASIDE: Final = "H"
TABLE_SIX: Final = "G"
TABLE_POMME_HINT: Final = "Ctrl+H"
TABLE_BUTTONS: Final = {"announce": "W", "withhold": "Q", "play_anyway": "P",
                        "take_back": "Esc", "next_round": "N", "review": "R", "retry": "Y"}


@dataclass(frozen=True)
class Key:
    """One line of the list of keys: the keys (portable form) and what they do (English,
    marked for translation)."""

    keys: str
    does: str
    shortcut: bool = True  # bound as a shortcut (False: the focused widget handles it)


#: The groups of keys, in the order Help lists them: (heading, keys).
KEYS: Final[tuple[tuple[str, tuple[Key, ...]], ...]] = (
    (N_("Everywhere"), (
        Key(PAGE_KEYS[0], N_("Progress page")),
        Key(PAGE_KEYS[1], N_("Learn page")),
        Key(PAGE_KEYS[2], N_("Puzzles page")),
        Key(PAGE_KEYS[3], N_("Play page")),
        Key(PAGE_KEYS[4], N_("Rules page")),
        Key(PAGE_KEYS[5], N_("Settings page")),
        Key(KEYS_HELP, N_("This list of keys")),
        Key(QUIT, N_("Quit")),
        Key("Tab", N_("The next control (Shift+Tab: the one before)"), shortcut=False),
        Key("Up", N_("In the list of pages or of lessons: the one above (Down: below); Enter "
                     "opens it"), shortcut=False),
    )),
    (N_("Lessons"), (
        Key(NEXT_STEP, N_("Next step")),
        Key(PREVIOUS_STEP, N_("Previous step")),
        Key(NEXT_TRICK, N_("A round told trick by trick: the next trick")),
        Key(PREVIOUS_TRICK, N_("A round told trick by trick: the previous trick")),
    )),
    (N_("Exercises and puzzles"), (
        Key("Right", N_("The next card (Left: the one before; Home, End: the first, the "
                        "last)"), shortcut=False),
        Key("Return", N_("Choose the card, or select it when several are asked for (Space "
                         "too)"), shortcut=False),
        Key(CHECK, N_("Check the answer")),
        Key(EXERCISE_HINT, N_("Show the hint")),
        Key(NEXT_PUZZLE, N_("Next puzzle")),
    )),
    (N_("Playing a game"), (
        Key("Right", N_("The next card of your hand (Left: the one before)"), shortcut=False),
        Key("Down", N_("The first card of the next suit in your hand (Up: the suit before)"),
            shortcut=False),
        Key("Return", N_("Play the card"), shortcut=False),
        Key(TABLE_CARDS, N_("Read the cards on the table: who played each, which is winning")),
        Key(TABLE_LED_SUIT, N_("Read the suit led")),
        Key(TABLE_TRUMP, N_("Read the trump and who chose it; when you choose trump, go to "
                            "the trump buttons")),
        Key(TABLE_SCORES, N_("Read the scores")),
        Key(TABLE_TURN, N_("Read whose turn it is")),
        Key(TABLE_LAST_TRICK, N_("Read the last trick")),
        Key(TABLE_HINT, N_("The coach's hint, with its reason (in a game of Pomme: take the "
                           "aside)")),
        Key(TABLE_POMME_HINT, N_("The coach's hint, with its reason (in every game)")),
        Key(TABLE_BUTTONS["announce"], N_("Announce your announcement (weis)")),
        Key(TABLE_BUTTONS["withhold"], N_("Keep your announcement quiet")),
        Key(TABLE_BUTTONS["play_anyway"], N_("Play the card anyway, after a warning")),
        Key(TABLE_BUTTONS["take_back"], N_("Take the card back after a warning; back to the "
                                           "table from the review or the statistics")),
        Key(TABLE_BUTTONS["next_round"], N_("Next round")),
        Key(TABLE_BUTTONS["review"], N_("Review the round")),
        Key(TABLE_BUTTONS["retry"], N_("Try again after a failure")),
    )),
    (N_("Playing Pomme (3 or 5 players)"), (
        Key(TABLE_ASIDE, N_("Take the aside instead of your hand (3 players, before your first "
                            "card)")),
        Key(TABLE_SIX, N_("Exchange the 6 of trump for the shown card")),
        Key(TABLE_POMME_HINT, N_("The coach's hint, with its reason")),
        Key(TABLE_SCORES, N_("Read every player's score, apples and Putz points")),
    )),
)


def shortcuts() -> frozenset[str]:
    """Every key bound as a shortcut somewhere in the app."""
    return frozenset(key.keys for _heading, keys in KEYS for key in keys if key.shortcut)


__all__ = [
    "CHECK",
    "EXERCISE_HINT",
    "KEYS",
    "KEYS_HELP",
    "NEXT_PUZZLE",
    "NEXT_STEP",
    "NEXT_TRICK",
    "PAGE_KEYS",
    "PREVIOUS_STEP",
    "PREVIOUS_TRICK",
    "QUIT",
    "TABLE_ASIDE",
    "TABLE_BUTTONS",
    "TABLE_CARDS",
    "TABLE_HINT",
    "TABLE_LAST_TRICK",
    "TABLE_LED_SUIT",
    "TABLE_POMME_HINT",
    "TABLE_SCORES",
    "TABLE_SIX",
    "TABLE_TRUMP",
    "TABLE_TURN",
    "Key",
    "shortcuts",
]
