"""The random bot: a uniformly random legal action each time."""

from __future__ import annotations

import random

from engine.cards import Card, Chibre, Trump
from engine.chibre.game import GameView, WeisChoice


class RandomBot:
    """Uniformly random legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose_trump(self, view: GameView) -> Trump | Chibre:
        actions = [a for a in view.legal_actions if isinstance(a, Trump | Chibre)]
        return self.rng.choice(actions)

    def choose_weis(self, view: GameView) -> WeisChoice:
        return self.rng.choice((WeisChoice.ANNOUNCE, WeisChoice.WITHHOLD))

    def choose_card(self, view: GameView) -> Card:
        cards = [a for a in view.legal_actions if isinstance(a, Card)]
        return self.rng.choice(cards)


__all__ = ["RandomBot"]
