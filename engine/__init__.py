"""The Chibre rules engine, and Pomme for 2, 3 or 5 players (R-POMME, R-POMME-TWO,
``PommeGame``): pure standard-library Python (RULES.md, DESIGN.md).

This package's names are the engine's public API: the app (``tutor``) imports
from ``engine`` only, never from its modules (tests/test_engine_purity.py). The
rules, cards, games (Chibre and Pomme), events and scoring are imported with the package; the
search, the bots and the coach on first use of one of their names, so that a
program that only needs the rules does not load them (the app's start time).

>>> hand = CardSet.parse("HJ H6 SA S7")
>>> str(legal_cards(hand, [Card.parse("SK"), Card.parse("H9")], Trump.HEARTS))
'HJ S7 SA'
"""

import importlib
from typing import TYPE_CHECKING

from engine.cards import CHIBRE, Card, Chibre, InvalidCardError, Rank, Suit, Trump
from engine.cardset import CardSet
from engine.chibre.announcements import (
    STOECK_POINTS,
    Criterion,
    Weis,
    WeisComparison,
    WeisKind,
    best_weis,
    compare_weis,
    find_weis,
    has_stoeck,
)
from engine.chibre.conventions import NO_CONVENTIONS, Conventions, Discard, Reading, Signal
from engine.chibre.game import Action, Game, GameView, Phase, WeisChoice
from engine.chibre.scoring import MATCH_BONUS, multiplier, rubicon, slate
from engine.events import (
    AsideTaken,
    BlindChosen,
    CardGivenUp,
    CardPlayed,
    Chibred,
    Dealt,
    Event,
    GameOver,
    GameStarted,
    MatchScored,
    PommeDealt,
    PommeGameOver,
    PommeRoundScored,
    PommeStarted,
    PommeTrickWon,
    RoundScored,
    SixExchanged,
    StoeckScored,
    TrickWon,
    TrumpChosen,
    WeisDeclared,
    WeisScored,
    WeisWithheld,
)
from engine.notation import (
    NotationError,
    dumps_events,
    loads_any_game,
    loads_events,
    loads_game,
    loads_pomme_game,
)
from engine.play import (
    IllegalPlayError,
    InvalidTrickError,
    Reason,
    illegal_reason,
    legal_cards,
    trick_winner,
)
from engine.points import LAST_TRICK_BONUS, ROUND_POINTS, card_points, trick_points
from engine.pomme.game import (
    APPLE_BELOW,
    BLIND_SIZE,
    POMME_HAND_SIZE,
    POMME_LOSS,
    POMME_PLAYERS,
    POMME_WIN,
    PommeAction,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    PommeTrick,
    PommeView,
    pomme_marks,
    six_of_trump,
)
from engine.registry import (
    CHIBRE_GAME,
    GAMES,
    POMME_GAME,
    AnyGame,
    GameSpec,
    game_spec,
    spec_of,
)
from engine.replay import EventGame, InvalidDealError
from engine.rules import (
    FIRST_TRUMP_CARDS,
    MAX_TARGET,
    RULE_IDS,
    STANDARD_TARGETS,
    Rules,
    RulesError,
)
from engine.search import random_deal
from engine.tables import TRUMP_POWER

if TYPE_CHECKING:
    from engine.advice import difference_error
    from engine.chibre.bots import BOT_NAMES, Bot, Budget, decide, make_bot
    from engine.chibre.bots.base import TABLE_BUDGET
    from engine.chibre.bots.expert import WeighedDeals, trump_values, weighed_deals, world_values
    from engine.chibre.bots.position import Position
    from engine.chibre.bots.rollout import greedy_round
    from engine.chibre.bots.trump_model import best_trump
    from engine.chibre.coach import (
        CLOSE,
        COACH_BUDGET,
        MISTAKE_THRESHOLD,
        TABLE_COACH_BUDGET,
        Advice,
        Alike,
        Assessment,
        Difference,
        Tag,
        WeisAdvice,
        WeisReason,
        advise,
        assess,
        card_tags,
        weis_advice,
    )
    from engine.dds import Solver
    from engine.par import RoundPar
    from engine.pomme.bots import (
        POMME_BOT_NAMES,
        PommeBot,
        make_pomme_bot,
        play_pomme_game,
        play_pomme_round,
    )
    from engine.pomme.coach import (
        POMME_COACH_BUDGET,
        POMME_MISTAKE_THRESHOLD,
        PommeAdvice,
        PommeAlike,
        PommeAssessment,
        PommeDifference,
        PommeTag,
        pomme_action_tags,
        pomme_advise,
        pomme_assess,
    )
    from engine.pomme.expert import POMME_EXPERT_BUDGET, PommeBudget

