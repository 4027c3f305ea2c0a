"""What the notation (``engine.notation``) checks of an event of Pomme seen on its own: the
start, a deal's hands (2, 3 or 5) and dealer, the blinds of two players, a trick's cards, the
scores and the winners."""

from __future__ import annotations

from engine.pomme.events import (
    BlindsDealt,
    PommeDealt,
    PommeGameOver,
    PommeRoundScored,
    PommeStarted,
    PommeTrickWon,
)
from engine.pomme.game import (
    BLIND_SIZE,
    HAND_SIZE,
    PommeDeal,
    check_pomme_deal,
    check_pomme_start,
)


def check_pomme_event(event: object) -> None:
    """``ValueError`` naming the field at fault if ``event``, an event of Pomme, could not happen
    in any game, seen on its own (its seats are checked by ``engine.notation``)."""
    if isinstance(event, PommeStarted):
        check_pomme_start(event)
    elif isinstance(event, PommeDealt):
        if event.round < 0:
            raise ValueError(f"field 'round': a round is 0 or more, not {event.round}")
        players = len(event.hands)
        if players not in HAND_SIZE:
            raise ValueError(f"field 'hands': Pomme deals 2, 3 or 5 hands, not {players}")
        if event.dealer >= players:
            raise ValueError(f"field 'dealer': a seat is 0-{players - 1}, not {event.dealer}")
        try:  # 2 players: the deal is whole with its ``BlindsDealt``, checked by the replay
            if players != 2:
                check_pomme_deal(players, PommeDeal(event.hands, event.aside, event.shown))
        except ValueError as error:
            raise ValueError(f"field 'hands': {error}") from None
    elif isinstance(event, BlindsDealt):
        sizes = [len(blind) for blind in event.blinds]
        if sizes != [BLIND_SIZE] * 2 or event.blinds[0] & event.blinds[1]:
            raise ValueError(f"field 'blinds': 2 blinds of {BLIND_SIZE} different cards, "
                             f"not {sizes}")
    elif isinstance(event, PommeTrickWon):
        if event.number not in range(1, 10):
            raise ValueError(f"field 'number': a trick is 1-9, not {event.number}")
        if len(event.cards) not in HAND_SIZE or len(set(event.cards)) != len(event.cards):
            raise ValueError("field 'cards': a trick of Pomme is 2, 3 or 5 different cards")
    elif isinstance(event, PommeRoundScored | PommeGameOver):
        if len(event.scores) not in HAND_SIZE:
            raise ValueError(f"field 'scores': 2, 3 or 5 scores, not {len(event.scores)}")
        seats = event.winners if isinstance(event, PommeGameOver) else ()
        for seat in seats:
            if seat not in range(len(event.scores)):
                raise ValueError(f"field 'winners': a seat is 0-{len(event.scores) - 1}, "
                                 f"not {seat!r}")


__all__ = ["check_pomme_event"]
