"""The event every game shares: a card played (``CardPlayed``). Each game's own events are in
its folder (``engine.chibre.events``, ``engine.pomme.events``); ``engine.events`` lists them
all."""

from __future__ import annotations

import dataclasses

from engine.cards import Card


@dataclasses.dataclass(frozen=True)
class CardPlayed:
    """Action: ``seat`` plays ``card``."""

    seat: int
    card: Card


__all__ = ["CardPlayed"]
