"""What the notation (``engine.notation``) checks of an event of Chibre seen on its own: the
teams, the start's options, a deal's cut and hands, a trick's cards, the announcements shown."""

from __future__ import annotations

from engine.cards import ALL_CARDS
from engine.chibre.events import Dealt, GameOver, GameStarted, MatchScored, TrickWon, WeisScored
from engine.chibre.game import check_deal, check_start


def check_chibre_event(event: object) -> None:
    """``ValueError`` naming the field at fault if ``event``, an event of Chibre, could not happen
    in any game, seen on its own (its seats are checked by ``engine.notation``)."""
    if isinstance(event, GameOver | MatchScored):
        team = event.winner if isinstance(event, GameOver) else event.team
        if team not in range(2):
            raise ValueError(f"a team is 0 or 1, not {team!r}")
    if isinstance(event, GameStarted):
        check_start(event)
    elif isinstance(event, Dealt):
        if event.round < 0:
            raise ValueError(f"field 'round': a round is 0 or more, not {event.round}")
        if event.cut != 0 and not 2 <= event.cut <= len(ALL_CARDS) - 2:
            raise ValueError(f"field 'cut': 0 or 2-{len(ALL_CARDS) - 2}, not {event.cut}")
        try:
            check_deal(event.hands)
        except ValueError as error:
            raise ValueError(f"field 'hands': {error}") from None
    elif isinstance(event, TrickWon):
        if event.number not in range(1, 10):
            raise ValueError(f"field 'number': a trick is 1-9, not {event.number}")
        if len(set(event.cards)) != 4:
            raise ValueError("field 'cards': a trick is 4 different cards")
    elif isinstance(event, WeisScored):
        for seat, _weis in event.shown:
            if seat not in range(4):
                raise ValueError(f"field 'shown': a seat is 0-3, not {seat!r}")


__all__ = ["check_chibre_event"]