#: The names loaded on first use, and the module of each.
_LAZY = {
    **dict.fromkeys(("BOT_NAMES", "Bot", "Budget", "decide", "make_bot"), "engine.chibre.bots"),
    "TABLE_BUDGET": "engine.chibre.bots.base",
    **dict.fromkeys(("WeighedDeals", "trump_values", "weighed_deals", "world_values"),
                    "engine.chibre.bots.expert"),
    "greedy_round": "engine.chibre.bots.rollout",
    "best_trump": "engine.chibre.bots.trump_model",
    "Position": "engine.chibre.bots.position",
    **dict.fromkeys(("CLOSE", "COACH_BUDGET", "MISTAKE_THRESHOLD", "TABLE_COACH_BUDGET",
                     "Advice", "Alike", "Assessment", "Difference", "Tag", "WeisAdvice",
                     "WeisReason",
                     "advise", "assess", "card_tags", "weis_advice"), "engine.chibre.coach"),
    "Solver": "engine.dds",
    "RoundPar": "engine.par",
    "difference_error": "engine.advice",
    **dict.fromkeys(("POMME_BOT_NAMES", "PommeBot", "make_pomme_bot", "play_pomme_game",
                     "play_pomme_round"), "engine.pomme.bots"),
    **dict.fromkeys(("POMME_EXPERT_BUDGET", "PommeBudget"), "engine.pomme.expert"),
    **dict.fromkeys(("POMME_COACH_BUDGET", "POMME_MISTAKE_THRESHOLD", "PommeAdvice",
                     "PommeAlike", "PommeAssessment", "PommeDifference", "PommeTag",
                     "pomme_action_tags", "pomme_advise", "pomme_assess"),
                    "engine.pomme.coach"),
}

if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any name of engine

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'engine' has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "APPLE_BELOW",
    "BLIND_SIZE",
    "BOT_NAMES",
    "CHIBRE",
    "CHIBRE_GAME",
    "CLOSE",
    "COACH_BUDGET",
    "FIRST_TRUMP_CARDS",
    "GAMES",
    "LAST_TRICK_BONUS",
    "MATCH_BONUS",
    "MAX_TARGET",
    "MISTAKE_THRESHOLD",
    "NO_CONVENTIONS",
    "POMME_BOT_NAMES",
    "POMME_COACH_BUDGET",
    "POMME_EXPERT_BUDGET",
    "POMME_GAME",
    "POMME_HAND_SIZE",
    "POMME_LOSS",
    "POMME_MISTAKE_THRESHOLD",
    "POMME_PLAYERS",
    "POMME_WIN",
    "ROUND_POINTS",
    "RULE_IDS",
    "STANDARD_TARGETS",
    "STOECK_POINTS",
    "TABLE_BUDGET",
    "TABLE_COACH_BUDGET",
    "TRUMP_POWER",
    "Action",
    "Advice",
    "Alike",
    "AnyGame",
    "AsideTaken",
    "Assessment",
    "BlindChosen",
    "Bot",
    "Budget",
    "Card",
    "CardGivenUp",
    "CardPlayed",
    "CardSet",
    "Chibre",
    "Chibred",
    "Conventions",
    "Criterion",
    "Dealt",
    "Difference",
    "Discard",
    "Event",
    "EventGame",
    "Game",
    "GameOver",
    "GameSpec",
    "GameStarted",
    "GameView",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidTrickError",
    "MatchScored",
    "NotationError",
    "Phase",
    "PommeAction",
    "PommeAdvice",
    "PommeAlike",
    "PommeAssessment",
    "PommeBot",
    "PommeBudget",
    "PommeChoice",
    "PommeDeal",
    "PommeDealt",
    "PommeDifference",
    "PommeGame",
    "PommeGameOver",
    "PommePhase",
    "PommeRoundScored",
    "PommeStarted",
    "PommeTag",
    "PommeTrick",
    "PommeTrickWon",
    "PommeView",
    "Position",
    "Rank",
    "Reading",
    "Reason",
    "RoundPar",
    "RoundScored",
    "Rules",
    "RulesError",
    "Signal",
    "SixExchanged",
    "Solver",
    "StoeckScored",
    "Suit",
    "Tag",
    "TrickWon",
    "Trump",
    "TrumpChosen",
    "WeighedDeals",
    "Weis",
    "WeisAdvice",
    "WeisChoice",
    "WeisComparison",
    "WeisDeclared",
    "WeisKind",
    "WeisReason",
    "WeisScored",
    "WeisWithheld",
    "advise",
    "assess",
    "best_trump",
    "best_weis",
    "card_points",
    "card_tags",
    "compare_weis",
    "decide",
    "difference_error",
    "dumps_events",
    "find_weis",
    "game_spec",
    "greedy_round",
    "has_stoeck",
    "illegal_reason",
    "legal_cards",
    "loads_any_game",
    "loads_events",
    "loads_game",
    "loads_pomme_game",
    "make_bot",
    "make_pomme_bot",
    "multiplier",
    "play_pomme_game",
    "play_pomme_round",
    "pomme_action_tags",
    "pomme_advise",
    "pomme_assess",
    "pomme_marks",
    "random_deal",
    "rubicon",
    "six_of_trump",
    "slate",
    "spec_of",
    "trick_points",
    "trick_winner",
    "trump_values",
    "weighed_deals",
    "weis_advice",
    "world_values",
]
