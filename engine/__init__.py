"""The Chibre rules engine: pure standard-library Python (RULES.md, DESIGN.md)."""

from engine.cardset import CardSet
from engine.cards import CHIBRE, Card, Chibre, InvalidCardError, Rank, Suit, Trump
from engine.rules import Rules, RulesError

__all__ = [
    "CHIBRE",
    "Card",
    "CardSet",
    "Chibre",
    "InvalidCardError",
    "Rank",
    "Rules",
    "RulesError",
    "Suit",
    "Trump",
]
