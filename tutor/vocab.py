"""The app's fixed choices, each written once and typed (no Qt, no engine: the command line
reads them before anything else is loaded).

Every set of names that the command line, the settings file, the saved games and the pages
share is a ``Literal`` type here with the tuple of its values, in the order the app shows them;
a value read from outside (a setting, a saved game, a box's data) is checked with the ``is_…``
guard beside it. Their words are elsewhere: seats and cards in :mod:`tutor.names`, bot and
coach levels in :mod:`tutor.table.words`. The languages live in :mod:`tutor.i18n`
(``Language``, ``LANGUAGES``, ``LANGUAGE_NAMES``); the targets and first-trump cards the
Settings page offers are the engine's (``engine.rules.STANDARD_TARGETS``,
``FIRST_TRUMP_CARDS``).

>>> NAVIGATION
('progress', 'learn', 'puzzles', 'play', 'rules', 'settings')
>>> is_player("learner"), is_player("expert"), is_player("robot")
(True, True, False)
"""

from __future__ import annotations

from typing import Final, Literal, TypeGuard, get_args

# --- decks ------------------------------------------------------------------------------------

#: The two decks cards are drawn and named in: French-suited (hearts, diamonds, clubs, spades;
#: the default, as in Romandy) and Swiss German-suited (roses, bells, acorns, shields).
Deck = Literal["french", "german"]
DECKS: Final[tuple[Deck, ...]] = get_args(Deck)
DEFAULT_DECK: Final[Deck] = "french"

# --- seats and the learner ------------------------------------------------------------------

#: The learner's seat: at the bottom of the table, seen from which the seats go round to the
#: right (1 on the right, 2 the partner opposite, 3 on the left; ``tutor.names.seat_name``).
LEARNER_SEAT: Final = 0
#: The learner's team (seats 0 and 2): "Your team"; team 1 is the opponents.
LEARNER_TEAM: Final = LEARNER_SEAT % 2

#: A bot's level, as ``engine.chibre.bots.make_bot`` names it (a test holds the two equal).
BotLevel = Literal["random", "heuristic", "expert"]
BOT_LEVELS: Final[tuple[BotLevel, ...]] = get_args(BotLevel)
Learner = Literal["learner"]
#: The learner among a game's four players (saved games, ``tutor.table``), and the learner's
#: own row among the ratings (``tutor.progress.record``).
LEARNER: Final[Learner] = "learner"
#: Who sits at a seat: the learner or a bot of some level.
Player = Literal[Learner, BotLevel]
PLAYERS: Final[tuple[Player, ...]] = get_args(Player)
#: The bots' level unless the learner picks another (the club player).
DEFAULT_BOT: Final[BotLevel] = "heuristic"

#: How much the coach says at the table: nothing, a hint when asked, or a warning before a
#: card it finds a mistake.
CoachLevel = Literal["off", "request", "active"]
COACH_LEVELS: Final[tuple[CoachLevel, ...]] = get_args(CoachLevel)
DEFAULT_COACH: Final[CoachLevel] = "request"

# --- the games the Play page offers ------------------------------------------------------------

#: Chibre for four (two teams), and Pomme (Putz, R-POMME) for three or for five, each for
#: themselves; the Play page's choice before a new game.
Variant = Literal["chibre", "pomme2", "pomme3", "pomme5"]
VARIANTS: Final[tuple[Variant, ...]] = get_args(Variant)
DEFAULT_VARIANT: Final[Variant] = "chibre"
#: How many players each variant seats.
VARIANT_PLAYERS: Final[dict[Variant, int]] = {"chibre": 4, "pomme2": 2, "pomme3": 3,
                                              "pomme5": 5}

# --- pages ----------------------------------------------------------------------------------

#: The main window's pages, in the order of its stack.
Page = Literal["progress", "learn", "puzzles", "play", "rules", "settings", "home", "keys"]
PAGES: Final[tuple[Page, ...]] = get_args(Page)
#: The pages listed on the left (Ctrl+1 … Ctrl+6) and offered by ``--page``; the others
#: (About, Keys) are in the Help menu.
NAVIGATION: Final[tuple[Page, ...]] = PAGES[:6]


def is_deck(value: object) -> TypeGuard[Deck]:
    return value in DECKS


def check_deck(deck: object) -> Deck:
    """``deck`` when it is one of ``DECKS``; else ``ValueError``, naming them."""
    if not is_deck(deck):
        raise ValueError(f"unknown deck {deck!r}: choose one of {', '.join(DECKS)}")
    return deck


def is_bot_level(value: object) -> TypeGuard[BotLevel]:
    return value in BOT_LEVELS


def is_player(value: object) -> TypeGuard[Player]:
    return value in PLAYERS


def is_coach_level(value: object) -> TypeGuard[CoachLevel]:
    return value in COACH_LEVELS


def is_variant(value: object) -> TypeGuard[Variant]:
    return value in VARIANTS


def game_of(variant: Variant) -> str:
    """The game (its ``engine.registry`` key) a variant is played in."""
    return "chibre" if variant == "chibre" else "pomme"


def variant_of(game: str, players: int) -> Variant:
    """The variant of ``game`` for ``players``."""
    return next(v for v in VARIANTS if game_of(v) == game and VARIANT_PLAYERS[v] == players)


def is_page(value: object) -> TypeGuard[Page]:
    return value in PAGES


__all__ = [
    "BOT_LEVELS", "COACH_LEVELS", "DECKS", "DEFAULT_BOT", "DEFAULT_COACH", "DEFAULT_DECK",
    "DEFAULT_VARIANT", "LEARNER", "LEARNER_SEAT", "LEARNER_TEAM", "NAVIGATION", "PAGES",
    "PLAYERS", "VARIANTS", "VARIANT_PLAYERS", "BotLevel", "CoachLevel", "Deck", "Learner", "Page",
    "Player", "Variant", "check_deck", "game_of", "is_bot_level", "is_coach_level", "is_deck",
    "is_page", "is_player", "is_variant", "variant_of",
]
