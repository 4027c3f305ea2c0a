"""The Chibre rules engine: pure standard-library Python (RULES.md, DESIGN.md).

>>> hand = CardSet.parse("HJ H6 SA S7")
>>> str(legal_cards(hand, [Card.parse("SK"), Card.parse("H9")], Trump.HEARTS))
'HJ S7 SA'
"""

from engine.announcements import (
    Criterion,
    Weis,
    WeisComparison,
    WeisKind,
    best_weis,
    compare_weis,
    find_weis,
    has_stoeck,
)
from engine.cards import CHIBRE, Card, Chibre, InvalidCardError, Rank, Suit, Trump
from engine.cardset import CardSet
from engine.game import Game, GameView, InvalidDealError, Phase, WeisChoice
from engine.notation import NotationError, dumps_events, loads_events
from engine.play import (
    IllegalPlayError,
    InvalidTrickError,
    Reason,
    illegal_reason,
    legal_cards,
    trick_winner,
)
from engine.rules import RULE_IDS, Rules, RulesError
from engine.scoring import card_points, rubicon, slate, trick_points

__all__ = [
    "CHIBRE",
    "RULE_IDS",
    "Card",
    "CardSet",
    "Chibre",
    "Criterion",
    "Game",
    "GameView",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidTrickError",
    "NotationError",
    "Phase",
    "Rank",
    "Reason",
    "Rules",
    "RulesError",
    "Suit",
    "Trump",
    "Weis",
    "WeisChoice",
    "WeisComparison",
    "WeisKind",
    "best_weis",
    "card_points",
    "compare_weis",
    "dumps_events",
    "find_weis",
    "has_stoeck",
    "illegal_reason",
    "legal_cards",
    "loads_events",
    "rubicon",
    "slate",
    "trick_points",
    "trick_winner",
]
