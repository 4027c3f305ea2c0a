"""What happens in a game, as a list of immutable events (STYLE.md 6): the index of every
game's events.

The list is the whole truth, hands included: it is what a saved game stores and what replay
rebuilds from. A seat's partial knowledge is ``Game.view``. Events that record a player's
decision are *actions*; the others follow from them. Each game declares its own events in its
folder (``engine.chibre.events``, ``engine.pomme.events``); a card played is the one they share
(``engine.event_base``). ``Event`` is an event of any game.
"""

from __future__ import annotations

from engine.chibre.events import (
    ACTION_EVENTS,
    Chibred,
    ChibreEvent,
    Dealt,
    GameOver,
    GameStarted,
    MatchScored,
    RoundScored,
    StoeckScored,
    TrickWon,
    TrumpChosen,
    WeisDeclared,
    WeisScored,
    WeisWithheld,
)
from engine.event_base import CardPlayed
from engine.pomme.events import (
    POMME_ACTION_EVENTS,
    POMME_EVENT_TYPES,
    AsideTaken,
    BlindChosen,
    BlindsDealt,
    CardGivenUp,
    PommeDealt,
    PommeEvent,
    PommeGameOver,
    PommeRoundScored,
    PommeStarted,
    PommeTrickWon,
    SixExchanged,
)

Event = ChibreEvent | PommeEvent

__all__ = ["ACTION_EVENTS", "POMME_ACTION_EVENTS", "POMME_EVENT_TYPES", "AsideTaken",
           "BlindChosen", "BlindsDealt", "CardGivenUp", "CardPlayed", "ChibreEvent", "Chibred",
           "Dealt", "Event", "GameOver", "GameStarted", "MatchScored", "PommeDealt", "PommeEvent",
           "PommeGameOver", "PommeRoundScored", "PommeStarted", "PommeTrickWon", "RoundScored",
           "SixExchanged", "StoeckScored", "TrickWon", "TrumpChosen", "WeisDeclared", "WeisScored",
           "WeisWithheld"]
